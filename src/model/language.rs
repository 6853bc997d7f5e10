//! The puzzle's language: its letter frequencies, word lists and page
//! conventions. Its own module because tags, words and the request all
//! name it.

use serde::{Deserialize, Serialize};

/// The language whose letter frequencies the filler follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Language {
    /// English letter frequencies.
    #[default]
    English,
    /// German letter frequencies.
    German,
    /// Frequencies counted from the vocabularies themselves.
    FromVocabulary,
}
