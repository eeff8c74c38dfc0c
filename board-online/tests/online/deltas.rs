//! Protocol 2's `moved` messages: a client of protocol 2 gets a move as a
//! small `moved` after its first full state, a client of protocol 1 still
//! gets full states, and `sync` brings a full state back.

use serde_json::{json, Value};

use crate::harness::{Raw, Server, TempDir};

/// A KYBO game (the page's picture of the end): White fills file D from
/// rank 1 to rank 8 and wins at the 15th move (KY-8).
const KYBO_WIN: [&str; 15] = [
    "D4", "E4", "D3", "E5", "D2", "E4", "D1", "E5", "D5", "E4", "D6", "E5", "D7", "E4", "D8",
];

async fn hello(url: &str, protocol: u32) -> Raw {
    let mut raw = Raw::connect(url).await;
    raw.send(json!({"type": "hello", "protocol": protocol, "client": "test"}))
        .await;
    let welcome = raw.expect("welcome").await;
    assert_eq!(welcome["protocol"], protocol, "{welcome}");
    raw
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_2_gets_moved_and_protocol_1_full_states_to_the_end() {
    let dir = TempDir::new("deltas");
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--message-rate", "1000"]);
    let url = server.url();
    let mut a = hello(&url, 2).await;
    a.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    let token_a = a.expect("created").await["token"].clone();
    let code = a.expect("state").await["code"].clone();
    let mut b = hello(&url, 2).await;
    b.send(json!({"type": "join", "code": code})).await;
    let token_b = b.expect("joined").await["token"].clone();
    // The first state of each connection is a full one.
    assert_eq!(b.expect("state").await["started"], true);
    a.expect("state").await;
    // An old client watching.
    let mut old = hello(&url, 1).await;
    old.send(json!({"type": "watch", "code": code})).await;
    old.expect("watching").await;
    assert_eq!(old.expect("state").await["ply"], 0);

    let mut last: Value = Value::Null;
    for (ply, mv) in KYBO_WIN.iter().enumerate() {
        let (mover, token) = if ply % 2 == 0 {
            (&mut a, &token_a)
        } else {
            (&mut b, &token_b)
        };
        mover
            .send(json!({"type": "move", "token": token, "ply": ply, "move": mv}))
            .await;
        let seen_a = a.expect("moved").await;
        let seen_b = b.expect("moved").await;
        assert_eq!(seen_a, seen_b);
        assert_eq!(seen_a["ply"], ply + 1, "{seen_a}");
        assert_eq!(seen_a["move"], *mv, "{seen_a}");
        assert_eq!(seen_a["code"], code);
        // Small: no board, no legal moves, no list of moves.
        assert!(seen_a.get("board").is_none() && seen_a.get("legal_moves").is_none());
        assert!(seen_a.to_string().len() < 200, "{seen_a}");
        let full = old.expect("state").await;
        assert_eq!(full["ply"], ply + 1);
        assert_eq!(full["moves"].as_array().unwrap().len(), ply + 1);
        assert_eq!(full["turn"], seen_a["turn"]);
        assert_eq!(full["result"], seen_a["result"]);
        last = seen_a;
    }
    // The winning move carries the result (KY-8: a path joining two opposite
    // edges wins at once).
    assert_eq!(last["result"]["winner"], "first", "{last}");
    assert_eq!(last["result"]["ending"], "rules", "{last}");

    // `sync` brings the full final state; a protocol-3 hello is refused.
    b.send(json!({"type": "sync"})).await;
    let full = b.expect("state").await;
    assert_eq!(full["ply"], 15);
    assert_eq!(full["result"], last["result"]);
    assert_eq!(full["legal_moves"], json!([]));
    let mut future = Raw::connect(&url).await;
    future.send(json!({"type": "hello", "protocol": 3})).await;
    assert_eq!(future.expect("error").await["kind"], "bad_hello");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sync_resends_the_full_state_and_needs_a_game() {
    let dir = TempDir::new("sync");
    let server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let mut a = hello(&server.url(), 2).await;
    a.send(json!({"type": "sync"})).await;
    assert_eq!(a.expect("error").await["kind"], "no_game");
    a.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    a.expect("created").await;
    let first = a.expect("state").await;
    a.send(json!({"type": "sync"})).await;
    assert_eq!(a.expect("state").await, first);
}
