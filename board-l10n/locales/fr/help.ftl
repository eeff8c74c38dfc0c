# Ce qu'écrivent les exemples (play, replay, demo, arena) et le client en
# ligne (board-online et ses commandes de client) pour --help ou -h, en
# français. Les options et leurs valeurs (--level, easy, ws://…) sont ce
# que tape le joueur : les mêmes dans toutes les langues. `serve --help`
# reste celle du serveur, en anglais : elle est pour qui lance un serveur.

help-play =
    usage : play JEU [--second] [--two-players] [--level easy|normal|hard] [--nodes N] [--seed N] [--lang fr|en]

    Jouer à JEU (echec-o-cube, kybo ou chess3d) dans le terminal, contre l'ordinateur ou à deux.

      --second        l'ordinateur joue en premier
      --two-players   deux personnes se partagent le terminal, sans ordinateur
      --level NIVEAU  le temps de réflexion de l'ordinateur par coup : easy 0,1 s, normal 0,5 s
                      (par défaut), hard 2 s
      --nodes N       un budget fixe de N nœuds par coup à la place : la même --seed rejoue la
                      même partie
      --seed N        la graine de l'ordinateur (1 par défaut)
      --lang fr|en    la langue des mots (par défaut celle de LC_ALL, LC_MESSAGES, LANG) ; les
                      coups et les journaux s'écrivent de même dans les deux
      -h, --help      ce texte

    À l'invite : un coup dans la notation du jeu ; ? liste les coups légaux par endroit, ? ENDROIT
    ceux d'un endroit ; annuler, rétablir ; nulle (réclamer la nulle, aux échecs 3D) ; abandonner ;
    enregistrer FICHIER ; plateau ; quitter. Les mots anglais (undo, redo, draw, resign, save,
    board, quit, help) sont lus aussi, quel que soit --lang.

help-replay =
    usage : replay FICHIER [--game NOM] [--svg DOSSIER] [--lang fr|en]

    Vérifie et montre le journal d'une partie : chaque position, puis le résultat. Pour un
    journal erroné, dit la ligne ou le coup et pourquoi, et sort avec le statut 2.

      --game NOM    le jeu du journal : echec-o-cube, kybo ou chess3d (par défaut : essayés
                    l'un après l'autre)
      --svg DOSSIER écrit aussi une image de chaque position : DOSSIER/000.svg pour le départ,
                    puis une par coup
      --lang fr|en  la langue des mots (par défaut celle de LC_ALL, LC_MESSAGES, LANG) ; un
                    journal se rejoue de même dans les deux : ses coups sont de la notation
      -h, --help    ce texte

help-demo =
    usage : demo [--game NOM] [--seed N] [--nodes N] [--watch | --quiet] [--delay MS] [--lang fr|en]

    Joue chaque jeu du début à la fin entre deux de ses ordinateurs.

      --game NOM    un seul jeu : echec-o-cube, kybo ou chess3d (par défaut : les trois)
      --seed N      la graine des ordinateurs (1 par défaut) ; la même graine et le même budget
                    donnent la même partie
      --nodes N     le budget du premier ordinateur par coup (150 par défaut ; le second en a
                    la moitié)
      --watch       redessine le plateau après chaque coup, même à travers un tube
      --quiet       un court bloc par partie : le résultat et les coups (par défaut à travers
                    un tube)
      --delay MS    la pause après chaque coup quand on regarde (10 par défaut, 10000 au plus)
      --lang fr|en  la langue des mots (par défaut celle de LC_ALL, LC_MESSAGES, LANG) ; les
                    coups et les journaux s'écrivent de même dans les deux
      -h, --help    ce texte

help-arena =
    usage : arena JEU --games N --ms M [--a AGENT] [--b AGENT] [--nodes N] [--seed S] [--jobs J] [--lang fr|en]

    Deux ordinateurs jouent une série de parties de JEU (echec-o-cube, kybo ou chess3d) ; la
    dernière ligne est le score de A : `score: 78.5% (W-D-L)` (gains, nulles, pertes), une
    nulle comptant pour moitié.

      --games N     le nombre de parties (100 par défaut) ; A commence les paires (0, 2, ...)
      --ms M        les millisecondes par coup de chaque ordinateur (50 par défaut)
      --nodes N     au plus N nœuds par coup ; --ms 0 --nodes N joue des budgets fixes : la
                    même graine rejoue les mêmes parties
      --a AGENT     l'ordinateur A : computer (par défaut), mcts ou mcts-list
      --b AGENT     l'ordinateur B (mcts par défaut)
      --seed S      la graine de la série (1 par défaut)
      --jobs J      les parties jouées à la fois, sur des fils séparés (1 par défaut)
      --lang fr|en  la langue de ce texte (par défaut celle de LC_ALL, LC_MESSAGES, LANG) ;
                    les lignes de la série sont des données, les mêmes dans les deux
      -h, --help    ce texte

## Le client en ligne : `board-online --help`, puis celle de chaque commande de client.

help-online =
    Jouer en ligne : un serveur qui arbitre chaque partie, et un client.

    usage : board-online COMMANDE [OPTIONS]

    Commandes :
      serve            lancer le serveur ; écrit `listening on ADRESSE` dès qu'il accepte
                       les connexions
      host             créer une partie, écrire `code: XXXXXX`, attendre l'adversaire et jouer
      join             rejoindre une partie par son code et jouer
      record           écrire le journal d'une partie et son résultat
      watch            regarder une partie par son code
      help             ce texte, ou celui d'une commande : help COMMANDE

    Options :
      -h, --help       ce texte ; COMMANDE --help : celui d'une commande
      -V, --version    la version

    Les commandes du client prennent --lang fr|en (par défaut : la première de LC_ALL,
    LC_MESSAGES et LANG qui en nomme une, sinon en).

# Chaque ligne commence par son retrait en littéral : Fluent ôte le
# retrait des lignes d'un message cité dans un autre.
help-online-client-options =
    {"  "}--server URL     le serveur : ws://HÔTE:PORT, ou wss://HÔTE:PORT en TLS (par défaut
    {"                   "}ws://127.0.0.1:7878) ; à donner plusieurs fois : quand l'un ne répond
    {"                   "}plus, le client essaie le suivant
    {"  "}--ca FICHIER     pour wss:// : un fichier PEM des certificats d'autorité à croire au lieu
    {"                   "}des racines habituelles (une autorité privée, un serveur auto-signé)
    {"  "}--lang fr|en     la langue des mots du client (par défaut : la première de LC_ALL,
    {"                   "}LC_MESSAGES et LANG qui en nomme une, sinon en) ; `code: XXXXXX` et
    {"                   "}les coups sont les mêmes dans les deux
    {"  "}-h, --help       ce texte

help-online-playing =
    Pendant la partie : tapez un coup par ligne ; ? (ou aide) liste les coups légaux,
    abandonner (ou resign) abandonne, nulle (ou draw) réclame la nulle quand les règles
    le permettent.

help-online-host =
    Créer une partie, écrire `code: XXXXXX`, attendre l'adversaire et jouer.

    usage : board-online host JEU [OPTIONS]

      JEU              le jeu : echec-o-cube, kybo ou chess3d
      --config JSON    la configuration du jeu en JSON (par défaut {"{"}{"}"} : celle du jeu)
      --seat PLACE     la place à prendre : first (en premier), second (en second) ou
                       random (au hasard, par défaut)
      --clock M+S      une pendule, MINUTES+SECONDES par coup (5+3) ; aucune par défaut
    { help-online-client-options }

    { help-online-playing }

help-online-join =
    Rejoindre une partie par son code et jouer.

    usage : board-online join CODE [OPTIONS]

      CODE             le code de la partie (majuscules ou minuscules)
    { help-online-client-options }

    { help-online-playing }

help-online-watch =
    Regarder une partie par son code.

    usage : board-online watch CODE [OPTIONS]

      CODE             le code de la partie (majuscules ou minuscules)
    { help-online-client-options }

help-online-record =
    Écrire le journal d'une partie (en cours, ou finie et gardée par le serveur), puis son
    résultat.

    usage : board-online record CODE [OPTIONS]

    Le journal va sur la sortie standard, tel que replay le lit, et la ligne du résultat
    sur la sortie d'erreur : `board-online record CODE > partie.txt` enregistre un journal
    qui se rejoue.

      CODE             le code de la partie (majuscules ou minuscules)
    { help-online-client-options }
