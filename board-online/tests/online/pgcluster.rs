//! A throwaway PostgreSQL cluster for tests: `initdb` in a temporary
//! directory, `pg_ctl` on a free loopback port (and a Unix socket in that
//! directory), stopped (`pg_ctl stop -m immediate`) and removed when dropped,
//! even when the test fails. As root (CI), the cluster runs as the `postgres`
//! user of Debian's package, since `initdb` refuses root.
//!
//! PostgreSQL missing is a test failure, with the way out in the message;
//! `BOARD_ONLINE_SKIP_PG=1` skips the tests that need it instead.
//!
//! Shared by the unit tests (`src/lib.rs` includes this file) and the
//! integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A running cluster; stopped and removed when dropped.
pub struct PgCluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
}

/// Where `initdb` and `pg_ctl` are: Debian's newest
/// `/usr/lib/postgresql/N/bin`, else the `PATH`.
fn pg_bin() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Some(bin);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|d| d.join("initdb").exists() && d.join("pg_ctl").exists())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl PgCluster {
    /// Starts a fresh cluster, or `None` when `BOARD_ONLINE_SKIP_PG=1`.
    ///
    /// # Panics
    /// PostgreSQL is not installed, or the cluster does not start.
    pub fn start(name: &str) -> Option<PgCluster> {
        if std::env::var("BOARD_ONLINE_SKIP_PG").is_ok_and(|v| v == "1") {
            eprintln!("BOARD_ONLINE_SKIP_PG=1: skipping {name}, which needs PostgreSQL");
            return None;
        }
        let bin = pg_bin().unwrap_or_else(|| {
            panic!(
                "{name} needs PostgreSQL (initdb and pg_ctl), found neither in \
                 /usr/lib/postgresql/*/bin nor on PATH: install it (apt-get install postgresql; \
                 .ci/run does), or set BOARD_ONLINE_SKIP_PG=1 to skip these tests"
            )
        });
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "board-online-pg-{name}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let as_postgres = is_root();
        let cluster = PgCluster {
            dir,
            bin,
            port: free_port(),
            as_postgres,
        };
        if as_postgres {
            let out = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&cluster.dir)
                .output()
                .expect("chown");
            assert!(
                out.status.success(),
                "chown postgres {}: {} (is Debian's postgres user there? apt-get install postgresql)",
                cluster.dir.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let data = cluster.data();
        let out = cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        assert!(out.status.success(), "initdb: {}", text(&out));
        cluster.pg_ctl_start();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    fn run(&self, tool: &str, args: &[&str]) -> Output {
        let exe = self.bin.join(tool);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        cmd.args(args)
            .current_dir(&self.dir)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
    }

    fn pg_ctl_start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("log").display().to_string();
        let out = self.run(
            "pg_ctl",
            &[
                "start",
                "-w",
                "-t",
                "30",
                "-D",
                &self.data(),
                "-l",
                &log,
                "-o",
                &options,
            ],
        );
        assert!(
            out.status.success(),
            "pg_ctl start: {}\n{}",
            text(&out),
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }

    /// The database's URL (user `postgres`, trusted on loopback).
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops the cluster at once (`-m immediate`: like a crash).
    pub fn stop(&self) {
        let _ = self.run("pg_ctl", &["stop", "-m", "immediate", "-D", &self.data()]);
    }

    /// Starts it again on the same port and data.
    pub fn start_again(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let log = self.dir.join("log").display().to_string();
            let options = format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                self.port,
                self.dir.display()
            );
            let out = self.run(
                "pg_ctl",
                &[
                    "start",
                    "-w",
                    "-t",
                    "30",
                    "-D",
                    &self.data(),
                    "-l",
                    &log,
                    "-o",
                    &options,
                ],
            );
            if out.status.success() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "pg_ctl start again: {}",
                text(&out)
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// The directory of the cluster (its log is `log` there).
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
