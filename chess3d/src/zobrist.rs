//! Zobrist keys for the incremental position hash (C3-17 repetitions).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// The keys: pieces by colour, kind and cell; castling rights; en-passant
/// cells; side to move.
pub(crate) struct Keys {
    pub(crate) pieces: [[[u64; 512]; 6]; 2],
    pub(crate) castling: [u64; 16],
    pub(crate) ep: [u64; 512],
    pub(crate) black: u64,
}

/// The keys, computed at compile time from a fixed seed.
pub(crate) static KEYS: Keys = {
    let mut k = Keys {
        pieces: [[[0; 512]; 6]; 2],
        castling: [0; 16],
        ep: [0; 512],
        black: 0,
    };
    let mut state = 0x03dc_4e55_u64;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut i = 0;
            while i < 512 {
                let (s, v) = splitmix(state);
                state = s;
                k.pieces[c][r][i] = v;
                i += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let mut i = 0;
    while i < 512 {
        let (s, v) = splitmix(state);
        state = s;
        k.ep[i] = v;
        i += 1;
    }
    // Castling keys are the XOR of one key per right, so updating rights is
    // one XOR of the old and new key sets.
    let mut bits = [0u64; 4];
    let mut b = 0;
    while b < 4 {
        let (s, v) = splitmix(state);
        state = s;
        bits[b] = v;
        b += 1;
    }
    let mut m = 0;
    while m < 16 {
        let mut b = 0;
        while b < 4 {
            if m >> b & 1 == 1 {
                k.castling[m] ^= bits[b];
            }
            b += 1;
        }
        m += 1;
    }
    let (_, v) = splitmix(state);
    k.black = v;
    k
};
