//! The SVG pictures (feature `svg`): well-formed documents with a `viewBox`,
//! the expected elements for known positions, and the committed picture of a
//! finished game kept equal to the code's output.
#![cfg(feature = "svg")]

use board_test_support::game_match;
use board_test_support::svg::{
    check_committed_picture, count_text, index_of, parse, texts_under, with_class, Element,
};
use chess3d::svg::{to_svg, SvgOptions};
use chess3d::{Cell, Match, Position};

/// The picture of the finished game in the docs: the same game every time.
fn finished_game() -> Match {
    // Seed 25 is a random game that ends in checkmate after 38 moves.
    game_match::finished_game(Match::new(Position::default()), 25, 1000)
}

fn finished_picture() -> String {
    let game = finished_game();
    let options = SvgOptions {
        last_move: game.moves().last().copied(),
        ..SvgOptions::default()
    };
    to_svg(game.position(), &options)
}

#[test]
fn start_position_has_every_cell_and_piece() {
    let pos = Position::default();
    let doc = to_svg(&pos, &SvgOptions::default());
    let elements = parse(&doc);
    let cells = with_class(&elements, "cell");
    assert_eq!(cells.len(), 3 * 64);
    assert_eq!(cells.iter().filter(|c| c.has_class("dark")).count(), 96);
    // C3-5: light and dark by file + rank + level; N1/A1 is dark as in
    // chess, N2/A1 light, N3/A1 dark again.
    let dark = |place: &str| {
        let c = cells
            .iter()
            .find(|e| e.attr("data-place") == place)
            .unwrap();
        assert_ne!(c.has_class("dark"), c.has_class("light"));
        c.has_class("dark")
    };
    assert!(dark("N1/A1") && !dark("N2/A1") && dark("N3/A1"));
    assert!(!dark("N1/B1") && dark("N1/H8") && dark("N2/B1"));

    // C3-18: 16 White pieces on N2 ranks 1 and 2, 16 Black on ranks 7 and 8.
    let pieces = with_class(&elements, "piece");
    assert_eq!(pieces.len(), 32);
    let mut expected = Vec::new();
    for (rank, color) in [
        ('1', "white"),
        ('2', "white"),
        ('7', "black"),
        ('8', "black"),
    ] {
        for file in "ABCDEFGH".chars() {
            expected.push((format!("N2/{file}{rank}"), color));
        }
    }
    let mut found: Vec<(String, &str)> = pieces
        .iter()
        .map(|p| {
            let color = if p.has_class("white") {
                "white"
            } else {
                "black"
            };
            assert_ne!(p.has_class("white"), p.has_class("black"));
            (p.attr("data-place").to_owned(), color)
        })
        .collect();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
    // Kings on C (C3-15), drawn with the king glyph.
    let king = |place: &str| {
        let p = pieces
            .iter()
            .find(|p| p.attr("data-place") == place)
            .unwrap();
        (
            p.has_class("king"),
            p.attr("data-piece").to_owned(),
            texts_under(&elements, index_of(&elements, p)),
        )
    };
    assert_eq!(
        king("N2/C1"),
        (true, "K".to_owned(), "\u{265A}\u{FE0E}".to_owned())
    );
    assert_eq!(
        king("N2/C8"),
        (true, "k".to_owned(), "\u{265A}\u{FE0E}".to_owned())
    );
    let knight = pieces
        .iter()
        .find(|p| p.attr("data-place") == "N2/A8")
        .unwrap();
    assert!(knight.has_class("knight") && knight.has_class("black"));
    assert!(with_class(&elements, "check").is_empty());
    assert!(with_class(&elements, "last-move").is_empty());
}

/// The x of the centre of the rectangle under the cell group for `place`.
fn cell_centre_x(elements: &[Element], place: &str) -> f64 {
    let cell = elements
        .iter()
        .position(|e| e.has_class("cell") && e.attr("data-place") == place)
        .unwrap();
    let rect = elements
        .iter()
        .find(|e| e.parent == Some(cell) && e.name == "rect")
        .unwrap();
    rect.attr("x").parse::<f64>().unwrap() + rect.attr("width").parse::<f64>().unwrap() / 2.0
}

#[test]
fn level_names_stand_centred_over_their_boards() {
    let pos = Position::new(chess3d::Config::new(5).unwrap());
    let elements = parse(&pos.to_svg(&SvgOptions::default()));
    assert_eq!(with_class(&elements, "cell").len(), 5 * 64);
    for n in 1..=5 {
        let name = format!("N{n}");
        let title: Vec<&Element> = elements
            .iter()
            .filter(|e| e.name == "text" && e.text == name)
            .collect();
        assert_eq!(title.len(), 1, "one title {name}");
        let x: f64 = title[0].attr("x").parse().unwrap();
        // Halfway between the centres of files D and E.
        let d = cell_centre_x(&elements, &format!("{name}/D4"));
        let e = cell_centre_x(&elements, &format!("{name}/E4"));
        assert!(
            (x - (d + e) / 2.0).abs() < 0.01,
            "{name} at {x}, board centre {}",
            (d + e) / 2.0
        );
        let y: f64 = title[0].attr("y").parse().unwrap();
        let top = elements
            .iter()
            .position(|e| e.has_class("cell") && e.attr("data-place") == format!("{name}/A8"))
            .unwrap();
        let rect = elements.iter().find(|e| e.parent == Some(top)).unwrap();
        assert!(
            y < rect.attr("y").parse::<f64>().unwrap(),
            "{name} over its board"
        );
    }
}

#[test]
fn coordinates_on_both_sides_or_none() {
    let pos = Position::default();
    let count = |doc: &str, labels: &str| {
        let elements = parse(doc);
        labels
            .chars()
            .map(|c| count_text(&elements, &c.to_string()))
            .sum::<usize>()
    };
    let with = pos.to_svg(&SvgOptions::default());
    // Files under each of the 3 boards, ranks left and right of each.
    assert_eq!(count(&with, "ABCDEFGH"), 3 * 8);
    assert_eq!(count(&with, "12345678"), 3 * 2 * 8);
    let without = pos.to_svg(&SvgOptions {
        coordinates: false,
        status: false,
        ..SvgOptions::default()
    });
    assert_eq!(count(&without, "ABCDEFGH12345678"), 0);
    assert!(with_class(&parse(&without), "status").is_empty());
}

#[test]
fn marks_last_move_selection_targets_and_check() {
    // One level, Black to move and in check from the queen on E2.
    let pos = Position::from_fen("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1").unwrap();
    assert!(pos.is_check());
    let selected: Cell = "N1/E8".parse().unwrap();
    let targets: Vec<Cell> = ["N1/D8", "N1/F8", "N1/D7", "N1/F7", "N1/E2"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let last = Position::from_fen("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")
        .unwrap()
        .parse_move("N1/H1-N1/E4")
        .unwrap();
    let options = SvgOptions {
        last_move: Some(last),
        selected: vec![selected],
        targets: targets.clone(),
        ..SvgOptions::default()
    };
    let elements = parse(&pos.to_svg(&options));
    let places = |class: &str| {
        let mut p: Vec<String> = with_class(&elements, class)
            .iter()
            .map(|e| e.attr("data-place").to_owned())
            .collect();
        p.sort();
        p
    };
    assert_eq!(places("check"), ["N1/E8"]);
    assert_eq!(places("last-move"), ["N1/E4", "N1/H1"]);
    assert_eq!(places("selected"), ["N1/E8"]);
    let mut expected: Vec<String> = targets.iter().map(Cell::to_string).collect();
    expected.sort();
    assert_eq!(places("target"), expected);
    // A capture target is a ring, an empty target a filled dot.
    let target = |place: &str| {
        let t = elements
            .iter()
            .position(|e| e.has_class("target") && e.attr("data-place") == place)
            .unwrap();
        elements
            .iter()
            .find(|e| e.parent == Some(t))
            .unwrap()
            .attr("style")
            .to_owned()
    };
    assert!(target("N1/E2").contains("fill:none"));
    assert!(!target("N1/D8").contains("fill:none"));
    assert_eq!(with_class(&elements, "piece").len(), 3);
    let status = with_class(&elements, "status");
    assert_eq!(status.len(), 1);
    let line = texts_under(&elements, index_of(&elements, status[0]));
    assert_eq!(
        line,
        "move 1, Black to move, in check · material: White 9, Black 0"
    );
}

#[test]
fn finished_game_picture_is_current() {
    let game = finished_game();
    let outcome = game.outcome().unwrap().to_string();
    assert!(outcome.contains("checkmate"), "{outcome}");
    let doc = finished_picture();
    let elements = parse(&doc);
    assert_eq!(
        with_class(&elements, "piece").len(),
        game.position().pieces().count()
    );
    assert_eq!(with_class(&elements, "check").len(), 1);
    assert_eq!(with_class(&elements, "last-move").len(), 2);
    check_committed_picture(env!("CARGO_MANIFEST_DIR"), "chess3d", &doc);
}
