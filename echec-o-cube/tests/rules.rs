//! Hand-built tests, one or more per rule EOC-1..EOC-22. Expected values are
//! worked out by hand in the comments.

use board_core::{Game, MoveList, Outcome, Square};
use echec_o_cube::{
    Category, Config, EndReason, Kind, Move, ParseMoveError, PlayError, Player, Points, Position,
    Segment,
};

fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"))
}

fn seg(text: &str) -> Segment {
    text.parse().unwrap()
}

/// Plays `moves` in order, failing the test with the move and the reason.
fn play_all(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        pos.play(mv(text))
            .unwrap_or_else(|e| panic!("{text}: {e}\n{pos}"));
    }
}

fn start() -> Position {
    Position::new(Config::default())
}

fn legal(pos: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

// EOC-1, EOC-2: 64 crossings named like cells, 112 segments, 49 unit squares.
#[test]
fn eoc1_eoc2_board_geometry() {
    assert_eq!(Segment::ALL.len(), 112);
    assert_eq!(
        echec_o_cube::GameSquare::ALL
            .iter()
            .filter(|s| s.size() == echec_o_cube::Size::Unit)
            .count(),
        49
    );
    assert_eq!(seg("E5-D5").to_string(), "D5-E5");
    assert_eq!(seg("d6-d5").to_string(), "D5-D6");
    assert!(matches!(
        "D5-F5".parse::<Segment>(),
        Err(ParseMoveError::NotNeighbours { .. })
    ));
    assert!(matches!(
        "D5-E6".parse::<Segment>(),
        Err(ParseMoveError::NotNeighbours { .. })
    ));
}

// EOC-3: pale P and dark F lie in segments, a red R stands in a crossing.
#[test]
fn eoc3_piece_kinds() {
    assert_eq!(Kind::Pale.letter(), 'P');
    assert_eq!(Kind::Dark.letter(), 'F');
    assert_eq!(mv("R D5"), Move::Red(Square::D5));
    let mut pos = start();
    play_all(&mut pos, &["F D5-E5"]);
    assert_eq!(pos.piece_at(seg("D5-E5")), Some(Kind::Dark));
    assert_eq!(pos.piece_at(seg("D5-D6")), None);
}

// EOC-4: 50 pale and 20 dark per player, 10 reds shared; each placement uses
// one piece from the mover's own supply.
#[test]
fn eoc4_supplies() {
    let mut pos = Position::new(Config::FAMILY.with_first(Player::Two));
    assert_eq!(pos.supply(Player::One), (50, 20));
    assert_eq!(pos.supply(Player::Two), (50, 20));
    assert_eq!(pos.reds_left(), 10);
    play_all(&mut pos, &["R A1", "P D5-E5", "R H8", "F E5-E6"]);
    assert_eq!(pos.supply(Player::Two), (49, 20));
    assert_eq!(pos.supply(Player::One), (50, 19));
    assert_eq!(pos.reds_left(), 8);
}

// EOC-4, EOC-6: supply exhausted — no piece of that kind left.
#[test]
fn eoc4_supply_exhausted() {
    let config = Config {
        pale: 1,
        dark: 1,
        ..Config::default()
    };
    let mut pos = Position::new(config);
    play_all(&mut pos, &["P D5-E5", "F E5-E6"]);
    // One's only pale is used: a pale is refused, a dark is still fine.
    assert_eq!(
        pos.play(mv("P D6-E6")),
        Err(PlayError::NoPieceLeft {
            player: Player::One,
            kind: Kind::Pale
        })
    );
    assert!(legal(&pos).iter().all(|m| m.starts_with('F')));
    play_all(&mut pos, &["F C5-D5"]);
    // Two has one pale left, touching a dark.
    assert!(legal(&pos).iter().all(|m| m.starts_with('P')));
    play_all(&mut pos, &["P D6-E6"]);
    // One has nothing left: the game ends (EOC-18).
    assert!(pos.is_over());
    assert_eq!(pos.end_reason(), Some(EndReason::OutOfPieces));
}

// EOC-5: the caller names the first player; the toss helper is seeded.
#[test]
fn eoc5_first_player() {
    let pos = Position::new(Config::default().with_first(Player::Two));
    assert_eq!(pos.turn(), Player::Two);
    assert_eq!(Game::turn(&pos), Player::Two);
    let firsts: Vec<Player> = (0..32)
        .map(|seed| Position::toss(Config::default(), seed).turn())
        .collect();
    assert!(firsts.contains(&Player::One) && firsts.contains(&Player::Two));
    // The toss is the top bit of SplitMix64's first output (0 = One), so a
    // seed names the same first player in every version. Expected values from
    // a separate Python SplitMix64 (seed 0 gives 0xe220a8397b1dcdaf: Two).
    use Player::{One, Two};
    assert_eq!(firsts[..8], [Two, Two, Two, One, One, One, Two, One]);
    assert_eq!(
        Position::toss(Config::default(), 7),
        Position::toss(Config::default(), 7)
    );
}

// EOC-6: one piece per turn, into an empty segment; the turn then passes.
#[test]
fn eoc6_one_piece_into_an_empty_segment() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5"]);
    assert_eq!(pos.turn(), Player::Two);
    assert_eq!(
        pos.play(mv("F D5-E5")),
        Err(PlayError::SegmentOccupied(seg("D5-E5")))
    );
    // The error left the position unchanged.
    let before = pos;
    assert!(pos.play(mv("P E5-D5")).is_err());
    assert_eq!(pos, before);
}

// EOC-7: the first piece is free — any segment, either kind: 112 × 2 moves.
#[test]
fn eoc7_first_piece_free() {
    let pos = start();
    assert_eq!(pos.count_legal_moves(), 224);
    for s in Segment::ALL {
        assert!(pos.is_legal(Move::place(Kind::Pale, s)));
        assert!(pos.is_legal(Move::place(Kind::Dark, s)));
        assert!(!pos.is_legal(Move::announce(Kind::Dark, s)));
    }
    let mut corner = start();
    play_all(&mut corner, &["F A1-A2"]);
    assert_eq!(corner.piece_count(), 1);
    // A placement lays a piece; a red (EOC-10) and a claim (EOC-17) do not.
    assert!(mv("F A1-A2").is_placement() && mv("P A1-A2!").is_placement());
    assert!(!Move::Red(Square::D4).is_placement() && !Move::Claim.is_placement());
    // Only the first piece is free. With a vertical and a horizontal piece
    // both starting at A1 the board is far from empty: a pale must touch
    // a dark (EOC-9).
    play_all(&mut corner, &["P A1-B1"]);
    assert_eq!(
        corner.play(mv("P G8-H8")),
        Err(PlayError::PaleTouchesNoDark(seg("G8-H8")))
    );
    assert!(corner.count_legal_moves() < 20);
}

// EOC-8: two pales may end at the same crossing (they do not touch).
#[test]
fn eoc8_pale_pale_share_a_crossing() {
    let mut pos = start();
    // The dark at C5-D5 lets both pales touch a dark at D5; they share D5.
    play_all(&mut pos, &["F C5-D5", "P D5-E5", "P D5-D6"]);
    assert_eq!(pos.piece_count(), 3);
    assert_eq!(pos.piece_at(seg("D5-D6")), Some(Kind::Pale));
}

// EOC-8: two darks may never end at the same crossing.
#[test]
fn eoc8_dark_dark_forbidden() {
    let mut pos = start();
    play_all(&mut pos, &["F D5-E5", "P E5-F5"]);
    // F5-F6 would touch the pale at F5 only: fine. E5-E6 touches the pale at
    // E5 but also the dark at E5: forbidden.
    assert_eq!(
        pos.play(mv("F E5-E6")),
        Err(PlayError::DarkTouchesDark(seg("E5-E6")))
    );
    assert!(!legal(&pos).contains(&"F E5-E6".to_owned()));
    assert!(pos.is_legal(mv("F F5-F6")));
    // The segments a UI highlights are those of the legal placements.
    let darks = pos.legal_segments(Kind::Dark);
    assert!(darks.contains(&seg("F5-F6")) && !darks.contains(&seg("E5-E6")));
    let mut listed: Vec<String> = darks.iter().map(|s| format!("F {s}")).collect();
    listed.sort();
    // `legal` is sorted already; unannounced dark placements only.
    let from_moves: Vec<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.starts_with("F ") && !m.ends_with('!'))
        .collect();
    assert_eq!(listed, from_moves);
}

// EOC-9: a pale touches a dark — legal; a pale touching only pales — illegal.
#[test]
fn eoc9_pale_needs_a_dark() {
    let mut pos = start();
    play_all(&mut pos, &["F D5-E5"]);
    assert!(pos.is_legal(mv("P E5-E6")));
    assert!(pos.is_legal(mv("P C5-D5")));
    // A segment whose ends hold only a pale, or nothing.
    let mut only_pale = start();
    play_all(&mut only_pale, &["P D5-E5"]);
    play_all(&mut only_pale, &["F E5-E6"]);
    // Now One: D4-D5 ends at D5 (pale only) and D4 (nothing).
    assert_eq!(
        only_pale.play(mv("P D4-D5")),
        Err(PlayError::PaleTouchesNoDark(seg("D4-D5")))
    );
    // A segment far from everything.
    assert_eq!(
        only_pale.play(mv("P A1-B1")),
        Err(PlayError::PaleTouchesNoDark(seg("A1-B1")))
    );
}

// EOC-9: a dark touches a pale — legal; a dark touching nothing — illegal;
// a dark touching a pale and a dark — illegal (EOC-8).
#[test]
fn eoc9_dark_needs_a_pale_and_no_dark() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5"]);
    assert!(pos.is_legal(mv("F D5-D6")));
    assert_eq!(
        pos.play(mv("F A1-A2")),
        Err(PlayError::DarkTouchesNoPale(seg("A1-A2")))
    );
    // A dark touching a pale and a dark is refused as dark-dark.
    play_all(&mut pos, &["F D5-D6"]);
    play_all(&mut pos, &["P D6-E6"]);
    assert_eq!(
        pos.play(mv("F D6-D7")),
        Err(PlayError::DarkTouchesDark(seg("D6-D7")))
    );
    // And a pale touching nothing at all after the first piece.
    assert_eq!(
        pos.play(mv("P G1-H1")),
        Err(PlayError::PaleTouchesNoDark(seg("G1-H1")))
    );
}

// EOC-10: red mode off by default: no red move.
#[test]
fn eoc10_red_mode_off() {
    let mut pos = start();
    assert_eq!(pos.play(mv("R D5")), Err(PlayError::RedModeOff));
    assert!(legal(&pos).iter().all(|m| !m.starts_with('R')));
}

// EOC-10: in red mode, reds stand in free crossings, do not use the turn,
// come any number of times while the pool lasts, and never restrict placements.
#[test]
fn eoc10_reds() {
    let config = Config {
        reds: 2,
        ..Config::FAMILY
    };
    let mut pos = Position::new(config);
    // 224 placements + 64 reds.
    assert_eq!(pos.count_legal_moves(), 224 + 64);
    play_all(&mut pos, &["R D5", "R E5"]);
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.play(mv("R F5")), Err(PlayError::NoRedLeft));
    // A piece may end at a red's crossing.
    play_all(&mut pos, &["P D5-E5"]);
    assert_eq!(pos.turn(), Player::Two);
    assert!(pos.has_red(Square::D5));
    let mut more = Position::new(Config::FAMILY);
    play_all(&mut more, &["R A1", "P D5-E5"]);
    assert_eq!(
        more.play(mv("R A1")),
        Err(PlayError::CrossingNotFree(Square::A1))
    );
    assert_eq!(
        more.play(mv("R E5")),
        Err(PlayError::CrossingNotFree(Square::E5))
    );
    // Free crossings: 64 − A1 (red) − D5, E5 (piece ends).
    let reds = legal(&more).iter().filter(|m| m.starts_with('R')).count();
    assert_eq!(reds, 61);
}

// EOC-11, EOC-12: a 2×2 closes when its 8 outline segments are filled; its
// centre and inner segments play no part (EOC-14: worth 12).
#[test]
fn eoc11_eoc14_big_square_12() {
    let mut pos = start();
    // The ring D5-F7 alternates pale and dark so no two darks meet.
    play_all(
        &mut pos,
        &[
            "P D5-E5", "F E5-F5", "P F5-F6", "F F6-F7", "P E7-F7", "F D7-E7", "P D6-D7",
        ],
    );
    assert_eq!(pos.turn(), Player::Two);
    assert!(legal(&pos).contains(&"F D5-D6!".to_owned()));
    play_all(&mut pos, &["F D5-D6!"]);
    let closed: Vec<_> = pos.last_closed().collect();
    assert_eq!(closed.len(), 1);
    assert_eq!(closed[0].square.to_string(), "D5-F7");
    assert_eq!(closed[0].category, Category::Big);
    assert_eq!(closed[0].points, 12);
    assert_eq!(closed[0].closed_by, Player::Two);
    assert_eq!(pos.points(Player::Two), 12);
    // The diagram lists closed 2×2 squares below the grid; the 1×1 squares
    // are shown inside it.
    let shown = pos.to_string();
    assert!(shown.contains("2x2 D5-F7 closed by "), "{shown}");
    assert_eq!(shown.matches("2x2 ").count(), 1, "{shown}");
    // EOC-16: Two plays again.
    assert_eq!(pos.turn(), Player::Two);
    assert_eq!(pos.piece_at(seg("E5-E6")), None);
}

/// Builds D5-E6 with four pales (darks outside), closed by One's `last`.
fn standard_square(last: &str) -> Position {
    let mut pos = start();
    play_all(
        &mut pos,
        &[
            "F C5-D5", "P D5-E5", "P D5-D6", "F E5-F5", "F D6-D7", "P E5-E6",
        ],
    );
    assert_eq!(pos.turn(), Player::One);
    play_all(&mut pos, &[last]);
    pos
}

// EOC-14: a standard 1×1 (no dark on its outline) is worth 6.
// EOC-16: announced, the closer scores and plays again.
#[test]
fn eoc14_standard_6_and_eoc16_bonus_turn() {
    let pos = standard_square("P D6-E6!");
    let closed: Vec<_> = pos.last_closed().collect();
    assert_eq!(closed.len(), 1);
    assert_eq!(closed[0].square.to_string(), "D5-E6");
    assert_eq!(closed[0].category, Category::Standard);
    assert_eq!(pos.points(Player::One), 6);
    // A closed 1×1 is drawn inside the grid, not listed as a 2×2.
    assert!(!pos.to_string().contains("2x2"));
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.claimable(), None);
}

// EOC-14: an enriched 1×1 (one dark on its outline) is worth 9.
#[test]
fn eoc14_enriched_9() {
    let mut pos = start();
    play_all(
        &mut pos,
        &["P D5-E5", "F E5-E6", "P D6-E6", "F C6-D6", "P D5-D6!"],
    );
    let c: Vec<_> = pos.last_closed().collect();
    assert_eq!(
        (c.len(), c[0].category, c[0].points),
        (1, Category::Enriched, 9)
    );
    assert_eq!(pos.points(Player::One), 9);
}

// EOC-14: a maximal 1×1 (two darks, opposite sides) is worth 12.
#[test]
fn eoc14_maximal_12() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"]);
    let c: Vec<_> = pos.last_closed().collect();
    assert_eq!(
        (c.len(), c[0].category, c[0].points),
        (1, Category::Maximal, 12)
    );
    assert_eq!(pos.points(Player::Two), 12);
    assert_eq!(pos.turn(), Player::Two);
}

// EOC-14 (option): the points table comes from the configuration.
#[test]
fn eoc14_points_table_is_configurable() {
    let config = Config {
        points: Points {
            standard: 1,
            enriched: 2,
            maximal: 3,
            big: 4,
        },
        ..Config::default()
    };
    let mut pos = Position::new(config);
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"]);
    assert_eq!(pos.points(Player::Two), 3);
}

// EOC-12: one placement closes two 1×1 at once (enriched 9 + maximal 12).
#[test]
fn eoc12_one_placement_closes_two_units() {
    let mut pos = start();
    play_all(
        &mut pos,
        &[
            "P D5-E5", "F E5-F5", "P F5-F6", "F E6-F6", "P D6-E6", "F D5-D6",
        ],
    );
    play_all(&mut pos, &["P E5-E6!"]);
    let mut closed: Vec<(String, Category, u16)> = pos
        .last_closed()
        .map(|c| (c.square.to_string(), c.category, c.points))
        .collect();
    closed.sort();
    assert_eq!(
        closed,
        [
            ("D5-E6".to_owned(), Category::Enriched, 9),
            ("E5-F6".to_owned(), Category::Maximal, 12)
        ]
    );
    assert_eq!(pos.points(Player::One), 21);
    assert_eq!(pos.closed_squares().count(), 2);
}

// EOC-12: one placement closes a 1×1 and a 2×2 at once; a square closes once.
#[test]
fn eoc12_unit_and_big_at_once() {
    let mut pos = start();
    play_all(
        &mut pos,
        &[
            "P D5-E5", "F E5-F5", "P F5-F6", "F F6-F7", "P E7-F7", "F D7-E7", "P D6-D7", "P E5-E6",
            "F D6-E6",
        ],
    );
    assert_eq!(pos.turn(), Player::Two);
    play_all(&mut pos, &["P D5-D6!"]);
    let mut closed: Vec<(String, Category, u16)> = pos
        .last_closed()
        .map(|c| (c.square.to_string(), c.category, c.points))
        .collect();
    closed.sort();
    assert_eq!(
        closed,
        [
            ("D5-E6".to_owned(), Category::Enriched, 9),
            ("D5-F7".to_owned(), Category::Big, 12)
        ]
    );
    assert_eq!(pos.points(Player::Two), 21);
    // Closing D6-E7 later scores it alone: the 2×2 never scores again.
    play_all(&mut pos, &["P E6-E7!"]);
    // E6-E7 completes D6-E7 only (E6-F7 still lacks E6-F6).
    let later: Vec<String> = pos.last_closed().map(|c| c.square.to_string()).collect();
    assert_eq!(later, ["D6-E7"]);
    assert_eq!(pos.closed_squares().count(), 3);
    // D6-E7: darks D6-E6 and D7-E7 on opposite sides, maximal 12.
    assert_eq!(pos.points(Player::Two), 21 + 12);
}

// EOC-13: a closed square with a red on its outline is dead: 0 points, no
// ÉCHEC O CUBE (announcing is illegal, nothing becomes claimable).
#[test]
fn eoc13_dead_square_with_a_red() {
    let mut pos = Position::new(Config::FAMILY);
    play_all(&mut pos, &["R D6", "P D5-E5", "F E5-E6", "P D6-E6"]);
    assert_eq!(
        pos.play(mv("F D5-D6!")),
        Err(PlayError::NothingToAnnounce(seg("D5-D6")))
    );
    assert!(!legal(&pos).contains(&"F D5-D6!".to_owned()));
    play_all(&mut pos, &["F D5-D6"]);
    let c: Vec<_> = pos.closed_squares().collect();
    assert_eq!(c.len(), 1);
    assert!(c[0].dead);
    assert_eq!(c[0].points, 0);
    assert_eq!(pos.claimable(), None);
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.points(Player::Two), 0);
}

// EOC-15: a closing placement is listed announced and unannounced;
// announcing a placement that closes nothing is illegal.
#[test]
fn eoc15_announce_variants() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6"]);
    let moves = legal(&pos);
    assert!(moves.contains(&"F D5-D6!".to_owned()));
    assert!(moves.contains(&"F D5-D6".to_owned()));
    assert_eq!(
        pos.play(mv("F C6-D6!")),
        Err(PlayError::NothingToAnnounce(seg("C6-D6")))
    );
    assert!(!moves.contains(&"F C6-D6!".to_owned()));
}

// EOC-15 (option): auto-announce keeps only the announced variant.
#[test]
fn eoc15_auto_announce() {
    let config = Config {
        auto_announce: true,
        ..Config::default()
    };
    let mut pos = Position::new(config);
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6"]);
    let moves = legal(&pos);
    assert!(moves.contains(&"F D5-D6!".to_owned()));
    assert!(!moves.contains(&"F D5-D6".to_owned()));
    assert_eq!(
        pos.play(mv("F D5-D6")),
        Err(PlayError::AnnouncementRequired(seg("D5-D6")))
    );
    play_all(&mut pos, &["F D5-D6!"]);
    assert_eq!(pos.points(Player::Two), 12);
}

// EOC-16: a placement that closes nothing ends the turn; an unannounced
// closing ends it too.
#[test]
fn eoc16_turn_ends_without_announcement() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.points(Player::Two), 0);
}

// EOC-17: unannounced, the next player may claim the points, then places
// (no bonus turn); a claim is legal only while points are claimable.
#[test]
fn eoc17_claim_by_next_player() {
    let mut pos = start();
    assert_eq!(pos.play(Move::Claim), Err(PlayError::NothingToClaim));
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
    assert_eq!(pos.claimable(), Some(12));
    assert!(legal(&pos).contains(&"claim".to_owned()));
    play_all(&mut pos, &["claim"]);
    assert_eq!(pos.points(Player::One), 12);
    assert_eq!(pos.points(Player::Two), 0);
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.claimable(), None);
    assert_eq!(pos.play(Move::Claim), Err(PlayError::NothingToClaim));
    play_all(&mut pos, &["P C5-D5"]);
    assert_eq!(pos.turn(), Player::Two);
}

// EOC-17: the claim lapses once the next player places without claiming.
#[test]
fn eoc17_claim_lapses_after_a_placement() {
    let mut pos = start();
    play_all(
        &mut pos,
        &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6", "P C5-D5"],
    );
    assert_eq!(pos.claimable(), None);
    assert_eq!(pos.play(Move::Claim), Err(PlayError::NothingToClaim));
    assert_eq!(pos.points(Player::One), 0);
    assert_eq!(pos.points(Player::Two), 0);
}

// EOC-17, EOC-10: in red mode reds may come before and after the claim.
#[test]
fn eoc17_reds_around_the_claim() {
    let mut pos = Position::new(Config::FAMILY);
    play_all(
        &mut pos,
        &[
            "P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6", "R A1", "claim", "R H8",
        ],
    );
    assert_eq!(pos.points(Player::One), 12);
    assert_eq!(pos.turn(), Player::One);
    assert_eq!(pos.reds_left(), 8);
}

// EOC-18: blockage — the player to move has pieces but no legal segment.
// EOC-19: final counts subtract the leftover supply.
#[test]
fn eoc18_blockage_and_eoc19_final_counts() {
    let config = Config {
        pale: 0,
        dark: 2,
        ..Config::default()
    };
    let mut pos = Position::new(config);
    play_all(&mut pos, &["F D5-E5"]);
    // Two has only darks and no pale is on the board: blocked.
    assert!(pos.is_over());
    assert_eq!(pos.end_reason(), Some(EndReason::Blockage));
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(pos.play(mv("F A1-B1")), Err(PlayError::GameOver));
    // One: 0 − 2 × 1 = −2; Two: 0 − 2 × 2 = −4.
    assert_eq!(pos.final_count(Player::One), -2);
    assert_eq!(pos.final_count(Player::Two), -4);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Player::One,
            reason: EndReason::Blockage
        })
    );
    assert_eq!(Game::outcome(&pos), pos.outcome());
}

// EOC-18: a claim still pending at the end lapses; EOC-19 counts points
// minus 1 per pale and 2 per dark left, equal counts draw.
#[test]
fn eoc18_pending_claim_lapses_and_eoc19_draw() {
    let config = Config {
        pale: 2,
        dark: 2,
        red_mode: true,
        ..Config::default()
    };
    let mut pos = Position::new(config);
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"]);
    // One has no pale left and cannot place a dark next to the darks... check:
    // One's darks: 2, pales: 0. D5 and D6, E5 and E6 all hold a dark end, so
    // no dark may touch a pale there: blocked, the claim of 12 lapses.
    assert!(pos.is_over(), "{pos}");
    assert_eq!(pos.claimable(), None);
    assert_eq!(pos.play(Move::Claim), Err(PlayError::GameOver));
    assert_eq!(pos.play(mv("R A1")), Err(PlayError::GameOver));
    // One: 0 − 0 − 4 = −4; Two: 0 − 2 − 0 = −2.
    assert_eq!(pos.final_count(Player::One), -4);
    assert_eq!(pos.final_count(Player::Two), -2);
    assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Player::Two));

    let even = Config {
        pale: 1,
        dark: 0,
        ..Config::default()
    };
    let mut draw = Position::new(even);
    play_all(&mut draw, &["P D5-E5"]);
    // Two has a pale but no dark stands anywhere: blocked; −0 vs −1.
    assert_eq!(draw.final_count(Player::One), 0);
    assert_eq!(draw.final_count(Player::Two), -1);
    let mut level = Position::new(Config {
        pale: 0,
        dark: 0,
        first: Player::Two,
        ..Config::default()
    });
    assert!(level.is_over());
    assert_eq!(level.end_reason(), Some(EndReason::OutOfPieces));
    assert!(level.outcome().is_some_and(|o| o.is_draw()));
    assert_eq!(level.play(mv("P A1-B1")), Err(PlayError::GameOver));
}

// EOC-20: the game's parse_move reads the move text; errors are typed.
#[test]
fn eoc20_parse_move_through_the_game_trait() {
    let pos = start();
    assert_eq!(pos.parse_move(" p e5-d5 "), Ok(mv("P D5-E5")));
    assert!(matches!(
        pos.parse_move("Q D5-E5"),
        Err(PlayError::Parse(ParseMoveError::PieceLetter {
            found: 'Q',
            ..
        }))
    ));
    let mut g = start();
    assert!(matches!(
        Game::play(&mut g, mv("P D5-E5!")),
        Err(PlayError::NothingToAnnounce(_))
    ));
}

// EOC-22: the count is the list, a closing placement counted twice.
#[test]
fn eoc22_counts_match_the_list() {
    let mut pos = start();
    play_all(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6"]);
    // Two: darks touching a pale at D5 or D6 and no dark (E5, E6 hold a dark
    // end): C5-D5, D4-D5, D5-D6 (closing: listed twice), C6-D6, D6-D7; pales
    // touching the dark at E5 or E6: E4-E5, E5-F5, E6-E7, E6-F6. 10 moves.
    assert_eq!(
        legal(&pos),
        [
            "F C5-D5", "F C6-D6", "F D4-D5", "F D5-D6", "F D5-D6!", "F D6-D7", "P E4-E5",
            "P E5-F5", "P E6-E7", "P E6-F6"
        ]
    );
    assert_eq!(pos.count_legal_moves(), 10);
    assert_eq!(board_core::perft(&pos, 1), 10);
}

// EOC-13, EOC-16: one placement closes a dead and a live square: it may be
// announced, scores the live one only, and gives the bonus turn.
#[test]
fn eoc13_dead_and_live_closed_together() {
    let mut pos = Position::new(Config::FAMILY);
    play_all(
        &mut pos,
        &[
            "R D5", "P D5-E5", "F E5-F5", "P F5-F6", "F E6-F6", "P D6-E6", "F D5-D6",
        ],
    );
    play_all(&mut pos, &["P E5-E6!"]);
    let mut closed: Vec<(String, bool, u16)> = pos
        .last_closed()
        .map(|c| (c.square.to_string(), c.dead, c.points))
        .collect();
    closed.sort();
    // D5-E6 has the red at D5 on its outline; E5-F6 (darks E5-F5, E6-F6) is
    // maximal.
    assert_eq!(
        closed,
        [
            ("D5-E6".to_owned(), true, 0),
            ("E5-F6".to_owned(), false, 12)
        ]
    );
    assert_eq!(pos.points(Player::One), 12);
    assert_eq!(pos.turn(), Player::One);
}
