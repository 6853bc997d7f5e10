//! A magazine series' memory: the answers of its earlier puzzles, read
//! from and added to a plain text file, kept out of the next puzzles for a
//! number of puzzles, across every puzzle kind.
//!
//! The file: one puzzle a line, oldest first, `LABEL: WORD WORD …` (the
//! grid letters); blank lines and lines starting with `#` are comments.
//! Editors of a magazine share it: puzzles are appended under an
//! exclusive lock of the operating system's (`std::fs::File::lock`),
//! reads take a shared one, so that two editors generating at once lose
//! nothing (ARCHITECTURE.md says why not a database).

use crate::error::InputError;
use crate::model::{PuzzleKind, PuzzleSpec};
use std::collections::HashSet;
use std::path::Path;

/// Puzzles a used answer is kept out for by default: issue 28's "not
/// repeated within the last 25 puzzles of a series" (a weekly magazine:
/// half a year); professional tools allow up to 99.
pub const DEFAULT_KEEP_OUT: usize = 25;

/// Answers of this many letters or more are kept out for the whole
/// window. Measured, 25 German 13×17 Swedish pages in a row from the
/// thesaurus import: keeping out every answer of 4+ letters emptied the
/// familiar tier from the 12th page on (familiar share down to 70 %,
/// two-letter answers up to 32 %, 2.3 s); 5+ kept all 25 pages 100 %
/// familiar at 0.48 s median.
pub const SHORTEST_KEPT_OUT: usize = 5;

/// Four-letter answers, the fill's glue (a 13×17 page holds about 27),
/// stay out for this share of the window only. Same 25 pages: kept out
/// never, ETAT stood on 6 of them; for the last fifth (5 puzzles), none on
/// more than 3, every page still 100 % familiar (0.53 s median).
pub const FOUR_LETTER_SHARE: f64 = 0.2;

/// The answers of a series' puzzles, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    /// Per puzzle: its label and its answers (grid letters).
    pub puzzles: Vec<(String, Vec<String>)>,
}

impl Series {
    /// Reads a series file; a file that does not exist yet is a new,
    /// empty series.
    pub fn load(path: &Path) -> Result<Series, InputError> {
        use std::io::Read;
        let name = path.display().to_string();
        let failed = |e: std::io::Error| InputError::at(&name, 0, e.to_string());
        let mut file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Series::default()),
            Err(e) => return Err(failed(e)),
        };
        // A writer appending at this moment finishes its lines first.
        file.lock_shared().map_err(failed)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(failed)?;
        drop(file);
        let text = String::from_utf8(bytes)
            .map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?;
        Series::parse(&text, &name)
    }

    /// Appends puzzles (label, answers) to the series file at `path`,
    /// made with its header if missing, under an exclusive lock: writers
    /// at the same moment take turns and every line arrives whole.
    pub fn append(path: &Path, puzzles: &[(String, Vec<String>)]) -> std::io::Result<()> {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        file.lock()?;
        let mut text = String::new();
        if file.metadata()?.len() == 0 {
            text.push_str(HEADER);
        }
        for (label, words) in puzzles {
            text.push_str(&line(label, words));
        }
        file.write_all(text.as_bytes())?;
        file.sync_all()
    }

    /// Parses the file's text (`name` for messages).
    pub fn parse(text: &str, name: &str) -> Result<Series, InputError> {
        let mut puzzles = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((label, words)) = line.split_once(':') else {
                return Err(InputError::at(
                    name,
                    n + 1,
                    "write LABEL: WORD WORD … (one puzzle a line)",
                ));
            };
            let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
            if let Some(bad) = words.iter().find(|w| !w.chars().all(char::is_alphabetic)) {
                return Err(InputError::at(
                    name,
                    n + 1,
                    format!("{bad:?} is not a word of letters"),
                ));
            }
            puzzles.push((label.trim().to_string(), words));
        }
        Ok(Series { puzzles })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut text = String::from(HEADER);
        for (label, words) in &self.puzzles {
            text.push_str(&line(label, words));
        }
        text
    }

    /// Adds a puzzle's answers under `label`.
    pub fn record(&mut self, label: &str, puzzle: &crate::model::Puzzle) {
        self.puzzles.push(entry(label, puzzle));
    }

    /// The answers of the last `puzzles` puzzles that are kept out, spelled
    /// as [`folded`]: those of [`SHORTEST_KEPT_OUT`] letters or more, and
    /// four-letter ones of the last [`FOUR_LETTER_SHARE`] of them.
    pub fn recent(&self, puzzles: usize) -> HashSet<String> {
        let four_letter_window = (puzzles as f64 * FOUR_LETTER_SHARE).ceil() as usize;
        self.puzzles
            .iter()
            .rev()
            .take(puzzles)
            .enumerate()
            .flat_map(|(age, (_, words))| words.iter().map(move |w| (age, folded(w))))
            .filter(|(age, w)| {
                let len = w.chars().count();
                len >= SHORTEST_KEPT_OUT || len == 4 && *age < four_letter_window
            })
            .map(|(_, w)| w)
            .collect()
    }
}

/// The first line of a series file.
const HEADER: &str =
    "# Gridpress series: the answers of earlier puzzles, oldest first (LABEL: WORD WORD …)\n";

/// A puzzle's line (a colon in the label would end it early).
fn line(label: &str, words: &[String]) -> String {
    format!("{}: {}\n", label.replace(':', " "), words.join(" "))
}

/// A puzzle's entry: `label` and its answers.
pub fn entry(label: &str, puzzle: &crate::model::Puzzle) -> (String, Vec<String>) {
    (
        label.to_string(),
        puzzle.words.iter().map(|w| w.word.clone()).collect(),
    )
}

/// A word's letters with umlauts and ß written out (ÄPFEL = AEPFEL), so
/// that a word-search page that keeps umlauts and a Swedish page that
/// writes AE meet.
pub fn folded(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_uppercase) {
        match c {
            'Ä' => out.push_str("AE"),
            'Ö' => out.push_str("OE"),
            'Ü' => out.push_str("UE"),
            'ß' | 'ẞ' => out.push_str("SS"),
            c => out.push(c),
        }
    }
    out
}

/// Takes the `kept_out` answers (spelled as [`folded`]) out of the
/// vocabularies a puzzle of `kind` draws from — a word search's only when
/// it draws (`pick`), never a must-use list, the editor's theme — and
/// says how many entries were taken out.
pub fn keep_out(spec: &mut PuzzleSpec, kind: PuzzleKind, kept_out: &HashSet<String>) -> usize {
    if kept_out.is_empty() {
        return 0;
    }
    spec.kept_out = kept_out.clone();
    let draws = match kind {
        PuzzleKind::WordSearch => spec.pick.is_some() || spec.solution.is_some(),
        PuzzleKind::WordRectangle | PuzzleKind::Swedish => true,
    };
    if !draws {
        return 0;
    }
    let mut taken_out = 0;
    for vocabulary in &mut spec.vocabularies {
        let drawn = match kind {
            // A rectangle draws from every list (none is must-use).
            PuzzleKind::WordRectangle => true,
            PuzzleKind::WordSearch | PuzzleKind::Swedish => !vocabulary.must_use,
        };
        if !drawn {
            continue;
        }
        let before = vocabulary.words.len();
        vocabulary
            .words
            .retain(|w| !kept_out.contains(&folded(&w.text())));
        taken_out += before - vocabulary.words.len();
    }
    taken_out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_reads_writes_and_keeps_out_the_recent_long_answers() {
        let text = "# a comment\n\nWeek 1: HAUS BAEUME EHE\nWeek 2: ÄPFEL WALD\nWeek 3: STRASSE\n";
        let series = Series::parse(text, "s.txt").unwrap();
        assert_eq!(series.puzzles.len(), 3);
        assert_eq!(Series::parse(&series.to_text(), "again").unwrap(), series);
        let recent = series.recent(2);
        assert!(recent.contains("AEPFEL") && recent.contains("STRASSE"));
        assert!(!recent.contains("BAEUME"), "older than two puzzles");
        assert!(series.recent(3).contains("BAEUME"));
        assert!(!series.recent(3).contains("EHE"), "three letters come back");
        // Four letters: the last fifth of the window (here one puzzle).
        assert!(!recent.contains("WALD"));
        assert!(series.recent(10).contains("WALD") && !series.recent(10).contains("HAUS"));
        let err = Series::parse("Week 1 HAUS\n", "s.txt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("s.txt") && err.contains('1'), "{err}");
        let err = Series::parse("W: HAUS 42\n", "s.txt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("42"), "{err}");
    }
}
