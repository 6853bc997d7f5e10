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
    dictionary("american-english", "wamerican", |w| {
        w.chars().all(|c| c.is_ascii_lowercase())
    })
}

/// Debian's `wngerman`: its alphabetic entries (umlauts and ß included,
/// nouns capitalised) of 3+ letters, one per line.
pub fn german_text() -> String {
    dictionary("ngerman", "wngerman", |w| {
        w.chars().all(char::is_alphabetic)
    })
}

/// The entries of 3+ letters of `/usr/share/dict/FILE` that `keep` takes.
fn dictionary(file: &str, package: &str, keep: fn(&str) -> bool) -> String {
    let dict = std::path::Path::new("/usr/share/dict").join(file);
    assert!(
        dict.exists(),
        "this test needs Debian's {package} package (apt-get install {package})"
    );
    std::fs::read_to_string(dict)
        .unwrap()
        .lines()
        .filter(|w| w.chars().count() >= 3 && keep(w))
        .map(|w| format!("{w}\n"))
        .collect()
}

/// Every third lower-case `wamerican` word of `len` letters, up to
/// `count`.
pub fn common_words(len: usize, count: usize) -> Vec<String> {
    std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("needs wamerican")
        .lines()
        .filter(|w| w.len() == len && w.chars().all(|c| c.is_ascii_lowercase()))
        .step_by(3)
        .take(count)
        .map(str::to_string)
        .collect()
}
