//! Reading the games' SVG pictures back in tests: a well-formedness check
//! with quick-xml and a flat list of elements to search.

use std::collections::BTreeMap;

use quick_xml::events::Event;
use quick_xml::Reader;

/// One element of a parsed document: its name, attributes, text and the
/// index of its parent.
#[derive(Debug)]
pub struct Element {
    /// The element's name (`rect`, `g`…).
    pub name: String,
    /// Its attributes, unescaped.
    pub attrs: BTreeMap<String, String>,
    /// Its text content, entities resolved.
    pub text: String,
    /// The index of its parent element, `None` for the root.
    pub parent: Option<usize>,
}

impl Element {
    /// Whether its `class` attribute lists `class`.
    pub fn has_class(&self, class: &str) -> bool {
        self.attrs
            .get("class")
            .is_some_and(|c| c.split_whitespace().any(|w| w == class))
    }
    /// The attribute `name`, or the empty string.
    pub fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map_or("", String::as_str)
    }
}

/// Parses `doc` with quick-xml, panicking on anything ill-formed, and checks
/// the root is an `<svg>` with a `viewBox`.
pub fn parse(doc: &str) -> Vec<Element> {
    let mut reader = Reader::from_str(doc);
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    loop {
        let event = reader.read_event().expect("well-formed XML");
        match event {
            event @ (Event::Start(_) | Event::Empty(_)) => {
                let (is_start, e) = match event {
                    Event::Start(e) => (true, e),
                    Event::Empty(e) => (false, e),
                    _ => unreachable!(),
                };
                let mut attrs = BTreeMap::new();
                for a in e.attributes() {
                    let a = a.expect("well-formed attribute");
                    let key = a.key.as_ref().to_owned();
                    let value = a
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .expect("escaped value")
                        .into_owned();
                    assert!(attrs.insert(key, value).is_none(), "duplicate attribute");
                }
                let name = e.name().as_ref().to_owned();
                if open.is_empty() {
                    roots += 1;
                }
                elements.push(Element {
                    name,
                    attrs,
                    text: String::new(),
                    parent: open.last().copied(),
                });
                if is_start {
                    open.push(elements.len() - 1);
                }
            }
            Event::End(_) => {
                open.pop().expect("an end tag closes an open element");
            }
            Event::Text(t) => {
                if let Some(&i) = open.last() {
                    elements[i].text.push_str(&t.into_inner());
                }
            }
            Event::GeneralRef(r) => {
                let c = match &*r.into_inner() {
                    "amp" => '&',
                    "lt" => '<',
                    "gt" => '>',
                    "quot" => '"',
                    "apos" => '\'',
                    other => panic!("unknown entity {other}"),
                };
                if let Some(&i) = open.last() {
                    elements[i].text.push(c);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(open.is_empty(), "unclosed elements");
    assert_eq!(roots, 1, "one root element");
    assert_eq!(elements[0].name, "svg");
    let view_box: Vec<f64> = elements[0]
        .attr("viewBox")
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(view_box.len(), 4, "a viewBox of four numbers");
    assert!(view_box[2] > 0.0 && view_box[3] > 0.0);
    elements
}

/// The elements whose class list holds `class`.
pub fn with_class<'a>(elements: &'a [Element], class: &str) -> Vec<&'a Element> {
    elements.iter().filter(|e| e.has_class(class)).collect()
}

/// How many `<text>` elements read exactly `text`.
pub fn count_text(elements: &[Element], text: &str) -> usize {
    elements
        .iter()
        .filter(|e| e.name == "text" && e.text == text)
        .count()
}

/// The text of the `<text>` children of element `i`.
pub fn texts_under(elements: &[Element], i: usize) -> String {
    elements
        .iter()
        .filter(|e| e.parent == Some(i) && e.name == "text")
        .map(|e| e.text.as_str())
        .collect()
}

/// The index of `e` in `elements`.
pub fn index_of(elements: &[Element], e: &Element) -> usize {
    elements.iter().position(|x| std::ptr::eq(x, e)).unwrap()
}

/// Checks that the committed picture `crate_dir/doc/finished.svg` of crate
/// `name` is exactly `doc`, what the code draws now; with `UPDATE_PICTURES`
/// set in the environment, first writes `doc` there.
///
/// # Panics
/// The committed file differs from `doc` (the message says how to regenerate it).
pub fn check_committed_picture(crate_dir: &str, name: &str, doc: &str) {
    let path = format!("{crate_dir}/doc/finished.svg");
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::write(&path, doc).expect("the picture is written");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == doc,
        "{name}/doc/finished.svg differs from what the code draws now; regenerate it with\n  UPDATE_PICTURES=1 cargo test -p {name} --features svg --test svg"
    );
}
