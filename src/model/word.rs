//! Words: the printed form and the normalised letters that go into the grid.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;
use unicode_normalization::UnicodeNormalization;

/// How umlauts go into the grid (ß always becomes SS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum UmlautMode {
    /// Ä, Ö, Ü stay letters of their own.
    #[default]
    Keep,
    /// Ä → AE, Ö → OE, Ü → UE.
    Expand,
}

/// A word ready for the grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Word {
    /// As printed in the word list ("Ice cream").
    pub printed: SmolStr,
    /// The grid letters ("ICECREAM"), upper case, one `char` per cell.
    pub letters: Vec<char>,
    /// Optional clue.
    pub clue: Option<String>,
    /// Usage tags of the entry (abbreviation, colloquial …).
    pub tags: Vec<super::tags::Tag>,
}

impl Word {
    /// Normalises `printed` into grid letters.
    pub fn new(printed: &str, clue: Option<String>, mode: UmlautMode) -> Result<Word, WordError> {
        // ASCII letters alone (78 % of `ngerman`, nearly all of `wamerican`):
        // nothing to compose or trim, and the capitals are the letters; the
        // general path's four scans of every word were a third of the
        // instructions making `ngerman`'s grid words.
        if ascii_letters_only(printed) {
            return Ok(Word {
                printed: SmolStr::new(printed),
                letters: printed
                    .bytes()
                    .map(|b| char::from(b.to_ascii_uppercase()))
                    .collect(),
                clue,
                tags: Vec::new(),
            });
        }
        let printed = SmolStr::new(composed(printed).trim());
        let letters = grid_letters(&printed, mode)?;
        Ok(Word {
            printed,
            letters,
            clue,
            tags: Vec::new(),
        })
    }

    /// The grid letters as a string.
    pub fn text(&self) -> String {
        self.letters.iter().collect()
    }
}

/// Whether `text` is one or more ASCII letters and nothing else: most
/// words of every list, which need no composing, trimming or case tables.
pub(crate) fn ascii_letters_only(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphabetic())
}

/// Why a word cannot go into a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// Nothing left after dropping spaces and hyphens.
    #[error("the word is empty")]
    Empty,
    /// A digit, punctuation mark or symbol.
    #[error("{0:?} is not a letter")]
    NotALetter(char),
    /// Letters of different scripts (Latin and Cyrillic, say).
    #[error("mixes {0} and {1} letters")]
    MixedScripts(&'static str, &'static str),
    /// A letter whose capital is a letter plus a separate accent (`ǰ` →
    /// `J̌`), which no grid cell can hold.
    #[error(
        "{0:?} has no capital letter of its own (its capital is {1:?}, a letter and an accent)"
    )]
    NoCapital(char, String),
    /// A combining mark that composes with no letter (`n̈`): no grid cell
    /// can hold it.
    #[error(
        "{0:?} (U+{code:04X}) is an accent that forms no single letter with the one before it; no grid cell can hold it",
        code = *.0 as u32
    )]
    LooseMark(char),
}

/// Characters dropped for the grid but kept in print.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '\'' | '’' | '‐' | '‑' | '–' | '.' | '·')
}

/// Whether `printed` can go into a grid, as [`grid_letters`] decides,
/// without building its letters (loading checks every word of a list).
pub fn check_grid_letters(printed: &str) -> Result<(), WordError> {
    // ASCII letters alone, as in `Word::new`: 22 M of the check's 77 M
    // instructions on `ngerman` saved.
    if ascii_letters_only(printed) {
        return Ok(());
    }
    match latin1_letters(printed, UmlautMode::Keep, |_| {}) {
        Some(checked) => checked,
        None => grid_letters(printed, UmlautMode::Keep).map(|_| ()),
    }
}

/// The grid letters of a word written in ASCII and Latin-1's letters
/// (À–ÿ: every German, French, Spanish and Scandinavian word of the word
/// lists), each given to `push`; `None` for any other character (the
/// general path of [`grid_letters`] answers then). Such a word is composed
/// already (no combining mark comes before U+0300), all its letters are
/// Latin, and each has one capital (ß two: SS), so neither composing nor
/// the Unicode case tables are needed: a fifth of `ngerman`'s words went
/// through them four times in loading, as long as all its other words.
/// The test `latin1_letters_as_the_general_path` holds the two paths to
/// the same letters and errors for every Latin-1 character.
fn latin1_letters(
    printed: &str,
    mode: UmlautMode,
    mut push: impl FnMut(char),
) -> Option<Result<(), WordError>> {
    let mut any = false;
    let mut failed = None;
    for c in printed.chars() {
        let capital = match c {
            'a'..='z' | 'A'..='Z' => c.to_ascii_uppercase(),
            '\u{D7}' | '\u{F7}' => {
                failed.get_or_insert(WordError::NotALetter(c));
                continue;
            }
            'ß' => {
                push('S');
                push('S');
                any = true;
                continue;
            }
            'ÿ' => 'Ÿ',
            'à'..='þ' => char::from_u32(c as u32 - 0x20).expect("Latin-1 capital"),
            'À'..='Þ' => c,
            _ if c.is_ascii() => {
                if !is_separator(c) {
                    failed.get_or_insert(WordError::NotALetter(c));
                }
                continue;
            }
            _ => return None,
        };
        if failed.is_some() {
            continue;
        }
        any = true;
        match (capital, mode) {
            ('Ä', UmlautMode::Expand) | ('Æ', UmlautMode::Expand) => {
                push('A');
                push('E');
            }
            ('Ö', UmlautMode::Expand) => {
                push('O');
                push('E');
            }
            ('Ü', UmlautMode::Expand) => {
                push('U');
                push('E');
            }
            _ => push(capital),
        }
    }
    Some(match failed {
        Some(error) => Err(error),
        None if !any => Err(WordError::Empty),
        None => Ok(()),
    })
}

/// Normalised grid letters of a printed word.
pub fn grid_letters(printed: &str, mode: UmlautMode) -> Result<Vec<char>, WordError> {
    // ASCII and Latin-1 (nearly every word of every word list): Latin
    // letters, nothing to compose, no marks; the general path below gives
    // the same letters.
    let mut letters = Vec::with_capacity(printed.len());
    match latin1_letters(printed, mode, |c| letters.push(c)) {
        Some(result) => result.map(|()| letters),
        None => general_letters(printed, mode),
    }
}

/// [`grid_letters`] of any word: composed, checked for one script, each
/// letter's capital from Unicode's case tables.
fn general_letters(printed: &str, mode: UmlautMode) -> Result<Vec<char>, WordError> {
    let mut letters = Vec::new();
    let mut script: Option<&'static str> = None;
    for c in composed(printed).chars() {
        if is_separator(c) {
            continue;
        }
        // A mark left after composing belongs to no letter of the grid:
        // vowel points are left out; any other mark is refused.
        if is_combining_mark(c) {
            if drops_vowel_marks(script) {
                continue;
            }
            return Err(WordError::LooseMark(c));
        }
        if !c.is_alphabetic() {
            return Err(WordError::NotALetter(c));
        }
        let this = script_of(c);
        match script {
            Some(s) if s != this => return Err(WordError::MixedScripts(s, this)),
            _ => script = Some(this),
        }
        if c.is_ascii() {
            letters.push(c.to_ascii_uppercase());
            continue;
        }
        // One composed capital for nearly every letter (Ä, É); several
        // for some (ǰ: J + caron), composed then.
        let mut upper = c.to_uppercase();
        let one = [upper.next().unwrap_or(c)];
        let many: Vec<char>;
        let capital: &[char] = if upper.next().is_none() && composed_char(one[0]) {
            &one
        } else {
            many = c.to_uppercase().collect::<String>().nfc().collect();
            &many
        };
        if capital
            .iter()
            .any(|&u| !u.is_alphabetic() || is_combining_mark(u))
        {
            return Err(WordError::NoCapital(c, capital.iter().collect()));
        }
        for &u in capital {
            match (u, mode) {
                ('ẞ', _) => letters.extend(['S', 'S']),
                ('Ä', UmlautMode::Expand) => letters.extend(['A', 'E']),
                ('Ö', UmlautMode::Expand) => letters.extend(['O', 'E']),
                ('Ü', UmlautMode::Expand) => letters.extend(['U', 'E']),
                // German writes the ligatures out too (ŒUVRE: OEUVRE).
                ('Œ', UmlautMode::Expand) => letters.extend(['O', 'E']),
                ('Æ', UmlautMode::Expand) => letters.extend(['A', 'E']),
                _ => letters.push(u),
            }
        }
    }
    if letters.is_empty() {
        return Err(WordError::Empty);
    }
    Ok(letters)
}

/// `text` in Unicode's composed form (NFC), borrowed when it is already:
/// plain ASCII always is, and most other words are (composing every
/// word was most of loading `ngerman`'s 356,000 words: 0.8 s).
fn composed(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, is_nfc_quick};
    // Nothing before the first combining mark composes.
    if text.chars().all(|c| c < FIRST_MARK) || is_nfc_quick(text.chars()) == IsNormalized::Yes {
        text.into()
    } else {
        text.nfc().collect::<String>().into()
    }
}

/// Whether the letter `c` is composed already on its own.
fn composed_char(c: char) -> bool {
    use unicode_normalization::{IsNormalized, is_nfc_quick};
    c < FIRST_MARK || is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
}

/// Grid letters of each word of `printed` (split at spaces), for a
/// solution strip grouped by word; one group of `total` when they do not
/// add up to it.
pub fn letter_groups(printed: &str, mode: UmlautMode, total: usize) -> Vec<usize> {
    let groups: Vec<usize> = printed
        .split_whitespace()
        .map(|part| grid_letters(part, mode).map_or(0, |l| l.len()))
        .collect();
    if groups.iter().sum::<usize>() == total && groups.iter().all(|&g| g > 0) {
        groups
    } else {
        vec![total]
    }
}

/// Combining marks (Unicode General_Category Mark: accents, Hebrew
/// points, Arabic harakat): never a grid cell's letter on their own.
fn is_combining_mark(c: char) -> bool {
    // No mark comes before U+0300 (the German and French letters are
    // answered without the table).
    c >= FIRST_MARK && unicode_normalization::char::is_combining_mark(c)
}

/// The first combining mark (COMBINING GRAVE ACCENT): every character
/// before it is composed on its own and is no mark.
const FIRST_MARK: char = '\u{300}';

/// Whether `c` can be a grid cell's letter: an upper-case (or caseless)
/// letter, not a combining mark. The verifiers hold every cell to this.
pub fn is_grid_letter(c: char) -> bool {
    c.is_alphabetic() && !is_combining_mark(c) && c.to_uppercase().eq([c])
}

/// Scripts whose words are printed in puzzles without their optional
/// vowel marks (Hebrew points, Arabic harakat): the grid keeps the base
/// letters, as Hebrew and Arabic word searches print them.
fn drops_vowel_marks(script: Option<&str>) -> bool {
    matches!(script, Some("Hebrew" | "Arabic"))
}

fn script_of(c: char) -> &'static str {
    match c as u32 {
        0x0370..=0x03FF | 0x1F00..=0x1FFF => "Greek",
        0x0400..=0x052F => "Cyrillic",
        0x0590..=0x05FF => "Hebrew",
        0x0600..=0x06FF => "Arabic",
        0x3040..=0x30FF | 0x4E00..=0x9FFF => "CJK",
        _ if c.is_ascii_alphabetic() || (0x00C0..=0x024F).contains(&(c as u32)) => "Latin",
        0x1E00..=0x1EFF => "Latin",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word of ASCII letters alone is the word it also is when written
    /// with spaces around it (which take the general path).
    #[test]
    fn plain_ascii_words_as_the_general_path() {
        for text in ["Apfel", "ICE", "x", "ZzAa"] {
            for mode in [UmlautMode::Keep, UmlautMode::Expand] {
                let plain = Word::new(text, Some("clue".into()), mode).unwrap();
                let spaced = Word::new(&format!(" {text} "), Some("clue".into()), mode).unwrap();
                assert_eq!(plain, spaced);
                assert_eq!(plain.printed, text);
                assert_eq!(plain.text(), text.to_uppercase());
            }
        }
    }

    /// Every character below the first combining mark, alone and between
    /// letters, in both umlaut modes: the Latin-1 path gives the general
    /// path's letters and errors, and all of them are composed already.
    #[test]
    fn latin1_letters_as_the_general_path() {
        use unicode_normalization::{IsNormalized, is_nfc_quick};
        for code in 0..FIRST_MARK as u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            assert_eq!(is_nfc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
            for word in [
                format!("{c}"),
                format!("a{c}b"),
                format!("Ä{c}ß"),
                format!("{c}1"),
            ] {
                for mode in [UmlautMode::Keep, UmlautMode::Expand] {
                    let mut fast = Vec::new();
                    if let Some(result) = latin1_letters(&word, mode, |l| fast.push(l)) {
                        let fast = result.map(|()| fast);
                        assert_eq!(fast, general_letters(&word, mode), "{word:?} {mode:?}");
                        assert_eq!(
                            check_grid_letters(&word),
                            general_letters(&word, UmlautMode::Keep).map(|_| ()),
                            "{word:?}"
                        );
                    }
                }
            }
        }
    }

    fn letters(s: &str, mode: UmlautMode) -> String {
        grid_letters(s, mode).unwrap().into_iter().collect()
    }

    #[test]
    fn checking_a_word_agrees_with_its_letters() {
        for word in [
            "Ice cream",
            "R2D2",
            " - ",
            "Straße",
            "n\u{308}",
            "Ωmega",
            "ok!",
            "",
        ] {
            assert_eq!(
                check_grid_letters(word),
                grid_letters(word, UmlautMode::Keep).map(|_| ()),
                "{word:?}"
            );
        }
    }

    #[test]
    fn normalises_print_forms() {
        assert_eq!(letters("  Ice cream ", UmlautMode::Keep), "ICECREAM");
        assert_eq!(letters("rock'n'roll", UmlautMode::Keep), "ROCKNROLL");
        assert_eq!(letters("Straße", UmlautMode::Keep), "STRASSE");
        assert_eq!(letters("Straße", UmlautMode::Expand), "STRASSE");
        assert_eq!(letters("Übermäßig", UmlautMode::Keep), "ÜBERMÄSSIG");
        assert_eq!(letters("Übermäßig", UmlautMode::Expand), "UEBERMAESSIG");
        assert_eq!(letters("Crème-brûlée", UmlautMode::Keep), "CRÈMEBRÛLÉE");
        // NFD input: U + combining diaeresis.
        assert_eq!(letters("Mu\u{308}ll", UmlautMode::Keep), "MÜLL");
    }

    #[test]
    fn rejects_non_words() {
        assert_eq!(grid_letters(" - ", UmlautMode::Keep), Err(WordError::Empty));
        assert_eq!(
            grid_letters("R2D2", UmlautMode::Keep),
            Err(WordError::NotALetter('2'))
        );
        assert!(matches!(
            grid_letters("Mосква", UmlautMode::Keep),
            Err(WordError::MixedScripts(..))
        ));
        assert_eq!(
            grid_letters("a\u{0}b", UmlautMode::Keep),
            Err(WordError::NotALetter('\u{0}'))
        );
        // U+01F0 capitalises to J + a combining caron: no cell holds that.
        let err = grid_letters("ǰihad", UmlautMode::Keep).unwrap_err();
        assert!(matches!(err, WordError::NoCapital('ǰ', _)), "{err:?}");
        assert!(err.to_string().contains("no capital letter of its own"));
        assert_eq!(letters("jihad", UmlautMode::Keep), "JIHAD");
    }

    #[test]
    fn word_keeps_printed_form() {
        let w = Word::new(" Ice cream", Some("cold".into()), UmlautMode::Keep).unwrap();
        assert_eq!(w.printed, "Ice cream");
        assert_eq!(w.text(), "ICECREAM");
    }
}
