//! Load benchmark: many concurrent games on loopback, each move a random
//! legal one, against the real server binary.
//!
//! ```sh
//! cargo build --release -p board-online --bins --examples
//! target/release/examples/load --games 1000 --seconds 30
//! # human pace: a move every 2.5-7.5 s a game, the database in RAM
//! ulimit -n 20000
//! target/release/examples/load --games 9950 --think-ms 5000 --sources 8 --dir /dev/shm
//! ```
//!
//! It starts `board-online serve` (the binary next to this example, or
//! `--server-bin PATH`) on a free port with a fresh database in a temporary
//! directory (`--dir DIR`: under DIR, say `/dev/shm` for a database in RAM),
//! opens two connections per game, and plays every game: the side to move
//! picks a random legal move and sends it, at once or, with `--think-ms T`,
//! after a random time uniform in [T/2, 3T/2]; the time until the opponent
//! receives the move is the latency. A finished game is replaced by a new
//! one on fresh connections. After the measured window it prints moves per
//! second, the 50th/99th/99.9th-percentile latency, the server's CPU time
//! per move (from `/proc/PID/stat`) and memory, and the device's own fsync
//! latency measured meanwhile (a loop writing 4 KiB and `fdatasync`ing a
//! file in the database's directory every 10 ms: the physical floor of a
//! durable commit), then stops the server with SIGTERM.
//!
//! Options: `--games N` (1000), `--seconds S` (30, the measured time after
//! every game has started), `--game NAME` (default: the three in turn),
//! `--think-ms T` (0), `--sources N` (1: the client binds its sockets to
//! 127.0.0.1 … 127.0.0.N in turn, since one source address runs out of
//! ephemeral ports near 7,000 games), `--protocol 1|2` (2: moves come as
//! `moved` and the client applies them with the rules; 1: full states),
//! `--dir DIR`, `--server-bin PATH`.

use std::io::{BufRead, Write as _};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use board_online::registry::Table;
use board_online::Registry;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// The few fields of a `state` or `moved` the players need; serde skips
/// the rest (board, moves) without building it.
#[derive(serde::Deserialize)]
struct Lite {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: u32,
    #[serde(default)]
    turn: Option<LiteTurn>,
    #[serde(default)]
    legal_moves: Vec<String>,
    #[serde(default, rename = "move")]
    text: Option<String>,
    #[serde(default)]
    result: Option<serde::de::IgnoredAny>,
}

#[derive(serde::Deserialize)]
struct LiteTurn {
    seat: String,
}

async fn recv_lite(ws: &mut Ws) -> Result<Lite, String> {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
            Err(_) => return Err("timeout".into()),
            Ok(None) => return Err("closed".into()),
            Ok(Some(Err(e))) => return Err(e.to_string()),
            Ok(Some(Ok(Message::Text(t)))) => {
                let lite: Lite = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                return if lite.kind == "state" || lite.kind == "moved" {
                    Ok(lite)
                } else {
                    Err(format!("expected a state or a move, got {t}"))
                };
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// What the run shares between its games.
struct Shared {
    measuring: AtomicBool,
    stop: AtomicBool,
    moves: AtomicU64,
    games_done: AtomicU64,
    started: AtomicU64,
    errors: AtomicU64,
}

/// How the clients connect and play.
#[derive(Clone)]
struct Plan {
    server: SocketAddr,
    url: String,
    sources: u8,
    think_ms: u64,
    protocol: u32,
}

async fn hello(plan: &Plan, source: u8) -> Result<Ws, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    let from = SocketAddr::from((Ipv4Addr::new(127, 0, 0, source), 0));
    socket.bind(from).map_err(|e| format!("bind {from}: {e}"))?;
    let tcp = socket
        .connect(plan.server)
        .await
        .map_err(|e| e.to_string())?;
    tcp.set_nodelay(true).map_err(|e| e.to_string())?;
    let (mut ws, _) = tokio_tungstenite::client_async_with_config(plan.url.as_str(), tcp, None)
        .await
        .map_err(|e| e.to_string())?;
    send(
        &mut ws,
        json!({"type": "hello", "protocol": plan.protocol, "client": "load"}),
    )
    .await?;
    expect(&mut ws, "welcome").await?;
    Ok(ws)
}

async fn send(ws: &mut Ws, v: Value) -> Result<(), String> {
    ws.send(Message::text(v.to_string()))
        .await
        .map_err(|e| e.to_string())
}

async fn recv(ws: &mut Ws) -> Result<Value, String> {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), ws.next()).await {
            Err(_) => return Err("timeout".into()),
            Ok(None) => return Err("closed".into()),
            Ok(Some(Err(e))) => return Err(e.to_string()),
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(&t).map_err(|e| e.to_string())
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

async fn expect(ws: &mut Ws, ty: &str) -> Result<Value, String> {
    let m = recv(ws).await?;
    if m["type"] == ty {
        Ok(m)
    } else {
        Err(format!("expected {ty}, got {m}"))
    }
}

/// Plays games one after another on fresh connection pairs until told to
/// stop; returns the latencies measured (microseconds).
async fn pair(plan: Plan, game: String, seed: u64, shared: Arc<Shared>) -> Vec<u32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut latencies = Vec::new();
    let mut first = true;
    let registry = Registry::standard();
    while !shared.stop.load(Ordering::Relaxed) {
        let one = Game {
            plan: &plan,
            name: &game,
            registry: &registry,
        };
        if let Err(e) = one
            .play(&mut rng, &shared, &mut latencies, &mut first)
            .await
        {
            if !shared.stop.load(Ordering::Relaxed) {
                shared.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("game error: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    latencies
}

struct Game<'a> {
    plan: &'a Plan,
    name: &'a str,
    registry: &'a Registry,
}

impl Game<'_> {
    async fn play(
        &self,
        rng: &mut fastrand::Rng,
        shared: &Shared,
        latencies: &mut Vec<u32>,
        first: &mut bool,
    ) -> Result<(), String> {
        let plan = self.plan;
        let sources = plan.sources.max(1);
        let source = |rng: &mut fastrand::Rng| 1 + rng.u8(..sources);
        let mut a = hello(plan, source(rng)).await?;
        send(
            &mut a,
            json!({"type": "create", "game": self.name, "seat": "first"}),
        )
        .await?;
        let created = expect(&mut a, "created").await?;
        let code = created["code"].clone();
        let token_a = created["token"].clone();
        expect(&mut a, "state").await?;
        let mut b = hello(plan, source(rng)).await?;
        send(&mut b, json!({"type": "join", "code": code})).await?;
        let token_b = expect(&mut b, "joined").await?["token"].clone();
        let mut state = recv_lite(&mut b).await?;
        recv_lite(&mut a).await?;
        // With `moved` messages the client keeps the game to know the legal moves.
        let mut table: Option<Box<dyn Table>> = (plan.protocol >= 2)
            .then(|| self.registry.start(self.name, &json!({})))
            .transpose()
            .map_err(|e| e.to_string())?;
        if std::mem::take(first) {
            shared.started.fetch_add(1, Ordering::Relaxed);
        }
        while state.result.is_none() {
            if shared.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let legal = match &table {
                Some(t) => t.legal_moves(),
                None => std::mem::take(&mut state.legal_moves),
            };
            if legal.is_empty() {
                return Err("no legal moves".into());
            }
            let mv = legal[rng.usize(..legal.len())].clone();
            let ply = state.ply;
            let a_moves = state.turn.as_ref().is_some_and(|t| t.seat == "first");
            let (mover, opponent, token) = if a_moves {
                (&mut a, &mut b, &token_a)
            } else {
                (&mut b, &mut a, &token_b)
            };
            if plan.think_ms > 0 {
                let think = plan.think_ms / 2 + rng.u64(..=plan.think_ms);
                tokio::time::sleep(Duration::from_millis(think)).await;
                if shared.stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
            }
            let sent = Instant::now();
            send(
                mover,
                json!({"type": "move", "token": token, "ply": ply, "move": mv}),
            )
            .await?;
            let seen = recv_lite(opponent).await?;
            let latency = sent.elapsed();
            recv_lite(mover).await?;
            if seen.ply != ply + 1 {
                return Err(format!("expected ply {}, got {}", ply + 1, seen.ply));
            }
            if let (Some(t), Some(text)) = (&mut table, &seen.text) {
                t.play(text).map_err(|e| e.to_string())?;
            }
            if shared.measuring.load(Ordering::Relaxed) {
                shared.moves.fetch_add(1, Ordering::Relaxed);
                latencies.push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
            }
            state = seen;
        }
        shared.games_done.fetch_add(1, Ordering::Relaxed);
        let _ = a.close(None).await;
        let _ = b.close(None).await;
        Ok(())
    }
}

/// Writes 4 KiB and `fdatasync`s a file in `dir` every 10 ms until `stop`;
/// returns each write+sync's time (microseconds).
fn fsync_loop(dir: &std::path::Path, stop: &AtomicBool) -> Vec<u32> {
    let path = dir.join("fsync-probe");
    let mut file = match std::fs::File::create(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("fsync probe: {}: {e}", path.display());
            return Vec::new();
        }
    };
    let block = [0x5a_u8; 4096];
    let mut times = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let t = Instant::now();
        if file
            .write_all(&block)
            .and_then(|()| file.sync_data())
            .is_err()
        {
            break;
        }
        times.push(u32::try_from(t.elapsed().as_micros()).unwrap_or(u32::MAX));
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = std::fs::remove_file(&path);
    times
}

/// The `p` quantile of sorted microseconds, in milliseconds.
fn quantile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

fn proc_status(pid: u32, field: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .map(|l| l[field.len()..].trim().to_owned())
        .unwrap_or_else(|| "?".into())
}

fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime is the 12th, stime the 13th.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games").map_or(1000, |s| s.parse().expect("--games N"));
    let seconds: u64 = arg(&args, "--seconds").map_or(30, |s| s.parse().expect("--seconds S"));
    let think_ms: u64 = arg(&args, "--think-ms").map_or(0, |s| s.parse().expect("--think-ms T"));
    let sources: u8 = arg(&args, "--sources").map_or(1, |s| {
        s.parse()
            .ok()
            .filter(|n| *n >= 1)
            .expect("--sources N, 1 to 255")
    });
    let protocol: u32 = arg(&args, "--protocol").map_or(2, |s| s.parse().expect("--protocol 1|2"));
    let only = arg(&args, "--game");
    let bin = arg(&args, "--server-bin").map_or_else(
        || {
            let exe = std::env::current_exe().expect("current exe");
            exe.parent()
                .and_then(|p| p.parent())
                .expect("target dir")
                .join("board-online")
        },
        std::path::PathBuf::from,
    );
    let base = arg(&args, "--dir").map_or_else(std::env::temp_dir, std::path::PathBuf::from);
    let dir = base.join(format!("board-online-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let limit = (4 * games + 100).to_string();
    let mut server = Command::new(&bin)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "load.sqlite3",
            // The bench opens every connection from a few addresses, faster
            // than the per-address defaults allow a person to.
            "--creates-per-minute",
            "100000000",
            "--message-rate",
            "100000",
            "--message-burst",
            "100000",
            "--max-connections",
            &limit,
            "--max-connections-per-address",
            &limit,
            "--max-games",
            &limit,
        ])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start {}: {e} (build it with cargo build --release -p board-online)",
                bin.display()
            )
        });
    let pid = server.id();
    let mut line = String::new();
    let mut out = std::io::BufReader::new(server.stdout.take().expect("stdout"));
    out.read_line(&mut line).expect("server output");
    // Keep reading, so the server never writes to a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected server output: {line}"))
        .to_owned();
    let plan = Plan {
        server: addr.parse().expect("the server's address"),
        url: format!("ws://{addr}/"),
        sources,
        think_ms,
        protocol,
    };
    let names = ["kybo", "chess3d", "echec-o-cube"];

    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let shared = Arc::new(Shared {
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        moves: AtomicU64::new(0),
        games_done: AtomicU64::new(0),
        started: AtomicU64::new(0),
        errors: AtomicU64::new(0),
    });
    let probe_stop = Arc::new(AtomicBool::new(false));
    let fsyncs = Arc::new(Mutex::new(Vec::new()));
    let (latencies, elapsed, rss_start, cpu) = runtime.block_on(async {
        let setup = Instant::now();
        let mut tasks = Vec::new();
        for i in 0..games {
            let game = only.clone().unwrap_or_else(|| names[i % 3].to_owned());
            let (plan, shared) = (plan.clone(), shared.clone());
            tasks.push(tokio::spawn(async move {
                // Stagger the connections a little so the listen backlog keeps up.
                tokio::time::sleep(Duration::from_millis(i as u64)).await;
                pair(plan, game, i as u64, shared).await
            }));
        }
        while shared.started.load(Ordering::Relaxed) < games as u64 {
            assert!(
                setup.elapsed() < Duration::from_secs(600),
                "games did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        println!(
            "{games} games ({} connections) started in {:.1} s",
            2 * games,
            setup.elapsed().as_secs_f64()
        );
        // Let the paced games spread out before measuring.
        tokio::time::sleep(Duration::from_millis(2 * think_ms)).await;
        let probe = {
            let (dir, stop, fsyncs) = (dir.clone(), probe_stop.clone(), fsyncs.clone());
            std::thread::spawn(move || {
                let times = fsync_loop(&dir, &stop);
                *fsyncs.lock().expect("fsync times") = times;
            })
        };
        let rss_start = proc_status(pid, "VmRSS:");
        let cpu0 = cpu_seconds(pid);
        shared.measuring.store(true, Ordering::Relaxed);
        let t0 = Instant::now();
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        shared.measuring.store(false, Ordering::Relaxed);
        let elapsed = t0.elapsed();
        let cpu = cpu_seconds(pid) - cpu0;
        probe_stop.store(true, Ordering::Relaxed);
        let _ = probe.join();
        shared.stop.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        for t in tasks {
            if let Ok(Ok(l)) = tokio::time::timeout(Duration::from_secs(70), t).await {
                all.extend(l);
            }
        }
        (all, elapsed, rss_start, cpu)
    });
    let mut latencies = latencies;
    latencies.sort_unstable();
    let mut fsyncs = std::mem::take(&mut *fsyncs.lock().expect("fsync times"));
    fsyncs.sort_unstable();
    let moves = shared.moves.load(Ordering::Relaxed);
    let secs = elapsed.as_secs_f64();
    println!(
        "moves: {moves} in {secs:.1} s = {:.0} moves/s; games finished: {}; errors: {}",
        moves as f64 / secs,
        shared.games_done.load(Ordering::Relaxed),
        shared.errors.load(Ordering::Relaxed)
    );
    println!(
        "latency move -> opponent: p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms",
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99),
        quantile(&latencies, 0.999),
        quantile(&latencies, 1.0)
    );
    println!(
        "device fsync (4 KiB write + fdatasync in {}, {} samples): p50 {:.2} ms, p99 {:.2} ms",
        base.display(),
        fsyncs.len(),
        quantile(&fsyncs, 0.5),
        quantile(&fsyncs, 0.99)
    );
    println!(
        "server CPU: {cpu:.2} s in {secs:.1} s = {:.0} us per move",
        cpu * 1e6 / moves.max(1) as f64
    );
    println!(
        "server memory: RSS {rss_start} when all games had started, RSS {} at the end, peak {}",
        proc_status(pid, "VmRSS:"),
        proc_status(pid, "VmHWM:")
    );
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
