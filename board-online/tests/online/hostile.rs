//! Raw WebSocket peers: a dropped connection's resync, every kind of hostile
//! input, and that none of it disturbs a game in progress.

use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::harness::{Raw, Server, TempDir};

/// Creates a kybo game on `a` (first seat) and joins it on `b`.
/// Returns (code, a's token, b's token).
pub(crate) async fn open_game(a: &mut Raw, b: &mut Raw) -> (String, String, String) {
    a.send(json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"}))
        .await;
    let created = a.expect("created").await;
    assert_eq!(created["seat"], "first");
    let code = created["code"].as_str().unwrap().to_owned();
    let token_a = created["token"].as_str().unwrap().to_owned();
    assert_eq!(token_a.len(), 32);
    let state = a.expect("state").await;
    assert_eq!(state["started"], false);
    b.send(json!({"type": "join", "code": code})).await;
    let joined = b.expect("joined").await;
    assert_eq!(joined["seat"], "second");
    let token_b = joined["token"].as_str().unwrap().to_owned();
    assert_ne!(token_a, token_b);
    assert_eq!(b.expect("state").await["started"], true);
    assert_eq!(a.expect("state").await["started"], true);
    (code, token_a, token_b)
}

fn first_legal(state: &Value) -> String {
    state["legal_moves"][0].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_resumes_its_seat_and_gets_what_it_missed() {
    let dir = TempDir::new("resync");
    let server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let url = server.url();
    let mut a = Raw::hello(&url).await;
    let mut b = Raw::hello(&url).await;
    let (code, token_a, token_b) = open_game(&mut a, &mut b).await;

    // Ply 0: a moves; both see it.
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "D4"}))
        .await;
    assert_eq!(a.expect("state").await["ply"], 1);
    let state = b.expect("state").await;
    assert_eq!(state["moves"], json!(["D4"]));
    assert_eq!(state["turn"]["seat"], "second");

    // a's connection drops; b moves meanwhile.
    a.drop_hard();
    let mv = first_legal(&state);
    b.send(json!({"type": "move", "token": token_b, "ply": 1, "move": mv}))
        .await;
    assert_eq!(b.expect("state").await["ply"], 2);

    // Nobody else takes the free-looking seat: a third join only watches,
    // and a made-up token resumes nothing.
    let mut c = Raw::hello(&url).await;
    c.send(json!({"type": "join", "code": code.to_lowercase()}))
        .await;
    c.expect("watching").await;
    assert_eq!(c.expect("state").await["ply"], 2);
    let mut d = Raw::hello(&url).await;
    d.send(json!({"type": "resume", "code": code, "token": "0".repeat(32), "last_ply": 1}))
        .await;
    assert_eq!(d.expect("error").await["kind"], "bad_token");

    // a comes back with its token and the last ply it saw.
    let mut a = Raw::hello(&url).await;
    a.send(json!({"type": "resume", "code": code, "token": token_a, "last_ply": 1}))
        .await;
    assert_eq!(a.expect("resumed").await["seat"], "first");
    let state = a.expect("state").await;
    assert_eq!(state["ply"], 2);
    assert_eq!(state["moves"], json!(["D4", mv]));
    assert_eq!(state["turn"]["seat"], "first");
    // …and carries on; b and the spectator see it.
    let next = first_legal(&state);
    a.send(json!({"type": "move", "token": token_a, "ply": 2, "move": next}))
        .await;
    assert_eq!(a.expect("state").await["ply"], 3);
    assert_eq!(b.expect("state").await["moves"][2], json!(next));
    assert_eq!(c.expect("state").await["ply"], 3);
    // The spectator cannot move.
    c.send(json!({"type": "move", "token": "", "ply": 3, "move": "E4"}))
        .await;
    assert_eq!(c.expect("refused").await["kind"], "not_a_player");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_at_another_ply_is_stale_whoever_is_to_move() {
    let dir = TempDir::new("plies");
    let server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let url = server.url();
    let mut a = Raw::hello(&url).await;
    let mut b = Raw::hello(&url).await;
    let (_, token_a, token_b) = open_game(&mut a, &mut b).await;
    // At ply 0, a's turn: a newer ply is stale for either player; the
    // game's ply is not b's turn.
    for (first, ply, kind) in [
        (true, 1, "stale_ply"),
        (true, 7, "stale_ply"),
        (false, 1, "stale_ply"),
        (false, 0, "not_your_turn"),
    ] {
        let (raw, token) = if first {
            (&mut a, &token_a)
        } else {
            (&mut b, &token_b)
        };
        raw.send(json!({"type": "move", "token": token, "ply": ply, "move": "D4"}))
            .await;
        let r = raw.expect("refused").await;
        assert_eq!(r["kind"], kind, "ply {ply}: {r}");
        assert_eq!(r["ply"], 0, "{r}");
    }
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "D4"}))
        .await;
    a.expect("state").await;
    let state = b.expect("state").await;
    // On the opponent's turn: an older ply (the move a client sends when
    // it missed a state) and a newer one are stale too; the game's own ply
    // is not this player's turn.
    for (ply, kind) in [(0, "stale_ply"), (2, "stale_ply"), (1, "not_your_turn")] {
        a.send(json!({"type": "move", "token": token_a, "ply": ply, "move": "E4"}))
            .await;
        let r = a.expect("refused").await;
        assert_eq!(r["kind"], kind, "ply {ply}: {r}");
        assert_eq!(r["ply"], 1, "{r}");
        assert_eq!(r["move"], "E4", "{r}");
    }
    // None of it changed the game: b moves at ply 1.
    let mv = first_legal(&state);
    b.send(json!({"type": "move", "token": token_b, "ply": 1, "move": mv}))
        .await;
    assert_eq!(b.expect("state").await["ply"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_gets_an_error_or_a_closed_connection_and_spares_other_games() {
    let dir = TempDir::new("hostile");
    // A low failed-join budget keeps the brute-force part short.
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--failed-joins-per-minute", "5"],
    );
    let url = server.url();
    let mut a = Raw::hello(&url).await;
    let mut b = Raw::hello(&url).await;
    let (code, token_a, token_b) = open_game(&mut a, &mut b).await;

    // Refusals go to the sender only, with their reason.
    b.send(json!({"type": "move", "token": token_b, "ply": 0, "move": "D4"}))
        .await;
    let r = b.expect("refused").await;
    assert_eq!(r["kind"], "not_your_turn", "{r}");
    // A token of the other seat is not one's own…
    b.send(json!({"type": "move", "token": "f".repeat(32), "ply": 0, "move": "D4"}))
        .await;
    assert_eq!(b.expect("refused").await["kind"], "not_a_player");
    a.send(json!({"type": "move", "token": token_a, "ply": 5, "move": "D4"}))
        .await;
    assert_eq!(a.expect("refused").await["kind"], "stale_ply");
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "A1"}))
        .await;
    let r = a.expect("refused").await;
    assert_eq!(r["kind"], "illegal");
    assert!(
        r["reason"].as_str().unwrap().contains("KY-"),
        "the crate's reason: {r}"
    );
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "Z99"}))
        .await;
    assert_eq!(a.expect("refused").await["kind"], "illegal");

    // Malformed JSON, an unknown type, a binary frame: an error, and the
    // connection stays usable.
    let mut h = Raw::hello(&url).await;
    h.send_text("{not json").await;
    assert_eq!(h.expect("error").await["kind"], "bad_message");
    h.send_text(r#"{"type":"launch_missiles"}"#).await;
    assert_eq!(h.expect("error").await["kind"], "bad_message");
    // serde quotes the input in its message: a long non-ASCII one is clipped safely.
    h.send_text(&format!(r#"{{"type":"{}"}}"#, "é".repeat(300)))
        .await;
    assert_eq!(h.expect("error").await["kind"], "bad_message");
    h.send_text(r#"{"type":"move","ply":"three"}"#).await;
    assert_eq!(h.expect("error").await["kind"], "bad_message");
    assert!(h.try_send(Message::binary(vec![0u8, 159, 146, 150])).await);
    assert_eq!(h.expect("error").await["kind"], "bad_message");
    h.send(json!({"type": "move", "token": "x", "ply": 0, "move": "D4"}))
        .await;
    assert_eq!(h.expect("error").await["kind"], "no_game");
    h.send(json!({"type": "create", "game": "go"})).await;
    assert_eq!(h.expect("error").await["kind"], "unknown_game");
    h.send(json!({"type": "create", "game": "chess3d", "config": {"levels": 99}}))
        .await;
    assert_eq!(h.expect("error").await["kind"], "bad_config");
    h.send(
        json!({"type": "create", "game": "kybo", "clock": {"initial_ms": 0, "increment_ms": 0}}),
    )
    .await;
    assert_eq!(h.expect("error").await["kind"], "bad_clock");
    h.send(json!({"type": "ping"})).await;
    h.expect("pong").await;

    // No hello first, or another protocol version: an error, then closed.
    let mut n = Raw::connect(&url).await;
    n.send(json!({"type": "join", "code": code})).await;
    assert_eq!(n.expect("error").await["kind"], "bad_hello");
    assert!(n.closes().await);
    let mut v = Raw::connect(&url).await;
    v.send(json!({"type": "hello", "protocol": 999})).await;
    assert_eq!(v.expect("error").await["kind"], "bad_hello");
    assert!(v.closes().await);

    // A frame over the limit (4 KiB) closes the connection.
    let mut big = Raw::hello(&url).await;
    let huge = format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(64 * 1024));
    big.try_send(Message::text(huge)).await;
    assert!(big.closes().await);

    // A flood: rate_limited, then closed, well before 500 answers.
    let mut flood = Raw::hello(&url).await;
    let mut sent = 0;
    for _ in 0..500 {
        if !flood.try_send(Message::text(r#"{"type":"ping"}"#)).await {
            break;
        }
        sent += 1;
    }
    let mut pongs = 0;
    let mut limited = false;
    while let Some(m) = flood.recv().await {
        match m["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(m["kind"], "rate_limited");
                limited = true;
            }
            _ => panic!("{m}"),
        }
    }
    assert!(
        limited,
        "{sent} pings sent, {pongs} answered, never limited"
    );
    assert!(pongs < 100, "{pongs} pongs");

    // Brute-forced codes: a few failures, then rate_limited and closed; a
    // new connection from the same address is refused too, even with the
    // right code.
    let mut brute = Raw::hello(&url).await;
    let mut refused = 0;
    let mut closed = false;
    for guess in [
        "AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF", "GGGGGG", "HHHHHH",
    ] {
        if !brute
            .try_send(Message::text(
                json!({"type": "watch", "code": guess}).to_string(),
            ))
            .await
        {
            closed = true;
            break;
        }
        match brute.recv().await {
            Some(m) if m["kind"] == "no_such_game" => refused += 1,
            Some(m) if m["kind"] == "rate_limited" => {
                closed = brute.closes().await;
                break;
            }
            Some(m) => panic!("{m}"),
            None => {
                closed = true;
                break;
            }
        }
    }
    assert_eq!(refused, 5, "the budget is 5 failed joins");
    assert!(closed);
    let mut again = Raw::hello(&url).await;
    again.send(json!({"type": "watch", "code": code})).await;
    assert_eq!(again.expect("error").await["kind"], "rate_limited");
    assert!(again.closes().await);

    // None of it touched the game in progress: a and b play on.
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "D4"}))
        .await;
    assert_eq!(a.expect("state").await["ply"], 1);
    let state = b.expect("state").await;
    assert_eq!(state["moves"], json!(["D4"]));
    // b got none of a's refusals: the state is the next thing it read.
    b.send(json!({"type": "resign", "token": token_b})).await;
    let end = b.expect("state").await;
    assert_eq!(end["result"]["ending"], "resignation");
    assert_eq!(end["result"]["winner"], "first");
    assert_eq!(
        a.expect("state").await["result"]["text"],
        "Black resigns, White wins"
    );
    // Moves after the end are refused.
    a.send(json!({"type": "move", "token": token_a, "ply": 1, "move": "E4"}))
        .await;
    assert_eq!(a.expect("refused").await["kind"], "game_over");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_out_and_an_idle_game_expires() {
    let dir = TempDir::new("clock");
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--idle-expiry", "2"]);
    let url = server.url();
    // A 300 ms clock for each side: the first player does not move.
    let mut a = Raw::hello(&url).await;
    a.send(json!({"type": "create", "game": "kybo", "seat": "first",
        "clock": {"initial_ms": 300, "increment_ms": 0}}))
        .await;
    let code = a.expect("created").await["code"].clone();
    a.expect("state").await;
    let mut b = Raw::hello(&url).await;
    b.send(json!({"type": "join", "code": code})).await;
    b.expect("joined").await;
    let state = b.expect("state").await;
    assert_eq!(state["clock"]["running"], "first");
    assert_eq!(a.expect("state").await["started"], true);
    let end = a.expect("state").await;
    assert_eq!(end["result"]["ending"], "flag_fall", "{end}");
    assert_eq!(end["result"]["winner"], "second");
    assert_eq!(end["clock"]["first_ms"], 0);

    // A game without a move for the idle time (2 s here) expires.
    let mut c = Raw::hello(&url).await;
    c.send(json!({"type": "create", "game": "chess3d"})).await;
    c.expect("created").await;
    c.expect("state").await;
    let end = c.expect("state").await;
    assert_eq!(end["result"]["ending"], "expired", "{end}");
    assert_eq!(end["result"]["winner"], Value::Null);
    drop(server);
}

#[test]
fn sigterm_stops_the_server_gracefully() {
    let dir = TempDir::new("sigterm");
    let mut server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let status = server.proc.terminate();
    assert!(status.success(), "{status}");
    assert!(
        server.proc.log.iter().any(|l| l == "stopped"),
        "{:?}",
        server.proc.log
    );
}
