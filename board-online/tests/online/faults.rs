//! The server under faults (issue #39): concurrent code guesses against the
//! failed-join budget, reads of games past their budget, peers that flood
//! pings or stop reading. Each peer is a raw socket on loopback; each wait
//! is bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::cluster::instance_with;
use crate::harness::{Raw, Server, TempDir};
use crate::pgcluster::PgCluster;
use crate::web::get;

/// The sockets process `pid` holds open (its other descriptors, the
/// store's files, vary as the store opens them).
pub(crate) fn descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|fds| {
            fds.flatten()
                .filter(|fd| {
                    std::fs::read_link(fd.path())
                        .is_ok_and(|to| to.to_string_lossy().starts_with("socket:"))
                })
                .count()
        })
        .unwrap_or(0)
}

/// How many of process `pid`'s sockets are connections accepted on its
/// listening `port` (peers), read from `/proc/net/tcp{,6}`: unlike
/// [`descriptors`], it leaves out the server's own connections (to
/// PostgreSQL, which may be opened again at any time). Counted by inode:
/// the kernel writes those tables a page per read, so a socket moved while
/// they are read (other tests open and close many) can be listed twice.
pub(crate) fn peer_sockets(pid: u32, port: u16) -> usize {
    let inodes: std::collections::HashSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|fds| {
            fds.flatten()
                .filter_map(|fd| {
                    let to = std::fs::read_link(fd.path()).ok()?;
                    let to = to.to_string_lossy();
                    Some(to.strip_prefix("socket:[")?.strip_suffix(']')?.to_owned())
                })
                .collect()
        })
        .unwrap_or_default();
    let local = format!(":{port:04X}");
    ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| std::fs::read_to_string(table).ok())
        .flat_map(|text| {
            text.lines()
                .skip(1)
                .map(|line| {
                    line.split_whitespace()
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
        // local_address, state (0A: listening), inode.
        .filter(|f| f.len() > 9 && f[1].ends_with(&local) && f[3] != "0A" && inodes.contains(&f[9]))
        .map(|f| f[9].clone())
        .collect::<std::collections::HashSet<_>>()
        .len()
}

/// Waits up to `within` for the count of process `pid`'s peer connections
/// on `port` to be `done`; the count it last saw. (The kernel's tables
/// can also miss a row while other tests churn them: a count is read again.)
pub(crate) fn peer_sockets_when(
    pid: u32,
    port: u16,
    within: Duration,
    done: impl Fn(usize) -> bool,
) -> usize {
    let deadline = Instant::now() + within;
    loop {
        let n = peer_sockets(pid, port);
        if done(n) || Instant::now() >= deadline {
            return n;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Waits up to `within` for process `pid` to hold at most `most`
/// descriptors; the count it last saw.
pub(crate) fn descriptors_fall_to(pid: u32, most: usize, within: Duration) -> usize {
    let deadline = Instant::now() + within;
    loop {
        let n = descriptors(pid);
        if n <= most || Instant::now() >= deadline {
            return n;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The resident memory of process `pid`, in KiB.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

/// A code of the right shape that no game has (`i` picks one of many).
fn unknown_code(i: usize) -> String {
    let alphabet = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    (0..6)
        .map(|k| char::from(alphabet[(i * 7 + k * 13) % alphabet.len()]))
        .collect()
}

#[test]
fn concurrent_reads_of_unknown_codes_get_no_more_404s_than_the_failed_join_budget() {
    // On PostgreSQL, where a lookup is a round trip: a budget checked
    // before it and spent after it let most of a burst through.
    let Some(pg) = PgCluster::start("guesses") else {
        return;
    };
    let dir = TempDir::new("guesses");
    let server = instance_with(&dir, &pg.url(), "a", &["--failed-joins-per-minute", "5"]);
    // 40 guesses at once from one address (every socket connected first,
    // then every request sent): each is charged before its lookup, so 5
    // are looked up (404) and 35 refused (429).
    let mut sockets: Vec<TcpStream> = (0..40)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    for (i, tcp) in sockets.iter_mut().enumerate() {
        let request = format!(
            "GET /games/{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            unknown_code(i)
        );
        tcp.write_all(request.as_bytes()).unwrap();
    }
    let statuses: Vec<u16> = sockets
        .iter_mut()
        .map(|tcp| {
            tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            let mut answer = Vec::new();
            tcp.read_to_end(&mut answer).unwrap();
            let head = String::from_utf8_lossy(&answer[..answer.len().min(12)]).into_owned();
            head[9..12].parse().unwrap_or_else(|_| panic!("{head}"))
        })
        .collect();
    let not_found = statuses.iter().filter(|&&s| s == 404).count();
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    assert_eq!(not_found, 5, "{statuses:?}");
    assert_eq!(refused, 35, "{statuses:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_joins_of_unknown_codes_get_no_more_answers_than_the_failed_join_budget() {
    let dir = TempDir::new("join-guesses");
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--failed-joins-per-minute", "5"],
    );
    let url = server.url();
    let mut peers = Vec::new();
    for _ in 0..30 {
        peers.push(Raw::hello(&url).await);
    }
    for (i, p) in peers.iter_mut().enumerate() {
        p.send(json!({"type": "join", "code": unknown_code(i)}))
            .await;
    }
    let mut kinds = Vec::new();
    for p in &mut peers {
        let m = p.expect("error").await;
        kinds.push(m["kind"].as_str().unwrap().to_owned());
    }
    let answered = kinds.iter().filter(|k| *k == "no_such_game").count();
    let limited = kinds.iter().filter(|k| *k == "rate_limited").count();
    assert_eq!((answered, limited), (5, 25), "{kinds:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_of_a_known_game_are_rate_limited_per_address() {
    let dir = TempDir::new("reads");
    // The default budget: 60 reads a minute, as many at once.
    let server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let url = server.url();
    let mut a = Raw::hello(&url).await;
    a.send(json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"}))
        .await;
    let code = a.expect("created").await["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let addr = server.addr.clone();
    let statuses = tokio::task::spawn_blocking(move || {
        (0..70)
            .map(|i| {
                let path = if i % 2 == 0 {
                    format!("/games/{code}")
                } else {
                    format!("/games/{code}.json")
                };
                get(&addr, &path).status
            })
            .collect::<Vec<u16>>()
    })
    .await
    .unwrap();
    assert_eq!(&statuses[..60], &[200; 60], "{statuses:?}");
    // The budget refills by one a second: a fast loop gets one or two back.
    let refused = statuses[60..].iter().filter(|&&s| s == 429).count();
    assert!(
        refused >= 8,
        "{refused} of the last 10 reads refused: {statuses:?}"
    );
    // The game itself is not disturbed: its players play on.
    a.send(json!({"type": "sync"})).await;
    a.expect("state").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_count_against_the_message_budget() {
    let dir = TempDir::new("pings");
    // The default budget: 40 messages at once, 20 a second.
    let server = Server::start(dir.path(), "127.0.0.1:0", &[]);
    let mut peer = Raw::hello(&server.url()).await;
    for _ in 0..500 {
        if !peer.try_send(Message::Ping(vec![1, 2, 3].into())).await {
            break;
        }
    }
    // Pongs come back, then the refusal, then the close.
    let error = tokio::time::timeout(Duration::from_secs(10), peer.recv())
        .await
        .expect("a rate_limited error within 10 s, not silence")
        .expect("the error before the close");
    assert_eq!(error["kind"], "rate_limited", "{error}");
    assert!(peer.closes().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peer_flooding_pings_without_reading_pins_no_memory() {
    let dir = TempDir::new("ping-flood");
    // A budget too large to stop the flood (the default one closes it, see
    // above): the write buffer's bound keeps the pongs owed from growing.
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--message-rate", "1000000", "--message-burst", "1000000"],
    );
    let pid = server.proc.pid();
    let mut warm = Raw::hello(&server.url()).await;
    warm.send(json!({"type": "ping"})).await;
    warm.expect("pong").await;
    let before = resident_kib(pid);
    let (mut ws, _) = tokio_tungstenite::connect_async(server.url())
        .await
        .unwrap();
    // 400,000 pings of 125 bytes (50 MB of pongs owed), never reading.
    let payload = vec![7u8; 125];
    let mut sent = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    while sent < 400_000 && Instant::now() < deadline {
        let send = ws.send(Message::Ping(payload.clone().into()));
        match tokio::time::timeout(Duration::from_secs(5), send).await {
            Ok(Ok(())) => sent += 1,
            // Closed (reset), or the server stopped reading it.
            Ok(Err(_)) | Err(_) => break,
        }
    }
    let grown = resident_kib(pid).saturating_sub(before);
    assert!(
        grown < 16 * 1024,
        "the server grew by {grown} KiB for a peer that sent {sent} pings and read nothing"
    );
    drop(ws);
    warm.send(json!({"type": "ping"})).await;
    warm.expect("pong").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peer_that_stops_reading_is_closed_and_its_descriptor_freed() {
    let dir = TempDir::new("no-reader");
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--message-rate", "100000", "--message-burst", "100000"],
    );
    let pid = server.proc.pid();
    // A first game, so that the store has opened all its files.
    let mut warm = Raw::hello(&server.url()).await;
    warm.send(json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"}))
        .await;
    warm.expect("created").await;
    warm.expect("state").await;
    let base = descriptors(pid);
    // A peer with a small receive window that creates a game, then asks
    // for its state thousands of times and never reads an answer.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(server.addr.parse().unwrap()).await.unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(server.url(), tcp)
        .await
        .unwrap();
    let hello = json!({"type": "hello", "protocol": 1, "client": "test"});
    ws.send(Message::text(hello.to_string())).await.unwrap();
    let create = json!({"type": "create", "game": "kybo", "config": {}, "seat": "first"});
    ws.send(Message::text(create.to_string())).await.unwrap();
    // It reads the welcome, its seat and the first state, then nothing.
    let mut state_bytes = 0;
    while state_bytes == 0 {
        let frame = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("the first messages")
            .expect("an open connection")
            .unwrap();
        if let Message::Text(text) = frame {
            if text.contains(r#""type":"state""#) {
                state_bytes = text.len();
            }
        }
    }
    // More states than every buffer on the way holds (the kernel's send
    // buffer grows to 4 MiB): 16 MiB of them.
    let syncs = 16 * 1024 * 1024 / state_bytes + 1000;
    let sync = json!({"type": "sync"}).to_string();
    let mut sent = 0;
    for _ in 0..syncs {
        let send = ws.send(Message::text(sync.clone()));
        match tokio::time::timeout(Duration::from_secs(5), send).await {
            Ok(Ok(())) => sent += 1,
            Ok(Err(_)) | Err(_) => break,
        }
    }
    // The server gives up on it: slot, task and descriptor go together,
    // though the peer keeps its end open.
    let left = tokio::task::spawn_blocking(move || {
        descriptors_fall_to(pid, base, Duration::from_secs(25))
    })
    .await
    .unwrap();
    assert!(
        left <= base,
        "{left} sockets, {base} before the peer that stopped reading ({sent} syncs sent)"
    );
    drop(ws);
    warm.send(json!({"type": "ping"})).await;
    warm.expect("pong").await;
}
