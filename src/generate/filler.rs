//! Filler letters: drawn in the language's letter frequencies, never
//! completing a banned word or a second copy of a listed word; accidental
//! vocabulary words are counted.

use super::board::{Board, NONE};
use super::patterns::Patterns;
use super::prepare::Problem;
use super::rng::Rng;
use crate::model::{Direction, Language, PuzzleSpec};
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

/// Fills every free cell; returns false if some cell has no safe letter
/// even after backtracking a little.
pub(crate) fn fill(
    problem: &Problem,
    board: &mut Board,
    patterns: &Patterns,
    rng: &mut Rng,
) -> bool {
    let cells = board.free_cells();
    let weights = &problem.filler_weights;
    // Per cell, the letters not yet tried in the current choice.
    let mut untried: Vec<Vec<u32>> = Vec::with_capacity(cells.len());
    let mut i = 0;
    let mut backtracks = 0;
    while i < cells.len() {
        if untried.len() == i {
            untried.push(weights.clone());
        }
        let cell = cells[i] as usize;
        let preset = board.preset[cell];
        let mut placed = false;
        while untried[i].iter().any(|w| *w > 0) {
            let k = rng.weighted(&untried[i]);
            untried[i][k] = 0;
            let code = k as u8 + 1;
            if preset != 0 && code != preset {
                continue;
            }
            board.letter[cell] = code;
            if patterns.lines_ok(board, &[cells[i]], None) {
                placed = true;
                break;
            }
        }
        if preset != 0 && !placed {
            // A pre-assigned letter has no alternative.
            board.letter[cell] = 0;
        }
        if placed {
            i += 1;
            continue;
        }
        board.letter[cell] = 0;
        untried.pop();
        backtracks += 1;
        if i == 0 || backtracks > 10_000 {
            for &c in &cells[..i] {
                board.letter[c as usize] = 0;
            }
            return false;
        }
        i -= 1;
    }
    true
}

/// Vocabulary words of 5+ letters readable in the grid other than at their
/// placements (RQ.P.02), as grid letters, sorted.
pub(crate) fn accidental_words(problem: &Problem, board: &Board) -> Vec<String> {
    let geo = board.geo;
    let lex = &problem.lex;
    let sorted = &problem.sorted_long;
    let mut found = Vec::new();
    let mut buf = Vec::with_capacity(64);
    for start in 0..geo.cells() as u16 {
        if board.letter[start as usize] == 0 {
            continue;
        }
        for dir in Direction::ALL {
            buf.clear();
            let mut cell = start;
            let (mut lo, mut hi) = (0, sorted.len());
            while cell != NONE && board.letter[cell as usize] != 0 && lo < hi {
                buf.push(board.letter[cell as usize]);
                let n = buf.len();
                // Narrow [lo, hi) to the words starting with `buf`.
                lo += sorted[lo..hi].partition_point(|id| {
                    lex[*id as usize].codes[..].iter().take(n).lt(buf.iter())
                });
                hi = lo
                    + sorted[lo..hi].partition_point(|id| {
                        lex[*id as usize].codes.iter().take(n).eq(buf.iter())
                    });
                if lo < hi && lex[sorted[lo] as usize].codes.len() == n {
                    let id = sorted[lo];
                    if !board.placed_at(id, start, cell) {
                        found.push(problem.text(&buf));
                    }
                }
                cell = geo.next[dir.index()][cell as usize];
            }
        }
    }
    found.sort();
    found.dedup();
    found
}
