//! # board-l10n
//!
//! Every word a player of the workspace's games reads, in French and in
//! English: one [Project Fluent](https://projectfluent.org) catalogue per
//! language (`locales/en/*.ftl`, `locales/fr/*.ftl`, embedded in the
//! binary), holding the page's words, the rules' refusals, the
//! terminal's words and the command lines' `--help` texts, and a [`Catalogue`] that renders any of them by key
//! with named arguments, or any [`Explain`] value (every error of the three
//! game crates).
//!
//! Notation (moves, squares, cells, position texts, records) is data, the
//! same in both languages: it reaches a message as a text argument and is
//! never translated, so a record written under French replays under
//! English.
//!
//! ```
//! use board_l10n::{Catalogue, Lang};
//! use board_core::Message;
//!
//! let fr = Catalogue::new(Lang::Fr);
//! let m = Message::new("eoc-pale-touches-no-dark").text("segment", "A1-B1");
//! assert_eq!(fr.render(&m), "le pion pâle en A1-B1 ne touche aucun pion foncé (EOC-9)");
//! let en = Catalogue::new(Lang::En);
//! assert_eq!(en.render(&m), "the pale piece at A1-B1 touches no dark piece (EOC-9)");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

pub use board_core::{Arg, Explain, Message};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

/// A language of the catalogues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language's tag: `en`, `fr`.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language of a locale name as `LANG` writes it (`fr_CA.UTF-8`,
    /// `fr`, `en-GB`): French if it starts with `fr`, English if with `en`.
    #[must_use]
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let lower = locale.trim().to_ascii_lowercase();
        let primary = lower.split(['_', '-', '.', '@']).next().unwrap_or("");
        match primary {
            "fr" => Some(Lang::Fr),
            "en" | "c" | "posix" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language the environment asks for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty, read by
    /// [`from_locale`](Lang::from_locale); English when none names French
    /// or English.
    #[must_use]
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    /// [`from_env`](Lang::from_env) with the variables read by `var`
    /// (for tests).
    #[must_use]
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|value| !value.trim().is_empty())
            .and_then(|value| Lang::from_locale(&value))
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    /// The tag: `en`, `fr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A language tag that is not `fr` or `en`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangError {
    /// The text given (at most [`board_core::excerpt`] of it).
    pub text: String,
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a language: fr or en", self.text)
    }
}

impl std::error::Error for LangError {}

impl FromStr for Lang {
    type Err = LangError;

    /// `fr` or `en`, either case (a region is allowed: `fr-CA`).
    fn from_str(s: &str) -> Result<Lang, LangError> {
        Lang::from_locale(s)
            .filter(|_| {
                !s.trim().eq_ignore_ascii_case("c") && !s.trim().eq_ignore_ascii_case("posix")
            })
            .ok_or_else(|| LangError {
                text: board_core::excerpt(s),
            })
    }
}

/// The catalogue files of a language, by name: `(file, text)`.
#[must_use]
pub fn sources(lang: Lang) -> [(&'static str, &'static str); 6] {
    match lang {
        Lang::En => [
            ("page.ftl", include_str!("../locales/en/page.ftl")),
            ("rules.ftl", include_str!("../locales/en/rules.ftl")),
            ("terminal.ftl", include_str!("../locales/en/terminal.ftl")),
            ("svg.ftl", include_str!("../locales/en/svg.ftl")),
            ("help.ftl", include_str!("../locales/en/help.ftl")),
            ("lab.ftl", include_str!("../locales/en/lab.ftl")),
        ],
        Lang::Fr => [
            ("page.ftl", include_str!("../locales/fr/page.ftl")),
            ("rules.ftl", include_str!("../locales/fr/rules.ftl")),
            ("terminal.ftl", include_str!("../locales/fr/terminal.ftl")),
            ("svg.ftl", include_str!("../locales/fr/svg.ftl")),
            ("help.ftl", include_str!("../locales/fr/help.ftl")),
            ("lab.ftl", include_str!("../locales/fr/lab.ftl")),
        ],
    }
}

/// One argument value of [`Catalogue::format`]: a text or a number.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Text, put in as it is.
    Text(String),
    /// A number (plural forms select on it).
    Number(f64),
}

/// The catalogue of one language: renders messages by key.
///
/// It is the [`Words`](board_core::Words) the games' pictures take to
/// write their captions and legends in its language (`to_svg_in`).
pub struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field("lang", &self.lang)
            .finish()
    }
}

impl Catalogue {
    /// The catalogue of `lang`, from the embedded `.ftl` files.
    ///
    /// # Panics
    /// Never for the files shipped: the crate's tests parse each of them
    /// without error (a file that does not parse fails those tests).
    #[must_use]
    pub fn new(lang: Lang) -> Catalogue {
        let tag: unic_langid::LanguageIdentifier =
            lang.tag().parse().expect("en and fr are language tags");
        let mut bundle = FluentBundle::new(vec![tag]);
        // Unicode isolation marks around arguments would show in terminals
        // and break comparisons; the arguments here are short data.
        bundle.set_use_isolating(false);
        for (name, text) in sources(lang) {
            let resource = FluentResource::try_new(text.to_owned())
                .unwrap_or_else(|(_, errors)| panic!("{lang}/{name}: {errors:?}"));
            bundle
                .add_resource(resource)
                .unwrap_or_else(|errors| panic!("{lang}/{name}: {errors:?}"));
        }
        Catalogue { lang, bundle }
    }

    /// The catalogue's language.
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the catalogue has a message `id`.
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// Message `id` with `args`; on a missing message the id itself, on an
    /// argument the message lacks its `{$name}` in braces.
    #[must_use]
    pub fn format(&self, id: &str, args: &[(&str, Value)]) -> String {
        self.try_format(id, args).unwrap_or_else(|(text, _)| text)
    }

    /// [`format`](Catalogue::format), failing on a missing message or a
    /// Fluent error (a missing argument…).
    ///
    /// # Errors
    /// The text as far as it could be made, and what went wrong.
    pub fn try_format(&self, id: &str, args: &[(&str, Value)]) -> Result<String, (String, String)> {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return Err((id.to_owned(), format!("no message {id:?} in {}", self.lang)));
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Value::Text(t) => FluentValue::String(Cow::Owned(t.clone())),
                Value::Number(n) => FluentValue::from(*n),
            };
            fluent_args.set(name.to_string(), value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned();
        if errors.is_empty() {
            Ok(text)
        } else {
            Err((text, format!("{id} in {}: {errors:?}", self.lang)))
        }
    }

    /// The text of `message`, its message arguments rendered first.
    #[must_use]
    pub fn render(&self, message: &Message) -> String {
        self.try_render(message).unwrap_or_else(|(text, _)| text)
    }

    /// [`render`](Catalogue::render), failing on a missing message or a
    /// Fluent error anywhere in it.
    ///
    /// # Errors
    /// The text as far as it could be made, and what went wrong.
    pub fn try_render(&self, message: &Message) -> Result<String, (String, String)> {
        let mut args = Vec::with_capacity(message.args.len());
        let mut failure = None;
        for (name, arg) in &message.args {
            let value = match arg {
                Arg::Text(t) => Value::Text(t.clone()),
                // Numbers here count things: far below 2^53, exact in f64.
                Arg::Number(n) => Value::Number(*n as f64),
                Arg::Message(inner) => match self.try_render(inner) {
                    Ok(text) => Value::Text(text),
                    Err((text, error)) => {
                        failure.get_or_insert(error);
                        Value::Text(text)
                    }
                },
            };
            args.push((*name, value));
        }
        match (self.try_format(message.id, &args), failure) {
            (Ok(text), None) => Ok(text),
            (Ok(text), Some(error)) => Err((text, error)),
            (Err(e), _) => Err(e),
        }
    }

    /// What `value` explains, in this language.
    #[must_use]
    pub fn explain(&self, value: &impl Explain) -> String {
        self.render(&value.explain())
    }

    /// Message `id` without arguments.
    #[must_use]
    pub fn get(&self, id: &str) -> String {
        self.format(id, &[])
    }

    /// A status line (a position's [`Status`](board_core::Status)), its
    /// parts worded and separated by ` | `.
    #[must_use]
    pub fn status_line(&self, parts: &[Message]) -> String {
        let parts: Vec<String> = parts.iter().map(|m| self.render(m)).collect();
        parts.join(" | ")
    }

    /// A board as a terminal shows it in this language: the grid of the
    /// game's text `display` (its `Display`, see [`grid`]), the game's
    /// legend (`legend-GAME`), then the status line of `status`. What
    /// `play`, `demo`, `replay` and the online client print.
    #[must_use]
    pub fn terminal_board(&self, game: &str, display: &str, status: &[Message]) -> String {
        let legend = self.get(&format!("legend-{game}"));
        let grid = self.terminal_grid(game, display);
        format!("{grid}\n{legend}\n{}", self.status_line(status))
    }

    /// The grid of `display` (see [`grid`]) with the piece letters of
    /// `game` in this language ([`letters`](Catalogue::letters)) in its
    /// rows (the lines that start with a rank digit); the file letters
    /// and everything else as they are.
    ///
    /// ```
    /// use board_l10n::{Catalogue, Lang};
    ///
    /// let fr = Catalogue::new(Lang::Fr);
    /// assert_eq!(fr.terminal_grid("chess3d", "  A B\n1 K n 1\n  A B"), "  A B\n1 R c 1\n  A B");
    /// ```
    #[must_use]
    pub fn terminal_grid(&self, game: &str, display: &str) -> String {
        let grid = grid(display);
        let letters = self.letters(game);
        if letters.iter().all(|(canonical, local)| canonical == local) {
            return grid;
        }
        let local = |c: char| {
            letters
                .iter()
                .find(|(canonical, _)| *canonical == c.to_ascii_uppercase())
                .map_or(c, |&(_, l)| {
                    if c.is_ascii_lowercase() {
                        l.to_ascii_lowercase()
                    } else {
                        l
                    }
                })
        };
        grid.lines()
            .map(|line| {
                if line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                    line.chars().map(local).collect()
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<String>>()
            .join("\n")
    }

    /// `text`, a move of `game` typed in this language, with its piece
    /// letters written as the notation writes them
    /// ([`letters`](Catalogue::letters)): the leading one when something
    /// else than a digit follows it (`C3` is a square) and the one after a
    /// promotion's `=`. A letter with no meaning in the language (an
    /// English `N` in French) stays as it is.
    ///
    /// ```
    /// use board_l10n::{Catalogue, Lang};
    ///
    /// let fr = Catalogue::new(Lang::Fr);
    /// assert_eq!(fr.notation_letters("chess3d", "Cb6"), "Nb6");
    /// assert_eq!(fr.notation_letters("chess3d", "C3"), "C3");
    /// ```
    #[must_use]
    pub fn notation_letters(&self, game: &str, text: &str) -> String {
        let letters = self.letters(game);
        if letters.iter().all(|(canonical, local)| canonical == local) {
            return text.to_owned();
        }
        let canonical = |c: char| {
            letters
                .iter()
                .find(|(_, local)| *local == c.to_ascii_uppercase())
                .map(|&(canonical, _)| canonical)
        };
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        for (i, &c) in chars.iter().enumerate() {
            let piece = i == 0 && chars.get(1).is_some_and(|n| !n.is_ascii_digit());
            let promotion = i > 0 && chars[i - 1] == '=';
            match canonical(c) {
                Some(letter) if piece || promotion => out.push(letter),
                _ => out.push(c),
            }
        }
        out
    }

    /// The piece letters of `game` in this language, as `(canonical,
    /// local)` pairs, from the catalogue's `term-letters-GAME` (pairs such
    /// as `KR QD`: the notation's letter, then the one a player of this
    /// language reads); none for a game without piece letters. Notation
    /// (records, position texts, move texts the game writes) keeps the
    /// canonical letters.
    #[must_use]
    pub fn letters(&self, game: &str) -> Vec<(char, char)> {
        let key = format!("term-letters-{game}");
        if !self.has(&key) {
            return Vec::new();
        }
        self.get(&key)
            .split_whitespace()
            .filter_map(|pair| {
                let mut chars = pair.chars();
                match (chars.next(), chars.next(), chars.next()) {
                    (Some(canonical), Some(local), None) => Some((canonical, local)),
                    _ => None,
                }
            })
            .collect()
    }
}

/// The grid of a board's text (a game's `Display`): its lines through the
/// last line of file letters; what follows is the game's English prose,
/// which a terminal in another language replaces with the catalogue's
/// legend and status ([`Catalogue::terminal_board`]).
#[must_use]
pub fn grid(display: &str) -> String {
    let lines: Vec<&str> = display.trim_end().lines().collect();
    let letters = |line: &&str| {
        let t = line.trim();
        !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_whitespace() || ('A'..='H').contains(&c))
    };
    let end = lines
        .iter()
        .rposition(letters)
        .map_or(lines.len(), |i| i + 1);
    lines[..end].join("\n")
}

impl board_core::Words for Catalogue {
    fn say(&self, message: &Message) -> String {
        self.render(message)
    }
}

/// Every message of a catalogue file with the variables it uses, sorted by
/// key: `(key, [variable, ...])`, for the test that both languages have the
/// same keys and variables.
///
/// # Errors
/// What in the file is not Fluent.
pub fn keys(source: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    use fluent_syntax::ast;
    let resource =
        fluent_syntax::parser::parse(source).map_err(|(_, errors)| format!("{errors:?}"))?;
    let mut out = Vec::new();
    for entry in resource.body {
        if let ast::Entry::Message(message) = entry {
            let mut vars = Vec::new();
            if let Some(pattern) = &message.value {
                pattern_vars(pattern, &mut vars);
            }
            vars.sort();
            vars.dedup();
            out.push((message.id.name.to_owned(), vars));
        }
    }
    out.sort();
    Ok(out)
}

fn pattern_vars(pattern: &fluent_syntax::ast::Pattern<&str>, vars: &mut Vec<String>) {
    use fluent_syntax::ast::PatternElement;
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &fluent_syntax::ast::Expression<&str>, vars: &mut Vec<String>) {
    use fluent_syntax::ast::Expression;
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &fluent_syntax::ast::InlineExpression<&str>, vars: &mut Vec<String>) {
    use fluent_syntax::ast::InlineExpression;
    match inline {
        InlineExpression::VariableReference { id } => vars.push(id.name.to_owned()),
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline_vars(arg, vars);
            }
            for arg in &arguments.named {
                inline_vars(&arg.value, vars);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_reads_tags_and_locales() {
        assert_eq!("fr".parse::<Lang>(), Ok(Lang::Fr));
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
        assert_eq!("fr-CA".parse::<Lang>(), Ok(Lang::Fr));
        assert!("de".parse::<Lang>().is_err());
        assert!("".parse::<Lang>().is_err());
        assert_eq!(Lang::Fr.to_string(), "fr");
        assert_eq!(Lang::from_locale("fr_CA.UTF-8"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("C.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), None);
    }

    #[test]
    fn lang_from_env_takes_the_first_set_variable() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(Lang::from_vars(env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
        assert_eq!(
            Lang::from_vars(env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "fr_FR.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_vars(env(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "fr_BE"),
                ("LANG", "en")
            ])),
            Lang::Fr
        );
        assert_eq!(Lang::from_vars(env(&[])), Lang::En);
        assert_eq!(Lang::from_vars(env(&[("LANG", "de_DE")])), Lang::En);
    }

    #[test]
    fn a_missing_message_or_argument_is_an_error() {
        let en = Catalogue::new(Lang::En);
        assert!(en.try_format("no-such-message", &[]).is_err());
        assert_eq!(en.format("no-such-message", &[]), "no-such-message");
        assert!(en.try_format("eoc-pale-touches-no-dark", &[]).is_err());
    }

    #[test]
    fn french_chess3d_letters_are_read_as_the_notation_s() {
        let fr = Catalogue::new(Lang::Fr);
        for (typed, notation) in [
            ("Cb6", "Nb6"),
            ("cb6", "Nb6"),
            ("Rd2", "Kd2"),
            ("TxN3/D4", "RxN3/D4"),
            ("Fc4", "Bc4"),
            ("Dd1-d3", "Qd1-d3"),
            ("E8=D", "E8=Q"),
            // Squares, levels, castling and English letters with no French meaning stay.
            ("C3", "C3"),
            ("D4xE5", "D4xE5"),
            ("N2/E2-N2/E4", "N2/E2-N2/E4"),
            ("O-O", "O-O"),
            ("Nf3", "Nf3"),
            ("", ""),
        ] {
            assert_eq!(fr.notation_letters("chess3d", typed), notation, "{typed}");
        }
        // ÉCHEC O CUBE has no such letters; English is the notation.
        assert_eq!(fr.notation_letters("echec-o-cube", "F D5-E5"), "F D5-E5");
        let en = Catalogue::new(Lang::En);
        assert_eq!(en.notation_letters("chess3d", "Rd2"), "Rd2");
        assert_eq!(en.terminal_grid("chess3d", "1 K 1\n  A"), "1 K 1\n  A");
    }

    #[test]
    fn plurals_follow_the_number() {
        let fr = Catalogue::new(Lang::Fr);
        let en = Catalogue::new(Lang::En);
        let one = [("points", Value::Number(1.0))];
        let two = [("points", Value::Number(2.0))];
        assert_eq!(
            en.format("eoc-claimable", &one),
            "1 point can be claimed before the next piece."
        );
        assert_eq!(
            en.format("eoc-claimable", &two),
            "2 points can be claimed before the next piece."
        );
        assert!(fr.format("eoc-claimable", &two).starts_with("2 points"));
    }
}
