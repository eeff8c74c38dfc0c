//! Wires the `chess3d` crate into the perft example, with its timing mode:
//! `--reps N` times N runs of chess3d's perft, `--versus cozy` alternates
//! each with a run of cozy-chess's on the same one-level position.

use std::time::{Duration, Instant};

use board_core::perft;
use board_games::outln;
use chess3d::{Config, Position};

use crate::Args;

/// Runs perft from `--fen TEXT` (FEN3D or plain FEN), else the default start
/// with `--levels N` levels, else the default 3-level start.
pub fn run_perft(args: &Args) -> Result<(), String> {
    let position = match (&args.fen, args.levels) {
        (Some(fen), _) => Position::from_fen(fen)
            .map_err(|e| format!("--fen {:?}: {e}", board_core::excerpt(fen)))?,
        (None, Some(n)) => {
            Position::new(Config::new(usize::from(n)).map_err(|e| format!("--levels {n}: {e}"))?)
        }
        (None, None) => Position::default(),
    };
    if args.reps.is_some() || args.versus.is_some() {
        if !args.moves.is_empty() || args.divide {
            return Err("--reps and --versus take no --moves or --divide".into());
        }
        return time(&position, args);
    }
    crate::run(position, args)
}

/// The CPU time this thread has used (Linux `schedstat`, nanoseconds), or
/// `None` where that is not available.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Runs `f` once: its result and the CPU time it took (wall time where the
/// CPU time is not available).
fn timed(f: impl FnOnce() -> u64) -> (u64, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let nodes = f();
    let took = match (cpu, cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    (nodes, took)
}

/// One contender: its name, its perft, its best run so far.
struct Runner<'a> {
    name: &'static str,
    perft: Box<dyn Fn() -> u64 + 'a>,
    best: Option<Duration>,
}

fn nps(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64().max(1e-9) / 1e6
}

/// `--reps N` runs of each contender, alternating; prints every run, then
/// each contender's best and the ratios to cozy-chess.
fn time(position: &Position, args: &Args) -> Result<(), String> {
    let depth = args.depth;
    let reps = args.reps.unwrap_or(5);
    let mut runners: Vec<Runner> = Vec::new();
    match position {
        Position::L1(p) => runners.push(Runner {
            name: "chess3d FixedPosition<1>",
            perft: Box::new(move || perft(p, depth)),
            best: None,
        }),
        Position::L3(p) => runners.push(Runner {
            name: "chess3d FixedPosition<3>",
            perft: Box::new(move || perft(p, depth)),
            best: None,
        }),
        _ => {}
    }
    runners.push(Runner {
        name: "chess3d Position",
        perft: Box::new(move || perft(position, depth)),
        best: None,
    });
    if args.versus.is_some() {
        let Position::L1(_) = position else {
            return Err("--versus cozy needs a one-level position (a plain FEN)".into());
        };
        if !position.castling().is_empty() {
            return Err(
                "--versus cozy: chess3d castling is not FIDE castling; give no castling rights"
                    .into(),
            );
        }
        runners.push(cozy_runner(position, depth)?);
    }
    let mut nodes = None;
    for rep in 1..=reps {
        for r in &mut runners {
            let (n, t) = timed(&r.perft);
            if *nodes.get_or_insert(n) != n {
                return Err(format!(
                    "{} counts {n} nodes, not {}",
                    r.name,
                    nodes.unwrap_or(0)
                ));
            }
            outln!(
                "run {rep}: {:<26} {:>9.3} s {:>8.1} M nodes/s",
                r.name,
                t.as_secs_f64(),
                nps(n, t)
            );
            r.best = Some(r.best.map_or(t, |b| b.min(t)));
        }
    }
    let nodes = nodes.unwrap_or(0);
    let clock = if cpu_time().is_some() {
        "CPU time"
    } else {
        "wall time"
    };
    outln!("best of {reps} ({clock}), depth {depth}, {nodes} nodes:");
    let cozy = runners
        .iter()
        .find(|r| r.name == "cozy-chess")
        .and_then(|r| r.best);
    for r in &runners {
        let best = r.best.unwrap_or_default();
        let ratio = cozy.map_or(String::new(), |c| {
            format!(
                "  {:.2}x cozy-chess",
                c.as_secs_f64() / best.as_secs_f64().max(1e-9)
            )
        });
        outln!(
            "{:<26} {:>9.3} s {:>8.1} M nodes/s{ratio}",
            r.name,
            best.as_secs_f64(),
            nps(nodes, best)
        );
    }
    outln!("{nodes}");
    Ok(())
}

/// cozy-chess's perft of the same one-level position.
#[cfg(feature = "peers")]
fn cozy_runner(position: &Position, depth: u32) -> Result<Runner<'static>, String> {
    let fen = position.fen();
    let board: cozy_chess::Board = fen
        .parse()
        .map_err(|e| format!("cozy-chess cannot read {fen:?}: {e:?}"))?;
    Ok(Runner {
        name: "cozy-chess",
        perft: Box::new(move || crate::cozy::cozy_perft(&board, depth)),
        best: None,
    })
}

/// Without the `peers` feature cozy-chess is not compiled in.
#[cfg(not(feature = "peers"))]
fn cozy_runner(_: &Position, _: u32) -> Result<Runner<'static>, String> {
    Err(
        "--versus cozy needs cozy-chess, compiled only with the `peers` feature: \
         cargo run --release --features peers --example perft -- ..."
            .into(),
    )
}
