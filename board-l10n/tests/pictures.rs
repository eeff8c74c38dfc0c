//! The board pictures' words (each game's `to_svg_in`): every key a picture
//! uses exists in both catalogues and renders without a Fluent error, every
//! `svg-*` key of the catalogues is used by some picture (so a key cannot
//! be added on one side and forgotten on the other), a French picture
//! holds the French legend words and none of the English ones, and the
//! English catalogue words a start position as the pictures' own English.

use std::cell::RefCell;
use std::collections::BTreeSet;

use board_core::{Game, Message, Rng, Words};
use board_l10n::{keys, sources, Catalogue, Lang};

/// A catalogue that records every key it is asked for and fails the test
/// on a missing key or argument.
struct Strict {
    catalogue: Catalogue,
    used: RefCell<BTreeSet<&'static str>>,
}

impl Strict {
    fn new(lang: Lang) -> Strict {
        Strict {
            catalogue: Catalogue::new(lang),
            used: RefCell::new(BTreeSet::new()),
        }
    }
}

impl Words for Strict {
    fn say(&self, message: &Message) -> String {
        fn ids(m: &Message, out: &mut BTreeSet<&'static str>) {
            out.insert(m.id);
            for (_, arg) in &m.args {
                if let board_core::Arg::Message(inner) = arg {
                    ids(inner, out);
                }
            }
        }
        ids(message, &mut self.used.borrow_mut());
        self.catalogue.try_render(message).unwrap_or_else(|(_, e)| {
            panic!("{}: {e}", self.catalogue.lang());
        })
    }
}

/// Every position of a seeded random game from `start` to its end (or
/// `max` plies).
fn positions<G: Game>(start: G, seed: u64, max: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut game = start;
    let mut all = vec![game.clone()];
    while game.outcome().is_none() && all.len() < max {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(mv).expect("a legal move plays");
        all.push(game.clone());
    }
    all
}

fn kybo_pictures(words: &dyn Words) -> Vec<String> {
    use kybo::svg::{Corner, SvgOptions, View};
    let mut out = Vec::new();
    for (start, seed) in [
        (kybo::Position::default(), 1),
        (kybo::Position::new(kybo::Config::with_supply(9)), 2),
    ] {
        let all = positions(start, seed, 400);
        for (i, pos) in all.iter().enumerate() {
            // The start, a few positions and the end, in both views.
            if i % 7 != 0 && i + 1 != all.len() {
                continue;
            }
            for view in [View::Isometric(Corner::A1), View::Top] {
                let options = SvgOptions {
                    view,
                    ..SvgOptions::default()
                };
                out.push(pos.to_svg_in(&options, words));
            }
        }
        assert!(all.last().unwrap().outcome().is_some(), "a finished game");
    }
    out
}

fn eoc_pictures(words: &dyn Words) -> Vec<String> {
    use echec_o_cube::{svg::SvgOptions, Config, Position};
    let small = Config {
        pale: 4,
        dark: 3,
        reds: 2,
        red_mode: true,
        ..Config::default()
    };
    let mut out = Vec::new();
    for (config, seed) in [(Config::default(), 3), (small, 4), (small, 5)] {
        let all = positions(<Position as Game>::from_config(config), seed, 400);
        for pos in &all {
            out.push(pos.to_svg_in(&SvgOptions::default(), words));
        }
        assert!(all.last().unwrap().outcome().is_some(), "a finished game");
    }
    out
}

fn chess3d_pictures(words: &dyn Words) -> Vec<String> {
    use chess3d::{svg::SvgOptions, Position};
    let mut out = Vec::new();
    let fens = [
        // Black mated (C3-13), Black in check, a quiet start.
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/4R2K b - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).expect("a valid one-level FEN");
        out.push(pos.to_svg_in(&SvgOptions::default(), words));
    }
    for pos in positions(Position::default(), 6, 12) {
        out.push(pos.to_svg_in(&SvgOptions::default(), words));
    }
    out
}

/// The `svg-*` keys of a language's catalogue.
fn svg_keys(lang: Lang) -> BTreeSet<String> {
    let (_, text) = sources(lang)
        .into_iter()
        .find(|(file, _)| *file == "svg.ftl")
        .expect("an svg.ftl");
    keys(text).unwrap().into_iter().map(|(k, _)| k).collect()
}

#[test]
fn every_key_the_pictures_use_is_in_both_catalogues_and_every_svg_key_is_used() {
    for lang in Lang::ALL {
        let words = Strict::new(lang);
        let _ = kybo_pictures(&words);
        let _ = eoc_pictures(&words);
        let _ = chess3d_pictures(&words);
        let used = words.used.into_inner();
        let svg: BTreeSet<String> = used
            .iter()
            .filter(|k| k.starts_with("svg-"))
            .map(|k| (*k).to_owned())
            .collect();
        assert_eq!(svg, svg_keys(lang), "{lang}: svg keys used / in svg.ftl");
    }
}

fn text_of(svg: &str) -> String {
    // The contents of <text> and <title>: what the picture says.
    let mut out = String::new();
    for part in svg.split('>').skip(1) {
        if let Some((content, _)) = part.split_once("</") {
            if !content.trim().is_empty() && !content.contains('<') {
                out.push_str(content);
                out.push('\n');
            }
        }
    }
    out
}

fn assert_french(what: &str, pictures: &[String], french: &[&str], english: &[&str]) {
    let all: String = pictures.iter().map(|p| text_of(p)).collect();
    for word in french {
        assert!(
            all.contains(word),
            "{what}: no {word:?} in the French pictures"
        );
    }
    for word in english {
        assert!(
            !all.contains(word),
            "{what}: English {word:?} in a French picture"
        );
    }
}

#[test]
fn french_pictures_hold_french_words_and_no_english() {
    let fr = Catalogue::new(Lang::Fr);
    assert_french(
        "KYBO",
        &kybo_pictures(&fr),
        &[
            "Portes : 1 cube de haut au plus",
            "Donjon : 4 cubes de haut au plus",
            "or : le réseau gagnant (KYBO), cube par cube",
            "point rouge : le dernier cube posé",
            "tirets verts : où poser un cube",
            "trait : Blanc, coup 1",
            "KYBO, vu de dessus",
            "(reste ",
        ],
        &[
            " high",
            "to move",
            "gold:",
            "red dot",
            "green dashes",
            " left)",
            "top view",
            "Gates",
            "Dungeon",
            "White",
            "after ",
        ],
    );
    assert_french(
        "ÉCHEC O CUBE",
        &eoc_pictures(&fr),
        &[
            "trait : Joueur Un",
            "Partie terminée : ",
            "pâles et",
            "décompte final",
            "gris : fermé, marqué par personne (réclamable, ou perdu)",
            "barré : mort, 0 point ; coins marqués : un carré 2×2",
            "reste 2 rouges",
        ],
        &[
            "to move",
            "Game over",
            "pale and",
            "dark left",
            "final count",
            "nobody",
            "reds left",
            "claimable",
            "One",
        ],
    );
    assert_french(
        "chess3d",
        &chess3d_pictures(&fr),
        &[
            "échecs 3D, 3 niveaux",
            "échecs 3D, 1 niveau,",
            "matériel : Blanc",
            "en échec",
            "au coup",
            "trait : Noir",
        ],
        &[
            "material", "to move", "levels", "in check", "in move", "White", "Black",
        ],
    );
}

#[test]
fn the_english_catalogue_words_a_start_as_the_pictures_own_english() {
    let en = Catalogue::new(Lang::En);
    let kybo = kybo::Position::default();
    for view in [
        kybo::svg::View::Isometric(kybo::svg::Corner::A1),
        kybo::svg::View::Top,
    ] {
        let options = kybo::svg::SvgOptions {
            view,
            ..kybo::svg::SvgOptions::default()
        };
        assert_eq!(kybo.to_svg_in(&options, &en), kybo.to_svg(&options));
    }
    let eoc = echec_o_cube::Position::default();
    let options = echec_o_cube::svg::SvgOptions::default();
    assert_eq!(eoc.to_svg_in(&options, &en), eoc.to_svg(&options));
    let c3 = chess3d::Position::default();
    let options = chess3d::svg::SvgOptions::default();
    assert_eq!(c3.to_svg_in(&options, &en), c3.to_svg(&options));
}
