//! Every refusal and error kind the server sends has its words in both of
//! the page's catalogues (board-l10n), so no kind reaches a player as a
//! bare key in either language.

use board_l10n::{Catalogue, Lang};
use board_online::protocol::{ErrorKind, Refusal};

/// Every kind, listed through exhaustive matches: a new variant does not
/// compile until it is listed here.
fn kinds() -> Vec<String> {
    let refusals = [
        Refusal::NotAPlayer,
        Refusal::NotStarted,
        Refusal::NotYourTurn,
        Refusal::StalePly,
        Refusal::GameOver,
        Refusal::Illegal,
        Refusal::NoDrawToClaim,
        Refusal::Unavailable,
    ];
    let errors = [
        ErrorKind::BadMessage,
        ErrorKind::BadHello,
        ErrorKind::NoSuchGame,
        ErrorKind::UnknownGame,
        ErrorKind::BadConfig,
        ErrorKind::BadClock,
        ErrorKind::BadToken,
        ErrorKind::NoGame,
        ErrorKind::AlreadyInGame,
        ErrorKind::RateLimited,
        ErrorKind::Unavailable,
        ErrorKind::ShuttingDown,
        ErrorKind::Relocated,
    ];
    for r in refusals {
        match r {
            Refusal::NotAPlayer
            | Refusal::NotStarted
            | Refusal::NotYourTurn
            | Refusal::StalePly
            | Refusal::GameOver
            | Refusal::Illegal
            | Refusal::NoDrawToClaim
            | Refusal::Unavailable => {}
        }
    }
    for e in errors {
        match e {
            ErrorKind::BadMessage
            | ErrorKind::BadHello
            | ErrorKind::NoSuchGame
            | ErrorKind::UnknownGame
            | ErrorKind::BadConfig
            | ErrorKind::BadClock
            | ErrorKind::BadToken
            | ErrorKind::NoGame
            | ErrorKind::AlreadyInGame
            | ErrorKind::RateLimited
            | ErrorKind::Unavailable
            | ErrorKind::ShuttingDown
            | ErrorKind::Relocated => {}
        }
    }
    let name = |v: serde_json::Value| v.as_str().expect("a kind is a string").to_owned();
    refusals
        .into_iter()
        .map(|r| format!("refusal-{}", name(serde_json::to_value(r).unwrap())))
        .chain(
            errors
                .into_iter()
                .map(|e| format!("error-{}", name(serde_json::to_value(e).unwrap()))),
        )
        .collect()
}

#[test]
fn every_refusal_and_error_kind_is_worded_in_french_and_english() {
    for lang in [Lang::En, Lang::Fr] {
        let catalogue = Catalogue::new(lang);
        for key in kinds() {
            assert!(catalogue.has(&key), "{lang:?}: no words for {key}");
        }
    }
}
