//! The rectangle search: row by row, each row a walk down the row trie
//! that follows only letters the columns' trie nodes allow, so every
//! partial block is a set of column prefixes and nothing else needs
//! checking. One search serves three uses: randomised within a budget to
//! find rectangles (the first row drawn at random, the rest alphabetical),
//! plain and unbounded to prove that none exists, and counting up to two
//! solutions for the uniqueness check of a fill-in. A square from one list
//! is searched once, not twice with its transpose: the first row must come
//! before the first column.

use super::super::Limits;
use super::super::rng::Rng;
use crate::generate::Site;
use crate::generate::trie::{NO_WORD, Trie};
use std::sync::atomic::{AtomicBool, Ordering};

/// How a search ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Found the solutions wanted (in [`RowSearch::found`]).
    Found,
    /// Everything was searched: no (further) rectangle.
    Exhausted,
    OutOfBudget,
    /// Stopped by the limits or the stop flag.
    Stopped,
}

/// Judges a finished block (letter codes, row by row).
pub(super) type Accept<'a> = dyn FnMut(&[u8]) -> bool + Send + 'a;

/// Checks the limits between this many trie steps.
const CHECK_EVERY: u64 = 4_096;

pub(super) struct RowSearch<'a> {
    width: usize,
    height: usize,
    rows: &'a Trie,
    cols: &'a Trie,
    /// The column trie nodes after each row: level `d` holds the nodes
    /// after `d` rows, `width` at a time.
    col_nodes: Vec<u32>,
    grid: Vec<u8>,
    row_ids: Vec<u32>,
    /// A square whose rows and columns come from the same list, and whose
    /// first column, read down, equals the first row so far (it may not
    /// come before it).
    tied: bool,
    /// Draws the letter order of the first row's cells, weighted by the
    /// words each letter leaves its row and column (None: alphabetical).
    rng: Option<&'a mut Rng>,
    steps: u64,
    budget: u64,
    limits: Option<&'a Limits>,
    stop: Option<&'a AtomicBool>,
    wanted: usize,
    /// Decides whether a rectangle counts (None: every one does).
    accept: Option<&'a mut Accept<'a>>,
    /// Per cell, the letters it may take (a bit per letter code): all, or
    /// the one the editor kept there.
    allowed: Vec<u64>,
    /// The row a randomised search draws: the first the editor did not
    /// keep whole.
    drawn_row: usize,
    /// The blocks found (letter codes, row by row).
    pub found: Vec<Vec<u8>>,
}

impl<'a> RowSearch<'a> {
    /// An unbounded, alphabetical search for one rectangle. Equal words
    /// have equal ids in both tries. `transposable`: a square whose rows and
    /// columns come from the same list, so each rectangle's transpose is one
    /// too and is skipped.
    pub fn new(
        width: usize,
        height: usize,
        rows: &'a Trie,
        cols: &'a Trie,
        transposable: bool,
    ) -> RowSearch<'a> {
        RowSearch {
            width,
            height,
            rows,
            cols,
            col_nodes: vec![0; (height + 1) * width],
            grid: vec![0; width * height],
            row_ids: Vec::with_capacity(height),
            tied: transposable && width == height,
            rng: None,
            steps: 0,
            budget: u64::MAX,
            limits: None,
            stop: None,
            wanted: 1,
            accept: None,
            allowed: vec![u64::MAX; width * height],
            drawn_row: 0,
            found: Vec::new(),
        }
    }

    /// Cells limited to the letters of `allowed` (a mask per cell, row by
    /// row): letters and words the editor kept.
    pub fn fixing(mut self, allowed: &[u64]) -> Self {
        self.allowed = allowed.to_vec();
        self.drawn_row = (0..self.height)
            .find(|r| {
                self.allowed[r * self.width..(r + 1) * self.width]
                    .iter()
                    .any(|m| m.count_ones() > 1)
            })
            .unwrap_or(0);
        self
    }

    /// Draws the first row in a random order that favours letters leaving
    /// more words, within `budget` trie steps.
    pub fn randomised(mut self, rng: &'a mut Rng, budget: u64) -> Self {
        self.rng = Some(rng);
        self.budget = budget;
        self
    }

    /// Stops at the limits or when `stop` is set.
    pub fn limited(mut self, limits: &'a Limits, stop: Option<&'a AtomicBool>) -> Self {
        self.limits = Some(limits);
        self.stop = stop;
        self
    }

    /// Counts only the rectangles `accept` takes; the search goes on past
    /// the others.
    pub fn accepting(mut self, accept: &'a mut Accept<'a>) -> Self {
        self.accept = Some(accept);
        self
    }

    /// Collects up to `wanted` solutions before ending.
    pub fn counting(mut self, wanted: usize) -> Self {
        self.wanted = wanted;
        self
    }

    /// Trie steps taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn run(&mut self) -> Outcome {
        match self.level(0) {
            Ok(()) => Outcome::Exhausted,
            Err(outcome) => outcome,
        }
    }

    /// Fills rows `depth..`; the column nodes after `depth` rows are set.
    fn level(&mut self, depth: usize) -> Result<(), Outcome> {
        if depth < self.height {
            return self.row(depth, 0, 0);
        }
        if self.all_words_distinct()
            && self
                .accept
                .as_deref_mut()
                .is_none_or(|accept| accept(&self.grid))
        {
            self.found.push(self.grid.clone());
            if self.found.len() >= self.wanted {
                return Err(Outcome::Found);
            }
        }
        Ok(())
    }

    /// Extends row `depth` at column `column`, at row trie node `node`.
    fn row(&mut self, depth: usize, column: usize, node: u32) -> Result<(), Outcome> {
        self.steps += 1;
        if self.steps > self.budget {
            return Err(Outcome::OutOfBudget);
        }
        if self.steps.is_multiple_of(CHECK_EVERY)
            && (self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self
                    .limits
                    .is_some_and(|l| l.tick(Site::Rectangle).is_some()))
        {
            return Err(Outcome::Stopped);
        }
        if column == self.width {
            let id = self.rows.word[node as usize];
            if self.row_ids.contains(&id) {
                return Ok(());
            }
            self.row_ids.push(id);
            let result = self.level(depth + 1);
            self.row_ids.pop();
            return result;
        }
        let here = depth * self.width + column;
        let col_node = self.col_nodes[here];
        let mut letters = self.rows.masks[node as usize]
            & self.cols.masks[col_node as usize]
            & self.allowed[here];
        let tied = self.tied && column == 0 && depth > 0;
        if tied {
            // The first column, read down, must not come before the first row.
            letters &= !((1u64 << self.grid[depth]) - 1);
        }
        let mut order = [0u8; 64];
        let order = self.letter_order(depth, letters, node, col_node, &mut order);
        for &letter in order {
            self.grid[here] = letter;
            self.col_nodes[here + self.width] = self.cols.child(col_node, letter);
            if tied {
                self.tied = letter == self.grid[depth];
            }
            let result = self.row(depth, column + 1, self.rows.child(node, letter));
            if tied {
                self.tied = true;
            }
            result?;
        }
        Ok(())
    }

    /// The letters of `letters` in the order to try them: alphabetical, or
    /// in the first row of a randomised search drawn at random, weighted by
    /// the words they leave the row (below `row_node`) times those they
    /// leave the column.
    fn letter_order<'o>(
        &mut self,
        depth: usize,
        mut letters: u64,
        row_node: u32,
        col_node: u32,
        order: &'o mut [u8; 64],
    ) -> &'o [u8] {
        let mut count = 0;
        while letters != 0 {
            order[count] = letters.trailing_zeros() as u8;
            letters &= letters - 1;
            count += 1;
        }
        let order = &mut order[..count];
        // Only the first row is drawn (the first not kept whole): that
        // spreads the results as well, and weighing every cell costs more
        // than it saves.
        if depth != self.drawn_row {
            return order;
        }
        if let Some(rng) = self.rng.as_deref_mut() {
            let mut weights = [0u32; 64];
            for (weight, &letter) in weights.iter_mut().zip(order.iter()) {
                let across = self.rows.count[self.rows.child(row_node, letter) as usize];
                let down = self.cols.count[self.cols.child(col_node, letter) as usize];
                *weight = across.min(65_535) * down.min(65_535);
            }
            for i in 0..count.saturating_sub(1) {
                let pick = i + rng.weighted(&weights[i..count]);
                order.swap(i, pick);
                weights.swap(i, pick);
            }
        }
        order
    }

    /// Rows and columns all different words (rows were kept distinct on
    /// the way down).
    fn all_words_distinct(&self) -> bool {
        let last = self.height * self.width;
        let col_ids: Vec<u32> = (0..self.width)
            .map(|c| self.cols.word[self.col_nodes[last + c] as usize])
            .collect();
        debug_assert!(col_ids.iter().all(|&id| id != NO_WORD));
        col_ids
            .iter()
            .enumerate()
            .all(|(i, id)| !col_ids[..i].contains(id))
            && !col_ids.iter().any(|id| self.row_ids.contains(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use std::collections::HashSet;
    use std::time::{Duration, Instant};

    fn codes(word: &str) -> Vec<u8> {
        word.bytes().map(|b| b - b'a').collect()
    }

    /// Tries of `width`- and `height`-letter words, ids shared.
    fn tries(words: &[Vec<u8>], width: usize, height: usize) -> (Trie, Trie) {
        let of_len = |len: usize| {
            words
                .iter()
                .enumerate()
                .filter(|(_, w)| w.len() == len)
                .map(|(i, w)| (w.clone(), i as u32))
                .collect()
        };
        (Trie::new(of_len(width)), Trie::new(of_len(height)))
    }

    fn prove(words: &[Vec<u8>], width: usize, height: usize) -> Outcome {
        let (rows, cols) = tries(words, width, height);
        RowSearch::new(width, height, &rows, &cols, width == height).run()
    }

    /// The reference: every sequence of distinct rows, columns looked up.
    fn exists_by_brute_force(words: &[Vec<u8>], width: usize, height: usize) -> bool {
        let list: HashSet<&Vec<u8>> = words.iter().collect();
        let mut rows: Vec<&Vec<u8>> = list.iter().copied().filter(|w| w.len() == width).collect();
        rows.sort();
        let mut chosen = Vec::new();
        fn extend<'w>(
            chosen: &mut Vec<&'w Vec<u8>>,
            rows: &[&'w Vec<u8>],
            list: &HashSet<&Vec<u8>>,
            width: usize,
            height: usize,
        ) -> bool {
            if chosen.len() == height {
                let columns: Vec<Vec<u8>> = (0..width)
                    .map(|c| chosen.iter().map(|r| r[c]).collect())
                    .collect();
                let all: HashSet<&Vec<u8>> = chosen.iter().copied().chain(&columns).collect();
                return columns.iter().all(|c| list.contains(c)) && all.len() == width + height;
            }
            for &row in rows {
                if !chosen.contains(&row) {
                    chosen.push(row);
                    if extend(chosen, rows, list, width, height) {
                        return true;
                    }
                    chosen.pop();
                }
            }
            false
        }
        extend(&mut chosen, &rows, &list, width, height)
    }

    #[test]
    fn finds_a_square_whose_transpose_it_skips() {
        let words: Vec<_> = ["cat", "ore", "wed", "cow", "are", "ted"]
            .map(codes)
            .to_vec();
        let (rows, cols) = tries(&words, 3, 3);
        // Counting all: only CAT/ORE/WED (first row before first column),
        // not its transpose COW/ARE/TED.
        let mut search = RowSearch::new(3, 3, &rows, &cols, true).counting(usize::MAX);
        assert_eq!(search.run(), Outcome::Exhausted);
        let cat_ore_wed: Vec<u8> = ["cat", "ore", "wed"]
            .concat()
            .bytes()
            .map(|b| b - b'a')
            .collect();
        assert_eq!(search.found, [cat_ore_wed]);
        // Not transposable (rows and columns from different lists): both.
        let mut search = RowSearch::new(3, 3, &rows, &cols, false).counting(usize::MAX);
        assert_eq!(search.run(), Outcome::Exhausted);
        assert_eq!(search.found.len(), 2);
    }

    #[test]
    fn proves_none_and_refuses_words_used_twice() {
        assert_eq!(
            prove(&["cat", "dog", "emu"].map(codes), 3, 3),
            Outcome::Exhausted
        );
        // BIT/ICE/TEN is its own transpose: every word twice.
        assert_eq!(
            prove(&["bit", "ice", "ten"].map(codes), 3, 3),
            Outcome::Exhausted
        );
    }

    /// Every word over a, b, c with an odd number of a's: 5-letter rows
    /// and 4-letter columns. Four odd rows hold an even number of a's, five
    /// odd columns an odd number, so no rectangle exists, and only the
    /// last row shows it: a long search.
    fn odd_parity_words() -> Vec<Vec<u8>> {
        let mut words = Vec::new();
        for len in [4u32, 5] {
            for n in 0..3usize.pow(len) {
                let word: Vec<u8> = (0..len).map(|k| (n / 3usize.pow(k) % 3) as u8).collect();
                if word.iter().filter(|&&l| l == 0).count() % 2 == 1 {
                    words.push(word);
                }
            }
        }
        words
    }

    #[test]
    fn searches_a_long_impossible_case_to_the_end_or_stops_when_asked() {
        let words = odd_parity_words();
        assert_eq!(prove(&words, 5, 4), Outcome::Exhausted);
        let (rows, cols) = tries(&words, 5, 4);
        let limits = Limits::new(Instant::now() + Duration::from_secs(60), None);
        let stop = AtomicBool::new(true);
        let mut search = RowSearch::new(5, 4, &rows, &cols, false).limited(&limits, Some(&stop));
        assert_eq!(search.run(), Outcome::Stopped);
        let past = Limits::new(Instant::now(), None);
        let mut search = RowSearch::new(5, 4, &rows, &cols, false).limited(&past, None);
        assert_eq!(search.run(), Outcome::Stopped);
        let mut rng = Rng::new(3);
        let mut search = RowSearch::new(5, 4, &rows, &cols, false).randomised(&mut rng, 10_000);
        assert_eq!(search.run(), Outcome::OutOfBudget);
        assert_eq!(search.steps(), 10_001);
    }

    #[test]
    fn agrees_with_brute_force_on_random_lists() {
        let mut rng = Rng::new(7);
        let mut found = 0;
        for case in 0..300 {
            let (width, height) = [(3, 3), (3, 4), (4, 3), (4, 4)][case % 4];
            let letters = 3 + rng.below(3);
            let count = 6 + rng.below(40);
            let words: Vec<Vec<u8>> = (0..count)
                .map(|i| {
                    let len = if i % 2 == 0 { width } else { height };
                    (0..len).map(|_| rng.below(letters) as u8).collect()
                })
                .collect();
            let expected = exists_by_brute_force(&words, width, height);
            found += usize::from(expected);
            let proof = prove(&words, width, height);
            // Randomised orders find the same.
            let (rows, cols) = tries(&words, width, height);
            let mut search = RowSearch::new(width, height, &rows, &cols, width == height)
                .randomised(&mut rng, u64::MAX);
            assert_eq!(search.run(), proof, "case {case}, randomised");
            assert_eq!(
                proof == Outcome::Found,
                expected,
                "case {case}: {width}×{height}, {words:?}"
            );
            assert_ne!(proof, Outcome::Stopped);
        }
        // Both answers are well represented.
        assert!((60..=240).contains(&found), "{found} of 300 exist");
    }
}
