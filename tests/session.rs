//! The game loops of `board_games::session` driven directly, from positions
//! the examples cannot start from.

use board_core::{Budget, Rng};
use board_games::commands::CommandWords;
use board_games::games::{Chess3d, EchecOCube, Kybo};
use board_games::session::{interactive, Opponent, Words};
use board_games::{Kit, Playable};
use board_l10n::Lang;

/// Runs a two-player session from `start` on `input`, returning the output.
fn session<K: Kit>(start: K, input: &str) -> String {
    session_against(start, input, Opponent::Person)
}

/// Runs a session from `start` on `input` against `opponent`, the person
/// moving first, returning the output.
fn session_against<K: Kit>(start: K, input: &str, opponent: Opponent) -> String {
    session_in(start, input, opponent, Lang::En)
}

/// [`session_against`] in language `lang`.
fn session_in<K: Kit>(start: K, input: &str, opponent: Opponent, lang: Lang) -> String {
    let mut out = Vec::new();
    interactive(
        start,
        &mut input.as_bytes(),
        &mut out,
        opponent,
        true,
        1,
        &Words::new(lang),
    )
    .expect("the session runs");
    // Leaving saved the record to a temporary file: remove it.
    let text = String::from_utf8(out).expect("UTF-8 output");
    let kept = [
        "record of this game saved to ",
        "journal de cette partie enregistré dans ",
    ];
    if let Some(rest) = kept.iter().find_map(|k| text.split(k).nth(1)) {
        if let Some(path) = rest.split(' ').next() {
            std::fs::remove_file(path).ok();
        }
    }
    text
}

// C3-21 (one level is FIDE chess), C3-17 (checkmate ends the game): the end
// of a game asks for undo, save or quit instead of leaving, and undo goes on.
#[test]
fn the_end_of_a_game_offers_undo_save_or_quit() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b - - 0 2";
    let start = Chess3d::start().read_text(fen).expect("a one-level FEN");
    let dir = std::env::temp_dir().join(format!("board-games-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mate.txt");
    let input = format!(
        "N1/D8-N1/H4\nN1/A2-N1/A3\nundo\nN1/A7-N1/A6\nundo\nN1/D8-N1/H4\nsave {}\nquit\n",
        file.display()
    );
    let out = session(start, &input);
    // Mate, a refused move, undo; mate again, save: four prompts, each with the result.
    assert_eq!(
        out.matches("Black wins (checkmate)\ngame over: undo, save FILE or quit?")
            .count(),
        4,
        "{out}"
    );
    // After the mate a move is refused; undo reopens the game.
    assert!(
        out.contains("the game is over: undo, save FILE or quit"),
        "{out}"
    );
    assert!(out.contains("taken back: N1/D8-N1/H4\n"), "{out}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.trim_end().ends_with("N1/D8-N1/H4"), "{record}");
    // Saved as it stands: leaving does not save it again.
    assert!(!out.contains("record of this game saved to "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every command word of `play` fails to parse as a move of `K`, from the
/// start and along random games, so that no move is shadowed by a command.
fn no_command_word_is_a_move<K: Kit>() {
    let commands = CommandWords::new();
    let mut words = commands.all();
    words.push("");
    let mut checked = 0;
    for seed in 0..20 {
        let mut position = K::start();
        let mut rng = Rng::new(seed);
        for _ in 0..60 {
            for &word in &words {
                for text in [word.to_owned(), word.to_uppercase(), format!("{word} X")] {
                    let parsed = position.parse_move(&text);
                    assert!(
                        parsed.is_err(),
                        "{}: {text:?} reads as the move {:?} after {checked} checks",
                        K::NAME,
                        parsed.ok()
                    );
                    checked += 1;
                }
            }
            if position.play_random(&mut rng, 1) == 0 {
                break;
            }
        }
    }
    assert!(checked > 1000, "{}: {checked} checks", K::NAME);
}

// EOC-20, and the issue "the game maker's door": `claim` is a move of
// ÉCHEC O CUBE, so the draw claim is `draw`; no command word is a move text.
#[test]
fn no_command_word_is_a_move_text_of_any_game() {
    no_command_word_is_a_move::<EchecOCube>();
    no_command_word_is_a_move::<Kybo>();
    no_command_word_is_a_move::<Chess3d>();
    // The word the draw claim used to be is a move text of ÉCHEC O CUBE.
    assert!(EchecOCube::start().parse_move("claim").is_ok());
    assert!(!CommandWords::new().all().contains(&"claim"));
}

// EOC-17: an unannounced closing leaves its points claimable; the next
// player types `claim`, which the session passes to the game as a move.
#[test]
fn claim_is_an_echec_o_cube_move_through_the_session() {
    let out = session(
        EchecOCube::start(),
        "claim\nP D5-E5\nF E5-E6\nP D6-E6\nF D5-D6\nclaim\nquit\n",
    );
    // At the start nothing is claimable: the game refuses the move with its rule.
    assert!(
        out.contains("claim is illegal: there are no points to claim (EOC-17)"),
        "{out}"
    );
    assert!(out.contains("claimable: "), "{out}");
    // The fifth move is the claim, and One scores the closed square's points.
    assert!(out.contains("5. claim\n"), "{out}");
    let after = out.split("5. claim\n").nth(1).unwrap();
    let points = after
        .lines()
        .find_map(|l| l.strip_prefix("One: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("{after}"));
    assert!(points > 0, "{after}");
    assert!(!out.contains("no draw can be claimed"), "{out}");
}

// C3-17: threefold repetition may be claimed; the command is `draw`, and
// the status line says so when a draw can be claimed.
#[test]
fn draw_claims_a_chess3d_draw() {
    let dance = "N2/A8-N2/B6\nN2/A1-N2/B3\nN2/B6-N2/A8\nN2/B3-N2/A1\n";
    let out = session(
        Chess3d::start(),
        &format!("draw\n{dance}{dance}draw\nquit\n"),
    );
    // Refused at the start, offered and taken once the start came back twice.
    assert_eq!(
        out.matches("no draw can be claimed here").count(),
        1,
        "{out}"
    );
    assert!(out.contains(": type draw"), "{out}");
    assert!(
        out.contains("draw claimed: threefold repetition claimed"),
        "{out}"
    );
    assert!(out.contains("game over: undo, save FILE or quit?"), "{out}");
}

// A move typed without its piece letter (ÉCHEC O CUBE) gets the legal moves
// it could be (EOC-20).
#[test]
fn a_move_without_its_piece_letter_or_levels_gets_a_did_you_mean() {
    let out = session(EchecOCube::start(), "D5-E5\nd5-e5\nA1-A2\nquit\n");
    assert!(
        out.contains(
            "cannot read \"D5-E5\": \"D5-E5\": unknown piece letter 'D', expected P, F or R \
             (EOC-20)\ndid you mean: P D5-E5, F D5-E5?\n"
        ),
        "{out}"
    );
    assert_eq!(out.matches("did you mean: P D5-E5, F D5-E5?").count(), 2);
    // EOC-7: the first piece may go anywhere, so A1-A2 is legal too.
    assert!(out.contains("did you mean: P A1-A2, F A1-A2?"), "{out}");
    // chess3d reads a move without levels itself when one level makes it
    // legal (C3-20), and says why not otherwise: nothing to suggest.
    let out = session(Chess3d::start(), "E7-E5\nE2-E4\nE2-E5\nquit\n");
    assert!(out.contains("1. Black to move> 1. N2/E7-N2/E5\n"), "{out}");
    assert!(out.contains("1... N2/E2-N2/E4\n"), "{out}");
    assert!(out.contains("cannot read \"E2-E5\""), "{out}");
    assert_eq!(out.matches("did you mean").count(), 0, "{out}");
}

// Undo takes back the computer's reply with the person's move and names
// both, in the order they were played; redo names what it plays again.
#[test]
fn undo_and_redo_name_the_moves() {
    let out = session_against(
        Kybo::start(),
        "D4\nundo\nredo\nundo\nundo\nquit\n",
        Opponent::Computer(Budget::nodes(20)),
    );
    let reply = out
        .lines()
        .find_map(|l| l.strip_prefix("2. computer plays "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out.contains(&format!("taken back: D4 and {reply}\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("played again: D4 and {reply}\n")),
        "{out}"
    );
    assert!(out.contains("nothing to take back"), "{out}");
}

// Issue #38: the French command words work beside the English ones, in
// both languages, and resigning names the loser and the winner.
#[test]
fn french_and_english_command_words_work_in_both_languages() {
    let input = "plateau\nD4\nannuler\nrétablir\naide\n? D5\nnulle\nABANDONNER\n";
    let out = session_in(Kybo::start(), input, Opponent::Person, Lang::Fr);
    assert!(out.contains("> annulé : D4\n"), "{out}");
    assert!(out.contains("> rejoué : D4\n"), "{out}");
    // KY-4: after D4, Black's cube touches it: E4, D5, C4... at D5 one move.
    assert!(out.contains("coups légaux en "), "{out}");
    assert!(out.contains("1 coup légal en D5 : D5"), "{out}");
    assert!(
        out.contains("aucune nulle ne peut être réclamée ici"),
        "{out}"
    );
    assert!(out.contains("Noir abandonne, Blanc gagne\n"), "{out}");
    assert!(!out.contains("impossible de lire"), "{out}");
    // The help line shows the French words.
    let help = out.lines().next().unwrap();
    for word in CommandWords::shown(Lang::Fr) {
        assert!(help.contains(&word), "{word} not in {help}");
    }
    // The same French words in an English session, and the English ones in French.
    let out = session(Kybo::start(), "D4\nannuler\nrétablir\nnulle\nquitter\n");
    assert!(out.contains("taken back: D4\n"), "{out}");
    assert!(out.contains("played again: D4\n"), "{out}");
    assert!(out.contains("no draw can be claimed here"), "{out}");
    assert!(!out.contains("cannot read"), "{out}");
    let out = session_in(
        Kybo::start(),
        "D4\nundo\nresign\n",
        Opponent::Person,
        Lang::Fr,
    );
    assert!(out.contains("annulé : D4\n"), "{out}");
    assert!(out.contains("Blanc abandonne, Noir gagne\n"), "{out}");
    let help = session(Kybo::start(), "quit\n");
    for word in CommandWords::shown(Lang::En) {
        assert!(
            help.lines().next().unwrap().contains(&word),
            "{word}: {help}"
        );
    }
}

// Issue #38: moves typed with spaces read as without; chess3d's French
// piece letters (C cavalier…) read in French; a short move that matches
// nothing says whose turn it is (C3-13: Black moves first, C3-20).
#[test]
fn spaced_moves_french_letters_and_short_moves_that_match_nothing() {
    let out = session_in(
        EchecOCube::start(),
        "p d5 e5\nquitter\n",
        Opponent::Person,
        Lang::Fr,
    );
    assert!(out.contains("> 1. P D5-E5\n"), "{out}");
    let out = session_in(
        Chess3d::start(),
        "e4\ne7 e5\nCb6\nquitter\n",
        Opponent::Person,
        Lang::Fr,
    );
    assert!(
        out.contains(
            "Noir joue en premier ; e4 n'est aucun des coups légaux de Noir (? les liste)\n"
        ),
        "{out}"
    );
    assert!(out.contains("> 1. N2/E7-N2/E5\n"), "{out}");
    // Cb6 is Black's knight... after White's move; here White moves, so it
    // matches nothing, and the line names White's turn.
    assert!(
        out.contains("trait : Blanc ; Cb6 n'est aucun des coups légaux de Blanc"),
        "{out}"
    );
    // The refusal quotes what was typed, not its reading (Nb6).
    assert!(
        out.contains("impossible de lire \"Cb6\" : Cb6 : aucun coup"),
        "{out}"
    );
    // The board and its legend show the French letters; the record the notation's.
    assert!(out.contains("   c t r d t f f c   "), "{out}");
    assert!(
        out.contains("R roi, D dame, T tour, F fou, C cavalier"),
        "{out}"
    );
    let out = session_in(
        Chess3d::start(),
        "Cb6\nCb3\nquitter\n",
        Opponent::Person,
        Lang::Fr,
    );
    assert!(out.contains("> 1. N2/A8-N2/B6\n"), "{out}");
    assert!(out.contains("> 1... N2/A1-N2/B3\n"), "{out}");
    // In English the letters are the notation's, and the reason is in English.
    let out = session(Chess3d::start(), "e4\nNb6\nquit\n");
    assert!(
        out.contains("Black moves first: e4 is none of Black's legal moves (? lists them)\n"),
        "{out}"
    );
    assert!(out.contains("> 1. N2/A8-N2/B6\n"), "{out}");
}

// Issue #38: each game's goal in one line at the start; EOC-16: an
// announced closing's bonus turn is named (the computer's goes through the
// same `bonus_turn`).
#[test]
fn the_goal_is_said_and_a_bonus_turn_named() {
    let out = session(
        EchecOCube::start(),
        "P D5-E5\nF E5-E6\nP D6-E6\nF D5-D6!\nquit\n",
    );
    let goal = out.lines().nth(1).unwrap();
    assert!(
        goal.starts_with("goal: place pieces on the grooves to close squares"),
        "{goal}"
    );
    assert_eq!(out.matches("plays again (EOC-16)").count(), 1, "{out}");
    let after = out.split("4. F D5-D6!\n").nth(1).unwrap();
    assert!(after.contains("bonus turn: "), "{after}");
    let out = session_in(
        EchecOCube::start(),
        "P D5-E5\nF E5-E6\nP D6-E6\nF D5-D6!\nquitter\n",
        Opponent::Person,
        Lang::Fr,
    );
    assert!(out.contains("tour bonus : "), "{out}");
    let out = session_in(Kybo::start(), "quitter\n", Opponent::Person, Lang::Fr);
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .contains("la rangée 1 à la rangée 8 ou la colonne A à la colonne H"),
        "{out}"
    );
    let out = session_in(Chess3d::start(), "quitter\n", Opponent::Person, Lang::Fr);
    assert!(
        out.lines().nth(1).unwrap().contains("échec et mat")
            && out.contains("Noir joue en premier"),
        "{out}"
    );
}
