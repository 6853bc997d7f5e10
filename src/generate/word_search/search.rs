//! Complete search for the must-use words: every candidate placement
//! precomputed, most-constrained word first, candidates of other words
//! struck out (with a trail for undo) after each placement, and pruning
//! ahead: every unplaced word keeps a candidate, the free-cell count can
//! still reach its target, and each direction can still get its share.

use super::board::{Board, Geometry};
use super::patterns::Patterns;
use super::prepare::Problem;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::generate::{Limits, Stop};
use crate::model::Direction;

/// Most `(candidate, letter)` entries kept for striking out (8 bytes each).
const MAX_COVER_ENTRIES: usize = 8_000_000;

/// Candidate entries struck out per step of [`Site::SearchScan`]: 256 at
/// 3.0–3.7 ns each (measured, see `Site::cost`) are about a µs, a unit.
pub(crate) const SCANS_PER_STEP: u64 = 256;

/// Candidate placements of the must-use words and, per cell, the candidates
/// covering it. Built once per generator.
pub(crate) struct Tables {
    cand_start: Vec<u16>,
    cand_dir: Vec<Direction>,
    /// The must word (index) of each candidate.
    cand_word: Vec<u16>,
    /// Candidate range per must word.
    ranges: Vec<(u32, u32)>,
    cover_off: Vec<u32>,
    /// `(candidate, letter)` for each cell.
    cover: Vec<(u32, u8)>,
}

impl Tables {
    /// Candidates of every must word; a word without any makes the request
    /// impossible, and the error says which.
    pub fn new(problem: &Problem) -> Result<Tables, String> {
        let geo = &problem.geo;
        let mut t = Tables {
            cand_start: Vec::new(),
            cand_dir: Vec::new(),
            cand_word: Vec::new(),
            ranges: Vec::new(),
            cover_off: Vec::new(),
            cover: Vec::new(),
        };
        let mut per_cell: Vec<Vec<(u32, u8)>> = vec![Vec::new(); geo.cells()];
        // On big grids with many words the per-cell lists would take
        // hundreds of megabytes; there the constraints are loose, so the
        // search does without striking out (every candidate is still checked
        // by `Board::fit` before it is used).
        let letters: usize = problem
            .must
            .iter()
            .map(|m| problem.lex.codes(m.id as usize).len())
            .sum();
        let strike_lists =
            letters * geo.cells() * problem.spec.directions.len() <= MAX_COVER_ENTRIES;
        for m in &problem.must {
            let codes = problem.lex.codes(m.id as usize);
            let first = t.cand_start.len() as u32;
            let slots: Vec<(u16, Direction)> = match m.fixed {
                Some(slot) => vec![slot],
                None => (0..geo.cells() as u16)
                    .flat_map(|c| problem.spec.directions.iter().map(move |d| (c, d)))
                    .collect(),
            };
            let mut cells = Vec::with_capacity(codes.len());
            for (start, dir) in slots {
                if !slot_cells(geo, start, dir, codes.len(), &mut cells) {
                    continue;
                }
                let fits_presets = cells.iter().zip(codes.iter()).all(|(&c, &code)| {
                    let p = problem.preset[c as usize];
                    p == 0 || p == code
                });
                if !fits_presets {
                    continue;
                }
                let id = t.cand_start.len() as u32;
                t.cand_start.push(start);
                t.cand_dir.push(dir);
                t.cand_word.push(t.ranges.len() as u16);
                if strike_lists {
                    for (&c, &code) in cells.iter().zip(codes.iter()) {
                        per_cell[c as usize].push((id, code));
                    }
                }
            }
            let last = t.cand_start.len() as u32;
            if first == last {
                let name = problem.printed(m.id);
                return Err(match m.fixed {
                    Some(_) => format!(
                        "the pre-assigned word {name:?} does not fit where it was put (it leaves the shape or clashes with a pre-assigned letter)"
                    ),
                    None => format!(
                        "the word {name:?} ({} letters) fits nowhere in the shape in the enabled directions{}",
                        codes.len(),
                        if problem.spec.letters.is_empty() {
                            ""
                        } else {
                            " with the pre-assigned letters"
                        }
                    ),
                });
            }
            t.ranges.push((first, last));
        }
        for cell in per_cell {
            t.cover_off.push(t.cover.len() as u32);
            t.cover.extend(cell);
        }
        t.cover_off.push(t.cover.len() as u32);
        Ok(t)
    }

    fn covering(&self, cell: u16) -> &[(u32, u8)] {
        &self.cover
            [self.cover_off[cell as usize] as usize..self.cover_off[cell as usize + 1] as usize]
    }
}

/// The cells of a slot into `cells`; false if one is not playable.
fn slot_cells(
    geo: &Geometry,
    start: u16,
    dir: Direction,
    len: usize,
    cells: &mut Vec<u16>,
) -> bool {
    cells.clear();
    let mut c = start;
    for i in 0..len {
        if i > 0 {
            c = geo.next[dir.index()][c as usize];
        }
        if c == super::board::NONE || !geo.playable[c as usize] {
            return false;
        }
        cells.push(c);
    }
    true
}

/// The range the number of free cells must end in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FreeTarget {
    pub min: usize,
    pub max: usize,
}

/// How one search run ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// All words placed and the leaf accepted; the board holds the result.
    Found,
    /// Every branch failed (a proof of impossibility when no leaf was rejected).
    Failed,
    /// The node budget of this restart ran out.
    NodeLimit,
    /// Deadline or cancel.
    Stopped(Stop),
}

/// The state of one search run.
pub(crate) struct Search<'p> {
    problem: &'p Problem,
    tables: &'p Tables,
    kill: Vec<u16>,
    alive: Vec<u32>,
    alive_dir: Vec<[u32; 8]>,
    trail: Vec<u32>,
    /// Candidate entries looked at by `strike` since the last charge: the
    /// search's real cost on large grids (see [`Site::SearchScan`]).
    scanned: u64,
    placed: Vec<bool>,
    unplaced: usize,
    dir_count: [usize; 8],
    /// Words each direction must get.
    pub required: [usize; 8],
    rem_len: usize,
    rem_min_new: usize,
    target: FreeTarget,
    pub nodes: u64,
    node_limit: u64,
    /// Leaves rejected by the leaf check (so a failure proves nothing).
    pub leaf_rejections: u64,
    /// The most words placed at once so far: `(lexicon id, start, dir)`.
    pub deepest: Vec<(u32, u16, Direction)>,
    scratch: Vec<Vec<u32>>,
    /// Per depth: candidates put off because they would form a compound.
    deferred: Vec<Vec<u32>>,
    new_cells: Vec<u16>,
}

impl<'p> Search<'p> {
    pub fn new(
        problem: &'p Problem,
        tables: &'p Tables,
        board: &Board,
        target: FreeTarget,
        required: [usize; 8],
    ) -> Self {
        let words = problem.must.len();
        let mut alive = vec![0; words];
        let mut alive_dir = vec![[0; 8]; words];
        for (w, &(a, b)) in tables.ranges.iter().enumerate() {
            alive[w] = b - a;
            for c in a..b {
                alive_dir[w][tables.cand_dir[c as usize].index()] += 1;
            }
        }
        let lens = problem
            .must
            .iter()
            .map(|m| problem.lex.codes(m.id as usize).len());
        Search {
            problem,
            tables,
            kill: vec![0; tables.cand_start.len()],
            alive,
            alive_dir,
            trail: Vec::new(),
            scanned: 0,
            placed: vec![false; words],
            unplaced: words,
            dir_count: [0; 8],
            required,
            rem_len: lens.clone().sum(),
            rem_min_new: lens.map(|l| l - board.max_overlap(l)).sum(),
            target,
            nodes: 0,
            node_limit: u64::MAX,
            leaf_rejections: 0,
            deepest: Vec::new(),
            scratch: vec![Vec::new(); words + 1],
            deferred: vec![Vec::new(); words + 1],
            new_cells: Vec::new(),
        }
    }

    /// Runs one restart with a node budget.
    pub fn run(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        node_budget: u64,
        leaf: &mut dyn FnMut(&mut Board, &mut Patterns, &mut Rng) -> bool,
    ) -> Outcome {
        self.node_limit = self.nodes + node_budget;
        if !self.feasible(board) {
            return Outcome::Failed;
        }
        self.dfs(0, board, patterns, rng, limits, leaf)
    }

    /// The complete search's recursion: the most constrained word, its
    /// places (short directions first, shuffled, compounds last), each
    /// placed, recursed into and undone.
    fn dfs(
        &mut self,
        depth: usize,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        leaf: &mut dyn FnMut(&mut Board, &mut Patterns, &mut Rng) -> bool,
    ) -> Outcome {
        if self.unplaced == 0 {
            if leaf(board, patterns, rng) {
                return Outcome::Found;
            }
            self.leaf_rejections += 1;
            return Outcome::Failed;
        }
        if let Some(out) = self.charge_node(limits) {
            return out;
        }
        let w = self.most_constrained();
        let (mut cands, short) = self.candidates(depth, w);
        let id = self.problem.must[w].id;
        let codes = self.problem.lex.codes(id as usize);
        let mut result = Outcome::Failed;
        // Placements that would read as one word with a neighbour are tried
        // last (a quality goal, so the search stays complete).
        let mut deferred = std::mem::take(&mut self.deferred[depth]);
        deferred.clear();
        let total = cands.len();
        for k in 0.. {
            let c = if k < total {
                self.draw(board, &mut cands, (k, short), rng, codes.len())
            } else if let Some(&c) = deferred.get(k - total) {
                c
            } else {
                break;
            };
            let (start, dir) = (
                self.tables.cand_start[c as usize],
                self.tables.cand_dir[c as usize],
            );
            if board.fit(start, dir, codes.len(), Some(codes)).is_none() {
                continue;
            }
            if k < total && board.forms_compound(start, dir, codes.len()) {
                deferred.push(c);
                continue;
            }
            // Every tried placement counts against the restart budget, so a
            // wide node cannot eat the time of many.
            self.nodes += 1;
            if self.nodes >= self.node_limit {
                result = Outcome::NodeLimit;
                break;
            }
            let Some(mark) = self.place(board, patterns, w, (id, codes), start, dir) else {
                continue;
            };
            let outcome = if self.feasible(board) {
                self.dfs(depth + 1, board, patterns, rng, limits, leaf)
            } else {
                Outcome::Failed
            };
            if outcome == Outcome::Found {
                result = outcome;
                break;
            }
            self.set_placed(w, dir, codes.len(), board, false);
            self.unstrike(mark);
            board.unplace();
            if outcome != Outcome::Failed {
                result = outcome;
                break;
            }
        }
        self.scratch[depth] = cands;
        self.deferred[depth] = deferred;
        result
    }

    /// Counts a node against the restart's budget and the work limits
    /// (with the candidate scans since the last); the outcome when either
    /// is spent.
    fn charge_node(&mut self, limits: &Limits) -> Option<Outcome> {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Some(Outcome::NodeLimit);
        }
        let scans = self.scanned / SCANS_PER_STEP;
        self.scanned %= SCANS_PER_STEP;
        limits
            .tick(Site::Search)
            .or_else(|| limits.charge(Site::SearchScan, scans))
            .map(Outcome::Stopped)
    }

    /// Word `w`'s live candidate placements (in the depth's scratch
    /// vector), those in directions still short of their share moved to
    /// the front; and how many those are.
    fn candidates(&mut self, depth: usize, w: usize) -> (Vec<u32>, usize) {
        let (a, b) = self.tables.ranges[w];
        let mut cands = std::mem::take(&mut self.scratch[depth]);
        cands.clear();
        cands.extend((a..b).filter(|&c| self.kill[c as usize] == 0));
        let mut short = 0;
        for i in 0..cands.len() {
            let d = self.tables.cand_dir[cands[i] as usize].index();
            if self.dir_count[d] < self.required[d] {
                cands.swap(i, short);
                short += 1;
            }
        }
        (cands, short)
    }

    /// Places word `w` (lexicon `id`, letter `codes`) at `start` along
    /// `dir` and strikes the placements it rules out; the trail mark to
    /// undo to. `None` (nothing placed) when it would add no cell or make
    /// a line read a word it must not.
    fn place(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        w: usize,
        (id, codes): (u32, &[u8]),
        start: u16,
        dir: Direction,
    ) -> Option<usize> {
        let mut new_cells = std::mem::take(&mut self.new_cells);
        board.place(id, codes, start, dir, &mut new_cells);
        let readable = !new_cells.is_empty() && patterns.lines_ok(board, &new_cells, Some(dir));
        if !readable {
            board.unplace();
            self.new_cells = new_cells;
            return None;
        }
        let mark = self.trail.len();
        self.strike(board, start, dir, codes.len(), &new_cells);
        self.new_cells = new_cells;
        self.set_placed(w, dir, codes.len(), board, true);
        if board.placements.len() > self.deepest.len() {
            self.deepest = board
                .placements
                .iter()
                .map(|p| (p.word, p.start, p.dir))
                .collect();
        }
        Some(mark)
    }

    /// The `k`-th candidate, drawn from the rest of its part (the first
    /// `short`, or the others). Shuffled lazily: a wide node that succeeds
    /// early draws few random numbers. Of two random candidates, the one
    /// in the emptier ninth of the grid first: words spread without a
    /// fixed order.
    fn draw(
        &self,
        board: &Board,
        cands: &mut [u32],
        (k, short): (usize, usize),
        rng: &mut Rng,
        len: usize,
    ) -> u32 {
        let end = if k < short { short } else { cands.len() };
        cands.swap(k, k + rng.below(end - k));
        let other = k + rng.below(end - k);
        if self.crowded(board, cands[other], len) < self.crowded(board, cands[k], len) {
            cands.swap(k, other);
        }
        cands[k]
    }

    fn crowded(&self, board: &Board, c: u32, len: usize) -> u16 {
        let c = c as usize;
        board.crowding(self.tables.cand_start[c], self.tables.cand_dir[c], len)
    }

    fn most_constrained(&self) -> usize {
        (0..self.placed.len())
            .filter(|&w| !self.placed[w])
            .min_by_key(|&w| {
                let len = self
                    .problem
                    .lex
                    .codes(self.problem.must[w].id as usize)
                    .len();
                (self.alive[w], usize::MAX - len)
            })
            .expect("an unplaced word")
    }

    fn set_placed(&mut self, w: usize, dir: Direction, len: usize, board: &Board, placed: bool) {
        let min_new = len - board.max_overlap(len);
        self.placed[w] = placed;
        if placed {
            self.unplaced -= 1;
            self.dir_count[dir.index()] += 1;
            self.rem_len -= len;
            self.rem_min_new -= min_new;
        } else {
            self.unplaced += 1;
            self.dir_count[dir.index()] -= 1;
            self.rem_len += len;
            self.rem_min_new += min_new;
        }
    }

    /// Strikes out candidates that clash with the new letters or use a cell
    /// that is now full.
    fn strike(&mut self, board: &Board, start: u16, dir: Direction, len: usize, new_cells: &[u16]) {
        let tables = self.tables;
        let full = self.problem.spec.rules.max_words_per_cell.max(1);
        let mut cell = start;
        for i in 0..len {
            if i > 0 {
                cell = board.geo.next[dir.index()][cell as usize];
            }
            let letter = board.letter[cell as usize];
            let is_new = new_cells.contains(&cell);
            let is_full = board.usage(cell) >= full;
            let covering = tables.covering(cell);
            self.scanned += covering.len() as u64;
            for &(c, l) in covering {
                if is_full || (is_new && l != letter) {
                    self.kill_one(c);
                }
            }
        }
    }

    fn kill_one(&mut self, c: u32) {
        let k = &mut self.kill[c as usize];
        *k += 1;
        if *k == 1 {
            let w = self.word_of(c);
            self.alive[w] -= 1;
            self.alive_dir[w][self.tables.cand_dir[c as usize].index()] -= 1;
        }
        self.trail.push(c);
    }

    fn unstrike(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let c = self.trail.pop().unwrap();
            let k = &mut self.kill[c as usize];
            *k -= 1;
            if *k == 0 {
                let w = self.word_of(c);
                self.alive[w] += 1;
                self.alive_dir[w][self.tables.cand_dir[c as usize].index()] += 1;
            }
        }
    }

    fn word_of(&self, c: u32) -> usize {
        self.tables.cand_word[c as usize] as usize
    }

    /// Pruning ahead of the search.
    fn feasible(&self, board: &Board) -> bool {
        let free = board.free;
        // Free cells at the end lie in [free - rem_len, free - rem_min_new].
        if free < self.rem_min_new || free - self.rem_min_new < self.target.min {
            return false;
        }
        if free.saturating_sub(self.rem_len) > self.target.max {
            return false;
        }
        let mut need_total = 0;
        for d in 0..8 {
            let need = self.required[d].saturating_sub(self.dir_count[d]);
            if need == 0 {
                continue;
            }
            need_total += need;
            let able = (0..self.placed.len())
                .filter(|&w| !self.placed[w] && self.alive_dir[w][d] > 0)
                .count();
            if able < need {
                return false;
            }
        }
        if need_total > self.unplaced {
            return false;
        }
        (0..self.placed.len()).all(|w| self.placed[w] || self.alive[w] > 0)
    }
}
