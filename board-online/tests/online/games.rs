//! Whole games of each kind between two CLI client processes; a server
//! killed with SIGKILL mid-game and restarted on the same database; a
//! chess3d draw claimed through the protocol.
//!
//! The test keeps its own copy of the game with the rules crate and picks the
//! moves it types into the clients: a move that ends the game if there is
//! one, otherwise a seeded random legal move, so every game is short and the
//! same on every run.

use board_core::Game;

use crate::harness::{Proc, Server, TempDir};

/// The test types moves faster than a person: above the default 20 messages
/// a second (the hostile tests check that limit).
pub(crate) const FAST: &[&str] = &["--message-rate", "1000", "--message-burst", "1000"];

/// The two players' client processes of one game.
pub(crate) struct Table {
    pub(crate) host: Proc,
    pub(crate) join: Proc,
}

impl Table {
    /// `host GAME --seat first`, then `join CODE` (in lower case, to check
    /// that codes are read in any case).
    fn open(server: &Server, dir: &TempDir, game: &str, config: &str) -> Table {
        let url = server.url();
        let mut host = Proc::spawn(
            "host",
            &[
                "host", game, "--config", config, "--seat", "first", "--server", &url,
                // English by the flag here, by the locale (C) for the others.
                "--lang", "en",
            ],
            dir.path(),
        );
        let code = host.expect_prefix("code: ");
        assert_eq!(code.len(), 6, "{code}");
        assert_eq!(host.expect_prefix("seat: "), "first");
        host.expect("waiting", |l| l == "waiting for the opponent");
        let mut join = Proc::spawn(
            "join",
            &["join", &code.to_lowercase(), "--server", &url],
            dir.path(),
        );
        assert_eq!(join.expect_prefix("seat: "), "second");
        Table { host, join }
    }

    /// The client of the side to move.
    pub(crate) fn mover<G: Game>(&mut self, game: &G, first: G::Player) -> &mut Proc {
        if game.turn() == first {
            &mut self.host
        } else {
            &mut self.join
        }
    }
}

/// A move that ends the game if there is one, otherwise a random one.
pub(crate) fn pick<G: Game>(game: &G, rng: &mut fastrand::Rng) -> G::Move {
    let moves = game.legal_moves();
    assert!(!moves.is_empty());
    moves
        .iter()
        .copied()
        .find(|&m| {
            let mut after = game.clone();
            after.play(m).is_ok() && after.outcome().is_some()
        })
        .unwrap_or(moves[rng.usize(..moves.len())])
}

/// Plays `plies` moves (or to the end): types each into the mover's client
/// and checks that both clients print it as `move N: TEXT`.
pub(crate) fn play<G: Game>(
    table: &mut Table,
    game: &mut G,
    first: G::Player,
    rng: &mut fastrand::Rng,
    plies: usize,
    record: &mut Vec<String>,
) {
    for _ in 0..plies {
        if game.outcome().is_some() {
            return;
        }
        let mv = pick(game, rng);
        let text = mv.to_string();
        table.mover(game, first).send(&text);
        game.play(mv).unwrap();
        record.push(text.clone());
        let n = record.len();
        for client in [&mut table.host, &mut table.join] {
            let seen = client.expect_prefix(&format!("move {n}: "));
            assert_eq!(seen, text, "{} saw another move {n}", client.name);
        }
    }
}

/// Both clients print the same `result:` line, the game's own outcome, and
/// exit with status 0.
pub(crate) fn finish<G: Game>(table: &mut Table, game: &G) -> String {
    let outcome = game.outcome().expect("the game is over").to_string();
    let mut results = Vec::new();
    for client in [&mut table.host, &mut table.join] {
        let result = client.expect_prefix("result: ");
        let status = client.wait();
        assert!(status.success(), "{} exited with {status}", client.name);
        results.push(result);
    }
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], outcome);
    results.remove(0)
}

/// The moves a client printed, in order.
pub(crate) fn printed_moves(client: &Proc) -> Vec<String> {
    client
        .log
        .iter()
        .filter_map(|l| {
            let rest = l.strip_prefix("move ")?;
            let (_, text) = rest.split_once(": ")?;
            Some(text.to_owned())
        })
        .collect()
}

fn whole_game<G: Game>(name: &str, config_json: &str, config: G::Config, seed: u64) {
    let dir = TempDir::new(name);
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let mut table = Table::open(&server, &dir, name, config_json);
    let mut game = G::from_config(config);
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 6, &mut record);
    // A spectator arriving mid-game gets the moves so far, then the rest.
    let code = table
        .host
        .log
        .iter()
        .find_map(|l| l.strip_prefix("code: "))
        .unwrap()
        .to_owned();
    let url = server.url();
    let mut watcher = Proc::spawn("watch", &["watch", &code, "--server", &url], dir.path());
    let last = format!("move {}: {}", record.len(), record[record.len() - 1]);
    watcher.expect("the game so far", |l| l == last);
    play(
        &mut table,
        &mut game,
        first,
        &mut rng,
        usize::MAX,
        &mut record,
    );
    let result = finish(&mut table, &game);
    assert_eq!(watcher.expect_prefix("result: "), result);
    assert!(watcher.wait().success());
    assert_eq!(printed_moves(&watcher), record);
    assert_eq!(printed_moves(&table.host), record);
    assert_eq!(printed_moves(&table.join), record);
    // The board was printed after each move.
    let boards = table
        .host
        .log
        .iter()
        .filter(|l| l.contains("to move"))
        .count();
    assert!(
        boards >= record.len(),
        "{boards} boards for {} moves",
        record.len()
    );
}

#[test]
fn a_whole_game_of_kybo() {
    whole_game::<kybo::Position>("kybo", "{}", kybo::Config::default(), 4);
}

#[test]
fn a_whole_game_of_echec_o_cube() {
    whole_game::<echec_o_cube::Position>("echec-o-cube", "{}", echec_o_cube::Config::default(), 0);
}

#[test]
fn a_whole_game_of_chess3d() {
    whole_game::<chess3d::Match>("chess3d", r#"{"levels": 3}"#, chess3d::Config::default(), 1);
}

#[test]
fn refused_moves_show_the_rules_reason_and_the_player_tries_again() {
    let dir = TempDir::new("refused");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let mut table = Table::open(&server, &dir, "echec-o-cube", "{}");
    table
        .join
        .expect("the opponent's turn", |l| l == "One to move");
    // The joiner is second: not its turn.
    table.join.send("claim");
    let r = table.join.expect_prefix("refused: ");
    assert!(r.contains("turn"), "{r}");
    // A move the rules refuse, with the crate's reason and rule ID.
    table
        .host
        .expect("a prompt", |l| l.starts_with("your move"));
    table.host.send("claim");
    let r = table.host.expect_prefix("refused: ");
    assert_eq!(r, "there are no points to claim (EOC-17)");
    // `?` lists the legal moves; one of them is accepted.
    table.host.send("?");
    let legal = table.host.expect_prefix("legal moves: ");
    let first = legal.split(", ").next().unwrap().to_owned();
    table.host.send(&first);
    assert_eq!(table.join.expect_prefix("move 1: "), first);
    // No draw to claim in ÉCHEC O CUBE; the claim is refused.
    table.join.send("draw");
    let r = table.join.expect_prefix("refused: ");
    assert!(r.contains("no draw claim"), "{r}");
    // An endless line is dropped whole, not kept.
    table.join.send_bytes(&vec![b'x'; 100_000]);
    table.join.send("");
    table
        .join
        .expect("the long line dropped", |l| l.starts_with("line too long"));
    // Resigning ends the game for both, with exit status 0.
    table.join.send("resign");
    for client in [&mut table.host, &mut table.join] {
        assert_eq!(client.expect_prefix("result: "), "Two resigns, One wins");
        assert!(client.wait().success());
    }
}

#[test]
fn chess3d_threefold_repetition_is_claimed_as_a_draw() {
    let dir = TempDir::new("claim");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let mut table = Table::open(&server, &dir, "chess3d", "{}");
    let mut game = chess3d::Match::from_config(chess3d::Config::default());
    let first = game.turn();
    let shuffle = ["N2/A8-N2/B6", "N2/A1-N2/B3", "N2/B6-N2/A8", "N2/B3-N2/A1"];
    let mut n = 0;
    for text in shuffle.iter().chain(shuffle.iter()) {
        table.mover(&game, first).send(text);
        game.play(game.parse_move(text).unwrap()).unwrap();
        n += 1;
        for client in [&mut table.host, &mut table.join] {
            assert_eq!(client.expect_prefix(&format!("move {n}: ")), *text);
        }
    }
    // The start position stands for the third time: the side to move claims.
    table.mover(&game, first).send("draw");
    assert!(game.claim_draw().is_some());
    finish(&mut table, &game);
}

#[test]
fn a_server_killed_mid_game_continues_it_after_a_restart() {
    let dir = TempDir::new("restart");
    let mut server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let addr = server.addr.clone();
    let mut table = Table::open(&server, &dir, "kybo", "{}");
    let mut game = kybo::Position::from_config(kybo::Config::default());
    let first = game.turn();
    let mut rng = fastrand::Rng::with_seed(0);
    let mut record = Vec::new();
    play(&mut table, &mut game, first, &mut rng, 20, &mut record);
    assert_eq!(record.len(), 20);

    server.proc.kill(); // SIGKILL: no chance to flush anything
    for client in [&mut table.host, &mut table.join] {
        client.expect("the lost connection", |l| l.starts_with("connection lost"));
    }
    // A move typed while the server is down is sent once it is back.
    let mv = pick(&game, &mut rng);
    table.mover(&game, first).send(&mv.to_string());

    let server = Server::start(dir.path(), &addr, FAST);
    assert!(
        server.proc.log.iter().all(|l| !l.contains("not restored")),
        "{:?}",
        server.proc.log
    );
    for client in [&mut table.host, &mut table.join] {
        client.expect("the seat resumed", |l| l.starts_with("resumed: seat"));
    }
    // Every acknowledged move survived: the next move is number 21.
    game.play(mv).unwrap();
    record.push(mv.to_string());
    for client in [&mut table.host, &mut table.join] {
        assert_eq!(
            client.expect_prefix("move 21: "),
            mv.to_string(),
            "{}",
            client.name
        );
    }
    play(
        &mut table,
        &mut game,
        first,
        &mut rng,
        usize::MAX,
        &mut record,
    );
    finish(&mut table, &game);
    assert_eq!(printed_moves(&table.host), record);
    assert_eq!(printed_moves(&table.join), record);
    drop(server);
}
