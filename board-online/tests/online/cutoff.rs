//! Instances cut off from PostgreSQL (issue #39), through the test proxy
//! ([`crate::proxy`]) put between one instance and the database: a
//! black-holed link. Real server processes on loopback, a throwaway cluster
//! per test; leases last 1.5 s, and every wait is bounded generously (the
//! machine is shared).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::cluster::{instance_with, signal};
use crate::harness::{Raw, TempDir};
use crate::hostile::open_game;
use crate::pgcluster::PgCluster;
use crate::proxy::{Mode, Proxy};

/// A throwaway cluster started off the async threads.
async fn cluster(name: &'static str) -> Option<PgCluster> {
    tokio::task::spawn_blocking(move || PgCluster::start(name))
        .await
        .unwrap()
}

/// The moves of game `code` as the database holds them, in order.
pub(crate) async fn db_moves(url: &str, code: &str) -> Vec<String> {
    let (url, code) = (url.to_owned(), code.to_owned());
    tokio::task::spawn_blocking(move || db_moves_now(&url, &code))
        .await
        .unwrap()
}

/// [`db_moves`], outside a runtime.
pub(crate) fn db_moves_now(url: &str, code: &str) -> Vec<String> {
    let mut db = postgres::Client::connect(url, postgres::NoTls).unwrap();
    db.query(
        "SELECT text FROM moves WHERE code = $1 ORDER BY ply",
        &[&code],
    )
    .unwrap()
    .iter()
    .map(|row| row.get(0))
    .collect()
}

/// A connection that said hello and follows redirects.
pub(crate) async fn hello(url: &str) -> Raw {
    let mut raw = Raw::connect(url).await;
    raw.send(json!({"type": "hello", "protocol": 1, "redirect": true}))
        .await;
    raw.expect("welcome").await;
    raw
}

/// Resumes seat `token` of game `code` at `url`; while the instance is
/// unavailable or redirects, asks again, for up to 30 s: the same instance
/// (the lease is still another's, which cannot answer), or the redirect's
/// target if `follow`. The connection and its first state.
pub(crate) async fn resume_on(url: &str, code: &str, token: &str, follow: bool) -> (Raw, Value) {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut url = url.to_owned();
    loop {
        let mut raw = hello(&url).await;
        raw.send(json!({"type": "resume", "code": code, "token": token}))
            .await;
        let m = raw.recv().await.expect("an answer to resume");
        if m["type"] == "resumed" {
            let state = raw.expect("state").await;
            return (raw, state);
        }
        assert!(
            m["type"] == "redirect" || m["kind"] == "unavailable",
            "resume on {url}: {m}"
        );
        assert!(Instant::now() < deadline, "resume on {url}: still {m}");
        if follow && m["type"] == "redirect" {
            url = m["url"].as_str().unwrap().to_owned();
            continue;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// The next `state` at ply `ply` (earlier states skipped).
pub(crate) async fn state_at(raw: &mut Raw, ply: u64) -> Value {
    loop {
        let m = raw.expect("state").await;
        if m["ply"] == ply {
            return m;
        }
    }
}

/// A game opened at `url`, the host's first move (D4) played: both
/// players' connections, the code, their tokens and the state at ply 1.
async fn opened_at_ply_one(url: &str) -> (Raw, Raw, String, String, String, Value) {
    let mut host = hello(url).await;
    let mut guest = hello(url).await;
    let (code, token_h, token_g) = open_game(&mut host, &mut guest).await;
    host.send(json!({"type": "move", "token": token_h, "ply": 0, "move": "D4"}))
        .await;
    state_at(&mut host, 1).await;
    let last = state_at(&mut guest, 1).await;
    (host, guest, code, token_h, token_g, last)
}

fn first_legal(state: &Value) -> String {
    state["legal_moves"][0].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_cut_off_from_postgres_sends_its_clients_on_within_its_lease() {
    let Some(pg) = cluster("cutoff-blackhole").await else {
        return;
    };
    let dir = TempDir::new("cutoff-blackhole");
    let proxy = Proxy::to_postgres(&pg.url());
    let a = instance_with(&dir, &proxy.url(&pg.url()), "a", &[]);
    let b = instance_with(&dir, &pg.url(), "b", &[]);
    let mut host = hello(&a.url()).await;
    let mut guest = hello(&a.url()).await;
    let (code, token_h, token_g) = open_game(&mut host, &mut guest).await;
    let mut last = Value::Null;
    for (ply, token, mv) in [(0, &token_h, "D4"), (1, &token_g, "D5")] {
        let mover = if ply == 0 { &mut host } else { &mut guest };
        mover
            .send(json!({"type": "move", "token": token, "ply": ply, "move": mv}))
            .await;
        last = state_at(&mut host, ply + 1).await;
        state_at(&mut guest, ply + 1).await;
    }
    // A's link to the database goes silent, with a move in flight: A can
    // neither store it nor renew its lease.
    proxy.set(Mode::BlackHole);
    let cut = Instant::now();
    let legal = first_legal(&last);
    host.send(json!({"type": "move", "token": token_h, "ply": 2, "move": legal}))
        .await;
    // Within about a lease (1.5 s), A gives the game up: both players are
    // told `relocated`; the move was not acknowledged.
    for (who, raw) in [("host", &mut host), ("guest", &mut guest)] {
        let m = raw.recv().await.expect("an answer");
        assert_eq!(m["type"], "error", "{who}: {m}");
        assert_eq!(m["kind"], "relocated", "{who}: {m}");
        assert!(raw.closes().await, "{who}: the connection closes");
    }
    let took = cut.elapsed();
    assert!(took < Duration::from_secs(10), "told after {took:?}");
    drop((host, guest));
    // They play on through B, which takes the game over once the lease
    // expired in the database too; the move sent to A is sent again.
    let (mut host, state) = resume_on(&b.url(), &code, &token_h, false).await;
    assert_eq!(state["ply"], 2, "{state}");
    let (mut guest, _) = resume_on(&b.url(), &code, &token_g, false).await;
    host.send(json!({"type": "move", "token": token_h, "ply": 2, "move": legal}))
        .await;
    let state = state_at(&mut guest, 3).await;
    state_at(&mut host, 3).await;
    let reply = first_legal(&state);
    guest
        .send(json!({"type": "move", "token": token_g, "ply": 3, "move": reply}))
        .await;
    state_at(&mut host, 4).await;
    // Every acknowledged move stored, once, in order.
    assert_eq!(
        db_moves(&pg.url(), &code).await,
        ["D4".to_owned(), "D5".to_owned(), legal, reply]
    );
    drop((a, b, proxy));
    tokio::task::spawn_blocking(move || drop(pg)).await.unwrap();
}

/// A test session that holds the lease row of game `code` locked
/// (`SELECT … FOR UPDATE` in an open transaction) until the returned
/// sender is dropped or sent to.
async fn lock_lease_row(url: &str, code: &str) -> std::sync::mpsc::Sender<()> {
    let (url, code) = (url.to_owned(), code.to_owned());
    let (locked_tx, locked) = tokio::sync::oneshot::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let mut tx = db.transaction().unwrap();
        let rows = tx
            .query("SELECT 1 FROM leases WHERE code = $1 FOR UPDATE", &[&code])
            .unwrap();
        assert_eq!(rows.len(), 1, "game {code} has a lease row");
        let _ = locked_tx.send(());
        let _ = released.recv();
        tx.rollback().unwrap();
    });
    locked.await.expect("the row locked");
    release
}

/// A game created at `url` (kybo, first seat): its creator's connection,
/// the code and the token.
async fn create_on(url: &str) -> (Raw, String, String) {
    let mut raw = hello(url).await;
    raw.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    let created = raw.expect("created").await;
    raw.expect("state").await;
    let code = created["code"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    (raw, code, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_locked_lease_row_holds_up_no_other_takeover() {
    let Some(pg) = cluster("cutoff-locked").await else {
        return;
    };
    let dir = TempDir::new("cutoff-locked");
    let db = pg.url();
    let mut a = instance_with(&dir, &db, "a", &[]);
    let b = instance_with(&dir, &db, "b", &[]);
    let c = instance_with(&dir, &db, "c", &[]);
    // Game 1 on A, which dies; game 2 on C, which lives.
    let (_one, code1, token1) = create_on(&a.url()).await;
    let (_two, code2, token2) = create_on(&c.url()).await;
    a.proc.kill();
    // A session holds game 1's lease row, from before the lease expires (so
    // no instance adopts the game first): a takeover of it must wait.
    let release = lock_lease_row(&db, &code1).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let url_b = b.url();
    let (code, token) = (code1.clone(), token1.clone());
    let first = tokio::spawn(async move {
        let mut raw = hello(&url_b).await;
        raw.send(json!({"type": "resume", "code": code, "token": token}))
            .await;
        raw.recv().await
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    // Game 2 asked of B meanwhile: answered at once (C runs it).
    let mut raw = hello(&b.url()).await;
    raw.send(json!({"type": "resume", "code": code2, "token": token2}))
        .await;
    let m = tokio::time::timeout(Duration::from_secs(10), raw.recv())
        .await
        .expect("game 2 answered while game 1's lease row is locked")
        .expect("an answer");
    assert_eq!(m["type"], "redirect", "{m}");
    assert_eq!(m["url"], c.url(), "{m}");
    // Game 1 is not held up for good either: `unavailable` after the
    // lock timeout, then taken over once the row is free (by B, or by C
    // looking for orphaned games meanwhile).
    let m = tokio::time::timeout(Duration::from_secs(10), first)
        .await
        .expect("game 1 answered while its lease row is locked")
        .unwrap()
        .expect("an answer");
    assert_eq!(m["kind"], "unavailable", "{m}");
    drop(release);
    let (_raw, state) = resume_on(&b.url(), &code1, &token1, true).await;
    assert_eq!(state["code"], code1.as_str(), "{state}");
    drop((a, b, c));
    tokio::task::spawn_blocking(move || drop(pg)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_stored_though_its_answer_was_lost_is_played_and_another_at_its_ply_refused() {
    let Some(pg) = cluster("cutoff-commit").await else {
        return;
    };
    let dir = TempDir::new("cutoff-commit");
    let proxy = Proxy::to_postgres(&pg.url());
    // Leases of 6 s: the link fails for a moment only, well within one.
    let a = instance_with(&dir, &proxy.url(&pg.url()), "a", &["--lease-ttl", "6"]);
    let (mut host, mut guest, code, token_h, token_g, last) = opened_at_ply_one(&a.url()).await;
    // The guest's move: its COMMIT reaches PostgreSQL, the answer is lost
    // and the link resets, so the writer's retry fails too.
    proxy.set(Mode::DropAfterCommit(crate::proxy::Then::Reset));
    let stored = first_legal(&last);
    guest
        .send(json!({"type": "move", "token": token_g, "ply": 1, "move": stored}))
        .await;
    let m = guest.expect("refused").await;
    assert_eq!(m["kind"], "unavailable", "{m}");
    assert_eq!(proxy.mode(), Mode::Reset, "the COMMIT went through");
    proxy.set(Mode::Pass);
    assert_eq!(
        db_moves(&pg.url(), &code).await,
        ["D4".to_owned(), stored.clone()]
    );
    // The guest, told `unavailable`, plays another move at that ply (again
    // while the server answers `unavailable`: its pooled connections to
    // the database were reset): the stored move is found and played, and
    // this one refused as stale, saying which move was stored.
    let other = last["legal_moves"][1].as_str().unwrap().to_owned();
    assert_ne!(other, stored);
    let mut tries = 0;
    let state = loop {
        guest
            .send(json!({"type": "move", "token": token_g, "ply": 1, "move": other}))
            .await;
        let m = guest.recv().await.expect("an answer");
        if m["type"] == "state" {
            break m;
        }
        assert_eq!(m["kind"], "unavailable", "{m}");
        tries += 1;
        assert!(tries < 20, "still {m}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    assert_eq!(state["ply"], 2, "{state}");
    assert_eq!(state["moves"][1], stored.as_str(), "{state}");
    let m = guest.expect("refused").await;
    assert_eq!(m["kind"], "stale_ply", "{m}");
    assert!(
        m["reason"].as_str().unwrap().contains(&stored),
        "the refusal names the stored move: {m}"
    );
    assert_eq!(state_at(&mut host, 2).await["moves"][1], stored.as_str());
    // Play goes on from there.
    let next = first_legal(&state);
    host.send(json!({"type": "move", "token": token_h, "ply": 2, "move": next}))
        .await;
    state_at(&mut guest, 3).await;
    assert_eq!(
        db_moves(&pg.url(), &code).await,
        ["D4".to_owned(), stored, next]
    );
    drop((a, proxy));
    tokio::task::spawn_blocking(move || drop(pg)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_moves_at_one_ply_on_two_instances_only_the_lease_holders_is_stored() {
    let Some(pg) = cluster("cutoff-two-writes").await else {
        return;
    };
    let dir = TempDir::new("cutoff-two-writes");
    let a = instance_with(&dir, &pg.url(), "a", &[]);
    let b = instance_with(&dir, &pg.url(), "b", &[]);
    let (mut host, mut guest, code, _, token_g, last) = opened_at_ply_one(&a.url()).await;
    // Two different moves of the guest at ply 1, so the stored one says
    // whose write it is: `on_a` sent to A, which is paused past its lease
    // and reads it only once resumed; `on_b` sent to B, which took over.
    let (on_a, on_b) = (
        first_legal(&last),
        last["legal_moves"][1].as_str().unwrap().to_owned(),
    );
    assert_ne!(on_a, on_b);
    signal(&a, "-STOP");
    guest
        .send(json!({"type": "move", "token": token_g, "ply": 1, "move": on_a}))
        .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (mut guest_b, state) = resume_on(&b.url(), &code, &token_g, false).await;
    assert_eq!(state["ply"], 1, "{state}");
    guest_b
        .send(json!({"type": "move", "token": token_g, "ply": 1, "move": on_b}))
        .await;
    assert_eq!(state_at(&mut guest_b, 2).await["moves"][1], on_b.as_str());
    signal(&a, "-CONT");
    // A, back, stores nothing and acknowledges nothing: its clients are
    // told `relocated` before any state.
    for (who, raw) in [("host", &mut host), ("guest", &mut guest)] {
        let m = raw.recv().await.expect("an answer");
        assert_eq!(m["kind"], "relocated", "{who}: {m}");
    }
    assert_eq!(
        db_moves(&pg.url(), &code).await,
        ["D4".to_owned(), on_b.clone()]
    );
    // The guest's connection on A resumes where the game runs and finds
    // B's move, not its own.
    let (_raw, state) = resume_on(&b.url(), &code, &token_g, true).await;
    assert_eq!(state["moves"], json!(["D4", on_b]), "{state}");
    drop((a, b));
    tokio::task::spawn_blocking(move || drop(pg)).await.unwrap();
}
