//! Writes that fail (issue #39): PostgreSQL stopped under a running
//! instance. An ending (resignation, flag fall) whose write fails is
//! announced to no one, answered like a failed move, and announced once
//! it is stored; a join whose seat write fails leaves its connection free.
//!
//! Leases last 10 s here, so that a few seconds without PostgreSQL do not
//! move the game elsewhere.

use std::time::Duration;

use serde_json::{json, Value};

use crate::cluster::{instance_with, stored_game};
use crate::harness::{Raw, Server, TempDir};
use crate::pgcluster::PgCluster;

/// A player connected and greeted.
async fn player(url: &str) -> Raw {
    Raw::hello(url).await
}

/// One seat of a game: its connection and token.
struct Seated {
    raw: Raw,
    token: String,
}

impl Seated {
    async fn send(&mut self, msg: Value) {
        self.raw.send(msg).await;
    }

    /// Sends `resign`.
    async fn resign(&mut self) {
        let token = self.token.clone();
        self.send(json!({"type": "resign", "token": token})).await;
    }

    /// Whether nothing at all arrives within `wait`.
    async fn hears_nothing(&mut self, wait: Duration) -> Result<(), Value> {
        match tokio::time::timeout(wait, self.raw.recv()).await {
            Err(_) => Ok(()),
            Ok(m) => Err(m.unwrap_or(Value::Null)),
        }
    }
}

/// A kybo game of `config` created on `url` (with `clock`, if any) and
/// joined; both players have read every message so far, the last the
/// state returned.
async fn game(url: &str, config: Value, clock: Option<Value>) -> (Seated, Seated, String, Value) {
    let mut host = player(url).await;
    let mut create = json!({"type": "create", "game": "kybo", "config": config, "seat": "first"});
    if let Some(clock) = clock {
        create["clock"] = clock;
    }
    host.send(create).await;
    let created = host.expect("created").await;
    host.expect("state").await;
    let code = created["code"].as_str().unwrap().to_owned();
    let mut join = player(url).await;
    join.send(json!({"type": "join", "code": code})).await;
    let joined = join.expect("joined").await;
    join.expect("state").await;
    let state = host.expect("state").await;
    let seat = |raw: Raw, m: &Value| Seated {
        raw,
        token: m["token"].as_str().unwrap().to_owned(),
    };
    (seat(host, &created), seat(join, &joined), code, state)
}

/// The result of game `code` as stored (`null` while it goes on), read
/// through the instance at `addr`.
fn stored_result(addr: &str, code: &str) -> Value {
    stored_game(addr, code)["result"].clone()
}

fn server(dir: &TempDir, pg: &PgCluster) -> Server {
    instance_with(dir, &pg.url(), "a", &["--lease-ttl", "10"])
}

#[test]
fn a_resignation_whose_write_fails_is_refused_unavailable_and_announced_once_stored() {
    let Some(pg) = PgCluster::start("unstored-resign") else {
        return;
    };
    let dir = TempDir::new("unstored-resign");
    let a = server(&dir, &pg);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = a.url();
    let (mut host, mut join, code, _) = rt.block_on(game(&url, json!({}), None));
    pg.stop();
    rt.block_on(async {
        host.resign().await;
        // Answered like a failed move: `refused` `unavailable`, to the
        // resigning player only; the opponent hears of no ending.
        let m = host.raw.expect("refused").await;
        assert_eq!(m["kind"], "unavailable", "{m}");
        assert_eq!(m["move"], "", "{m}");
        if let Err(m) = join.hears_nothing(Duration::from_secs(1)).await {
            panic!("the opponent heard of an ending that is not stored: {m}");
        }
    });
    pg.start_again();
    rt.block_on(async {
        // The game went on in memory: the same resignation, once stored,
        // ends it for both.
        host.resign().await;
        for seat in [&mut host, &mut join] {
            let m = seat.raw.expect("state").await;
            assert_eq!(m["result"]["ending"], "resignation", "{m}");
            assert_eq!(m["result"]["winner"], "second", "{m}");
        }
    });
    let result = stored_result(&a.addr, &code);
    assert_eq!(result["ending"], "resignation", "{result}");
}

#[test]
fn a_flag_fall_whose_write_fails_is_announced_only_once_stored() {
    let Some(pg) = PgCluster::start("unstored-flag") else {
        return;
    };
    let dir = TempDir::new("unstored-flag");
    let a = server(&dir, &pg);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = a.url();
    // The first seat's clock runs from the join: 1.5 s.
    let clock = json!({"initial_ms": 1500, "increment_ms": 0});
    let (mut host, mut join, code, _) = rt.block_on(game(&url, json!({}), Some(clock)));
    pg.stop();
    rt.block_on(async {
        // The flag falls while nothing can be stored: no one hears of it.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        for seat in [&mut host, &mut join] {
            if let Err(m) = seat.hears_nothing(Duration::from_millis(500)).await {
                panic!("a player heard of an ending that is not stored: {m}");
            }
        }
        // A move after the flag fell ends the game by flag fall, which
        // cannot be stored: the move is refused `unavailable`, not
        // `game_over`.
        let token = host.token.clone();
        host.send(json!({"type": "move", "token": token, "ply": 0, "move": "A1"}))
            .await;
        let m = host.raw.expect("refused").await;
        assert_eq!(m["kind"], "unavailable", "{m}");
    });
    pg.start_again();
    rt.block_on(async {
        // The room tries again by itself: the flag fall, once stored,
        // reaches both players.
        for seat in [&mut host, &mut join] {
            let m = seat.raw.expect("state").await;
            assert_eq!(m["result"]["ending"], "flag_fall", "{m}");
            assert_eq!(m["result"]["winner"], "second", "{m}");
        }
    });
    let result = stored_result(&a.addr, &code);
    assert_eq!(result["ending"], "flag_fall", "{result}");
}

#[test]
fn a_join_whose_seat_write_fails_leaves_the_connection_free_to_join_again() {
    let Some(pg) = PgCluster::start("unstored-join") else {
        return;
    };
    let dir = TempDir::new("unstored-join");
    let a = server(&dir, &pg);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = a.url();
    let (mut host, code) = rt.block_on(async {
        let mut host = player(&url).await;
        host.send(json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"}))
            .await;
        let code = host.expect("created").await["code"]
            .as_str()
            .unwrap()
            .to_owned();
        host.expect("state").await;
        (host, code)
    });
    let mut join = rt.block_on(player(&url));
    pg.stop();
    rt.block_on(async {
        join.send(json!({"type": "join", "code": code})).await;
        let m = join.expect("error").await;
        assert_eq!(m["kind"], "unavailable", "{m}");
    });
    pg.start_again();
    rt.block_on(async {
        // The same connection joins again, and gets the seat.
        join.send(json!({"type": "join", "code": code})).await;
        let m = join.expect("joined").await;
        assert_eq!(m["seat"], "second", "{m}");
        let m = join.expect("state").await;
        assert_eq!(m["started"], true, "{m}");
        let m = host.expect("state").await;
        assert_eq!(m["started"], true, "{m}");
    });
}

#[test]
fn a_move_that_ends_the_game_is_stored_with_its_ending_or_not_at_all() {
    let Some(pg) = PgCluster::start("unstored-last") else {
        return;
    };
    let dir = TempDir::new("unstored-last");
    let a = server(&dir, &pg);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = a.url();
    // One cube each (KY-9): the second move ends the game, drawn.
    let config = json!({"supply": {"per_player": 1}});
    let (mut host, mut join, code, state) = rt.block_on(game(&url, config, None));
    rt.block_on(async {
        let token = host.token.clone();
        let first = state["legal_moves"][0].clone();
        host.send(json!({"type": "move", "token": token, "ply": 0, "move": first}))
            .await;
        host.raw.expect("state").await;
    });
    let last = rt.block_on(async {
        let state = join.raw.expect("state").await;
        assert!(state["result"].is_null(), "{state}");
        state["legal_moves"][0].clone()
    });
    let token = join.token.clone();
    let last_move = json!({"type": "move", "token": token, "ply": 1, "move": last});
    pg.stop();
    rt.block_on(async {
        join.send(last_move.clone()).await;
        let m = join.raw.expect("refused").await;
        assert_eq!(m["kind"], "unavailable", "{m}");
        if let Err(m) = host.hears_nothing(Duration::from_secs(1)).await {
            panic!("the opponent heard of a move that is not stored: {m}");
        }
    });
    pg.start_again();
    rt.block_on(async {
        // The game is as it was: the same move again ends it, for both.
        join.send(last_move).await;
        for seat in [&mut host, &mut join] {
            let m = seat.raw.expect("state").await;
            assert_eq!(m["ply"], 2, "{m}");
            assert_eq!(m["result"]["ending"], "rules", "{m}");
        }
    });
    let stored = stored_game(&a.addr, &code);
    assert_eq!(
        stored["moves"].as_array().map(Vec::len),
        Some(2),
        "{stored}"
    );
    assert_eq!(stored["result"]["ending"], "rules", "{stored}");
}
