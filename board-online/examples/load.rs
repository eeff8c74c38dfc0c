//! Load benchmark: many concurrent games on loopback, each move a random
//! legal one, against the real server binary.
//!
//! ```sh
//! cargo build --release -p board-online --bins --examples
//! target/release/examples/load --games 1000 --seconds 30
//! ```
//!
//! It starts `board-online serve` (the binary next to this example, or
//! `--server-bin PATH`) on a free port with a fresh database in a temporary
//! directory, opens two connections per game, and plays every game as fast
//! as its two players can: the side to move picks a random move from the
//! state's `legal_moves` and sends it; the time until the opponent receives
//! the new state is the latency. A finished game is replaced by a new one on
//! fresh connections. After the run it prints moves per second, the
//! 50th/99th-percentile latency, and the server's memory (resident now and
//! peak) and CPU time, then stops the server with SIGTERM.
//!
//! Options: `--games N` (1000), `--seconds S` (30, the measured time after
//! every game has started), `--game NAME` (default: the three in turn),
//! `--server-bin PATH`, `--db postgres://…` (an existing PostgreSQL database
//! instead of a fresh SQLite file) with `--instances N` (1: that many
//! servers on it, game `i` played on server `i mod N`; CPU is their sum).

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The few fields of a state the players need; serde skips the rest
/// (board, record) without building it.
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
                return if lite.kind == "state" {
                    Ok(lite)
                } else {
                    Err(format!("expected a state, got {t}"))
                };
            }
            Ok(Some(Ok(_))) => {}
        }
    }
}

struct Shared {
    measuring: AtomicBool,
    stop: AtomicBool,
    moves: AtomicU64,
    games_done: AtomicU64,
    started: AtomicU64,
    errors: AtomicU64,
}

async fn hello(url: &str) -> Result<Ws, String> {
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
        .await
        .map_err(|e| e.to_string())?;
    send(
        &mut ws,
        json!({"type": "hello", "protocol": 1, "client": "load"}),
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
async fn pair(url: String, game: String, seed: u64, shared: Arc<Shared>) -> Vec<u32> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut latencies = Vec::new();
    let mut first = true;
    while !shared.stop.load(Ordering::Relaxed) {
        if let Err(e) = one_game(&url, &game, &mut rng, &shared, &mut latencies, &mut first).await {
            if !shared.stop.load(Ordering::Relaxed) {
                shared.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("game error: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    latencies
}

async fn one_game(
    url: &str,
    game: &str,
    rng: &mut fastrand::Rng,
    shared: &Shared,
    latencies: &mut Vec<u32>,
    first: &mut bool,
) -> Result<(), String> {
    let mut a = hello(url).await?;
    send(
        &mut a,
        json!({"type": "create", "game": game, "seat": "first"}),
    )
    .await?;
    let created = expect(&mut a, "created").await?;
    let code = created["code"].clone();
    let token_a = created["token"].clone();
    expect(&mut a, "state").await?;
    let mut b = hello(url).await?;
    send(&mut b, json!({"type": "join", "code": code})).await?;
    let token_b = expect(&mut b, "joined").await?["token"].clone();
    let mut state = recv_lite(&mut b).await?;
    recv_lite(&mut a).await?;
    if std::mem::take(first) {
        shared.started.fetch_add(1, Ordering::Relaxed);
    }
    while state.result.is_none() {
        if shared.stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let legal = &state.legal_moves;
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
        let sent = Instant::now();
        send(
            mover,
            json!({"type": "move", "token": token, "ply": ply, "move": mv}),
        )
        .await?;
        let seen = recv_lite(opponent).await?;
        let latency = sent.elapsed();
        recv_lite(mover).await?;
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
    let dir = std::env::temp_dir().join(format!("board-online-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let limit = (4 * games + 100).to_string();
    let db = arg(&args, "--db").unwrap_or_else(|| "load.sqlite3".to_owned());
    let instances: usize =
        arg(&args, "--instances").map_or(1, |s| s.parse().expect("--instances N"));
    let mut servers = Vec::new();
    let mut urls = Vec::new();
    for n in 0..instances.max(1) {
        let id = format!("load-{n}");
        let mut server = Command::new(&bin)
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                &db,
                "--instance-id",
                &id,
                // The bench opens every connection from one address, faster
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
        urls.push(format!("ws://{addr}"));
        servers.push(server);
    }
    let pids: Vec<u32> = servers.iter().map(std::process::Child::id).collect();
    let pid = pids[0];
    let cpu_all = move || pids.iter().map(|&p| cpu_seconds(p)).sum::<f64>();
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
    let (latencies, elapsed, rss_start) = runtime.block_on(async {
        let setup = Instant::now();
        let mut tasks = Vec::new();
        for i in 0..games {
            let game = only.clone().unwrap_or_else(|| names[i % 3].to_owned());
            let (url, shared) = (urls[i % urls.len()].clone(), shared.clone());
            tasks.push(tokio::spawn(async move {
                // Stagger the connections a little so the listen backlog keeps up.
                tokio::time::sleep(Duration::from_millis(i as u64)).await;
                pair(url, game, i as u64, shared).await
            }));
        }
        while shared.started.load(Ordering::Relaxed) < games as u64 {
            assert!(
                setup.elapsed() < Duration::from_secs(120),
                "games did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        println!(
            "{games} games ({} connections) started in {:.1} s",
            2 * games,
            setup.elapsed().as_secs_f64()
        );
        let rss_start = proc_status(pid, "VmRSS:");
        let cpu0 = cpu_all();
        shared.measuring.store(true, Ordering::Relaxed);
        let t0 = Instant::now();
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        shared.measuring.store(false, Ordering::Relaxed);
        let elapsed = t0.elapsed();
        let cpu = cpu_all() - cpu0;
        let moved = shared.moves.load(Ordering::Relaxed).max(1);
        println!(
            "server CPU: {cpu:.1} s in {:.1} s ({} servers), {:.0} µs per move",
            elapsed.as_secs_f64(),
            urls.len(),
            cpu * 1e6 / moved as f64
        );
        shared.stop.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        for t in tasks {
            if let Ok(Ok(l)) = tokio::time::timeout(Duration::from_secs(70), t).await {
                all.extend(l);
            }
        }
        (all, elapsed, rss_start)
    });
    let mut latencies = latencies;
    latencies.sort_unstable();
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return f64::NAN;
        }
        let i = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        f64::from(latencies[i]) / 1000.0
    };
    let moves = shared.moves.load(Ordering::Relaxed);
    println!(
        "moves: {moves} in {:.1} s = {:.0} moves/s; games finished: {}; errors: {}",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        shared.games_done.load(Ordering::Relaxed),
        shared.errors.load(Ordering::Relaxed)
    );
    println!(
        "latency move -> opponent: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
    println!(
        "server memory: RSS {rss_start} when all games had started, RSS {} at the end, peak {}",
        proc_status(pid, "VmRSS:"),
        proc_status(pid, "VmHWM:")
    );
    for server in &mut servers {
        let _ = Command::new("kill")
            .args(["-TERM", &server.id().to_string()])
            .status();
        let _ = server.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
