//! Filler letters: drawn in the language's letter frequencies, never
//! completing a banned word or a second copy of a listed word; accidental
//! vocabulary words are counted.

use super::board::{Board, NONE};
use super::by_letters::READ_MIN;
use super::patterns::Patterns;
use super::prepare::Problem;
use crate::generate::rng::Rng;
use crate::model::Direction;
use std::collections::BTreeMap;

/// Filler weights for decoys: the hidden words' letters make about two
/// thirds of the draw, their first two letters counting three times (false
/// starts are what slows a solver); the language's frequencies the rest, so
/// every letter stays possible.
fn decoy_weights(problem: &Problem, board: &Board) -> Vec<u32> {
    let base = &problem.filler_weights;
    let mut counts = vec![0u64; base.len()];
    for p in &board.placements {
        for (i, &code) in problem.lex.codes(p.word as usize).iter().enumerate() {
            counts[code as usize - 1] += if i < 2 { 3 } else { 1 };
        }
    }
    let words_total: u64 = counts.iter().sum();
    let base_total: u64 = base.iter().map(|&w| u64::from(w)).sum();
    if words_total == 0 {
        return base.clone();
    }
    base.iter()
        .zip(&counts)
        .map(|(&b, &c)| b + (c * 2 * base_total / words_total) as u32)
        .collect()
}

/// The hidden words' first letters, for planting false starts: a filler
/// cell next to a word's first letter (or first two) favours the letter
/// that continues it.
struct WordStarts {
    /// Per first letter code: the second letters.
    second: Vec<Vec<u8>>,
    /// Per first two letters: the third letters.
    third: BTreeMap<(u8, u8), Vec<u8>>,
    /// Extra weight for a letter continuing two letters / one letter.
    strong: u32,
    weak: u32,
}

impl WordStarts {
    fn new(problem: &Problem, board: &Board) -> Self {
        let mut second = vec![Vec::new(); problem.alphabet.len() + 1];
        let mut third: BTreeMap<(u8, u8), Vec<u8>> = BTreeMap::new();
        for p in &board.placements {
            let codes = problem.lex.codes(p.word as usize);
            if codes.len() > 3 {
                second[codes[0] as usize].push(codes[1]);
                third
                    .entry((codes[0], codes[1]))
                    .or_default()
                    .push(codes[2]);
            }
        }
        let total: u32 = problem.filler_weights.iter().sum();
        WordStarts {
            second,
            third,
            strong: total,
            weak: total / 8,
        }
    }

    /// Adds weight to the letters that would continue a word's start read
    /// towards `cell` from its neighbours, in every direction.
    fn boost(&self, board: &Board, cell: u16, weights: &mut [u32]) {
        for d in Direction::ALL {
            let back = d.reverse();
            let one = board.geo.walk(cell, back, 1);
            if one == NONE || board.letter[one as usize] == 0 {
                continue;
            }
            let a = board.letter[one as usize];
            let two = board.geo.walk(cell, back, 2);
            let b = if two == NONE {
                0
            } else {
                board.letter[two as usize]
            };
            if let Some(next) = (b != 0).then(|| self.third.get(&(b, a))).flatten() {
                for &t in next {
                    weights[t as usize - 1] += self.strong;
                }
            } else {
                for &t in &self.second[a as usize] {
                    weights[t as usize - 1] += self.weak;
                }
            }
        }
    }
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
    let starts = problem
        .spec
        .decoy_filler
        .then(|| WordStarts::new(problem, board));
    let decoys;
    let weights = if problem.spec.decoy_filler {
        decoys = decoy_weights(problem, board);
        &decoys
    } else {
        &problem.filler_weights
    };
    // Only drawn vocabularies hold words beyond the listed ones (which the
    // patterns already forbid).
    let avoid_accidents = !problem.pools.is_empty();
    // Per cell, the letters not yet tried in the current choice.
    let mut untried: Vec<Vec<u32>> = Vec::with_capacity(cells.len());
    let mut i = 0;
    let mut backtracks = 0;
    while i < cells.len() {
        if untried.len() == i {
            let mut w = weights.clone();
            if let Some(starts) = &starts {
                starts.boost(board, cells[i], &mut w);
            }
            untried.push(w);
        }
        let cell = cells[i] as usize;
        let placed = place_letter(
            (problem, patterns),
            board,
            rng,
            cells[i],
            &mut untried[i],
            avoid_accidents,
        );
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

/// Gives free cell `at` a letter of `untried` (drawn by weight, each tried
/// once) that reads no banned word and, with `avoid_accidents`, no
/// vocabulary word; a letter that spells one is kept only when no other
/// is safe. False when none fits (the cell left empty).
fn place_letter(
    (problem, patterns): (&Problem, &Patterns),
    board: &mut Board,
    rng: &mut Rng,
    at: u16,
    untried: &mut [u32],
    avoid_accidents: bool,
) -> bool {
    let cell = at as usize;
    let preset = board.preset[cell];
    let mut placed = false;
    // A letter that spells a vocabulary word by accident is kept only
    // when no other letter is safe.
    let mut fallback = None;
    while untried.iter().any(|w| *w > 0) {
        let k = rng.weighted(untried);
        untried[k] = 0;
        let code = k as u8 + 1;
        if preset != 0 && code != preset {
            continue;
        }
        board.letter[cell] = code;
        if !patterns.lines_ok(board, &[at], None) {
            continue;
        }
        if avoid_accidents && accident_at(problem, board, at) {
            fallback.get_or_insert(code);
            continue;
        }
        placed = true;
        break;
    }
    if let (false, Some(code)) = (placed, fallback) {
        board.letter[cell] = code;
        placed = true;
    }
    if preset != 0 && !placed {
        // A pre-assigned letter has no alternative.
        board.letter[cell] = 0;
    }
    placed
}

/// Vocabulary words of 5+ letters readable by accident (RQ.P.02): through
/// at least one free cell (filler or solution letter), other than at their
/// own placement; as grid letters, sorted. Words inside a placed word are
/// the vocabulary's own business, not an accident.
pub(crate) fn accidental_words(problem: &Problem, board: &Board) -> Vec<String> {
    let mut found = Vec::new();
    for start in 0..board.geo.cells() as u16 {
        for dir in Direction::ALL {
            readings_from(problem, board, start, dir, None, &mut |codes| {
                found.push(problem.text(codes))
            });
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Whether some vocabulary word of 5+ letters reads through `cell` by
/// accident.
fn accident_at(problem: &Problem, board: &Board, cell: u16) -> bool {
    let geo = board.geo;
    let mut hit = false;
    for dir in Direction::ALL {
        let back = &geo.next[dir.reverse().index()];
        let mut start = cell;
        for _ in 0..problem.longest_line {
            readings_from(problem, board, start, dir, Some(cell), &mut |_| hit = true);
            if hit {
                return true;
            }
            let prev = back[start as usize];
            if prev == NONE || board.letter[prev as usize] == 0 {
                break;
            }
            start = prev;
        }
    }
    false
}

/// Calls `found` for every vocabulary word of 5+ letters read from `start`
/// in `dir` that covers a free cell (and `through`, if given) and is not a
/// placed word at that spot.
fn readings_from(
    problem: &Problem,
    board: &Board,
    start: u16,
    dir: Direction,
    through: Option<u16>,
    found: &mut dyn FnMut(&[u8]),
) {
    let geo = board.geo;
    let lex = &problem.lex;
    let readable = &problem.readable;
    let mut buf = [0u8; 64];
    let most = buf.len().min(readable.longest());
    let mut n = 0;
    let mut cell = start;
    let mut free_seen = false;
    let mut through_seen = through.is_none();
    while cell != NONE && board.letter[cell as usize] != 0 && n < most {
        buf[n] = board.letter[cell as usize];
        n += 1;
        free_seen |= board.usage(cell) == 0;
        through_seen |= through == Some(cell);
        let prefix = &buf[..n];
        if (2..READ_MIN).contains(&n) && !readable.may_start(prefix) {
            break;
        }
        if n >= READ_MIN
            && free_seen
            && through_seen
            && let Some(id) = readable.word(lex, prefix)
            && !board.placed_at(id, start, cell)
        {
            found(prefix);
        }
        cell = geo.next[dir.index()][cell as usize];
    }
}
