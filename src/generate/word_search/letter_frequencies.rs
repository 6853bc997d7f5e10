//! The languages' letter frequencies, which the filler draws from and the
//! preparation weighs letters by.

use crate::model::{Language, PuzzleSpec};
use std::collections::BTreeMap;

/// Letter frequencies per 10,000 letters of running text.
const ENGLISH: &[(char, u32)] = &[
    ('E', 1270),
    ('T', 906),
    ('A', 817),
    ('O', 751),
    ('I', 697),
    ('N', 675),
    ('S', 633),
    ('H', 609),
    ('R', 599),
    ('D', 425),
    ('L', 403),
    ('C', 278),
    ('U', 276),
    ('M', 241),
    ('W', 236),
    ('F', 223),
    ('G', 202),
    ('Y', 197),
    ('P', 193),
    ('B', 149),
    ('V', 98),
    ('K', 77),
    ('J', 15),
    ('X', 15),
    ('Q', 10),
    ('Z', 7),
];

/// German frequencies; umlauts count only when the vocabulary has them.
const GERMAN: &[(char, u32)] = &[
    ('E', 1740),
    ('N', 978),
    ('I', 755),
    ('S', 727),
    ('R', 700),
    ('A', 651),
    ('T', 615),
    ('D', 508),
    ('H', 476),
    ('U', 435),
    ('L', 344),
    ('C', 306),
    ('G', 301),
    ('M', 253),
    ('O', 251),
    ('B', 189),
    ('W', 189),
    ('F', 166),
    ('K', 121),
    ('Z', 113),
    ('P', 79),
    ('V', 67),
    ('Ü', 65),
    ('Ä', 54),
    ('J', 27),
    ('Ö', 30),
    ('Y', 4),
    ('X', 3),
    ('Q', 2),
];

/// Filler weight per letter for the spec's language.
pub(crate) fn letter_weights(
    spec: &PuzzleSpec,
    vocabulary_letters: &[char],
) -> BTreeMap<char, u32> {
    let table = match spec.language {
        Language::English => ENGLISH,
        Language::German => GERMAN,
        Language::FromVocabulary => {
            let mut counts: BTreeMap<char, u32> = BTreeMap::new();
            for v in &spec.vocabularies {
                for w in &v.words {
                    for c in &w.letters {
                        *counts.entry(*c).or_default() += 1;
                    }
                }
            }
            return counts;
        }
    };
    table
        .iter()
        .filter(|(c, _)| c.is_ascii() || vocabulary_letters.contains(c))
        .copied()
        .collect()
}
