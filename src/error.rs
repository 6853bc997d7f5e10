//! Typed library errors: bad input (naming file, line, word or cell) and
//! requests the generator cannot meet.

use std::fmt;

/// Input that cannot be used, with where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file (or other source) at fault, if known.
    pub source: Option<String>,
    /// 1-based line, 0 when the whole source is meant.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error without a location.
    pub fn msg(message: impl Into<String>) -> Self {
        InputError {
            source: None,
            line: 0,
            message: message.into(),
        }
    }

    /// A RON parse error of `source`, with its line and column.
    pub fn ron(source: &str, error: &ron::error::SpannedError) -> Self {
        InputError::at(
            source,
            error.span.start.line,
            format!("column {}: {}", error.span.start.col, error.code),
        )
    }

    /// An error at `line` of `source` (line 0: the whole source).
    pub fn at(source: &str, line: usize, message: impl Into<String>) -> Self {
        InputError {
            source: Some(source.to_string()),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.source, self.line) {
            (Some(s), 0) => write!(f, "{s}: {}", self.message),
            (Some(s), l) => write!(f, "{s}, line {l}: {}", self.message),
            (None, _) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Why generation produced no puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The input is invalid.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The request cannot work; found before searching.
    #[error("impossible request: {0}")]
    Impossible(String),
    /// The search space was exhausted: no arrangement exists.
    #[error("no arrangement exists: {0}")]
    NoSolution(String),
    /// The time limit ran out before any usable puzzle was found.
    #[error("no puzzle found within the time limit: {0}")]
    TimedOut(String),
    /// The caller's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

/// Shortens very long input for messages (a 10,000-letter line).
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}… ({} characters)", text.chars().count())
    }
}
