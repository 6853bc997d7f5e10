//! What Gridpress knows about words beyond a vocabulary, shipped per
//! language (sources and licences in this folder's README.md): how common
//! a word is (Zipf frequency from `wordfreq`), which terms a leisure
//! puzzle never prints (sensitive lists), and short answers clued as
//! print clues them.

mod frequency;
mod sensitive;

pub use frequency::{FAMILIAR_ZIPF, compound_joints, known_zipf, zipf};
pub use sensitive::{SensitiveList, sensitive, shipped_text as sensitive_text};

use super::spec::Language;
use super::vocabulary::Vocabulary;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Whether `word` (as written: "sein", not "Sein") is of a closed word
/// class of `language` — an article, pronoun, preposition, conjunction or
/// auxiliary form (`closed-de.txt`, `closed-en.txt`), which a thesaurus
/// clues badly.
pub fn closed_class(word: &str, language: Language) -> bool {
    static DE: OnceLock<HashSet<&'static str>> = OnceLock::new();
    static EN: OnceLock<HashSet<&'static str>> = OnceLock::new();
    let parse = |text: &'static str| {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect::<HashSet<_>>()
    };
    let set = match language {
        Language::German => DE.get_or_init(|| parse(include_str!("closed-de.txt"))),
        Language::English => EN.get_or_init(|| parse(include_str!("closed-en.txt"))),
        Language::FromVocabulary => return false,
    };
    set.contains(word)
}

/// The shipped short-answer list of a language, as a vocabulary
/// (`short-de.txt`, `short-en.txt`).
pub fn short_answers(language: Language) -> Vocabulary {
    let (name, text) = match language {
        Language::German => ("Kurzwörter", include_str!("short-de.txt")),
        Language::English | Language::FromVocabulary => {
            ("Short answers", include_str!("short-en.txt"))
        }
    };
    Vocabulary::parse_text(name, text.as_bytes(), name)
        .expect("the shipped short-answer lists parse")
        .0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::thesaurus::{alternatives, gives_away};
    use crate::model::word::{UmlautMode, Word};

    #[test]
    fn every_short_answer_keeps_a_clue_that_is_printable() {
        for language in [Language::German, Language::English] {
            let list = sensitive(language);
            let vocabulary = short_answers(language);
            assert!(vocabulary.entries.len() > 40);
            for e in &vocabulary.entries {
                let word = Word::new(&e.word, None, UmlautMode::Expand).unwrap();
                assert!(!list.matches(&e.word), "{} is sensitive", e.word);
                let clue = e.clue.as_deref().unwrap_or_default();
                let kept = alternatives(clue)
                    .filter(|c| !gives_away(c, &word.text()) && !list.matches(c))
                    .count();
                assert!(kept > 0, "{}: no clue left of {clue:?}", e.word);
            }
        }
    }
}
