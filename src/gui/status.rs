//! The status line: a message, its severity and its details.

/// How serious a status message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// All is well.
    Info,
    /// Done, with something relaxed or left out.
    Warning,
    /// Failed; nothing changed.
    Error,
}

/// The status line and its details.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    /// Severity.
    pub level: Level,
    /// One line.
    pub text: String,
    /// Further lines (what was relaxed, rejected lines).
    pub details: Vec<String>,
}

impl Status {
    pub(super) fn info(text: impl Into<String>) -> Status {
        Status {
            level: Level::Info,
            text: text.into(),
            details: Vec::new(),
        }
    }

    pub(super) fn error(text: impl Into<String>) -> Status {
        Status {
            level: Level::Error,
            text: text.into(),
            details: Vec::new(),
        }
    }
}
