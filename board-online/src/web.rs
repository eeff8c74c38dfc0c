//! The browser page: static files served at `/` beside the WebSocket. By
//! default the crate's `web/` (the page and its
//! WebAssembly build in `web/pkg/`) compiled into the binary, so a copied
//! binary serves everything; `--web DIR` serves a directory instead (for
//! developing the page).
//!
//! A small handler rather than a file-serving crate: the page is a handful of
//! files, so a fixed table of content types, a strict path check and one
//! `read` are all it takes, and no dependency is added. The path check
//! refuses `..`, `.`, empty and hidden segments, backslashes and `%`
//! escapes, and after resolving symbolic links the file must still lie
//! inside the directory.
//!
//! Every answer carries headers fit for a game page: a Content-Security-Policy
//! that allows only this origin's scripts, styles, workers and WebSocket,
//! plus `'wasm-unsafe-eval'` for the rules compiled to WebAssembly, and the
//! inline `style` attributes of the boards' SVG pictures. With several
//! instances the page may have to open its WebSocket on another instance
//! (a `redirect` names its public address), which `connect-src 'self'`
//! would block: [`WebRoot::with_connect_src`] (`serve --connect-src`) adds
//! those addresses to the policy.
//!
//! ```
//! use board_online::web::{content_type, WebRoot};
//!
//! assert_eq!(content_type("pkg/board_web_bg.wasm"), Some("application/wasm"));
//! assert_eq!(content_type("Cargo.toml"), None);
//! let root = WebRoot::new("/nowhere/web");
//! assert!(root.problem().is_some());
//! assert_eq!(WebRoot::embedded().problem(), None);
//! ```

use std::path::{Path, PathBuf};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The Content-Security-Policy of every answer.
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self'; connect-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self' data:; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The largest file served (the page's wasm is a few MiB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The content type of a file the page may consist of, by its extension;
/// `None` for any other file, which is not served.
#[must_use]
pub fn content_type(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.')?.1;
    Some(match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// Embeds `web/NAME` under `NAME`.
macro_rules! embed {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../web/", $name)) as &[u8])),*]
    };
}

/// The page's files compiled into the binary, by path under `web/`: every
/// file of `web/` and `web/pkg/` that [`content_type`] serves (a test fails
/// when one is missing from this list).
pub const EMBEDDED: &[(&str, &[u8])] = embed![
    "index.html",
    "app.js",
    "online.js",
    "style.css",
    "worker.js",
    "messages.js",
    "lang.js",
    "qr.js",
    "sw.js",
    "manifest.webmanifest",
    "icon.svg",
    "icon-192.png",
    "icon-512.png",
    "apple-touch-icon.png",
    "pkg/index.js",
    "pkg/board_web.js",
    "pkg/board_web_bg.wasm",
];

/// Gzip copies of the largest embedded files (`scripts/build-web` writes
/// them beside their originals, `gzip -9 -n`), served to a browser that
/// accepts gzip: the page's wasm is about a fifth of its size so.
const EMBEDDED_GZIP: &[(&str, &[u8])] = embed!["pkg/board_web_bg.wasm.gz"];

/// The entity tags of the embedded files, in the order of [`EMBEDDED`]:
/// an FNV-1a hash of the bytes, so a reload whose files did not change is
/// answered `304 Not Modified` without a body.
fn embedded_tags() -> &'static [u64] {
    static TAGS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    TAGS.get_or_init(|| {
        EMBEDDED
            .iter()
            .map(|(_, bytes)| {
                bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                })
            })
            .collect()
    })
}

/// Whether a request's `Accept-Encoding` takes gzip (and not at `q=0`).
fn accepts_gzip(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts.next().is_some_and(|c| c.eq_ignore_ascii_case("gzip"))
                && parts.all(|p| {
                    !p.strip_prefix("q=")
                        .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
                })
        })
}

/// Whether a request's `If-None-Match` names the entity tag `tag`.
fn matches_tag(request: &HeaderMap, tag: &str) -> bool {
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

/// A `serve --connect-src` source that cannot go into the
/// Content-Security-Policy.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--connect-src \"{shown}\": {why}")]
pub struct ConnectSrcError {
    /// The start of the source (40 characters at most, control
    /// characters escaped).
    pub shown: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// The longest `--connect-src` source taken.
const MAX_SOURCE_LEN: usize = 200;

/// Checks one `connect-src` source: `ws://` or `wss://`, then a host with
/// an optional port (`*` wildcards as CSP allows them, e.g.
/// `wss://*.games.example.org` or `ws://127.0.0.1:*`) and path, in
/// characters that cannot end the directive or start another.
fn check_source(source: &str) -> Result<(), ConnectSrcError> {
    let fail = |why| ConnectSrcError {
        shown: source
            .chars()
            .take(40)
            .collect::<String>()
            .escape_debug()
            .to_string(),
        why,
    };
    if source.len() > MAX_SOURCE_LEN {
        return Err(fail("longer than 200 bytes"));
    }
    let rest = source
        .strip_prefix("wss://")
        .or_else(|| source.strip_prefix("ws://"))
        .ok_or_else(|| fail("not a ws:// or wss:// address"))?;
    if rest.is_empty() || rest.starts_with(['/', ':']) {
        return Err(fail("no host"));
    }
    if !rest
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || ".-_*:[]/~".contains(c))
    {
        return Err(fail(
            "only letters, digits and . - _ * : [ ] / ~ may follow the scheme",
        ));
    }
    Ok(())
}

/// The Content-Security-Policy with `sources` added to `connect-src`.
fn csp_with(sources: &[String]) -> String {
    CSP.replacen(
        "connect-src 'self';",
        &format!("connect-src 'self' {};", sources.join(" ")),
        1,
    )
}

/// Where the page is served from: the copy in the binary, or a directory.
#[derive(Debug, Clone)]
pub struct WebRoot {
    /// `None`: the embedded copy.
    dir: Option<PathBuf>,
    /// The policy when `connect-src` has more than `'self'`.
    csp: Option<HeaderValue>,
}

impl WebRoot {
    /// The page in `dir` (checked when served, see [`WebRoot::problem`]).
    pub fn new(dir: impl Into<PathBuf>) -> WebRoot {
        WebRoot {
            dir: Some(dir.into()),
            csp: None,
        }
    }

    /// The page compiled into the binary ([`EMBEDDED`]).
    #[must_use]
    pub fn embedded() -> WebRoot {
        WebRoot {
            dir: None,
            csp: None,
        }
    }

    /// The page may also open WebSockets to `sources` (the other
    /// instances' public addresses, where a `redirect` sends it), added to
    /// its Content-Security-Policy's `connect-src`.
    ///
    /// # Errors
    /// A source that is not `ws://` or `wss://` followed by a host (and
    /// optional port and path) in plain characters.
    ///
    /// ```
    /// use board_online::web::WebRoot;
    ///
    /// assert!(WebRoot::embedded().with_connect_src(&["wss://*.games.example.org".into()]).is_ok());
    /// let err = WebRoot::embedded().with_connect_src(&["ws://a; script-src *".into()]).unwrap_err();
    /// assert!(err.to_string().starts_with("--connect-src \"ws://a; script-src *\""));
    /// ```
    pub fn with_connect_src(mut self, sources: &[String]) -> Result<WebRoot, ConnectSrcError> {
        for source in sources {
            check_source(source)?;
        }
        self.csp = if sources.is_empty() {
            None
        } else {
            // Checked above: visible ASCII only.
            HeaderValue::from_str(&csp_with(sources)).ok()
        };
        Ok(self)
    }

    /// The directory, unless the page is the embedded one.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The embedded file a request path names, with its content type.
    #[must_use]
    pub fn embedded_file(request_path: &str) -> Option<(&'static [u8], &'static str)> {
        embedded_entry(request_path).map(|(i, kind)| (EMBEDDED[i].1, kind))
    }

    /// Why the page cannot be played from this directory, if it cannot: the
    /// directory, its `index.html` or its WebAssembly build (`pkg/`,
    /// made by `scripts/build-web`) is missing.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let Some(path) = &self.dir else {
            return None;
        };
        let dir = path.display();
        if !path.join("index.html").is_file() {
            return Some(format!(
                "the web page is not served: no {dir}/index.html (pass --web DIR)"
            ));
        }
        if !path.join("pkg").join("board_web_bg.wasm").is_file() {
            return Some(format!(
                "the web page cannot run: no {dir}/pkg/board_web_bg.wasm; build it with scripts/build-web"
            ));
        }
        None
    }

    /// The file a request path names, if it is a servable file inside the
    /// directory: `/` and paths ending in `/` name `index.html`. `None` for
    /// the embedded page.
    #[must_use]
    pub fn resolve(&self, request_path: &str) -> Option<(PathBuf, &'static str)> {
        let rel = servable(request_path)?;
        let kind = content_type(&rel)?;
        let root = self.dir.as_ref()?.canonicalize().ok()?;
        let file = root.join(&rel).canonicalize().ok()?;
        (file.starts_with(&root) && file.is_file()).then_some((file, kind))
    }

    /// The answer to a GET of `request_path` with the request's headers
    /// `request`: the embedded page answers with an entity tag (`304 Not
    /// Modified` when `If-None-Match` names it) and gives its wasm gzipped
    /// to a browser that accepts gzip.
    pub async fn serve(&self, request_path: &str, request: &HeaderMap) -> Response {
        let mut response = self.serve_file(request_path, request).await;
        if let Some(csp) = &self.csp {
            response
                .headers_mut()
                .insert(header::CONTENT_SECURITY_POLICY, csp.clone());
        }
        response
    }

    async fn serve_file(&self, request_path: &str, request: &HeaderMap) -> Response {
        if self.dir.is_none() {
            return serve_embedded(request_path, request);
        }
        if request_path == "/" {
            if let Some(problem) = self.problem() {
                return answer(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "text/plain; charset=utf-8",
                    problem.into_bytes(),
                );
            }
        }
        // Path checks and the read touch the disk: off the async threads.
        let root = self.clone();
        let path = request_path.to_owned();
        let read = tokio::task::spawn_blocking(move || {
            let (file, kind) = root.resolve(&path)?;
            let meta = std::fs::metadata(&file).ok()?;
            if meta.len() > MAX_FILE_BYTES {
                return None;
            }
            std::fs::read(&file).ok().map(|bytes| (bytes, kind))
        });
        match read.await {
            Ok(Some((bytes, kind))) => answer(StatusCode::OK, kind, bytes),
            _ => not_found(),
        }
    }
}

/// The index in [`EMBEDDED`] of the file a request path names, with its
/// content type.
fn embedded_entry(request_path: &str) -> Option<(usize, &'static str)> {
    let rel = servable(request_path)?;
    let kind = content_type(&rel)?;
    let i = EMBEDDED.iter().position(|(name, _)| *name == rel)?;
    Some((i, kind))
}

/// The answer of the embedded page to a GET of `request_path`.
fn serve_embedded(request_path: &str, request: &HeaderMap) -> Response {
    let Some((i, kind)) = embedded_entry(request_path) else {
        return not_found();
    };
    let gzip = EMBEDDED_GZIP
        .iter()
        .find(|(name, _)| name.strip_suffix(".gz") == Some(EMBEDDED[i].0))
        .map(|&(_, bytes)| bytes);
    let gzipped = gzip.filter(|_| accepts_gzip(request));
    // Each representation its own tag (RFC 9110, 8.8.3).
    let tag = format!(
        "\"{:016x}{}\"",
        embedded_tags()[i],
        if gzipped.is_some() { "-gz" } else { "" }
    );
    let mut response = if matches_tag(request, &tag) {
        answer(StatusCode::NOT_MODIFIED, kind, Vec::new())
    } else {
        answer(
            StatusCode::OK,
            kind,
            gzipped.unwrap_or(EMBEDDED[i].1).to_vec(),
        )
    };
    let headers = response.headers_mut();
    if let Ok(tag) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, tag);
    }
    if gzip.is_some() {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if gzipped.is_some() {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// The path under the page's root a request path names, if it is a safe
/// one: `/` and paths ending in `/` name `index.html`; `..`, `.`, empty and
/// hidden segments, backslashes, `%` escapes, NULs and colons are refused.
fn servable(request_path: &str) -> Option<String> {
    let rel = request_path.strip_prefix('/')?;
    let rel = if rel.is_empty() || rel.ends_with('/') {
        format!("{rel}index.html")
    } else {
        rel.to_owned()
    };
    rel.split('/')
        .all(|seg| {
            !seg.is_empty() && !seg.starts_with('.') && !seg.contains(['\\', '%', '\0', ':'])
        })
        .then_some(rel)
}

fn not_found() -> Response {
    answer(
        StatusCode::NOT_FOUND,
        "text/plain; charset=utf-8",
        b"not found".to_vec(),
    )
}

/// An answer with the page's security headers.
pub(crate) fn answer(status: StatusCode, kind: &'static str, body: Vec<u8>) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    // The page is small and changes with each build: revalidate every time.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    (status, headers, body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_root() -> (PathBuf, WebRoot) {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let base =
            std::env::temp_dir().join(format!("board-web-root-{}-{nanos}", std::process::id()));
        let web = base.join("web");
        std::fs::create_dir_all(web.join("pkg")).unwrap();
        std::fs::write(web.join("index.html"), "<!doctype html>").unwrap();
        std::fs::write(web.join("app.js"), "export {}").unwrap();
        std::fs::write(base.join("secret.js"), "secret").unwrap();
        (base, WebRoot::new(web))
    }

    #[test]
    fn connect_src_adds_checked_sources_to_the_policy() {
        let sources = [
            "ws://127.0.0.1:7001".to_owned(),
            "wss://*.games.example.org".to_owned(),
        ];
        let csp = csp_with(&sources);
        assert!(csp.contains(
            "; connect-src 'self' ws://127.0.0.1:7001 wss://*.games.example.org; style-src 'self';"
        ));
        assert_eq!(
            csp.replace(" ws://127.0.0.1:7001 wss://*.games.example.org", ""),
            CSP
        );
        assert!(WebRoot::embedded()
            .with_connect_src(&sources)
            .unwrap()
            .csp
            .is_some());
        assert!(WebRoot::embedded()
            .with_connect_src(&[])
            .unwrap()
            .csp
            .is_none());
        for (bad, why) in [
            ("http://a.example", "not a ws"),
            ("ws://", "no host"),
            ("ws://a.example; script-src *", "only letters"),
            ("ws://a.example wss://b", "only letters"),
            ("ws://a.example,x", "only letters"),
            ("ws://'unsafe-inline'", "only letters"),
            ("ws://a\nb", "only letters"),
        ] {
            let err = WebRoot::embedded()
                .with_connect_src(&[bad.to_owned()])
                .unwrap_err();
            assert!(err.why.contains(why), "{bad}: {err}");
        }
        let err = check_source("ws://a\nb").unwrap_err();
        assert_eq!(err.to_string().lines().count(), 1, "escaped: {err}");
        let long = format!("ws://{}", "a".repeat(300));
        let err = check_source(&long).unwrap_err();
        assert_eq!(err.shown.len(), 40, "only the start is quoted");
        assert!(err.to_string().contains("longer than 200"));
    }

    #[tokio::test]
    async fn the_served_page_carries_the_extended_policy() {
        let page = WebRoot::embedded()
            .with_connect_src(&["ws://10.0.0.2:7878".to_owned()])
            .unwrap()
            .serve("/", &HeaderMap::new())
            .await;
        let csp = page.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(
            csp.contains("connect-src 'self' ws://10.0.0.2:7878;"),
            "{csp}"
        );
        let plain = WebRoot::embedded()
            .serve("/missing.js", &HeaderMap::new())
            .await;
        assert_eq!(plain.headers()[header::CONTENT_SECURITY_POLICY], CSP);
    }

    #[test]
    fn paths_inside_resolve_and_escapes_do_not() {
        let (base, root) = temp_root();
        let (file, kind) = root.resolve("/").unwrap();
        assert!(file.ends_with("index.html"));
        assert_eq!(kind, "text/html; charset=utf-8");
        assert_eq!(
            root.resolve("/app.js").unwrap().1,
            "text/javascript; charset=utf-8"
        );
        for bad in [
            "/../secret.js",
            "/pkg/../../secret.js",
            "/%2e%2e/secret.js",
            "//etc/passwd.txt",
            "/.hidden.js",
            "/pkg\\..\\..\\secret.js",
            "app.js",
            "/missing.js",
            "/index.html/",
        ] {
            assert!(root.resolve(bad).is_none(), "{bad} resolved");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(base.join("secret.js"), root.dir().unwrap().join("link.js"))
                .unwrap();
            assert!(
                root.resolve("/link.js").is_none(),
                "a symlink out of the root resolved"
            );
        }
        // No wasm build yet: the page says so.
        assert!(root.problem().unwrap().contains("scripts/build-web"));
        std::fs::write(root.dir().unwrap().join("pkg/board_web_bg.wasm"), b"\0asm").unwrap();
        assert_eq!(root.problem(), None);
        std::fs::remove_dir_all(base).unwrap();
    }

    /// Every file of `dir` (recursively) that the page serves, as paths
    /// relative to `base`.
    fn servable_files(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                servable_files(base, &path, out);
                continue;
            }
            let rel = path
                .strip_prefix(base)
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            if content_type(&rel).is_some() {
                out.push(rel.replace('\\', "/"));
            }
        }
    }

    /// The embedded page's answer to a GET of `path` with the headers
    /// `pairs`: status, headers and body.
    async fn get(
        path: &str,
        pairs: &[(header::HeaderName, &str)],
    ) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut request = HeaderMap::new();
        for (name, value) in pairs {
            request.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        let response = WebRoot::embedded().serve(path, &request).await;
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, MAX_FILE_BYTES as usize)
            .await
            .unwrap();
        (parts.status, parts.headers, body.to_vec())
    }

    #[test]
    fn the_gzip_copy_of_the_wasm_is_the_wasm() {
        let (_, gz) = EMBEDDED_GZIP[0];
        let wasm = WebRoot::embedded_file("/pkg/board_web_bg.wasm").unwrap().0;
        let mut gunzip = std::process::Command::new("gzip")
            .arg("-dc")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("gzip runs");
        let mut input = gunzip.stdin.take().unwrap();
        let writer = std::thread::spawn(move || std::io::Write::write_all(&mut input, gz));
        let out = gunzip.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(out.status.success());
        assert!(
            out.stdout == wasm,
            "web/pkg/board_web_bg.wasm.gz is not the gzip of board_web_bg.wasm: run scripts/build-web"
        );
        assert!(
            gz.len() * 3 < wasm.len(),
            "{} against {}",
            gz.len(),
            wasm.len()
        );
    }

    #[tokio::test]
    async fn the_wasm_goes_gzipped_to_who_takes_gzip_and_a_known_tag_gets_304() {
        let wasm = WebRoot::embedded_file("/pkg/board_web_bg.wasm").unwrap().0;
        let path = "/pkg/board_web_bg.wasm";
        let (status, headers, body) =
            get(path, &[(header::ACCEPT_ENCODING, "gzip, deflate, br")]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
        assert_eq!(headers[header::CONTENT_TYPE], "application/wasm");
        assert_eq!(headers[header::VARY], "accept-encoding");
        assert_eq!(body, EMBEDDED_GZIP[0].1);
        let gz_tag = headers[header::ETAG].to_str().unwrap().to_owned();
        assert!(gz_tag.ends_with("-gz\""), "{gz_tag}");

        // No gzip asked, or refused by q=0: the wasm itself, another tag.
        for refused in [None, Some("gzip;q=0, identity"), Some("br")] {
            let pairs: Vec<_> = refused
                .map(|v| (header::ACCEPT_ENCODING, v))
                .into_iter()
                .collect();
            let (status, headers, body) = get(path, &pairs).await;
            assert_eq!(status, StatusCode::OK);
            assert!(
                headers.get(header::CONTENT_ENCODING).is_none(),
                "{refused:?}"
            );
            assert_eq!(headers[header::VARY], "accept-encoding");
            assert_eq!(body, wasm);
            assert_ne!(headers[header::ETAG], gz_tag.as_str());
        }

        // A reload with the tag it holds: 304, no body, the tag again.
        let (status, headers, body) = get(
            path,
            &[
                (header::ACCEPT_ENCODING, "gzip"),
                (header::IF_NONE_MATCH, &gz_tag),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        assert!(body.is_empty());
        assert_eq!(headers[header::ETAG], gz_tag.as_str());
        // A tag of another build: the whole file.
        let (status, _, body) = get(path, &[(header::IF_NONE_MATCH, "\"0123456789abcdef\"")]).await;
        assert_eq!((status, body.len()), (StatusCode::OK, wasm.len()));

        // The other files: a tag each, the same for the same bytes, no Vary.
        let (status, headers, _) = get("/app.js", &[(header::ACCEPT_ENCODING, "gzip")]).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers.get(header::CONTENT_ENCODING).is_none());
        assert!(headers.get(header::VARY).is_none());
        let tag = headers[header::ETAG].to_str().unwrap().to_owned();
        let (status, _, body) = get(
            "/app.js",
            &[(header::IF_NONE_MATCH, &format!("W/{tag}, \"x\""))],
        )
        .await;
        assert_eq!((status, body.len()), (StatusCode::NOT_MODIFIED, 0));
        let (_, again, _) = get("/index.html", &[]).await;
        assert_ne!(again[header::ETAG], tag.as_str());
        // A file that is not there has no tag.
        let (status, headers, _) = get("/missing.js", &[(header::IF_NONE_MATCH, "*")]).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(headers.get(header::ETAG).is_none());
    }

    #[test]
    fn every_file_of_the_page_is_embedded_as_it_is_on_disk() {
        let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
        let mut on_disk = Vec::new();
        servable_files(&web, &web, &mut on_disk);
        assert!(on_disk.contains(&"pkg/board_web_bg.wasm".to_owned()));
        for file in &on_disk {
            let embedded = EMBEDDED.iter().find(|(name, _)| name == file);
            let Some((_, bytes)) = embedded else {
                panic!("web/{file} is not embedded: add it to EMBEDDED in src/web.rs");
            };
            assert_eq!(*bytes, std::fs::read(web.join(file)).unwrap(), "web/{file}");
        }
        assert_eq!(
            EMBEDDED.len(),
            on_disk.len(),
            "EMBEDDED lists a file web/ lacks"
        );
        let (index, kind) = WebRoot::embedded_file("/").unwrap();
        assert_eq!(kind, "text/html; charset=utf-8");
        assert_eq!(index, EMBEDDED[0].1);
        for bad in [
            "/../Cargo.toml",
            "/pkg/../index.html",
            "/%2e%2e/x.js",
            "/pkg/board_web.d.ts",
        ] {
            assert!(WebRoot::embedded_file(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn only_known_kinds_of_file_are_served() {
        assert_eq!(content_type("a/b.css"), Some("text/css; charset=utf-8"));
        assert_eq!(content_type("Cargo.toml"), None);
        assert_eq!(content_type("README"), None);
        assert_eq!(content_type("x.sqlite3"), None);
    }
}
