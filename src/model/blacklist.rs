//! Blacklists: exclusion groups and the offensive words that must never
//! appear in a grid.

use serde::{Deserialize, Serialize};

/// A group of words of which at most one may appear in a puzzle (RQ.V.03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExclusionGroup {
    /// A name for the editor ("synonyms of car").
    pub name: String,
    /// The words, as printed.
    pub words: Vec<String>,
}

/// The shipped offensive-word lists, one word per line.
pub const BUILT_IN_OFFENSIVE: [(&str, &str); 2] = [
    ("en", include_str!("offensive/en.txt")),
    ("de", include_str!("offensive/de.txt")),
];

/// Words of a list file: one per line, `#` comments and blank lines skipped.
pub fn list_words(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Every built-in offensive word, all languages (a German puzzle must not
/// spell an English swear word either).
pub fn built_in_offensive() -> impl Iterator<Item = &'static str> {
    BUILT_IN_OFFENSIVE
        .iter()
        .flat_map(|(_, text)| list_words(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::word::{UmlautMode, grid_letters};

    #[test]
    fn built_in_lists_are_valid_words() {
        let mut n = 0;
        for w in built_in_offensive() {
            assert!(grid_letters(w, UmlautMode::Keep).is_ok(), "{w}");
            assert!(w.chars().count() >= 3, "{w} is too short to ban safely");
            n += 1;
        }
        assert!(n > 40, "{n}");
    }
}
