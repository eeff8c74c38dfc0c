//! Connections that never finish their handshake, too many connections, and
//! idle WebSockets, against the real server binary over real sockets.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::harness::{Raw, Server, TempDir};

/// Reads until the server closes `tcp` (end of stream or a reset); returns
/// what it sent and how long after `since` it closed. Panics after 20 s.
fn read_until_closed(tcp: &mut TcpStream, since: Instant) -> (Vec<u8>, Duration) {
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tcp.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                panic!("still open after 20 s")
            }
            Err(_) => break, // reset
        }
    }
    (got, since.elapsed())
}

fn upgrade_request(addr: &str) -> String {
    format!(
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
}

#[test]
fn sockets_that_never_finish_their_request_are_closed_within_the_timeout() {
    let dir = TempDir::new("handshake");
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--handshake-timeout", "1"]);
    let addr = server.addr.clone();
    let start = Instant::now();

    // A silent socket.
    let mut silent = TcpStream::connect(&addr).unwrap();
    // An upgrade request without its final CRLF.
    let mut unfinished = TcpStream::connect(&addr).unwrap();
    let request = upgrade_request(&addr);
    unfinished
        .write_all(&request.as_bytes()[..request.len() - 2])
        .unwrap();
    // A header sent one byte every 100 ms (it would take 15 s).
    let mut slow = TcpStream::connect(&addr).unwrap();
    let mut writer = slow.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        for byte in request.bytes() {
            if writer.write_all(&[byte]).is_err() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        false
    });

    for (name, tcp) in [
        ("silent", &mut silent),
        ("unfinished", &mut unfinished),
        ("slow", &mut slow),
    ] {
        let (_, after) = read_until_closed(tcp, start);
        assert!(
            after >= Duration::from_millis(900) && after < Duration::from_secs(5),
            "the {name} socket closed after {after:?}, not about 1 s"
        );
    }
    assert!(trickle.join().unwrap(), "the slow header was sent whole");

    // A whole request in time still upgrades.
    let mut fine = TcpStream::connect(&addr).unwrap();
    fine.write_all(upgrade_request(&addr).as_bytes()).unwrap();
    let mut head = [0u8; 12];
    fine.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 101");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_past_the_limits_get_503_and_are_closed_at_once() {
    let dir = TempDir::new("max-connections");
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &[
            "--max-connections",
            "5",
            "--max-connections-per-address",
            "3",
            "--handshake-timeout",
            "4",
        ],
    );
    let addr = server.addr.clone();
    let connect_from = |source: &'static str| {
        let addr = addr.clone();
        async move {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
            let tcp = socket
                .connect(addr.parse().unwrap())
                .await
                .unwrap()
                .into_std()
                .unwrap();
            tcp.set_nonblocking(false).unwrap();
            tcp
        }
    };
    // Three silent sockets from 127.0.0.1: its limit.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect_from("127.0.0.1").await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let mut fourth = connect_from("127.0.0.1").await;
    let (answer, after) = read_until_closed(&mut fourth, start);
    assert!(after < Duration::from_secs(2), "closed after {after:?}");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.contains("too many connections from this address"),
        "{answer}"
    );

    // Another address still gets in, up to the server's limit of 5.
    held.push(connect_from("127.0.0.2").await);
    held.push(connect_from("127.0.0.2").await);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    let mut sixth = connect_from("127.0.0.3").await;
    let (answer, after) = read_until_closed(&mut sixth, start);
    assert!(after < Duration::from_secs(2), "closed after {after:?}");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.ends_with("too many connections"), "{answer}");
    // A WebSocket client sees the 503 too.
    let url = server.url();
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 503),
        other => panic!("connected past the limit: {:?}", other.map(|_| ())),
    }

    // The silent sockets are closed after the handshake timeout, which
    // frees their places.
    for tcp in &mut held {
        read_until_closed(tcp, Instant::now());
    }
    let mut raw = Raw::hello(&url).await;
    raw.send(json!({"type": "ping"})).await;
    raw.expect("pong").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_websocket_that_does_not_answer_pings_is_dropped() {
    let dir = TempDir::new("ping");
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--ping-interval", "0.5"]);
    let url = server.url();
    // A peer that reads (so its library answers pings) stays, though it
    // sends nothing itself for 4 s.
    let mut alive = Raw::hello(&url).await;
    let (mut mute, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut pings = 0;
    let until = tokio::time::Instant::now() + Duration::from_secs(4);
    while let Ok(m) = tokio::time::timeout_at(until, alive.next_frame()).await {
        match m {
            Some(Message::Ping(_)) => pings += 1,
            Some(_) => {}
            None => panic!("the reading peer was closed"),
        }
    }
    // It answers each ping, so it is pinged every other interval.
    assert!(pings >= 2, "{pings} pings in 4 s at a 0.5 s interval");
    alive.send(json!({"type": "ping"})).await;
    alive.expect("pong").await;

    // The mute peer read nothing for those 4 s, so it answered no ping: the
    // server has closed it (its pings and close frame wait in the buffer).
    let mut frames = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), mute.next()).await {
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => break,
            Ok(Some(Ok(m))) => frames.push(m),
            Err(_) => panic!("the mute peer is still open; it got {frames:?}"),
        }
    }
    assert!(
        frames.iter().any(|m| matches!(m, Message::Ping(_))),
        "{frames:?}"
    );
}
