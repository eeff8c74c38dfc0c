//! The statistics of the lab, written once: the [`wilson`] interval of a
//! rate, the [`trinomial`] interval of a score where draws count half,
//! nearest-rank [`percentile`]s, and Wald's [`Sprt`].
//!
//! Formulas (z = 1.959964, the two-sided 95 % normal quantile):
//!
//! - **Wilson** for k successes in n trials, p̂ = k/n:
//!   centre (p̂ + z²/2n) / (1 + z²/n), half-width
//!   z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n).
//! - **Trinomial** (as Fishtest's for W wins, D draws, L losses): the score
//!   s = (W + D/2)/n, its per-game variance
//!   σ² = (W(1−s)² + D(½−s)² + L s²)/n, and the normal interval
//!   s ± z·σ/√n.
//! - **SPRT** (Wald, on the first player's score): H0 p = ½, H1 p = ½ + δ;
//!   each win adds ln(p1/p0), each loss ln((1−p1)/(1−p0)), each draw half
//!   of both; accept H1 at LLR ≥ ln((1−β)/α), H0 at LLR ≤ ln(β/(1−α)).
//!   Wald's average sample number for a coin of bias p is
//!   E\[N\] = (P·A + (1−P)·B)/E\[z\], with P the chance of accepting H1
//!   (1−β under H1, α under H0).

/// The two-sided 95 % quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of `k` successes in `n` trials, as
/// shares; `(0, 1)` for no trial.
///
/// ```
/// let (lo, hi) = board_lab::wilson(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
/// ```
#[must_use]
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (k.min(n) as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The first player's score with draws counting half, and its 95 %
/// trinomial normal interval (Fishtest's): `(score, low, high)`, as shares;
/// `(0.5, 0, 1)` for no game.
///
/// ```
/// let (s, lo, hi) = board_lab::trinomial(40, 20, 40);
/// assert_eq!(s, 0.5);
/// assert!((hi - lo - 2.0 * 1.959964 * (0.2f64 / 100.0).sqrt()).abs() < 1e-4);
/// ```
#[must_use]
pub fn trinomial(wins: u64, draws: u64, losses: u64) -> (f64, f64, f64) {
    let n = wins + draws + losses;
    if n == 0 {
        return (0.5, 0.0, 1.0);
    }
    let (w, d, l, n) = (wins as f64, draws as f64, losses as f64, n as f64);
    let s = (w + d / 2.0) / n;
    let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
    let half = Z95 * (variance / n).sqrt();
    (s, (s - half).max(0.0), (s + half).min(1.0))
}

/// The nearest-rank percentile `p` (0 to 1) of sorted `values`: the
/// smallest value with at least a share `p` of the values at or below it;
/// 0 for no value.
///
/// ```
/// let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/// assert_eq!(board_lab::percentile(&v, 0.1), 1);
/// assert_eq!(board_lab::percentile(&v, 0.5), 5);
/// assert_eq!(board_lab::percentile(&v, 0.9), 9);
/// ```
#[must_use]
pub fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// What Wald's test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// H1: the first player scores at least ½ + δ.
    Edge,
    /// H0: the first player scores ½ (no edge of δ).
    Fair,
}

/// Wald's sequential probability ratio test of a first-player edge: H0
/// p = ½ against H1 p = ½ + δ, with error rates α and β (see the module's
/// formulas).
///
/// ```
/// use board_lab::{Sprt, Verdict};
/// let test = Sprt::new(0.1, 0.05, 0.05);
/// assert_eq!(test.verdict(100, 0, 30), Some(Verdict::Edge));
/// assert_eq!(test.verdict(30, 0, 100), Some(Verdict::Fair));
/// assert_eq!(test.verdict(3, 0, 2), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    p0: f64,
    p1: f64,
    alpha: f64,
    beta: f64,
}

impl Sprt {
    /// The test of an edge of `delta`, with error rates `alpha`, `beta`.
    #[must_use]
    pub fn new(delta: f64, alpha: f64, beta: f64) -> Sprt {
        Sprt {
            p0: 0.5,
            p1: (0.5 + delta).min(1.0 - 1e-9),
            alpha,
            beta,
        }
    }

    /// What one win adds to the log-likelihood ratio.
    fn win(&self) -> f64 {
        (self.p1 / self.p0).ln()
    }

    /// What one loss adds.
    fn loss(&self) -> f64 {
        ((1.0 - self.p1) / (1.0 - self.p0)).ln()
    }

    /// The upper bound, ln((1−β)/α): accept H1 at or above it.
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The lower bound, ln(β/(1−α)): accept H0 at or below it.
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The log-likelihood ratio of the first player's wins, draws and
    /// losses.
    #[must_use]
    pub fn llr(&self, wins: u64, draws: u64, losses: u64) -> f64 {
        wins as f64 * self.win()
            + losses as f64 * self.loss()
            + draws as f64 * (self.win() + self.loss()) / 2.0
    }

    /// The verdict after these games, or `None` to play on.
    #[must_use]
    pub fn verdict(&self, wins: u64, draws: u64, losses: u64) -> Option<Verdict> {
        let llr = self.llr(wins, draws, losses);
        if llr >= self.upper() {
            Some(Verdict::Edge)
        } else if llr <= self.lower() {
            Some(Verdict::Fair)
        } else {
            None
        }
    }

    /// Wald's average sample number for a first player who wins with
    /// probability `p` and never draws (overshoot neglected); `None` where
    /// the drift is zero.
    #[must_use]
    pub fn expected_games(&self, p: f64) -> Option<f64> {
        let drift = p * self.win() + (1.0 - p) * self.loss();
        if drift.abs() < 1e-12 {
            return None;
        }
        // The chance of accepting H1 at p, by Wald's approximation of the
        // operating characteristic (exact at p0 and p1).
        let accept = if (p - self.p1).abs() < 1e-12 {
            1.0 - self.beta
        } else if (p - self.p0).abs() < 1e-12 {
            self.alpha
        } else {
            // h solves p (p1/p0)^h + (1-p) ((1-p1)/(1-p0))^h = 1.
            let f = |h: f64| p * (h * self.win()).exp() + (1.0 - p) * (h * self.loss()).exp() - 1.0;
            let (mut lo, mut hi) = if drift > 0.0 {
                (-50.0, -1e-9)
            } else {
                (1e-9, 50.0)
            };
            for _ in 0..200 {
                let mid = (lo + hi) / 2.0;
                if (f(mid) > 0.0) == (f(lo) > 0.0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let h = (lo + hi) / 2.0;
            let (a, b) = ((h * self.upper()).exp(), (h * self.lower()).exp());
            (1.0 - b) / (a - b)
        };
        Some((accept * self.upper() + (1.0 - accept) * self.lower()) / drift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_one_value_are_that_value() {
        assert_eq!(percentile(&[7], 0.1), 7);
        assert_eq!(percentile(&[7], 0.9), 7);
        assert_eq!(percentile(&[], 0.5), 0);
    }

    #[test]
    fn no_game_gives_the_widest_intervals() {
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(trinomial(0, 0, 0), (0.5, 0.0, 1.0));
    }
}
