//! Several real server processes on one real PostgreSQL (a throwaway
//! cluster per test): a game hosted on A, joined on B, watched on C; the
//! owner killed with SIGKILL mid-game; the owner paused (SIGSTOP) past its
//! lease and resumed; the same move sent to two instances at once;
//! PostgreSQL restarted mid-game.
//!
//! Leases last 1.5 s here (`--lease-ttl 1.5`), so takeovers take a few
//! seconds, not ten.

use std::process::Command;
use std::time::{Duration, Instant};

use board_core::Game;
use serde_json::{json, Value};

use crate::faults::peer_sockets_when;
use crate::games::{finish, pick, play, printed_moves, Table, FAST};
use crate::harness::{Proc, Raw, Server, TempDir};
use crate::pgcluster::PgCluster;
use crate::web::get;

const TTL: &str = "1.5";

/// Starts `serve` on PostgreSQL as instance `id`.
fn instance(dir: &TempDir, db: &str, id: &str) -> Server {
    instance_with(dir, db, id, &[])
}

/// Like [`instance`], with extra flags (`--lease-ttl` among them replaces
/// the 1.5 s of these tests).
pub(crate) fn instance_with(dir: &TempDir, db: &str, id: &str, extra: &[&str]) -> Server {
    let mut args = vec![
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        db,
        "--instance-id",
        id,
    ];
    // Leases of TTL unless `extra` names another.
    if !extra.contains(&"--lease-ttl") {
        args.extend_from_slice(&["--lease-ttl", TTL]);
    }
    args.extend_from_slice(FAST);
    args.extend_from_slice(extra);
    let mut proc = Proc::spawn(&format!("server {id}"), &args, dir.path());
    let line = proc.expect("listening on, or an error", |l| {
        l.starts_with("listening on ") || l.starts_with("stderr: error")
    });
    let addr = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("instance {id} did not start: {line}"))
        .to_owned();
    // Started without --connect-src: the operator is told that pages
    // cannot follow a redirect.
    assert!(
        proc.log
            .iter()
            .any(|l| l.contains("warning: no --connect-src")),
        "{:?}",
        proc.log
    );
    Server { proc, addr }
}

/// `host kybo --seat first` and `join CODE`, each with its own servers.
fn open(dir: &TempDir, host_on: &[&Server], join_on: &[&Server]) -> (Table, String) {
    let urls = |servers: &[&Server]| -> Vec<String> {
        servers
            .iter()
            .flat_map(|s| ["--server".to_owned(), s.url()])
            .collect()
    };
    let mut args: Vec<String> = ["host", "kybo", "--seat", "first"]
        .map(String::from)
        .to_vec();
    args.extend(urls(host_on));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut host = Proc::spawn("host", &args, dir.path());
    let code = host.expect_prefix("code: ");
    host.expect("waiting", |l| l == "waiting for the opponent");
    let mut args = vec!["join".to_owned(), code.clone()];
    args.extend(urls(join_on));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut join = Proc::spawn("join", &args, dir.path());
    assert_eq!(join.expect_prefix("seat: "), "second");
    (Table { host, join }, code)
}

/// Game `code` as stored (its state and record), through
/// `GET /games/CODE.json` of the instance at `addr` (its owner, or one
/// reading it back).
pub(crate) fn stored_game(addr: &str, code: &str) -> Value {
    let answer = get(addr, &format!("/games/{code}.json"));
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    serde_json::from_slice(&answer.body).unwrap()
}

/// The moves of game `code` as stored (see [`stored_game`]).
fn stored_moves(addr: &str, code: &str) -> Vec<String> {
    stored_game(addr, code)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

pub(crate) fn signal(server: &Server, sig: &str) {
    let pid = server.proc.pid();
    let ok = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {sig}");
    if sig == "-STOP" {
        // `kill` returns once the signal is sent; the process stops when
        // one of its threads takes it, and on a busy machine the others
        // run on meanwhile (a move read then is stored). Wait until every
        // thread is stopped.
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !all_threads_stopped(pid) {
            assert!(std::time::Instant::now() < deadline, "{pid} did not stop");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Whether every thread of process `pid` is stopped (state `T`).
fn all_threads_stopped(pid: u32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.flatten().all(|task| {
        std::fs::read_to_string(task.path().join("stat")).is_ok_and(|stat| {
            // The state follows the command name's closing parenthesis.
            stat.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('T') || rest.starts_with('t'))
        })
    })
}

#[test]
fn a_game_hosted_on_a_is_joined_on_b_and_watched_on_c() {
    let Some(pg) = PgCluster::start("cluster-abc") else {
        return;
    };
    let dir = TempDir::new("cluster-abc");
    let a = instance(&dir, &pg.url(), "a");
    let b = instance(&dir, &pg.url(), "b");
    let c = instance(&dir, &pg.url(), "c");
    // Each names itself in /healthz.
    for (s, id) in [(&a, "a"), (&b, "b"), (&c, "c")] {
        let health = get(&s.addr, "/healthz");
        assert_eq!(health.status, 200);
        let body = String::from_utf8(health.body).unwrap();
        assert_eq!(
            body,
            format!("ok\ninstance: {id}\npublic-addr: ws://{}\n", s.addr)
        );
    }
    let (mut table, code) = open(&dir, &[&a], &[&b]);
    // B sent the joiner to A, the game's owner.
    assert!(
        table
            .join
            .log
            .contains(&format!("redirected to {}", a.url())),
        "{}",
        table.join.tail()
    );
    let mut game = kybo::Position::from_config(kybo::Config::default());
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(7);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 4, &mut record);
    let url = c.url();
    let mut watcher = Proc::spawn("watch", &["watch", &code, "--server", &url], dir.path());
    let last = format!("move 4: {}", record[3]);
    watcher.expect("the game so far", |l| l == last);
    play(
        &mut table,
        &mut game,
        first,
        &mut rng,
        usize::MAX,
        &mut record,
    );
    let result = finish(&mut table, &game);
    assert_eq!(watcher.expect_prefix("result: "), result);
    assert!(watcher.wait().success());
    assert_eq!(printed_moves(&watcher), record);
    // Any instance reads the finished game back from the database.
    assert_eq!(stored_moves(&c.addr, &code), record);
    assert_eq!(stored_moves(&b.addr, &code), record);
}

#[test]
fn the_owner_killed_mid_game_its_players_carry_on_elsewhere() {
    let Some(pg) = PgCluster::start("cluster-kill") else {
        return;
    };
    let dir = TempDir::new("cluster-kill");
    let mut a = instance(&dir, &pg.url(), "a");
    let b = instance(&dir, &pg.url(), "b");
    let (mut table, code) = open(&dir, &[&a, &b], &[&b, &a]);
    let mut game = kybo::Position::from_config(kybo::Config::default());
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(3);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 10, &mut record);
    a.proc.kill(); // SIGKILL: the owner is gone, its lease runs out
    let killed = Instant::now();
    for client in [&mut table.host, &mut table.join] {
        client.expect("the lost connection", |l| l.starts_with("connection lost"));
    }
    // A move typed while no one runs the game is sent once B does.
    let mv = pick(&game, &mut rng);
    table.mover(&game, first).send(&mv.to_string());
    for client in [&mut table.host, &mut table.join] {
        client.expect("the seat resumed", |l| l.starts_with("resumed: seat"));
    }
    let took = killed.elapsed();
    assert!(took < Duration::from_secs(15), "took over after {took:?}");
    game.play(mv).unwrap();
    record.push(mv.to_string());
    for client in [&mut table.host, &mut table.join] {
        assert_eq!(client.expect_prefix("move 11: "), mv.to_string());
    }
    play(
        &mut table,
        &mut game,
        first,
        &mut rng,
        usize::MAX,
        &mut record,
    );
    finish(&mut table, &game);
    // No acknowledged move lost, the same record on both sides and stored.
    assert_eq!(printed_moves(&table.host), record);
    assert_eq!(printed_moves(&table.join), record);
    assert_eq!(stored_moves(&b.addr, &code), record);
    let mut b = b;
    b.proc
        .expect("B took over", |l| l.contains("took the game over"));
}

#[test]
fn an_owner_paused_past_its_lease_writes_nothing_and_sends_its_clients_on() {
    let Some(pg) = PgCluster::start("cluster-stop") else {
        return;
    };
    let dir = TempDir::new("cluster-stop");
    let mut a = instance(&dir, &pg.url(), "a");
    let mut b = instance(&dir, &pg.url(), "b");
    let (mut table, code) = open(&dir, &[&a, &b], &[&a, &b]);
    let mut game = kybo::Position::from_config(kybo::Config::default());
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 4, &mut record);
    signal(&a, "-STOP");
    // A move sent to the paused owner: it reads it only once resumed.
    let mv = pick(&game, &mut rng);
    table.mover(&game, first).send(&mv.to_string());
    std::thread::sleep(Duration::from_millis(2500));
    // The lease has expired: a spectator on B makes B take the game over.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = b.url();
    let seen = rt.block_on(async {
        let mut raw = Raw::connect(&url).await;
        raw.send(json!({"type": "hello", "protocol": 1, "redirect": true}))
            .await;
        raw.expect("welcome").await;
        raw.send(json!({"type": "watch", "code": code})).await;
        raw.expect("watching").await;
        raw.expect("state").await
    });
    assert_eq!(
        seen["ply"],
        4,
        "{seen}\nA:\n{}\nB:\n{}\nhost:\n{}\njoin:\n{}",
        a.proc.tail(),
        b.proc.tail(),
        table.host.tail(),
        table.join.tail()
    );
    signal(&a, "-CONT");
    // A finds its lease gone (at its next renewal or write) and sends its
    // clients on; they resume on B, where the move typed meanwhile lands.
    a.proc
        .expect("the lost lease", |l| l.contains("lease lost"));
    for client in [&mut table.host, &mut table.join] {
        client.expect("the seat resumed", |l| l.starts_with("resumed: seat"));
    }
    game.play(mv).unwrap();
    record.push(mv.to_string());
    for client in [&mut table.host, &mut table.join] {
        assert_eq!(client.expect_prefix("move 5: "), mv.to_string());
    }
    play(&mut table, &mut game, first, &mut rng, 6, &mut record);
    // Stored once, by B only: the paused owner wrote nothing.
    assert_eq!(stored_moves(&b.addr, &code), record);
    b.proc
        .expect("B took over", |l| l.contains("took the game over"));
    // Both clients were told to go, and did.
    for client in [&table.host, &table.join] {
        assert!(
            client
                .log
                .iter()
                .any(|l| l.contains("another server runs this game now")),
            "{}",
            client.tail()
        );
    }
    drop(table);
}

#[test]
fn after_relocated_a_silent_peer_is_closed() {
    let Some(pg) = PgCluster::start("cluster-silent") else {
        return;
    };
    let dir = TempDir::new("cluster-silent");
    let ping = ["--ping-interval", "0.5"];
    let mut a = instance_with(&dir, &pg.url(), "a", &ping);
    let b = instance_with(&dir, &pg.url(), "b", &ping);
    let rt = tokio::runtime::Runtime::new().unwrap();
    // Two players and a spectator on A, who read nothing after this.
    let (url_a, url_b) = (a.url(), b.url());
    let port: u16 = url_a
        .trim_start_matches("ws://")
        .split(['/', ':'])
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("A's port in its address");
    let (code, peers) = rt.block_on(async {
        let mut host = Raw::hello(&url_a).await;
        let mut guest = Raw::hello(&url_a).await;
        let (code, _, _) = crate::hostile::open_game(&mut host, &mut guest).await;
        let mut spectator = Raw::hello(&url_a).await;
        spectator.send(json!({"type": "watch", "code": code})).await;
        spectator.expect("watching").await;
        (code, [host, guest, spectator])
    });
    let seen = peer_sockets_when(a.proc.pid(), port, Duration::from_secs(2), |n| n == 3);
    assert_eq!(seen, 3, "A's three peers");
    // A paused past its lease; B takes the game over.
    signal(&a, "-STOP");
    std::thread::sleep(Duration::from_millis(2500));
    rt.block_on(async {
        let mut raw = Raw::hello(&url_b).await;
        raw.send(json!({"type": "watch", "code": code})).await;
        raw.expect("watching").await;
    });
    signal(&a, "-CONT");
    a.proc
        .expect("the lost lease", |l| l.contains("lease lost"));
    // A has told its peers `relocated` and closed its side; they answer
    // nothing, and A lets their sockets go all the same.
    // (Its own connections to PostgreSQL are left out of the count: they
    // may be opened again after the pause.)
    let left = peer_sockets_when(a.proc.pid(), port, Duration::from_secs(15), |n| n == 0);
    assert_eq!(
        left,
        0,
        "A still holds {left} of its three silent peers' sockets\n{}",
        a.proc.tail()
    );
    drop(peers);
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_sent_to_two_instances_at_once_is_stored_once() {
    let Some(pg) = tokio::task::spawn_blocking(|| PgCluster::start("cluster-twice"))
        .await
        .unwrap()
    else {
        return;
    };
    let dir = TempDir::new("cluster-twice");
    let db = pg.url();
    let mut a = instance(&dir, &db, "a");
    let b = instance(&dir, &db, "b");
    let c = instance(&dir, &db, "c");
    let hello = json!({"type": "hello", "protocol": 1, "redirect": true});
    let mut host = Raw::connect(&a.url()).await;
    host.send(hello.clone()).await;
    host.expect("welcome").await;
    host.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    let created = host.expect("created").await;
    let code = created["code"].as_str().unwrap().to_owned();
    host.expect("state").await;
    let mut guest = Raw::connect(&a.url()).await;
    guest.send(hello.clone()).await;
    guest.expect("welcome").await;
    guest.send(json!({"type": "join", "code": code})).await;
    let token = guest.expect("joined").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    guest.expect("state").await;
    host.send(json!({"type": "move", "token": created["token"], "ply": 0, "move": "D4"}))
        .await;
    while host.expect("state").await["ply"] != 1 {}
    // The owner dies with the game at ply 1, the second seat to move.
    a.proc.kill();
    drop((host, guest));
    tokio::time::sleep(Duration::from_millis(2000)).await;
    // Two connections of the second seat, on B and C at once: one instance
    // takes the game over, the other redirects there.
    let resume = |url: String| {
        let hello = hello.clone();
        let code = code.clone();
        let token = token.clone();
        async move {
            let mut url = url;
            for _ in 0..5 {
                let mut raw = Raw::connect(&url).await;
                raw.send(hello.clone()).await;
                raw.expect("welcome").await;
                raw.send(json!({"type": "resume", "code": code, "token": token}))
                    .await;
                let m = raw.recv().await.expect("an answer");
                if m["type"] == "redirect" {
                    url = m["url"].as_str().unwrap().to_owned();
                    continue;
                }
                assert_eq!(m["type"], "resumed", "{m}");
                let state = raw.expect("state").await;
                return (raw, url, state);
            }
            panic!("redirected five times");
        }
    };
    let ((mut one, url1, s1), (mut two, url2, s2)) = tokio::join!(resume(b.url()), resume(c.url()));
    assert_eq!(url1, url2, "both ended on the one owner");
    assert_eq!(s1["ply"], 1);
    assert_eq!(s2["ply"], 1);
    // The same move from both connections at once.
    let mv = json!({"type": "move", "token": token, "ply": 1, "move": "D5"});
    tokio::join!(one.send(mv.clone()), two.send(mv));
    let mut refused = 0;
    for raw in [&mut one, &mut two] {
        // Both see the one new state; one of them also its refusal.
        let m = raw.expect("state").await;
        assert_eq!(m["ply"], 2, "{m}");
        assert_eq!(m["moves"], json!(["D4", "D5"]), "{m}");
        if let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(500), raw.recv()).await {
            assert_eq!(m["type"], "refused", "{m}");
            assert_eq!(m["kind"], "stale_ply", "{m}");
            refused += 1;
        }
    }
    assert_eq!(refused, 1);
    let owner = url1.trim_start_matches("ws://").to_owned();
    let stored = tokio::task::spawn_blocking(move || stored_moves(&owner, &code))
        .await
        .unwrap();
    assert_eq!(stored, ["D4", "D5"]);
    tokio::task::spawn_blocking(move || drop(pg)).await.unwrap();
}

#[test]
fn postgres_restarted_mid_game_refuses_moves_meanwhile_and_loses_none() {
    let Some(pg) = PgCluster::start("cluster-pgdown") else {
        return;
    };
    let dir = TempDir::new("cluster-pgdown");
    let a = instance(&dir, &pg.url(), "a");
    let (mut table, code) = open(&dir, &[&a], &[&a]);
    let mut game = kybo::Position::from_config(kybo::Config::default());
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(9);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 4, &mut record);
    pg.stop();
    let mv = pick(&game, &mut rng);
    let mover = table.mover(&game, first);
    mover.send(&mv.to_string());
    let refused = mover.expect_prefix("refused: ");
    assert!(refused.contains("could not be stored"), "{refused}");
    pg.start_again();
    // The same move again, once the database is back: stored and played.
    table.mover(&game, first).send(&mv.to_string());
    game.play(mv).unwrap();
    record.push(mv.to_string());
    for client in [&mut table.host, &mut table.join] {
        assert_eq!(client.expect_prefix("move 5: "), mv.to_string());
    }
    play(
        &mut table,
        &mut game,
        first,
        &mut rng,
        usize::MAX,
        &mut record,
    );
    finish(&mut table, &game);
    assert_eq!(printed_moves(&table.host), record);
    assert_eq!(stored_moves(&a.addr, &code), record);
}
