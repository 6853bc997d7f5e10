//! Replacing one word of a word rectangle: another word in its line with
//! every other line of its direction kept (the crossing words change by
//! the one letter they share with it); when no word fits so, a new
//! rectangle without the word, said to change every line.

use super::{one_of_each_group, printed_clue, reads_banned, unique};
use crate::error::GenerateError;
use crate::generate::Options;
use crate::generate::rng::Rng;
use crate::model::lexicon::SensitiveList;
use crate::model::{Direction, Lines, PlacedWord, Puzzle, PuzzleSpec, Word};
use std::collections::HashMap;

/// A changed word: its index in the new puzzle's words, the old and the
/// new grid letters.
pub type Change = (usize, String, String);

/// A rectangle's letters and words with one word replaced, and the words
/// that changed.
type Rewritten = (Vec<Vec<Option<char>>>, Vec<PlacedWord>, Vec<Change>);

/// The request's words for a replacement: every word by its letters (the
/// first entry of each, with its vocabulary's name), which fit a line,
/// and which may print.
struct Entries<'a> {
    puzzle: &'a Puzzle,
    spec: &'a PuzzleSpec,
    gone: &'a [Vec<char>],
    by_letters: HashMap<&'a [char], (&'a Word, &'a str)>,
    sensitive: Option<&'static SensitiveList>,
}

impl<'a> Entries<'a> {
    fn new(puzzle: &'a Puzzle, spec: &'a PuzzleSpec, gone: &'a [Vec<char>]) -> Self {
        let mut by_letters: HashMap<&[char], (&Word, &str)> = HashMap::new();
        for v in &spec.vocabularies {
            for w in &v.words {
                by_letters.entry(&w.letters).or_insert((w, &v.name));
            }
        }
        let sensitive = spec
            .swedish
            .leave_out_sensitive
            .then(|| crate::model::lexicon::sensitive(spec.language));
        Entries {
            puzzle,
            spec,
            gone,
            by_letters,
            sensitive,
        }
    }

    /// Whether `w` may stand in a line of `direction`: its length, not
    /// gone or banned, from a vocabulary for such lines.
    fn in_line(&self, w: &Word, direction: Direction) -> bool {
        let (length, fits): (usize, fn(Lines) -> bool) = match direction {
            Direction::S => (self.puzzle.height(), Lines::columns),
            _ => (self.puzzle.width(), Lines::rows),
        };
        w.letters.len() == length
            && !self.gone.contains(&w.letters)
            && !self.spec.banned.contains(&w.letters)
            && self
                .spec
                .vocabularies
                .iter()
                .any(|v| fits(v.lines) && v.words.iter().any(|x| x.letters == w.letters))
    }

    /// Whether `w` may print (the request leaves out unprintable and
    /// sensitive words, if it does).
    fn printable(&self, w: &Word) -> bool {
        self.sensitive.is_none_or(|sensitive| {
            !(w.tags.iter().any(|t| t.is_unprintable()) || sensitive.matches(&w.printed))
        })
    }

    /// The words that may replace `old`, in a seeded random order.
    fn candidates(&self, old: &PlacedWord, rng: &mut Rng) -> Vec<&'a Word> {
        let mut candidates: Vec<&Word> = self
            .by_letters
            .values()
            .map(|&(w, _)| w)
            .filter(|w| self.in_line(w, old.direction) && self.printable(w))
            .filter(|w| {
                !self
                    .puzzle
                    .words
                    .iter()
                    .any(|p| p.word.chars().eq(w.letters.iter().copied()))
            })
            .collect();
        candidates.sort_by(|a, b| a.letters.cmp(&b.letters));
        rng.shuffle(&mut candidates);
        candidates
    }

    /// The rectangle with `candidate` in `old`'s cells and the crossing
    /// words as they now read, with the words it changed; `None` when a
    /// crossing word is no word of the request, or two words repeat.
    fn with_word(&self, old: &PlacedWord, candidate: &Word) -> Option<Rewritten> {
        let puzzle = self.puzzle;
        let mut grid = puzzle.grid.clone();
        for (p, &letter) in old.cells().iter().zip(&candidate.letters) {
            grid[p.row][p.col] = Some(letter);
        }
        let mut words = Vec::new();
        let mut changed = Vec::new();
        for (i, w) in puzzle.words.iter().enumerate() {
            let letters: Vec<char> = w
                .cells()
                .iter()
                .filter_map(|p| grid[p.row][p.col])
                .collect();
            if letters.iter().copied().eq(w.word.chars()) {
                words.push(w.clone());
                continue;
            }
            let &(entry, vocabulary) = self.by_letters.get(letters.as_slice())?;
            if !self.in_line(entry, w.direction) || !self.printable(entry) {
                return None;
            }
            let word: String = letters.iter().collect();
            changed.push((i, w.word.clone(), word.clone()));
            words.push(PlacedWord {
                word,
                display: entry.printed.to_string(),
                start: w.start,
                direction: w.direction,
                vocabulary: vocabulary.to_string(),
                clue: printed_clue(entry, self.spec),
                clue_edited: false,
            });
        }
        let mut seen: Vec<&str> = words.iter().map(|w| w.word.as_str()).collect();
        seen.sort();
        if seen.windows(2).any(|p| p[0] == p[1]) {
            return None;
        }
        Some((grid, words, changed))
    }
}

/// Word `index` of the rectangle replaced, with the answers it changed
/// (index in the new puzzle's words, old and new grid letters); the
/// result is not yet verified. `gone`: grid letters not to use again;
/// `widen`: a new rectangle when no word fits the line alone.
pub fn replace(
    puzzle: &Puzzle,
    index: usize,
    spec: &PuzzleSpec,
    gone: &[Vec<char>],
    (widen, options): (bool, &Options),
) -> Result<(Puzzle, Vec<Change>), GenerateError> {
    let old = &puzzle.words[index];
    let entries = Entries::new(puzzle, spec, gone);
    let mut rng = Rng::new(options.seed ^ 0x5245_4354);
    let candidates = entries.candidates(old, &mut rng);
    let alphabet: Vec<char> = {
        let mut a: Vec<char> = entries
            .by_letters
            .keys()
            .flat_map(|k| k.iter().copied())
            .collect();
        a.extend(puzzle.grid.iter().flatten().flatten());
        a.sort();
        a.dedup();
        a
    };
    for candidate in candidates {
        let Some((grid, words, changed)) = entries.with_word(old, candidate) else {
            continue;
        };
        let mut new = Puzzle {
            grid,
            words,
            seed: options.seed,
            ..puzzle.clone()
        };
        if reads_banned(&new, &spec.banned)
            || !one_of_each_group(&new, &spec.exclusion_groups)
            || !unique(&new, &alphabet)
        {
            continue;
        }
        new.report.notes.push(
            "the fill-in has exactly one solution (solved again from its own word list)".into(),
        );
        return Ok((new, changed));
    }
    // No word fits with the other lines kept: a new rectangle without it,
    // when the region may widen.
    if !widen {
        return Err(GenerateError::NoSolution(format!(
            "no word fits in place of {} with every other line of its direction kept (allow the crossing words to change: rings 1 or more)",
            old.display
        )));
    }
    anew(puzzle, old, spec, gone, options)
}

/// A new rectangle from the request without `old`'s word and the gone
/// ones, with the words that differ from `puzzle`'s.
fn anew(
    puzzle: &Puzzle,
    old: &PlacedWord,
    spec: &PuzzleSpec,
    gone: &[Vec<char>],
    options: &Options,
) -> Result<(Puzzle, Vec<Change>), GenerateError> {
    let mut request = spec.clone();
    for v in &mut request.vocabularies {
        v.words.retain(|w| {
            !gone.contains(&w.letters) && w.letters != old.word.chars().collect::<Vec<_>>()
        });
    }
    let new = super::generate(&request, options)?;
    let changed = new
        .words
        .iter()
        .enumerate()
        .filter(|(_, w)| {
            !puzzle
                .words
                .iter()
                .any(|o| o.word == w.word && o.start == w.start && o.direction == w.direction)
        })
        .map(|(i, w)| {
            let before = puzzle
                .words
                .iter()
                .find(|o| o.start == w.start && o.direction == w.direction)
                .map_or_else(String::new, |o| o.word.clone());
            (i, before, w.word.clone())
        })
        .collect();
    let mut new = new;
    new.report.notes.push(format!(
        "no word fits in place of {} with the other lines kept: a new rectangle",
        old.display
    ));
    Ok((new, changed))
}
