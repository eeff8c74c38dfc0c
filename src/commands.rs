//! The commands `play` reads at its prompt, in every language at once: the
//! words of each come from the catalogues (`term-words-*` in
//! `terminal.ftl`, the first word of each the one its help line shows), and
//! a line is read against the words of both languages, so `quitter` and
//! `quit` both leave whatever `--lang` says.
//!
//! ```
//! use board_games::commands::{Command, CommandWords};
//!
//! let words = CommandWords::new();
//! assert_eq!(words.read("annuler"), Command::Undo);
//! assert_eq!(words.read("undo"), Command::Undo);
//! assert_eq!(words.read("enregistrer partie.txt"), Command::Save("partie.txt"));
//! assert_eq!(words.read("P D5-E5"), Command::Move("P D5-E5"));
//! ```

use board_l10n::{Catalogue, Lang};

/// A line typed at `play`'s prompt, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// An empty line.
    Nothing,
    /// Leave (saving the record of a game with unsaved moves).
    Quit,
    /// Show the board again.
    Board,
    /// Take back the person's last move and the replies to it.
    Undo,
    /// Play again what `Undo` took back.
    Redo,
    /// Claim a draw.
    Draw,
    /// The player to move gives up.
    Resign,
    /// The legal moves, all of them or those of one place.
    Help(Option<&'a str>),
    /// Save the record to a file.
    Save(&'a str),
    /// Anything else: a move text for the game to read.
    Move(&'a str),
}

/// The commands that have words, with their catalogue key (help and save
/// stand for themselves with any argument).
const KEYS: [(&str, Command<'static>); 8] = [
    ("term-words-quit", Command::Quit),
    ("term-words-board", Command::Board),
    ("term-words-undo", Command::Undo),
    ("term-words-redo", Command::Redo),
    ("term-words-draw", Command::Draw),
    ("term-words-resign", Command::Resign),
    ("term-words-help", Command::Help(None)),
    ("term-words-save", Command::Save("")),
];

/// The command words of every language, read from the catalogues.
#[derive(Clone, Debug)]
pub struct CommandWords {
    words: Vec<(String, Command<'static>)>,
}

impl Default for CommandWords {
    fn default() -> Self {
        CommandWords::new()
    }
}

impl CommandWords {
    /// The words of every language of the catalogues, with `?` for help.
    #[must_use]
    pub fn new() -> CommandWords {
        let mut words = vec![("?".to_owned(), Command::Help(None))];
        for lang in Lang::ALL {
            let catalogue = Catalogue::new(lang);
            for (key, kind) in KEYS {
                for word in catalogue.get(key).split_whitespace() {
                    words.push((word.to_lowercase(), kind));
                }
            }
        }
        CommandWords { words }
    }

    /// Every command word, lower case (the empty line aside).
    #[must_use]
    pub fn all(&self) -> Vec<&str> {
        self.words.iter().map(|(w, _)| w.as_str()).collect()
    }

    /// The word `lang` shows for each command, in the order of the keys
    /// (quit, board, undo, redo, draw, resign, help, save).
    #[must_use]
    pub fn shown(lang: Lang) -> Vec<String> {
        let catalogue = Catalogue::new(lang);
        KEYS.iter()
            .filter_map(|(key, _)| {
                catalogue
                    .get(key)
                    .split_whitespace()
                    .next()
                    .map(str::to_owned)
            })
            .collect()
    }

    /// Reads `line`: a command word (any case, either language) alone, or
    /// with its argument for help (`? D5`, `aide D5`) and save (`save
    /// FILE`, `enregistrer FICHIER`); anything else is a move text.
    #[must_use]
    pub fn read<'a>(&self, line: &'a str) -> Command<'a> {
        let line = line.trim();
        if line.is_empty() {
            return Command::Nothing;
        }
        let (head, rest) = match line.split_once(char::is_whitespace) {
            Some((head, rest)) => (head, rest.trim()),
            None => (line, ""),
        };
        // `?D5` is read as `? D5`.
        let (head, rest) = match line.strip_prefix('?') {
            Some(place) if head != "?" => ("?", place.trim()),
            _ => (head, rest),
        };
        let head = head.to_lowercase();
        let Some(&(_, kind)) = self.words.iter().find(|(w, _)| *w == head) else {
            return Command::Move(line);
        };
        match (kind, rest) {
            (Command::Help(_), "") => Command::Help(None),
            (Command::Help(_), place) => Command::Help(Some(place)),
            (Command::Save(_), "") => Command::Move(line),
            (Command::Save(_), path) => Command::Save(path),
            (command, "") => command,
            // A word with something after it is no command: a move text.
            _ => Command::Move(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_words_are_read_in_any_case() {
        let words = CommandWords::new();
        for (line, command) in [
            ("quit", Command::Quit),
            ("exit", Command::Quit),
            ("quitter", Command::Quit),
            ("QUITTER", Command::Quit),
            ("annuler", Command::Undo),
            ("rétablir", Command::Redo),
            ("RÉTABLIR", Command::Redo),
            ("retablir", Command::Redo),
            ("redo", Command::Redo),
            ("nulle", Command::Draw),
            ("draw", Command::Draw),
            ("abandonner", Command::Resign),
            ("resign", Command::Resign),
            ("plateau", Command::Board),
            ("aide", Command::Help(None)),
            ("?", Command::Help(None)),
            ("? D5", Command::Help(Some("D5"))),
            ("?d5", Command::Help(Some("d5"))),
            ("aide N2/E7", Command::Help(Some("N2/E7"))),
            ("enregistrer  a b.txt ", Command::Save("a b.txt")),
            ("save x", Command::Save("x")),
            ("", Command::Nothing),
            ("   ", Command::Nothing),
        ] {
            assert_eq!(words.read(line), command, "{line:?}");
        }
        // A word with an argument it does not take, or save without one,
        // is left to the game as a move text.
        assert_eq!(words.read("quitter X"), Command::Move("quitter X"));
        assert_eq!(words.read("save"), Command::Move("save"));
        assert_eq!(words.read("claim"), Command::Move("claim"));
    }

    #[test]
    fn each_language_shows_one_word_a_command() {
        assert_eq!(
            CommandWords::shown(Lang::En),
            ["quit", "board", "undo", "redo", "draw", "resign", "help", "save"]
        );
        assert_eq!(
            CommandWords::shown(Lang::Fr),
            [
                "quitter",
                "plateau",
                "annuler",
                "rétablir",
                "nulle",
                "abandonner",
                "aide",
                "enregistrer"
            ]
        );
    }
}
