//! Drawing words so that exactly the solution word's cells stay free: sweep
//! the free cells in reading order; the first one is either kept for the
//! next solution letter or covered by a word through it. The sweep never
//! leaves stray holes behind, so the last words still find room, and a
//! depth-first search with a node budget backs out of dead ends.

use super::board::{Board, NONE};
use super::bundles::bundle_score;
use super::goals::{REPAIRABLE_BUNDLE, solution_blocks};
use super::patterns::Patterns;
use super::pick::{Drawer, direction_deficits};
use super::prepare::Problem;
use super::shares::direction_shares;
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::Direction;
use std::collections::BTreeSet;

/// Slots tried per cell before backing out.
const SLOTS_PER_CELL: usize = 10;
/// Words tried per slot.
const WORDS_PER_SLOT: usize = 3;
/// Score advantage of a slot in a direction short of its share. Larger
/// values balance directions better but make exact coverage much harder
/// (diagonal words fragment the free cells).
const SHARE_BONUS: i64 = 4;
/// Filled cells a slot may start before the cell it must cover.
const MAX_LEAD: usize = 2;
// The repair's numbers were chosen on the 86 long + 25 short German
// words (18×18, LEBENSLAUF) and the 200 German words on the 17×15 heart
// (MEERESGRUND), 12 seeds each (2026-11-29, twenty-second session).
/// Holes a repair tries, each around a random free cell of the near miss,
/// the words within one cell of it and within two taken out in turn.
/// Most refills fail within 300 nodes; the first value tried.
const REPAIR_HOLES: usize = 24;
/// Nodes the sweep may spend refilling one hole: long German kept 11 of
/// 12 at 1,000 or 2,000 nodes (with unlimited leads and 40 slots); 4,000
/// kept 11 too.
const REPAIR_NODES: u64 = 2_000;
/// Slots tried a cell while repairing: in a filled grid the few slots
/// through a hemmed-in cell that fit are not the best-scoring ten. Long
/// German, 12 seeds: 10 slots (leads of 2, as when sweeping) kept 10, 20
/// kept 11 and 40 kept 12 of 12 (with unlimited leads), 200 German 10 in
/// each; 8 seeds, 20 slots with leads up to 8: 6, up to 16: 7.
const REPAIR_SLOTS_PER_CELL: usize = 40;
/// Words a refilled hole may hold beyond those taken out: the first value
/// tried (a hole of short words may need one more).
const REPAIR_SLACK: usize = 2;

/// How a sweep ended.
pub(crate) enum Swept {
    Done,
    Failed,
    Budget,
    Stopped,
}

/// One sweep over the board.
pub(crate) struct Cover<'p> {
    drawer: Drawer<'p>,
    target_words: usize,
    /// Fewest words a finished sweep may hold (`target_words` but while
    /// repairing).
    fewest_words: usize,
    /// Filled cells a slot may start before its cell, and slots tried a
    /// cell: `MAX_LEAD` and `SLOTS_PER_CELL` but while repairing.
    max_lead: usize,
    slots_per_cell: usize,
    /// While repairing: whether the repaired layout must meet the
    /// direction shares of its word count (at a level that asks for them).
    repairing: Option<bool>,
    solution: &'p [u8],
    required: [usize; 8],
    longest_word: usize,
    nodes: u64,
    node_limit: u64,
    drawn: Vec<super::pick::Drawn>,
    runs: Vec<u16>,
    playable: usize,
}

/// A way to cover the current cell.
struct Slot {
    start: u16,
    dir: Direction,
    len: usize,
    pattern: super::board::Pattern,
    score: i64,
}

impl<'p> Cover<'p> {
    pub fn new(
        problem: &'p Problem,
        excluded: &'p BTreeSet<u32>,
        target_words: usize,
        required: [usize; 8],
    ) -> Self {
        let solution = problem.solution.as_deref().unwrap_or(&[]);
        let longest_word = problem.longest_line;
        Cover {
            drawer: Drawer::new(problem, excluded),
            target_words,
            fewest_words: target_words,
            max_lead: MAX_LEAD,
            slots_per_cell: SLOTS_PER_CELL,
            repairing: None,
            solution,
            required,
            longest_word,
            nodes: 0,
            node_limit: 0,
            drawn: Vec::new(),
            runs: Vec::new(),
            playable: problem.spec.mask.playable_count(),
        }
    }

    /// Sweeps with a node budget; on `Done` the board holds the words and
    /// the reserved solution cells, otherwise it is as it was.
    pub fn run(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        budget: u64,
    ) -> Swept {
        self.node_limit = self.nodes + budget;
        self.dfs(board, patterns, rng, limits, 0)
    }

    fn dfs(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        kept: usize,
    ) -> Swept {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Swept::Budget;
        }
        if limits.tick(Site::Cover).is_some() {
            return Swept::Stopped;
        }
        let words_left = self.target_words.saturating_sub(board.placements.len());
        let keep_left = self.solution.len() - kept;
        let Some((x, room)) = most_hemmed_in(board, &mut self.runs) else {
            return if keep_left == 0 && self.complete(board) {
                self.write_solution(board, patterns)
            } else {
                Swept::Failed
            };
        };
        // Free cells still to decide, and how many of them words must cover.
        let open = board.free - kept;
        if open < keep_left {
            return Swept::Failed;
        }
        let to_cover = open - keep_left;
        let deficits = direction_deficits(board, &self.required);
        // Shares are a preference here (the slot score), not a prune: exact
        // coverage with every share is often out of reach.
        // A cell with little room is kept for the solution first; otherwise
        // keep it with the probability that spreads the letters evenly.
        // Keeping must not run ahead of an even spread, or later holes find
        // no solution letter left.
        let even = self.solution.len() * (self.playable - open) / self.playable;
        let may_keep = kept < even + 3;
        // A pre-assigned letter rarely matches its place in the solution word,
        // so such cells are covered by words, never kept.
        let keepable = keep_left > 0 && board.preset[x as usize] == 0;
        let keep_first = keepable && may_keep && (room <= 2 || rng.below(open) < keep_left);
        for keep in [keep_first, !keep_first] {
            let outcome = if keep {
                if !keepable || !(may_keep || room <= 1) {
                    continue;
                }
                board.reserve(x, 0);
                let outcome = self.dfs(board, patterns, rng, limits, kept + 1);
                if matches!(outcome, Swept::Done) {
                    return outcome;
                }
                board.unreserve(x);
                outcome
            } else {
                if words_left == 0 {
                    continue;
                }
                self.cover_cell(
                    board,
                    patterns,
                    rng,
                    limits,
                    x,
                    kept,
                    to_cover.div_ceil(words_left),
                    &deficits,
                )
            };
            if !matches!(outcome, Swept::Failed) {
                return outcome;
            }
        }
        Swept::Failed
    }

    /// Makes a layout a few cells off the solution's count exact: the
    /// words around one of its free cells are taken out and the sweep
    /// covers the free cells again, within the word `bounds`; a few holes,
    /// each with a small node budget. On `Done` the board holds the
    /// repaired layout (the `near` words that stayed and the new ones),
    /// otherwise it is as it was.
    #[allow(clippy::too_many_arguments)]
    pub fn repair(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        near: &[(u32, u16, Direction)],
        (bounds, shares): ((usize, usize), bool),
    ) -> Swept {
        let geo = board.geo;
        let fixed = board.placements.len();
        let mut covered: Vec<bool> = (0..geo.cells() as u16)
            .map(|c| board.usage(c) > 0)
            .collect();
        for &(id, start, dir) in near {
            let len = self.drawer.problem.lex.codes(id as usize).len();
            for i in 0..len {
                covered[geo.walk(start, dir, i) as usize] = true;
            }
        }
        let free: Vec<u16> = (0..geo.cells() as u16)
            .filter(|&c| geo.playable[c as usize] && !covered[c as usize])
            .collect();
        if free.is_empty() {
            return Swept::Failed;
        }
        let (target, fewest, required) = (self.target_words, self.fewest_words, self.required);
        let mut outcome = Swept::Failed;
        for hole in 0..REPAIR_HOLES {
            let centre = free[rng.below(free.len())];
            let radius = 1 + hole % 2;
            let near_centre = |c: u16| geo.distance(c, centre) <= radius;
            let survivors: Vec<_> = near
                .iter()
                .filter(|&&(id, start, dir)| {
                    let len = self.drawer.problem.lex.codes(id as usize).len();
                    !(0..len).any(|i| near_centre(geo.walk(start, dir, i)))
                })
                .copied()
                .collect();
            if !self.replay(board, patterns, &survivors) {
                self.clear(board, patterns);
                return Swept::Failed;
            }
            self.target_words = (fixed + near.len() + REPAIR_SLACK).min(bounds.1);
            self.fewest_words = bounds.0;
            self.repairing = Some(shares);
            self.required =
                direction_shares(self.target_words, self.drawer.problem.spec.directions);
            self.max_lead = self.longest_word;
            self.slots_per_cell = REPAIR_SLOTS_PER_CELL;
            self.node_limit = self.nodes + REPAIR_NODES;
            outcome = self.dfs(board, patterns, rng, limits, 0);
            (self.target_words, self.fewest_words, self.required) = (target, fewest, required);
            self.repairing = None;
            (self.max_lead, self.slots_per_cell) = (MAX_LEAD, SLOTS_PER_CELL);
            if matches!(outcome, Swept::Done) {
                return outcome;
            }
            self.clear(board, patterns);
            if matches!(outcome, Swept::Stopped) {
                return outcome;
            }
        }
        outcome
    }

    /// Whether a board without open cells holds a finished layout: enough
    /// words, and while repairing one worth keeping.
    fn complete(&self, board: &Board) -> bool {
        board.placements.len() >= self.fewest_words
            && self
                .repairing
                .is_none_or(|shares| self.repaired_well(board, shares))
    }

    /// Whether a repaired layout is one worth keeping: no run of solution
    /// letters side by side (issue 34: never; the annealing that would
    /// mend one has spent its budget), no bundle beyond what a near miss
    /// may hold, and with `shares` every direction's share of its count.
    fn repaired_well(&self, board: &Board, shares: bool) -> bool {
        solution_blocks(board.geo, |c| board.is_reserved(c)) == 0
            && bundle_score(board.geo, &board.placements).0 <= REPAIRABLE_BUNDLE
            && (!shares || {
                let directions = self.drawer.problem.spec.directions;
                let required = direction_shares(board.placements.len(), directions);
                direction_deficits(board, &required).iter().all(|&d| d == 0)
            })
    }

    /// Lays the given words again, each where it was; false when one no
    /// longer fits (the words laid stay on the board).
    fn replay(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        words: &[(u32, u16, Direction)],
    ) -> bool {
        self.drawer.replay(board, patterns, words, &mut self.drawn)
    }

    /// Takes every drawn word and kept cell off the board again (after a
    /// `Done` whose grid could not be completed).
    pub fn clear(&mut self, board: &mut Board, patterns: &mut Patterns) {
        while let Some(drawn) = self.drawn.pop() {
            self.drawer.undo(drawn, board, patterns);
        }
        for c in 0..board.geo.cells() as u16 {
            if board.is_reserved(c) {
                board.unreserve(c);
            }
        }
    }

    /// Writes the solution letters into the kept cells in reading order;
    /// fails if they make a forbidden reading.
    fn write_solution(&self, board: &mut Board, patterns: &Patterns) -> Swept {
        let kept: Vec<u16> = (0..board.geo.cells() as u16)
            .filter(|&c| board.is_reserved(c))
            .collect();
        for (&c, &code) in kept.iter().zip(self.solution) {
            board.reserve_letter(c, code);
        }
        if patterns.lines_ok(board, &kept, None) {
            Swept::Done
        } else {
            for &c in &kept {
                board.reserve_letter(c, 0);
            }
            Swept::Failed
        }
    }

    /// Tries words through `x`, the best-scoring slots first.
    #[allow(clippy::too_many_arguments)]
    fn cover_cell(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        x: u16,
        kept: usize,
        pace: usize,
        deficits: &[usize; 8],
    ) -> Swept {
        let mut slots = self.slots_through(board, rng, x, pace, deficits);
        slots.sort_by_key(|s| s.score);
        slots.truncate(self.slots_per_cell);
        for slot in slots {
            let Some(drawn) = self.drawer.draw(
                board,
                patterns,
                rng,
                slot.start,
                slot.dir,
                slot.len,
                &slot.pattern,
                WORDS_PER_SLOT,
            ) else {
                continue;
            };
            self.drawn.push(drawn);
            let outcome = self.dfs(board, patterns, rng, limits, kept);
            if matches!(outcome, Swept::Done) {
                return outcome;
            }
            self.drawn.pop();
            self.drawer.undo(drawn, board, patterns);
            if !matches!(outcome, Swept::Failed) {
                return outcome;
            }
        }
        Swept::Failed
    }

    /// Every slot covering `x` along the four forward axes (read either way
    /// where enabled), starting at most `MAX_LEAD` filled cells before it.
    fn slots_through(
        &self,
        board: &Board,
        rng: &mut Rng,
        x: u16,
        pace: usize,
        deficits: &[usize; 8],
    ) -> Vec<Slot> {
        let geo = board.geo;
        let directions = self.drawer.problem.spec.directions;
        let mut slots = Vec::new();
        for axis in [Direction::E, Direction::S, Direction::SE, Direction::SW] {
            let free_before = free_run(board, x, axis.reverse());
            for lead in 0..=free_before + self.max_lead {
                let start = geo.walk(x, axis.reverse(), lead);
                if start == NONE || !geo.playable[start as usize] {
                    break;
                }
                for len in (lead + 2).max(3)..=self.longest_word {
                    let end = geo.walk(start, axis, len - 1);
                    if end == NONE || !geo.playable[end as usize] {
                        break;
                    }
                    for (s, dir) in [(start, axis), (end, axis.reverse())] {
                        if !directions.contains(dir) {
                            continue;
                        }
                        let Some(fit) = board.fit(s, dir, len, None) else {
                            continue;
                        };
                        // Short of the pace costs more than beyond it: holes
                        // later on need short words.
                        let new = fit.new_cells as i64;
                        let off_pace = if new < pace as i64 {
                            3 * (pace as i64 - new)
                        } else {
                            (new - pace as i64) / 2
                        };
                        let bonus = if deficits[dir.index()] > 0 {
                            SHARE_BONUS
                        } else {
                            0
                        };
                        slots.push(Slot {
                            start: s,
                            dir,
                            len,
                            pattern: fit.pattern,
                            score: 2 * off_pace - bonus + rng.below(5) as i64,
                        });
                    }
                }
            }
        }
        slots
    }
}

/// Free, unkept cells in a row from `cell` (exclusive) along `dir`.
fn free_run(board: &Board, cell: u16, dir: Direction) -> usize {
    let geo = board.geo;
    let mut n = 0;
    let mut c = geo.next[dir.index()][cell as usize];
    while c != NONE && geo.playable[c as usize] && board.usage(c) == 0 && !board.is_reserved(c) {
        n += 1;
        c = geo.next[dir.index()][c as usize];
    }
    n
}

/// The open cell with the least room: the shortest longest free line
/// through it (a pre-assigned letter counts as none); ties go to the first
/// in reading order. Returns the cell and its room. `scratch` is reused
/// between calls.
fn most_hemmed_in(board: &Board, scratch: &mut Vec<u16>) -> Option<(u16, usize)> {
    let geo = board.geo;
    let n = geo.cells();
    scratch.clear();
    scratch.resize(3 * n, 0);
    let (open, rest) = scratch.split_at_mut(n);
    let (runs, room) = rest.split_at_mut(n);
    for (c, o) in open.iter_mut().enumerate() {
        *o = u16::from(
            geo.playable[c] && board.usage(c as u16) == 0 && !board.is_reserved(c as u16),
        );
    }
    for axis in [Direction::E, Direction::S, Direction::SE, Direction::SW] {
        // Predecessors along the forward axes come earlier in reading order:
        // one pass forward counts the run so far, one pass back spreads each
        // run's full length over its cells.
        let back = &geo.next[axis.reverse().index()];
        let fwd = &geo.next[axis.index()];
        for c in 0..n {
            runs[c] = if open[c] == 0 {
                0
            } else if back[c] == NONE {
                1
            } else {
                1 + runs[back[c] as usize]
            };
        }
        for c in (0..n).rev() {
            if open[c] == 0 {
                continue;
            }
            let next = fwd[c];
            if next != NONE && open[next as usize] != 0 {
                runs[c] = runs[next as usize];
            }
            room[c] = room[c].max(runs[c]);
        }
    }
    // Pre-assigned letters first, while the grid around them is empty and
    // many words can take them.
    for c in 0..n {
        if open[c] != 0 && board.preset[c] != 0 {
            room[c] = 0;
        }
    }
    let mut best: Option<(u16, usize)> = None;
    let mut best_room = u16::MAX;
    for c in 0..n {
        if open[c] != 0 && room[c] < best_room {
            best_room = room[c];
            best = Some((c as u16, room[c] as usize));
        }
    }
    best
}
