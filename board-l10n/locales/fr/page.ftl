# Les mots de la page (web/), en français. Les clés sont celles que la page
# demande; { $nom } est un argument. La notation (coups, cases, cellules) est
# une donnée : elle arrive en argument et n'est jamais traduite.

page-title = Jeux de plateau
lang-label = Langue
lang-en = English
lang-fr = Français
game-echec-o-cube = ÉCHEC O CUBE
game-kybo = KYBO
game-chess3d = Échecs 3D
loading = Chargement des règles…
# Montré avant le chargement des règles, donc copié aussi dans web/index.html (boot-words).
boot-failed = Ce navigateur n'a pas pu charger les règles des jeux (WebAssembly) : rechargez la page ou essayez un autre navigateur.
load-failed = Les règles n'ont pas pu être chargées ({ $error }). Construisez-les avec scripts/build-web.
rules-button = Règles
rules-title = Comment jouer
rules-close = Fermer
rules-goal = Le but
rules-move = Un coup
rules-end = La fin et le décompte
setup-title = Nouvelle partie
setup-game = Jeu
setup-mode = Mode
mode-computer = Contre l'ordinateur
mode-local = Deux joueurs sur cet appareil
mode-online = En ligne
setup-level = Niveau
level-easy = facile
level-normal = normal
level-hard = difficile
setup-side = Vous jouez
side-first = en premier
side-second = en second
start = Commencer
create = Créer une partie
setup-clock = Pendule
clock-none = aucune
clock-5-3 = 5 min + 3 s
clock-10-5 = 10 min + 5 s
clock-30-0 = 30 min
join-code = Code
join = Rejoindre
cannot-start = Impossible de commencer : { $error }
game-code = Code de la partie
online-you-play = {" "}— vous jouez { $side }
online-watching = {" "}— en spectateur
online-connecting = Connexion au serveur…
online-reconnecting = La connexion au serveur est perdue ; nouvelle tentative…
online-offline = Pas de réseau : cette partie en ligne ne peut continuer avant le retour du réseau. Les parties contre l'ordinateur fonctionnent toujours.
board = plateau
choose-move = choisir le coup
move-label = Coup
play = Jouer
undo = Annuler
zoom = Agrandir le plateau
zoom-whole = Plateau entier
turn-board = Tourner le plateau
turn-board-label = Tourner le plateau (vu depuis { $corner })
top-view = Vue de dessus
top-view-off = Vue 3D
claim-draw = Réclamer la nulle
resign = Abandonner
new-game = Nouvelle partie
record = Journal
download-record = Télécharger le journal
game-over = Partie terminée
waiting-opponent = En attente de l'adversaire…
computer-thinking = { $player } (l'ordinateur) réfléchit…
opponent-to-move = Trait : { $player } (votre adversaire)
to-move-you = Trait : { $player } (vous)
to-move = Trait : { $player }
players-computer = Vous jouez { $you } ; l'ordinateur joue { $computer }.
players-online = Vous jouez { $you } ; votre adversaire joue { $other }.
players-watching = Vous regardez : { $first } contre { $second }.
players-local = { $first } et { $second } jouent à tour de rôle sur cet appareil.
clock = pendule : { $first } { $firstTime } · { $second } { $secondTime }
not-your-turn = Ce n'est pas votre tour.
refused = Refusé : { $reason }
computer-failed = L'ordinateur n'a pas pu choisir de coup.
computer-refused = Le coup { $move } de l'ordinateur a été refusé : { $error }
no-claim-draw-build = Cette version des règles ne peut pas réclamer la nulle.
no-draw = aucune nulle à réclamer (C3-17)
cannot-show = Impossible d'afficher la partie : { $error }
watching-refused = vous regardez cette partie en spectateur
landed = { $place } posé au niveau { $level }.
eoc-claim = Réclamer les points
eoc-red = Rouge en { $place }
eoc-pale = Pâle { $place }
eoc-dark = Foncé { $place }
eoc-announce = { $move }, annoncer ÉCHEC O CUBE !
eoc-player = { $name } : { $points ->
        [one] { $points } point
       *[other] { $points } points
    } ; il reste { $pale } pâles et { $dark } foncés
eoc-claimable = { $points ->
        [one] { $points } point peut être réclamé
       *[other] { $points } points peuvent être réclamés
    } avant le prochain pion.
eoc-reds-left = Mode rouge : { $reds ->
        [one] { $reds } rouge restant
       *[other] { $reds } rouges restants
    }.
eoc-final = { $name } : décompte final { $count }
eoc-final-how = Décompte final : points marqués, moins 1 par pâle et 2 par foncé restant.
eoc-groove = rainure { $place } : { $kinds }
eoc-kind-pale = pâle
eoc-kind-dark = foncé
eoc-or = {" "}ou{" "}
eoc-crossing = croisement { $place } : poser un rouge
hint-eoc-first = Le premier pion est libre : n'importe quelle rainure, pâle ou foncé.
hint-eoc-chain = À partir du deuxième pion, chaque pion doit toucher une couleur contraire : pâle touche foncé, foncé touche pâle. Les rainures allumées sont celles où vous pouvez jouer.
hint-eoc-red = Mode rouge : touchez un croisement libre pour marquer une zone morte ; le rouge ne consomme aucun tour.
hint-eoc-claim = Votre adversaire a fermé un carré sans l'annoncer : réclamez ses points avant de poser votre pion.
kybo-player = { $name } : { $placed ->
        [one] { $placed } cube posé
       *[other] { $placed } cubes posés
    }
kybo-player-left = { $name } : { $placed ->
        [one] { $placed } cube posé
       *[other] { $placed } cubes posés
    }, il en reste { $left }
kybo-network = Un KYBO : les cubes dorés relient deux bords opposés.
kybo-square = case { $place } : votre cube se pose au niveau { $level }
hint-kybo-start = Le premier cube se pose sur l'une des quatre cases allumées du Donjon, au centre.
hint-kybo = Touchez une case allumée : le cube fantôme vert montre le niveau où votre cube se pose. Reliez deux bords opposés avec votre couleur pour gagner.
c3-player = { $name } : { $pieces }
c3-count-king = roi
c3-count-queen = { $count ->
        [one] dame
       *[other] { $count } dames
    }
c3-count-rook = { $count ->
        [one] { $count } tour
       *[other] { $count } tours
    }
c3-count-bishop = { $count ->
        [one] { $count } fou
       *[other] { $count } fous
    }
c3-count-knight = { $count ->
        [one] { $count } cavalier
       *[other] { $count } cavaliers
    }
c3-count-pawn = { $count ->
        [one] { $count } pion
       *[other] { $count } pions
    }
list-separator = ,{" "}
c3-check = { $player } est en échec.
c3-piece = { $piece } en { $place } : la prendre
c3-target = aller en { $place }
c3-role-k = roi
c3-role-q = dame
c3-role-r = tour
c3-role-b = fou
c3-role-n = cavalier
c3-role-p = pion
c3-promote = Promouvoir en { $role } ({ $move })
c3-castle-long = Grand roque ({ $move })
c3-castle-short = Petit roque ({ $move })
hint-c3 = Touchez une de vos pièces allumées, puis une des cellules allumées où elle peut aller ; les niveaux N1, N2 et N3 sont des échiquiers superposés.
hint-c3-target = Touchez un point ou un anneau vert pour y aller, ou une autre pièce allumée.
rules-echec-o-cube-goal = Deux joueurs insèrent des pions dans les rainures du plateau. Fermez des carrés pour marquer des points ; le plus haut décompte final gagne.
rules-echec-o-cube-move = À votre tour, posez un pion, pâle ou foncé, de votre réserve dans une rainure vide entre deux croisements. Le premier pion de la partie est libre. Ensuite chaque pion doit toucher un pion de la couleur contraire à un croisement : pâle touche foncé, foncé touche pâle, deux foncés ne se touchent jamais à un croisement. Sur l'image, les rainures allumées sont celles où le prochain pion peut aller.
rules-echec-o-cube-end = Quand votre pion ferme un carré (ses quatre côtés remplis), annoncez ÉCHEC O CUBE : vous marquez ses points et rejouez. Un petit carré vaut 6, 9 avec un côté foncé, 12 avec deux ; un carré 2×2 vaut 12. Oubliez l'annonce et votre adversaire peut réclamer les points. La partie finit quand le joueur au trait ne peut plus poser de pion. Décompte final : points moins 1 par pâle et 2 par foncé restant dans votre réserve. En mode rouge, un rouge sur un coin fait un carré mort qui vaut 0, et poser un rouge ne consomme aucun tour.
rules-kybo-goal = Construisez un KYBO : une chaîne de vos cubes, face contre face, qui relie deux bords opposés du plateau (de la rangée 1 à la rangée 8, ou de la colonne A à la colonne H). Le premier qui y parvient gagne.
rules-kybo-move = Blanc commence sur l'une des quatre cases du Donjon, au centre. Ensuite chaque joueur à son tour pose un cube qui touche par une face entière un cube déjà posé : à côté sur le plateau, ou au sommet d'une pile. Les cases des Portes portent 1 cube, celles des Remparts 2, celles du Château 3 et le Donjon 4. Les cubes ne bougent jamais. Les cubes fantômes verts montrent où un cube peut aller et le niveau où il se pose.
rules-kybo-end = Vos cubes sont reliés quand ils partagent une face : côte à côte au même niveau, ou l'un sur l'autre. Relier deux bords par un coin (le bas et la gauche) n'est pas un KYBO. Si plus personne ne peut poser de cube, la partie est nulle. Sur l'image, Blanc a relié le bord du bas à celui du haut (en or).
rules-chess3d-goal = Des échecs sur trois échiquiers superposés (niveaux N1, N2, N3). Comme aux échecs, faites échec et mat au roi adverse. Les noirs commencent.
rules-chess3d-move = Touchez une de vos pièces, puis sa destination. Les pièces se déplacent comme aux échecs, et aussi d'un niveau à l'autre : la tour en ligne droite, le fou en diagonale dans un plan, la dame les deux, le cavalier deux cellules dans un sens et une dans un autre. Un pion ne change de niveau que pour prendre, en diagonale vers l'avant. Le roi ne change de niveau que pour prendre. Sur l'image, le cavalier noir en N2 peut atteindre les cellules allumées sur trois niveaux.
rules-chess3d-end = L'échec et mat gagne. Le pat, une position répétée, 50 coups sans prise ni coup de pion, ou des rois seuls donnent la nulle (certaines se réclament avec « Réclamer la nulle »). Le roque se joue au niveau du milieu.

## Les refus et erreurs du serveur en ligne (selon le genre qu'il envoie)
refusal-not_a_player = vous n'avez pas de place dans cette partie
refusal-not_started = l'adversaire n'a pas encore rejoint la partie
refusal-not_your_turn = ce n'est pas votre tour
refusal-stale_ply = la partie a avancé entre-temps ; réessayez
refusal-game_over = la partie est terminée
refusal-illegal = le coup n'est pas légal
refusal-no_draw_to_claim = aucune nulle à réclamer (C3-17)
refusal-unavailable = le serveur n'a pas pu enregistrer le coup ; réessayez
error-bad_message = Le serveur n'a pas compris un message de cette page.
error-bad_hello = Cette page et le serveur ne parlent pas la même version ; rechargez la page.
error-no_such_game = Aucune partie n'a ce code (ou elle n'est plus conservée).
error-unknown_game = Le serveur n'héberge pas ce jeu.
error-bad_config = Le serveur a refusé les réglages de cette partie.
error-bad_clock = Les réglages de la pendule sont hors limites.
error-bad_token = Cet appareil n'a plus de place dans cette partie.
error-no_game = Cette connexion n'est dans aucune partie.
error-already_in_game = Cette connexion est déjà dans une partie.
error-rate_limited = Trop de demandes : attendez un moment et réessayez.
error-unavailable = Le serveur est plein ou ne peut pas enregistrer de parties pour l'instant ; réessayez plus tard.
error-shutting_down = Le serveur s'arrête.
error-relocated = Un autre serveur mène maintenant cette partie ; reconnexion…
ending-draw-claimed = Nulle réclamée.
ending-resignation = { $loser } abandonne, { $winner } gagne
ending-flag-fall = { $loser } a dépassé son temps, { $winner } gagne
ending-expired = Le serveur a terminé la partie (aucun coup depuis trop longtemps, ou trop de coups).

# Les refus du programme des règles (board-web) : un texte trop long, une
# configuration illisible, un jeu inconnu.
web-too-long = { $what } : texte trop long, { $bytes } octets pour { $max } au plus
web-input-move = coup
web-input-configuration = configuration
web-input-record = journal
web-input-position = position
web-input-svg-options = options de l'image
web-no-game = aucun jeu { $name } : les jeux sont echec-o-cube, kybo et chess3d
web-bad-config = réglages de { $game } illisibles : { $error }
web-bad-svg-options = options de l'image illisibles : { $error }
# Sur un téléphone, les Échecs 3D se montrent un niveau à la fois, sous un onglet par niveau.
level-tabs = niveaux
level-tab = { $level } : { $count ->
    [0] rien à toucher
    [one] 1 endroit à toucher
   *[other] { $count } endroits à toucher
  }
# Demandé avant de jeter une partie en cours.
confirm-resign = Abandonner cette partie ? Votre adversaire gagne.
confirm-resign-yes = Abandonner
confirm-leave = Quitter cette partie pour une nouvelle ? Elle n'est pas finie.
confirm-leave-yes = Quitter la partie
confirm-no = Continuer la partie
# L'accueil : chaque jeu en une ligne, sa durée, les trois façons de jouer.
pitch-echec-o-cube = Glissez des pions dans les rainures et fermez des carrés pour marquer.
pitch-kybo = Empilez des cubes et reliez deux bords opposés par une chaîne.
pitch-chess3d = Les échecs sur trois échiquiers superposés, les pièces passent de l'un à l'autre.
time-echec-o-cube = environ 20 min
time-kybo = environ 10 min
time-chess3d = environ 30 min
mode-computer-desc = sur cet appareil, l'ordinateur répond aussitôt
mode-local-desc = deux personnes, un écran, chacun son tour
mode-online-desc = un code ou un lien à envoyer à un ami
invite-how = Envoyez ce code ou ce lien à votre adversaire : la partie commence dès qu'il l'ouvre.
share = Partager
copy-link = Copier le lien
link-copied = Lien copié
invite-qr = Code QR de l'invitation : { $url }
