//! The browser page's static files, fetched over plain HTTP from the real
//! server binary: content types, security headers, the WebSocket still on
//! `/`, and every way out of the page's directory refused.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::json;

use crate::harness::{Raw, Server, TempDir};

/// An HTTP answer: status, lower-cased headers, body.
pub(crate) struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` over HTTP/1.1, the request line sent exactly as given (no
/// client normalises the `..` away).
pub(crate) fn get(addr: &str, path: &str) -> Answer {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        tcp,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    tcp.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

/// A page directory with an index, a script, a wasm build, and a secret
/// file beside it (and a symbolic link to it inside).
fn page_dir(dir: &TempDir) -> String {
    let web = dir.path().join("web");
    std::fs::create_dir_all(web.join("pkg")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>boards</title>",
    )
    .unwrap();
    std::fs::write(web.join("app.js"), "export const app = 1;").unwrap();
    std::fs::write(web.join("style.css"), "body{}").unwrap();
    std::fs::write(web.join("pkg/board_web_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(web.join("notes.toml"), "not a page file").unwrap();
    std::fs::write(dir.path().join("secret.js"), "the secret").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join("secret.js"), web.join("link.js")).unwrap();
    web.to_str().unwrap().to_owned()
}

#[test]
fn the_page_is_served_with_its_content_types_and_nothing_outside_it() {
    let dir = TempDir::new("web");
    let web = page_dir(&dir);
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--web", &web]);
    let addr = &server.addr;

    let index = get(addr, "/");
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(index.body, b"<!doctype html><title>boards</title>");
    let csp = index.header("content-security-policy").expect("a CSP");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    assert_eq!(index.header("x-content-type-options"), Some("nosniff"));

    let app = get(addr, "/app.js");
    assert_eq!(app.status, 200);
    assert_eq!(
        app.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(app.body, b"export const app = 1;");
    assert_eq!(
        get(addr, "/style.css").header("content-type"),
        Some("text/css; charset=utf-8")
    );
    let wasm = get(addr, "/pkg/board_web_bg.wasm");
    assert_eq!(wasm.status, 200);
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    assert_eq!(wasm.body, b"\0asm\x01\0\0\0");

    for path in [
        "/../secret.js",
        "/pkg/../../secret.js",
        "/%2e%2e/secret.js",
        "/..%2fsecret.js",
        "//etc/hostname.txt",
        "/link.js",
        "/notes.toml",
        "/../Cargo.toml",
        "/missing.js",
    ] {
        let answer = get(addr, path);
        assert_eq!(answer.status, 404, "{path} answered {}", answer.status);
        assert!(
            !String::from_utf8_lossy(&answer.body).contains("secret"),
            "{path} leaked the secret"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_still_answers_on_the_root_and_on_ws() {
    let dir = TempDir::new("web-ws");
    let web = page_dir(&dir);
    let server = Server::start(dir.path(), "127.0.0.1:0", &["--web", &web]);
    for url in [server.url(), format!("{}/ws", server.url())] {
        let mut raw = Raw::hello(&url).await;
        raw.send(json!({"type": "ping"})).await;
        raw.expect("pong").await;
    }
}

#[test]
fn a_missing_page_is_said_at_start_and_on_the_root() {
    let dir = TempDir::new("web-missing");
    let nowhere = dir.path().join("no-such-web");
    let mut server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--web", nowhere.to_str().unwrap()],
    );
    // Written before `listening on`, but stderr and stdout race.
    let warning = match server.proc.log.iter().find(|l| l.contains("warning:")) {
        Some(line) => line.clone(),
        None => server
            .proc
            .expect("the warning", |l| l.contains("warning:")),
    };
    assert!(warning.contains("no-such-web"), "{warning}");
    let root = get(&server.addr, "/");
    assert_eq!(root.status, 503);
    assert!(String::from_utf8_lossy(&root.body).contains("--web"));

    // A page without its wasm build says how to make it.
    let dir2 = TempDir::new("web-nopkg");
    let web = page_dir(&dir2);
    std::fs::remove_file(format!("{web}/pkg/board_web_bg.wasm")).unwrap();
    let server2 = Server::start(dir2.path(), "127.0.0.1:0", &["--web", &web]);
    let root = get(&server2.addr, "/");
    assert_eq!(root.status, 503);
    assert!(String::from_utf8_lossy(&root.body).contains("scripts/build-web"));
}

#[test]
fn a_copied_binary_serves_the_page_and_its_wasm_from_itself() {
    let dir = TempDir::new("copied");
    let bin = dir.path().join("board-online");
    std::fs::copy(crate::harness::BIN, &bin).unwrap();
    let server = Server::start_bin(&bin, dir.path(), "127.0.0.1:0", &[]);
    let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let index = get(&server.addr, "/");
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(index.body, std::fs::read(web.join("index.html")).unwrap());
    let wasm = get(&server.addr, "/pkg/board_web_bg.wasm");
    assert_eq!(wasm.status, 200);
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    assert_eq!(
        wasm.body,
        std::fs::read(web.join("pkg/board_web_bg.wasm")).unwrap()
    );
    assert!(wasm.body.starts_with(b"\0asm"));
    let js = get(&server.addr, "/pkg/board_web.js");
    assert_eq!(js.status, 200);
    assert!(wasm.header("content-security-policy").is_some());
    for path in [
        "/../Cargo.toml",
        "/pkg/board_web.d.ts",
        "/board-online",
        "/games.sqlite3",
    ] {
        assert_eq!(get(&server.addr, path).status, 404, "{path}");
    }
}
