//! Game codes and seat tokens: what a player reads aloud, and what a client
//! keeps secret. Both come from the operating system's random source.

use core::fmt;
use core::str::FromStr;

use sha2::{Digest, Sha256};

/// The characters of a game code: uppercase letters and digits without the
/// look-alikes `0 O 1 I L` (31 characters, so a code is one of 31⁶ ≈ 887
/// million).
pub const CODE_ALPHABET: &[u8; 31] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a game code.
pub const CODE_LEN: usize = 6;

/// Random bytes in a seat token (128 bits).
pub const TOKEN_BYTES: usize = 16;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    // The OS random source does not fail on any platform this runs on once
    // the process has started; if it ever did, serving games with
    // predictable tokens would be worse than stopping.
    #[allow(clippy::expect_used)]
    getrandom::fill(&mut buf).expect("the operating system's random source failed");
    buf
}

/// A fair coin toss.
#[must_use]
pub fn coin() -> bool {
    random_bytes::<1>()[0] & 1 == 1
}

/// A game code: 6 characters of [`CODE_ALPHABET`].
///
/// ```
/// use board_online::Code;
/// let code: Code = " k7m2qx ".parse().unwrap();
/// assert_eq!(code.to_string(), "K7M2QX");
/// assert!("K0M2QX".parse::<Code>().is_err()); // 0 is not in the alphabet
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code(String);

/// Why a text is not a game code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a game code is {CODE_LEN} characters of {alphabet}", alphabet = std::str::from_utf8(CODE_ALPHABET).unwrap_or(""))]
pub struct BadCode;

impl Code {
    /// A new random code.
    #[must_use]
    pub fn generate() -> Code {
        let mut code = String::with_capacity(CODE_LEN);
        while code.len() < CODE_LEN {
            for b in random_bytes::<16>() {
                // Rejection sampling: 248 = 8 × 31, so every character is
                // equally likely.
                if b < 248 && code.len() < CODE_LEN {
                    code.push(char::from(CODE_ALPHABET[usize::from(b % 31)]));
                }
            }
        }
        Code(code)
    }

    /// The code's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Code {
    type Err = BadCode;

    /// Reads a code in either case, ignoring surrounding spaces.
    fn from_str(s: &str) -> Result<Code, BadCode> {
        let s = s.trim();
        if s.len() != CODE_LEN {
            return Err(BadCode);
        }
        let upper = s.to_ascii_uppercase();
        if upper.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
            Ok(Code(upper))
        } else {
            Err(BadCode)
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A secret seat token: 128 random bits, written as 32 lowercase hex digits.
/// The server keeps only its SHA-256 ([`hash`]).
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken([u8; TOKEN_BYTES]);

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

impl SeatToken {
    /// A new random token.
    #[must_use]
    pub fn generate() -> SeatToken {
        SeatToken(random_bytes())
    }

    /// The SHA-256 of the token's text.
    #[must_use]
    pub fn hash(&self) -> [u8; 32] {
        hash(&self.to_string())
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// The SHA-256 of a token text as a client sent it (whatever it is).
#[must_use]
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_the_alphabet_and_read_back_in_any_case() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let code = Code::generate();
            assert_eq!(code.as_str().len(), CODE_LEN);
            assert!(code.as_str().bytes().all(|b| CODE_ALPHABET.contains(&b)));
            assert_eq!(
                code.as_str().to_lowercase().parse::<Code>(),
                Ok(code.clone())
            );
            seen.insert(code);
        }
        assert!(seen.len() > 195, "codes repeat: {}", seen.len());
        for bad in [
            "", "ABCDE", "ABCDEFG", "ABCDE0", "ABCDEI", "ABCDEL", "ABCDEO", "ABCDÉ",
        ] {
            assert_eq!(bad.parse::<Code>(), Err(BadCode), "{bad}");
        }
    }

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = SeatToken::generate();
        let b = SeatToken::generate();
        assert_ne!(a, b);
        let text = a.to_string();
        assert_eq!(text.len(), 32);
        assert!(text.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(a.hash(), hash(&text));
        assert_ne!(a.hash(), b.hash());
        assert_eq!(format!("{a:?}"), "SeatToken(…)");
    }
}
