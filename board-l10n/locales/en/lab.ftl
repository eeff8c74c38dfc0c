# The designer's lab (board-lab): the words of a study's report. Cells,
# configurations and agents are data and are never translated.

lab-report-title = { $study }: the designer's lab
lab-report-intro = Seed { $seed }; { $stop }. Each cell plays its games with the seats alternated between its two agents; every interval is at 95 %.
lab-agents-note = The findings are about play by the computer agents named in each cell: "random" plays a uniformly random legal move, "computer:N" is the game's own agent with N nodes a move. They are not about play by people.
lab-stop-games = { $games } games a cell
lab-stop-sprt = each cell stopped by Wald's SPRT (the first player scores 50 % against 50 % + { $delta } points, α = { $alpha }, β = { $beta })
lab-stop-width = each cell stopped once its interval is within ±{ $width } points
lab-chart-first-rate = First-player win rate, with its Wilson interval (filled), and score counting a draw as half, with its trinomial interval (hollow)
lab-chart-draws = First-player wins, draws and second-player wins (decisiveness: all but the draws)
lab-chart-length = Game length
lab-chart-branching = Branching factor over the game
lab-chart-reasons = How the games end
lab-chart-lead = Lead changes and final margin
lab-chart-picture = An example game per cell: the last position of game 0
lab-picture-caption = { $cell }: { $result } after { $plies } plies
lab-legend-first-wins = first player wins
lab-legend-draws = draws
lab-legend-second-wins = second player wins
lab-axis-plies = plies
lab-axis-tenth = tenth of the game
lab-axis-moves = legal moves
lab-lead-changes = lead changes per game
lab-margin = final margin, first minus second
lab-no-scores = No game of this study keeps scores.
lab-table-title = The numbers
lab-col-cell = Cell
lab-col-games = Games
lab-col-first-rate = First wins % [95 %]
lab-col-score = Score % [95 %]
lab-col-draw-rate = Draws %
lab-col-decisive = Decisive %
lab-col-plies = Plies mean (p10/p50/p90)
lab-col-branching = Branching
lab-col-lead = Lead changes
lab-col-margin = Margin
lab-col-verdict = SPRT
lab-verdict-edge = first-player edge (H1)
lab-verdict-fair = no edge (H0)
lab-verdict-open = undecided
lab-end-ply-limit = stopped at the ply limit
lab-end-no-move = no legal move
