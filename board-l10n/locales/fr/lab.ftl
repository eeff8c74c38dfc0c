# Le laboratoire du concepteur (board-lab) : les mots du rapport d'une
# étude. Cellules, configurations et agents sont des données, jamais
# traduites.

lab-report-title = { $study } : le laboratoire du concepteur
lab-report-intro = Graine { $seed } ; { $stop }. Chaque cellule joue ses parties en alternant les places de ses deux agents ; chaque intervalle est à 95 %.
lab-agents-note = Les résultats portent sur le jeu des agents de l'ordinateur nommés dans chaque cellule : « random » joue un coup légal tiré au hasard, « computer:N » est l'agent du jeu avec N nœuds par coup. Ils ne disent rien du jeu des personnes.
lab-stop-games = { $games } parties par cellule
lab-stop-sprt = chaque cellule arrêtée par le SPRT de Wald (le premier joueur marque 50 % contre 50 % + { $delta } points, α = { $alpha }, β = { $beta })
lab-stop-width = chaque cellule arrêtée dès que son intervalle tient dans ±{ $width } points
lab-chart-first-rate = Taux de victoire du premier joueur, avec son intervalle de Wilson (plein), et score comptant une nulle pour moitié, avec son intervalle trinomial (creux)
lab-chart-draws = Victoires du premier joueur, nulles et victoires du second (décision : tout sauf les nulles)
lab-chart-length = Durée des parties
lab-chart-branching = Facteur de branchement au fil de la partie
lab-chart-reasons = Comment finissent les parties
lab-chart-lead = Changements de meneur et écart final
lab-chart-picture = Une partie par cellule : la dernière position de la partie 0
lab-picture-caption = { $cell } : { $result } en { $plies } coups
lab-legend-first-wins = victoires du premier joueur
lab-legend-draws = nulles
lab-legend-second-wins = victoires du second joueur
lab-axis-plies = coups
lab-axis-tenth = dixième de la partie
lab-axis-moves = coups légaux
lab-lead-changes = changements de meneur par partie
lab-margin = écart final, premier moins second
lab-no-scores = Aucun jeu de cette étude ne compte de points.
lab-table-title = Les chiffres
lab-col-cell = Cellule
lab-col-games = Parties
lab-col-first-rate = Victoires du premier % [95 %]
lab-col-score = Score % [95 %]
lab-col-draw-rate = Nulles %
lab-col-decisive = Décidées %
lab-col-plies = Coups moyen (p10/p50/p90)
lab-col-branching = Branchement
lab-col-lead = Changements de meneur
lab-col-margin = Écart
lab-col-verdict = SPRT
lab-verdict-edge = avantage au premier (H1)
lab-verdict-fair = pas d'avantage (H0)
lab-verdict-open = indécis
lab-end-ply-limit = arrêtée à la limite de coups
lab-end-no-move = aucun coup légal
