//! Drawing words from large vocabularies: choose a slot (start, direction,
//! length) the board allows, then a word that matches the slot's fixed
//! letters, highest-priority vocabulary first. [`Picker`] places words at
//! random free spots (no solution word); `cover` uses the same [`Drawer`].

use super::board::{Board, Pattern};
use super::patterns::{Patterns, occurs_elsewhere};
use super::prepare::Problem;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::generate::{Limits, Stop};
use crate::model::Direction;
use std::collections::BTreeSet;

/// Words a slot search tries per vocabulary before giving up on the slot.
const WORDS_PER_SLOT: usize = 6;
/// Random slots tried per direction before the picker gives up on a step;
/// the first quarter avoid bundles of parallel words.
const SLOT_ATTEMPTS: usize = 24;
/// The same per word of a small vocabulary.
const WORD_ATTEMPTS: usize = 12;
/// Vocabularies up to this size are placed word first.
const SMALL_VOCABULARY: usize = 500;

/// Draws words for slots: the vocabularies in priority order, each word at
/// most once per puzzle and batch, at most one word per exclusion group, and
/// only where no forbidden reading results.
pub(crate) struct Drawer<'p> {
    pub problem: &'p Problem,
    /// Words already used in earlier puzzles of the batch.
    excluded: &'p BTreeSet<u32>,
    used: Vec<bool>,
    group_use: Vec<u16>,
    scratch: Vec<u64>,
    matches: Vec<u32>,
    new_cells: Vec<u16>,
}

/// A drawn word on the board: `(lexicon id, pattern entries to pop)`.
pub(crate) type Drawn = (u32, usize);

impl<'p> Drawer<'p> {
    pub fn new(problem: &'p Problem, excluded: &'p BTreeSet<u32>) -> Self {
        Drawer {
            problem,
            excluded,
            used: vec![false; problem.lex.len()],
            group_use: vec![0; problem.spec.exclusion_groups.len()],
            scratch: Vec::new(),
            matches: Vec::new(),
            new_cells: Vec::new(),
        }
    }

    /// Takes a drawn word off the board again.
    pub fn undo(&mut self, drawn: Drawn, board: &mut Board, patterns: &mut Patterns) {
        patterns.pop(drawn.1);
        board.unplace();
        self.mark(drawn.0, false);
    }

    fn mark(&mut self, id: u32, used: bool) {
        self.used[id as usize] = used;
        if let Some(groups) = self.problem.groups.get(&id) {
            for &g in groups {
                if used {
                    self.group_use[g as usize] += 1;
                } else {
                    self.group_use[g as usize] -= 1;
                }
            }
        }
    }

    fn group_blocked(&self, id: u32) -> bool {
        self.problem
            .groups
            .get(&id)
            .is_some_and(|gs| gs.iter().any(|&g| self.group_use[g as usize] > 0))
    }

    /// Whether a word may still be drawn (unused in puzzle and batch, its
    /// exclusion groups free).
    pub fn available(&self, id: u32) -> bool {
        !self.used[id as usize] && !self.excluded.contains(&id) && !self.group_blocked(id)
    }

    /// Draws the given words again, each where it was, in order, noting
    /// each in `drawn`; false (with what was drawn left on the board) when
    /// one no longer fits.
    pub fn replay(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        words: &[(u32, u16, Direction)],
        drawn: &mut Vec<Drawn>,
    ) -> bool {
        for &(id, start, dir) in words {
            match self.draw_word(board, patterns, id, start, dir) {
                Some(word) => drawn.push(word),
                None => return false,
            }
        }
        true
    }

    /// Places one given word at a slot if the rules allow it.
    pub fn draw_word(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        id: u32,
        start: u16,
        dir: Direction,
    ) -> Option<Drawn> {
        let problem = self.problem;
        let codes = problem.lex.codes(id as usize);
        board.fit(start, dir, codes.len(), Some(codes))?;
        self.try_place(board, patterns, id, start, dir)
    }

    /// Places a fitting word and checks the readings; undoes it if they are
    /// forbidden.
    fn try_place(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        id: u32,
        start: u16,
        dir: Direction,
    ) -> Option<Drawn> {
        let codes = self.problem.lex.codes(id as usize);
        let len = codes.len();
        let mut new_cells = std::mem::take(&mut self.new_cells);
        board.place(id, codes, start, dir, &mut new_cells);
        let end = board.geo.walk(start, dir, len - 1);
        let n = patterns.push(codes, Some(id));
        let ok = !new_cells.is_empty()
            && patterns.lines_ok(board, &new_cells, Some(dir))
            && !occurs_elsewhere(board, codes, start, end);
        self.new_cells = new_cells;
        if ok {
            self.mark(id, true);
            return Some((id, n));
        }
        patterns.pop(n);
        board.unplace();
        None
    }

    /// Whether some available word matches the pattern (looking at up to
    /// `tries` matches per vocabulary).
    pub fn any_matching(
        &mut self,
        rng: &mut Rng,
        len: usize,
        pattern: &Pattern,
        tries: usize,
    ) -> bool {
        let problem = self.problem;
        let mut matches = std::mem::take(&mut self.matches);
        let mut any = false;
        for pool in &problem.pools {
            if !pool.has_len(len) {
                continue;
            }
            pool.matching(len, pattern, rng, tries, &mut self.scratch, &mut matches);
            if matches.iter().any(|&id| self.available(id)) {
                any = true;
                break;
            }
        }
        self.matches = matches;
        any
    }

    /// Places a word matching the slot, trying up to `tries` words; returns
    /// what it placed.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        start: u16,
        dir: Direction,
        len: usize,
        pattern: &Pattern,
        tries: usize,
    ) -> Option<Drawn> {
        let problem = self.problem;
        for pool in &problem.pools {
            if !pool.has_len(len) {
                continue;
            }
            let mut matches = std::mem::take(&mut self.matches);
            pool.matching(
                len,
                pattern,
                rng,
                tries * 4,
                &mut self.scratch,
                &mut matches,
            );
            let mut tried = 0;
            let mut found = None;
            for &id in &matches {
                if tried >= tries {
                    break;
                }
                if !self.available(id) {
                    continue;
                }
                tried += 1;
                found = self.try_place(board, patterns, id, start, dir);
                if found.is_some() {
                    break;
                }
            }
            self.matches = matches;
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// Words each direction still needs.
pub(crate) fn direction_deficits(board: &Board, required: &[usize; 8]) -> [usize; 8] {
    let mut count = [0usize; 8];
    for p in &board.placements {
        count[p.dir.index()] += 1;
    }
    std::array::from_fn(|d| required[d].saturating_sub(count[d]))
}

/// One pick phase without a solution word: random slots anchored on free
/// cells, directions short of their share first.
pub(crate) struct Picker<'p> {
    drawer: Drawer<'p>,
    /// Total words wanted (must-use included).
    target_words: usize,
    /// Fewest words that make a puzzle (a range's minimum).
    min_words: usize,
    required: [usize; 8],
    picks: Vec<Drawn>,
}

impl<'p> Picker<'p> {
    pub fn new(
        problem: &'p Problem,
        excluded: &'p BTreeSet<u32>,
        (min_words, target_words): (usize, usize),
        required: [usize; 8],
    ) -> Self {
        Picker {
            drawer: Drawer::new(problem, excluded),
            target_words,
            min_words,
            required,
            picks: Vec::new(),
        }
    }

    /// Places words until complete, backtracking a little when stuck.
    /// Returns `Ok(true)` when complete; `Ok(false)` leaves the best effort.
    pub fn run(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Result<bool, Stop> {
        let mut stuck = 0;
        while board.placements.len() < self.target_words {
            if let Some(stop) = limits.tick(Site::Pick) {
                return Err(stop);
            }
            if self.place_one(board, patterns, rng) {
                continue;
            }
            stuck += 1;
            if stuck > 60 || self.picks.is_empty() {
                // A range is met once its minimum is.
                return Ok(
                    board.placements.len() >= self.min_words && self.min_words < self.target_words
                );
            }
            // Undo one or two recent picks and try again.
            for _ in 0..1 + rng.below(2) {
                self.pop(board, patterns);
            }
        }
        Ok(true)
    }

    /// Replaces the picks by the words of a layout (`(id, start,
    /// direction)`, an annealed one), drawn in its order; false (the picks
    /// cleared) when one cannot be drawn there.
    pub fn adopt(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        layout: &[(u32, u16, Direction)],
    ) -> bool {
        self.clear(board, patterns);
        if !self.drawer.replay(board, patterns, layout, &mut self.picks) {
            self.clear(board, patterns);
            return false;
        }
        true
    }

    /// Removes every pick (back to the must-use words).
    pub fn clear(&mut self, board: &mut Board, patterns: &mut Patterns) {
        while !self.picks.is_empty() {
            self.pop(board, patterns);
        }
    }

    fn pop(&mut self, board: &mut Board, patterns: &mut Patterns) {
        if let Some(drawn) = self.picks.pop() {
            self.drawer.undo(drawn, board, patterns);
        }
    }

    /// Finds a slot and a word for it; false when sampling found nothing.
    fn place_one(&mut self, board: &mut Board, patterns: &mut Patterns, rng: &mut Rng) -> bool {
        let free = board.free_cells();
        if free.is_empty() {
            return false;
        }
        // Directions short of their share first, the rest in random order.
        let deficits = direction_deficits(board, &self.required);
        let mut dirs: Vec<Direction> = self.drawer.problem.spec.directions.iter().collect();
        rng.shuffle(&mut dirs);
        dirs.sort_by_key(|d| std::cmp::Reverse(deficits[d.index()]));
        self.place_from_small_vocabularies(board, patterns, rng, &free, &dirs)
            || self.place_in_random_slot(board, patterns, rng, &free, &dirs)
    }

    /// Small high-priority vocabularies (a theme list) go word first: each
    /// unused word is tried in a few slots before any lower vocabulary.
    fn place_from_small_vocabularies(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        free: &[u16],
        dirs: &[Direction],
    ) -> bool {
        let problem = self.drawer.problem;
        for pool in problem
            .pools
            .iter()
            .take_while(|p| p.all.len() <= SMALL_VOCABULARY)
        {
            let mut ids: Vec<u32> = pool
                .all
                .iter()
                .copied()
                .filter(|&id| self.drawer.available(id))
                .collect();
            rng.shuffle(&mut ids);
            for id in ids.into_iter().take(8) {
                let len = problem.lex.codes(id as usize).len();
                for attempt in 0..WORD_ATTEMPTS {
                    let dir = dirs[rng.below(dirs.len().min(2))];
                    let anchor = free[rng.below(free.len())];
                    let start = board.geo.walk(anchor, dir.reverse(), rng.below(len));
                    if start == super::board::NONE
                        || board.forms_compound(start, dir, len)
                        || (attempt < WORD_ATTEMPTS / 4 && board.runs_alongside(start, dir, len))
                    {
                        continue;
                    }
                    if let Some(drawn) = self.drawer.draw_word(board, patterns, id, start, dir) {
                        self.picks.push(drawn);
                        return true;
                    }
                }
            }
        }
        false
    }

    fn place_in_random_slot(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        free: &[u16],
        dirs: &[Direction],
    ) -> bool {
        let longest = self.drawer.problem.longest_line;
        let dirs = dirs.to_vec();
        for dir in dirs {
            for attempt in 0..SLOT_ATTEMPTS {
                // Bundles of parallel words are avoided while there is room;
                // the later attempts take any slot (a quarter keeps the
                // speed: half doubled the time of 40 words on 20×20).
                let spread = attempt < SLOT_ATTEMPTS / 4;
                // Anchor the slot on a free cell so it covers new ground.
                let anchor = free[rng.below(free.len())];
                let back = rng.below(longest.min(8));
                let start = board.geo.walk(anchor, dir.reverse(), back);
                if start == super::board::NONE {
                    continue;
                }
                let target_len = 4 + rng.below(longest.clamp(5, 12) - 3);
                for len in length_order(target_len, longest) {
                    if len <= back {
                        continue;
                    }
                    let Some(fit) = board.fit(start, dir, len, None) else {
                        continue;
                    };
                    if fit.new_cells < 2
                        || board.forms_compound(start, dir, len)
                        || (spread && board.runs_alongside(start, dir, len))
                    {
                        continue;
                    }
                    if let Some(drawn) = self.drawer.draw(
                        board,
                        patterns,
                        rng,
                        start,
                        dir,
                        len,
                        &fit.pattern,
                        WORDS_PER_SLOT,
                    ) {
                        self.picks.push(drawn);
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Lengths to try, nearest to `target` first, 3..=`longest`.
fn length_order(target: usize, longest: usize) -> Vec<usize> {
    let mut lens: Vec<usize> = (3..=longest.max(3)).collect();
    lens.sort_by_key(|&l| (l as isize - target as isize).unsigned_abs());
    lens.truncate(6);
    lens
}
