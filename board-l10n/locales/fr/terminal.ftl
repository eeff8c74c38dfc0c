# Les mots du terminal (play, demo, replay et le client en ligne), en
# français. Les coups, les grilles des plateaux et les numéros de coup sont
# de la notation.

term-commands = { $game } : tapez un coup ; ? ou aide liste les coups légaux par endroit, ? ENDROIT ceux d'un endroit ; annuler, rétablir, nulle (réclamer la nulle, quand les règles le permettent), abandonner, enregistrer FICHIER, plateau, quitter
term-goal-echec-o-cube = but : posez des pions sur les rainures pour fermer des cases ; annoncez une fermeture avec ! pour en marquer les points et rejouer ; le plus de points à la fin gagne, chaque pion resté en réserve coûte des points (EOC-14 à EOC-19)
term-goal-kybo = but : relier deux bords opposés, la rangée 1 à la rangée 8 ou la colonne A à la colonne H, par une chaîne de vos cubes qui se touchent par une face ; Blanc pose en premier (KY-8)
term-goal-chess3d = but : mettre le roi adverse échec et mat, sur l'un des trois niveaux ; Noir joue en premier (C3-13, C3-16)
term-bonus-turn = tour bonus : { $player } a fermé une case, l'a annoncée, et rejoue (EOC-16)
term-prompt = { $number } trait : { $player }
term-computer-plays = { $number } l'ordinateur joue { $move }
term-game-over-prompt = partie terminée : annuler, enregistrer FICHIER ou quitter ?
term-game-is-over = la partie est terminée : annuler, enregistrer FICHIER ou quitter
term-nothing-to-take-back = rien à annuler
term-taken-back = annulé : { $moves }
term-nothing-to-redo = rien à rejouer
term-played-again = rejoué : { $moves }
term-and-list = { $rest } et { $last }
term-record-saved = journal enregistré dans { $path }
term-cannot-save = impossible d'enregistrer dans { $path } : { $error }
# Ce qui ne va pas avec un fichier, au lieu des mots du système.
term-file-not-found = fichier introuvable : { $path }
term-file-no-folder = dossier introuvable pour { $path }
term-file-denied = accès refusé : { $path }
term-file-is-folder = { $path } est un dossier, pas un fichier
term-file-error = { $path } : { $error }
term-file-too-large = { $path } : plus de { $mib } Mio, le plus qu'un journal puisse faire
term-file-not-utf8 = { $path } : pas du texte UTF-8 (l'octet { $byte } est invalide)
term-draw-claimed = nulle réclamée : { $reason }
term-no-draw = aucune nulle ne peut être réclamée ici
term-draw-may-be-claimed = une nulle peut être réclamée ({ $reason }) : tapez nulle
term-resigned = { $loser } abandonne, { $winner } gagne
term-cannot-read = impossible de lire { $text } : { $error }
term-illegal = { $text } est illégal : { $error }
term-no-match = trait : { $player } ; { $text } n'est aucun des coups légaux de { $player } (? les liste)
term-no-match-first = { $player } joue en premier ; { $text } n'est aucun des coups légaux de { $player } (? les liste)
term-did-you-mean = vouliez-vous dire : { $moves } ?
term-did-you-mean-more = vouliez-vous dire : { $moves }, … ({ $count } coups) ?
term-record-kept = journal de cette partie enregistré dans { $path } (pour revoir la partie : { $command })
term-record-not-kept = journal (impossible de l'enregistrer : { $error })
term-no-legal-move-at = aucun coup légal en { $place }
term-legal-moves-at = { $count ->
        [one] { $count } coup légal
       *[other] { $count } coups légaux
    } en { $place } : { $moves }
term-legal-moves-by-place = { $count ->
        [one] { $count } coup légal
       *[other] { $count } coups légaux
    } en { $places } endroits :
term-type-place = tapez ? ENDROIT pour les coups d'un endroit
# Les mots des commandes que `play` lit, dans les deux langues quel que
# soit --lang : le premier de chacune est celui que montre la ligne d'aide.
term-words-quit = quitter sortir
term-words-board = plateau
term-words-undo = annuler
term-words-redo = rétablir retablir rejouer
term-words-draw = nulle
term-words-resign = abandonner
term-words-help = aide
term-words-save = enregistrer
# Les arguments des exemples.
term-arg-which-game = quel jeu ? l'un de { $games }
term-arg-unexpected-game = argument inattendu { $text } (jeux : { $games })
term-arg-unexpected = argument inattendu { $text }
term-arg-needs-value = { $flag } attend une valeur
term-arg-not-a-number = { $flag } { $text } : ce n'est pas un nombre
term-arg-not-positive = { $flag } { $text } : ce n'est pas un nombre positif
term-arg-unknown-game = jeu inconnu { $text } : l'un de { $games }
term-arg-not-a-language = --lang { $text } : ce n'est pas une langue : fr ou en
term-arg-not-milliseconds = { $flag } { $text } : ce n'est pas un nombre de millisecondes (0-{ $max })
term-arg-not-a-level = --level : { $text } n'est pas un niveau : easy, normal ou hard
term-arg-which-code = quel code de partie ? six lettres et chiffres, comme K7M2QX
term-arg-bad-value = { $flag } { $text } : ce n'est pas une valeur qu'il prend
term-arg-see-help = voir { $help }
# Les messages de replay.
term-replay-which-file = quel fichier de journal ?
term-replay-not-a-record = { $file } n'est pas un journal valable :
term-replay-as = comme journal de { $game } : { $error }
term-replay-of-game = { $file } : journal de { $game } : { $error }
# Un coup d'une partie montrée par demo et replay : son numéro, qui l'a joué, le coup.
term-move-label = { $number } { $player } : { $move }
term-demo-title = === { $game } (graine { $seed }) ===
term-agent-illegal = l'ordinateur a choisi un coup illégal { $move } : { $error }
term-stopped = arrêtée après { $count } coups
term-moves = { $count } coups :
term-record = journal
term-result = résultat
term-not-finished = partie non terminée
term-to-move = trait : { $player }
term-eoc-player = { $player } : { $points } points, il reste { $pale } pâles et { $dark } foncés
term-eoc-claimable = réclamable { $points }
term-eoc-final = décompte final { $player } { $count }
term-kybo-cubes = cubes { $player } { $placed } (reste { $left })
term-kybo-network = réseau KYBO : { $network }
term-c3-pieces = pièces Blanc { $white } Noir { $black }
term-c3-move = coup { $number }
term-c3-check = échec
legend-echec-o-cube = clé : --- | pion pâle, === H pion foncé, + un pion y aboutit, R rouge, 1 2 fermé par Un/Deux, x mort
    coups : P D5-E5 (pâle), F D5-E5 (foncé), ! après un coup l'annonce ; claim réclame les points réclamables
legend-kybo = b n : cubes de bas en haut (b Blanc, n Noir), B N : la chaîne gagnante
    places libres : . (Portes 1, Remparts 2, Château 3, Donjon 4)
# Les lettres des cubes de KYBO, comme celles des pièces de chess3d ci-dessous.
term-letters-kybo = WB BN
# Les lettres des pièces de chess3d : le couple lettre de la notation, lettre
# montrée et lue en français (les journaux gardent celle de la notation).
term-letters-chess3d = KR QD RT BF NC PP
legend-chess3d = clé : majuscules Blanc, minuscules Noir ; R roi, D dame, T tour, F fou, C cavalier, P pion
    coups : N2/E2-N2/E4 (niveau/case vers niveau/case), ou court : E4, CC3, D4xE5, DxN3/D4 (le niveau si besoin) ; O-O roque ; les journaux gardent K Q R B N

## Le client en ligne (board-online host, join, watch). `code: XXXXXX`
## s'écrit tel quel dans toutes les langues (des scripts le lisent) ; les
## autres lignes suivent la langue.
client-seat = vous jouez { $side }
client-seat-first = en premier
client-seat-second = en second
client-joined = partie { $code } rejointe
client-watching = vous regardez la partie { $code }
client-resumed = de retour dans la partie : vous jouez { $side }
client-move = coup { $number } : { $move }
client-clock = pendule : { $first } { $first-time }, { $second } { $second-time }
client-result = résultat : { $result }
client-waiting = en attente de l'adversaire
client-your-move = à vous de jouer ({ $player }), coup { $number } (? les coups légaux, abandonner, nulle) :
client-refused = refusé : { $reason }
client-error = erreur : { $message }
client-line-too-long = ligne trop longue (plus de { $max } octets), ignorée
client-legal-moves = coups légaux : { $moves }
client-watching-only = vous regardez ; les coups sont pour les joueurs
client-connection-lost = connexion perdue ({ $why }) ; reconnexion
client-closed-by-server = fermée par le serveur
client-closed-by-server-why = fermée par le serveur : { $why }
client-trying = essai de { $url }
client-redirected = redirigé vers { $url }
client-unreadable = message illisible du serveur : { $error }
client-unreachable = impossible de joindre { $url } : { $why }
client-no-server = aucun serveur ne répond à { $url } ; lancez-en un avec `board-online serve` ou choisissez-en un avec --server
client-address-scheme = ce n'est pas une adresse ws:// ou wss:// : { $url }
client-address-port = ce n'est pas un numéro de port : { $url }
client-address-no-host = aucun hôte dans { $url }
client-address-host-name = ce n'est pas un nom d'hôte : { $url }
client-not-a-code = ce n'est pas un code de partie : { $text }
client-no-record = aucune partie n'a le code { $code } (ou elle n'est plus conservée)
client-bad-config = --config n'est pas du JSON : { $why }
