//! Instances cut off from PostgreSQL (issue #39), through the test proxy
//! ([`crate::proxy`]) put between one instance and the database: a
//! black-holed link. Real server processes on loopback, a throwaway cluster
//! per test; leases last 1.5 s, and every wait is bounded generously (the
//! machine is shared).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::cluster::instance_with;
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
    tokio::task::spawn_blocking(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        db.query(
            "SELECT text FROM moves WHERE code = $1 ORDER BY ply",
            &[&code],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
    })
    .await
    .unwrap()
}

/// A connection that said hello and follows redirects.
pub(crate) async fn hello(url: &str) -> Raw {
    let mut raw = Raw::connect(url).await;
    raw.send(json!({"type": "hello", "protocol": 1, "redirect": true}))
        .await;
    raw.expect("welcome").await;
    raw
}

/// Resumes seat `token` of game `code` at `url`; while the instance
/// redirects (the lease is still another's) or is unavailable, asks again,
/// for up to 30 s. The connection and its first state.
pub(crate) async fn resume_on(url: &str, code: &str, token: &str) -> (Raw, Value) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut raw = hello(url).await;
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
    let (mut host, state) = resume_on(&b.url(), &code, &token_h).await;
    assert_eq!(state["ply"], 2, "{state}");
    let (mut guest, _) = resume_on(&b.url(), &code, &token_g).await;
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
