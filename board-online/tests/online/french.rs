//! The command-line client in French (`--lang fr`): a whole KYBO game
//! between two client processes through a real server, with a move the
//! rules refuse (KY-4), one out of turn, and a look at the legal moves;
//! every line is French but the notation and `code: XXXXXX`.

use board_l10n::{Catalogue, Lang};

use crate::games::{pick, FAST};
use crate::harness::{Proc, Server, TempDir};

/// The English words of the messages a client in French might print by
/// mistake: the literal parts (between arguments) of every English
/// message the client, the terminal's KYBO board and the server's
/// refusals, errors and endings use, at least five characters long.
fn english_phrases() -> Vec<String> {
    let en = Catalogue::new(Lang::En);
    let fr = Catalogue::new(Lang::Fr);
    let mut phrases = Vec::new();
    for (_, source) in board_l10n::sources(Lang::En) {
        for (key, vars) in board_l10n::keys(source).unwrap() {
            let wanted = [
                "client-",
                "term-to-move",
                "term-kybo-",
                "legend-kybo",
                "refusal-",
                "error-",
                "ending-",
                "outcome-",
                "kybo-",
                "color-",
                "game-over",
            ];
            if !wanted.iter().any(|w| key.starts_with(w)) {
                continue;
            }
            let args: Vec<(&str, board_l10n::Value)> = vars
                .iter()
                .map(|v| (v.as_str(), board_l10n::Value::Text("\u{1}".into())))
                .collect();
            let text = en.format(&key, &args);
            let french = fr.format(&key, &args);
            for part in text.split('\u{1}') {
                let part = part.trim_matches(|c: char| !c.is_alphanumeric());
                // Words both languages share ("code", "KYBO") are not English.
                if part.chars().count() >= 5 && !french.contains(part) {
                    phrases.push(part.to_owned());
                }
            }
        }
    }
    phrases.sort();
    phrases.dedup();
    assert!(phrases.iter().any(|p| p == "waiting for the opponent"));
    phrases
}

fn no_english(client: &Proc, phrases: &[String]) {
    for line in &client.log {
        for phrase in phrases {
            assert!(
                !line.contains(phrase.as_str()),
                "{}: English {phrase:?} in {line:?}; its output:\n{}",
                client.name,
                client.tail()
            );
        }
    }
}

#[test]
fn a_french_player_plays_kybo_online_in_the_terminal_and_reads_no_english() {
    let fr = Catalogue::new(Lang::Fr);
    let dir = TempDir::new("french");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let url = server.url();
    let mut host = Proc::spawn(
        "host",
        &[
            "host", "kybo", "--seat", "first", "--server", &url, "--lang", "fr",
        ],
        dir.path(),
    );
    // The one line scripts read is the same in both languages.
    let code = host.expect_prefix("code: ");
    assert_eq!(code.len(), 6, "{code}");
    host.expect("the seat", |l| l == "vous jouez en premier");
    host.expect("waiting", |l| l == "en attente de l'adversaire");
    let mut join = Proc::spawn(
        "join",
        &["join", &code, "--server", &url, "--lang", "fr"],
        dir.path(),
    );
    join.expect("joined", |l| l == format!("partie {code} rejointe"));
    join.expect("the seat", |l| l == "vous jouez en second");
    // The board in French: the grid, the legend with the zones' names, the
    // status line.
    join.expect("the legend", |l| {
        l.contains("(Portes 1, Remparts 2, Château 3, Donjon 4)")
    });
    join.expect("the status", |l| l.starts_with("cubes Blanc 0 (reste "));
    host.expect("the prompt", |l| {
        l == "à vous de jouer (Blanc), coup 1 (? les coups légaux, abandonner, nulle)\u{a0}:"
    });
    join.expect("the opponent's turn", |l| l == "trait : Blanc");

    // Out of turn: the refusal's kind in French.
    join.send("D4");
    join.expect("not your turn", |l| {
        l == "refusé\u{a0}: ce n'est pas votre tour"
    });
    let mut game = kybo::Position::default();
    host.send("D4");
    join.expect("the first move", |l| l == "coup 1\u{a0}: D4");
    join.send("E4");
    host.expect("the second move", |l| l == "coup 2\u{a0}: E4");
    for mv in ["D4", "E4"] {
        game.play(game.parse_move(mv).unwrap()).unwrap();
    }
    // KY-4: a cube must touch another; the rules' reason in French, with
    // the rule ID, from the key the server sent.
    host.send("A8");
    let refusal = host.expect_prefix("refusé\u{a0}: ");
    let expected = fr.explain(&game.check(game.parse_move("A8").unwrap()).unwrap_err());
    assert_eq!(refusal, expected);
    assert!(refusal.contains("(KY-"), "{refusal}");
    host.send("?");
    let legal = host.expect_prefix("coups légaux\u{a0}: ");
    assert!(legal.split(", ").any(|m| m == "D3"), "{legal}");

    // The rest of the game, to its end.
    let first = kybo::Color::White;
    let mut rng = fastrand::Rng::with_seed(4);
    let mut plies = 2;
    while game.outcome().is_none() {
        let mv = pick(&game, &mut rng);
        let client = if game.turn() == first {
            &mut host
        } else {
            &mut join
        };
        client.send(&mv.to_string());
        game.play(mv).unwrap();
        plies += 1;
        for client in [&mut host, &mut join] {
            assert_eq!(
                client.expect_prefix(&format!("coup {plies}\u{a0}: ")),
                mv.to_string()
            );
        }
    }
    let outcome = fr.explain(&game.outcome().unwrap());
    for client in [&mut host, &mut join] {
        assert_eq!(client.expect_prefix("résultat\u{a0}: "), outcome);
        assert!(client.wait().success(), "{}", client.name);
    }
    assert!(
        outcome.contains("gagne") || outcome.contains("nulle"),
        "{outcome}"
    );
    let phrases = english_phrases();
    no_english(&host, &phrases);
    no_english(&join, &phrases);
}

#[test]
fn a_french_client_says_a_server_error_in_french() {
    let dir = TempDir::new("french-error");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let url = server.url();
    let mut join = Proc::spawn(
        "join",
        &["join", "BBBBBB", "--server", &url, "--lang", "fr"],
        dir.path(),
    );
    let fr = Catalogue::new(Lang::Fr);
    let words = fr.get("error-no_such_game");
    join.expect("the error in French", |l| {
        l == format!("erreur\u{a0}: {words}")
    });
    assert!(!join.wait().success());
    let on_stderr = format!("stderr: erreur\u{a0}: {words}");
    assert!(join.log.contains(&on_stderr), "{}", join.tail());
}

/// A game of `game` hosted in French on the first seat at `url` and
/// joined in French: the host, the game's code, the joiner.
fn french_game(game: &str, url: &str, dir: &TempDir) -> (Proc, String, Proc) {
    let lang = ["--lang", "fr"];
    let mut host = Proc::spawn(
        "host",
        &[
            &["host", game, "--seat", "first", "--server", url][..],
            &lang,
        ]
        .concat(),
        dir.path(),
    );
    let code = host.expect_prefix("code: ");
    let join = Proc::spawn(
        "join",
        &[&["join", &code, "--server", url][..], &lang].concat(),
        dir.path(),
    );
    (host, code, join)
}

#[test]
fn a_french_spectator_and_a_resignation_read_in_french() {
    let dir = TempDir::new("french-resign");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let url = server.url();
    let lang = ["--lang", "fr"];
    let (mut host, code, mut join) = french_game("chess3d", &url, &dir);
    join.expect("the seat", |l| l == "vous jouez en second");
    // chess3d: Black moves first (C3-13); the host holds the first seat.
    host.expect("the prompt", |l| l.starts_with("à vous de jouer (Noir)"));
    host.send("N2/E7-N2/E5");
    join.expect("the move", |l| l == "coup 1\u{a0}: N2/E7-N2/E5");
    let mut watch = Proc::spawn(
        "watch",
        &[&["watch", &code, "--server", &url][..], &lang].concat(),
        dir.path(),
    );
    watch.expect("watching", |l| {
        l == format!("vous regardez la partie {code}")
    });
    watch.expect("the legend", |l| {
        l.starts_with("clé : majuscules Blanc, minuscules Noir")
    });
    watch.expect("the status", |l| {
        l == "pièces Blanc 16 Noir 16 | coup 1 | trait : Blanc"
    });
    // A spectator's move is refused by the client itself, in French.
    watch.send("N2/E2-N2/E4");
    watch.expect("no moves for spectators", |l| {
        l == "vous regardez\u{202f}; les coups sont pour les joueurs"
    });
    join.expect("the prompt", |l| l.starts_with("à vous de jouer (Blanc)"));
    // The French command word, as the prompt names it.
    join.send("abandonner");
    for client in [&mut host, &mut join, &mut watch] {
        assert_eq!(
            client.expect_prefix("résultat\u{a0}: "),
            "Blanc abandonne, Noir gagne",
            "{}",
            client.name
        );
        assert!(client.wait().success(), "{}", client.name);
    }
    let phrases = english_phrases();
    for client in [&host, &join, &watch] {
        no_english(client, &phrases);
    }
}

#[test]
fn a_french_client_words_its_own_refusals_in_french() {
    let dir = TempDir::new("french-own");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let url = server.url();
    let http = url.replacen("ws://", "http://", 1);
    let fr = Catalogue::new(Lang::Fr);
    let text = |s: &str| board_l10n::Value::Text(s.into());
    let cases: [(&[&str], String); 4] = [
        (
            &["join", "BBBBBB", "--server", &http, "--lang", "fr"],
            fr.format("client-address-scheme", &[("url", text(&http))]),
        ),
        (
            &["record", "not-a-code!", "--server", &url, "--lang", "fr"],
            fr.format("client-not-a-code", &[("text", text("not-a-code!"))]),
        ),
        (
            &["record", "BBBBBB", "--server", &url, "--lang", "fr"],
            fr.format("client-no-record", &[("code", text("BBBBBB"))]),
        ),
        (
            &[
                "host", "kybo", "--config", "{", "--server", &url, "--lang", "fr",
            ],
            String::new(),
        ),
    ];
    for (args, words) in cases {
        let mut client = Proc::spawn("client", args, dir.path());
        assert!(!client.wait().success(), "{}", client.tail());
        let line = client
            .log
            .iter()
            .find(|l| l.starts_with("stderr: erreur\u{a0}: "))
            .unwrap_or_else(|| panic!("no French error line: {}", client.tail()))
            .clone();
        if words.is_empty() {
            // serde's own detail stays as it is, after the French words.
            assert!(
                line.contains("--config n'est pas du JSON\u{a0}: "),
                "{line}"
            );
        } else {
            assert_eq!(line, format!("stderr: erreur\u{a0}: {words}"));
        }
    }
}

/// A client with no server to reach says so at once, in French, with the
/// two ways out: start a server, or name another with `--server`.
#[test]
fn a_french_client_without_a_server_says_how_to_start_one() {
    let dir = TempDir::new("french-no-server");
    // A port nothing listens on: one just bound and released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let url = format!("ws://127.0.0.1:{port}");
    let started = std::time::Instant::now();
    let mut client = Proc::spawn(
        "host",
        &["host", "kybo", "--server", &url, "--lang", "fr"],
        dir.path(),
    );
    assert!(!client.wait().success(), "{}", client.tail());
    let fr = Catalogue::new(Lang::Fr);
    let words = fr.format(
        "client-no-server",
        &[("url", board_l10n::Value::Text(url.clone()))],
    );
    assert_eq!(
        words,
        format!(
            "aucun serveur ne répond à {url}\u{202f}; lancez-en un avec `board-online serve` \
             ou choisissez-en un avec --server"
        )
    );
    let expected = format!("stderr: erreur\u{a0}: {words}");
    assert!(client.log.contains(&expected), "{}", client.tail());
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert!(
        !client.log.iter().any(|l| l.contains("os error")),
        "{}",
        client.tail()
    );
}

/// `record` prints the moves, as `replay` reads them, and then the result
/// in the player's words (on standard error, so that the moves alone go to
/// a file).
#[test]
fn a_french_record_prints_the_moves_and_the_result() {
    let dir = TempDir::new("french-record");
    let server = Server::start(dir.path(), "127.0.0.1:0", FAST);
    let url = server.url();
    let lang = ["--lang", "fr"];
    let (mut host, code, mut join) = french_game("kybo", &url, &dir);
    host.expect("the prompt", |l| {
        l.starts_with("à vous de jouer (Blanc), coup 1 ")
    });
    let mut record = Proc::spawn(
        "record",
        &[&["record", &code, "--server", &url][..], &lang].concat(),
        dir.path(),
    );
    assert!(record.wait().success(), "{}", record.tail());
    assert!(
        record
            .log
            .contains(&"stderr: résultat\u{a0}: partie non terminée".to_owned()),
        "{}",
        record.tail()
    );
    host.send("D4");
    join.expect("the prompt", |l| {
        l == "à vous de jouer (Noir), coup 2 (? les coups légaux, abandonner, nulle)\u{a0}:"
    });
    // `nulle` claims a draw: none applies in KYBO, refused in French.
    join.send("nulle");
    join.expect_prefix("refusé\u{a0}: ");
    join.send("aide");
    join.expect_prefix("coups légaux\u{a0}: ");
    join.send("abandonner");
    for client in [&mut host, &mut join] {
        assert_eq!(
            client.expect_prefix("résultat\u{a0}: "),
            "Noir abandonne, Blanc gagne"
        );
        assert!(client.wait().success(), "{}", client.name);
    }
    let mut record = Proc::spawn(
        "record",
        &[&["record", &code, "--server", &url][..], &lang].concat(),
        dir.path(),
    );
    assert!(record.wait().success(), "{}", record.tail());
    // Two pipes: the order of their lines is not kept.
    let mut lines = record.log.clone();
    lines.sort();
    assert_eq!(
        lines,
        ["D4", "stderr: résultat\u{a0}: Noir abandonne, Blanc gagne"],
        "{}",
        record.tail()
    );
}
