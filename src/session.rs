//! The game loops of the examples, written once for every game: an agent
//! against an agent (`demo`), a person against an agent or a person (`play`),
//! and the check of a record (`replay`).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use board_core::{excerpt, Agent, Budget, Explain, Game, Outcome};
use board_l10n::{Catalogue, Lang, Value};

use crate::commands::{Command, CommandWords};
use crate::input::{read_line, FileError, MAX_LINE_BYTES};
use board_core::GameMatch;

use crate::{record_text, Kit};

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

/// The words of the terminal in one language: every sentence from the
/// catalogue (`board-l10n`, `terminal.ftl` and the rules' refusals).
/// Notation, the boards' grids and the move numbers are the same in every
/// language.
pub struct Words {
    catalogue: Catalogue,
    commands: CommandWords,
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Words").field("lang", &self.lang()).finish()
    }
}

impl Words {
    /// The words of `lang`.
    #[must_use]
    pub fn new(lang: Lang) -> Words {
        Words {
            catalogue: Catalogue::new(lang),
            commands: CommandWords::new(),
        }
    }

    /// Their language.
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.catalogue.lang()
    }

    /// Their catalogue.
    #[must_use]
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// One move of a game as `demo` and `replay` show it: its number
    /// before it is played from `position` after `ply` moves, who plays
    /// it, the move (`3. White: D3`; `3. Blanc : D3`).
    fn move_label<K: Kit>(
        &self,
        position: &K,
        ply: usize,
        player: &impl Explain,
        mv: &impl std::fmt::Display,
    ) -> String {
        let number = position.move_number(ply);
        let player = self.explain(player);
        let mv = mv.to_string();
        self.say(
            "term-move-label",
            &[("number", &number), ("player", &player), ("move", &mv)],
        )
    }

    /// Message `id` with text arguments.
    fn say(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, Value)> = args
            .iter()
            .map(|(name, value)| (*name, Value::Text((*value).to_owned())))
            .collect();
        self.catalogue.format(id, &args)
    }

    /// Message `id` with a number `count` and text arguments.
    fn count(&self, id: &str, count: usize, args: &[(&str, &str)]) -> String {
        let mut all: Vec<(&str, Value)> = vec![("count", Value::Number(count as f64))];
        all.extend(
            args.iter()
                .map(|(name, value)| (*name, Value::Text((*value).to_owned()))),
        );
        self.catalogue.format(id, &all)
    }

    /// What `value` explains (an error, a player, an outcome).
    fn explain(&self, value: &impl Explain) -> String {
        self.catalogue.explain(value)
    }

    /// The board: in English the game's own text (its `Display`), its
    /// legend and status line; in another language the grid of that text
    /// (through its last line of file letters), then the catalogue's legend
    /// and status.
    fn board<K: Kit>(&self, position: &K) -> String {
        let display = position.to_string();
        if self.lang() == Lang::En {
            let mut text = display.trim_end().to_owned();
            if let Some(legend) = K::LEGEND {
                text = format!("{text}\n{legend}");
            }
            return format!("{text}\n{}", position.status());
        }
        self.catalogue
            .terminal_board(K::NAME, &display, &position.status_words())
    }

    /// The board alone, as `replay` shows it after a move: in English the
    /// game's own text (its `Display`); in another language its grid.
    fn grid<K: Kit>(&self, position: &K) -> String {
        let display = position.to_string();
        if self.lang() == Lang::En {
            display
        } else {
            self.catalogue.terminal_grid(K::NAME, &display)
        }
    }

    /// The status line of `position`.
    fn status<K: Kit>(&self, position: &K) -> String {
        if self.lang() == Lang::En {
            return position.status();
        }
        self.catalogue.status_line(&position.status_words())
    }
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
    words: &Words,
    out: &mut dyn Write,
) -> io::Result<Option<OutcomeOf<K>>> {
    let mut game = K::Match::new(K::start());
    let first = game.turn();
    let mut strong = K::computer(seed);
    let mut weak = K::computer(seed.wrapping_add(1));
    let title = words.say(
        "term-demo-title",
        &[("game", K::NAME), ("seed", &seed.to_string())],
    );
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
        let label = words.move_label(position, game.moves().len(), &game.turn(), &mv);
        if let Err(e) = game.play(mv) {
            let e = words.explain(&e);
            let line = words.say(
                "term-agent-illegal",
                &[("move", &mv.to_string()), ("error", &e)],
            );
            writeln!(out, "{line}")?;
            return Ok(None);
        }
        if let Show::Watch { delay } = show {
            let board = words.board(game.position());
            // The status line last, under the move.
            let (grid, status) = board.rsplit_once('\n').unwrap_or((&board, ""));
            write!(out, "{CLEAR}{title}\n{grid}\n{label}\n{status}\n")?;
            out.flush()?;
            std::thread::sleep(delay);
        }
    }
    if show == Show::Quiet {
        // One short block: the result, then the moves, wrapped.
        let plies = game.moves().len();
        let result = match game.outcome() {
            Some(o) => words.explain(&o),
            None => words.count("term-stopped", plies, &[]),
        };
        writeln!(out, "{result} | {}", words.status(game.position()))?;
        let texts: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        writeln!(out, "{}", words.count("term-moves", texts.len(), &[]))?;
        for line in wrap_with(&texts, ", ", 98) {
            writeln!(out, "  {line}")?;
        }
        return Ok(game.outcome());
    }
    writeln!(out, "--- {} ---", words.say("term-record", &[]))?;
    writeln!(out, "{}", game.record())?;
    writeln!(out, "--- {} ---", words.say("term-result", &[]))?;
    writeln!(out, "{}", words.status(game.position()))?;
    match game.outcome() {
        Some(o) => writeln!(out, "{}", words.explain(&o))?,
        None => writeln!(
            out,
            "{}",
            words.count("term-stopped", game.moves().len(), &[])
        )?,
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

/// The most moves a "did you mean" lists.
const MAX_SUGGESTIONS: usize = 8;

/// A person plays `K` from `start` on `input`/`out`. `human_first` says which side the
/// person takes against the computer. Commands ([`CommandWords`], in
/// either language): a move, `?`, `? PLACE`, `undo`, `redo`, `draw` (claim
/// a draw), `resign`, `save FILE`, `board`, `quit`. A move the
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
    words: &Words,
) -> io::Result<Option<OutcomeOf<K>>> {
    let mut game = K::Match::new(start);
    let first = game.turn();
    let mut computer = K::computer(seed);
    let is_human = |g: &K::Match| match opponent {
        Opponent::Person => true,
        Opponent::Computer(_) => (g.turn() == first) == human_first,
    };
    writeln!(out, "{}", words.say("term-commands", &[("game", K::NAME)]))?;
    writeln!(out, "{}", words.say(&format!("term-goal-{}", K::NAME), &[]))?;
    show(&game, words, out)?;
    let mut line = String::new();
    // The record as last saved, so that leaving does not save it twice.
    let mut saved = String::new();
    loop {
        if let Some(outcome) = game.outcome() {
            let outcome = words.explain(&outcome);
            writeln!(
                out,
                "{outcome}\n{}",
                words.say("term-game-over-prompt", &[])
            )?;
        } else if !is_human(&game) {
            let Opponent::Computer(budget) = opponent else {
                unreachable!("a person moves when there is no computer")
            };
            let Some(mv) = computer.choose(game.position(), budget) else {
                break;
            };
            let number = game.position().move_number(game.moves().len());
            let mover = game.turn();
            game.play(mv)
                .map_err(|e| io::Error::other(format!("agent move {mv}: {e}")))?;
            let line = words.say(
                "term-computer-plays",
                &[("number", &number), ("move", &mv.to_string())],
            );
            writeln!(out, "{line}")?;
            show(&game, words, out)?;
            bonus_turn(&game, mover, words, out)?;
            continue;
        } else {
            let number = game.position().move_number(game.moves().len());
            let player = words.explain(&game.turn());
            let prompt = words.say("term-prompt", &[("number", &number), ("player", &player)]);
            write!(out, "{prompt}> ")?;
        }
        out.flush()?;
        if !read_line(input, &mut line, MAX_LINE_BYTES)? {
            writeln!(out)?;
            keep_record(&game, &saved, words, out)?;
            return Ok(game.outcome());
        }
        let over = game.outcome().is_some();
        match words.commands.read(&line) {
            Command::Nothing => {}
            Command::Quit => {
                keep_record(&game, &saved, words, out)?;
                return Ok(game.outcome());
            }
            Command::Board => show(&game, words, out)?,
            Command::Undo => {
                // Back to the person's previous turn, taking back the replies.
                let mut undone = Vec::new();
                while let Some(mv) = game.undo() {
                    undone.push(mv);
                    if is_human(&game) {
                        break;
                    }
                }
                if undone.is_empty() {
                    writeln!(out, "{}", words.say("term-nothing-to-take-back", &[]))?;
                } else {
                    // Named in the order they were played.
                    undone.reverse();
                    let list = and_list(&undone, words);
                    writeln!(out, "{}", words.say("term-taken-back", &[("moves", &list)]))?;
                    show(&game, words, out)?;
                }
            }
            Command::Redo => {
                let mut redone = Vec::new();
                while let Some(mv) = game.redo() {
                    redone.push(mv);
                    if is_human(&game) || game.outcome().is_some() {
                        break;
                    }
                }
                if redone.is_empty() {
                    writeln!(out, "{}", words.say("term-nothing-to-redo", &[]))?;
                } else {
                    let list = and_list(&redone, words);
                    writeln!(
                        out,
                        "{}",
                        words.say("term-played-again", &[("moves", &list)])
                    )?;
                    show(&game, words, out)?;
                }
            }
            Command::Save(path) => match std::fs::write(path, format!("{}\n", game.record())) {
                Ok(()) => {
                    saved = record_text(&game);
                    writeln!(out, "{}", words.say("term-record-saved", &[("path", path)]))?;
                }
                Err(e) => {
                    let error = words.explain(&FileError::io(&excerpt(path), &e, true));
                    let args = [("path", excerpt(path)), ("error", error)];
                    let args: Vec<(&str, &str)> =
                        args.iter().map(|(n, v)| (*n, v.as_str())).collect();
                    writeln!(out, "{}", words.say("term-cannot-save", &args))?
                }
            },
            _ if over => writeln!(out, "{}", words.say("term-game-is-over", &[]))?,
            Command::Help(place) => list_moves(game.position(), place, words, out)?,
            Command::Draw => match game.claim_draw() {
                Some(reason) => {
                    let reason = words.explain(&reason);
                    writeln!(
                        out,
                        "{}",
                        words.say("term-draw-claimed", &[("reason", &reason)])
                    )?
                }
                None => writeln!(out, "{}", words.say("term-no-draw", &[]))?,
            },
            Command::Resign => {
                // The player to move gives up: the game ends here, its record kept.
                let loser = words.explain(&game.turn());
                let winner = words.explain(&!game.turn());
                let line = words.say("term-resigned", &[("loser", &loser), ("winner", &winner)]);
                writeln!(out, "{line}")?;
                keep_record(&game, &saved, words, out)?;
                return Ok(game.outcome());
            }
            Command::Move(typed) => {
                // The first reading the game can read, or the first's refusal.
                let texts = crate::typed::readings(typed, K::NAME, &words.catalogue);
                let read = texts
                    .iter()
                    .find_map(|text| game.parse_move(text).ok().map(|mv| (mv, text.as_str())))
                    .ok_or_else(|| game.parse_move(&texts[0]).err());
                match read {
                    Err(e) => {
                        let quoted = format!("{:?}", excerpt(typed));
                        let why = e.map(|e| {
                            let message = e.explain();
                            (message.id.ends_with("-unclear-none"), words.explain(&e))
                        });
                        let (no_match, e) = why.unwrap_or((false, String::new()));
                        // The refusal quotes what was typed, not its reading.
                        let e = if texts[0] == typed.trim() {
                            e
                        } else {
                            e.replace(&texts[0], typed.trim())
                        };
                        let line =
                            words.say("term-cannot-read", &[("text", &quoted), ("error", &e)]);
                        writeln!(out, "{line}")?;
                        if no_match {
                            let player = words.explain(&game.turn());
                            let id = if game.moves().is_empty() {
                                "term-no-match-first"
                            } else {
                                "term-no-match"
                            };
                            let text = excerpt(typed.trim());
                            writeln!(
                                out,
                                "{}",
                                words.say(id, &[("player", &player), ("text", &text)])
                            )?;
                        }
                        let last = texts.last().map_or(typed, String::as_str);
                        did_you_mean(game.position(), last, words, out)?;
                    }
                    Ok((mv, text)) => {
                        let number = game.position().move_number(game.moves().len());
                        let mover = game.turn();
                        match game.play(mv) {
                            Ok(()) => {
                                writeln!(out, "{number} {mv}")?;
                                show(&game, words, out)?;
                                bonus_turn(&game, mover, words, out)?;
                            }
                            Err(e) => {
                                let e = words.explain(&e);
                                let quoted = excerpt(typed.trim());
                                let line =
                                    words.say("term-illegal", &[("text", &quoted), ("error", &e)]);
                                writeln!(out, "{line}")?;
                                did_you_mean(game.position(), text, words, out)?;
                            }
                        }
                    }
                }
            }
        }
    }
    keep_record(&game, &saved, words, out)?;
    Ok(game.outcome())
}

/// The board, its legend and the status line.
fn show<M: GameMatch>(game: &M, words: &Words, out: &mut dyn Write) -> io::Result<()>
where
    M::Position: Kit,
{
    let mut board = words.board(game.position());
    // A draw the rules let the player to move claim (chess3d), found on a copy.
    if let Some(reason) = game.clone().claim_draw() {
        let reason = words.explain(&reason);
        board += " | ";
        board += &words.say("term-draw-may-be-claimed", &[("reason", &reason)]);
    }
    writeln!(out, "{board}")
}

/// After `mover` played: a line naming the bonus turn when the game goes
/// on with `mover` to move again (ÉCHEC O CUBE's announced closing, EOC-16).
fn bonus_turn<M: GameMatch>(
    game: &M,
    mover: M::Player,
    words: &Words,
    out: &mut dyn Write,
) -> io::Result<()>
where
    M::Player: Explain,
{
    if game.outcome().is_none() && game.turn() == mover {
        let player = words.explain(&mover);
        writeln!(
            out,
            "{}",
            words.say("term-bonus-turn", &[("player", &player)])
        )?;
    }
    Ok(())
}

/// `moves` named for a sentence: `A`, `A and B`, `A, B and C`.
fn and_list<M: std::fmt::Display>(moves: &[M], words: &Words) -> String {
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => words.say(
            "term-and-list",
            &[("rest", &rest.join(", ")), ("last", last)],
        ),
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
fn did_you_mean<K: Kit>(
    position: &K,
    typed: &str,
    words: &Words,
    out: &mut dyn Write,
) -> io::Result<()> {
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
        n if n <= MAX_SUGGESTIONS => {
            let moves = candidates.join(", ");
            writeln!(
                out,
                "{}",
                words.say("term-did-you-mean", &[("moves", &moves)])
            )
        }
        n => {
            let moves = candidates[..MAX_SUGGESTIONS].join(", ");
            writeln!(
                out,
                "{}",
                words.count("term-did-you-mean-more", n, &[("moves", &moves)])
            )
        }
    }
}

/// On leaving `play`: a game with moves, unless saved as it stands, is saved
/// to a file named in the message.
fn keep_record<M: GameMatch>(
    game: &M,
    saved: &str,
    words: &Words,
    out: &mut dyn Write,
) -> io::Result<()> {
    if game.moves().is_empty() || record_text(game) == saved {
        return Ok(());
    }
    let path = unsaved_record_path();
    match std::fs::write(&path, format!("{}\n", game.record())) {
        Ok(()) => {
            let path = path.display().to_string();
            let command = replay_command(&path, words.lang());
            let line = words.say(
                "term-record-kept",
                &[("path", &path), ("command", &command)],
            );
            writeln!(out, "{line}")
        }
        Err(e) => {
            let e = words.explain(&FileError::io(&path.display().to_string(), &e, true));
            let head = words.say("term-record-not-kept", &[("error", &e)]);
            writeln!(out, "--- {head} ---\n{}", game.record())
        }
    }
}

/// The command that shows a record saved at `path` again, as the player
/// who ran `play` runs it: `replay` through cargo, in the same profile,
/// with `--lang` when the environment would speak another language.
///
/// ```
/// use board_l10n::Lang;
///
/// let command = board_games::session::replay_command("/tmp/game.txt", Lang::En);
/// assert!(command.starts_with("cargo run"), "{command}");
/// assert!(command.contains(" --example replay -- /tmp/game.txt"), "{command}");
/// ```
#[must_use]
pub fn replay_command(path: &str, lang: Lang) -> String {
    let release = if cfg!(debug_assertions) {
        ""
    } else {
        " --release"
    };
    let lang = if Lang::from_env() == lang {
        String::new()
    } else {
        format!(" --lang {lang}")
    };
    format!("cargo run{release} --example replay -- {path}{lang}")
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
fn list_moves<K: Kit>(
    position: &K,
    place: Option<&str>,
    words: &Words,
    out: &mut dyn Write,
) -> io::Result<()> {
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
            let place = excerpt(&wanted);
            return writeln!(
                out,
                "{}",
                words.say("term-no-legal-move-at", &[("place", &place)])
            );
        }
        let texts: Vec<&str> = found.iter().map(|s| s.as_str()).collect();
        let line = words.count(
            "term-legal-moves-at",
            texts.len(),
            &[("place", &wanted), ("moves", &texts.join(" "))],
        );
        return writeln!(out, "{line}");
    }
    let places = groups.len().to_string();
    let line = words.count(
        "term-legal-moves-by-place",
        moves.len(),
        &[("places", &places)],
    );
    writeln!(out, "{line}")?;
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
    writeln!(out, "{}", words.say("term-type-place", &[]))
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
    words: &Words,
) -> Result<Option<OutcomeOf<K>>, String> {
    let finished = crate::replay_words::<K::Match>(text, &words.catalogue)?;
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
    let board = words.board(game.position());
    // The start: the board and its legend; the status line comes at the end.
    let start = board
        .rsplit_once('\n')
        .map_or(board.as_str(), |(grid, _)| grid);
    writeln!(out, "{start}").map_err(io)?;
    picture(&game)?;
    for &mv in finished.moves() {
        let label = words.move_label(game.position(), game.moves().len(), &game.turn(), &mv);
        game.play(mv)
            .map_err(|e| format!("{label}: {}", words.explain(&e)))?;
        writeln!(out, "{label}\n{}", words.grid(game.position())).map_err(io)?;
        picture(&game)?;
    }
    writeln!(out, "{}", words.status(game.position())).map_err(io)?;
    match game.outcome() {
        Some(o) => writeln!(out, "{}", words.explain(&o)).map_err(io)?,
        None => writeln!(out, "{}", words.say("term-not-finished", &[])).map_err(io)?,
    }
    Ok(game.outcome())
}

#[cfg(test)]
mod tests {
    use super::{and_list, bare_move_text, wrap, wrap_with, Words};
    use board_l10n::Lang;

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
        let en = Words::new(Lang::En);
        assert_eq!(and_list::<&str>(&[], &en), "");
        assert_eq!(and_list(&["D4"], &en), "D4");
        assert_eq!(and_list(&["D4", "E5"], &en), "D4 and E5");
        assert_eq!(and_list(&["D4", "E5", "F6"], &en), "D4, E5 and F6");
        let fr = Words::new(Lang::Fr);
        assert_eq!(and_list(&["D4", "E5", "F6"], &fr), "D4, E5 et F6");
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
