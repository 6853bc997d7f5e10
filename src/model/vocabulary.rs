//! Vocabularies: named word lists in priority order, and their text format.

use super::tags::{Tag, format_tags, split_tags};
use super::word::{UmlautMode, Word, WordError};
use crate::error::{InputError, excerpt};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// One entry as the editor typed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The word as printed.
    pub word: SmolStr,
    /// Optional clue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clue: Option<String>,
    /// Usage tags (abbreviation, colloquial, vulgar …), written
    /// `WORD {tag,tag}=clue` in the text format.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
}

impl Entry {
    /// An entry as typed in the app: `word` may carry tags in the text
    /// format's braces (`Km {abbr}`); a malformed tag list stays part of
    /// the word, where the vocabulary check names it.
    pub fn typed(word: &str, clue: Option<String>) -> Entry {
        match split_tags(word) {
            Ok((word, tags)) => Entry {
                word: word.into(),
                clue,
                tags,
            },
            Err(_) => Entry {
                word: word.trim().into(),
                clue,
                tags: Vec::new(),
            },
        }
    }
}

/// Where a vocabulary's words may stand in a word rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lines {
    /// Rows and columns.
    #[default]
    Both,
    /// Rows (across) only.
    Rows,
    /// Columns (down) only.
    Columns,
}

impl Lines {
    pub fn rows(self) -> bool {
        self != Lines::Columns
    }

    pub fn columns(self) -> bool {
        self != Lines::Rows
    }

    /// For the app.
    pub fn label(self) -> &'static str {
        match self {
            Lines::Both => "rows and columns",
            Lines::Rows => "rows only",
            Lines::Columns => "columns only",
        }
    }
}

/// A named list of entries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vocabulary {
    /// Shown in the app and in the JSON `vocabulary` field.
    pub name: String,
    /// Every word of a must-use vocabulary is placed; others are drawn from.
    #[serde(default)]
    pub must_use: bool,
    /// The entries in the editor's order.
    pub entries: Vec<Entry>,
    /// Word rectangles: rows, columns or both.
    #[serde(default, skip_serializing_if = "is_both")]
    pub lines: Lines,
}

/// The lines of `text`, split at each `\n` (as `text.split('\n')`) by a
/// plain scan of its bytes: the standard search (`memchr`) starts anew
/// for each line, and word lists' lines are a dozen bytes; splitting
/// `ngerman` took 180 instructions a line.
fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|b| b == b'\n') {
            Some(end) => {
                rest = Some(&current[end + 1..]);
                Some(&current[..end])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

fn is_both(lines: &Lines) -> bool {
    *lines == Lines::Both
}

/// An entry that cannot be used, with its 1-based index (line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// 1-based entry number (the line in an imported text file).
    pub line: usize,
    /// The entry as written.
    pub text: String,
    /// Why.
    pub reason: String,
}

impl Vocabulary {
    /// Parses the text format: one entry per line, `WORD` or `WORD=clue`,
    /// optionally tagged `WORD {abbr,colloquial}=clue` (see [`Tag`]); `#`
    /// starts a comment line. Returns the vocabulary and the line number
    /// of each entry; invalid UTF-8 and unknown tags are reported with
    /// their line.
    pub fn parse_text(
        name: &str,
        bytes: &[u8],
        source: &str,
    ) -> Result<(Vocabulary, Vec<usize>), InputError> {
        // Room for every line at once (growing by doubling copied and
        // faulted in twice the memory for `ngerman`'s 356,000 lines).
        // (A sum of 0s and 1s, which the compiler turns into vector
        // instructions; `filter().count()` took 8 instructions a byte.)
        let line_count = bytes
            .iter()
            .map(|&b| usize::from(b == b'\n'))
            .sum::<usize>()
            + 1;
        let mut entries = Vec::with_capacity(line_count);
        let mut lines = Vec::with_capacity(line_count);
        // The whole text checked at once (line by line was a tenth of
        // reading `ngerman`); an error names the line it is in.
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            InputError::at(source, line, "not valid UTF-8 text")
        })?;
        for (i, line) in lines_of(text).enumerate() {
            // A line of ASCII letters alone is its word (nothing to trim,
            // no clue, no tags, no comment): 78 % of `ngerman`'s lines,
            // which the scans below went over five times.
            if super::word::ascii_letters_only(line) {
                entries.push(Entry {
                    word: line.into(),
                    clue: None,
                    tags: Vec::new(),
                });
                lines.push(i + 1);
                continue;
            }
            let line = line.trim_end_matches('\r').trim_start_matches('\u{feff}');
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let (word, clue) = match line.split_once('=') {
                Some((w, c)) => (w, Some(c.trim().to_string()).filter(|c| !c.is_empty())),
                None => (line, None),
            };
            let (word, tags) = split_tags(word).map_err(|e| InputError::at(source, i + 1, e))?;
            entries.push(Entry {
                word: word.into(),
                clue,
                tags,
            });
            lines.push(i + 1);
        }
        Ok((
            Vocabulary {
                name: name.to_string(),
                must_use: false,
                entries,
                lines: Lines::Both,
            },
            lines,
        ))
    }

    /// The text format: `WORD` or `WORD=clue` per line (what
    /// [`Vocabulary::parse_text`] reads back).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for e in &self.entries {
            out.push_str(&e.word);
            out.push_str(&format_tags(&e.tags));
            if let Some(clue) = &e.clue {
                out.push('=');
                out.push_str(clue);
            }
            out.push('\n');
        }
        out
    }

    /// Normalises every entry; invalid ones are returned, not dropped.
    pub fn words(&self, mode: UmlautMode) -> (Vec<Word>, Vec<Rejected>) {
        let mut words = Vec::with_capacity(self.entries.len());
        let mut rejected = Vec::new();
        for (i, e) in self.entries.iter().enumerate() {
            match Word::new(&e.word, e.clue.clone(), mode) {
                Ok(mut w) => {
                    w.tags = e.tags.clone();
                    words.push(w)
                }
                Err(err) => rejected.push(Rejected {
                    line: i + 1,
                    text: excerpt(&e.word),
                    reason: describe(err),
                }),
            }
        }
        (words, rejected)
    }
}

fn describe(err: WordError) -> String {
    err.to_string()
}

/// Entries in a hundred with ä, ö, ü or ß from which a vocabulary reads
/// as German: `ngerman` has 21.8, the German thesaurus import 39.0, but
/// `wamerican` 0.04 (38 loan words such as "Düsseldorf", which had made
/// its pages German).
const GERMAN_PERCENT: f64 = 1.0;

/// The language vocabularies are in, for filler letters and page text:
/// German when enough entries have umlauts or ß, else English.
pub fn guess_language(vocabularies: &[Vocabulary]) -> super::Language {
    let entries = || vocabularies.iter().flat_map(|v| &v.entries);
    let with_umlauts = entries()
        // A match, not `"äöüÄÖÜß".contains(c)`: that searched the string
        // for every letter of every word, a tenth of loading `ngerman`.
        .filter(|e| {
            !e.word.is_ascii()
                && e.word
                    .chars()
                    .any(|c| matches!(c, 'ä' | 'ö' | 'ü' | 'Ä' | 'Ö' | 'Ü' | 'ß'))
        })
        .count();
    let german = with_umlauts > 0
        && with_umlauts as f64 * 100.0 >= entries().count() as f64 * GERMAN_PERCENT;
    if german {
        super::Language::German
    } else {
        super::Language::English
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_words_clues_and_comments() {
        let text = "# sea life\nSeal\n\nsea horse = a fish that stands upright\r\nR2D2\n";
        let (v, lines) = Vocabulary::parse_text("Sea", text.as_bytes(), "sea.txt").unwrap();
        assert_eq!(v.entries.len(), 3);
        assert_eq!(lines, vec![2, 4, 5]);
        assert_eq!(
            v.entries[1].clue.as_deref(),
            Some("a fish that stands upright")
        );
        let (words, rejected) = v.words(UmlautMode::Keep);
        assert_eq!(words.len(), 2);
        assert_eq!(words[1].text(), "SEAHORSE");
        assert_eq!(rejected.len(), 1);
        assert_eq!(rejected[0].line, 3);
        assert!(rejected[0].reason.contains("'2'"));
    }

    /// A line of letters alone is read as the trimmed, untagged line it
    /// also is when written with spaces, a CR or a byte-order mark.
    #[test]
    fn plain_lines_read_as_the_same_word_however_written() {
        let text = "Apfel\n  Apfel \nApfel\r\n\u{feff}Apfel\nApfel {}\n\nApfel=\nA";
        let (v, lines) = Vocabulary::parse_text("t", text.as_bytes(), "t.txt").unwrap();
        let words: Vec<&str> = v.entries.iter().map(|e| e.word.as_str()).collect();
        assert_eq!(
            words,
            ["Apfel", "Apfel", "Apfel", "Apfel", "Apfel", "Apfel", "A"]
        );
        assert_eq!(lines, [1, 2, 3, 4, 5, 7, 8]);
        assert!(
            v.entries
                .iter()
                .all(|e| e.clue.is_none() && e.tags.is_empty())
        );
    }

    #[test]
    fn lines_split_as_the_standard_split() {
        for text in ["", "\n", "a", "a\n", "\na\n\nbc\r\nä\n", "x\n\n\n"] {
            let ours: Vec<&str> = lines_of(text).collect();
            let standard: Vec<&str> = text.split('\n').collect();
            assert_eq!(ours, standard, "{text:?}");
        }
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let bytes = b"SEAL\nWH\xffALE\n";
        let err = Vocabulary::parse_text("x", bytes, "w.txt").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("w.txt, line 2"));
    }
}
