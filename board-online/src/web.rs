//! The browser page: static files from one directory (the repository's
//! `web/`), served at `/` beside the WebSocket.
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
//! inline `style` attributes of the boards' SVG pictures.
//!
//! ```
//! use board_online::web::{content_type, WebRoot};
//!
//! assert_eq!(content_type("pkg/board_web_bg.wasm"), Some("application/wasm"));
//! assert_eq!(content_type("Cargo.toml"), None);
//! let root = WebRoot::new("/nowhere/web");
//! assert!(root.problem().is_some());
//! ```

use std::path::{Path, PathBuf};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The Content-Security-Policy of every answer.
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self'; connect-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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
        "json" | "webmanifest" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// The directory the page is served from.
#[derive(Debug, Clone)]
pub struct WebRoot {
    dir: PathBuf,
}

impl WebRoot {
    /// The page in `dir` (checked when served, see [`WebRoot::problem`]).
    pub fn new(dir: impl Into<PathBuf>) -> WebRoot {
        WebRoot { dir: dir.into() }
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Why the page cannot be played from this directory, if it cannot: the
    /// directory, its `index.html` or its WebAssembly build (`pkg/`,
    /// made by `scripts/build-web`) is missing.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let dir = self.dir.display();
        if !self.dir.join("index.html").is_file() {
            return Some(format!(
                "the web page is not served: no {dir}/index.html (pass --web DIR)"
            ));
        }
        if !self.dir.join("pkg").join("board_web_bg.wasm").is_file() {
            return Some(format!(
                "the web page cannot run: no {dir}/pkg/board_web_bg.wasm; build it with scripts/build-web"
            ));
        }
        None
    }

    /// The file a request path names, if it is a servable file inside the
    /// directory: `/` and paths ending in `/` name `index.html`.
    #[must_use]
    pub fn resolve(&self, request_path: &str) -> Option<(PathBuf, &'static str)> {
        let rel = request_path.strip_prefix('/')?;
        let rel = if rel.is_empty() || rel.ends_with('/') {
            format!("{rel}index.html")
        } else {
            rel.to_owned()
        };
        let safe = rel.split('/').all(|seg| {
            !seg.is_empty() && !seg.starts_with('.') && !seg.contains(['\\', '%', '\0', ':'])
        });
        if !safe {
            return None;
        }
        let kind = content_type(&rel)?;
        let root = self.dir.canonicalize().ok()?;
        let file = root.join(&rel).canonicalize().ok()?;
        (file.starts_with(&root) && file.is_file()).then_some((file, kind))
    }

    /// The answer to a GET of `request_path`.
    pub async fn serve(&self, request_path: &str) -> Response {
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
            std::os::unix::fs::symlink(base.join("secret.js"), root.dir().join("link.js")).unwrap();
            assert!(
                root.resolve("/link.js").is_none(),
                "a symlink out of the root resolved"
            );
        }
        // No wasm build yet: the page says so.
        assert!(root.problem().unwrap().contains("scripts/build-web"));
        std::fs::write(root.dir().join("pkg/board_web_bg.wasm"), b"\0asm").unwrap();
        assert_eq!(root.problem(), None);
        std::fs::remove_dir_all(base).unwrap();
    }

    #[test]
    fn only_known_kinds_of_file_are_served() {
        assert_eq!(content_type("a/b.css"), Some("text/css; charset=utf-8"));
        assert_eq!(content_type("Cargo.toml"), None);
        assert_eq!(content_type("README"), None);
        assert_eq!(content_type("x.sqlite3"), None);
    }
}
