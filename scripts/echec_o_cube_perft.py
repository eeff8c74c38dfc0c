# Prints [224, 1168, 8256, 73952], as echec-o-cube/tests/perft.rs expects (about 3 minutes).
# Independent ÉCHEC O CUBE perft (default config, no reds), straight from RULES EOC-2..EOC-15.
# Segments: ('h', f, r) joins (f,r)-(f+1,r); ('v', f, r) joins (f,r)-(f,r+1).
segs = [('h', f, r) for r in range(8) for f in range(7)] + [('v', f, r) for r in range(7) for f in range(8)]
def ends(s):
    o, f, r = s
    return [(f, r), (f + 1, r)] if o == 'h' else [(f, r), (f, r + 1)]
def outline(size, f, r):
    out = []
    for k in range(size):
        out += [('h', f + k, r), ('h', f + k, r + size), ('v', f, r + k), ('v', f + size, r + k)]
    return out
squares = [outline(1, f, r) for f in range(7) for r in range(7)] + [outline(2, f, r) for f in range(6) for r in range(6)]
def legal(board):  # board: dict seg -> 'P'/'F'
    moves = []
    dark_ends = set(e for s, k in board.items() if k == 'F' for e in ends(s))
    pale_ends = set(e for s, k in board.items() if k == 'P' for e in ends(s))
    for s in segs:
        if s in board: continue
        for k in 'PF':
            if board:
                e = ends(s)
                if k == 'P' and not any(x in dark_ends for x in e): continue
                if k == 'F' and (any(x in dark_ends for x in e) or not any(x in pale_ends for x in e)): continue
            nb = dict(board); nb[s] = k
            closes = any(s in sq and all(t in nb for t in sq) for sq in squares)
            moves.append(nb)
            if closes: moves.append(nb)  # announced and unannounced variants
    return moves
def perft(board, d):
    if d == 0: return 1
    ms = legal(board)
    if d == 1: return len(ms)
    return sum(perft(b, d - 1) for b in ms)
print([perft({}, d) for d in range(1, 5)])
