//! A TCP proxy for the fault tests, put between server instances and
//! PostgreSQL: it passes bytes, black-holes them (reads and forwards
//! nothing), resets connections, or lets a `COMMIT` through and loses its
//! answer; the test switches it at run time ([`Proxy::set`]).
//!
//! A black hole here is the application's: the proxy's kernel still
//! acknowledges every byte, so TCP keepalives and `tcp_user_timeout` (which
//! end a connection over a link that drops packets) do not notice it, as a
//! paused database would not be noticed. Bytes it swallowed are gone for
//! good, so when it passes again it resets the connections that lost some
//! (their streams are broken) and passes on the others and on new ones.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// What the proxy does with the bytes of every connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Forwards both ways.
    Pass,
    /// Reads both ways and forwards nothing; new connections are accepted
    /// and get nothing either.
    BlackHole,
    /// Resets every connection, and each new one at once.
    Reset,
    /// Forwards until a client sends `COMMIT`: that is forwarded, then the
    /// proxy turns to `then` before the database's answer comes back, so
    /// the answer is lost (swallowed, or the connection reset).
    DropAfterCommit(Then),
}

/// What [`Mode::DropAfterCommit`] turns into once it let a `COMMIT` through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// [`Mode::BlackHole`].
    BlackHole,
    /// [`Mode::Reset`].
    Reset,
}

impl Then {
    fn mode(self) -> Mode {
        match self {
            Then::BlackHole => Mode::BlackHole,
            Then::Reset => Mode::Reset,
        }
    }
}

/// A proxy on a free loopback port, on its own runtime; stopped when dropped.
pub struct Proxy {
    addr: SocketAddr,
    mode: Arc<watch::Sender<Mode>>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Proxy {
    /// Starts a proxy to `upstream` (`host:port`), passing.
    pub fn start(upstream: &str) -> Proxy {
        let upstream: SocketAddr = upstream.parse().expect("an upstream address");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("test-proxy")
            .enable_all()
            .build()
            .expect("a runtime for the proxy");
        let (tx, _) = watch::channel(Mode::Pass);
        let mode = Arc::new(tx);
        // Bound here, so that a test on a runtime of its own may start it.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port for the proxy");
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let modes = mode.clone();
        runtime.spawn(async move {
            let listener = TcpListener::from_std(listener).expect("a listener");
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(carry(client, upstream, modes.clone()));
            }
        });
        Proxy {
            addr,
            mode,
            runtime: Some(runtime),
        }
    }

    /// Starts a proxy to the PostgreSQL of `url` (`postgres://…@HOST:PORT/…`).
    pub fn to_postgres(url: &str) -> Proxy {
        Proxy::start(authority(url))
    }

    /// `url` with its host and port replaced by the proxy's.
    pub fn url(&self, url: &str) -> String {
        url.replacen(authority(url), &self.addr.to_string(), 1)
    }

    /// The address the proxy listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Switches what it does, for open connections and new ones.
    pub fn set(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }

    /// What it does now (a [`Mode::DropAfterCommit`] turns by itself).
    pub fn mode(&self) -> Mode {
        *self.mode.borrow()
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// The `HOST:PORT` of a `postgres://user@HOST:PORT/db` URL.
fn authority(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    &rest[..rest.find(['/', '?']).unwrap_or(rest.len())]
}

/// Closes `stream` with a reset rather than a FIN.
fn reset(stream: TcpStream) {
    let _ = stream.set_zero_linger();
    drop(stream);
}

/// One client connection, carried to `upstream` as the mode says.
async fn carry(mut client: TcpStream, upstream: SocketAddr, modes: Arc<watch::Sender<Mode>>) {
    let mut mode = modes.subscribe();
    if *mode.borrow_and_update() == Mode::Reset {
        return reset(client);
    }
    let Ok(mut server) = TcpStream::connect(upstream).await else {
        return reset(client);
    };
    let (mut up, mut down) = (vec![0u8; 16 * 1024], vec![0u8; 16 * 1024]);
    // Whether bytes were swallowed: the streams are broken for good.
    let mut broken = false;
    loop {
        tokio::select! {
            changed = mode.changed() => {
                if changed.is_err() {
                    return;
                }
                let now = *mode.borrow_and_update();
                if now == Mode::Reset || (broken && now != Mode::BlackHole) {
                    return reset(client);
                }
            }
            read = client.read(&mut up) => {
                let Ok(n @ 1..) = read else { return };
                let now = *mode.borrow_and_update();
                if let Mode::DropAfterCommit(then) = now {
                    if contains(&up[..n], b"COMMIT\0") {
                        // Turned before the answer can come back.
                        modes.send_replace(then.mode());
                    }
                }
                match forwards(now, &mut broken) {
                    None => return reset(client),
                    Some(true) if server.write_all(&up[..n]).await.is_err() => {
                        return reset(client);
                    }
                    Some(_) => {}
                }
            }
            read = server.read(&mut down) => {
                let Ok(n @ 1..) = read else { return reset(client) };
                let now = *mode.borrow_and_update();
                match forwards(now, &mut broken) {
                    None => return reset(client),
                    Some(true) if client.write_all(&down[..n]).await.is_err() => return,
                    Some(_) => {}
                }
            }
        }
    }
}

/// Whether bytes read in mode `now` are forwarded (`None`: the connection
/// is reset); bytes swallowed mark the connection `broken`.
fn forwards(now: Mode, broken: &mut bool) -> Option<bool> {
    match now {
        Mode::Reset => None,
        Mode::BlackHole => {
            *broken = true;
            Some(false)
        }
        Mode::Pass | Mode::DropAfterCommit(_) => Some(true),
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::sync::Mutex;
    use std::time::Duration;

    /// An upstream that echoes what it reads and keeps a copy.
    fn echo() -> (String, Arc<Mutex<Vec<u8>>>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let kept = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let kept = kept.clone();
                std::thread::spawn(move || {
                    let mut buf = [0u8; 1024];
                    while let Ok(n @ 1..) = stream.read(&mut buf) {
                        kept.lock().unwrap().extend_from_slice(&buf[..n]);
                        if stream.write_all(&buf[..n]).is_err() {
                            return;
                        }
                    }
                });
            }
        });
        (addr, seen)
    }

    fn connect(proxy: &Proxy) -> std::net::TcpStream {
        let s = std::net::TcpStream::connect(proxy.addr()).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(600)))
            .unwrap();
        s
    }

    /// What `s` reads: `Ok(bytes)`, or the error kind (a timeout: nothing).
    fn answer(s: &mut std::net::TcpStream) -> Result<Vec<u8>, std::io::ErrorKind> {
        let mut buf = [0u8; 64];
        match s.read(&mut buf) {
            Ok(n) => Ok(buf[..n].to_vec()),
            Err(e) => Err(e.kind()),
        }
    }

    fn silent(kind: std::io::ErrorKind) -> bool {
        matches!(
            kind,
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        )
    }

    #[test]
    fn the_proxy_passes_black_holes_resets_and_loses_the_answer_to_a_commit() {
        let (upstream, seen) = echo();
        let proxy = Proxy::to_postgres(&format!("postgres://postgres@{upstream}/db"));
        assert_eq!(
            proxy.url("postgres://postgres@127.0.0.1:1/db"),
            format!("postgres://postgres@{}/db", proxy.addr())
        );
        let mut a = connect(&proxy);
        a.write_all(b"hello").unwrap();
        assert_eq!(answer(&mut a), Ok(b"hello".to_vec()));
        // A black hole: nothing goes up, nothing comes back.
        proxy.set(Mode::BlackHole);
        a.write_all(b"lost").unwrap();
        assert!(answer(&mut a).is_err_and(silent));
        let mut b = connect(&proxy);
        b.write_all(b"lost too").unwrap();
        assert!(answer(&mut b).is_err_and(silent));
        assert_eq!(*seen.lock().unwrap(), b"hello");
        // Passing again: the connections that lost bytes are reset.
        proxy.set(Mode::Pass);
        assert_eq!(answer(&mut a), Err(std::io::ErrorKind::ConnectionReset));
        let mut c = connect(&proxy);
        c.write_all(b"again").unwrap();
        assert_eq!(answer(&mut c), Ok(b"again".to_vec()));
        // Reset: the open connection and each new one.
        proxy.set(Mode::Reset);
        assert_eq!(answer(&mut c), Err(std::io::ErrorKind::ConnectionReset));
        let mut d = connect(&proxy);
        assert!(!answer(&mut d).is_ok_and(|v| !v.is_empty()));
        // A COMMIT goes up, its answer does not come back, the link resets.
        proxy.set(Mode::Pass);
        let mut e = connect(&proxy);
        e.write_all(b"BEGIN\0").unwrap();
        assert_eq!(answer(&mut e), Ok(b"BEGIN\0".to_vec()));
        proxy.set(Mode::DropAfterCommit(Then::Reset));
        e.write_all(b"COMMIT\0").unwrap();
        assert_eq!(answer(&mut e), Err(std::io::ErrorKind::ConnectionReset));
        assert_eq!(proxy.mode(), Mode::Reset);
        std::thread::sleep(Duration::from_millis(100));
        assert!(seen.lock().unwrap().ends_with(b"BEGIN\0COMMIT\0"));
        // Or swallowed, the link left open and silent.
        proxy.set(Mode::Pass);
        let mut f = connect(&proxy);
        proxy.set(Mode::DropAfterCommit(Then::BlackHole));
        f.write_all(b"COMMIT\0").unwrap();
        assert!(answer(&mut f).is_err_and(silent));
        assert_eq!(proxy.mode(), Mode::BlackHole);
        drop((a, b, d));
    }
}
