//! Replacing one word of a word search: every other word stays where it
//! is, the replaced word is not used again, and the generator places
//! another (the same word count, the same solution word) — without a
//! solution word, through the freed cells and the filler letters as they
//! are, so that only the freed cells get new letters.

use super::EditError;
use crate::generate::swedish::edit::Replaced;
use crate::generate::{Generator, Options};
use crate::model::{PlacedWord, Pos, PreassignedWord, Puzzle, PuzzleSpec, Word, WordCount};
use std::collections::BTreeSet;

/// The effort for a word through the freed cells and the filler's
/// letters: the replacements found that way took 1–2 ms (sea life and 400
/// `wamerican` words, 15×15, 24 replacements); one that cannot be found
/// spent 2 s of a 10 s limit before the word went elsewhere.
const THROUGH_FREED_CELLS_LIMIT: std::time::Duration = std::time::Duration::from_millis(200);

/// Word `index` of a word search replaced by another word of the
/// request's vocabularies (not one of `banned`, grid letters), not yet
/// verified.
pub fn replace(
    puzzle: &Puzzle,
    index: usize,
    spec: &PuzzleSpec,
    banned: &[String],
    options: &Options,
) -> Result<Replaced, EditError> {
    let old = &puzzle.words[index];
    let request = request_without(puzzle, index, spec, banned)?;
    let covered: BTreeSet<Pos> = puzzle
        .words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .flat_map(|(_, w)| w.cells())
        .collect();
    let freed: BTreeSet<Pos> = old
        .cells()
        .into_iter()
        .filter(|c| !covered.contains(c))
        .collect();
    // Without a solution word the filler letters stay: first the new word
    // goes through the freed cells and the letters it shares with the
    // filler; then anywhere, the filler it leaves kept where that reads
    // no word by accident. With one, the free cells take the solution's
    // letters in reading order wherever they end up.
    let keep_filler: &[bool] = match puzzle.solution() {
        None => &[true, false],
        Some(_) => &[false],
    };
    for &through_freed_cells in keep_filler {
        let mut request = request.clone();
        if through_freed_cells {
            request.letters = puzzle
                .mask
                .positions()
                .filter(|p| !covered.contains(p) && !freed.contains(p))
                .filter_map(|p| puzzle.letter(p).map(|l| (p, l)))
                .collect();
        }
        let generator = Generator::new(request)?;
        let mut effort = options.clone();
        if through_freed_cells {
            effort.time_limit = options.time_limit.min(THROUGH_FREED_CELLS_LIMIT);
        }
        let mut new = generator.generate(&effort)?;
        if puzzle.solution().is_some() && new.solution().is_none() {
            return Err(EditError::Refused(format!(
                "no other word takes the place of {} and keeps the solution word",
                old.display
            )));
        }
        let Some(at) = added_word(puzzle, index, &new) else {
            // The best effort of a search that found no word for the place.
            continue;
        };
        if puzzle.solution().is_none() && !through_freed_cells {
            new = with_old_filler(puzzle, new, &freed, spec);
        }
        let region = puzzle
            .mask
            .positions()
            .filter(|&p| puzzle.letter(p) != new.letter(p))
            .collect();
        return Ok(Replaced {
            changed: vec![(at, old.word.clone(), new.words[at].word.clone())],
            puzzle: new,
            reclued: Vec::new(),
            rings: 0,
            region,
        });
    }
    Err(EditError::Refused(format!(
        "no other word of the vocabularies fits in place of {} with every other word kept",
        old.display
    )))
}

/// The one word of `new` that is not one of `puzzle`'s kept words (all but
/// word `index`) where it was; none when there is no such word or more.
fn added_word(puzzle: &Puzzle, index: usize, new: &Puzzle) -> Option<usize> {
    let kept = |w: &PlacedWord| {
        puzzle.words.iter().enumerate().any(|(i, o)| {
            i != index && o.word == w.word && o.start == w.start && o.direction == w.direction
        })
    };
    let added: Vec<usize> = (0..new.words.len())
        .filter(|&i| !kept(&new.words[i]))
        .collect();
    match added.as_slice() {
        &[at] => Some(at),
        _ => None,
    }
}

/// The request for word `index`'s replacement: every other word
/// pre-assigned where it is, the replaced and `banned` words out of the
/// vocabularies, the same count. A must-use word is not replaced.
fn request_without(
    puzzle: &Puzzle,
    index: usize,
    spec: &PuzzleSpec,
    banned: &[String],
) -> Result<PuzzleSpec, EditError> {
    let old = &puzzle.words[index];
    let old_letters: Vec<char> = old.word.chars().collect();
    let must_use = spec
        .vocabularies
        .iter()
        .filter(|v| v.must_use)
        .any(|v| v.words.iter().any(|w| w.letters == old_letters));
    if must_use {
        return Err(EditError::Refused(format!(
            "{} is a must-use word: the request asks for it in every puzzle",
            old.display
        )));
    }
    let mut request = spec.clone();
    // Every other word where it is.
    request.preassigned_words = puzzle
        .words
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != index)
        .map(|(_, w)| PreassignedWord {
            word: Word {
                printed: w.display.as_str().into(),
                letters: w.word.chars().collect(),
                clue: w.clue.clone(),
                tags: Vec::new(),
            },
            start: w.start,
            direction: w.direction,
        })
        .collect();
    // Not the replaced word again, nor the earlier replaced ones.
    let gone: Vec<Vec<char>> = std::iter::once(old.word.clone())
        .chain(banned.iter().cloned())
        .map(|w| w.chars().collect())
        .collect();
    for vocabulary in &mut request.vocabularies {
        vocabulary.words.retain(|w| !gone.contains(&w.letters));
    }
    if request.vocabularies.iter().all(|v| v.words.is_empty()) {
        return Err(EditError::Refused(format!(
            "no word is left to put in place of {}",
            old.display
        )));
    }
    request.pick = Some(WordCount::Exact(puzzle.words.len()));
    Ok(request)
}

/// `new` with the filler letters of `old` back in every cell that is
/// filler in both (not one of the `freed` cells), when that keeps every
/// rule; else back only in the cells further than one, two, … cells from
/// the cells whose letters changed anyway (the new word's and the freed
/// ones: every new reading runs through one), so that the old filler
/// stays as far as it reads no word by accident next to the new letters.
fn with_old_filler(old: &Puzzle, new: Puzzle, freed: &BTreeSet<Pos>, spec: &PuzzleSpec) -> Puzzle {
    let covered: BTreeSet<Pos> = new.words.iter().flat_map(|w| w.cells()).collect();
    let changed: Vec<Pos> = old
        .mask
        .positions()
        .filter(|p| freed.contains(p) || (covered.contains(p) && old.letter(*p) != new.letter(*p)))
        .collect();
    let distance = |p: Pos| {
        changed
            .iter()
            .map(|c| c.row.abs_diff(p.row).max(c.col.abs_diff(p.col)))
            .min()
            .unwrap_or(usize::MAX)
    };
    let old_filler: Vec<(Pos, char, usize)> = old
        .mask
        .positions()
        .filter(|p| !covered.contains(p) && !freed.contains(p))
        .filter_map(|p| old.letter(p).map(|l| (p, l, distance(p))))
        .filter(|&(p, l, _)| new.letter(p) != Some(l))
        .collect();
    let farthest = old_filler.iter().map(|f| f.2).max().unwrap_or(0);
    for nearest_kept in 1..=farthest {
        let mut restored = new.clone();
        for &(p, letter, _) in old_filler.iter().filter(|f| f.2 >= nearest_kept) {
            restored.grid[p.row][p.col] = Some(letter);
        }
        if let Ok(restored) = super::verified(restored, spec) {
            return restored;
        }
    }
    new
}
