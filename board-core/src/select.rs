//! [`BitRanks`]: the count of a `u64`'s set bits and the index of its k-th
//! set bit, without a loop over the bits (for list-free random-move
//! samplers).

use crate::Rng;

const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
const HIGH_BYTES: u64 = 0x8080_8080_8080_8080;

/// `SELECT_IN_BYTE[b][k]`: the index of the `k`-th set bit (from 0) of the
/// byte `b`, or 8 if `b` has no more than `k` set bits.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                table[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// The set bits of a `u64` with their running count byte by byte, for
/// counting them and finding the k-th of them in a few word operations
/// (broadword select, after Vigna's "Broadword implementation of
/// rank/select queries", 2008): the running counts locate the byte that
/// holds the k-th bit and a 2 KiB table the bit inside it. No branch
/// depends on the bits, and it needs no `popcnt` instruction.
///
/// ```
/// use board_core::BitRanks;
/// let ranks = BitRanks::new(0b1011_0000_0000_0110);
/// assert_eq!(ranks.count(), 5);
/// assert_eq!((0..5).map(|k| ranks.select(k)).collect::<Vec<_>>(), [1, 2, 12, 13, 15]);
/// assert_eq!(ranks.get(5), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitRanks {
    bits: u64,
    /// Byte `i`: the set bits of bytes `0..=i` of `bits`.
    running: u64,
}

impl BitRanks {
    /// The ranks of the set bits of `bits`.
    #[inline]
    pub const fn new(bits: u64) -> BitRanks {
        let mut s = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
        s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
        s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        BitRanks {
            bits,
            running: s.wrapping_mul(LOW_BYTES),
        }
    }

    /// The bits these ranks are of.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// The number of set bits.
    #[inline]
    pub const fn count(self) -> u32 {
        (self.running >> 56) as u32
    }

    /// The index of the `k`-th set bit (from 0, by increasing index), for
    /// `k` below [`count`](BitRanks::count): the form a sampler calls with
    /// `k = rng.below(count)`, without a test. Any other `k` gives some
    /// number (below 128, never a panic); [`get`](BitRanks::get) checks.
    #[inline]
    pub const fn select(self, k: u32) -> u32 {
        let k = k as u64;
        // Byte i of `past` is 0x80 where bytes 0..=i hold more than k set
        // bits (at most 64 each, below the high bit, so no byte borrows
        // from the next): the first such byte holds the k-th.
        let past = ((self.running | HIGH_BYTES).wrapping_sub((k + 1).wrapping_mul(LOW_BYTES)))
            & HIGH_BYTES;
        // Its high bit is the lowest one. (With `k` out of range there may
        // be none: bit 63 then stands for the last byte, the answer is
        // meaningless but nothing panics, and the count of zeros is never
        // that of 0, which costs a test without `tzcnt`.)
        let shift = (past | 1 << 63).trailing_zeros() - 7;
        let before = (self.running << 8) >> shift & 0xff;
        let in_byte = self.bits >> shift & 0xff;
        // The byte's row of the table read whole, then the entry cut out
        // of it: the read need not wait for the rank inside the byte.
        let row = u64::from_le_bytes(SELECT_IN_BYTE[in_byte as usize]);
        shift + (row >> ((k.wrapping_sub(before) & 7) * 8) & 0xff) as u32
    }

    /// These ranks as the part of a list that follows `before` other
    /// entries (a sampler's list made of several words, drawn from with
    /// one index): [`ListedRanks::select`] then takes the list's index.
    ///
    /// ```
    /// use board_core::BitRanks;
    /// let ranks = BitRanks::new(0b1011_0000_0000_0110);
    /// let listed = ranks.after(40);
    /// assert_eq!((40..45).map(|k| listed.select(k)).collect::<Vec<_>>(), [1, 2, 12, 13, 15]);
    /// ```
    #[inline]
    pub const fn after(self, before: u32) -> ListedRanks {
        let offset = (before as u64).wrapping_mul(LOW_BYTES);
        ListedRanks {
            bits: self.bits,
            past: (self.running | HIGH_BYTES).wrapping_add(offset),
            prior: (self.running << 8 | HIGH_BYTES).wrapping_add(offset),
        }
    }

    /// A uniformly random set bit of the word (which must have one): the
    /// `rng.below(count)`-th, drawing one number from `rng` (what
    /// `moves[rng.below(moves.len())]` draws from a list of the bits).
    #[inline]
    pub fn random(self, rng: &mut Rng) -> u32 {
        self.select(rng.below(self.count() as usize) as u32)
    }

    /// The index of the `k`-th set bit (from 0, by increasing index), or
    /// `None` if there are no more than `k`.
    #[inline]
    pub const fn get(self, k: u32) -> Option<u32> {
        if k < self.count() {
            Some(self.select(k))
        } else {
            None
        }
    }
}

/// [`BitRanks`] placed after other entries of a list
/// ([`BitRanks::after`]): the k-th set bit by the list's index, the offset
/// folded into the running counts beforehand, so that a sampler that draws
/// the index last has less left to do after the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListedRanks {
    bits: u64,
    /// Byte `i`: 128 plus the entries up to the end of byte `i` of `bits`
    /// (the ones before included), as digits of one word modulo 2^64
    /// (they may overflow a byte: only differences with the index are
    /// read, and those fit).
    past: u64,
    /// The same up to the start of byte `i`.
    prior: u64,
}

impl ListedRanks {
    /// The index of the set bit that is entry `k` of the list, for `k`
    /// from `before` to `before + count - 1` (see [`BitRanks::after`]).
    /// Any other `k` gives some number (below 128, never a panic).
    #[inline]
    pub const fn select(self, k: u32) -> u32 {
        let k1 = (k as u64).wrapping_add(1).wrapping_mul(LOW_BYTES);
        // Byte i of `past - (k + 1)` is 128 plus the entries up to the end
        // of byte i, less k + 1: for k in range every such byte lies in
        // 64..192, so the subtraction as a whole is exact byte by byte,
        // and the high bit marks the bytes past entry k.
        let past = self.past.wrapping_sub(k1) & HIGH_BYTES;
        let shift = (past | 1 << 63).trailing_zeros() - 7;
        // The same before the byte: 127 less the rank inside it.
        let rank = !(self.prior.wrapping_sub(k1) >> shift) & 7;
        let in_byte = self.bits >> shift & 0xff;
        let row = u64::from_le_bytes(SELECT_IN_BYTE[in_byte as usize]);
        shift + (row >> (rank * 8) & 0xff) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The k-th set bit by clearing the lower ones one at a time.
    fn select_by_clearing(mut bits: u64, k: u32) -> u32 {
        for _ in 0..k {
            bits &= bits.wrapping_sub(1);
        }
        bits.trailing_zeros()
    }

    #[test]
    fn counts_and_selects_every_bit_of_random_words() {
        let mut rng = Rng::new(5);
        let mut words = vec![0, !0, 1, 1 << 63, 0x8000_0000_0000_0001, 0xff00];
        for _ in 0..2000 {
            // Sparse, dense and even words.
            let (a, b) = (rng.next_u64(), rng.next_u64());
            words.extend([a, a & b, a | b, a & b & rng.next_u64()]);
        }
        for bits in words {
            let ranks = BitRanks::new(bits);
            assert_eq!(ranks.bits(), bits);
            assert_eq!(ranks.count(), bits.count_ones(), "{bits:#x}");
            for k in 0..=64 {
                let expected = select_by_clearing(bits, k);
                let got = ranks.get(k);
                assert_eq!(got, (expected < 64).then_some(expected), "{bits:#x} k={k}");
                if let Some(bit) = got {
                    assert_eq!(ranks.select(k), bit, "{bits:#x} k={k}");
                } else {
                    assert!(ranks.select(k) < 128);
                }
            }
            // Far out of range: still no panic (debug builds check overflow).
            for k in [65, 1000, u32::MAX / 2, u32::MAX] {
                assert!(ranks.select(k) < 128);
                assert_eq!(ranks.get(k), None);
            }
        }
    }

    #[test]
    fn listed_ranks_select_by_the_lists_index() {
        let mut rng = Rng::new(9);
        for round in 0..3000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let bits = [a, a & b, a | b, a & b & rng.next_u64(), !0, 0][round % 6];
            let ranks = BitRanks::new(bits);
            let before = [rng.below(200), rng.below(1 << 20)][round % 2] as u32;
            let listed = ranks.after(before);
            for k in 0..ranks.count() {
                assert_eq!(
                    listed.select(before + k),
                    ranks.select(k),
                    "{bits:#x} {before}+{k}"
                );
            }
            // Out of range: no panic, some number below 128.
            for k in [
                0,
                before.wrapping_sub(1),
                before + ranks.count(),
                255,
                u32::MAX,
            ] {
                assert!(listed.select(k) < 128);
            }
        }
    }

    #[test]
    fn select_in_byte_table_lists_the_bits_of_each_byte() {
        for (b, row) in SELECT_IN_BYTE.iter().enumerate() {
            let listed: Vec<u8> = row.iter().copied().take_while(|&i| i < 8).collect();
            let expected: Vec<u8> = (0..8).filter(|i| b >> i & 1 == 1).collect();
            assert_eq!(listed, expected, "byte {b:#x}");
            assert!(row[listed.len()..].iter().all(|&i| i == 8));
        }
    }
}
