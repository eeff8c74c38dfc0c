//! Sliding attacks on one level by magic multiplication (rooks and
//! bishops, C3-4 to C3-6): the occupancy of the squares that can block a
//! slider on `sq` is multiplied by a number found for that square, whose
//! top bits index the square's own slice of one attack table. Two loads, a
//! multiplication and a shift, where the line-by-line lookups of
//! [`geometry`](crate::geometry) took a dozen more instructions.
//!
//! The numbers were found once by a seeded random search (sparse random
//! candidates, kept when no two occupancies with different attacks share an
//! index) and are written out here; the tables are built from them at
//! compile time, by the obstruction difference of
//! [`geometry`](crate::geometry), and the tests check every occupancy of
//! every square against plain stepping.

use crate::geometry::{slide, BISHOP_LINES, FILE_A, FILE_H, LINES, RANK_1, RANK_8, ROOK_LINES};

/// One square's lookup: the blockers' mask, the multiplier, where its slice
/// of the table starts and the shift that keeps the index's bits.
#[derive(Clone, Copy)]
pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    offset: usize,
    shift: u32,
}

impl Magic {
    /// The index in the table of the attacks under occupancy `occ`.
    #[inline(always)]
    const fn index(&self, occ: u64) -> usize {
        self.offset + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The rook's multipliers, square by square (A1 = 0).
const ROOK_NUMBERS: [u64; 64] = [
    0x2080_0020_8040_0010,
    0x00c0_0020_0140_1000,
    0x2100_1100_0840_2002,
    0x0880_0800_8104_1000,
    0x0200_0200_2004_1008,
    0x2300_0400_0801_0012,
    0x0c00_2830_0400_8201,
    0x0180_0100_0040_7a80,
    0x0168_8000_8040_0020,
    0x0010_4000_4020_1000,
    0x1001_0020_0100_1048,
    0x1001_0024_0810_0100,
    0x0801_0004_0801_0012,
    0x4001_0002_0900_0400,
    0x08a2_0004_c802_0001,
    0x2002_8011_4500_2280,
    0x0080_8600_2100_4200,
    0x0010_00c0_0940_2002,
    0x00b0_0020_0400_2800,
    0x100a_8080_1002_0800,
    0x8101_0100_0800_0410,
    0x0244_0080_0200_0480,
    0x0000_0400_1081_0208,
    0x2000_0200_0044_8534,
    0x4104_4004_8000_8033,
    0x0000_8101_0020_4000,
    0x0440_4309_0020_0010,
    0x4600_2409_0010_0100,
    0x0060_0800_8004_0080,
    0x0001_0003_0008_0400,
    0x0004_0844_0001_1002,
    0x0023_0402_0000_8041,
    0x0580_0500_4300_2080,
    0x0400_8040_0280_2008,
    0x0001_0020_0100_4010,
    0x1000_2009_0100_1000,
    0x4410_8008_0180_0c00,
    0xa012_0038_0600_1004,
    0x0020_1001_0400_8802,
    0x0004_8084_0200_0041,
    0x0010_4001_7089_8000,
    0x0080_5000_2000_4004,
    0x1040_4080_1202_0020,
    0x8010_0400_0800_4040,
    0x2001_0801_0011_0004,
    0x0000_0200_0400_8080,
    0x0021_0108_1004_0002,
    0x0800_008c_4302_0024,
    0x0000_8000_2100_5100,
    0x0070_2010_4000_8080,
    0x0000_d042_8200_6a00,
    0x0010_0144_0008_0240,
    0x0001_0801_1005_0100,
    0x0012_0008_1024_0600,
    0x0402_0008_0104_0200,
    0x0281_0010_8a00_4100,
    0x0050_8003_0010_2045,
    0x8208_2100_4012_0882,
    0x8010_6001_0118_3441,
    0x020b_0009_1000_6045,
    0x0241_0010_0248_0005,
    0x0081_0004_0088_0241,
    0x0000_0090_0802_4124,
    0x0048_1229_8041_0402,
];

/// The bishop's multipliers, square by square.
const BISHOP_NUMBERS: [u64; 64] = [
    0x0848_0208_2204_0013,
    0x8010_a400_8582_1200,
    0x0008_0084_3084_0822,
    0x0808_0481_0804_0000,
    0x1304_0421_0000_8104,
    0x5001_0120_1020_4023,
    0x8104_8801_b820_0420,
    0x200a_0080_8401_2000,
    0x0040_1020_0104_2084,
    0x840a_5050_4242_8020,
    0x0000_7001_0220_2920,
    0x4410_1c0c_1080_0002,
    0x0040_0404_2200_0000,
    0x0180_0208_0209_0202,
    0x4020_0208_1104_1202,
    0x0001_0430_8c04_2000,
    0x4140_6610_0242_4400,
    0x0028_0120_0801_0460,
    0x0188_0621_0200_2a00,
    0x0014_0048_4010_2008,
    0x0105_0002_9040_0002,
    0x8001_0222_0041_0400,
    0x104a_0419_1801_3446,
    0x008a_0000_8200_8238,
    0x04a0_0600_0810_0430,
    0x0008_2200_0882_0801,
    0x2508_0412_0800_5010,
    0x4008_0802_0020_2020,
    0x2441_0010_1300_4000,
    0x0030_0080_6040_7000,
    0x4008_1080_0042_0800,
    0x0012_0210_5029_0100,
    0x0210_0804_8220_0500,
    0xcc01_1120_4810_0480,
    0x0020_4028_0650_0440,
    0x0004_8e00_8058_0080,
    0x0040_1020_2002_0080,
    0x0028_0104_4008_0807,
    0x4601_0411_0800_8800,
    0x8040_810e_0410_4200,
    0x9012_1011_0400_088a,
    0xa003_0802_1208_1050,
    0x00c1_0040_4840_1004,
    0x9000_00a0_1440_0800,
    0x0008_0210_4040_5401,
    0x4020_0082_0600_2090,
    0x0004_1904_2403_0100,
    0x0424_008a_0202_6250,
    0x8004_0882_5090_0040,
    0x1c00_4300_88a0_4200,
    0x0001_0200_9404_0001,
    0x8040_2100_2088_0061,
    0x2010_0404_5044_2032,
    0x0800_8408_5004_4001,
    0x0004_0408_0214_0004,
    0x0004_080a_0422_2020,
    0x8088_8021_1002_2000,
    0x1081_a104_1611_4400,
    0x0205_010a_2406_0820,
    0x0000_0007_2041_1080,
    0x1008_0002_0843_0400,
    0x580c_0260_2881_0840,
    0x8020_2044_1020_a110,
    0x12c0_0224_0102_0018,
];

/// The squares that can block a slider on `sq` along `lines`: the lines
/// without their last square (nothing lies beyond it).
const fn blockers(sq: usize, lines: [usize; 2]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 2 {
        let line = LINES[sq][lines[i]];
        let edges = match lines[i] {
            0 => RANK_1 | RANK_8,
            1 => FILE_A | FILE_H,
            _ => RANK_1 | RANK_8 | FILE_A | FILE_H,
        };
        mask |= (line.lower | line.upper) & !edges;
        i += 1;
    }
    mask
}

/// The lookups of the 64 squares, their slices laid end to end.
const fn magics(lines: [usize; 2], numbers: &[u64; 64]) -> [Magic; 64] {
    let mut t = [Magic {
        mask: 0,
        magic: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = blockers(sq, lines);
        let bits = mask.count_ones();
        t[sq] = Magic {
            mask,
            magic: numbers[sq],
            offset,
            shift: 64 - bits,
        };
        offset += 1 << bits;
        sq += 1;
    }
    t
}

/// The length of the table of `magics`: the sum of its slices.
const fn table_len(magics: &[Magic; 64]) -> usize {
    magics[63].offset + (1 << (64 - magics[63].shift))
}

/// The attack table of `magics`: every occupancy of each square's blockers
/// (Carry-Rippler enumeration), its attacks along `lines` at its index.
const fn table<const N: usize>(magics: &[Magic; 64], lines: [usize; 2]) -> [u64; N] {
    let mut t = [0u64; N];
    let mut sq = 0;
    while sq < 64 {
        let m = &magics[sq];
        let mut occ = 0u64;
        loop {
            t[m.index(occ)] = slide(sq, lines, occ);
            occ = occ.wrapping_sub(m.mask) & m.mask;
            if occ == 0 {
                break;
            }
        }
        sq += 1;
    }
    t
}

/// The rook's lookups.
static ROOK: [Magic; 64] = magics(ROOK_LINES, &ROOK_NUMBERS);
/// The bishop's lookups.
static BISHOP: [Magic; 64] = magics(BISHOP_LINES, &BISHOP_NUMBERS);
/// The rooks' attacks: 102,400 sets (800 KB), every square's slice as long
/// as its blockers have occupancies.
static ROOK_TABLE: [u64; table_len(&ROOK)] = table(&ROOK, ROOK_LINES);
/// The bishops' attacks: 5,248 sets (41 KB).
static BISHOP_TABLE: [u64; table_len(&BISHOP)] = table(&BISHOP, BISHOP_LINES);

/// Rook attacks on one level from `sq`, given that level's occupancy.
#[inline(always)]
pub(crate) fn rook_attacks(sq: usize, occ: u64) -> u64 {
    ROOK_TABLE[ROOK[sq].index(occ)]
}

/// Bishop attacks on one level from `sq`, given that level's occupancy.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    BISHOP_TABLE[BISHOP[sq].index(occ)]
}

#[cfg(test)]
mod tests {
    use super::*;

    // The slices are as long as the blockers' occupancies, and the lookups
    // agree with stepping (the tests of `geometry`, every occupancy of
    // every square's lines).
    #[test]
    fn table_sizes() {
        assert_eq!(ROOK_TABLE.len(), 102_400);
        assert_eq!(BISHOP_TABLE.len(), 5_248);
        assert_eq!(ROOK[0].mask.count_ones(), 12);
        assert_eq!(BISHOP[27].mask.count_ones(), 9);
    }
}
