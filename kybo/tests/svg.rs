//! The SVG pictures (feature `svg`): well-formed documents with a `viewBox`,
//! the expected elements for known positions in both views, and the
//! committed picture of a finished game kept equal to the code's output.
#![cfg(feature = "svg")]

use board_test_support::game_match;
use board_test_support::svg::{
    check_committed_picture, index_of, parse, texts_under, with_class, Element,
};
use kybo::svg::{to_svg, Corner, SvgOptions, View};
use kybo::{Color, Cube, Match, Position, Square, StackLevel};

/// Every view: from each corner, and from above.
const VIEWS: [View; 5] = [
    View::Isometric(Corner::A1),
    View::Isometric(Corner::H1),
    View::Isometric(Corner::H8),
    View::Isometric(Corner::A8),
    View::Top,
];

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn attr_of(elements: &[Element], class: &str, attr: &str) -> Vec<String> {
    sorted(
        with_class(elements, class)
            .iter()
            .map(|e| e.attr(attr).to_owned())
            .collect(),
    )
}

/// Black's row of rank 4 from file A to file H, through level 2 over the
/// White cubes of C4–F4: a KYBO (KY-8) that runs under nothing and over White.
const UPPER_KYBO: &str =
    "......../......../...ww.../..wwww../b(bb)(wb)(wb)(wb)(wb)(bb)b/......../......../........ w";

fn upper_kybo() -> Position {
    Position::from_text(UPPER_KYBO).unwrap()
}

// KY-7, KY-8: the winning network is outlined cube by cube, through every
// level it uses, in both views; the other cubes are not.
#[test]
fn ky8_winning_network_through_level_two() {
    let pos = upper_kybo();
    assert_eq!(pos.winner(), Some(Color::Black));
    let expected = [
        "A4^1", "B4^1", "B4^2", "C4^2", "D4^2", "E4^2", "F4^2", "G4^1", "G4^2", "H4^1",
    ];
    for view in VIEWS {
        let elements = parse(&to_svg(
            &pos,
            &SvgOptions {
                view,
                ..SvgOptions::default()
            },
        ));
        assert_eq!(
            attr_of(&elements, "network", "data-cube"),
            expected,
            "{view:?}"
        );
        assert!(with_class(&elements, "network")
            .iter()
            .all(|e| e.has_class("black")));
        // Every cube is drawn once with its true colour.
        let cubes = with_class(&elements, "cube");
        assert_eq!(cubes.len(), 20, "{view:?}");
        for e in cubes {
            let cube: Cube = e.attr("data-cube").parse().unwrap();
            let color = if e.has_class("white") {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(pos.cube(cube), Some(color), "{view:?} {cube}");
            assert_eq!(e.attr("data-place"), cube.square().to_string());
            assert_eq!(e.attr("data-level"), cube.level().to_string());
        }
        let white_under = with_class(&elements, "white")
            .into_iter()
            .filter(|e| e.attr("data-place") == "C4")
            .count();
        assert_eq!(white_under, 1, "the White cube under Black's network on C4");
    }
}

// KY-2: the zones are shaded on the board with their height limits.
#[test]
fn ky2_zones_and_height_limits_on_the_board() {
    let pos = Position::default();
    for view in VIEWS {
        let elements = parse(&to_svg(
            &pos,
            &SvgOptions {
                view,
                ..SvgOptions::default()
            },
        ));
        let cells = with_class(&elements, "cell");
        assert_eq!(cells.len(), 64);
        for (zone, count, max) in [
            ("gates", 28, "1"),
            ("walls", 20, "2"),
            ("castle", 12, "3"),
            ("dungeon", 4, "4"),
        ] {
            let of_zone: Vec<&&Element> = cells.iter().filter(|c| c.has_class(zone)).collect();
            assert_eq!(of_zone.len(), count, "{view:?} {zone}");
            assert!(of_zone.iter().all(|c| c.attr("data-max-height") == max));
        }
        let dungeon = attr_of(&elements, "dungeon", "data-place");
        assert_eq!(dungeon, ["D4", "D5", "E4", "E5"]);
        let legend = with_class(&elements, "legend");
        assert_eq!(legend.len(), 1);
        let i = index_of(&elements, legend[0]);
        let texts: Vec<&str> = elements
            .iter()
            .filter(|e| e.parent == Some(i) && e.name == "text")
            .map(|e| e.text.as_str())
            .collect();
        assert!(
            texts.contains(&"Dungeon (Donjon): 4 cubes high"),
            "{texts:?}"
        );
        assert!(texts.contains(&"Gates (Portes): 1 cube high"), "{texts:?}");
    }
    // In the isometric view an empty square shows its limit.
    let elements = parse(&pos.to_svg(&SvgOptions::default()));
    let a1 = elements
        .iter()
        .position(|e| e.has_class("cell") && e.attr("data-place") == "A1")
        .unwrap();
    assert_eq!(texts_under(&elements, a1), "1");
    let e5 = elements
        .iter()
        .position(|e| e.has_class("cell") && e.attr("data-place") == "E5")
        .unwrap();
    assert_eq!(texts_under(&elements, e5), "4");
}

// Nearer cubes cover farther ones: a cube is drawn after every cube of the
// squares behind it (higher file or rank, seen from the A1 corner) and after
// the cubes under it.
#[test]
fn isometric_cubes_are_drawn_back_to_front() {
    let game = finished_game();
    let elements = parse(&game.position().to_svg(&SvgOptions::default()));
    let order: Vec<Cube> = with_class(&elements, "cube")
        .iter()
        .map(|e| e.attr("data-cube").parse().unwrap())
        .collect();
    assert_eq!(order.len(), game.position().total_cubes() as usize);
    for (i, p) in order.iter().enumerate() {
        for q in &order[i + 1..] {
            let (pf, pr) = (p.square().file().index(), p.square().rank().index());
            let (qf, qr) = (q.square().file().index(), q.square().rank().index());
            let q_behind = qf >= pf && qr >= pr && (qf, qr) != (pf, pr);
            assert!(!q_behind, "{q} is behind {p} but drawn after it");
            if p.square() == q.square() {
                assert!(
                    p.level() < q.level(),
                    "{p} drawn before the cube under it, {q}"
                );
            }
        }
    }
}

#[test]
fn top_view_shows_stack_heights() {
    let record: kybo::Record = "D4 E4 D3 E5 D2 E4 D1 E5 D5 E4 D6 E5 D7 E4 D8"
        .parse()
        .unwrap();
    let game = record.replay().unwrap();
    let options = SvgOptions {
        view: View::Top,
        last_move: game.moves().last().copied(),
        ..SvgOptions::default()
    };
    let elements = parse(&to_svg(game.position(), &options));
    let height = |place: &str| {
        elements
            .iter()
            .find(|e| e.has_class("cell") && e.attr("data-place") == place)
            .unwrap()
            .attr("data-height")
            .to_owned()
    };
    assert_eq!(height("E4"), "4");
    assert_eq!(height("E5"), "3");
    assert_eq!(height("D8"), "1");
    assert_eq!(height("A1"), "0");
    // The height is written on the square, and E4 holds four Black chips.
    let e4 = elements
        .iter()
        .position(|e| e.has_class("cell") && e.attr("data-place") == "E4")
        .unwrap();
    assert_eq!(texts_under(&elements, e4), "4");
    let e4_cubes: Vec<&Element> = with_class(&elements, "cube")
        .into_iter()
        .filter(|e| e.attr("data-place") == "E4")
        .collect();
    assert_eq!(e4_cubes.len(), 4);
    assert!(e4_cubes.iter().all(|e| e.has_class("black")));
    assert_eq!(
        attr_of(&elements, "network", "data-cube"),
        ["D1^1", "D2^1", "D3^1", "D4^1", "D5^1", "D6^1", "D7^1", "D8^1"]
    );
    assert_eq!(attr_of(&elements, "last-move", "data-place"), ["D8"]);
}

#[test]
fn selection_targets_and_last_move() {
    let mut pos = Position::default();
    let first = pos.parse_move("D4").unwrap();
    pos.play(first).unwrap();
    let targets: Vec<Square> = pos.legal_moves().iter().map(|m| m.square()).collect();
    assert_eq!(targets.len(), 5); // on D4, and its four neighbours (KY-4)
    for view in VIEWS {
        let options = SvgOptions {
            view,
            last_move: Some(first),
            selected: vec![Square::D4],
            targets: targets.clone(),
            ..SvgOptions::default()
        };
        let elements = parse(&pos.to_svg(&options));
        let expected = sorted(targets.iter().map(Square::to_string).collect());
        assert_eq!(
            attr_of(&elements, "target", "data-place"),
            expected,
            "{view:?}"
        );
        assert_eq!(attr_of(&elements, "selected", "data-place"), ["D4"]);
        assert_eq!(attr_of(&elements, "last-move", "data-place"), ["D4"]);
        assert_eq!(attr_of(&elements, "cube", "data-cube"), ["D4^1"]);
    }
}

#[test]
fn coordinates_on_four_sides_or_none() {
    let pos = upper_kybo();
    for view in VIEWS {
        let count = |options: &SvgOptions| {
            let elements = parse(&to_svg(&pos, options));
            "ABCDEFGH12345678"
                .chars()
                .map(|c| {
                    elements
                        .iter()
                        .filter(|e| {
                            e.name == "text"
                                && e.text == c.to_string()
                                && !e.parent.is_some_and(|p| elements[p].has_class("cell"))
                        })
                        .count()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            count(&SvgOptions {
                view,
                ..SvgOptions::default()
            }),
            vec![2; 16],
            "{view:?}"
        );
        let bare = SvgOptions {
            view,
            coordinates: false,
            status: false,
            ..SvgOptions::default()
        };
        assert_eq!(count(&bare), vec![0; 16], "{view:?}");
        assert!(with_class(&parse(&to_svg(&pos, &bare)), "status").is_empty());
    }
    let elements = parse(&pos.to_svg(&SvgOptions::default()));
    let status = index_of(&elements, with_class(&elements, "status")[0]);
    assert_eq!(
        texts_under(&elements, status),
        "Black wins (KYBO) after 20 moves, White 10 cubes, Black 10 cubes"
    );
}

/// The finished game of the docs: seed 6 plays random moves until White
/// makes KYBO with the 47th cube.
fn finished_game() -> Match {
    game_match::finished_game(Match::new(Position::default()), 6, 200)
}

#[test]
fn finished_game_picture_is_current() {
    let game = finished_game();
    let pos = game.position();
    assert_eq!(pos.winner(), Some(Color::White));
    let options = SvgOptions {
        last_move: game.moves().last().copied(),
        ..SvgOptions::default()
    };
    let doc = to_svg(pos, &options);
    let elements = parse(&doc);
    let network = pos.winning_network().unwrap();
    assert!(
        network.cubes().any(|c| c.level() != StackLevel::First),
        "the network climbs"
    );
    let expected = sorted(network.cubes().map(|c| c.to_string()).collect());
    assert_eq!(attr_of(&elements, "network", "data-cube"), expected);
    assert_eq!(
        with_class(&elements, "cube").len(),
        pos.total_cubes() as usize
    );
    check_committed_picture(env!("CARGO_MANIFEST_DIR"), "kybo", &doc);
}

#[test]
fn views_read_and_write_as_text() {
    for view in VIEWS {
        assert_eq!(view.to_string().parse::<View>(), Ok(view));
    }
    assert_eq!("h8".parse::<View>(), Ok(View::Isometric(Corner::H8)));
    assert!("B2".parse::<View>().is_err());
    let long = "x".repeat(10_000);
    assert!(long.parse::<View>().unwrap_err().to_string().len() < 200);
}

/// The document position of the cube `cube` in a picture.
fn cube_index(elements: &[Element], cube: &str) -> usize {
    elements
        .iter()
        .position(|e| e.has_class("cube") && e.attr("data-cube") == cube)
        .unwrap_or_else(|| panic!("no cube {cube}"))
}

// Turned to each corner, the stacks are drawn back to front from there: of
// the row A4–H4, the end nearer the corner is drawn last; and from H1, A4
// lies left of H4 (a quarter turn, not a mirror).
#[test]
fn each_corner_draws_its_own_square_nearest() {
    let pos = upper_kybo();
    for (corner, near, far) in [
        (Corner::A1, "A4^1", "H4^1"),
        (Corner::H1, "H4^1", "A4^1"),
        (Corner::H8, "H4^1", "A4^1"),
        (Corner::A8, "A4^1", "H4^1"),
    ] {
        let svg = to_svg(
            &pos,
            &SvgOptions {
                view: View::Isometric(corner),
                ..SvgOptions::default()
            },
        );
        let elements = parse(&svg);
        assert!(
            cube_index(&elements, near) > cube_index(&elements, far),
            "{corner}: {near} is nearest, drawn after {far}"
        );
    }
    // From H1 the board is turned a quarter: A4 is on the left, H4 on the right.
    let svg = to_svg(
        &pos,
        &SvgOptions {
            view: View::Isometric(Corner::H1),
            coordinates: false,
            status: false,
            ..SvgOptions::default()
        },
    );
    let elements = parse(&svg);
    let x_of = |cube: &str| {
        let i = cube_index(&elements, cube);
        let polygon = elements[i + 1..]
            .iter()
            .find(|e| e.name == "polygon")
            .expect("a face");
        polygon
            .attr("points")
            .split([',', ' '])
            .next()
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    assert!(x_of("A4^1") < x_of("H4^1"));
}
