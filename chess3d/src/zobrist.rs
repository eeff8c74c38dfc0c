//! Zobrist keys for the incremental position hash (C3-17 repetitions), and
//! the hash of a position computed from scratch ([`key_of`]).

use board_core::{Cell, Color};

use crate::piece::Piece;

/// The random numbers the keys are taken from, in order: pieces (2 × 6 ×
/// 512), en-passant cells (512), the four castling rights, side to move.
static STREAM: [u64; 2 * 6 * 512 + 512 + 4 + 1] = board_core::zobrist_keys(0x03dc_4e55);

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
    let mut n = 0;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut i = 0;
            while i < 512 {
                k.pieces[c][r][i] = STREAM[n];
                n += 1;
                i += 1;
            }
            r += 1;
        }
        c += 1;
    }
    let mut i = 0;
    while i < 512 {
        k.ep[i] = STREAM[n];
        n += 1;
        i += 1;
    }
    // Castling keys are the XOR of one key per right, so updating rights is
    // one XOR of the old and new key sets.
    let mut bits = [0u64; 4];
    let mut b = 0;
    while b < 4 {
        bits[b] = STREAM[n];
        n += 1;
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
    k.black = STREAM[n];
    k
};

/// The Zobrist key of a position from its parts, computed from scratch:
/// what `compute_hash` returns and the incremental key must equal.
pub(crate) fn key_of(
    pieces: impl Iterator<Item = (Cell, Piece)>,
    castling: usize,
    ep: Option<Cell>,
    turn: Color,
) -> u64 {
    let mut h = 0;
    for (cell, p) in pieces {
        h ^= KEYS.pieces[p.color as usize][p.role.index()][cell.index()];
    }
    h ^= KEYS.castling[castling];
    if let Some(ep) = ep {
        h ^= KEYS.ep[ep.index()];
    }
    if turn == Color::Black {
        h ^= KEYS.black;
    }
    h
}
