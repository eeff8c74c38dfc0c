# The terminal's words (play, demo, replay and the online client), in
# English. Move texts, the boards' grids and move numbers are notation.

term-commands = { $game }: type a move; ? or help lists the legal moves by place, ? PLACE those of one place; undo, redo, draw (claim a draw, where the rules allow one), resign, save FILE, board, quit
term-goal-echec-o-cube = goal: place pieces on the grooves to close squares; announce a closing with ! to score it and play again; the most points at the end wins, a piece left in your supply costs points (EOC-14 to EOC-19)
term-goal-kybo = goal: join two opposite edges, rank 1 to rank 8 or file A to file H, with one chain of your cubes touching face to face; White places first (KY-8)
term-goal-chess3d = goal: checkmate the other king, on any of the three levels; Black moves first (C3-13, C3-16)
term-bonus-turn = bonus turn: { $player } closed a square, announced it, and plays again (EOC-16)
term-prompt = { $number } { $player } to move
term-computer-plays = { $number } computer plays { $move }
term-game-over-prompt = game over: undo, save FILE or quit?
term-game-is-over = the game is over: undo, save FILE or quit
term-nothing-to-take-back = nothing to take back
term-taken-back = taken back: { $moves }
term-nothing-to-redo = nothing to redo
term-played-again = played again: { $moves }
term-and-list = { $rest } and { $last }
term-record-saved = record saved to { $path }
term-cannot-save = cannot save to { $path }: { $error }
# What went wrong with a file, instead of the system's words.
term-file-not-found = file not found: { $path }
term-file-no-folder = no such folder for { $path }
term-file-denied = permission denied: { $path }
term-file-is-folder = { $path } is a folder, not a file
term-file-error = { $path }: { $error }
term-file-too-large = { $path }: larger than { $mib } MiB, the most a record may be
term-file-not-utf8 = { $path }: not UTF-8 text (byte { $byte } is invalid)
term-draw-claimed = draw claimed: { $reason }
term-no-draw = no draw can be claimed here
term-draw-may-be-claimed = a draw may be claimed ({ $reason }): type draw
term-resigned = { $loser } resigns, { $winner } wins
term-cannot-read = cannot read { $text }: { $error }
term-illegal = { $text } is illegal: { $error }
term-no-match = { $player } to move: { $text } is none of { $player }'s legal moves (? lists them)
term-no-match-first = { $player } moves first: { $text } is none of { $player }'s legal moves (? lists them)
term-did-you-mean = did you mean: { $moves }?
term-did-you-mean-more = did you mean: { $moves }, … ({ $count } moves)?
term-record-kept = record of this game saved to { $path } (to see the game again: { $command })
term-record-not-kept = record (could not be saved: { $error })
term-no-legal-move-at = no legal move at { $place }
term-legal-moves-at = { $count } legal moves at { $place }: { $moves }
term-legal-moves-by-place = { $count } legal moves at { $places } places:
term-type-place = type ? PLACE for the moves of one place
# The command words `play` reads, in either language whatever --lang says:
# the first of each is the one the help line shows.
term-words-quit = quit exit
term-words-board = board
term-words-undo = undo
term-words-redo = redo
term-words-draw = draw
term-words-resign = resign
term-words-help = help
term-words-save = save
# The examples' arguments.
term-arg-which-game = which game? one of { $games }
term-arg-unexpected-game = unexpected argument { $text } (games: { $games })
term-arg-unexpected = unexpected argument { $text }
term-arg-needs-value = { $flag } needs a value
term-arg-not-a-number = { $flag } { $text }: not a number
term-arg-not-positive = { $flag } { $text }: not a positive number
term-arg-unknown-game = unknown game { $text }: expected one of { $games }
term-arg-not-a-language = --lang { $text }: not a language: fr or en
term-arg-not-milliseconds = { $flag } { $text }: not a number of milliseconds (0-{ $max })
term-arg-not-a-level = --level: { $text } is not a difficulty: say easy, normal or hard
term-arg-which-code = which game code? six letters and digits, as in K7M2QX
term-arg-bad-value = { $flag } { $text }: not a value it takes
term-arg-see-help = see { $help }
# replay's own messages.
term-replay-which-file = which record file?
term-replay-not-a-record = { $file } is no valid record:
term-replay-as = as { $game }: { $error }
term-replay-of-game = { $file }: { $game } record: { $error }
# One move of a game shown by demo and replay: its number, who played it, the move.
term-move-label = { $number } { $player }: { $move }
term-demo-title = === { $game } (seed { $seed }) ===
term-agent-illegal = agent chose an illegal move { $move }: { $error }
term-stopped = stopped after { $count } moves
term-moves = { $count } moves:
term-record = record
term-result = result
term-not-finished = game not finished
term-to-move = { $player } to move
term-eoc-player = { $player }: { $points } points, { $pale } pale and { $dark } dark left
term-eoc-claimable = claimable { $points }
term-eoc-final = final count { $player } { $count }
term-kybo-cubes = cubes { $player } { $placed } ({ $left } left)
term-kybo-network = KYBO network: { $network }
term-c3-pieces = pieces White { $white } Black { $black }
term-c3-move = move { $number }
term-c3-check = check
legend-echec-o-cube = key: --- | pale piece, === H dark piece, + a piece ends there, R red, 1 2 closed by One/Two, x dead
    moves: P D5-E5 (pale), F D5-E5 (dark), ! after one announces; claim takes claimable points
legend-kybo = w b: cubes bottom to top (w White, b Black), W B: the winning chain
    room left: . (Gates 1, Walls 2, Castle 3, Dungeon 4)
# KYBO's cube letters, as for chess3d's pieces below.
term-letters-kybo = WW BB
# chess3d's piece letters: pairs of the notation's letter and the one shown
# and read in this language (records keep the notation's).
term-letters-chess3d = KK QQ RR BB NN PP
legend-chess3d = key: upper case White, lower case Black; K king, Q queen, R rook, B bishop, N knight, P pawn
    moves: N2/E2-N2/E4 (level/square to level/square), or short: E4, NC3, D4xE5, QxN3/D4 (the level where needed); O-O castles

## The online client (board-online host, join, watch). `code: XXXXXX` is
## printed as it is in every language (scripts read it); the other lines
## follow the language.
client-seat = seat: { $side }
client-seat-first = first
client-seat-second = second
client-joined = joined { $code }
client-watching = watching { $code }
client-resumed = resumed: seat { $side }
client-move = move { $number }: { $move }
client-clock = clock: { $first } { $first-time }, { $second } { $second-time }
client-result = result: { $result }
client-waiting = waiting for the opponent
client-your-move = your move ({ $player }), move { $number } (? the legal moves, resign, draw):
client-refused = refused: { $reason }
client-error = error: { $message }
client-line-too-long = line too long (over { $max } bytes), ignored
client-legal-moves = legal moves: { $moves }
client-watching-only = you are watching; moves are for the players
client-connection-lost = connection lost ({ $why }); reconnecting
client-closed-by-server = closed by the server
client-closed-by-server-why = closed by the server: { $why }
client-trying = trying { $url }
client-redirected = redirected to { $url }
client-unreadable = unreadable message from the server: { $error }
client-unreachable = cannot reach { $url }: { $why }
client-no-server = no server answers at { $url }; start one with `board-online serve`, or choose one with --server
client-address-scheme = not a ws:// or wss:// address: { $url }
client-address-port = not a port number: { $url }
client-address-no-host = no host in { $url }
client-address-host-name = not a host name: { $url }
client-not-a-code = not a game code: { $text }
client-no-record = no game has the code { $code } (or it is no longer kept)
client-bad-config = --config is not JSON: { $why }
