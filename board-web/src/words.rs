//! Messages given as JSON (by the page, or by the server in a refusal),
//! rendered through a [`Catalogue`]: `{"id": KEY, "args": {NAME: VALUE}}`,
//! each value a string, a number or such a message again (rendered first).

use board_l10n::{Catalogue, Value};
use serde_json::Value as Json;

use crate::board::MAX_INPUT_BYTES;

/// How deep messages may nest in JSON (a nested reason of a reason…).
const MAX_DEPTH: usize = 8;

/// Message `id` with `args` (JSON text of an object, or none); the id itself
/// when the catalogue lacks it, and no arguments when `args` is not an
/// object.
pub(crate) fn format(words: &Catalogue, id: &str, args: Option<&str>) -> String {
    let args = args
        .filter(|text| text.len() <= MAX_INPUT_BYTES)
        .and_then(|text| serde_json::from_str::<Json>(text).ok())
        .unwrap_or(Json::Null);
    format_value(words, id, &args, 0)
}

/// A message `{"id": ..., "args": {...}}` as JSON text, or `None` if it is
/// not one.
pub(crate) fn render(words: &Catalogue, message: &str) -> Option<String> {
    if message.len() > MAX_INPUT_BYTES {
        return None;
    }
    let json: Json = serde_json::from_str(message).ok()?;
    render_value(words, &json, 0)
}

fn render_value(words: &Catalogue, message: &Json, depth: usize) -> Option<String> {
    let id = message.get("id")?.as_str()?;
    let args = message.get("args").unwrap_or(&Json::Null);
    Some(format_value(words, id, args, depth))
}

fn format_value(words: &Catalogue, id: &str, args: &Json, depth: usize) -> String {
    let mut values: Vec<(&str, Value)> = Vec::new();
    if let Some(object) = args.as_object() {
        for (name, value) in object {
            let value = match value {
                Json::Number(n) => Value::Number(n.as_f64().unwrap_or(0.0)),
                Json::String(s) => Value::Text(s.clone()),
                Json::Object(_) if depth < MAX_DEPTH => {
                    Value::Text(render_value(words, value, depth + 1).unwrap_or_default())
                }
                Json::Bool(b) => Value::Text(b.to_string()),
                _ => Value::Text(String::new()),
            };
            values.push((name.as_str(), value));
        }
    }
    words.format(id, &values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_l10n::Lang;

    #[test]
    fn a_nested_message_renders_in_the_catalogue_language() {
        let fr = Catalogue::new(Lang::Fr);
        let json = r#"{"id":"eoc-no-piece-left","args":{"player":{"id":"eoc-player-one"},"kind":{"id":"eoc-kind-dark"}}}"#;
        assert_eq!(
            render(&fr, json).as_deref(),
            Some("Joueur Un n'a plus de pion foncé (EOC-4)")
        );
        assert_eq!(
            format(&fr, "eoc-claimable", Some(r#"{"points":2}"#)),
            "2 points peuvent être réclamés avant le prochain pion."
        );
        assert_eq!(render(&fr, "not json"), None);
        assert_eq!(format(&fr, "no-such-key", None), "no-such-key");
    }
}
