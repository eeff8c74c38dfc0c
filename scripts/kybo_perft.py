# Prints [4, 20, 148, 1396, 15664], as kybo/tests/perft.rs expects.
# Independent KYBO perft from the empty board (no KYBO can happen in 6 plies).
def ring(f, r): return min(f, 7 - f, r, 7 - r)
LIMIT = [1, 2, 3, 4]
def legal(h):
    if not any(h): return [i for i in range(64) if ring(i % 8, i // 8) == 3]
    out = []
    for i in range(64):
        f, r = i % 8, i // 8
        if h[i] >= LIMIT[ring(f, r)]: continue
        if h[i] == 0 and not any(0 <= f + df < 8 and 0 <= r + dr < 8 and h[(r + dr) * 8 + f + df] for df, dr in ((1,0),(-1,0),(0,1),(0,-1))): continue
        out.append(i)
    return out
def perft(h, d):
    ms = legal(h)
    if d == 1: return len(ms)
    t = 0
    for m in ms:
        h[m] += 1; t += perft(h, d - 1); h[m] -= 1
    return t
print([perft([0]*64, d) for d in range(1, 6)])
