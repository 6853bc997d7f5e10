//! Shared helpers for the integration tests.

#![allow(dead_code)]

use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary, Word};
use gridpress::project::banned_letters;

/// Words of a file in `tests/data`.
pub fn words(file: &str) -> Vec<Word> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap();
    let (v, _) = Vocabulary::parse_text(file, &bytes, &path).unwrap();
    let (words, rejected) = v.words(UmlautMode::Keep);
    assert!(rejected.is_empty());
    words
}

/// A spec with one vocabulary.
pub fn spec(mask: Mask, words: Vec<Word>, must_use: bool) -> PuzzleSpec {
    let mut spec = PuzzleSpec::new(
        mask,
        vec![SpecVocabulary {
            name: "test".into(),
            must_use,
            words,
            lines: Default::default(),
        }],
    );
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec
}

/// The built-in offensive words in both umlaut spellings, for `verify`.
pub fn banned() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for mode in [UmlautMode::Keep, UmlautMode::Expand] {
        for w in banned_letters(std::iter::empty(), mode).unwrap() {
            let s: String = w.into_iter().collect();
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Debian's `wamerican`: its lower-case entries of 3+ letters, one per line.
pub fn american_text() -> String {
    let dict = std::path::Path::new("/usr/share/dict/american-english");
    assert!(
        dict.exists(),
        "this test needs Debian's wamerican package (apt-get install wamerican)"
    );
    std::fs::read_to_string(dict)
        .unwrap()
        .lines()
        .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()))
        .map(|w| format!("{w}\n"))
        .collect()
}

/// Debian's `wngerman`: its alphabetic entries (umlauts and ß included,
/// nouns capitalised) of 3+ letters, one per line.
pub fn german_text() -> String {
    let dict = std::path::Path::new("/usr/share/dict/ngerman");
    assert!(
        dict.exists(),
        "this test needs Debian's wngerman package (apt-get install wngerman)"
    );
    std::fs::read_to_string(dict)
        .unwrap()
        .lines()
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .map(|w| format!("{w}\n"))
        .collect()
}
