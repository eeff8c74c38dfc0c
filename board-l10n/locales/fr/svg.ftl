# Les mots des images des plateaux (le SVG de chaque jeu, `to_svg_in`), en
# français : leurs titres, lignes d'état et légendes. Les cases, niveaux et
# hauteurs sont de la notation.

svg-kybo-title = KYBO, { $status }
svg-kybo-title-top = KYBO, vu de dessus, { $status }
svg-kybo-over = { $outcome } après { $count } coups
svg-kybo-turn = trait : { $player }, coup { $number }
svg-kybo-cubes = { $player } { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    }
svg-kybo-cubes-left = { $player } { $count ->
        [one] { $count } cube
       *[other] { $count } cubes
    } (reste { $left })
svg-kybo-zone = { $zone } : { $height ->
        [one] 1 cube
       *[other] { $height } cubes
    } de haut au plus
svg-kybo-zone-gates = Portes
svg-kybo-zone-walls = Remparts
svg-kybo-zone-castle = Château
svg-kybo-zone-dungeon = Donjon
svg-kybo-key-network = or : le réseau gagnant (KYBO), cube par cube
svg-kybo-key-last = point rouge : le dernier cube posé
svg-kybo-key-target = tirets verts : où poser un cube
svg-eoc-title = ÉCHEC O CUBE, { $status }
svg-eoc-over = Partie terminée : { $outcome }
svg-eoc-turn = trait : { $player }
svg-eoc-claimable = { $points ->
        [one] { $points } point réclamable
       *[other] { $points } points réclamables
    }
svg-eoc-reds = { $count ->
        [one] reste { $count } rouge
       *[other] reste { $count } rouges
    }
svg-eoc-player = { $player } : { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, reste { $pale } pâles et { $dark } foncés
svg-eoc-final = décompte final { $count }
svg-eoc-key-nobody = gris : fermé, marqué par personne (réclamable, ou perdu)
svg-eoc-key-marks = barré : mort, 0 point ; coins marqués : un carré 2×2
svg-c3-title = échecs 3D, { $levels ->
        [one] { $levels } niveau
       *[other] { $levels } niveaux
    }, { $status }
svg-c3-over = { $outcome } au coup { $number }
svg-c3-turn = coup { $number }, trait : { $player }
svg-c3-turn-check = coup { $number }, trait : { $player }, en échec
svg-c3-material = matériel : Blanc { $white }, Noir { $black }
