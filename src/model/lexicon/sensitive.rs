//! Sensitive terms: what a leisure puzzle never prints, as an answer or in
//! a clue (the Nazi era and its crimes, sexual and excretory terms,
//! suicide, terror, torture, slurs). Matched against words and word
//! starts, never any substring: "Mandschurei" is not "Hure".

use crate::model::spec::Language;
use std::collections::HashMap;
use std::sync::OnceLock;

/// How a term matches a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// The word is the term or starts with it (`term`).
    Start,
    /// The word is the term (`=term`).
    Whole,
    /// The word starts or ends with it (`*term`: compounds' heads).
    StartOrEnd,
}

/// A list of sensitive terms (lower case) with how each matches.
#[derive(Clone, Debug, Default)]
pub struct SensitiveList {
    /// Single-word terms.
    words: Vec<(String, Reach)>,
    /// Terms of several words ("concentration camp"), as word sequences.
    phrases: Vec<(Vec<String>, Reach)>,
    /// Per first letter, the single-word terms starting with it (indices
    /// into `words`): a word is compared with a few terms, not all (the
    /// scan of every term was a tenth of loading a large list).
    by_first: HashMap<char, Vec<usize>>,
    /// The `*term`s, which match word ends too.
    ends: Vec<usize>,
}

impl SensitiveList {
    /// Parses the list format: one term per line, `=term` whole words
    /// only, `*term` word ends too, `#` comments.
    pub fn parse(text: &str) -> SensitiveList {
        let mut list = SensitiveList::default();
        for line in super::super::blacklist::list_words(text) {
            let (reach, term) = if let Some(t) = line.strip_prefix('=') {
                (Reach::Whole, t)
            } else if let Some(t) = line.strip_prefix('*') {
                (Reach::StartOrEnd, t)
            } else {
                (Reach::Start, line)
            };
            let parts = words_of(term);
            match parts.len() {
                0 => {}
                1 => list.words.push((parts[0].clone(), reach)),
                _ => list.phrases.push((parts, reach)),
            }
        }
        list.index();
        list
    }

    /// Adds the terms of `other`.
    pub fn extend(&mut self, other: &SensitiveList) {
        self.words.extend(other.words.iter().cloned());
        self.phrases.extend(other.phrases.iter().cloned());
        self.index();
    }

    fn index(&mut self) {
        self.by_first.clear();
        self.ends.clear();
        for (i, (term, reach)) in self.words.iter().enumerate() {
            if let Some(first) = term.chars().next() {
                self.by_first.entry(first).or_default().push(i);
            }
            if *reach == Reach::StartOrEnd {
                self.ends.push(i);
            }
        }
    }

    /// Whether any word of `text` (an answer or a clue) is sensitive.
    pub fn matches(&self, text: &str) -> bool {
        let words = words_of(text);
        let hit = |word: &str, term: &str, reach: Reach| match reach {
            Reach::Whole => word == term,
            Reach::Start => word.starts_with(term),
            Reach::StartOrEnd => word.starts_with(term) || word.ends_with(term),
        };
        let single = |w: &String| {
            let first = w.chars().next().and_then(|c| self.by_first.get(&c));
            first.is_some_and(|terms| {
                terms.iter().any(|&i| {
                    let (t, r) = &self.words[i];
                    hit(w, t, *r)
                })
            }) || self
                .ends
                .iter()
                .any(|&i| w.ends_with(self.words[i].0.as_str()))
        };
        words.iter().any(single)
            || self.phrases.iter().any(|(terms, reach)| {
                words.windows(terms.len()).any(|window| {
                    let last = terms.len() - 1;
                    window.iter().zip(terms).enumerate().all(|(i, (w, t))| {
                        if i == last { hit(w, t, *reach) } else { w == t }
                    })
                })
            })
    }

    /// Terms in the list.
    pub fn len(&self) -> usize {
        self.words.len() + self.phrases.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Lower-case words of a text: runs of letters (a hyphen or apostrophe
/// splits, so "SS-Mann" is "ss", "mann").
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The shipped sensitive list's text for `language`.
pub fn shipped_text(language: Language) -> &'static str {
    match language {
        Language::German => include_str!("sensitive-de.txt"),
        Language::English => include_str!("sensitive-en.txt"),
        Language::FromVocabulary => "",
    }
}

/// The shipped list of `language` (both for
/// [`Language::FromVocabulary`]), parsed once per process.
pub fn sensitive(language: Language) -> &'static SensitiveList {
    static DE: OnceLock<SensitiveList> = OnceLock::new();
    static EN: OnceLock<SensitiveList> = OnceLock::new();
    static BOTH: OnceLock<SensitiveList> = OnceLock::new();
    match language {
        Language::German => DE.get_or_init(|| SensitiveList::parse(shipped_text(language))),
        Language::English => EN.get_or_init(|| SensitiveList::parse(shipped_text(language))),
        Language::FromVocabulary => BOTH.get_or_init(|| {
            let mut both = sensitive(Language::German).clone();
            both.extend(sensitive(Language::English));
            both
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_word_starts_match_substrings_do_not() {
        let de = sensitive(Language::German);
        assert!(de.matches("Hure"));
        assert!(!de.matches("Mandschurei"));
        assert!(de.matches("Braunhemden"));
        // A name inside a hyphenated compound (a page of the 2026-11-26 audit).
        assert!(de.matches("Hermann-Göring-Pillen"));
        // A slur for Aboriginal Australians on an English page (final read).
        let en = sensitive(Language::English);
        assert!(en.matches("abo") && !en.matches("about"));
        assert!(de.matches("ehemaliges Konzentrationslager"));
        assert!(de.matches("KZ"));
        assert!(!de.matches("Klasse"));
        assert!(de.matches("Kinderporno"));
        assert!(de.matches("After"));
        assert!(!de.matches("Afterwork"));
        assert!(!de.matches("Fluss in Italien"));
        let en = sensitive(Language::English);
        assert!(en.matches("sex organ"));
        assert!(en.matches("terrorist group"));
        assert!(!en.matches("Scunthorpe"));
        assert!(!en.matches("class"));
        assert!(en.matches("Concentration camps"));
        assert!(!en.matches("concentration"));
        assert!(sensitive(Language::FromVocabulary).len() > de.len());
    }
}
