//! The game loops of the examples, written once for every game: an agent
//! against an agent (`demo`), a person against an agent or a person (`play`),
//! and the check of a record (`replay`).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use board_core::{excerpt, Agent, Budget, Game, Outcome};

use crate::input::{read_line, MAX_LINE_BYTES};
use board_core::GameMatch;

use crate::{record_text, replay_text, Kit};

/// The outcome type of a game.
pub type OutcomeOf<K> = Outcome<<K as Game>::Player, <K as Game>::EndReason>;

/// How `demo` shows a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Redraw one board in place after every move, then wait `delay` (for a terminal).
    Watch {
        /// The pause after each move.
        delay: Duration,
    },
    /// One short block a game: the result with the final status line, then
    /// the moves, wrapped; no board (for a pipe or a log).
    Quiet,
}

/// Clears a terminal and puts the cursor at its top left.
const CLEAR: &str = "\x1b[H\x1b[2J";

/// Plays `K` from its start to the end between two of the game's computer
/// agents (the first with a budget of `nodes` a move, the second with half
/// as many), shown as `show` says: watched, with the record and the result
/// after the last board; quiet, as one short block.
/// The same seed and budget give the same game.
///
/// # Errors
/// Writing to `out` failed.
pub fn demo<K: Kit>(
    seed: u64,
    nodes: u64,
    show: Show,
    out: &mut dyn Write,
) -> io::Result<Option<OutcomeOf<K>>> {
    let mut game = K::Match::new(K::start());
    let first = game.turn();
    let mut strong = K::computer(seed);
    let mut weak = K::computer(seed.wrapping_add(1));
    let title = format!("=== {} (seed {seed}) ===", K::NAME);
    writeln!(out, "{title}")?;
    while game.outcome().is_none() && K::MAX_PLIES.is_none_or(|bound| game.moves().len() < bound) {
        let position = game.position();
        let choice = if game.turn() == first {
            strong.choose(position, Budget::nodes(nodes))
        } else {
            weak.choose(position, Budget::nodes((nodes / 2).max(1)))
        };
        let Some(mv) = choice else {
            break;
        };
        let label = format!(
            "{} {}: {mv}",
            position.move_number(game.moves().len()),
            game.turn()
        );
        if let Err(e) = game.play(mv) {
            writeln!(out, "agent chose an illegal move {mv}: {e}")?;
            return Ok(None);
        }
        if let Show::Watch { delay } = show {
            let legend = K::LEGEND.map_or(String::new(), |l| format!("{l}\n"));
            write!(
                out,
                "{CLEAR}{title}\n{}\n{legend}{label}\n{}\n",
                game.position().to_string().trim_end(),
                game.position().status()
            )?;
            out.flush()?;
            std::thread::sleep(delay);
        }
    }
    if show == Show::Quiet {
        // One short block: the result, then the moves, wrapped.
        let result = match game.outcome() {
            Some(o) => o.to_string(),
            None => format!("stopped after {} moves", game.moves().len()),
        };
        writeln!(out, "{result} | {}", game.position().status())?;
        let texts: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        writeln!(out, "{} moves:", texts.len())?;
        for line in wrap_with(&texts, ", ", 98) {
            writeln!(out, "  {line}")?;
        }
        return Ok(game.outcome());
    }
    writeln!(out, "--- record ---")?;
    writeln!(out, "{}", game.record())?;
    writeln!(out, "--- result ---")?;
    writeln!(out, "{}", game.position().status())?;
    match game.outcome() {
        Some(o) => writeln!(out, "{o}")?,
        None => writeln!(out, "stopped after {} moves", game.moves().len())?,
    }
    Ok(game.outcome())
}

/// Who plays in an interactive game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opponent {
    /// The game's computer ([`Computer::computer`](board_core::Computer::computer)) plays the other side
    /// with this budget a move.
    Computer(Budget),
    /// Two people share the terminal.
    Person,
}

/// The most lines `?` prints: a screen.
const SCREEN_LINES: usize = 20;

/// The commands of `play`, as its banner lists them.
const COMMANDS: &str = "type a move; ? lists the legal moves by place, ? PLACE those of one \
place; undo, redo, draw (claim a draw, where the rules allow one), save FILE, board, quit";

/// The words `play` reads as its own commands before trying a move (`save`
/// and `?` also take an argument). None of them may be a move text of any
/// game, or that move could not be typed: `tests/session.rs` checks it.
pub const COMMAND_WORDS: [&str; 10] = [
    "quit", "exit", "board", "undo", "redo", "save", "?", "help", "draw", "",
];

/// The most moves a "did you mean" lists.
const MAX_SUGGESTIONS: usize = 8;

/// A person plays `K` from `start` on `input`/`out`. `human_first` says which side the
/// person takes against the computer. Commands: a move, `?`, `? PLACE`, `undo`,
/// `redo`, `draw` (claim a draw), `save FILE`, `board`, `quit`. A move the
/// game cannot read or refuses gets the reason and, when legal moves match it
/// but for their piece letter or levels, a "did you mean" listing them. At the end
/// of a game the person may still undo, save or quit; quitting (or the end of
/// the input) with moves played saves the record to a file named in the
/// message, so nothing is lost.
///
/// # Errors
/// Reading or writing failed, or an input line is longer than
/// [`MAX_LINE_BYTES`] or not UTF-8.
pub fn interactive<K: Kit>(
    start: K,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    opponent: Opponent,
    human_first: bool,
    seed: u64,
) -> io::Result<Option<OutcomeOf<K>>> {
    let mut game = K::Match::new(start);
    let first = game.turn();
    let mut computer = K::computer(seed);
    let is_human = |g: &K::Match| match opponent {
        Opponent::Person => true,
        Opponent::Computer(_) => (g.turn() == first) == human_first,
    };
    writeln!(out, "{}: {COMMANDS}", K::NAME)?;
    show(&game, out)?;
    let mut line = String::new();
    // The record as last saved, so that leaving does not save it twice.
    let mut saved = String::new();
    loop {
        if let Some(outcome) = game.outcome() {
            writeln!(out, "{outcome}\ngame over: undo, save FILE or quit?")?;
        } else if !is_human(&game) {
            let Opponent::Computer(budget) = opponent else {
                unreachable!("a person moves when there is no computer")
            };
            let Some(mv) = computer.choose(game.position(), budget) else {
                break;
            };
            let number = game.position().move_number(game.moves().len());
            game.play(mv)
                .map_err(|e| io::Error::other(format!("agent move {mv}: {e}")))?;
            writeln!(out, "{number} computer plays {mv}")?;
            show(&game, out)?;
            continue;
        } else {
            write!(
                out,
                "{} {} to move> ",
                game.position().move_number(game.moves().len()),
                game.turn()
            )?;
        }
        out.flush()?;
        if !read_line(input, &mut line, MAX_LINE_BYTES)? {
            writeln!(out)?;
            keep_record(&game, &saved, out)?;
            return Ok(game.outcome());
        }
        let command = line.trim();
        let over = game.outcome().is_some();
        match command {
            "" => {}
            "quit" | "exit" => {
                keep_record(&game, &saved, out)?;
                return Ok(game.outcome());
            }
            "board" => show(&game, out)?,
            "undo" => {
                // Back to the person's previous turn, taking back the replies.
                let mut undone = Vec::new();
                while let Some(mv) = game.undo() {
                    undone.push(mv);
                    if is_human(&game) {
                        break;
                    }
                }
                if undone.is_empty() {
                    writeln!(out, "nothing to take back")?;
                } else {
                    // Named in the order they were played.
                    undone.reverse();
                    writeln!(out, "taken back: {}", and_list(&undone))?;
                    show(&game, out)?;
                }
            }
            "redo" => {
                let mut redone = Vec::new();
                while let Some(mv) = game.redo() {
                    redone.push(mv);
                    if is_human(&game) || game.outcome().is_some() {
                        break;
                    }
                }
                if redone.is_empty() {
                    writeln!(out, "nothing to redo")?;
                } else {
                    writeln!(out, "played again: {}", and_list(&redone))?;
                    show(&game, out)?;
                }
            }
            _ if command.starts_with("save ") => {
                let path = command["save ".len()..].trim();
                match std::fs::write(path, format!("{}\n", game.record())) {
                    Ok(()) => {
                        saved = record_text(&game);
                        writeln!(out, "record saved to {path}")?;
                    }
                    Err(e) => writeln!(out, "cannot save to {}: {e}", excerpt(path))?,
                }
            }
            _ if over => writeln!(out, "the game is over: undo, save FILE or quit")?,
            "?" | "help" => list_moves(game.position(), None, out)?,
            _ if command.starts_with("? ") => {
                list_moves(game.position(), Some(command[2..].trim()), out)?
            }
            "draw" => match game.claim_draw() {
                Some(reason) => writeln!(out, "draw claimed: {reason}")?,
                None => writeln!(out, "no draw can be claimed here")?,
            },
            text => match game.parse_move(text) {
                Err(e) => {
                    writeln!(out, "cannot read {:?}: {e}", excerpt(text))?;
                    did_you_mean(game.position(), text, out)?;
                }
                Ok(mv) => {
                    let number = game.position().move_number(game.moves().len());
                    match game.play(mv) {
                        Ok(()) => {
                            writeln!(out, "{number} {mv}")?;
                            show(&game, out)?;
                        }
                        Err(e) => {
                            writeln!(out, "{} is illegal: {e}", excerpt(text))?;
                            did_you_mean(game.position(), text, out)?;
                        }
                    }
                }
            },
        }
    }
    keep_record(&game, &saved, out)?;
    Ok(game.outcome())
}

/// The board and the status line.
fn show<M: GameMatch>(game: &M, out: &mut dyn Write) -> io::Result<()>
where
    M::Position: Kit,
{
    let mut line = game.position().status();
    // A draw the rules let the player to move claim (chess3d), found on a copy.
    if let Some(reason) = game.clone().claim_draw() {
        line += &format!(" | a draw may be claimed ({reason}): type draw");
    }
    writeln!(out, "{}", game.position().to_string().trim_end())?;
    if let Some(legend) = M::Position::LEGEND {
        writeln!(out, "{legend}")?;
    }
    writeln!(out, "{line}")
}

/// `moves` named for a sentence: `A`, `A and B`, `A, B and C`.
fn and_list<M: std::fmt::Display>(moves: &[M]) -> String {
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A move text reduced to what a person may type of it: upper case, without
/// a leading piece letter (`P D4-E4`), level prefixes (`N2/E7`), spaces,
/// an announcement's `!`, and with a capture's `x` written `-`.
fn bare_move_text(text: &str) -> String {
    let upper = text.trim().to_ascii_uppercase();
    // A piece letter is one letter before a space.
    let rest = match upper.split_once(' ') {
        Some((letter, rest))
            if letter.len() == 1 && letter.chars().all(|c| c.is_ascii_alphabetic()) =>
        {
            rest
        }
        _ => upper.as_str(),
    };
    let mut bare = String::with_capacity(rest.len());
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // `N<digit>/`: a level.
        if chars[i] == 'N'
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && chars.get(i + 2) == Some(&'/')
        {
            i += 3;
            continue;
        }
        match chars[i] {
            c if c.is_whitespace() || c == '!' => {}
            'X' => bare.push('-'),
            c => bare.push(c),
        }
        i += 1;
    }
    bare
}

/// After a move that could not be read or played: the legal moves that
/// match `typed` but for their piece letter or levels, if there are any.
fn did_you_mean<K: Kit>(position: &K, typed: &str, out: &mut dyn Write) -> io::Result<()> {
    let wanted = bare_move_text(typed);
    if wanted.is_empty() {
        return Ok(());
    }
    let candidates: Vec<String> = position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .filter(|text| bare_move_text(text) == wanted && !text.eq_ignore_ascii_case(typed.trim()))
        .collect();
    match candidates.len() {
        0 => Ok(()),
        n if n <= MAX_SUGGESTIONS => writeln!(out, "did you mean: {}?", candidates.join(", ")),
        n => writeln!(
            out,
            "did you mean: {}, … ({n} moves)?",
            candidates[..MAX_SUGGESTIONS].join(", ")
        ),
    }
}

/// On leaving `play`: a game with moves, unless saved as it stands, is saved
/// to a file named in the message.
fn keep_record<M: GameMatch>(game: &M, saved: &str, out: &mut dyn Write) -> io::Result<()> {
    if game.moves().is_empty() || record_text(game) == saved {
        return Ok(());
    }
    let path = unsaved_record_path();
    match std::fs::write(&path, format!("{}\n", game.record())) {
        Ok(()) => writeln!(
            out,
            "record of this game saved to {} (replay it with: cargo run --example replay -- FILE)",
            path.display()
        ),
        Err(e) => writeln!(
            out,
            "--- record (could not be saved: {e}) ---\n{}",
            game.record()
        ),
    }
}

/// Where `play` keeps the record of a game left without `save`.
fn unsaved_record_path() -> PathBuf {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    std::env::temp_dir().join(format!("board-games-{}-{stamp}.txt", std::process::id()))
}

/// `?`: the legal moves grouped by the place they are played at, a screen at
/// most; `? PLACE`: the moves of one place.
fn list_moves<K: Kit>(position: &K, place: Option<&str>, out: &mut dyn Write) -> io::Result<()> {
    let moves = position.legal_moves();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for &mv in &moves {
        let at = position.place_of(mv);
        match groups.iter_mut().find(|(p, _)| *p == at) {
            Some((_, list)) => list.push(mv.to_string()),
            None => groups.push((at, vec![mv.to_string()])),
        }
    }
    if let Some(wanted) = place {
        let wanted = wanted.to_ascii_uppercase();
        let found: Vec<&String> = groups
            .iter()
            .filter(|(at, _)| at.eq_ignore_ascii_case(&wanted))
            .flat_map(|(_, list)| list)
            .chain(
                groups
                    .iter()
                    .filter(|(at, _)| !at.eq_ignore_ascii_case(&wanted))
                    .flat_map(|(_, list)| list)
                    .filter(|text| text.to_ascii_uppercase().contains(&wanted)),
            )
            .collect();
        if found.is_empty() {
            return writeln!(out, "no legal move at {}", excerpt(&wanted));
        }
        let texts: Vec<&str> = found.iter().map(|s| s.as_str()).collect();
        return writeln!(
            out,
            "{} legal moves at {wanted}: {}",
            texts.len(),
            texts.join(" ")
        );
    }
    writeln!(
        out,
        "{} legal moves at {} places:",
        moves.len(),
        groups.len()
    )?;
    if groups.len() <= SCREEN_LINES {
        for (at, list) in &groups {
            writeln!(out, "  {at}: {}", list.join(" "))?;
        }
        return Ok(());
    }
    let places: Vec<&str> = groups.iter().map(|(at, _)| at.as_str()).collect();
    for chunk in wrap(&places, 76).iter().take(SCREEN_LINES - 1) {
        writeln!(out, "  {chunk}")?;
    }
    writeln!(out, "type ? PLACE for the moves of one place")
}

/// `words` joined by spaces into lines of at most `width` characters.
fn wrap(words: &[&str], width: usize) -> Vec<String> {
    wrap_with(words, " ", width)
}

/// `words` joined by `separator` into lines of at most `width` characters
/// (a line ends with the separator's text before its trailing spaces).
fn wrap_with(words: &[&str], separator: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    let tail = separator.trim_end();
    for word in words {
        let last = lines.last_mut().expect("never empty");
        if !last.is_empty() && last.len() + separator.len() + word.len() + tail.len() > width {
            last.push_str(tail);
            lines.push((*word).to_owned());
        } else {
            if !last.is_empty() {
                last.push_str(separator);
            }
            last.push_str(word);
        }
    }
    lines
}

/// Replays a record, writing each position and the result; the error says
/// what in the record is wrong. With `pictures`, also writes one SVG picture
/// a position there (`000.svg` for the start, then one a move).
///
/// # Errors
/// The record is not a valid record of `K` (the message says where and why),
/// or writing failed.
pub fn replay<K: Kit>(
    text: &str,
    out: &mut dyn Write,
    pictures: Option<&Path>,
) -> Result<Option<OutcomeOf<K>>, String> {
    let finished = replay_text::<K::Match>(text)?;
    let io = |e: io::Error| e.to_string();
    let mut game = K::Match::new(finished.start().clone());
    let picture = |game: &K::Match| -> Result<(), String> {
        if let Some(dir) = pictures {
            let path = dir.join(format!("{:03}.svg", game.moves().len()));
            std::fs::write(&path, game.position().svg(game.moves().last().copied()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    };
    if let Some(dir) = pictures {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    writeln!(out, "{}", game.position().to_string().trim_end()).map_err(io)?;
    if let Some(legend) = K::LEGEND {
        writeln!(out, "{legend}").map_err(io)?;
    }
    picture(&game)?;
    for &mv in finished.moves() {
        let label = format!(
            "{} {}: {mv}",
            game.position().move_number(game.moves().len()),
            game.turn()
        );
        game.play(mv).map_err(|e| format!("{label}: {e}"))?;
        writeln!(out, "{label}\n{}", game.position()).map_err(io)?;
        picture(&game)?;
    }
    writeln!(out, "{}", game.position().status()).map_err(io)?;
    match game.outcome() {
        Some(o) => writeln!(out, "{o}").map_err(io)?,
        None => writeln!(out, "game not finished").map_err(io)?,
    }
    Ok(game.outcome())
}

#[cfg(test)]
mod tests {
    use super::{and_list, bare_move_text, wrap, wrap_with};

    #[test]
    fn wrap_keeps_lines_within_the_width() {
        let words = ["A1-B1", "B1-C1", "C1-D1", "D1-E1"];
        assert_eq!(wrap(&words, 11), ["A1-B1 B1-C1", "C1-D1 D1-E1"]);
        assert_eq!(wrap(&words, 5), ["A1-B1", "B1-C1", "C1-D1", "D1-E1"]);
        assert_eq!(wrap(&[], 5), [""]);
    }

    #[test]
    fn wrap_with_a_separator_ends_a_line_with_its_text() {
        let words = ["P A1-B1", "F B1-C1", "claim"];
        assert_eq!(wrap_with(&words, ", ", 17), ["P A1-B1, F B1-C1,", "claim"]);
        assert_eq!(wrap_with(&words, ", ", 30), ["P A1-B1, F B1-C1, claim"]);
    }

    #[test]
    fn moves_are_named_for_a_sentence() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["D4"]), "D4");
        assert_eq!(and_list(&["D4", "E5"]), "D4 and E5");
        assert_eq!(and_list(&["D4", "E5", "F6"]), "D4, E5 and F6");
    }

    #[test]
    fn a_bare_move_text_drops_piece_letters_levels_and_announcements() {
        assert_eq!(bare_move_text("P D4-E4"), "D4-E4");
        assert_eq!(bare_move_text(" f d4-e4! "), "D4-E4");
        assert_eq!(bare_move_text("N2/E7-N2/E5"), "E7-E5");
        assert_eq!(bare_move_text("N2/F5xN3/E7"), "F5-E7");
        assert_eq!(bare_move_text("n1/a2-n1/a3"), "A2-A3");
        // Not a piece letter: a word, a square; a knight's N without a level.
        assert_eq!(bare_move_text("claim"), "CLAIM");
        assert_eq!(bare_move_text("D4"), "D4");
        assert_eq!(bare_move_text("NE4"), "NE4");
        assert_eq!(bare_move_text(""), "");
    }
}
