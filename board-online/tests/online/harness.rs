//! Test helpers: the real server binary and CLI clients as child processes
//! (killed in `Drop`), a temporary directory, and a raw WebSocket client.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

pub const BIN: &str = env!("CARGO_BIN_EXE_board-online");

/// How long any expected line or message may take.
pub const WAIT: Duration = Duration::from_secs(30);

/// A directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "board-online-{name}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A child process whose output lines are collected; killed when dropped.
pub struct Proc {
    pub name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    /// Every line read so far (stdout, and stderr prefixed `stderr: `).
    pub log: Vec<String>,
}

impl Proc {
    pub fn spawn(name: &str, args: &[&str], dir: &Path) -> Proc {
        Proc::spawn_bin(Path::new(BIN), name, args, dir)
    }

    /// Like [`Proc::spawn`], with another binary.
    pub fn spawn_bin(bin: &Path, name: &str, args: &[&str], dir: &Path) -> Proc {
        let mut child = Command::new(bin)
            .args(args)
            .current_dir(dir)
            // The clients' words in English unless a test asks otherwise
            // (`--lang`), whatever the locale the tests run under.
            .env("LC_ALL", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let (tx, lines) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        let tx2 = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                if tx2.send(format!("stderr: {line}")).is_err() {
                    break;
                }
            }
        });
        Proc {
            name: name.to_owned(),
            stdin: child.stdin.take(),
            child,
            lines,
            log: Vec::new(),
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The next line that `pred` accepts (the lines before it are kept in
    /// the log); panics with the log after [`WAIT`].
    pub fn expect(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    if pred(&line) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "{}: no line {what} within {WAIT:?}; its output:\n{}",
                    self.name,
                    self.tail()
                ),
            }
        }
    }

    /// The rest of the line starting with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let line = self.expect(&format!("starting {prefix:?}"), |l| l.starts_with(prefix));
        line[prefix.len()..].to_owned()
    }

    pub fn tail(&self) -> String {
        let from = self.log.len().saturating_sub(60);
        self.log[from..].join("\n")
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for the process to exit by itself.
    pub fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Collect what is left of its output.
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                    self.log.push(line);
                }
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not exit; its output:\n{}",
                self.name,
                self.tail()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGKILL, and wait.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM (through `kill`, by pid), then wait.
    pub fn terminate(&mut self) -> ExitStatus {
        let status = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        self.wait()
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The server binary on a database in `dir`.
pub struct Server {
    pub proc: Proc,
    pub addr: String,
}

impl Server {
    /// Starts `serve` on `addr` (`127.0.0.1:0` for any free port) with extra
    /// flags, and waits for `listening on ADDR`.
    pub fn start(dir: &Path, addr: &str, extra: &[&str]) -> Server {
        Server::start_bin(Path::new(BIN), dir, addr, extra)
    }

    /// Like [`Server::start`], with another copy of the binary.
    pub fn start_bin(bin: &Path, dir: &Path, addr: &str, extra: &[&str]) -> Server {
        let mut args = vec!["serve", "--addr", addr, "--db", "games.sqlite3"];
        args.extend_from_slice(extra);
        // A port just freed by a killed server may take a moment.
        for attempt in 0.. {
            let mut proc = Proc::spawn_bin(bin, "server", &args, dir);
            let line = proc.expect("listening on, or an error", |l| {
                l.starts_with("listening on ") || l.starts_with("stderr: error")
            });
            if let Some(addr) = line.strip_prefix("listening on ") {
                return Server {
                    addr: addr.to_owned(),
                    proc,
                };
            }
            assert!(attempt < 20, "server did not start: {line}");
            std::thread::sleep(Duration::from_millis(250));
        }
        unreachable!()
    }

    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }
}

/// A raw WebSocket client speaking JSON.
pub struct Raw {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Raw {
    pub async fn connect(url: &str) -> Raw {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Raw { ws }
    }

    /// A client over a WebSocket opened by the caller.
    pub fn from_stream(
        ws: tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
    ) -> Raw {
        Raw { ws }
    }

    /// Connects and says hello; returns the welcome.
    pub async fn hello(url: &str) -> Raw {
        let mut raw = Raw::connect(url).await;
        raw.send(serde_json::json!({"type": "hello", "protocol": 1, "client": "test"}))
            .await;
        let welcome = raw.recv().await.expect("welcome");
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        raw
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text.to_owned())).await.unwrap();
    }

    /// Sends, ignoring a failure (the server may have closed already).
    pub async fn try_send(&mut self, msg: Message) -> bool {
        self.ws.send(msg).await.is_ok()
    }

    /// The next JSON message, or `None` once the connection is closed.
    pub async fn recv(&mut self) -> Option<Value> {
        loop {
            let next = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message within the wait");
            match next {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return None,
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next frame of any kind (pings included), or `None` once closed.
    pub async fn next_frame(&mut self) -> Option<Message> {
        match self.ws.next().await {
            Some(Ok(m)) => Some(m),
            _ => None,
        }
    }

    /// The next message, which must be of type `ty`.
    pub async fn expect(&mut self, ty: &str) -> Value {
        let m = self
            .recv()
            .await
            .unwrap_or_else(|| panic!("closed while waiting for {ty}"));
        assert_eq!(m["type"], ty, "expected {ty}, got {m}");
        m
    }

    /// Whether the server closes the connection (after any messages).
    pub async fn closes(&mut self) -> bool {
        for _ in 0..1000 {
            if self.recv().await.is_none() {
                return true;
            }
        }
        false
    }

    /// Drops the connection without a close handshake.
    pub fn drop_hard(self) {
        drop(self.ws);
    }
}
