//! `board-online`: `serve`, `host`, `join`, `record`, `watch`. Only argument
//! parsing and handing the arguments to the library live here.

#![forbid(unsafe_code)]

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use board_l10n::Lang;
use board_online::client::{self, Endpoint, Mode};
use board_online::protocol::{ClockSpec, SeatChoice};
use board_online::proxy::{Cidr, TrustedProxies};
use board_online::server::{Cluster, Tls};
use board_online::web::WebRoot;
use board_online::{Options, Registry, Server, Settings};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Play board games online: a server that referees every game, and a client.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the server; prints `listening on ADDR` once it accepts connections.
    Serve(Box<ServeArgs>),
    /// Create a game, print `code: XXXXXX`, wait for the opponent and play.
    Host {
        /// The game: echec-o-cube, kybo or chess3d.
        game: String,
        /// The game's configuration as JSON (`{}`: the default).
        #[arg(long, default_value = "{}")]
        config: String,
        /// The seat to take.
        #[arg(long, value_enum, default_value_t = SeatArg::Random)]
        seat: SeatArg,
        /// A clock, MINUTES+SECONDS per move (`5+3`).
        #[arg(long, value_parser = client::parse_clock)]
        clock: Option<ClockSpec>,
        #[command(flatten)]
        client: ClientArgs,
    },
    /// Join a game by its code and play.
    Join {
        /// The game code (any case).
        code: String,
        #[command(flatten)]
        client: ClientArgs,
    },
    /// Print a game's record (live, or finished and kept by the server).
    Record {
        /// The game code (any case).
        code: String,
        #[command(flatten)]
        client: ClientArgs,
    },
    /// Watch a game by its code.
    Watch {
        /// The game code (any case).
        code: String,
        #[command(flatten)]
        client: ClientArgs,
    },
}

/// What `serve` takes: the address, the database, the limits, TLS, logs,
/// the page and the metrics listener.
#[derive(Args, Debug)]
struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:7878")]
    addr: SocketAddr,
    /// The SQLite database file (created if missing), or a PostgreSQL
    /// database shared with other instances: postgres://USER@HOST/DB.
    #[arg(long, default_value = "board-online.sqlite3")]
    db: PathBuf,
    /// This instance's name among those sharing a PostgreSQL database
    /// (unique; default: 8 random hex digits). Shown in /healthz.
    #[arg(long)]
    instance_id: Option<String>,
    /// The address clients reach this instance at, where other instances
    /// redirect them (default: ws://ADDR). Shown in /healthz.
    #[arg(long)]
    public_addr: Option<String>,
    /// Seconds a game's lease lasts without renewal (PostgreSQL): how
    /// long a dead instance's games wait before another takes them over.
    /// At most 10.
    #[arg(long, default_value_t = 10.0)]
    lease_ttl: f64,
    /// Seconds without a move after which a game expires.
    #[arg(long, default_value_t = Settings::default().idle_expiry.as_secs())]
    idle_expiry: u64,
    /// Messages a connection may send per second.
    #[arg(long, default_value_t = Settings::default().message_rate)]
    message_rate: u32,
    /// Messages a connection may send in a burst.
    #[arg(long, default_value_t = Settings::default().message_burst)]
    message_burst: u32,
    /// Failed joins (bad code or token) an address may make per minute.
    #[arg(long, default_value_t = Settings::default().failed_joins_per_minute)]
    failed_joins_per_minute: u32,
    /// Games an address may create per minute.
    #[arg(long, default_value_t = Settings::default().creates_per_minute)]
    creates_per_minute: u32,
    /// Reads of games (`GET /games/CODE[.json]`) an address may make per
    /// minute; past it HTTP 429.
    #[arg(long, default_value_t = Settings::default().reads_per_minute)]
    reads_per_minute: u32,
    /// Open connections at most, counted from accept (requests and
    /// handshakes in progress too); past it a socket gets HTTP 503.
    #[arg(long, default_value_t = Settings::default().max_connections)]
    max_connections: usize,
    /// A reverse proxy's address range (`10.0.0.0/8`, `127.0.0.1`),
    /// repeatable: from those peers only, the per-address limits key on the
    /// right-most untrusted address of `X-Forwarded-For`.
    #[arg(long = "trusted-proxy", value_name = "CIDR")]
    trusted_proxies: Vec<Cidr>,
    /// Open connections from one address at most; past it HTTP 503.
    #[arg(long, default_value_t = Settings::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// Seconds a new connection has to send its HTTP request head.
    #[arg(long, default_value_t = Settings::default().handshake_timeout.as_secs_f64())]
    handshake_timeout: f64,
    /// Seconds of silence after which a WebSocket is pinged, and after
    /// twice which it is closed.
    #[arg(long, default_value_t = Settings::default().ping_interval.as_secs_f64())]
    ping_interval: f64,
    /// Games in memory at most.
    #[arg(long, default_value_t = Settings::default().max_games)]
    max_games: usize,
    /// Seconds a finished game stays readable after its end (default
    /// 30 days); older ones are deleted from the database.
    #[arg(long, default_value_t = Settings::default().keep_finished.as_secs())]
    keep_finished: u64,
    /// Serve HTTPS and wss:// with this PEM certificate chain (needs
    /// --tls-key).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// How logs (on standard error) are written: `text` for people,
    /// `json` for a log collector (one JSON object a line).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Serve the browser page from this directory (with its
    /// WebAssembly build in `pkg/`) instead of the copy in the binary.
    #[arg(long)]
    web: Option<PathBuf>,
    /// Another address the page may open its WebSocket to, added to its
    /// Content-Security-Policy (`connect-src`), once per address: with
    /// several instances, every instance's --public-addr (or a wildcard
    /// such as wss://*.games.example.org), since a `redirect` sends the
    /// page there and the browser blocks any address not listed.
    #[arg(long = "connect-src", value_name = "WS_URL")]
    connect_src: Vec<String>,
    /// Also serve `GET /metrics` (Prometheus) and `/healthz` in plain
    /// HTTP on this address, for the operator's network only (say
    /// 127.0.0.1:9187); prints `metrics on ADDR`. Without it there is
    /// no `/metrics`.
    #[arg(long)]
    metrics_addr: Option<SocketAddr>,
}

/// What every client command takes: where the server is, whom to trust,
/// which language to speak.
#[derive(Args, Debug)]
struct ClientArgs {
    /// The server: ws://HOST:PORT, or wss://HOST:PORT over TLS. Give it
    /// more than once: when one is gone, the client tries the next.
    #[arg(long, default_value = "ws://127.0.0.1:7878")]
    server: Vec<String>,
    /// For wss://: a PEM file of the CA certificates to trust instead of
    /// the usual roots (a private CA, a self-signed server).
    #[arg(long)]
    ca: Option<PathBuf>,
    /// The language of the client's words: fr or en (default: the
    /// first of LC_ALL, LC_MESSAGES and LANG that names one, else en).
    /// `code: XXXXXX` and the moves are the same in both.
    #[arg(long)]
    lang: Option<Lang>,
}

impl ClientArgs {
    /// The language of the client's words.
    fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }

    /// Every `--server`, in order; the failure in `lang`.
    fn endpoints(&self, lang: Lang) -> Result<Vec<Endpoint>, String> {
        self.server
            .iter()
            .map(|u| Endpoint::new(u, self.ca.as_deref()).map_err(|e| client::error_text(&e, lang)))
            .collect()
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LogFormat {
    Text,
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum SeatArg {
    First,
    Second,
    Random,
}

/// A positive number of seconds (fractions allowed) as a duration.
fn seconds(flag: &str, secs: f64) -> Result<Duration, String> {
    if secs > 0.0 {
        Duration::try_from_secs_f64(secs).map_err(|e| format!("{flag}: {e}"))
    } else {
        Err(format!("{flag} must be more than 0 seconds"))
    }
}

/// Plays (or watches) one game as `mode` says; the failure in `lang`.
async fn play(server: &[Endpoint], mode: Mode, lang: Lang) -> Result<(), String> {
    client::run(server, mode, lang)
        .await
        .map(drop)
        .map_err(|e| client::error_text(&e, lang))
}

/// `serve`: binds the server as `args` say, prints `listening on ADDR`,
/// runs until SIGTERM or Ctrl-C.
async fn serve(args: ServeArgs) -> Result<(), String> {
    let ServeArgs {
        addr,
        db,
        idle_expiry,
        message_rate,
        message_burst,
        failed_joins_per_minute,
        creates_per_minute,
        reads_per_minute,
        max_connections,
        trusted_proxies,
        max_connections_per_address,
        handshake_timeout,
        ping_interval,
        max_games,
        keep_finished,
        instance_id,
        public_addr,
        lease_ttl,
        web,
        connect_src,
        metrics_addr,
        log_format: _,
        tls_cert,
        tls_key,
    } = args;
    let handshake_timeout = seconds("--handshake-timeout", handshake_timeout)?;
    let ping_interval = seconds("--ping-interval", ping_interval)?;
    let settings = Settings {
        idle_expiry: Duration::from_secs(idle_expiry),
        message_rate,
        message_burst,
        failed_joins_per_minute,
        creates_per_minute,
        reads_per_minute,
        trusted_proxies: TrustedProxies::new(trusted_proxies),
        max_connections,
        max_connections_per_address,
        handshake_timeout,
        ping_interval,
        max_games,
        keep_finished: Duration::from_secs(keep_finished),
    };
    let tls = match (tls_cert, tls_key) {
        (Some(cert), Some(key)) => Some(Tls { cert, key }),
        _ => None,
    };
    let options = Options {
        addr,
        db,
        settings,
        tls,
    };
    let web = web
        .map_or_else(WebRoot::embedded, WebRoot::new)
        .with_connect_src(&connect_src)
        .map_err(|e| e.to_string())?;
    if let Some(problem) = web.problem() {
        eprintln!("warning: {problem}");
    }
    if connect_src.is_empty() && board_online::store::pg::is_url(&options.db.to_string_lossy()) {
        eprintln!(
            "warning: no --connect-src: a browser page cannot follow a redirect to \
             another instance (give each instance's --public-addr)"
        );
    }
    let cluster = Cluster {
        instance_id,
        public_addr,
        lease_ttl: seconds("--lease-ttl", lease_ttl)?,
    };
    let server = Server::bind_cluster(options, Registry::standard(), cluster)
        .await
        .map_err(|e| e.to_string())?
        .with_web(web);
    let server = match metrics_addr {
        Some(addr) => server
            .with_metrics_addr(addr)
            .await
            .map_err(|e| e.to_string())?,
        None => server,
    };
    let addr = server.local_addr().map_err(|e| e.to_string())?;
    if let Some(addr) = server.metrics_addr() {
        let _ = writeln!(std::io::stdout(), "metrics on {addr}");
    }
    // Handlers first, so a signal right after the line below is caught.
    let stop = board_online::server::shutdown_signal();
    // (A reader gone from standard output does not stop the server.)
    let _ = writeln!(std::io::stdout(), "listening on {addr}");
    if server.restored() > 0 {
        let _ = writeln!(
            std::io::stdout(),
            "restored {} unfinished games",
            server.restored()
        );
    }
    server.run(stop).await.map_err(|e| e.to_string())?;
    // Whoever started the server may have stopped reading.
    let _ = writeln!(std::io::stdout(), "stopped");
    Ok(())
}

/// Runs `command`: the server, or a client whose words are in `lang`.
async fn run(command: Command, lang: Lang) -> Result<(), String> {
    match command {
        Command::Serve(args) => serve(*args).await,
        Command::Host {
            game,
            config,
            seat,
            clock,
            client: args,
        } => {
            let server = args.endpoints(lang)?;
            let config: serde_json::Value = serde_json::from_str(&config).map_err(|e| {
                board_l10n::Catalogue::new(lang).format(
                    "client-bad-config",
                    &[("why", board_l10n::Value::Text(e.to_string()))],
                )
            })?;
            let seat = match seat {
                SeatArg::First => SeatChoice::First,
                SeatArg::Second => SeatChoice::Second,
                SeatArg::Random => SeatChoice::Random,
            };
            let mode = Mode::Host {
                game,
                config,
                seat,
                clock,
            };
            play(&server, mode, lang).await
        }
        Command::Join { code, client: args } => {
            let server = args.endpoints(lang)?;
            play(&server, Mode::Join { code }, lang).await
        }
        Command::Record { code, client: args } => {
            let server = args.endpoints(lang)?;
            let server = &server[0];
            let (record, result) = client::record(server, &code, lang)
                .await
                .map_err(|e| client::error_text(&e, lang))?;
            // The record on standard output, as `replay` reads it; the
            // result for the player on standard error.
            // (A reader gone away, `| head`, is not an error.)
            let mut stdout = std::io::stdout().lock();
            let _ = write!(stdout, "{record}").and_then(|()| stdout.flush());
            eprintln!("{result}");
            Ok(())
        }
        Command::Watch { code, client: args } => {
            let server = args.endpoints(lang)?;
            play(&server, Mode::Watch { code }, lang).await
        }
    }
}

/// The client's commands, whose `--help` comes from the catalogues.
const CLIENT_COMMANDS: [&str; 4] = ["host", "join", "record", "watch"];

/// What `args` (without the program's name) ask for when they ask for
/// help with the client (`--help`, `-h` or `help`, with no command or a
/// client's command): the catalogues' `help-online` or
/// `help-online-COMMAND`, in the language of `--lang` if given, else the
/// environment's. `None` for anything else (`serve --help` is clap's).
fn catalogue_help(args: &[String]) -> Option<String> {
    let args: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .take_while(|a| *a != "--")
        .collect();
    let (asked, rest) = match args.split_first() {
        Some((&"help", rest)) => (true, rest),
        _ => (args.iter().any(|a| *a == "--help" || *a == "-h"), &args[..]),
    };
    if !asked {
        return None;
    }
    // The command comes first (the program itself takes no option but
    // `--help` and `--version`).
    let key = match rest.first().filter(|a| !a.starts_with('-')) {
        None => "help-online".to_owned(),
        Some(command) if CLIENT_COMMANDS.contains(command) => format!("help-online-{command}"),
        Some(_) => return None,
    };
    let lang = lang_asked(&args);
    Some(format!("{}\n", board_l10n::Catalogue::new(lang).get(&key)))
}

/// The language `args` ask for with `--lang`, else the environment's.
fn lang_asked(args: &[&str]) -> Lang {
    args.windows(2)
        .find(|pair| pair[0] == "--lang")
        .and_then(|pair| pair[1].parse().ok())
        .unwrap_or_else(Lang::from_env)
}

/// A client command's argument error `e` in the player's words (the
/// language of `--lang`, else the environment's): what is wrong, quoting
/// only a short part of the argument, then where the help is. `None` when
/// `args` (without the program's name) are not a client command's, or for
/// an error this does not word: those stay clap's, as the server's do.
fn client_arg_error(args: &[String], e: &clap::Error) -> Option<String> {
    use board_l10n::Value;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let command = *args.first().filter(|c| CLIENT_COMMANDS.contains(c))?;
    let words = board_l10n::Catalogue::new(lang_asked(&args));
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.as_str()),
        Some(ContextValue::Strings(v)) => v.first().map(String::as_str),
        _ => None,
    };
    let quoted = |text: &str| Value::Text(format!("{:?}", board_core::excerpt(text)));
    // The argument as clap names it, `--lang <LANG>` or `<GAME>`.
    let arg = context(ContextKind::InvalidArg)?;
    let flag = arg.split_whitespace().next().unwrap_or(arg);
    let line = match e.kind() {
        ErrorKind::UnknownArgument => words.format("term-arg-unexpected", &[("text", quoted(arg))]),
        ErrorKind::MissingRequiredArgument if arg == "<GAME>" => {
            let games = Value::Text(Registry::standard().names().join(", "));
            words.format("term-arg-which-game", &[("games", games)])
        }
        ErrorKind::MissingRequiredArgument if arg == "<CODE>" => words.get("term-arg-which-code"),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            match context(ContextKind::InvalidValue).filter(|v| !v.is_empty()) {
                None => words.format(
                    "term-arg-needs-value",
                    &[("flag", Value::Text(flag.into()))],
                ),
                Some(value) if flag == "--lang" => {
                    words.format("term-arg-not-a-language", &[("text", quoted(value))])
                }
                Some(value) => words.format(
                    "term-arg-bad-value",
                    &[("flag", Value::Text(flag.into())), ("text", quoted(value))],
                ),
            }
        }
        _ => return None,
    };
    let help = Value::Text(format!("board-online {command} --help"));
    Some(format!(
        "{line}\n{}\n",
        words.format("term-arg-see-help", &[("help", help)])
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(help) = catalogue_help(&args) {
        let _ = write!(std::io::stdout(), "{help}");
        return ExitCode::SUCCESS;
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match client_arg_error(&args, &e) {
            Some(words) => {
                eprint!("{words}");
                return ExitCode::from(2);
            }
            // `--version`, the server's arguments: clap's words and exit.
            None => e.exit(),
        },
    };
    // Logs go to standard error, at the level RUST_LOG names (default `info`);
    // standard output carries the lines a script reads (`listening on …`).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter);
    match &cli.command {
        Command::Serve(args) if matches!(args.log_format, LogFormat::Json) => logs.json().init(),
        _ => logs.init(),
    }
    // The language of the client's words (the server's log is English).
    let lang = match &cli.command {
        Command::Serve(_) => Lang::En,
        Command::Host { client, .. }
        | Command::Join { client, .. }
        | Command::Record { client, .. }
        | Command::Watch { client, .. } => client.lang(),
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run(cli.command, lang));
    // The stdin reader of the client may still be blocked on a read.
    runtime.shutdown_timeout(Duration::from_secs(1));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", client::error_line(&e, lang));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// The client's argument errors are the catalogues' words, in the
    /// language of `--lang`, with where the help is; the server's stay
    /// clap's.
    #[test]
    fn the_clients_argument_errors_speak_the_players_language() {
        let words = |line: &str| {
            let args = args(line);
            let e =
                Cli::try_parse_from(std::iter::once("board-online".to_owned()).chain(args.clone()))
                    .expect_err(line);
            client_arg_error(&args, &e)
        };
        for (line, expected) in [
            (
                "join --seat third ABC --lang fr",
                "argument inattendu \"--seat\"\nvoir board-online join --help\n",
            ),
            (
                "host --lang fr",
                "quel jeu\u{202f}? l'un de chess3d, echec-o-cube, kybo\nvoir board-online host --help\n",
            ),
            (
                "watch --lang en",
                "which game code? six letters and digits, as in K7M2QX\nsee board-online watch --help\n",
            ),
            (
                "host kybo --lang xx",
                "--lang \"xx\": not a language: fr or en\nsee board-online host --help\n",
            ),
            (
                "host kybo --seat x --lang fr",
                "--seat \"x\"\u{a0}: ce n'est pas une valeur qu'il prend\nvoir board-online host --help\n",
            ),
            (
                "record K7M2QX --lang fr --server",
                "--server attend une valeur\nvoir board-online record --help\n",
            ),
        ] {
            assert_eq!(words(line).as_deref(), Some(expected), "{line}");
        }
        // Only a short part of a long argument is quoted.
        let long = words(&format!("join K7M2QX --lang en --{}", "x".repeat(5000))).unwrap();
        assert!(long.starts_with("unexpected argument \"--xxx"), "{long}");
        assert!(long.len() < 200, "{long}");
        // The server's errors stay clap's.
        assert_eq!(words("serve --bogus"), None);
        assert_eq!(words("serve --addr nowhere"), None);
    }

    /// Each client command's help, in both languages, names every option
    /// and argument clap reads for it; `serve --help` stays clap's.
    #[test]
    fn the_client_helps_name_every_option_in_both_languages() {
        let cli = Cli::command();
        for lang in ["en", "fr"] {
            for name in CLIENT_COMMANDS {
                let help = catalogue_help(&args(&format!("{name} --help --lang {lang}")))
                    .unwrap_or_else(|| panic!("{name} {lang}"));
                let command = cli.find_subcommand(name).expect(name);
                for arg in command.get_arguments() {
                    let shown = match arg.get_long() {
                        Some(long) => format!("--{long}"),
                        None => arg.get_id().as_str().to_uppercase(),
                    };
                    let shown = match (lang, shown.as_str()) {
                        ("fr", "GAME") => "JEU".to_owned(),
                        _ => shown,
                    };
                    assert!(help.contains(&shown), "{name} {lang}: {shown} in\n{help}");
                }
                assert!(help.contains("\n  -h, --help "), "{name} {lang}:\n{help}");
                // The options' second lines stay under their first's text.
                let default_server = help.lines().find(|l| l.contains("127.0.0.1:7878"));
                assert!(
                    default_server.is_some_and(|l| l.starts_with(&" ".repeat(19))),
                    "{name} {lang}:\n{help}"
                );
            }
            let top = catalogue_help(&args(&format!("--help --lang {lang}"))).unwrap();
            for name in CLIENT_COMMANDS.iter().chain(&["serve"]) {
                assert!(
                    top.contains(&format!("\n  {name} ")),
                    "{lang}: {name} in\n{top}"
                );
            }
        }
        let fr = catalogue_help(&args("join -h --lang fr")).unwrap();
        assert!(
            fr.starts_with("Rejoindre une partie par son code et jouer."),
            "{fr}"
        );
        assert!(fr.contains("usage\u{a0}: board-online join CODE"), "{fr}");
        assert!(fr.contains("abandonner (ou resign) abandonne"), "{fr}");
        assert_eq!(
            catalogue_help(&args("help watch --lang fr")),
            catalogue_help(&args("watch --lang fr -h"))
        );
        assert!(catalogue_help(&args("serve --help --lang fr")).is_none());
        assert!(catalogue_help(&args("join K7M2QX --lang fr")).is_none());
        assert!(catalogue_help(&args("join K7M2QX -- --help")).is_none());
    }
}
