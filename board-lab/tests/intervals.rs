//! The intervals against a reference computation, and Wald's SPRT on a
//! synthetic biased coin against his average sample number.
//!
//! The reference values come from a second, independent implementation
//! (Python's `statistics.NormalDist().inv_cdf(0.975)` and the closed forms
//! of the Wilson score interval and of Fishtest's trinomial interval), to
//! six decimals; 0 in 10 giving [0, 0.2775] is the textbook Wilson value.

use board_core::Rng;
use board_lab::{trinomial, wilson, Sprt, Verdict};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[test]
fn wilson_matches_the_reference() {
    let cases = [
        (50, 100, 0.403832, 0.596168),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (1, 20, 0.008881, 0.236131),
        (81, 263, 0.255289, 0.366210),
        (550, 1100, 0.470504, 0.529496),
        (600, 1100, 0.515922, 0.574671),
    ];
    for (k, n, lo, hi) in cases {
        let (a, b) = wilson(k, n);
        assert!(
            close(a, lo) && close(b, hi),
            "{k}/{n}: [{a}, {b}], not [{lo}, {hi}]"
        );
    }
}

#[test]
fn a_wilson_interval_of_about_1100_games_is_within_three_points() {
    let (lo, hi) = wilson(550, 1100);
    assert!((hi - lo) / 2.0 <= 0.03);
    let (lo, hi) = wilson(500, 1000);
    assert!((hi - lo) / 2.0 > 0.03);
}

#[test]
fn the_trinomial_interval_matches_the_reference() {
    let cases = [
        ((40, 20, 40), (0.5, 0.412348, 0.587652)),
        ((500, 200, 300), (0.6, 0.572984, 0.627016)),
        ((10, 80, 10), (0.5, 0.456174, 0.543826)),
    ];
    for ((w, d, l), (s, lo, hi)) in cases {
        let (a, b, c) = trinomial(w, d, l);
        assert!(
            close(a, s) && close(b, lo) && close(c, hi),
            "{w}-{d}-{l}: {a} [{b}, {c}]"
        );
    }
    // Without draws the score is the win rate, and draws narrow the interval.
    let (s, lo, hi) = trinomial(60, 0, 40);
    assert!(close(s, 0.6));
    let (_, lo_d, hi_d) = trinomial(50, 20, 30);
    assert!(hi_d - lo_d < hi - lo);
}

/// Plays one SPRT on a coin that comes up "first player wins" with
/// probability `p`, looking after every game; returns the games and the
/// verdict.
fn one_test(test: &Sprt, p: f64, rng: &mut Rng) -> (u64, Verdict) {
    let (mut wins, mut losses) = (0, 0);
    loop {
        let toss = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if toss < p {
            wins += 1;
        } else {
            losses += 1;
        }
        if let Some(verdict) = test.verdict(wins, 0, losses) {
            return (wins + losses, verdict);
        }
    }
}

#[test]
fn sprt_stops_at_walds_average_sample_number() {
    let test = Sprt::new(0.1, 0.05, 0.05);
    // Wald's formula by hand under H1 (p = 0.6): E[z] = 0.6 ln 1.2 + 0.4 ln 0.8,
    // E[N] = ((1 − β) ln 19 + β ln(1/19)) / E[z] ≈ 131.6.
    let drift = 0.6 * 1.2f64.ln() + 0.4 * 0.8f64.ln();
    let by_hand = (0.95 * 19f64.ln() - 0.05 * 19f64.ln()) / drift;
    let wald = test.expected_games(0.6).expect("a drift");
    assert!((wald - by_hand).abs() < 1e-9, "{wald} vs {by_hand}");
    assert!((wald - 131.6).abs() < 0.5, "{wald}");
    for (p, right) in [
        (0.6, Verdict::Edge),
        (0.5, Verdict::Fair),
        (0.7, Verdict::Edge),
    ] {
        let mut rng = Rng::new(40);
        let runs = 4000;
        let (mut total, mut correct) = (0u64, 0u64);
        for _ in 0..runs {
            let (n, verdict) = one_test(&test, p, &mut rng);
            total += n;
            correct += u64::from(verdict == right);
        }
        let mean = total as f64 / f64::from(runs);
        let expected = test.expected_games(p).expect("a drift");
        // Wald neglects the overshoot past the bounds: the observed mean is
        // a little above his number, never far.
        assert!(
            mean > 0.9 * expected && mean < 1.2 * expected,
            "p = {p}: {mean} games on average, Wald says {expected}"
        );
        // The error rates hold (α = β = 5 %), with room for chance.
        assert!(
            correct as f64 / f64::from(runs) > 0.93,
            "p = {p}: right {correct} times in {runs}"
        );
    }
}
