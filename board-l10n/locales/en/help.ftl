# What the examples (play, replay, demo, arena) and the online client
# (board-online and its client commands) print for --help or -h, in
# English. Options and values (--level, easy, ws://…) are what the player
# types: the same in every language. `serve --help` stays the server's
# own, in English: it is for whoever runs a server.

help-play =
    usage: play GAME [--second] [--two-players] [--level easy|normal|hard] [--nodes N] [--seed N] [--lang fr|en]

    Play GAME (echec-o-cube, kybo or chess3d) in the terminal against the computer or a friend.

      --second        the computer moves first
      --two-players   two people share the terminal, no computer
      --level LEVEL   the computer's time a move: easy 0.1 s, normal 0.5 s (the default), hard 2 s
      --nodes N       a fixed budget of N nodes a move instead: the same --seed replays the same
      --seed N        the computer's seed (default 1)
      --lang fr|en    the language of the words (default from LC_ALL, LC_MESSAGES, LANG); moves
                      and records are written the same in both
      -h, --help      this text

    At the prompt: a move in the game's move text; ? lists the legal moves by place, ? PLACE
    those of one place; undo, redo; draw (claim a draw, in chess3d); resign; save FILE; board;
    quit. The French words (annuler, rétablir, nulle, abandonner, enregistrer, plateau, quitter,
    aide) are read too, whatever --lang says.

help-replay =
    usage: replay FILE [--game NAME] [--svg DIR] [--lang fr|en]

    Checks and shows a game record: each position, then the result. A bad record
    prints the line or move and the reason, and exits with status 2.

      --game NAME   the record's game: echec-o-cube, kybo or chess3d (default: tried in turn)
      --svg DIR     also write a picture of each position: DIR/000.svg for the start, then
                    one a move
      --lang fr|en  the language of the words (default from LC_ALL, LC_MESSAGES, LANG); a
                    record replays the same in both: its moves are notation
      -h, --help    this text

help-demo =
    usage: demo [--game NAME] [--seed N] [--nodes N] [--watch | --quiet] [--delay MS] [--lang fr|en]

    Plays each game from start to end between two of its computer agents.

      --game NAME   one game only: echec-o-cube, kybo or chess3d (default: all three)
      --seed N      the agents' seed (default 1); the same seed and budget give the same game
      --nodes N     the first agent's budget a move (default 150; the second gets half)
      --watch       redraw the board after each move, even through a pipe
      --quiet       one short block a game: the result and the moves (the default
                    through a pipe)
      --delay MS    the pause after each move when watching (default 10, at most 10000)
      --lang fr|en  the language of the words (default from LC_ALL, LC_MESSAGES, LANG); moves
                    and records are written the same in both
      -h, --help    this text

help-arena =
    usage: arena GAME --games N --ms M [--a AGENT] [--b AGENT] [--nodes N] [--seed S] [--jobs J] [--lang fr|en]

    Two computer agents play a series of GAME (echec-o-cube, kybo or chess3d); the last line
    is the score of A: `score: 78.5% (W-D-L)`, a draw counting half.

      --games N     games to play (default 100); A starts the even ones (0, 2, ...)
      --ms M        milliseconds a move for each agent (default 50)
      --nodes N     at most N nodes a move; --ms 0 --nodes N plays fixed budgets,
                    so the same seed replays the same games
      --a AGENT     agent A: computer (the default), mcts or mcts-list
      --b AGENT     agent B (default mcts)
      --seed S      the series' seed (default 1)
      --jobs J      games played at once on separate threads (default 1)
      --lang fr|en  the language of this text (default from LC_ALL, LC_MESSAGES, LANG);
                    the series' lines are data, the same in both
      -h, --help    this text

## The online client: `board-online --help`, then each client command's.

help-online =
    Play board games online: a server that referees every game, and a client.

    usage: board-online COMMAND [OPTIONS]

    Commands:
      serve            run the server; prints `listening on ADDR` once it accepts connections
      host             create a game, print `code: XXXXXX`, wait for the opponent and play
      join             join a game by its code and play
      record           print a game's record and its result
      watch            watch a game by its code
      help             this text, or a command's: help COMMAND

    Options:
      -h, --help       this text; COMMAND --help: a command's
      -V, --version    the version

    The client's commands take --lang fr|en (default: the first of LC_ALL, LC_MESSAGES
    and LANG that names one, else en).

# Each line begins with its indentation as a literal: Fluent strips the
# indentation of the lines of a message referenced in another.
help-online-client-options =
    {"  "}--server URL     the server: ws://HOST:PORT, or wss://HOST:PORT over TLS (default
    {"                   "}ws://127.0.0.1:7878); give it more than once: when one is gone, the
    {"                   "}client tries the next
    {"  "}--ca FILE        for wss://: a PEM file of the CA certificates to trust instead of the
    {"                   "}usual roots (a private CA, a self-signed server)
    {"  "}--lang fr|en     the language of the client's words (default: the first of LC_ALL,
    {"                   "}LC_MESSAGES and LANG that names one, else en); `code: XXXXXX` and the
    {"                   "}moves are the same in both
    {"  "}-h, --help       this text

help-online-playing =
    During the game: type one move per line; ? (or help) lists the legal moves, resign (or
    abandonner) resigns, draw (or nulle) claims a draw where the rules allow one.

help-online-host =
    Create a game, print `code: XXXXXX`, wait for the opponent and play.

    usage: board-online host GAME [OPTIONS]

      GAME             the game: echec-o-cube, kybo or chess3d
      --config JSON    the game's configuration as JSON (default {"{"}{"}"}: the game's own)
      --seat SEAT      the seat to take: first, second or random (the default)
      --clock M+S      a clock, MINUTES+SECONDS a move (5+3); none by default
    { help-online-client-options }

    { help-online-playing }

help-online-join =
    Join a game by its code and play.

    usage: board-online join CODE [OPTIONS]

      CODE             the game code (any case)
    { help-online-client-options }

    { help-online-playing }

help-online-watch =
    Watch a game by its code.

    usage: board-online watch CODE [OPTIONS]

      CODE             the game code (any case)
    { help-online-client-options }

help-online-record =
    Print a game's record (live, or finished and kept by the server), then its result.

    usage: board-online record CODE [OPTIONS]

    The record goes to standard output, as replay reads it, and the result line to
    standard error: `board-online record CODE > game.txt` saves a record that replays.

      CODE             the game code (any case)
    { help-online-client-options }
