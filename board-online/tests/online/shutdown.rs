//! SIGTERM with games in play (issue #39): instance A stops while its
//! clients are mid-game with moves on their way to the database. No move
//! any client saw acknowledged is lost, every connection is told
//! `shutting_down`, and A hands its leases back: B takes each game over at
//! the first request, long before the leases (10 s here) would expire.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::Barrier;

use crate::cluster::instance_with;
use crate::cutoff::db_moves_now;
use crate::harness::Raw;
use crate::harness::TempDir;
use crate::pgcluster::PgCluster;

/// Games in play when A stops.
const GAMES: usize = 8;

/// What one game's two connections saw until A closed them.
struct Seen {
    code: String,
    tokens: [String; 2],
    /// The longest list of moves either connection saw in a `state`.
    acked: Vec<String>,
    /// Whether each connection got `error` `shutting_down`.
    told: [bool; 2],
    /// Whether a move was sent and not yet answered when A stopped.
    pending: bool,
}

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|a| a.iter().map(|m| m.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

/// A kybo game on `url`, created and joined: both connections, their
/// tokens and the first full state.
async fn open(url: &str) -> ([Raw; 2], [String; 2], String, Value) {
    let mut host = Raw::hello(url).await;
    host.send(json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"}))
        .await;
    let created = host.expect("created").await;
    host.expect("state").await;
    let code = created["code"].as_str().unwrap().to_owned();
    let mut join = Raw::hello(url).await;
    join.send(json!({"type": "join", "code": code})).await;
    let joined = join.expect("joined").await;
    join.expect("state").await;
    let state = host.expect("state").await;
    let token = |m: &Value| m["token"].as_str().unwrap().to_owned();
    ([host, join], [token(&created), token(&joined)], code, state)
}

/// Reads connection `raw` until the state of ply `ply` (returned), or
/// `shutting_down` (then the close; `None`).
async fn next_state(raw: &mut Raw, ply: u64, told: &mut bool, code: &str) -> Option<Value> {
    loop {
        let m = raw.recv().await?;
        match m["type"].as_str() {
            Some("state") if m["ply"].as_u64() >= Some(ply) => return Some(m),
            Some("state") => {}
            Some("error") if m["kind"] == "shutting_down" => {
                *told = true;
                // Nothing more, then the close.
                assert!(
                    raw.recv().await.is_none(),
                    "{code}: a message after shutting_down"
                );
                return None;
            }
            _ => panic!("{code}: unexpected {m}"),
        }
    }
}

/// Plays game `code` with random legal moves, as fast as the server
/// answers; after `warm` plies, waits at `barrier` once, right after
/// sending a move (so that it is on its way when A stops).
async fn play(
    mut seats: [Raw; 2],
    tokens: [String; 2],
    code: String,
    mut state: Value,
    seed: u64,
    warm: u64,
    barrier: Arc<Barrier>,
) -> Seen {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut seen = Seen {
        code,
        tokens,
        acked: moves(&state),
        told: [false; 2],
        pending: false,
    };
    let mut waited = false;
    loop {
        if !state["result"].is_null() {
            // The game ended by its rules before A stopped: wait with the
            // others, then for the shutdown.
            if !waited {
                barrier.wait().await;
            }
            for (i, raw) in seats.iter_mut().enumerate() {
                next_state(raw, u64::MAX, &mut seen.told[i], &seen.code).await;
            }
            return seen;
        }
        let ply = state["ply"].as_u64().unwrap();
        let mover = usize::from(state["turn"]["seat"] != "first");
        let legal = state["legal_moves"].as_array().unwrap();
        let mv = legal[rng.usize(..legal.len())].clone();
        let token = seen.tokens[mover].clone();
        seats[mover]
            .send(json!({"type": "move", "token": token, "ply": ply, "move": mv}))
            .await;
        if ply >= warm && !waited {
            waited = true;
            barrier.wait().await;
        }
        let mut next = None;
        for i in [mover, 1 - mover] {
            if let Some(m) = next_state(&mut seats[i], ply + 1, &mut seen.told[i], &seen.code).await
            {
                let m_moves = moves(&m);
                if m_moves.len() > seen.acked.len() {
                    seen.acked = m_moves;
                }
                next = Some(m);
            }
        }
        seen.pending = seen.told[mover] && seen.acked.len() as u64 == ply;
        match next {
            Some(m) if seen.told == [false; 2] => state = m,
            _ => {
                // A is stopping: read the other connection to its end too.
                for (i, raw) in seats.iter_mut().enumerate() {
                    if !seen.told[i] {
                        next_state(raw, u64::MAX, &mut seen.told[i], &seen.code).await;
                    }
                }
                return seen;
            }
        }
    }
}

/// Leases of instance `owner` in the database that have not expired.
fn live_leases(url: &str, owner: &str) -> i64 {
    let mut db = postgres::Client::connect(url, postgres::NoTls).unwrap();
    db.query_one(
        "SELECT count(*) FROM leases WHERE owner = $1 AND expires_at > now()",
        &[&owner],
    )
    .unwrap()
    .get(0)
}

#[test]
fn sigterm_mid_game_loses_no_acknowledged_move_tells_every_client_and_hands_leases_over() {
    let Some(pg) = PgCluster::start("sigterm") else {
        return;
    };
    let dir = TempDir::new("sigterm");
    let mut a = instance_with(&dir, &pg.url(), "a", &["--lease-ttl", "10"]);
    let b = instance_with(&dir, &pg.url(), "b", &["--lease-ttl", "10"]);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = a.url();
    let barrier = Arc::new(Barrier::new(GAMES + 1));
    let games: Vec<_> = rt.block_on(async {
        let mut games = Vec::new();
        for i in 0..GAMES {
            let (seats, tokens, code, state) = open(&url).await;
            let seed = 17 + i as u64;
            let warm = 4 + (i as u64 % 3);
            games.push(tokio::spawn(play(
                seats,
                tokens,
                code,
                state,
                seed,
                warm,
                barrier.clone(),
            )));
        }
        games
    });
    // Every game has a move on its way: stop A now.
    rt.block_on(barrier.wait());
    let status = a.proc.terminate();
    assert!(status.success(), "A: {status}\n{}", a.proc.tail());
    let seen: Vec<Seen> = rt.block_on(async {
        let mut seen = Vec::new();
        for g in games {
            seen.push(
                tokio::time::timeout(Duration::from_secs(60), g)
                    .await
                    .unwrap()
                    .unwrap(),
            );
        }
        seen
    });
    let mut lines = Vec::new();
    for s in &seen {
        assert_eq!(
            s.told,
            [true, true],
            "{}: both connections told shutting_down",
            s.code
        );
        let stored = db_moves_now(&pg.url(), &s.code);
        // Every move a client saw is stored, in its place; at most the one
        // on its way besides.
        assert!(
            stored.len() >= s.acked.len() && stored[..s.acked.len()] == s.acked[..],
            "{}: acknowledged {:?}, stored {:?}",
            s.code,
            s.acked,
            stored
        );
        assert!(stored.len() <= s.acked.len() + 1, "{}: {stored:?}", s.code);
        lines.push(format!(
            "{}: {} acknowledged, {} stored, pending {}",
            s.code,
            s.acked.len(),
            stored.len(),
            s.pending
        ));
    }
    eprintln!("{}", lines.join("\n"));
    assert!(
        a.proc
            .log
            .iter()
            .any(|l| l.contains("handed back the leases of")),
        "{}",
        a.proc.tail()
    );
    assert_eq!(live_leases(&pg.url(), "a"), 0);
    // B takes every game over at the first request, the leases free (a
    // lease not handed back would hold B off with `redirect` for 10 s).
    let url = b.url();
    let began = std::time::Instant::now();
    rt.block_on(async {
        for s in &seen {
            let mut raw = Raw::connect(&url).await;
            raw.send(json!({"type": "hello", "protocol": 1, "redirect": true}))
                .await;
            raw.expect("welcome").await;
            raw.send(json!({"type": "resume", "code": s.code, "token": s.tokens[0]}))
                .await;
            let m = raw.recv().await.unwrap();
            assert_eq!(m["type"], "resumed", "{}: {m}", s.code);
            let state = raw.expect("state").await;
            assert!(moves(&state).starts_with(&s.acked), "{}: {state}", s.code);
        }
    });
    eprintln!("B took the {GAMES} games over in {:?}", began.elapsed());
}
