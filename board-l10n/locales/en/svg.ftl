# The board pictures' words (each game's SVG, `to_svg_in`), in English:
# their titles, status lines and legends. Without a catalogue the pictures
# write the same English themselves. Squares, cells, levels and heights are
# notation.

svg-kybo-title = KYBO, { $status }
svg-kybo-title-top = KYBO, top view, { $status }
svg-kybo-over = { $outcome } after { $count } moves
svg-kybo-turn = { $player } to move, move { $number }
svg-kybo-cubes = { $player } { $count } cubes
svg-kybo-cubes-left = { $player } { $count } cubes ({ $left } left)
svg-kybo-zone = { $zone }: { $height ->
        [one] 1 cube
       *[other] { $height } cubes
    } high
svg-kybo-zone-gates = Gates (Portes)
svg-kybo-zone-walls = Walls (Remparts)
svg-kybo-zone-castle = Castle (Château)
svg-kybo-zone-dungeon = Dungeon (Donjon)
svg-kybo-key-network = gold: the winning network (KYBO), cube by cube
svg-kybo-key-last = red dot: the last cube placed
svg-kybo-key-target = green dashes: where a cube may land
svg-eoc-title = ÉCHEC O CUBE, { $status }
svg-eoc-over = Game over: { $outcome }
svg-eoc-turn = { $player } to move
svg-eoc-claimable = { $points } points claimable
svg-eoc-reds = { $count } reds left
svg-eoc-player = { $player }: { $points } points, { $pale } pale and { $dark } dark left
svg-eoc-final = final count { $count }
svg-eoc-key-nobody = grey: closed, scored by nobody yet (claimable, or lost)
svg-eoc-key-marks = crossed out: dead, 0 points; corner marks: a 2×2 square
svg-c3-title = chess3d, { $levels } levels, { $status }
svg-c3-over = { $outcome } in move { $number }
svg-c3-turn = move { $number }, { $player } to move
svg-c3-turn-check = move { $number }, { $player } to move, in check
svg-c3-material = material: White { $white }, Black { $black }
