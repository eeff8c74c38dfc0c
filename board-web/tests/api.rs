//! The API of the bindings, driven from Rust through [`Board`] (what the
//! JavaScript class `Game` wraps): whole games through `legal_moves`,
//! `moves_at` and `play`, refusals with the rule's reason, undo and redo,
//! records, the SVG highlights and the computer's move.

use std::collections::BTreeSet;

use board_web::{games, Board, MAX_INPUT_BYTES};

const NAMES: [&str; 3] = ["echec-o-cube", "kybo", "chess3d"];

/// The `n`-th pick of a fixed walk through the legal moves: not always the
/// first, so the games visit varied positions, yet always the same.
fn pick(legal: &[String], n: usize) -> String {
    legal[(n * 7 + n / 3) % legal.len()].clone()
}

/// `<g class="CLASS" data-place="PLACE">`, as the crates' SVG writes a mark.
fn mark(class: &str, place: &str) -> String {
    format!(r#"<g class="{class}" data-place="{place}">"#)
}

#[test]
fn games_lists_the_three_with_their_titles() {
    let listed: Vec<_> = games().iter().map(|g| (g.name, g.title)).collect();
    assert_eq!(
        listed,
        [
            ("echec-o-cube", "ÉCHEC O CUBE"),
            ("kybo", "KYBO"),
            ("chess3d", "Chess 3D")
        ]
    );
    for info in games() {
        assert_eq!(Board::new(info.name, None).unwrap().name(), info.name);
    }
}

/// Every game played to its end by clicks: a place of a legal move, then one
/// of the moves `moves_at` lights up there. At each step the places split
/// the legal moves exactly (each move lights up at its own place only).
#[test]
fn every_game_plays_to_its_end_through_places_and_moves() {
    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        let mut plies = 0;
        while board.outcome().is_none() {
            let legal = board.legal_moves();
            assert!(!legal.is_empty(), "{name}: a game going on has a move");
            let mut lit = Vec::new();
            let places: BTreeSet<String> =
                legal.iter().map(|m| board.place_of(m).unwrap()).collect();
            for place in &places {
                for mv in board.moves_at(place) {
                    assert_eq!(&board.place_of(&mv).unwrap(), place, "{name}");
                    lit.push(mv);
                }
            }
            lit.sort();
            let mut all = legal.clone();
            all.sort();
            assert_eq!(lit, all, "{name}: the places split the legal moves");

            let clicked = board.place_of(&pick(&legal, plies)).unwrap();
            let at = board.moves_at(&clicked);
            let mv = pick(&at, plies);
            let turn = board.turn();
            board.play(&mv).unwrap();
            plies += 1;
            assert_eq!(board.moves().len(), plies);
            assert_eq!(board.moves().last(), Some(&mv));
            assert!(plies < 5000, "{name}: no end after {plies} plies");
            if board.outcome().is_none() && name == "chess3d" {
                assert_ne!(board.turn(), turn, "chess sides alternate");
            }
        }
        let outcome = board.outcome().unwrap();
        assert!(board.legal_moves().is_empty(), "{name}: over, no move");
        assert_eq!(board.computer_move(1, 10, 0, None), Ok(None));
        let refused = board.play(&board.moves()[0].clone()).unwrap_err();
        assert!(refused.contains("over"), "{name}: {refused}");
        match board.winner() {
            Some(winner) => assert!(outcome.starts_with(&format!("{winner} wins")), "{outcome}"),
            None => assert!(outcome.starts_with("draw"), "{outcome}"),
        }
    }
}

/// Each game's refusal carries the rule's ID, and changes nothing.
#[test]
fn a_refused_move_gives_the_rules_reason_and_changes_nothing() {
    // KY-3: the first cube goes on a Dungeon square.
    let mut kybo = Board::new("kybo", None).unwrap();
    let before = kybo.position_text();
    let err = kybo.play("A1").unwrap_err();
    assert!(err.contains("(KY-3)"), "{err}");
    assert_eq!(kybo.position_text(), before);
    assert!(kybo.moves().is_empty());

    // EOC-6: a segment holds one piece.
    let mut eoc = Board::new("echec-o-cube", None).unwrap();
    let first = eoc.legal_moves()[0].clone();
    eoc.play(&first).unwrap();
    let before = (eoc.position_text(), eoc.turn());
    let err = eoc.play(&first).unwrap_err();
    assert!(err.contains("(EOC-6)"), "{err}");
    assert_eq!((eoc.position_text(), eoc.turn()), before);

    // C3-13: the side to move (Black first, C3-19's default start) moves
    // its own pieces.
    let mut chess = Board::new("chess3d", Some(r#"{"levels": 1}"#)).unwrap();
    let err = chess.play("N1/E2-N1/E4").unwrap_err();
    assert!(err.contains("(C3-13)"), "{err}");
    assert!(chess.moves().is_empty());

    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        let before = board.position_text();
        for text in ["", "zz", "E9-E10", "\u{0}\u{ffff}", &"x".repeat(10_000)] {
            assert!(board.play(text).is_err(), "{name}: {text:?} is no move");
            assert!(board.place_of(text).is_err(), "{name}: {text:?}");
        }
        assert!(board.moves_at("nowhere").is_empty());
        assert_eq!(board.position_text(), before);
    }
}

#[test]
fn undo_and_redo_walk_the_history() {
    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        assert!(!board.undo() && !board.redo(), "{name}: nothing to walk");
        let mut texts = vec![board.position_text()];
        for n in 0..3 {
            let mv = pick(&board.legal_moves(), n);
            board.play(&mv).unwrap();
            texts.push(board.position_text());
        }
        let played = board.moves();
        assert!(board.undo() && board.undo());
        assert_eq!(board.position_text(), texts[1]);
        assert_eq!(board.moves(), played[..1]);
        assert!(board.redo());
        assert_eq!(board.position_text(), texts[2]);
        assert_eq!(board.moves(), played[..2]);
        assert!(board.undo() && board.undo() && !board.undo());
        assert_eq!(board.position_text(), texts[0]);
        // A new move drops what was undone.
        let other = pick(&board.legal_moves(), 5);
        board.play(&other).unwrap();
        assert!(!board.redo(), "{name}: nothing to redo after a new move");
        assert_eq!(board.moves(), [other]);
    }
}

#[test]
fn a_record_replays_to_the_same_game() {
    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        for n in 0..12 {
            let mv = pick(&board.legal_moves(), n);
            board.play(&mv).unwrap();
        }
        let record = board.record_text();
        let again = Board::from_record(name, &record).unwrap();
        assert_eq!(again.moves(), board.moves(), "{name}");
        assert_eq!(again.position_text(), board.position_text(), "{name}");
        assert_eq!(again.record_text(), record, "{name}");
        assert_eq!(again.turn(), board.turn(), "{name}");

        // The record of another game, a cut record and garbage are refused.
        let other = NAMES.iter().find(|&&n| n != name).unwrap();
        assert!(
            Board::from_record(other, &record).is_err(),
            "{name} as {other}"
        );
        assert!(Board::from_record(name, "garbage\n1. ???\n").is_err());
        let huge = "x".repeat(MAX_INPUT_BYTES + 1);
        let err = Board::from_record(name, &huge).unwrap_err();
        assert!(err.contains("too long"), "{err}");
    }
    assert!(Board::from_record("go", "")
        .unwrap_err()
        .contains("no game"));
}

#[test]
fn configurations_are_read_from_json() {
    // One level, the C3-18 setup (NRKQRBBN), Black first (C3-19): 16 pawn
    // moves, the two knights' one free cell each, and the short castling of
    // the adjacent king C8 and rook B8 (C3-15).
    let one = Board::new("chess3d", Some(r#"{"levels": 1}"#)).unwrap();
    assert_eq!(one.legal_moves().len(), 16 + 2 + 1);
    assert!(one.legal_moves().contains(&"N1/E7-N1/E5".to_owned()));
    let err = Board::new("chess3d", Some(r#"{"levels": 9}"#)).unwrap_err();
    assert!(err.contains("9 levels"), "{err}");
    // Red mode adds a red on each of the 64 crossings (EOC-10) to the 112
    // segments times two kinds of piece.
    let plain = Board::new("echec-o-cube", None).unwrap();
    let family = Board::new("echec-o-cube", Some(r#"{"red_mode": true}"#)).unwrap();
    assert_eq!(plain.legal_moves().len(), 112 * 2);
    assert_eq!(family.legal_moves().len(), 112 * 2 + 64);
    for bad in ["", "{", "7", r#"{"no_such_option": 1}"#] {
        for name in NAMES {
            assert!(Board::new(name, Some(bad)).is_err(), "{name}: {bad:?}");
        }
    }
    assert!(Board::new("go", None).unwrap_err().contains("no game"));
}

#[test]
fn svg_marks_the_selected_place_and_its_targets() {
    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        let legal = board.legal_moves();
        let place = board.place_of(&legal[legal.len() / 2]).unwrap();
        let targets: BTreeSet<String> = board
            .moves_at(&place)
            .iter()
            .map(|m| board.target_of(m).unwrap())
            .collect();
        let opts = serde_json::json!({ "selected": place, "targets": targets }).to_string();
        let svg = board.svg(Some(&opts)).unwrap();
        assert!(svg.starts_with("<svg "), "{name}");
        assert_eq!(svg.matches(&mark("highlight selected", &place)).count(), 1);
        assert_eq!(
            svg.matches(r#"class="highlight target""#).count(),
            targets.len(),
            "{name}"
        );
        for target in &targets {
            assert!(svg.contains(&mark("highlight target", target)), "{target}");
        }
        let plain = board.svg(None).unwrap();
        assert!(!plain.contains("highlight"), "{name}: no options, no marks");

        // The last move is marked unless asked not to.
        let mv = legal[0].clone();
        board.play(&mv).unwrap();
        assert!(board.svg(None).unwrap().contains("last-move"), "{name}");
        let off = board.svg(Some(r#"{"lastMove": false}"#)).unwrap();
        assert!(!off.contains("last-move"), "{name}");
        let bare = board.svg(Some(r#"{"coordinates": false}"#)).unwrap();
        assert!(bare.len() < board.svg(None).unwrap().len(), "{name}");

        for bad in ["{", r#"{"targets": "D4"}"#, r#"{"selected": "Z99"}"#] {
            assert!(board.svg(Some(bad)).is_err(), "{name}: {bad}");
        }
    }
}

#[test]
fn chess3d_moves_go_from_a_cell_to_a_cell() {
    let board = Board::new("chess3d", Some(r#"{"levels": 1}"#)).unwrap();
    // Black moves first (C3-19): its pawn on E7 goes one or two cells.
    let from_e7 = board.moves_at("N1/E7");
    let mut targets: Vec<_> = from_e7
        .iter()
        .map(|m| board.target_of(m).unwrap())
        .collect();
    targets.sort();
    assert_eq!(targets, ["N1/E5", "N1/E6"], "{from_e7:?}");
    assert!(from_e7
        .iter()
        .all(|m| board.place_of(m).unwrap() == "N1/E7"));
    // Elsewhere the target of a move is its place.
    let kybo = Board::new("kybo", None).unwrap();
    for mv in kybo.legal_moves() {
        assert_eq!(kybo.target_of(&mv), kybo.place_of(&mv));
    }
}

#[test]
fn the_computer_move_on_a_node_budget_is_legal_and_deterministic() {
    for name in NAMES {
        let mut board = Board::new(name, None).unwrap();
        for n in 0..4 {
            let mv = pick(&board.legal_moves(), n);
            board.play(&mv).unwrap();
        }
        let chosen = board.computer_move(42, 200, 0, None).unwrap().unwrap();
        assert!(board.legal_moves().contains(&chosen), "{name}: {chosen}");
        let again = Board::from_record(name, &board.record_text()).unwrap();
        assert_eq!(again.computer_move(42, 200, 0, None), Ok(Some(chosen)));
        // A node budget never reads the clock: one that panics is never called.
        fn exploding() -> std::time::Duration {
            panic!("a node budget read the clock")
        }
        assert!(board.computer_move(9, 50, 0, Some(exploding)).is_ok());
        // A time budget reads the given clock (a frozen one: the node cap ends it).
        fn frozen() -> std::time::Duration {
            std::time::Duration::ZERO
        }
        let timed = board.computer_move(9, 50, 10, Some(frozen)).unwrap();
        assert!(board.legal_moves().contains(&timed.unwrap()));
        let err = board.computer_move(9, 0, 0, None).unwrap_err();
        assert!(err.contains("budget"), "{err}");
        assert_eq!(board.moves().len(), 4, "{name}: not played");
    }
}

/// C3-17: the knights out and back twice bring the start position back a
/// third time, and only then may the side to move claim the draw.
#[test]
fn a_threefold_repetition_may_be_claimed_as_a_draw() {
    let mut board = Board::new("chess3d", Some(r#"{"levels": 1}"#)).unwrap();
    let cycle = ["N1/A8-N1/B6", "N1/A1-N1/B3", "N1/B6-N1/A8", "N1/B3-N1/A1"];
    for mv in cycle {
        board.play(mv).unwrap();
    }
    assert_eq!(board.claim_draw(), None, "the start seen twice only");
    assert_eq!(board.outcome(), None);
    for mv in cycle {
        board.play(mv).unwrap();
    }
    let rule = board.claim_draw().expect("the start seen three times");
    assert!(rule.contains("threefold"), "{rule}");
    let outcome = board.outcome().unwrap();
    assert!(
        outcome.starts_with("draw") && outcome.contains(&rule),
        "{outcome}"
    );
    assert_eq!(board.winner(), None);
    // KYBO and ÉCHEC O CUBE have no draw to claim.
    for name in ["kybo", "echec-o-cube"] {
        assert_eq!(Board::new(name, None).unwrap().claim_draw(), None);
    }
}

/// ÉCHEC O CUBE has three kinds of place, each with its own text: a segment
/// (`D5-E5`, EOC-2), a 1×1 or 2×2 square by opposite corners (`D5-E6`,
/// `D5-F7`, EOC-11) and a crossing (`D5`, where reds stand, EOC-10).
#[test]
fn echec_o_cube_places_of_every_kind_are_marked() {
    let board = Board::new("echec-o-cube", Some(r#"{"red_mode": true}"#)).unwrap();
    let opts = r#"{"selected": "D5-E6", "targets": ["D5", "D5-F7", "D5-E5"]}"#;
    let svg = board.svg(Some(opts)).unwrap();
    assert_eq!(svg.matches(&mark("highlight selected", "D5-E6")).count(), 1);
    for target in ["D5", "D5-F7", "D5-E5"] {
        assert_eq!(svg.matches(&mark("highlight target", target)).count(), 1);
    }
    assert_eq!(board.moves_at("D5"), ["R D5"]);
    assert_eq!(board.moves_at("D5-E5"), ["P D5-E5", "F D5-E5"]);
    assert!(
        board.svg(Some(r#"{"selected": "D5-G8"}"#)).is_err(),
        "no 3x3"
    );
}

#[test]
fn the_bindings_own_refusals_follow_the_language() {
    use board_l10n::Lang;
    // An unknown game, a text too long, a bad configuration: in French
    // from a French board, in English otherwise.
    let err = Board::new_in("go", None, Lang::Fr).unwrap_err();
    assert!(err.starts_with("aucun jeu go : "), "{err}");
    let huge = "x".repeat(MAX_INPUT_BYTES + 1);
    let err = Board::from_record_in("kybo", &huge, Lang::Fr).unwrap_err();
    assert!(err.starts_with("journal : texte trop long"), "{err}");
    let err = Board::new_in("kybo", Some("[1]"), Lang::Fr).unwrap_err();
    assert!(err.starts_with("réglages de KYBO illisibles : "), "{err}");
    let mut board = Board::new_in("kybo", None, Lang::Fr).unwrap();
    let err = board.play(&huge).unwrap_err();
    assert!(err.starts_with("coup : texte trop long"), "{err}");
    let err = board.svg(Some("{")).unwrap_err();
    assert!(err.starts_with("options de l'image illisibles"), "{err}");
    // The board made in French keeps speaking it: the rules' refusals too
    // (KY-4: the first cube goes on the Dungeon).
    let err = board.play("A1").unwrap_err();
    assert!(err.contains("Donjon") && err.contains("(KY-"), "{err}");
    let err = Board::new_in("kybo", Some("[1]"), Lang::En).unwrap_err();
    assert!(err.starts_with("bad KYBO configuration: "), "{err}");
}

/// Every refusal of board-any that is not a rule's own renders in both
/// languages, without a missing message or argument.
#[test]
fn every_board_any_error_renders_in_both_languages() {
    use board_any::{Error, Input};
    use board_core::Explain;
    use board_l10n::{Catalogue, Lang};
    let inputs = [
        Input::Move,
        Input::Configuration,
        Input::Record,
        Input::Position,
        Input::PictureOptions,
    ];
    let mut errors: Vec<Error> = inputs
        .into_iter()
        .map(|what| Error::TooLong {
            what,
            bytes: 2,
            max: 1,
        })
        .collect();
    errors.extend([
        Error::UnknownGame {
            name: "go".into(),
            known: "kybo".into(),
        },
        Error::Config {
            game: "KYBO",
            reason: "expected value".into(),
        },
        Error::PictureOptions {
            reason: "expected value".into(),
        },
        Error::Place { place: "Z9".into() },
        Error::View {
            view: "sideways".into(),
        },
    ]);
    for lang in [Lang::En, Lang::Fr] {
        let words = Catalogue::new(lang);
        for error in &errors {
            let text = words
                .try_render(&error.explain())
                .unwrap_or_else(|(_, why)| panic!("{error:?}: {why}"));
            assert!(!text.is_empty());
        }
    }
}
