//! Where a word of clue text may break at a line end: after its own
//! hyphens first, else at the language's Knuth–Liang patterns (German
//! 1996 rules, US English; the `hypher` crate's embedded tries). Numbers,
//! abbreviations and symbols never break.

use super::texts::PageLanguage as Language;

/// A place a word may break, as a byte offset into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Break {
    /// Bytes of the word before the break.
    pub at: usize,
    /// Whether the line ends with an added hyphen (false after the word's
    /// own hyphen, which stays on the first line).
    pub adds_hyphen: bool,
    /// Whether the break falls between two words: the word's own hyphen,
    /// or the joint of a German compound (`lexicon::compound_joints`),
    /// where a typesetter breaks first.
    pub joins_words: bool,
}

/// Letters kept together at a word's start and end: two before a break
/// (the patterns' own minimum, "Au-ßen"), three after it — narrow clue
/// cells read a two-letter line end badly ("Mi-nisteri-um").
const LEFT_MIN: usize = 2;
const RIGHT_MIN: usize = 3;

/// Every break `word` allows, in order. A word with a hyphen of its own
/// breaks only there ("Low-T3-Syndrom": after "Low-" and "T3-", never a
/// doubled hyphen); a word holding a digit, a full stop or mostly capitals
/// (an abbreviation or symbol) never breaks.
/// Compound joints are found only when `joints` asks for them (they cost
/// frequency-list lookups; elsewhere `joins_words` is false).
pub fn breaks(word: &str, language: Language, joints: bool) -> Vec<Break> {
    let own: Vec<usize> = word
        .char_indices()
        .filter(|&(i, c)| is_hyphen(c) && i > 0 && i + c.len_utf8() < word.len())
        .map(|(i, c)| i + c.len_utf8())
        .collect();
    if !own.is_empty() {
        return own
            .into_iter()
            .map(|at| Break {
                at,
                adds_hyphen: false,
                joins_words: true,
            })
            .collect();
    }
    if !breakable(word) {
        return Vec::new();
    }
    let (lang, words_of) = match language {
        Language::German => (hypher::Lang::German, crate::model::Language::German),
        Language::English => (hypher::Lang::English, crate::model::Language::English),
    };
    let joints = if joints {
        crate::model::lexicon::compound_joints(word, words_of)
    } else {
        Vec::new()
    };
    // The patterns are lower case; ẞ lower-cases to a shorter ß, so the
    // word is lowered letter by letter and offsets mapped back by letter.
    let letters: Vec<(usize, char)> = word.char_indices().collect();
    let lowered: String = letters
        .iter()
        .map(|&(_, c)| c.to_lowercase().next().unwrap_or(c))
        .collect();
    let mut out = Vec::new();
    let mut letters_before = 0;
    let mut syllables = hypher::hyphenate_bounded(&lowered, lang, LEFT_MIN, RIGHT_MIN).peekable();
    while let Some(syllable) = syllables.next() {
        letters_before += syllable.chars().count();
        if syllables.peek().is_some() {
            out.push(Break {
                at: letters[letters_before].0,
                adds_hyphen: true,
                joins_words: joints.contains(&letters_before),
            });
        }
    }
    out
}

/// Hyphen characters a word may carry.
fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '‐' | '‑')
}

/// Whether the patterns may break `word`: letters only (a trailing comma
/// aside), long enough, and not an abbreviation (two capitals in at most
/// five letters: UdSSR, LKW; a long word in capitals is a word).
fn breakable(word: &str) -> bool {
    let core = word.trim_end_matches([',', ';', ':', ')', '!', '?']);
    let letters = core.chars().filter(|c| c.is_alphabetic()).count();
    let capitals = core.chars().filter(|c| c.is_uppercase()).count();
    let abbreviation = capitals >= 2 && letters <= 5;
    letters == core.chars().count() && letters >= LEFT_MIN + RIGHT_MIN && !abbreviation
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(word: &str, language: Language) -> String {
        let mut out = String::new();
        let mut from = 0;
        for b in breaks(word, language, true) {
            out.push_str(&word[from..b.at]);
            out.push('|');
            from = b.at;
        }
        out.push_str(&word[from..]);
        out
    }

    #[test]
    fn german_compounds_break_where_german_does() {
        // The bad breaks: Herrschaft-sfreiheit, Computert-omografie,
        // Außenmin-isterium, Wacholderb-ranntwein.
        for (word, want) in [
            ("Herrschaftsfreiheit", "Herr|schafts|frei|heit"),
            ("Computertomografie", "Com|pu|ter|to|mo|gra|fie"),
            ("Außenministerium", "Au|ßen|mi|nis|te|ri|um"),
            ("Wacholderbranntwein", "Wa|chol|der|brannt|wein"),
        ] {
            let got = pieces(word, Language::German);
            // The right minimum of three keeps the last piece whole.
            let want = want.replace("ri|um", "rium").replace("|um", "um");
            assert_eq!(got, want, "{word}");
        }
    }

    #[test]
    fn capital_sharp_s_breaks_on_letter_boundaries() {
        // ẞ lower-cases to a shorter ß: offsets are mapped back by letter.
        for b in breaks("GROẞMUTTER", Language::German, true) {
            assert!("GROẞMUTTER".is_char_boundary(b.at), "{b:?}");
        }
        assert_eq!(pieces("GROSSMUTTER", Language::German), "GROSS|MUTTER");
    }

    #[test]
    fn own_hyphens_first_and_abbreviations_never() {
        assert_eq!(
            breaks("Low-T3-Syndrom", Language::German, true),
            [
                Break {
                    at: 4,
                    adds_hyphen: false,
                    joins_words: true
                },
                Break {
                    at: 7,
                    adds_hyphen: false,
                    joins_words: true
                }
            ]
        );
        for word in ["UdSSR", "kg", "3,5", "Abk.", "ABS", "z.B."] {
            assert!(breaks(word, Language::German, true).is_empty(), "{word}");
        }
        assert_eq!(pieces("hyphenation", Language::English), "hy|phen|ation");
    }
}
