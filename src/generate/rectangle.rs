//! Word rectangles: an m×n block whose every row and every column is a word
//! of the vocabulary, each word used once. A trie per word length with a
//! letter bitmask per node: the letters a cell can take are the AND of its
//! row's and its column's masks. Cells are filled along the frontier (a cell
//! whose row and column prefixes are complete), fewest letters first, in a
//! random letter order, with restarts (Luby budgets, which grow without bound); a run that
//! ends inside its budget has searched everything, which proves that no
//! rectangle exists. The fill-in puzzle is then solved again from its own
//! word list (rows from the across words, columns from the down words) and
//! kept only when that has exactly one solution.

use super::rng::Rng;
use super::{Limits, Options};
use crate::error::GenerateError;
use crate::model::{Direction, Mask, PlacedWord, Pos, Puzzle, PuzzleKind, PuzzleSpec, Report};
use std::collections::VecDeque;
use std::time::Instant;

/// Nodes of the first run; each restart doubles it.
const FIRST_BUDGET: u64 = 4_096;
const NO_WORD: u32 = u32::MAX;

/// Words of one length as a trie; children of a node are contiguous and
/// ordered by letter, so a child's index is `first + rank of the letter`.
struct Trie {
    masks: Vec<u64>,
    first: Vec<u32>,
    word: Vec<u32>,
    /// For each node, `reach[reach_at[node] + k]`: the letters that can
    /// stand `k` places after the node's prefix in some word below it.
    reach: Vec<u64>,
    reach_at: Vec<u32>,
    /// Words below each node.
    count: Vec<u32>,
}

impl Trie {
    /// `words`: (letter codes, id), any order; duplicates keep the first id.
    fn new(mut words: Vec<(Vec<u8>, u32)>, len: usize) -> Trie {
        words.sort();
        words.dedup_by(|b, a| a.0 == b.0);
        let mut trie = Trie {
            masks: vec![0],
            first: vec![0],
            word: vec![NO_WORD],
            reach: Vec::new(),
            reach_at: Vec::new(),
            count: Vec::new(),
        };
        let mut depths = vec![0usize];
        let mut queue = VecDeque::from([(0usize, 0..words.len(), 0usize)]);
        while let Some((node, range, depth)) = queue.pop_front() {
            depths[node] = depth;
            if range.is_empty() {
                continue;
            }
            if depth == len {
                trie.word[node] = words[range.start].1;
                continue;
            }
            trie.first[node] = trie.masks.len() as u32;
            let mut i = range.start;
            while i < range.end {
                let letter = words[i].0[depth];
                let j = (i..range.end)
                    .find(|&j| words[j].0[depth] != letter)
                    .unwrap_or(range.end);
                trie.masks[node] |= 1 << letter;
                queue.push_back((trie.masks.len(), i..j, depth + 1));
                trie.masks.push(0);
                trie.first.push(0);
                trie.word.push(NO_WORD);
                depths.push(depth + 1);
                i = j;
            }
        }
        // Children have higher indices than their parent: fill bottom-up.
        let nodes = trie.masks.len();
        let mut at = 0u32;
        for depth in &depths {
            trie.reach_at.push(at);
            at += (len - depth) as u32;
        }
        trie.reach = vec![0; at as usize];
        trie.count = vec![0; nodes];
        for node in (0..nodes).rev() {
            let span = len - depths[node];
            if span == 0 {
                trie.count[node] = u32::from(trie.word[node] != NO_WORD);
                continue;
            }
            let children = trie.first[node]..trie.first[node] + trie.masks[node].count_ones();
            trie.count[node] = children.clone().map(|c| trie.count[c as usize]).sum();
            let base = trie.reach_at[node] as usize;
            trie.reach[base] = trie.masks[node];
            let children = trie.masks[node].count_ones();
            for child in trie.first[node]..trie.first[node] + children {
                let child_base = trie.reach_at[child as usize] as usize;
                for k in 1..span {
                    trie.reach[base + k] |= trie.reach[child_base + k - 1];
                }
            }
        }
        trie
    }

    /// Letters `k` places after `node`'s prefix in some word below it.
    fn reach(&self, node: u32, k: usize) -> u64 {
        self.reach[self.reach_at[node as usize] as usize + k]
    }

    fn child(&self, node: u32, letter: u8) -> u32 {
        let below = self.masks[node as usize] & ((1u64 << letter) - 1);
        self.first[node as usize] + below.count_ones()
    }
}

/// How a search run ended.
enum Outcome {
    Found(Vec<u8>),
    /// Everything was searched: no (further) rectangle.
    Exhausted,
    OutOfBudget,
    Stopped,
}

/// One search over a row trie and a column trie.
struct Search<'a> {
    width: usize,
    height: usize,
    rows: &'a Trie,
    cols: &'a Trie,
    /// Row and column words share ids (same list) or not.
    shared: bool,
    grid: Vec<u8>,
    row_node: Vec<u32>,
    col_node: Vec<u32>,
    row_len: Vec<usize>,
    col_len: Vec<usize>,
    used_rows: Vec<bool>,
    used_cols: Vec<bool>,
    nodes: u64,
    budget: u64,
    limits: Option<&'a Limits>,
    rng: Option<&'a mut Rng>,
    /// Solutions to find before stopping (the uniqueness check counts to 2).
    wanted: usize,
    found: Vec<Vec<u8>>,
}

impl<'a> Search<'a> {
    fn new(
        width: usize,
        height: usize,
        rows: &'a Trie,
        cols: &'a Trie,
        shared: bool,
        ids: usize,
    ) -> Search<'a> {
        Search {
            width,
            height,
            rows,
            cols,
            shared,
            grid: vec![0; width * height],
            row_node: vec![0; height],
            col_node: vec![0; width],
            row_len: vec![0; height],
            col_len: vec![0; width],
            used_rows: vec![false; ids],
            used_cols: vec![false; ids],
            nodes: 0,
            budget: u64::MAX,
            limits: None,
            rng: None,
            wanted: 1,
            found: Vec::new(),
        }
    }

    fn used(&mut self, column: bool) -> &mut Vec<bool> {
        if column && !self.shared {
            &mut self.used_cols
        } else {
            &mut self.used_rows
        }
    }

    /// True when the empty cell (r, c) still has a letter its row's and its
    /// column's words can put there.
    fn fits(&self, r: usize, c: usize) -> bool {
        let across = self.rows.reach(self.row_node[r], c - self.row_len[r]);
        let down = self.cols.reach(self.col_node[c], r - self.col_len[c]);
        across & down != 0
    }

    /// Fills the rest of the block (`last`: the cell filled just before);
    /// `Err` when stopped, out of budget or done.
    fn run(&mut self, filled: usize, last: Option<(usize, usize)>) -> Result<(), Outcome> {
        if filled == self.width * self.height {
            self.found.push(self.grid.clone());
            return if self.found.len() >= self.wanted {
                Err(Outcome::Found(self.grid.clone()))
            } else {
                Ok(())
            };
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Outcome::OutOfBudget);
        }
        if self.nodes.is_multiple_of(1024) && self.limits.is_some_and(|l| l.check().is_some()) {
            return Err(Outcome::Stopped);
        }
        // Look ahead: every empty cell of the row and the column just
        // extended must keep a letter both its words can still put there
        // (no other cell's constraints changed).
        if let Some((r, c)) = last {
            let row_done = self.row_len[r];
            for cc in row_done..self.width {
                if r >= self.col_len[cc] && !self.fits(r, cc) {
                    return Ok(());
                }
            }
            let col_done = self.col_len[c];
            for rr in col_done..self.height {
                if c >= self.row_len[rr] && !self.fits(rr, c) {
                    return Ok(());
                }
            }
        }
        // The frontier cell with the fewest possible letters.
        let mut best: Option<(u32, usize, usize, u64)> = None;
        for r in 0..self.height {
            let c = self.row_len[r];
            if c == self.width || self.col_len[c] != r {
                continue;
            }
            let mask = self.rows.masks[self.row_node[r] as usize]
                & self.cols.masks[self.col_node[c] as usize];
            let count = mask.count_ones();
            if best.is_none_or(|b| count < b.0) {
                best = Some((count, r, c, mask));
                if count <= 1 {
                    break;
                }
            }
        }
        let Some((count, r, c, mask)) = best else {
            return Ok(());
        };
        if count == 0 {
            return Ok(());
        }
        let mut buffer = [0u8; 64];
        let mut count = 0;
        let mut bits = mask;
        while bits != 0 {
            buffer[count] = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            count += 1;
        }
        let letters = &mut buffer[..count];
        // Letters that leave more words for the row and the column first:
        // drawn at random with those weights (or in that order, unseeded).
        let (row_before, col_before) = (self.row_node[r], self.col_node[c]);
        let weight = |letter: u8| {
            let across = self.rows.count[self.rows.child(row_before, letter) as usize].min(65_535);
            let down = self.cols.count[self.cols.child(col_before, letter) as usize].min(65_535);
            across * down
        };
        let mut weights: Vec<u32> = letters.iter().map(|&l| weight(l)).collect();
        match self.rng.as_deref_mut() {
            Some(rng) => {
                for i in 0..letters.len() {
                    let pick = i + rng.weighted(&weights[i..]);
                    letters.swap(i, pick);
                    weights.swap(i, pick);
                }
            }
            None => letters.sort_by_key(|&l| std::cmp::Reverse(weight(l))),
        }
        for &mut letter in letters {
            let row_next = self.rows.child(row_before, letter);
            let col_next = self.cols.child(col_before, letter);
            let row_word = (c + 1 == self.width).then(|| self.rows.word[row_next as usize]);
            let col_word = (r + 1 == self.height).then(|| self.cols.word[col_next as usize]);
            if row_word.is_some_and(|w| self.used(false)[w as usize])
                || col_word.is_some_and(|w| self.used(true)[w as usize])
            {
                continue;
            }
            if row_word.is_some() && row_word == col_word && self.shared {
                // The last cell would complete a row and a column with the same word.
                continue;
            }
            if let Some(w) = row_word {
                self.used(false)[w as usize] = true;
            }
            if let Some(w) = col_word {
                self.used(true)[w as usize] = true;
            }
            self.grid[r * self.width + c] = letter;
            self.row_node[r] = row_next;
            self.col_node[c] = col_next;
            self.row_len[r] += 1;
            self.col_len[c] += 1;
            let result = self.run(filled + 1, Some((r, c)));
            self.row_len[r] -= 1;
            self.col_len[c] -= 1;
            self.row_node[r] = row_before;
            self.col_node[c] = col_before;
            if let Some(w) = row_word {
                self.used(false)[w as usize] = false;
            }
            if let Some(w) = col_word {
                self.used(true)[w as usize] = false;
            }
            result?;
        }
        Ok(())
    }
}

/// A word of the rectangle's lists: its letters as codes and its source.
struct Candidate {
    codes: Vec<u8>,
    printed: String,
    vocabulary: String,
}

/// Generates a word rectangle of the spec's mask size from its
/// vocabularies (higher priority first: lower ones join only when the
/// higher ones cannot make a rectangle). Offensive words are never used.
pub fn generate(spec: &PuzzleSpec, options: &Options) -> Result<Puzzle, GenerateError> {
    let (width, height) = (spec.mask.width(), spec.mask.height());
    if spec.mask.playable_count() != width * height {
        return Err(GenerateError::Impossible(
            "a word rectangle needs a full rectangle: no shape, no restricted cells".into(),
        ));
    }
    let mut alphabet: Vec<char> = Vec::new();
    let mut levels: Vec<Vec<Candidate>> = Vec::new();
    for vocabulary in &spec.vocabularies {
        let mut level = Vec::new();
        for word in &vocabulary.words {
            let len = word.letters.len();
            if (len != width && len != height) || spec.banned.contains(&word.letters) {
                continue;
            }
            let mut codes = Vec::with_capacity(len);
            for c in &word.letters {
                let code = match alphabet.iter().position(|a| a == c) {
                    Some(i) => i,
                    None => {
                        alphabet.push(*c);
                        alphabet.len() - 1
                    }
                };
                if code >= 64 {
                    return Err(GenerateError::Impossible(
                        "the vocabularies use more than 64 different letters".into(),
                    ));
                }
                codes.push(code as u8);
            }
            level.push(Candidate {
                codes,
                printed: word.printed.clone(),
                vocabulary: vocabulary.name.clone(),
            });
        }
        levels.push(level);
    }
    let limits = Limits {
        deadline: Instant::now() + options.time_limit,
        cancel: options.cancel.clone(),
    };
    let mut rng = Rng::new(options.seed);
    let mut pool: Vec<Candidate> = Vec::new();
    let mut proofs = Vec::new();
    let mut report = Report::default();
    for (level, words) in levels.into_iter().enumerate() {
        pool.extend(words);
        let rows: Vec<(Vec<u8>, u32)> = pool
            .iter()
            .enumerate()
            .filter(|(_, w)| w.codes.len() == width)
            .map(|(i, w)| (w.codes.clone(), i as u32))
            .collect();
        let cols: Vec<(Vec<u8>, u32)> = pool
            .iter()
            .enumerate()
            .filter(|(_, w)| w.codes.len() == height)
            .map(|(i, w)| (w.codes.clone(), i as u32))
            .collect();
        let (row_count, col_count) = (rows.len(), cols.len());
        let (row_trie, col_trie) = (Trie::new(rows, width), Trie::new(cols, height));
        let mut run = 0u64;
        loop {
            let mut search = Search::new(
                width,
                height,
                &row_trie,
                &col_trie,
                width == height,
                pool.len(),
            );
            run += 1;
            search.budget = FIRST_BUDGET.saturating_mul(super::driver::luby(run));
            search.limits = Some(&limits);
            search.rng = Some(&mut rng);
            let outcome = match search.run(0, None) {
                Ok(()) => Outcome::Exhausted,
                Err(outcome) => outcome,
            };
            report.nodes += search.nodes;
            report.restarts += 1;
            match outcome {
                Outcome::Found(grid) => {
                    let puzzle = build(
                        &grid,
                        width,
                        height,
                        &alphabet,
                        &pool,
                        &row_trie,
                        &col_trie,
                        options.seed,
                        &mut report,
                    );
                    if unique(&puzzle, &alphabet) {
                        report.notes.push("the fill-in has exactly one solution (solved again from its own word list)".into());
                        report.notes.extend(proofs);
                        return Ok(Puzzle { report, ..puzzle });
                    }
                    // Not unique: search again in another random order.
                }
                Outcome::Exhausted => {
                    proofs.push(format!(
                        "no {width}×{height} rectangle exists with the {row_count} words of {width} letters and {col_count} of {height} letters of vocabularies 1–{}",
                        level + 1
                    ));
                    break;
                }
                Outcome::OutOfBudget => {}
                Outcome::Stopped => {
                    return Err(match limits.check() {
                        Some(super::Stop::Cancelled) => GenerateError::Cancelled,
                        _ => GenerateError::TimedOut(format!(
                            "no {width}×{height} rectangle with a unique fill-in found in the time limit (the search was not finished, so one may exist)"
                        )),
                    });
                }
            }
            if limits.check().is_some() {
                return Err(GenerateError::TimedOut(format!(
                    "no {width}×{height} rectangle with a unique fill-in found in the time limit"
                )));
            }
        }
    }
    Err(GenerateError::NoSolution(proofs.pop().unwrap_or_else(
        || format!("no words of {width} or {height} letters"),
    )))
}

/// Builds the puzzle from a filled block.
#[allow(clippy::too_many_arguments)]
fn build(
    grid: &[u8],
    width: usize,
    height: usize,
    alphabet: &[char],
    pool: &[Candidate],
    rows: &Trie,
    cols: &Trie,
    seed: u64,
    report: &mut Report,
) -> Puzzle {
    let letter = |r: usize, c: usize| alphabet[grid[r * width + c] as usize];
    let word_id = |trie: &Trie, codes: &mut dyn Iterator<Item = u8>| {
        let mut node = 0;
        for code in codes {
            node = trie.child(node, code);
        }
        trie.word[node as usize] as usize
    };
    let mut words = Vec::new();
    for r in 0..height {
        let id = word_id(rows, &mut (0..width).map(|c| grid[r * width + c]));
        words.push(placed(
            &pool[id],
            (0..width).map(|c| letter(r, c)).collect(),
            Pos::new(r, 0),
            Direction::E,
        ));
    }
    for c in 0..width {
        let id = word_id(cols, &mut (0..height).map(|r| grid[r * width + c]));
        words.push(placed(
            &pool[id],
            (0..height).map(|r| letter(r, c)).collect(),
            Pos::new(0, c),
            Direction::S,
        ));
    }
    report.density = 1.0;
    Puzzle {
        kind: PuzzleKind::WordRectangle,
        mask: Mask::rectangle(width, height).expect("checked size"),
        directions: crate::model::DirectionSet::parse_list("E,S").expect("valid list"),
        seed,
        grid: (0..height)
            .map(|r| (0..width).map(|c| Some(letter(r, c))).collect())
            .collect(),
        words,
        solution: None,
        rules: Default::default(),
        report: Report::default(),
    }
}

fn placed(candidate: &Candidate, word: String, start: Pos, direction: Direction) -> PlacedWord {
    PlacedWord {
        word,
        display: candidate.printed.clone(),
        start,
        direction,
        vocabulary: candidate.vocabulary.clone(),
    }
}

/// Solves the fill-in again from the puzzle's own lists (rows from the
/// across words, columns from the down words) and counts up to two solutions.
fn unique(puzzle: &Puzzle, alphabet: &[char]) -> bool {
    let code = |c: char| alphabet.iter().position(|a| *a == c).unwrap_or(0) as u8;
    let (width, height) = (puzzle.width(), puzzle.height());
    let list = |direction: Direction| -> Vec<(Vec<u8>, u32)> {
        puzzle
            .words
            .iter()
            .filter(|w| w.direction == direction)
            .enumerate()
            .map(|(i, w)| (w.word.chars().map(code).collect(), i as u32))
            .collect()
    };
    let rows = Trie::new(list(Direction::E), width);
    let cols = Trie::new(list(Direction::S), height);
    let mut search = Search::new(width, height, &rows, &cols, false, width.max(height));
    search.wanted = 2;
    let _ = search.run(0, None);
    search.found.len() == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SpecVocabulary, UmlautMode, Word};

    fn spec(words: &[&str], width: usize, height: usize) -> PuzzleSpec {
        let words = words
            .iter()
            .map(|w| Word::new(w, None, UmlautMode::Keep).unwrap())
            .collect();
        PuzzleSpec::new(
            Mask::rectangle(width, height).unwrap(),
            vec![SpecVocabulary {
                name: "test".into(),
                must_use: false,
                words,
            }],
        )
    }

    #[test]
    fn finds_the_only_rectangle_and_checks_it() {
        // Rows CAT/ORE/WED, columns COW/ARE/TED.
        let s = spec(&["cat", "ore", "wed", "cow", "are", "ted", "xyz"], 3, 3);
        let p = generate(&s, &Options::seeded(1)).unwrap();
        let rows: Vec<String> = p
            .grid
            .iter()
            .map(|r| r.iter().map(|c| c.unwrap()).collect())
            .collect();
        assert!(
            rows == ["CAT", "ORE", "WED"] || rows == ["COW", "ARE", "TED"],
            "{rows:?}"
        );
        assert_eq!(p.words.len(), 6);
        assert_eq!(p.kind, PuzzleKind::WordRectangle);
    }

    #[test]
    fn proves_that_none_exists() {
        let s = spec(&["cat", "dog", "emu"], 3, 3);
        match generate(&s, &Options::seeded(1)) {
            Err(GenerateError::NoSolution(why)) => {
                assert!(why.contains("no 3×3 rectangle exists"), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_symmetric_square_uses_words_twice_and_is_refused() {
        // BIT/ICE/TEN read the same across and down: every word twice.
        let s = spec(&["bit", "ice", "ten"], 3, 3);
        assert!(matches!(
            generate(&s, &Options::seeded(3)),
            Err(GenerateError::NoSolution(_))
        ));
    }
}
