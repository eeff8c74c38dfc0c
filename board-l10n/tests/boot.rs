//! The page's few words shown before its rules (the wasm, which holds the
//! catalogues) load live in `board-online/web/index.html` (`boot-words`, both
//! languages): they are the catalogues' own, word for word.

use board_l10n::{Catalogue, Lang};

#[test]
fn the_pages_boot_words_are_the_catalogues_words() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../board-online/web/index.html"
    );
    let html = std::fs::read_to_string(path).expect("board-online/web/index.html");
    let start = r#"<script type="application/json" id="boot-words">"#;
    let from = html.find(start).expect("index.html has its boot words") + start.len();
    let to = from + html[from..].find("</script>").expect("closed");
    let boot: serde_json::Value = serde_json::from_str(&html[from..to]).expect("JSON");
    for lang in Lang::ALL {
        let words = boot[lang.tag()]
            .as_object()
            .unwrap_or_else(|| panic!("no boot words in {lang}"));
        assert_eq!(words.len(), 3, "{lang}: {words:?}");
        let catalogue = Catalogue::new(lang);
        for (key, text) in words {
            let expected = catalogue
                .try_format(key, &[])
                .unwrap_or_else(|(_, e)| panic!("{e}"));
            assert_eq!(text.as_str(), Some(expected.as_str()), "{lang}: {key}");
        }
    }
}
