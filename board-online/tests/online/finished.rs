//! Finished games after a restart: `watch`, `resume`, `join`, `GET
//! /games/CODE[.json]` and `board-online record`, the failed-join budget
//! spent only by unknown codes, and `--keep-finished`.

use serde_json::{json, Value};

use crate::harness::{Proc, Raw, Server, TempDir};
use crate::hostile::open_game;
use crate::web::get;

fn assert_final(state: &Value) {
    assert_eq!(state["result"]["ending"], "resignation", "{state}");
    assert_eq!(state["result"]["winner"], "first", "{state}");
    assert_eq!(state["moves"], json!(["D4"]), "{state}");
    assert_eq!(state["legal_moves"], json!([]), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_readable_after_a_restart_by_every_route() {
    let dir = TempDir::new("finished");
    let budget = ["--failed-joins-per-minute", "2"];
    let mut server = Server::start(dir.path(), "127.0.0.1:0", &budget);
    let url = server.url();
    let mut a = Raw::hello(&url).await;
    let mut b = Raw::hello(&url).await;
    let (code, token_a, token_b) = open_game(&mut a, &mut b).await;
    a.send(json!({"type": "move", "token": token_a, "ply": 0, "move": "D4"}))
        .await;
    a.expect("state").await;
    b.expect("state").await;
    b.send(json!({"type": "resign", "token": token_b})).await;
    assert_final(&b.expect("state").await);
    assert!(server.proc.terminate().success());

    let server = Server::start(dir.path(), "127.0.0.1:0", &budget);
    let url = server.url();
    let mut w = Raw::hello(&url).await;
    w.send(json!({"type": "watch", "code": code})).await;
    w.expect("watching").await;
    assert_final(&w.expect("state").await);
    // More resumes than the failed-join budget: none of them counts.
    for _ in 0..4 {
        let mut r = Raw::hello(&url).await;
        r.send(json!({"type": "resume", "code": code, "token": token_a, "last_ply": 0}))
            .await;
        assert_eq!(r.expect("resumed").await["seat"], "first");
        assert_final(&r.expect("state").await);
    }
    // A join of a finished game watches it; a wrong token is not a failed join.
    let mut j = Raw::hello(&url).await;
    j.send(json!({"type": "join", "code": code.to_lowercase()}))
        .await;
    j.expect("watching").await;
    assert_final(&j.expect("state").await);
    for _ in 0..3 {
        let mut r = Raw::hello(&url).await;
        r.send(json!({"type": "resume", "code": code, "token": "0".repeat(32), "last_ply": 0}))
            .await;
        assert_eq!(r.expect("error").await["kind"], "bad_token");
    }

    // The record in kybo's own text, which kybo reads back.
    let text = get(&server.addr, &format!("/games/{code}"));
    assert_eq!(text.status, 200);
    assert_eq!(
        text.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let record = String::from_utf8(text.body).unwrap();
    assert_eq!(record, "D4\n");
    let parsed: kybo::Record = record.trim().parse().unwrap();
    assert_eq!(parsed.moves().len(), 1);
    let js = get(
        &server.addr,
        &format!("/games/{}.json", code.to_lowercase()),
    );
    assert_eq!(js.status, 200);
    assert_eq!(js.header("content-type"), Some("application/json"));
    let js: Value = serde_json::from_slice(&js.body).unwrap();
    assert_final(&js);
    assert_eq!(js["record"], "D4");
    assert_eq!(js["players"], json!({"first": "White", "second": "Black"}));
    assert_eq!(js["code"], code);
    let mut cli = Proc::spawn(
        "record",
        &["record", &code.to_lowercase(), "--server", &url],
        dir.path(),
    );
    // The record on stdout; the result goes to stderr (`record CODE > game.txt` replays).
    assert_eq!(
        cli.expect("the record", |l| !l.starts_with("stderr: ")),
        "D4"
    );
    assert!(cli.wait().success());

    // Unknown codes spend the budget (2 here): one over HTTP, one over the
    // WebSocket; then a join by code is refused, a resume with a seat's
    // token still works (a neighbour behind the same NAT), and a wrong
    // token gets the same refusal as an unknown code.
    assert_eq!(get(&server.addr, "/games/AAAAAA").status, 404);
    let mut u = Raw::hello(&url).await;
    u.send(json!({"type": "watch", "code": "BBBBBB"})).await;
    assert_eq!(u.expect("error").await["kind"], "no_such_game");
    let mut locked = Raw::hello(&url).await;
    locked.send(json!({"type": "join", "code": code})).await;
    assert_eq!(locked.expect("error").await["kind"], "rate_limited");
    assert!(locked.closes().await);
    let mut r = Raw::hello(&url).await;
    r.send(json!({"type": "resume", "code": code, "token": token_b, "last_ply": 1}))
        .await;
    assert_eq!(r.expect("resumed").await["seat"], "second");
    let mut wrong = Raw::hello(&url).await;
    wrong
        .send(json!({"type": "resume", "code": code, "token": "0".repeat(32), "last_ply": 0}))
        .await;
    assert_eq!(wrong.expect("error").await["kind"], "rate_limited");
    assert_eq!(get(&server.addr, &format!("/games/{code}")).status, 429);
    let mut cli = Proc::spawn("record", &["record", &code, "--server", &url], dir.path());
    cli.expect("the refusal", |l| l.contains("HTTP 429"));
    assert!(!cli.wait().success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_older_than_keep_finished_are_deleted() {
    let dir = TempDir::new("keep-finished");
    let keep = ["--keep-finished", "1"];
    let mut server = Server::start(dir.path(), "127.0.0.1:0", &keep);
    let mut a = Raw::hello(&server.url()).await;
    a.send(json!({"type": "create", "game": "chess3d", "seat": "first"}))
        .await;
    let created = a.expect("created").await;
    let code = created["code"].as_str().unwrap().to_owned();
    a.expect("state").await;
    a.send(json!({"type": "resign", "token": created["token"]}))
        .await;
    assert_eq!(a.expect("state").await["result"]["ending"], "resignation");
    assert_eq!(get(&server.addr, &format!("/games/{code}")).status, 200);
    assert!(server.proc.terminate().success());
    std::thread::sleep(std::time::Duration::from_millis(1500));

    let server = Server::start(dir.path(), "127.0.0.1:0", &keep);
    assert_eq!(get(&server.addr, &format!("/games/{code}")).status, 404);
    let mut w = Raw::hello(&server.url()).await;
    w.send(json!({"type": "watch", "code": code})).await;
    assert_eq!(w.expect("error").await["kind"], "no_such_game");
}
