//! Reading input with a bound: a record file or a line of `play` never takes
//! more memory than its limit, whatever is on the other end (`/dev/zero`, a
//! huge file, an endless line).

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, Read};

use board_core::{Explain, Message};

/// The largest record file the examples read.
pub const MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

/// The longest line `play` reads, without its line ending.
pub const MAX_LINE_BYTES: usize = 4 * 1024;

/// What went wrong reading or writing a file, with the file's name: the
/// system's words are given in the player's language
/// ([`Explain`]: `term-file-*` of the catalogues) for the usual failures.
/// Its `Display` is English.
///
/// ```
/// use board_games::input::{read_file, FileError};
/// use board_l10n::{Catalogue, Lang};
///
/// let e = read_file("no-such-record.txt", 1024).unwrap_err();
/// assert!(matches!(e, FileError::NotFound { .. }));
/// assert_eq!(e.to_string(), "file not found: no-such-record.txt");
/// let fr = Catalogue::new(Lang::Fr);
/// assert_eq!(fr.explain(&e), "fichier introuvable\u{a0}: no-such-record.txt");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// There is no file at `path` (reading).
    NotFound {
        /// The file's name.
        path: String,
    },
    /// The folder `path` would be written in does not exist (writing).
    NoFolder {
        /// The file's name.
        path: String,
    },
    /// The system refuses access to `path`.
    Denied {
        /// The file's name.
        path: String,
    },
    /// `path` is a folder.
    IsFolder {
        /// The folder's name.
        path: String,
    },
    /// Another failure, in the system's words.
    Other {
        /// The file's name.
        path: String,
        /// What the system says.
        error: String,
    },
    /// The file is larger than `mib` MiB, the most a record may be.
    TooLarge {
        /// The file's name.
        path: String,
        /// The limit, in MiB.
        mib: u64,
    },
    /// The file is not UTF-8 text: byte `byte` is the first invalid one.
    NotUtf8 {
        /// The file's name.
        path: String,
        /// The offset of the first invalid byte.
        byte: usize,
    },
}

impl FileError {
    /// The failure `error` of reading (`writing` false) or writing `path`.
    #[must_use]
    pub fn io(path: &str, error: &io::Error, writing: bool) -> FileError {
        let path = path.to_owned();
        match error.kind() {
            io::ErrorKind::NotFound if writing => FileError::NoFolder { path },
            io::ErrorKind::NotFound => FileError::NotFound { path },
            io::ErrorKind::PermissionDenied => FileError::Denied { path },
            io::ErrorKind::IsADirectory => FileError::IsFolder { path },
            _ => FileError::Other {
                path,
                error: error.to_string(),
            },
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotFound { path } => write!(f, "file not found: {path}"),
            FileError::NoFolder { path } => write!(f, "no such folder for {path}"),
            FileError::Denied { path } => write!(f, "permission denied: {path}"),
            FileError::IsFolder { path } => write!(f, "{path} is a folder, not a file"),
            FileError::Other { path, error } => write!(f, "{path}: {error}"),
            FileError::TooLarge { path, mib } => {
                write!(f, "{path}: larger than {mib} MiB, the most a record may be")
            }
            FileError::NotUtf8 { path, byte } => {
                write!(f, "{path}: not UTF-8 text (byte {byte} is invalid)")
            }
        }
    }
}

impl std::error::Error for FileError {}

impl Explain for FileError {
    fn explain(&self) -> Message {
        match self {
            FileError::NotFound { path } => Message::new("term-file-not-found").text("path", path),
            FileError::NoFolder { path } => Message::new("term-file-no-folder").text("path", path),
            FileError::Denied { path } => Message::new("term-file-denied").text("path", path),
            FileError::IsFolder { path } => Message::new("term-file-is-folder").text("path", path),
            FileError::Other { path, error } => Message::new("term-file-error")
                .text("path", path)
                .text("error", error),
            FileError::TooLarge { path, mib } => Message::new("term-file-too-large")
                .text("path", path)
                .number("mib", *mib),
            FileError::NotUtf8 { path, byte } => Message::new("term-file-not-utf8")
                .text("path", path)
                .number("byte", *byte),
        }
    }
}

/// Reads the whole file at `path` as UTF-8 text, refusing one larger than
/// `limit` bytes after reading at most `limit + 1` of them.
///
/// # Errors
/// The file cannot be read, is larger than `limit`, or is not UTF-8; the
/// error names the file and the limit.
pub fn read_file(path: &str, limit: u64) -> Result<String, FileError> {
    let failed = |e: io::Error| FileError::io(path, &e, false);
    let file = File::open(path).map_err(failed)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            path: path.to_owned(),
            mib: limit / (1024 * 1024),
        });
    }
    String::from_utf8(bytes).map_err(|e| FileError::NotUtf8 {
        path: path.to_owned(),
        byte: e.utf8_error().valid_up_to(),
    })
}

/// Reads one line into `line` (cleared first, line ending removed), reading
/// at most `limit + 1` bytes of it. `Ok(false)` at the end of the input.
///
/// # Errors
/// The input fails, the line is longer than `limit` bytes (what was read of
/// it stays unread past the limit), or it is not UTF-8.
pub fn read_line(input: &mut dyn BufRead, line: &mut String, limit: usize) -> io::Result<bool> {
    line.clear();
    let mut bytes = Vec::new();
    let mut seen_any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        seen_any = true;
        let (taken, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = (limit + 2).saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..taken.min(room)]);
        input.consume(taken.min(room));
        if bytes.len() > limit + 1 || (!done && bytes.len() > limit) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a line longer than {limit} bytes"),
            ));
        }
        if done {
            break;
        }
    }
    if !seen_any {
        return Ok(false);
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    if bytes.len() > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a line longer than {limit} bytes"),
        ));
    }
    *line = String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a line that is not UTF-8"))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Result<String, String>> {
        let mut reader = io::BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        let mut line = String::new();
        loop {
            match read_line(&mut reader, &mut line, limit) {
                Ok(true) => out.push(Ok(line.clone())),
                Ok(false) => break,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn lines_within_the_limit_are_read_whole() {
        assert_eq!(
            lines(b"ab\r\ncdef\n\nlast", 4),
            [
                Ok("ab".into()),
                Ok("cdef".into()),
                Ok("".into()),
                Ok("last".into())
            ]
        );
    }

    #[test]
    fn a_long_line_is_refused_after_reading_little_of_it() {
        let endless = vec![b'x'; 1 << 20];
        let mut rest = &endless[..];
        let mut reader = io::BufReader::with_capacity(64, &mut rest);
        let mut line = String::new();
        let err = read_line(&mut reader, &mut line, 16).unwrap_err();
        assert_eq!(err.to_string(), "a line longer than 16 bytes");
        drop(reader);
        // One buffer's worth was taken from the input, not the megabyte.
        assert_eq!(rest.len(), endless.len() - 64);
        assert_eq!(
            lines(b"12345\n", 4),
            [Err("a line longer than 4 bytes".into())]
        );
        assert_eq!(lines(b"1234\n", 4), [Ok("1234".into())]);
    }

    #[test]
    fn invalid_utf8_is_an_error() {
        assert_eq!(
            lines(b"\xff\n", 8),
            [Err("a line that is not UTF-8".into())]
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let dir = std::env::temp_dir().join(format!("board-games-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.txt");
        std::fs::write(&path, vec![b'a'; 2 * 1024 * 1024 + 1]).unwrap();
        let p = path.to_str().unwrap();
        let err = read_file(p, 2 * 1024 * 1024).unwrap_err().to_string();
        assert!(
            err.ends_with("larger than 2 MiB, the most a record may be"),
            "{err}"
        );
        assert_eq!(
            read_file(p, 3 * 1024 * 1024).unwrap().len(),
            2 * 1024 * 1024 + 1
        );
        std::fs::write(&path, b"ok\xff").unwrap();
        assert!(read_file(p, 100)
            .unwrap_err()
            .to_string()
            .contains("byte 2 is invalid"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
