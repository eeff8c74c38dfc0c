//! The SVG pictures (feature `svg`): well-formed documents with a `viewBox`,
//! the expected elements for known positions, and the committed picture of a
//! finished game kept equal to the code's output.
#![cfg(feature = "svg")]

use board_test_support::game_match;
use board_test_support::svg::{
    check_committed_picture, count_text, index_of, parse, texts_under, with_class, Element,
};
use echec_o_cube::svg::{to_svg, Place, SvgOptions};
use echec_o_cube::{Config, Kind, Match, Move, Player, Position, Size};

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv).unwrap();
    }
}

fn places(elements: &[Element], class: &str) -> Vec<String> {
    let mut p: Vec<String> = with_class(elements, class)
        .iter()
        .map(|e| e.attr("data-place").to_owned())
        .collect();
    p.sort();
    p
}

/// The first `rect` child of the element of `class` at `place`, as
/// (x, y, width, height).
fn rect_of(elements: &[Element], class: &str, place: &str) -> (f64, f64, f64, f64) {
    let g = elements
        .iter()
        .position(|e| e.has_class(class) && e.attr("data-place") == place)
        .unwrap_or_else(|| panic!("no {class} at {place}"));
    let r = elements
        .iter()
        .find(|e| e.parent == Some(g) && e.name == "rect")
        .unwrap();
    let n = |a: &str| r.attr(a).parse::<f64>().unwrap();
    (n("x"), n("y"), n("width"), n("height"))
}

#[test]
fn a_scored_square_and_its_pieces() {
    let mut pos = Position::default();
    play(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6!"]);
    let doc = to_svg(&pos, &SvgOptions::default());
    let elements = parse(&doc);
    // EOC-1, EOC-2: every crossing, segment and unit square is there to click.
    assert_eq!(with_class(&elements, "crossing").len(), 64);
    assert_eq!(with_class(&elements, "segment").len(), 112);
    assert_eq!(
        with_class(&elements, "square")
            .iter()
            .filter(|e| !e.has_class("big"))
            .count(),
        49
    );
    assert_eq!(places(&elements, "pale"), ["D5-E5", "D6-E6"]);
    assert_eq!(places(&elements, "dark"), ["D5-D6", "E5-E6"]);
    assert_eq!(with_class(&elements, "piece").len(), 4);
    assert!(with_class(&elements, "red").is_empty());
    // EOC-14, EOC-16: Two announced and scored the maximal D5-E6, 12 points.
    assert_eq!(places(&elements, "closed"), ["D5-E6"]);
    assert_eq!(places(&elements, "scored-two"), ["D5-E6"]);
    let closed = elements.iter().position(|e| e.has_class("closed")).unwrap();
    assert_eq!(texts_under(&elements, closed), "12");
    let status = with_class(&elements, "status");
    let lines: Vec<&str> = elements
        .iter()
        .filter(|e| e.parent == Some(index_of(&elements, status[0])) && e.name == "text")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(
        lines,
        [
            "Two to move",
            // The final count (EOC-19) only once the game is over.
            "One: 0 points, 48 pale and 20 dark left",
            "Two: 12 points, 50 pale and 18 dark left",
            "grey: closed, scored by nobody yet (claimable, or lost)",
            "crossed out: dead, 0 points; corner marks: a 2×2 square",
        ]
    );
}

// EOC-8: a dark piece reaches into the crossings at its ends, a pale one
// stops short of them.
#[test]
fn eoc8_dark_reaches_into_crossings_pale_stops_short() {
    let mut pos = Position::default();
    play(&mut pos, &["P D5-E5", "F E5-E6"]);
    let elements = parse(&pos.to_svg(&SvgOptions::default()));
    let (px, _, pw, _) = rect_of(&elements, "pale", "D5-E5");
    let (d5x, _, d5w, _) = rect_of(&elements, "crossing", "D5");
    let (e5x, e5y, _, e5h) = rect_of(&elements, "crossing", "E5");
    assert!(
        px > d5x + d5w && px + pw < e5x,
        "the pale lies between the crossings"
    );
    let (_, dy, _, dh) = rect_of(&elements, "dark", "E5-E6");
    let (_, e6y, _, e6h) = rect_of(&elements, "crossing", "E6");
    assert!(
        dy < e6y + e6h && dy + dh > e5y,
        "the dark reaches into E5 and E6"
    );
    assert!(dy > e6y && dy + dh < e5y + e5h, "but not across them");
}

// EOC-10, EOC-13: a red stands in its crossing; the square it sits on is dead.
#[test]
fn eoc13_red_and_dead_square() {
    let mut pos = Position::new(Config::FAMILY);
    play(
        &mut pos,
        &["R D5", "P D5-E5", "F E5-E6", "P D6-E6", "F D5-D6"],
    );
    let last = pos.parse_move("R G2").unwrap();
    pos.play(last).unwrap();
    let options = SvgOptions {
        last_move: Some(last),
        ..SvgOptions::default()
    };
    let elements = parse(&to_svg(&pos, &options));
    assert_eq!(places(&elements, "red"), ["D5", "G2"]);
    assert_eq!(places(&elements, "dead"), ["D5-E6"]);
    assert!(with_class(&elements, "scored-one").is_empty());
    assert!(with_class(&elements, "scored-two").is_empty());
    let dead = elements.iter().position(|e| e.has_class("dead")).unwrap();
    assert_eq!(
        texts_under(&elements, dead),
        "",
        "a dead square shows no points"
    );
    assert_eq!(
        elements
            .iter()
            .filter(|e| e.parent == Some(dead) && e.name == "line")
            .count(),
        2,
        "a dead square is crossed out"
    );
    assert_eq!(places(&elements, "last-move"), ["G2"]);
    let status = index_of(&elements, with_class(&elements, "status")[0]);
    let first = elements
        .iter()
        .find(|e| e.parent == Some(status) && e.name == "text")
        .unwrap();
    assert_eq!(first.text, "One to move, 8 reds left");
}

#[test]
fn last_move_selection_and_targets() {
    let mut pos = Position::default();
    play(&mut pos, &["P D5-E5", "F E5-E6", "P D6-E6"]);
    let last = pos.parse_move("F D5-D6").unwrap();
    pos.play(last).unwrap();
    let selected = vec![Place::Segment("C5-D5".parse().unwrap())];
    let targets = vec![
        Place::Segment("D6-D7".parse().unwrap()),
        Place::Crossing(echec_o_cube::Crossing::H8),
        Place::Square("B2-D4".parse().unwrap()),
    ];
    let options = SvgOptions {
        last_move: Some(last),
        selected,
        targets,
        ..SvgOptions::default()
    };
    let elements = parse(&pos.to_svg(&options));
    // The placement's segment and the square it closed (unannounced: claimable).
    assert_eq!(places(&elements, "last-move"), ["D5-D6", "D5-E6"]);
    assert_eq!(places(&elements, "unscored"), ["D5-E6"]);
    assert_eq!(places(&elements, "selected"), ["C5-D5"]);
    assert_eq!(places(&elements, "target"), ["B2-D4", "D6-D7", "H8"]);
    assert_eq!(with_class(&elements, "highlight").len(), 4);
}

#[test]
fn coordinates_on_four_sides_or_none() {
    let pos = Position::default();
    let count = |doc: &str| {
        let elements = parse(doc);
        "ABCDEFGH12345678"
            .chars()
            .map(|c| count_text(&elements, &c.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(count(&pos.to_svg(&SvgOptions::default())), vec![2; 16]);
    let bare = SvgOptions {
        coordinates: false,
        status: false,
        ..SvgOptions::default()
    };
    let doc = pos.to_svg(&bare);
    assert_eq!(count(&doc), vec![0; 16]);
    assert!(with_class(&parse(&doc), "status").is_empty());
}

#[test]
fn finished_game_picture_is_current() {
    // The finished game of the docs: seed 0 plays random moves under the
    // default configuration until the board is full.
    let game = game_match::finished_game(Match::new(Position::default()), 0, 1000);
    let pos = game.position();
    let last = game.moves().last().copied();
    let doc = to_svg(
        pos,
        &SvgOptions {
            last_move: last,
            ..SvgOptions::default()
        },
    );
    let elements = parse(&doc);
    // Every piece in its segment with its kind, every closed square tinted by
    // its scorer, as the position says.
    let mut pale: Vec<String> = pos
        .pieces()
        .filter(|p| p.1 == Kind::Pale)
        .map(|p| p.0.to_string())
        .collect();
    pale.sort();
    assert_eq!(places(&elements, "pale"), pale);
    assert_eq!(
        places(&elements, "dark").len(),
        pos.piece_count() as usize - pale.len()
    );
    for (class, scorer) in [
        ("scored-one", Some(Player::One)),
        ("scored-two", Some(Player::Two)),
    ] {
        let mut expected: Vec<String> = pos
            .closed_squares()
            .filter(|c| !c.dead && c.scored_by == scorer)
            .map(|c| c.square.to_string())
            .collect();
        expected.sort();
        assert_eq!(places(&elements, class), expected, "{class}");
    }
    let bigs = pos
        .closed_squares()
        .filter(|c| c.square.size() == Size::Big)
        .count();
    assert_eq!(with_class(&elements, "big").len(), bigs);
    assert!(matches!(last, Some(Move::Place { .. })));
    check_committed_picture(env!("CARGO_MANIFEST_DIR"), "echec-o-cube", &doc);
}
