//! `GET /metrics` on `--metrics-addr`, scraped from the real server before
//! and after a few moves and a refusal.

use serde_json::json;

use crate::harness::{Raw, Server, TempDir};
use crate::web::get;

/// The value of the sample line `name` (with its labels) in `text`, 0 if absent.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .map_or(0.0, |v| v.parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_games_connections_moves_refusals_and_commits() {
    let dir = TempDir::new("metrics");
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--metrics-addr", "127.0.0.1:0"],
    );
    let metrics_addr = server
        .proc
        .log
        .iter()
        .find_map(|l| l.strip_prefix("metrics on "))
        .expect("a `metrics on ADDR` line before `listening on`")
        .to_owned();
    let scrape = || {
        let answer = get(&metrics_addr, "/metrics");
        assert_eq!(answer.status, 200);
        String::from_utf8(answer.body).unwrap()
    };
    let before = scrape();
    assert!(before.ends_with("# EOF\n"), "{before}");
    assert_eq!(sample(&before, "board_online_moves_total"), 0.0);
    assert_eq!(sample(&before, "board_online_live_games"), 0.0);

    let mut a = Raw::hello(&server.url()).await;
    a.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    let token_a = a.expect("created").await["token"].clone();
    let code = a.expect("state").await["code"].clone();
    let mut b = Raw::hello(&server.url()).await;
    b.send(json!({"type": "join", "code": code})).await;
    let token_b = b.expect("joined").await["token"].clone();
    let mut state = b.expect("state").await;
    a.expect("state").await;
    for ply in 0..3 {
        let token = if ply % 2 == 0 { &token_a } else { &token_b };
        let mover = if ply % 2 == 0 { &mut a } else { &mut b };
        let mv = state["legal_moves"][0].clone();
        mover
            .send(json!({"type": "move", "token": token, "ply": ply, "move": mv}))
            .await;
        state = a.expect("state").await;
        b.expect("state").await;
    }
    // A move at an old ply: refused stale_ply; an unknown game: an error.
    b.send(json!({"type": "move", "token": token_b, "ply": 1, "move": "A1"}))
        .await;
    assert_eq!(b.expect("refused").await["kind"], "stale_ply");
    let mut c = Raw::hello(&server.url()).await;
    c.send(json!({"type": "watch", "code": "ZZZZZZ"})).await;
    assert_eq!(c.expect("error").await["kind"], "no_such_game");

    let after = scrape();
    assert_eq!(sample(&after, "board_online_moves_total"), 3.0, "{after}");
    assert_eq!(
        sample(&after, "board_online_refusals_total{kind=\"stale_ply\"}"),
        1.0,
        "{after}"
    );
    assert_eq!(
        sample(&after, "board_online_errors_total{kind=\"no_such_game\"}"),
        1.0,
        "{after}"
    );
    assert_eq!(sample(&after, "board_online_live_games"), 1.0, "{after}");
    assert_eq!(sample(&after, "board_online_websockets"), 3.0, "{after}");
    // The three WebSockets, and the scrape's own connection.
    assert!(sample(&after, "board_online_connections") >= 3.0, "{after}");
    // A create, a seat and three moves: five writes, in one commit or more.
    let commits = sample(&after, "board_online_store_commit_seconds_count");
    assert!((1.0..=5.0).contains(&commits), "{after}");
    assert_eq!(
        sample(&after, "board_online_store_commit_writes_sum"),
        5.0,
        "{after}"
    );
    assert!(sample(&after, "board_online_store_commit_seconds_sum") > 0.0);

    // The game ends: no longer live.
    a.send(json!({"type": "resign", "token": token_a})).await;
    a.expect("state").await;
    let ended = scrape();
    assert_eq!(sample(&ended, "board_online_live_games"), 0.0, "{ended}");

    // The public address has no /metrics.
    let public = get(&server.addr, "/metrics");
    assert_ne!(public.status, 200);
    assert!(!String::from_utf8_lossy(&public.body).contains("board_online_"));
}
