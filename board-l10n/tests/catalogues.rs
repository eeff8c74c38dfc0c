//! The catalogues: both languages have the same keys with the same
//! variables, and every message the game crates can produce (one value of
//! every variant of every error type, enumerated below with matches the
//! compiler checks for exhaustiveness) exists in both and renders without a
//! Fluent error, keeping its rule IDs.

use std::collections::BTreeSet;

use board_core::{Cell, Color, Explain, Message, NotationError, Outcome, Square};
use board_l10n::{keys, sources, Catalogue, Lang};

#[test]
fn both_languages_have_the_same_keys_and_variables() {
    for ((en_file, en), (fr_file, fr)) in sources(Lang::En).into_iter().zip(sources(Lang::Fr)) {
        assert_eq!(en_file, fr_file);
        let en = keys(en).unwrap_or_else(|e| panic!("en/{en_file}: {e}"));
        let fr = keys(fr).unwrap_or_else(|e| panic!("fr/{fr_file}: {e}"));
        let en_keys: Vec<_> = en.iter().map(|(k, _)| k.as_str()).collect();
        let fr_keys: Vec<_> = fr.iter().map(|(k, _)| k.as_str()).collect();
        let only_en: Vec<_> = en_keys.iter().filter(|k| !fr_keys.contains(k)).collect();
        let only_fr: Vec<_> = fr_keys.iter().filter(|k| !en_keys.contains(k)).collect();
        assert!(
            only_en.is_empty() && only_fr.is_empty(),
            "{en_file}: only in en {only_en:?}, only in fr {only_fr:?}"
        );
        for ((key, en_vars), (_, fr_vars)) in en.iter().zip(&fr) {
            assert_eq!(
                en_vars, fr_vars,
                "{en_file}: {key} uses other variables in fr"
            );
        }
    }
}

#[test]
fn no_key_is_in_two_files() {
    for lang in Lang::ALL {
        let mut seen = BTreeSet::new();
        for (file, text) in sources(lang) {
            for (key, _) in keys(text).expect("parses") {
                assert!(seen.insert(key.clone()), "{lang}: {key} again in {file}");
            }
        }
    }
}

#[test]
fn the_catalogues_parse_without_error() {
    for lang in Lang::ALL {
        for (file, text) in sources(lang) {
            let parsed = fluent_syntax::parser::parse(text);
            assert!(
                parsed.is_ok(),
                "{lang}/{file}: {:?}",
                parsed.err().map(|(_, e)| e)
            );
        }
    }
}

/// The rule IDs a text names (`EOC-9`, `KY-4`, `C3-14`).
fn rule_ids(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| {
            ["EOC-", "KY-", "C3-"].iter().any(|p| {
                w.strip_prefix(p)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
        })
        .map(str::to_owned)
        .collect()
}

/// Renders every message in both languages: no Fluent error, the English
/// names the rule IDs `Display` names, French names the same ones.
fn check_all(what: &str, messages: Vec<(Message, String)>) {
    let en = Catalogue::new(Lang::En);
    let fr = Catalogue::new(Lang::Fr);
    for (message, display) in messages {
        let english = en
            .try_render(&message)
            .unwrap_or_else(|(_, e)| panic!("{what}: {e}"));
        let french = fr
            .try_render(&message)
            .unwrap_or_else(|(_, e)| panic!("{what}: {e}"));
        assert_eq!(
            rule_ids(&english),
            rule_ids(&display),
            "{what}: {message}\n en: {english}\n Display: {display}"
        );
        assert_eq!(
            rule_ids(&french),
            rule_ids(&english),
            "{what}: {message}\n fr: {french}\n en: {english}"
        );
        assert!(
            !french.is_empty() && !english.is_empty(),
            "{what}: {message}"
        );
    }
}

fn explained<T: Explain + std::fmt::Display>(values: &[T]) -> Vec<(Message, String)> {
    values
        .iter()
        .map(|v| (v.explain(), v.to_string()))
        .collect()
}

/// Asserts that `indices` are exactly 0..count: the list holds one value of
/// each variant.
fn covers(what: &str, indices: impl Iterator<Item = usize>, count: usize) {
    let seen: BTreeSet<usize> = indices.collect();
    let all: BTreeSet<usize> = (0..count).collect();
    assert_eq!(seen, all, "{what}: a variant has no value in the list");
}

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

fn cell(text: &str) -> Cell {
    text.parse().expect("a cell")
}

fn notation_errors() -> Vec<NotationError> {
    let all = vec![
        NotationError::Empty { expected: "square" },
        NotationError::File {
            text: "I5".into(),
            found: 'I',
        },
        NotationError::Rank {
            text: "A9".into(),
            found: "9".into(),
        },
        NotationError::Level {
            text: "N9/A1".into(),
            found: "9".into(),
        },
        NotationError::Syntax {
            text: "A1x".into(),
            expected: "one letter A-H",
        },
    ];
    let index = |e: &NotationError| match e {
        NotationError::Empty { .. } => 0,
        NotationError::File { .. } => 1,
        NotationError::Rank { .. } => 2,
        NotationError::Level { .. } => 3,
        NotationError::Syntax { .. } => 4,
    };
    covers("NotationError", all.iter().map(index), 5);
    all
}

#[test]
fn board_core_messages_render_in_both_languages() {
    check_all("NotationError", explained(&notation_errors()));
    // Every `expected` word board-core's parsers give, and the colours.
    for text in [
        "a", "", "N0/A1", "N1/A", "N1/A1x", "I1", "A0", "purple", "N9/A1", "N/A1",
    ] {
        if let Err(e) = text.parse::<Cell>() {
            check_all("Cell", explained(&[e]));
        }
        if let Err(e) = text.parse::<Color>() {
            check_all("Color", explained(std::slice::from_ref(&e)));
            assert_ne!(e.explain().id, "expected-other", "{e}");
        }
    }
    let outcomes = [
        Outcome::Win {
            winner: Color::White,
            reason: kybo::EndReason::Kybo,
        },
        Outcome::Draw {
            reason: kybo::EndReason::BoardFull,
        },
    ];
    check_all("Outcome", explained(&outcomes));
    let fr = Catalogue::new(Lang::Fr);
    assert_eq!(fr.explain(&outcomes[0]), "Blanc gagne (KYBO)");
}

mod eoc {
    use super::*;
    use echec_o_cube::{
        ConfigError, EndReason, GameSquare, Kind, Move, ParseMoveError, PlayError, Player,
        PositionError, RecordError, Segment,
    };

    fn seg(text: &str) -> Segment {
        text.parse().expect("a segment")
    }

    fn square(text: &str) -> GameSquare {
        text.parse().expect("a square")
    }

    pub fn parse_errors() -> Vec<ParseMoveError> {
        let all = vec![
            ParseMoveError::Crossing(NotationError::Empty { expected: "square" }),
            ParseMoveError::Syntax {
                text: "Q".into(),
                expected: "a move: P D5-E5, F D5-D6, F D5-D6!, R D5 or claim",
            },
            ParseMoveError::NotNeighbours {
                text: "A1-C1".into(),
            },
            ParseMoveError::NotASquare {
                text: "A1-D4".into(),
            },
            ParseMoveError::PieceLetter {
                text: "X A1-B1".into(),
                found: 'X',
            },
            ParseMoveError::AnnouncedRed {
                text: "R D5!".into(),
            },
            ParseMoveError::Player {
                text: "Three".into(),
            },
        ];
        let index = |e: &ParseMoveError| match e {
            ParseMoveError::Crossing(_) => 0,
            ParseMoveError::Syntax { .. } => 1,
            ParseMoveError::NotNeighbours { .. } => 2,
            ParseMoveError::NotASquare { .. } => 3,
            ParseMoveError::PieceLetter { .. } => 4,
            ParseMoveError::AnnouncedRed { .. } => 5,
            ParseMoveError::Player { .. } => 6,
        };
        covers("eoc ParseMoveError", all.iter().map(index), 7);
        all
    }

    pub fn play_errors() -> Vec<PlayError> {
        let s = seg("A1-B1");
        let all = vec![
            PlayError::Parse(ParseMoveError::Player { text: "x".into() }),
            PlayError::GameOver,
            PlayError::SegmentOccupied(s),
            PlayError::NoPieceLeft {
                player: Player::One,
                kind: Kind::Dark,
            },
            PlayError::PaleTouchesNoDark(s),
            PlayError::DarkTouchesDark(s),
            PlayError::DarkTouchesNoPale(s),
            PlayError::NothingToAnnounce(s),
            PlayError::AnnouncementRequired(s),
            PlayError::NothingToClaim,
            PlayError::CrossingNotFree(sq("D5")),
            PlayError::NoRedLeft,
            PlayError::RedModeOff,
        ];
        let index = |e: &PlayError| match e {
            PlayError::Parse(_) => 0,
            PlayError::GameOver => 1,
            PlayError::SegmentOccupied(_) => 2,
            PlayError::NoPieceLeft { .. } => 3,
            PlayError::PaleTouchesNoDark(_) => 4,
            PlayError::DarkTouchesDark(_) => 5,
            PlayError::DarkTouchesNoPale(_) => 6,
            PlayError::NothingToAnnounce(_) => 7,
            PlayError::AnnouncementRequired(_) => 8,
            PlayError::NothingToClaim => 9,
            PlayError::CrossingNotFree(_) => 10,
            PlayError::NoRedLeft => 11,
            PlayError::RedModeOff => 12,
        };
        covers("eoc PlayError", all.iter().map(index), 13);
        all
    }

    pub fn position_errors() -> Vec<PositionError> {
        let s = seg("A1-B1");
        let all = vec![
            PositionError::Fields { found: 3 },
            PositionError::Syntax {
                field: "supplies",
                text: "1,2".into(),
                expected: "five numbers P1,F1,P2,F2,R",
            },
            PositionError::DarksTouch(sq("D5")),
            PositionError::Untouched(s),
            PositionError::Unchained(s),
            PositionError::SupplyTooLarge {
                player: Player::Two,
                kind: Kind::Pale,
                left: 99,
                given: 50,
            },
            PositionError::PieceCount {
                kind: Kind::Dark,
                on_board: 3,
                taken: 2,
            },
            PositionError::RedCount {
                on_board: 2,
                left: 9,
                given: 10,
            },
            PositionError::RedModeOff(sq("D5")),
            PositionError::DuplicateRed(sq("D5")),
            PositionError::NotClosed(square("A1-B2")),
            PositionError::Unlisted(square("A1-B2")),
            PositionError::DuplicateSquare(square("A1-B2")),
            PositionError::DeadScored(square("A1-B2")),
            PositionError::Points {
                player: Player::One,
                stated: 12,
                scored: 6,
            },
            PositionError::Claim { claimable: 6 },
            PositionError::ClaimInFinishedGame { claimable: 6 },
            PositionError::Placements {
                one: 3,
                two: 7,
                turn: Player::One,
            },
        ];
        let index = |e: &PositionError| match e {
            PositionError::Fields { .. } => 0,
            PositionError::Syntax { .. } => 1,
            PositionError::DarksTouch(_) => 2,
            PositionError::Untouched(_) => 3,
            PositionError::Unchained(_) => 4,
            PositionError::SupplyTooLarge { .. } => 5,
            PositionError::PieceCount { .. } => 6,
            PositionError::RedCount { .. } => 7,
            PositionError::RedModeOff(_) => 8,
            PositionError::DuplicateRed(_) => 9,
            PositionError::NotClosed(_) => 10,
            PositionError::Unlisted(_) => 11,
            PositionError::DuplicateSquare(_) => 12,
            PositionError::DeadScored(_) => 13,
            PositionError::Points { .. } => 14,
            PositionError::Claim { .. } => 15,
            PositionError::ClaimInFinishedGame { .. } => 16,
            PositionError::Placements { .. } => 17,
        };
        covers("eoc PositionError", all.iter().map(index), 18);
        all
    }

    pub fn record_errors() -> Vec<RecordError> {
        let all = vec![
            RecordError::MissingConfig,
            RecordError::MissingFirst,
            RecordError::MisplacedHeader {
                line: 4,
                text: "config standard".into(),
            },
            RecordError::Config {
                line: 1,
                error: ConfigError {
                    text: "x=1".into(),
                    reason: "unknown field",
                },
            },
            RecordError::First {
                line: 2,
                error: ParseMoveError::Player {
                    text: "Three".into(),
                },
            },
            RecordError::Start {
                line: 3,
                error: PositionError::Fields { found: 2 },
            },
            RecordError::Move {
                line: 5,
                number: 1,
                error: ParseMoveError::NotNeighbours {
                    text: "A1-C1".into(),
                },
            },
            RecordError::Illegal {
                number: 2,
                line: 6,
                mv: Move::place(Kind::Pale, seg("A1-B1")),
                error: PlayError::PaleTouchesNoDark(seg("A1-B1")),
            },
        ];
        let index = |e: &RecordError| match e {
            RecordError::MissingConfig => 0,
            RecordError::MissingFirst => 1,
            RecordError::MisplacedHeader { .. } => 2,
            RecordError::Config { .. } => 3,
            RecordError::First { .. } => 4,
            RecordError::Start { .. } => 5,
            RecordError::Move { .. } => 6,
            RecordError::Illegal { .. } => 7,
        };
        covers("eoc RecordError", all.iter().map(index), 8);
        all
    }

    #[test]
    fn every_error_renders_in_both_languages() {
        check_all("eoc ParseMoveError", explained(&parse_errors()));
        check_all("eoc PlayError", explained(&play_errors()));
        check_all("eoc PositionError", explained(&position_errors()));
        check_all("eoc RecordError", explained(&record_errors()));
        let players = [Player::One, Player::Two];
        let kinds = [Kind::Pale, Kind::Dark];
        let ends = [
            EndReason::BoardFull,
            EndReason::OutOfPieces,
            EndReason::Blockage,
        ];
        check_all("eoc Player", explained(&players));
        check_all("eoc Kind", explained(&kinds));
        check_all("eoc EndReason", explained(&ends));
    }

    #[test]
    fn every_expected_text_of_the_crate_has_its_message() {
        // Texts that reach the `expected` words: none falls back to English.
        let pos = echec_o_cube::Position::default();
        for text in ["Q D5", "P", "X", "", "P A1-B1 extra"] {
            if let Err(e) = pos.parse_move(text) {
                assert!(
                    !format!("{:?}", e.explain()).contains("expected-other"),
                    "{text:?}: {e}"
                );
            }
        }
        for text in [
            "nonsense",
            "red=maybe",
            "points=1/2",
            "x=1",
            "first=three",
            "pale=300",
        ] {
            if let Err(e) = text.parse::<echec_o_cube::Config>() {
                assert!(
                    !format!("{:?}", e.explain()).contains("expected-other"),
                    "{text:?}: {e}"
                );
                check_all("eoc ConfigError", explained(&[e]));
            }
        }
    }

    /// EOC-9 in French, the issue's own example.
    #[test]
    fn the_pale_refusal_reads_in_french() {
        let fr = Catalogue::new(Lang::Fr);
        let e = PlayError::PaleTouchesNoDark(seg("A1-B1"));
        assert_eq!(
            fr.explain(&e),
            "le pion pâle en A1-B1 ne touche aucun pion foncé (EOC-9)"
        );
    }
}

mod ky {
    use super::*;
    use kybo::{
        ConfigError, EndReason, ParseMoveError, PlayError, PositionError, RecordError, StackLevel,
        Zone,
    };

    pub fn parse_errors() -> Vec<ParseMoveError> {
        let all = vec![
            ParseMoveError::Empty,
            ParseMoveError::Square(NotationError::File {
                text: "Z5".into(),
                found: 'Z',
            }),
            ParseMoveError::Level {
                text: "E5^7".into(),
                found: "7".into(),
            },
            ParseMoveError::MissingLevel { text: "E5".into() },
        ];
        let index = |e: &ParseMoveError| match e {
            ParseMoveError::Empty => 0,
            ParseMoveError::Square(_) => 1,
            ParseMoveError::Level { .. } => 2,
            ParseMoveError::MissingLevel { .. } => 3,
        };
        covers("kybo ParseMoveError", all.iter().map(index), 4);
        all
    }

    pub fn play_errors() -> Vec<PlayError> {
        let all = vec![
            PlayError::GameOver {
                outcome: Outcome::Win {
                    winner: Color::Black,
                    reason: EndReason::Kybo,
                },
            },
            PlayError::NoCubeLeft {
                player: Color::White,
            },
            PlayError::FirstCubeOutsideDungeon { square: sq("A1") },
            PlayError::StackFull {
                square: sq("A1"),
                zone: Zone::Gates,
            },
            PlayError::NoContact { square: sq("A1") },
            PlayError::LevelMismatch {
                square: sq("E5"),
                written: StackLevel::Third,
                actual: StackLevel::Second,
            },
            PlayError::Notation(ParseMoveError::Empty),
        ];
        let index = |e: &PlayError| match e {
            PlayError::GameOver { .. } => 0,
            PlayError::NoCubeLeft { .. } => 1,
            PlayError::FirstCubeOutsideDungeon { .. } => 2,
            PlayError::StackFull { .. } => 3,
            PlayError::NoContact { .. } => 4,
            PlayError::LevelMismatch { .. } => 5,
            PlayError::Notation(_) => 6,
        };
        covers("kybo PlayError", all.iter().map(index), 7);
        all
    }

    pub fn position_errors() -> Vec<PositionError> {
        let rank = sq("A2").rank();
        let all = vec![
            PositionError::Fields { found: 1 },
            PositionError::RankCount { found: 7 },
            PositionError::RankLength { rank, found: 9 },
            PositionError::Character { rank, found: 'x' },
            PositionError::Unclosed { rank },
            PositionError::EmptyStack { rank },
            PositionError::Side { found: "q".into() },
            PositionError::StackTooHigh {
                square: sq("A1"),
                zone: Zone::Gates,
                height: 2,
            },
            PositionError::Disconnected { square: sq("A1") },
            PositionError::CubeCount {
                white: 3,
                black: 1,
                to_move: Color::Black,
            },
            PositionError::KyboOutOfTurn {
                player: Color::White,
            },
            PositionError::NoFirstCube,
            PositionError::SupplyExceeded {
                player: Color::Black,
                placed: 30,
                supply: 20,
            },
        ];
        let index = |e: &PositionError| match e {
            PositionError::Fields { .. } => 0,
            PositionError::RankCount { .. } => 1,
            PositionError::RankLength { .. } => 2,
            PositionError::Character { .. } => 3,
            PositionError::Unclosed { .. } => 4,
            PositionError::EmptyStack { .. } => 5,
            PositionError::Side { .. } => 6,
            PositionError::StackTooHigh { .. } => 7,
            PositionError::Disconnected { .. } => 8,
            PositionError::CubeCount { .. } => 9,
            PositionError::KyboOutOfTurn { .. } => 10,
            PositionError::NoFirstCube => 11,
            PositionError::SupplyExceeded { .. } => 12,
        };
        covers("kybo PositionError", all.iter().map(index), 13);
        all
    }

    pub fn config_errors() -> Vec<ConfigError> {
        let all = vec![
            ConfigError::UnknownOption {
                found: "colour".into(),
            },
            ConfigError::MissingValue { option: "supply" },
            ConfigError::Repeated { option: "supply" },
            ConfigError::Supply {
                found: "many".into(),
            },
        ];
        let index = |e: &ConfigError| match e {
            ConfigError::UnknownOption { .. } => 0,
            ConfigError::MissingValue { .. } => 1,
            ConfigError::Repeated { .. } => 2,
            ConfigError::Supply { .. } => 3,
        };
        covers("kybo ConfigError", all.iter().map(index), 4);
        all
    }

    pub fn record_errors() -> Vec<RecordError> {
        let all = vec![
            RecordError::Tag {
                text: "[colour w]".into(),
            },
            RecordError::Config(ConfigError::Repeated { option: "supply" }),
            RecordError::Start(PositionError::NoFirstCube),
            RecordError::Parse {
                number: 3,
                text: "Z9".into(),
                error: ParseMoveError::Empty,
            },
            RecordError::Illegal {
                number: 1,
                text: "A1".into(),
                error: PlayError::FirstCubeOutsideDungeon { square: sq("A1") },
            },
        ];
        let index = |e: &RecordError| match e {
            RecordError::Tag { .. } => 0,
            RecordError::Config(_) => 1,
            RecordError::Start(_) => 2,
            RecordError::Parse { .. } => 3,
            RecordError::Illegal { .. } => 4,
        };
        covers("kybo RecordError", all.iter().map(index), 5);
        all
    }

    #[test]
    fn every_error_renders_in_both_languages() {
        check_all("kybo ParseMoveError", explained(&parse_errors()));
        check_all("kybo PlayError", explained(&play_errors()));
        check_all("kybo PositionError", explained(&position_errors()));
        check_all("kybo ConfigError", explained(&config_errors()));
        check_all("kybo RecordError", explained(&record_errors()));
        check_all("kybo Zone", explained(&Zone::ALL));
        check_all(
            "kybo EndReason",
            explained(&[EndReason::Kybo, EndReason::BoardFull, EndReason::NoCubeLeft]),
        );
    }

    /// KY-2 in French, with the seeds' zone names.
    #[test]
    fn a_full_stack_reads_in_french() {
        let fr = Catalogue::new(Lang::Fr);
        let e = PlayError::StackFull {
            square: sq("E5"),
            zone: Zone::Dungeon,
        };
        assert_eq!(
            fr.explain(&e),
            "la pile en E5 est pleine : au plus 4 cubes dans le Donjon (KY-2)"
        );
    }
}

mod c3 {
    use super::*;
    use chess3d::{
        EndReason, Geometry, LevelsError, Move, MoveKind, ParseMoveError, Piece, PieceError,
        PlayError, PositionError, RecordError, Role,
    };

    pub fn parse_errors() -> Vec<ParseMoveError> {
        let all = vec![
            ParseMoveError::Empty,
            ParseMoveError::Shape {
                text: "E2E4".into(),
            },
            ParseMoveError::Cell {
                text: "N9/E2-N1/E4".into(),
                source: NotationError::Level {
                    text: "N9/E2".into(),
                    found: "9".into(),
                },
            },
            ParseMoveError::Promotion {
                text: "N1/E7-N1/E8=K".into(),
            },
            ParseMoveError::EnPassant {
                text: "N1/E5-N1/D6 e.p.".into(),
            },
            ParseMoveError::Castling { text: "O-O".into() },
        ];
        let index = |e: &ParseMoveError| match e {
            ParseMoveError::Empty => 0,
            ParseMoveError::Shape { .. } => 1,
            ParseMoveError::Cell { .. } => 2,
            ParseMoveError::Promotion { .. } => 3,
            ParseMoveError::EnPassant { .. } => 4,
            ParseMoveError::Castling { .. } => 5,
        };
        covers("chess3d ParseMoveError", all.iter().map(index), 6);
        all
    }

    pub fn geometries() -> Vec<Geometry> {
        use Geometry::*;
        let all = vec![
            Rook,
            Bishop,
            Queen,
            Knight,
            KingStep,
            KingLevel,
            PawnForward,
            PawnLevel,
            PawnDouble,
            PawnStraightCapture,
            PawnDiagonal,
            PawnReach,
        ];
        let index = |g: &Geometry| match g {
            Rook => 0,
            Bishop => 1,
            Queen => 2,
            Knight => 3,
            KingStep => 4,
            KingLevel => 5,
            PawnForward => 6,
            PawnLevel => 7,
            PawnDouble => 8,
            PawnStraightCapture => 9,
            PawnDiagonal => 10,
            PawnReach => 11,
        };
        covers("chess3d Geometry", all.iter().map(index), 12);
        all
    }

    pub fn play_errors() -> Vec<PlayError> {
        let mv = Move::new(cell("N2/E2"), cell("N2/E4"), MoveKind::Normal);
        let capture = Move::new(cell("N2/E2"), cell("N2/E4"), MoveKind::Capture);
        let queen = Piece {
            color: Color::White,
            role: Role::Queen,
        };
        let all = vec![
            PlayError::Notation(ParseMoveError::Empty),
            PlayError::Unclear {
                text: "E2-E4".into(),
                candidates: vec![],
            },
            PlayError::Unclear {
                text: "E2-E4".into(),
                candidates: vec![mv, capture],
            },
            PlayError::GameOver {
                outcome: Outcome::Win {
                    winner: Color::Black,
                    reason: EndReason::Checkmate,
                },
            },
            PlayError::GameOver {
                outcome: Outcome::Draw {
                    reason: EndReason::Stalemate,
                },
            },
            PlayError::WrongKind {
                given: mv,
                legal: capture,
            },
            PlayError::OutsideSpace {
                cell: cell("N5/A1"),
                levels: 3,
            },
            PlayError::NoPiece {
                cell: cell("N2/E4"),
            },
            PlayError::NotYourPiece {
                cell: cell("N2/E7"),
                to_move: Color::White,
            },
            PlayError::OwnPiece {
                cell: cell("N2/E1"),
            },
            PlayError::Geometry {
                piece: queen,
                from: cell("N2/D1"),
                to: cell("N3/E3"),
                rule: Geometry::Queen,
            },
            PlayError::Blocked {
                piece: queen,
                from: cell("N2/D1"),
                to: cell("N2/D5"),
                cell: cell("N2/D2"),
                rule: "C3-6",
            },
            PlayError::PromotionMissing { to: cell("N2/E8") },
            PlayError::PromotionNotAllowed {
                from: cell("N2/E2"),
                to: cell("N2/E3"),
            },
            PlayError::PromotionPiece { role: Role::King },
            PlayError::KingInCheck {
                color: Color::Black,
            },
            PlayError::CastlingRightLost {
                color: Color::White,
            },
            PlayError::CastlingPathBlocked {
                cell: cell("N2/D1"),
            },
            PlayError::CastlingInCheck,
            PlayError::CastlingPathAttacked {
                cell: cell("N2/B1"),
            },
            PlayError::CastlingCells {
                color: Color::White,
                king: cell("N2/C1"),
                from: cell("N2/E1"),
            },
        ];
        let index = |e: &PlayError| match e {
            PlayError::Notation(_) => 0,
            PlayError::Unclear { .. } => 1,
            PlayError::GameOver { .. } => 2,
            PlayError::WrongKind { .. } => 3,
            PlayError::OutsideSpace { .. } => 4,
            PlayError::NoPiece { .. } => 5,
            PlayError::NotYourPiece { .. } => 6,
            PlayError::OwnPiece { .. } => 7,
            PlayError::Geometry { .. } => 8,
            PlayError::Blocked { .. } => 9,
            PlayError::PromotionMissing { .. } => 10,
            PlayError::PromotionNotAllowed { .. } => 11,
            PlayError::PromotionPiece { .. } => 12,
            PlayError::KingInCheck { .. } => 13,
            PlayError::CastlingRightLost { .. } => 14,
            PlayError::CastlingPathBlocked { .. } => 15,
            PlayError::CastlingInCheck => 16,
            PlayError::CastlingPathAttacked { .. } => 17,
            PlayError::CastlingCells { .. } => 18,
        };
        covers("chess3d PlayError", all.iter().map(index), 19);
        all
    }

    pub fn position_errors() -> Vec<PositionError> {
        let all = vec![
            PositionError::Empty,
            PositionError::FieldCount { found: 4 },
            PositionError::LevelCount {
                found: 9,
                expected: "1 to 8".into(),
            },
            PositionError::LevelsDisagree {
                found: 2,
                expected: 3,
            },
            PositionError::RankCount { level: 2, found: 7 },
            PositionError::RankLength {
                level: 2,
                rank: 3,
                found: 9,
            },
            PositionError::BadChar {
                level: 1,
                rank: 8,
                found: 'x',
            },
            PositionError::Turn { found: "z".into() },
            PositionError::CastlingSyntax { found: "qK".into() },
            PositionError::CastlingPieces {
                right: 'K',
                color: Color::White,
                king: cell("N2/C1"),
                rook: cell("N2/B1"),
            },
            PositionError::EnPassantSyntax {
                found: "Z9".into(),
                source: NotationError::File {
                    text: "Z9".into(),
                    found: 'Z',
                },
            },
            PositionError::EnPassantLevel {
                cell: cell("N5/E3"),
                levels: 3,
            },
            PositionError::EnPassantRank {
                cell: cell("N2/E4"),
                expected: 3,
                turn: Color::Black,
            },
            PositionError::EnPassantOccupied {
                cell: cell("N2/E3"),
            },
            PositionError::EnPassantNoPawn {
                cell: cell("N2/E3"),
                color: Color::White,
                beyond: cell("N2/E4"),
            },
            PositionError::EnPassantStartOccupied {
                cell: cell("N2/E3"),
                start: cell("N2/E2"),
            },
            PositionError::Halfmove { found: "x".into() },
            PositionError::Fullmove { found: "0".into() },
            PositionError::KingCount {
                color: Color::Black,
                found: 2,
            },
            PositionError::PawnOnBackRank {
                cell: cell("N1/A8"),
            },
            PositionError::OpponentInCheck {
                color: Color::White,
            },
        ];
        let index = |e: &PositionError| match e {
            PositionError::Empty => 0,
            PositionError::FieldCount { .. } => 1,
            PositionError::LevelCount { .. } => 2,
            PositionError::LevelsDisagree { .. } => 3,
            PositionError::RankCount { .. } => 4,
            PositionError::RankLength { .. } => 5,
            PositionError::BadChar { .. } => 6,
            PositionError::Turn { .. } => 7,
            PositionError::CastlingSyntax { .. } => 8,
            PositionError::CastlingPieces { .. } => 9,
            PositionError::EnPassantSyntax { .. } => 10,
            PositionError::EnPassantLevel { .. } => 11,
            PositionError::EnPassantRank { .. } => 12,
            PositionError::EnPassantOccupied { .. } => 13,
            PositionError::EnPassantNoPawn { .. } => 14,
            PositionError::EnPassantStartOccupied { .. } => 15,
            PositionError::Halfmove { .. } => 16,
            PositionError::Fullmove { .. } => 17,
            PositionError::KingCount { .. } => 18,
            PositionError::PawnOnBackRank { .. } => 19,
            PositionError::OpponentInCheck { .. } => 20,
        };
        covers("chess3d PositionError", all.iter().map(index), 21);
        all
    }

    pub fn record_errors() -> Vec<RecordError> {
        let all = vec![
            RecordError::Empty,
            RecordError::Start(PositionError::Empty),
            RecordError::Move {
                number: 4,
                text: "N2/E2-N2/E5".into(),
                reason: PlayError::CastlingInCheck,
            },
        ];
        let index = |e: &RecordError| match e {
            RecordError::Empty => 0,
            RecordError::Start(_) => 1,
            RecordError::Move { .. } => 2,
        };
        covers("chess3d RecordError", all.iter().map(index), 3);
        all
    }

    #[test]
    fn every_error_renders_in_both_languages() {
        check_all("chess3d ParseMoveError", explained(&parse_errors()));
        check_all("chess3d Geometry", explained(&geometries()));
        check_all("chess3d PlayError", explained(&play_errors()));
        check_all("chess3d PositionError", explained(&position_errors()));
        check_all("chess3d RecordError", explained(&record_errors()));
        check_all(
            "chess3d PieceError",
            explained(&[PieceError { text: "Z".into() }]),
        );
        check_all(
            "chess3d LevelsError",
            explained(&[LevelsError { found: 9 }]),
        );
        let ends = [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::SeventyFiveMoves,
            EndReason::FivefoldRepetition,
            EndReason::DeadPosition,
            EndReason::FiftyMovesClaimed,
            EndReason::ThreefoldClaimed,
        ];
        check_all("chess3d EndReason", explained(&ends));
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                check_all("chess3d Piece", vec![(piece.explain(), String::new())]);
                check_all("chess3d Role", vec![(role.explain(), String::new())]);
            }
        }
    }

    /// C3-14 in French: the piece agrees with its article.
    #[test]
    fn a_king_left_in_check_reads_in_french() {
        let fr = Catalogue::new(Lang::Fr);
        let e = PlayError::KingInCheck {
            color: Color::White,
        };
        assert_eq!(
            fr.explain(&e),
            "ce coup laisse le roi blanc en échec (C3-14)"
        );
        let e = PlayError::Geometry {
            piece: Piece {
                color: Color::Black,
                role: Role::Queen,
            },
            from: cell("N2/D8"),
            to: cell("N1/E6"),
            rule: Geometry::Queen,
        };
        assert_eq!(fr.explain(&e), "la dame noire en N2/D8 ne peut pas aller en N1/E6 : une dame glisse en ligne droite selon l'une des 26 directions (C3-6)");
    }
}

/// French typography in the terminal's French lines (issue #38): a
/// no-break space (U+00A0 before `:`, U+202F before `;`, `!`, `?`) before
/// the high punctuation, never a plain space or none, in the terminal's
/// lines, the online client's (`client-*`) and the `--help` texts; `?`
/// and `!` as command or notation symbols (`? ENDROIT`, `! après un
/// coup`) follow a space or a bracket, not a word, and the `:` of an
/// address (`ws://`, `HÔTE:PORT`, `127.0.0.1:7878`) or of a line quoted as a program prints
/// it, between backquotes (`` `code: XXXXXX` ``), is not punctuation.
#[test]
fn french_terminal_lines_space_their_high_punctuation() {
    for (_, text) in sources(Lang::Fr)
        .into_iter()
        .filter(|(file, _)| ["terminal.ftl", "help.ftl"].contains(file))
    {
        french_lines_space_their_high_punctuation(text);
    }
}

fn french_lines_space_their_high_punctuation(text: &str) {
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let value = line.split_once(" = ").map_or(line, |(_, v)| v);
        let chars: Vec<char> = value.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let before = if i == 0 { ' ' } else { chars[i - 1] };
            let after: String = chars[i + 1..].iter().take(8).collect();
            let in_code = chars[..i].iter().filter(|&&c| c == '`').count() % 2 == 1;
            let address = after.starts_with("//")
                || after.starts_with("PORT")
                || after.starts_with(|c: char| c.is_ascii_digit())
                || in_code;
            match c {
                ':' if address => {}
                ':' => assert!(before == '\u{a0}', "{line}"),
                ';' => assert!(before == '\u{202f}', "{line}"),
                '?' | '!' => assert!(
                    before == '\u{202f}' || before == ' ' || before == '(',
                    "{line}"
                ),
                _ => {}
            }
        }
    }
}
