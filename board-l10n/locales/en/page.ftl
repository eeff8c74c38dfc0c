# The page's words (web/), in English. Keys are the ids the page asks for;
# { $name } is an argument. Notation (moves, squares, cells) is data and
# reaches a message as an argument, never translated.

page-title = Board games
lang-label = Language
lang-en = English
lang-fr = Français
game-echec-o-cube = ÉCHEC O CUBE
game-kybo = KYBO
game-chess3d = Chess 3D
loading = Loading the rules…
# Shown before the rules load, so also copied in web/index.html (boot-words).
boot-failed = This browser could not load the game rules (WebAssembly): reload the page, or try another browser.
load-failed = The rules could not be loaded ({ $error }). Build them with scripts/build-web.
rules-button = Rules
rules-title = How to play
rules-close = Close
rules-goal = The goal
rules-move = A move
rules-end = The end and the score
setup-title = New game
setup-game = Game
setup-mode = Mode
mode-computer = Against the computer
mode-local = Two players on this device
mode-online = Online
setup-level = Level
level-easy = easy
level-normal = normal
level-hard = hard
setup-side = You play
side-first = first
side-second = second
start = Start
create = Create a game
setup-clock = Clock
clock-none = none
clock-5-3 = 5 min + 3 s
clock-10-5 = 10 min + 5 s
clock-30-0 = 30 min
join-code = Code
join = Join
cannot-start = Cannot start: { $error }
game-code = Game code
online-you-play = {" "}— you play { $side }
online-watching = {" "}— watching
online-connecting = Connecting to the server…
online-reconnecting = The connection to the server was lost; trying again…
online-offline = No network: this online game cannot go on until the network is back. Games against the computer still work.
board = board
choose-move = choose the move
move-label = Move
play = Play
undo = Undo
zoom = Zoom the board
zoom-whole = Whole board
turn-board = Turn the board
turn-board-label = Turn the board (seen from { $corner })
top-view = Top view
top-view-off = 3-D view
claim-draw = Claim a draw
resign = Resign
new-game = New game
record = Record
download-record = Download the record
game-over = Game over
waiting-opponent = Waiting for the opponent to join…
computer-thinking = { $player } (the computer) is thinking…
opponent-to-move = { $player } to move (your opponent)
to-move-you = { $player } to move (you)
to-move = { $player } to move
players-computer = You play { $you }; the computer plays { $computer }.
players-online = You play { $you }; your opponent plays { $other }.
players-watching = You are watching: { $first } against { $second }.
players-local = { $first } and { $second } take turns on this device.
clock = clock: { $first } { $firstTime } · { $second } { $secondTime }
not-your-turn = It is not your turn.
refused = Refused: { $reason }
computer-failed = The computer could not choose a move.
computer-refused = The computer's move { $move } was refused: { $error }
no-claim-draw-build = This build of the rules cannot claim a draw.
no-draw = there is no draw to claim (C3-17)
cannot-show = Cannot show the game: { $error }
watching-refused = you are watching this game
landed = { $place } landed on level { $level }.
eoc-claim = Claim the points
eoc-red = Red on { $place }
eoc-pale = Pale { $place }
eoc-dark = Dark { $place }
eoc-announce = { $move }, announce ÉCHEC O CUBE!
eoc-player = { $name }: { $points ->
        [one] 1 point
       *[other] { $points } points
    }; { $pale } pale and { $dark } dark left
eoc-claimable = { $points ->
        [one] 1 point
       *[other] { $points } points
    } can be claimed before the next piece.
eoc-reds-left = Red mode: { $reds ->
        [one] 1 red
       *[other] { $reds } reds
    } left.
eoc-final = { $name }: final count { $count }
eoc-final-how = Final count: points scored, minus 1 for each pale and 2 for each dark left.
eoc-groove = groove { $place }: { $kinds }
eoc-kind-pale = pale
eoc-kind-dark = dark
eoc-or = {" "}or{" "}
eoc-crossing = crossing { $place }: stand a red
hint-eoc-first = The first piece is free: any groove, pale or dark.
hint-eoc-chain = After the first piece, every piece must touch one of the other colour: a pale touches a dark, a dark touches a pale. The lit grooves are where you may play.
hint-eoc-red = Red mode: touch a free crossing to mark a dead zone; a red costs no turn.
hint-eoc-claim = Your opponent closed a square without announcing it: claim its points before you place your piece.
kybo-player = { $name }: { $placed ->
        [one] 1 cube
       *[other] { $placed } cubes
    } placed
kybo-player-left = { $name }: { $placed ->
        [one] 1 cube
       *[other] { $placed } cubes
    } placed, { $left } left
kybo-network = A KYBO: the gold cubes join two opposite edges.
kybo-square = square { $place }: your cube lands on level { $level }
hint-kybo-start = The first cube goes on one of the four lit centre squares.
hint-kybo = Tap a lit square: the green ghost cube shows the level your cube lands on. Join two opposite edges with your colour to win.
c3-player = { $name }: { $pieces }
c3-count-king = king
c3-count-queen = { $count ->
        [one] queen
       *[other] { $count } queens
    }
c3-count-rook = { $count ->
        [one] 1 rook
       *[other] { $count } rooks
    }
c3-count-bishop = { $count ->
        [one] 1 bishop
       *[other] { $count } bishops
    }
c3-count-knight = { $count ->
        [one] 1 knight
       *[other] { $count } knights
    }
c3-count-pawn = { $count ->
        [one] 1 pawn
       *[other] { $count } pawns
    }
list-separator = ,{" "}
c3-check = { $player } is in check.
c3-piece = { $piece } on { $place }: pick it up
c3-target = move to { $place }
c3-role-k = king
c3-role-q = queen
c3-role-r = rook
c3-role-b = bishop
c3-role-n = knight
c3-role-p = pawn
c3-promote = Promote to { $role } ({ $move })
c3-castle-long = Castle long ({ $move })
c3-castle-short = Castle short ({ $move })
hint-c3 = Tap one of your lit pieces, then one of the lit cells it can go to; the levels N1, N2 and N3 are stacked boards.
hint-c3-target = Tap a green dot or ring to move there, or another lit piece.
rules-echec-o-cube-goal = Two players slide pieces into the grooves of the board. Close squares to score points; whoever has the higher final count at the end wins.
rules-echec-o-cube-move = On your turn put one piece, pale or dark, from your supply into an empty groove between two crossings. The first piece of the game is free. After that every piece must touch a piece of the other colour at a crossing: a pale touches a dark, a dark touches a pale, two darks never meet at a crossing. In the picture the lit grooves are where the next piece may go.
rules-echec-o-cube-end = When your piece closes a square (all four sides filled), announce ÉCHEC O CUBE: you score it and play again. A small square is worth 6, 9 with one dark side, 12 with two; a 2×2 square 12. Forget to announce and your opponent may claim the points. The game ends when the player to move cannot place a piece. Final count: points minus 1 for each pale and 2 for each dark still in your supply. In red mode a red piece on a corner makes a dead square worth 0, and placing a red costs no turn.
rules-kybo-goal = Build a KYBO: a chain of your cubes, touching face to face, that joins two opposite edges of the board (row 1 to row 8, or column A to column H). The first to do it wins.
rules-kybo-move = White starts on one of the four centre squares. Then each player in turn places one cube, touching a cube already there by a whole face: next to it on the board, or on top of a stack. The edge squares hold 1 cube, the next ring 2, then 3, and the centre 4. Cubes never move. The green ghost cubes show where a cube may go and the level it lands on.
rules-kybo-end = Your cubes are joined when they share a face: side by side on the same level, or one on top of the other. Joining two edges at a corner (bottom and left) is not a KYBO. If nobody can place a cube any more, the game is drawn. In the picture White has joined the bottom edge to the top one (gold).
rules-chess3d-goal = Chess on three boards stacked one above the other (levels N1, N2, N3). As in chess, checkmate the other king. Black moves first.
rules-chess3d-move = Tap one of your pieces, then where it goes. Pieces move as in chess, and also up and down the levels: a rook straight along any line, a bishop diagonally in a plane, the queen both, a knight two cells one way and one another. A pawn changes level only when it captures, diagonally forward. A king changes level only to capture. In the picture the black knight on N2 can reach the lit cells on three levels.
rules-chess3d-end = Checkmate wins. A stalemate, a repeated position, 50 moves without a capture or pawn move, or kings alone are draws (some must be claimed with "Claim a draw"). Castling is on the middle level.


## The online server's refusals and errors (by the kind the server sends)
refusal-not_a_player = you hold no seat in this game
refusal-not_started = the opponent has not joined yet
refusal-not_your_turn = it is not your turn
refusal-stale_ply = the game moved on meanwhile; try again
refusal-game_over = the game is over
refusal-illegal = the move is not legal
refusal-no_draw_to_claim = there is no draw to claim (C3-17)
refusal-unavailable = the server could not store the move; try again
error-bad_message = The server did not understand a message from this page.
error-bad_hello = This page and the server speak different versions; reload the page.
error-no_such_game = No game has this code (or it is no longer kept).
error-unknown_game = The server does not host this game.
error-bad_config = The server refused this game's settings.
error-bad_clock = The clock settings are out of range.
error-bad_token = This device no longer holds a seat in that game.
error-no_game = This connection is in no game.
error-already_in_game = This connection is already in a game.
error-rate_limited = Too many requests: wait a moment and try again.
error-unavailable = The server is full or cannot store games now; try again later.
error-shutting_down = The server is shutting down.
error-relocated = Another server now runs this game; reconnecting…
ending-draw-claimed = Draw claimed.
ending-resignation = { $loser } resigns, { $winner } wins
ending-flag-fall = { $loser } ran out of time, { $winner } wins
ending-expired = The server ended the game (no move for too long, or too many moves).

# The rules program's (board-web) own refusals: a text too long, a bad
# configuration, an unknown game.
web-too-long = { $what } too long: { $bytes } bytes, at most { $max }
web-input-move = move
web-input-configuration = configuration
web-input-record = record
web-input-position = position
web-input-svg-options = svg options
web-no-game = no game { $name }: the games are echec-o-cube, kybo and chess3d
web-bad-config = bad { $game } configuration: { $error }
web-bad-svg-options = bad svg options: { $error }
# A phone shows chess3d one level at a time, under a tab for each level.
level-tabs = levels
level-tab = { $level }: { $count ->
    [0] nothing to tap
    [one] 1 place to tap
   *[other] { $count } places to tap
  }
# Asked before a game in progress is thrown away.
confirm-resign = Resign this game? Your opponent wins.
confirm-resign-yes = Resign
confirm-leave = Leave this game for a new one? It is not over.
confirm-leave-yes = Leave the game
confirm-no = Keep playing
# The landing: each game in a line, how long it takes, the three ways to play.
pitch-echec-o-cube = Slide pieces into the grooves and close squares to score.
pitch-kybo = Stack cubes and build a chain between two opposite edges.
pitch-chess3d = Chess on three boards stacked, pieces moving between them.
time-echec-o-cube = about 20 min
time-kybo = about 10 min
time-chess3d = about 30 min
mode-computer-desc = on this device, the computer answers at once
mode-local-desc = two people, one screen, turn by turn
mode-online-desc = a code or a link to send to a friend
invite-how = Send this code or this link to your opponent: the game starts when they open it.
share = Share
copy-link = Copy the link
link-copied = Link copied
invite-qr = QR code of the invitation: { $url }
