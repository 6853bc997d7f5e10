//! Replacing one word of a word rectangle: another word in its line with
//! every other line of its direction kept (the crossing words change by
//! the one letter they share with it); when no word fits so, a new
//! rectangle without the word, said to change every line.

use super::{one_of_each_group, printed_clue, reads_banned, unique};
use crate::error::GenerateError;
use crate::generate::Options;
use crate::generate::rng::Rng;
use crate::model::{Direction, PlacedWord, Puzzle, PuzzleSpec, Word};
use std::collections::HashMap;

/// A changed word: its index in the new puzzle's words, the old and the
/// new grid letters.
pub type Change = (usize, String, String);

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
    let in_line = |w: &Word, direction: Direction| -> bool {
        let (length, fits): (usize, fn(crate::model::Lines) -> bool) = match direction {
            Direction::S => (puzzle.height(), crate::model::Lines::columns),
            _ => (puzzle.width(), crate::model::Lines::rows),
        };
        w.letters.len() == length
            && !gone.contains(&w.letters)
            && !spec.banned.contains(&w.letters)
            && spec
                .vocabularies
                .iter()
                .any(|v| fits(v.lines) && v.words.iter().any(|x| x.letters == w.letters))
    };
    // Every word of the request by its letters, the first entry of each.
    let mut entries: HashMap<&[char], (&Word, &str)> = HashMap::new();
    for v in &spec.vocabularies {
        for w in &v.words {
            entries.entry(&w.letters).or_insert((w, &v.name));
        }
    }
    let leave_out = spec.swedish.leave_out_sensitive;
    let sensitive = crate::model::lexicon::sensitive(spec.language);
    let printable = |w: &Word| {
        !(leave_out && (w.tags.iter().any(|t| t.is_unprintable()) || sensitive.matches(&w.printed)))
    };
    let mut candidates: Vec<&Word> = entries
        .values()
        .map(|&(w, _)| w)
        .filter(|w| in_line(w, old.direction) && printable(w))
        .filter(|w| {
            !puzzle
                .words
                .iter()
                .any(|p| p.word.chars().eq(w.letters.iter().copied()))
        })
        .collect();
    candidates.sort_by(|a, b| a.letters.cmp(&b.letters));
    let mut rng = Rng::new(options.seed ^ 0x5245_4354);
    rng.shuffle(&mut candidates);
    let alphabet: Vec<char> = {
        let mut a: Vec<char> = entries.keys().flat_map(|k| k.iter().copied()).collect();
        a.extend(puzzle.grid.iter().flatten().flatten());
        a.sort();
        a.dedup();
        a
    };
    let cells = old.cells();
    for candidate in candidates {
        let mut grid = puzzle.grid.clone();
        for (p, &letter) in cells.iter().zip(&candidate.letters) {
            grid[p.row][p.col] = Some(letter);
        }
        let mut words = Vec::new();
        let mut changed = Vec::new();
        let mut fits = true;
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
            let Some(&(entry, vocabulary)) = entries.get(letters.as_slice()) else {
                fits = false;
                break;
            };
            if !in_line(entry, w.direction) || !printable(entry) {
                fits = false;
                break;
            }
            let word: String = letters.iter().collect();
            changed.push((i, w.word.clone(), word.clone()));
            words.push(PlacedWord {
                word,
                display: entry.printed.clone(),
                start: w.start,
                direction: w.direction,
                vocabulary: vocabulary.to_string(),
                clue: printed_clue(entry, spec),
                clue_edited: false,
            });
        }
        if !fits {
            continue;
        }
        let mut seen: Vec<&str> = words.iter().map(|w| w.word.as_str()).collect();
        seen.sort();
        if seen.windows(2).any(|p| p[0] == p[1]) {
            continue;
        }
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
