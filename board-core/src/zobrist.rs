//! Zobrist keys, written once: compile-time tables of random 64-bit keys,
//! and the key of a state given as bitboard words.

/// One step of SplitMix64: the next state and the number it gives.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// `N` random keys from `seed` (SplitMix64), computed at compile time when
/// used in a `const` or `static`.
///
/// ```
/// const KEYS: [u64; 4] = board_core::zobrist_keys(7);
/// assert_ne!(KEYS[0], KEYS[1]);
/// assert_eq!(KEYS, board_core::zobrist_keys::<4>(7));
/// ```
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// The Zobrist key of bitboard words: the XOR of `keys[64 * i + bit]` for
/// every set `bit` of `words[i]`. Keys past the end of `keys` are never read:
/// `words` must have at most `keys.len() / 64` entries.
///
/// ```
/// const KEYS: [u64; 128] = board_core::zobrist_keys(1);
/// let a = board_core::zobrist_of_bits(&KEYS, &[0b101, 0]);
/// let b = board_core::zobrist_of_bits(&KEYS, &[0b001, 0]);
/// assert_eq!(a ^ b, KEYS[2]);
/// assert_eq!(board_core::zobrist_of_bits(&KEYS, &[0, 1]), KEYS[64]);
/// ```
pub fn zobrist_of_bits(keys: &[u64], words: &[u64]) -> u64 {
    debug_assert!(words.len() * 64 <= keys.len(), "a word without keys");
    let mut key = 0;
    for (word, table) in words.iter().zip(keys.chunks_exact(64)) {
        let mut bits = *word;
        while bits != 0 {
            key ^= table[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    key
}

/// A small value (a score, a count, a flag) mixed into a key: a different
/// random-looking key for every `(field, value)`, computed, not tabled.
///
/// ```
/// use board_core::zobrist_of_value;
/// assert_ne!(zobrist_of_value(0, 1), zobrist_of_value(1, 1));
/// assert_ne!(zobrist_of_value(0, 1), zobrist_of_value(0, 2));
/// ```
pub const fn zobrist_of_value(field: u64, value: u64) -> u64 {
    splitmix(splitmix(field).1 ^ value).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_bits_xor_in_and_out() {
        const KEYS: [u64; 256] = zobrist_keys(42);
        let mut sorted = KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
        let words = [u64::MAX, 0x8000_0000_0000_0001, 0, 7];
        let all = zobrist_of_bits(&KEYS, &words);
        let expected = (0..64).fold(0, |k, i| k ^ KEYS[i])
            ^ KEYS[64]
            ^ KEYS[127]
            ^ KEYS[192]
            ^ KEYS[193]
            ^ KEYS[194];
        assert_eq!(all, expected);
        assert_eq!(zobrist_of_bits(&KEYS, &[0; 4]), 0);
    }
}
