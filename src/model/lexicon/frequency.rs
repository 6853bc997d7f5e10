//! How common a word is: the Zipf frequency (log10 of the occurrences per
//! billion words) from the shipped lists derived from `wordfreq`
//! (`derive_frequency.py`), read once per process.

use crate::model::spec::Language;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The Zipf frequency from which an answer counts as familiar: the issue's
/// measure of "words of everyday German/English" (zipf ≥ 2.5). At 2.5 the
/// German thesaurus keeps 23,900 of its 68,100 answers (KURVE 4.1, ETUI
/// 2.9, RHONCHUS and ENAKTIV below 2.0), the English 27,700 of 75,400.
pub const FAMILIAR_ZIPF: f32 = 2.5;

/// Zipf frequency in tenths per lower-case word, borrowing the shipped
/// text (an owned key per line was a tenth of loading a word list).
type Table = HashMap<&'static str, u8>;

fn parse(text: &'static str) -> Table {
    let mut table = HashMap::with_capacity(text.len() / 10);
    let mut tenth = 0u8;
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(z) = line.strip_prefix("zipf ") {
            tenth = (z.parse::<f32>().unwrap_or(0.0) * 10.0).round() as u8;
        } else {
            table.entry(line).or_insert(tenth);
        }
    }
    table
}

fn table(language: Language) -> &'static Table {
    static DE: OnceLock<Table> = OnceLock::new();
    static EN: OnceLock<Table> = OnceLock::new();
    match language {
        Language::German => DE.get_or_init(|| parse(include_str!("frequency-de.txt"))),
        Language::English | Language::FromVocabulary => {
            EN.get_or_init(|| parse(include_str!("frequency-en.txt")))
        }
    }
}

/// The Zipf frequency of a printed word in `language` (for
/// [`Language::FromVocabulary`] the higher of German and English); 0 for
/// a word below the lists' floor of 2.0 or not a single word.
pub fn zipf(printed: &str, language: Language) -> f32 {
    let key = printed.trim().to_lowercase();
    let of = |l: Language| table(l).get(key.as_str()).map_or(0.0, |&t| t as f32 / 10.0);
    match language {
        Language::FromVocabulary => of(Language::German).max(of(Language::English)),
        Language::German | Language::English => of(language),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_words_are_familiar_and_rare_ones_not() {
        let de = Language::German;
        assert!(zipf("und", de) > 6.0);
        assert!(zipf("Kurve", de) >= 4.0);
        assert!(zipf("Etui", de) >= FAMILIAR_ZIPF);
        assert!(zipf("Rhonchus", de) < FAMILIAR_ZIPF);
        assert!(zipf("house", Language::English) > 5.0);
        assert!(zipf("oocyte", Language::English) < FAMILIAR_ZIPF);
        assert_eq!(zipf("Haus", Language::FromVocabulary), zipf("haus", de));
    }
}
