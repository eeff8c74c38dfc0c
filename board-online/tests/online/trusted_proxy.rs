//! Behind a reverse proxy (`serve --trusted-proxy CIDR`, issue #39): from
//! a trusted peer the per-address limits key on the client `X-Forwarded-For`
//! names, so two players behind one proxy have separate budgets; from any
//! other peer the header is ignored, so a forged one changes nothing.
//! Every "client" here is a socket on loopback sending the header itself.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::harness::{Raw, Server, TempDir};

/// Connects to `url` as a proxy would for the client at `forwarded_for`
/// (the header's value), and says hello; `None` if refused.
async fn via(url: &str, forwarded_for: &str) -> Option<Raw> {
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded_for.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.ok()?;
    let mut raw = Raw::from_stream(ws);
    raw.send(json!({"type": "hello", "protocol": 1, "client": "test"}))
        .await;
    raw.expect("welcome").await;
    Some(raw)
}

/// The kind of error a join of an unknown code gets.
async fn failed_join(raw: &mut Raw) -> String {
    raw.send(json!({"type": "join", "code": "ZZZZZZ"})).await;
    raw.expect("error").await["kind"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The status of `GET path` sent with `X-Forwarded-For: forwarded_for`.
fn get_via(addr: &str, path: &str, forwarded_for: &str) -> u16 {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-For: {forwarded_for}\r\n\
         Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer);
    let head = String::from_utf8_lossy(&answer[..answer.len().min(12)]).into_owned();
    head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0)
}

const LIMITS: &[&str] = &[
    "--failed-joins-per-minute",
    "2",
    "--max-connections-per-address",
    "2",
];

fn server(dir: &TempDir, trusted: &str) -> Server {
    let mut args = vec![
        "--trusted-proxy",
        "192.0.2.0/24",
        "--trusted-proxy",
        trusted,
    ];
    args.extend_from_slice(LIMITS);
    Server::start(dir.path(), "127.0.0.1:0", &args)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_behind_a_trusted_proxy_have_their_own_budgets() {
    let dir = TempDir::new("proxy-trusted");
    let server = server(&dir, "127.0.0.1/32");
    let url = server.url();
    // Player A spends its failed joins; player B, behind the same proxy,
    // still has all of its own.
    let mut a = via(&url, "203.0.113.1").await.unwrap();
    assert_eq!(failed_join(&mut a).await, "no_such_game");
    assert_eq!(failed_join(&mut a).await, "no_such_game");
    assert_eq!(failed_join(&mut a).await, "rate_limited");
    let mut b = via(&url, "203.0.113.2").await.unwrap();
    assert_eq!(failed_join(&mut b).await, "no_such_game");
    // A client that writes its own header first is known by the entry the
    // proxy added: A's address, whose budget is spent.
    let mut forged = via(&url, "198.51.100.7, 203.0.113.1").await.unwrap();
    assert_eq!(failed_join(&mut forged).await, "rate_limited");
    // Connections: two per client address, whatever the proxy holds.
    let c1 = via(&url, "203.0.113.3").await.unwrap();
    let c2 = via(&url, "203.0.113.3").await.unwrap();
    assert!(
        via(&url, "203.0.113.3").await.is_none(),
        "a third for one client"
    );
    let d1 = via(&url, "203.0.113.4").await.unwrap();
    drop((c1, c2, d1, b));
    // HTTP reads of games key on the client too.
    let addr = server.addr.clone();
    let statuses = tokio::task::spawn_blocking(move || {
        [
            get_via(&addr, "/games/YYYYYY", "203.0.113.1"),
            get_via(&addr, "/games/YYYYYY", "203.0.113.5"),
        ]
    })
    .await
    .unwrap();
    assert_eq!(statuses, [429, 404]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_header_from_an_untrusted_peer_changes_nothing() {
    let dir = TempDir::new("proxy-untrusted");
    // Loopback is not a trusted proxy here.
    let server = server(&dir, "10.0.0.0/8");
    let url = server.url();
    // Two "clients" are one peer: its connections are limited as one
    // address's.
    let mut a = via(&url, "203.0.113.1").await.unwrap();
    let mut b = via(&url, "203.0.113.2").await.unwrap();
    assert!(
        via(&url, "203.0.113.3").await.is_none(),
        "a third from one peer"
    );
    // And they share one failed-join budget.
    assert_eq!(failed_join(&mut a).await, "no_such_game");
    assert_eq!(failed_join(&mut b).await, "no_such_game");
    assert_eq!(failed_join(&mut b).await, "rate_limited");
    assert_eq!(failed_join(&mut a).await, "rate_limited");
}
