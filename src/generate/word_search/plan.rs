//! Planned layouts for solution-word grids: first the open cells are
//! tiled by word slots — diagonal fans in the corners, then rows and columns
//! in reading order, each row or column crossing a diagonal at most once —
//! so that exactly the solution's cells are left over and every direction
//! gets its share of slots; then words are drawn into the slots. Diagonal
//! words chosen cell by cell cut the free space into pockets; in a fan they
//! lie side by side and cut nothing.

use super::board::{Board, Geometry, NONE};
use super::cover::Swept;
use super::patterns::Patterns;
use super::pick::{Drawer, Drawn, direction_deficits};
use super::prepare::Problem;
use super::shares::direction_shares;
use super::sketch::Sketcher;
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::Direction;
use std::collections::BTreeSet;

/// Tiling nodes one plan may take before a new plan is tried.
const PLAN_NODES: u64 = 100;
/// Score for a slot that runs to the end of its line (bonus) or leaves a
/// few cells too short for a word behind (penalty).
const TAIL_COST: i64 = 20;
/// Score advantage of a slot along an axis short of its share.
const NEED_BONUS: i64 = 10;
/// Slots tried per open cell of the tiling.
const SLOTS_PER_CELL: usize = 4;
/// Times a slot's word is redrawn before the fill backs out.
const DRAWS_PER_SLOT: usize = 3;
/// Words tried per draw.
const WORDS_PER_DRAW: usize = 4;
/// Matches looked at when checking that a crossing slot can still be
/// filled.
const LOOKAHEAD_MATCHES: usize = 16;
/// Sketches (see `sketch`) a planner tries before tiling, when the
/// vocabularies are large enough (see `SKETCH_VOCABULARY`): the 70k German
/// `--pick 40`, seeds 1–6, one sketch: 4 of 6 seeds sketched (bundle 5),
/// two fell back to the tiling (bundles 13 and 15).
pub(super) const SKETCHES: usize = 2;
/// Vocabularies from this many words get sketched plans. Theme lists keep
/// the tiling (and the annealing of their layouts): with about 17 words a
/// length no crossing leaves a slot words to choose from, and the sketches
/// of 86 long + 25 short German words stayed 7–32 cells off.
const SKETCH_VOCABULARY: usize = 300;
/// Draws one fill may take.
const FILL_DRAWS: usize = 400;
/// Slots a complete tiling may have beyond the target (merged afterwards).
const MAX_MERGES: usize = 2;
/// Rows or columns that may cross one diagonal of a fan.
const CROSSINGS_PER_DIAGONAL: u8 = 2;

const OPEN: u8 = 0;
const TAKEN: u8 = 1;
const KEPT: u8 = 2;
const BLOCKED: u8 = 3;

/// A slot of the plan: `len` cells from `start` along `axis` (E, S, SE or
/// SW — the first cell in reading order comes first).
#[derive(Clone, Copy, Debug)]
struct PlanSlot {
    start: u16,
    axis: Direction,
    len: u8,
    /// Rows or columns crossing this slot (fans only).
    crossed_by: u8,
    /// Whether it crosses a fan diagonal.
    crosses: bool,
}

/// Plans layouts and fills them with words.
pub(crate) struct Planner<'p> {
    drawer: Drawer<'p>,
    target_words: usize,
    required: [usize; 8],
    /// `lengths[len]`: some vocabulary has words of `len` letters.
    lengths: Vec<bool>,
    min_len: usize,
    max_len: usize,
    /// Whether the rules let two words share a cell.
    may_cross: bool,
    /// Per cell: `OPEN`, `TAKEN` (by a slot), `KEPT` (solution) or `BLOCKED`.
    state: Vec<u8>,
    /// For a taken cell: the fan slot covering it, or `NONE`.
    fan_slot: Vec<u16>,
    /// Taken cells a row or column crosses (now used by two slots).
    crossed: Vec<bool>,
    slots: Vec<PlanSlot>,
    /// Cells kept for the solution, in reading order once a plan is done.
    kept: Vec<u16>,
    /// Open cells left.
    open: usize,
    nodes: u64,
    /// DP scratch for the coverable-cell count.
    scratch: Vec<u16>,
    drawn: Vec<Drawn>,
    draws: usize,
    /// Slots the plan must end with, and how many of them are fans.
    target: usize,
    fans: usize,
    /// Rows and columns the shares still need.
    axis_need: [usize; 2],
    /// Complete plans whose slots the words could not fill.
    pub failed_fills: u64,
    /// Scratch: which cells a row or column may cross right now.
    crossable_now: Vec<bool>,
    /// Words per length the vocabularies offer (for sketches).
    length_counts: Vec<usize>,
    /// Whether plans are sketched first (see `SKETCHES`).
    sketches: bool,
    /// Per slot of a sketched plan, the slots crossing it: a word drawn
    /// must leave each of them a word to match (none for tiled plans).
    crossers: Vec<Vec<usize>>,
}

impl<'p> Planner<'p> {
    pub fn new(
        problem: &'p Problem,
        excluded: &'p BTreeSet<u32>,
        target_words: usize,
        required: [usize; 8],
    ) -> Self {
        let longest = problem.longest_line.min(63);
        let lengths: Vec<bool> = (0..=longest)
            .map(|l| l >= 2 && problem.pools.iter().any(|p| p.has_len(l)))
            .collect();
        let min_len = lengths.iter().position(|&b| b).unwrap_or(usize::MAX);
        let max_len = lengths.iter().rposition(|&b| b).unwrap_or(0);
        Planner {
            drawer: Drawer::new(problem, excluded),
            target_words,
            required,
            lengths,
            min_len,
            max_len,
            may_cross: problem.spec.rules.max_words_per_cell >= 2,
            state: Vec::new(),
            fan_slot: Vec::new(),
            crossed: Vec::new(),
            slots: Vec::new(),
            kept: Vec::new(),
            open: 0,
            nodes: 0,
            scratch: Vec::new(),
            drawn: Vec::new(),
            draws: 0,
            target: 0,
            fans: 0,
            axis_need: [0; 2],
            crossable_now: Vec::new(),
            failed_fills: 0,
            crossers: Vec::new(),
            sketches: problem.pools.iter().map(|p| p.all.len()).sum::<usize>() > SKETCH_VOCABULARY,
            length_counts: {
                let mut counts = vec![0; longest + 1];
                for pool in &problem.pools {
                    for &id in &pool.all {
                        let len = problem.lex.codes(id as usize).len();
                        if len <= longest && !excluded.contains(&id) {
                            counts[len] += 1;
                        }
                    }
                }
                counts
            },
        }
    }

    /// Whether the first plans are sketched (see `SKETCH_VOCABULARY`).
    pub fn sketches(&self) -> bool {
        self.sketches
    }

    /// Tries `sketches` sketched plans (at most `SKETCHES`) and nothing
    /// else; the caller compares the puzzle with the one it has.
    pub fn run_sketches(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        sketches: usize,
    ) -> Swept {
        self.run(board, patterns, rng, limits, sketches, sketches as u64)
    }

    /// Makes a plan by sketching (see `sketch`): the slots and the cells
    /// kept for the solution; false if the sketch found none.
    fn sketch(&mut self, board: &Board, rng: &mut Rng, limits: &Limits, keep: usize) -> bool {
        let problem = self.drawer.problem;
        let geo = board.geo;
        let open: Vec<bool> = (0..geo.cells())
            .map(|c| {
                let cell = c as u16;
                geo.playable[c] && board.usage(cell) == 0 && !board.is_reserved(cell)
            })
            .collect();
        let placed = board.placements.len();
        let (min, max) = problem.word_bounds;
        let rules = &problem.spec.rules;
        let sketcher = Sketcher::new(
            geo,
            &self.length_counts,
            problem.spec.directions,
            (min.saturating_sub(placed), max.saturating_sub(placed)),
            (
                rules
                    .max_words_per_cell
                    .clamp(1, super::board::MAX_USAGE as u8),
                (0..=64).map(|l| rules.max_overlaps(l) as u8).collect(),
            ),
        );
        let Some(sketch) = sketcher.run(&open, keep, rng, limits) else {
            return false;
        };
        let mut usage = vec![0u8; geo.cells()];
        for slot in &sketch.slots {
            for i in 0..slot.len as usize {
                usage[geo.walk(slot.start, slot.axis(), i) as usize] += 1;
            }
        }
        self.slots = sketch
            .slots
            .iter()
            .map(|slot| PlanSlot {
                start: slot.start,
                axis: slot.axis(),
                len: slot.len,
                crossed_by: 0,
                crosses: (0..slot.len as usize)
                    .any(|i| usage[geo.walk(slot.start, slot.axis(), i) as usize] > 1),
            })
            .collect();
        self.kept = sketch.free;
        let cells: Vec<Vec<u16>> = self
            .slots
            .iter()
            .map(|s| {
                (0..s.len as usize)
                    .map(|i| geo.walk(s.start, s.axis, i))
                    .collect()
            })
            .collect();
        self.crossers = (0..cells.len())
            .map(|i| {
                (0..cells.len())
                    .filter(|&j| j != i && cells[i].iter().any(|c| cells[j].contains(c)))
                    .collect()
            })
            .collect();
        self.required = direction_shares(placed + self.slots.len(), problem.spec.directions);
        true
    }

    /// Tries up to `plans` layouts, stopping after `fills` complete plans
    /// the words could not fill; on `Done` the board holds the words and
    /// the solution letters, otherwise it is as it was.
    pub fn run(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        plans: usize,
        fills: u64,
    ) -> Swept {
        let failed_before = self.failed_fills;
        let solution = self.drawer.problem.solution.clone().unwrap_or_default();
        if self.min_len > self.max_len {
            return Swept::Failed;
        }
        for attempt in 0..plans {
            if limits.tick(Site::Plan).is_some() {
                return Swept::Stopped;
            }
            // The last quarter of the attempts asks for fewer diagonals
            // (the report then says which share is short).
            let late = (4 * attempt).saturating_sub(3 * plans) * 4 / plans.max(1);
            let quarters = 4 - late.min(4);
            let sketching = self.sketches && attempt < SKETCHES;
            let saved = self.required;
            self.crossers.clear();
            let planned = if sketching {
                self.sketch(board, rng, limits, solution.len())
            } else {
                self.plan(board, rng, solution.len(), quarters)
            };
            limits.charge(Site::PlanNode, self.nodes);
            if planned {
                let filled = self.fill(board, patterns, rng, &solution);
                self.required = saved;
                limits.charge(Site::PlanDraw, self.draws as u64);
                if filled {
                    return Swept::Done;
                }
                self.failed_fills += 1;
                if self.failed_fills - failed_before >= fills {
                    break;
                }
            }
        }
        Swept::Failed
    }

    /// Takes every drawn word and kept cell off the board again.
    pub fn clear(&mut self, board: &mut Board, patterns: &mut Patterns) {
        while let Some(drawn) = self.drawn.pop() {
            self.drawer.undo(drawn, board, patterns);
        }
        for &c in &self.kept {
            if board.is_reserved(c) {
                board.unreserve(c);
            }
        }
    }

    // ----- the tiling -----

    /// Makes a plan: fans (`quarters`/4 of the diagonals the shares want),
    /// then rows and columns. False if this attempt found none.
    fn plan(&mut self, board: &Board, rng: &mut Rng, keep: usize, quarters: usize) -> bool {
        let geo = board.geo;
        let n = geo.cells();
        self.state.clear();
        self.state.extend((0..n).map(|c| {
            let cell = c as u16;
            if geo.playable[c] && board.usage(cell) == 0 && !board.is_reserved(cell) {
                OPEN
            } else {
                BLOCKED
            }
        }));
        self.open = self.state.iter().filter(|s| **s == OPEN).count();
        self.fan_slot.clear();
        self.fan_slot.resize(n, NONE);
        self.crossed.clear();
        self.crossed.resize(n, false);
        self.slots.clear();
        self.kept.clear();

        let deficits = direction_deficits(board, &self.required);
        let words_left = self.target_words.saturating_sub(board.placements.len());
        let axis_need = |a: Direction| deficits[a.index()] + deficits[a.reverse().index()];
        for axis in [Direction::SE, Direction::SW] {
            let need = (axis_need(axis) * quarters).div_ceil(4);
            if need > 0 && !self.place_fans(board, rng, axis, need) {
                return false;
            }
        }
        if self.slots.len() > words_left {
            return false;
        }
        let directions = self.drawer.problem.spec.directions;
        let usable = |a: Direction| directions.contains(a) || directions.contains(a.reverse());
        let axes = [usable(Direction::E), usable(Direction::S)];
        let need = [axis_need(Direction::E), axis_need(Direction::S)];
        self.axis_need = need;
        self.nodes = 0;
        self.target = words_left;
        self.fans = self.slots.len();
        self.tile(board, rng, 0, words_left - self.fans, keep, need, axes)
    }

    /// At a complete tiling: brings the slot count to the target, or leaves
    /// the tiling as it was and says no.
    fn adjust_or_undo(&mut self, board: &Board, rng: &mut Rng, keep_left: usize) -> bool {
        let slots = self.slots.clone();
        let crossed = self.crossed.clone();
        let state = self.state.clone();
        let kept = self.kept.len();
        if self.shorten(board, rng, keep_left) && self.adjust(board, rng) {
            self.kept.sort_unstable();
            return true;
        }
        self.slots = slots;
        self.crossed = crossed;
        self.state = state;
        self.kept.truncate(kept);
        false
    }

    /// Keeps `count` more cells by taking them off the ends of rows and
    /// columns that stay long enough.
    fn shorten(&mut self, board: &Board, rng: &mut Rng, count: usize) -> bool {
        let geo = board.geo;
        for _ in 0..count {
            let mut ends: Vec<(usize, bool)> = Vec::new();
            for i in self.fans..self.slots.len() {
                let s = self.slots[i];
                let len = s.len as usize - 1;
                if len < self.min_len
                    || !self.lengths[len]
                    || usize::from(s.crosses) > board.max_overlap(len)
                {
                    continue;
                }
                for at_start in [true, false] {
                    let c = if at_start {
                        s.start
                    } else {
                        geo.walk(s.start, s.axis, len)
                    } as usize;
                    if self.fan_slot[c] == NONE && board.preset[c] == 0 {
                        ends.push((i, at_start));
                    }
                }
            }
            if ends.is_empty() {
                return false;
            }
            let (i, at_start) = ends[rng.below(ends.len())];
            let s = &mut self.slots[i];
            let c = if at_start {
                let c = s.start;
                s.start = geo.walk(c, s.axis, 1);
                c
            } else {
                geo.walk(s.start, s.axis, s.len as usize - 1)
            };
            s.len -= 1;
            self.state[c as usize] = KEPT;
            self.kept.push(c);
        }
        true
    }

    /// Merges neighbouring collinear rows or columns, or splits long ones,
    /// until the plan has `target` slots; the shares stay met.
    fn adjust(&mut self, board: &Board, rng: &mut Rng) -> bool {
        let target = self.target;
        while self.slots.len() != target {
            let count = |axis| self.slots.iter().filter(|s| s.axis == axis).count();
            let spare = [
                count(Direction::E) > self.axis_need[0],
                count(Direction::S) > self.axis_need[1],
            ];
            let adjusted = if self.slots.len() > target {
                self.merge_two(board, rng, spare)
            } else {
                self.split_one(board, rng)
            };
            if !adjusted {
                return false;
            }
        }
        true
    }

    /// Merges two slots of an axis with slots to spare that meet end to
    /// end (or across one crossable cell) into one of a listed length,
    /// chosen at random; false when no two do.
    fn merge_two(&mut self, board: &Board, rng: &mut Rng, spare: [bool; 2]) -> bool {
        let (geo, fans) = (board.geo, self.fans);
        // (i, j, crossing cell between them or NONE)
        let mut merges: Vec<(usize, usize, u16)> = Vec::new();
        for i in fans..self.slots.len() {
            let a = self.slots[i];
            if !spare[usize::from(a.axis == Direction::S)] {
                continue;
            }
            let after = geo.walk(a.start, a.axis, a.len as usize);
            if after == NONE {
                continue;
            }
            let through = if !a.crosses && self.crossable(board, after) {
                geo.walk(after, a.axis, 1)
            } else {
                NONE
            };
            for j in fans..self.slots.len() {
                let b = &self.slots[j];
                if b.axis != a.axis {
                    continue;
                }
                let (gap, via) = if b.start == after {
                    (0, NONE)
                } else if through != NONE && b.start == through && !b.crosses {
                    (1, after)
                } else {
                    continue;
                };
                let len = (a.len + b.len) as usize + gap;
                if len <= self.max_len && self.lengths[len] {
                    merges.push((i, j, via));
                }
            }
        }
        if merges.is_empty() {
            return false;
        }
        let (i, j, via) = merges[rng.below(merges.len())];
        let b = self.slots[j];
        let a = &mut self.slots[i];
        a.len += b.len + u8::from(via != NONE);
        a.crosses |= b.crosses || via != NONE;
        if via != NONE {
            self.crossed[via as usize] = true;
            self.slots[self.fan_slot[via as usize] as usize].crossed_by += 1;
        }
        self.slots.remove(j);
        true
    }

    /// Splits a slot into two of listed lengths, chosen at random; false
    /// when none can be.
    fn split_one(&mut self, board: &Board, rng: &mut Rng) -> bool {
        let geo = board.geo;
        let mut candidates: Vec<(usize, usize)> = Vec::new();
        for i in self.fans..self.slots.len() {
            let len = self.slots[i].len as usize;
            for first in self.min_len..len.saturating_sub(self.min_len) + 1 {
                if self.lengths[first] && self.lengths[len - first] {
                    candidates.push((i, first));
                }
            }
        }
        if candidates.is_empty() {
            return false;
        }
        let (i, first) = candidates[rng.below(candidates.len())];
        let a = self.slots[i];
        let second = geo.walk(a.start, a.axis, first);
        let crosses_in = |start: u16, len: usize| {
            (0..len).any(|k| {
                let c = geo.walk(start, a.axis, k) as usize;
                self.fan_slot[c] != NONE
            })
        };
        let head = PlanSlot {
            len: first as u8,
            crosses: crosses_in(a.start, first),
            ..a
        };
        let tail = PlanSlot {
            start: second,
            len: a.len - first as u8,
            crosses: crosses_in(second, a.len as usize - first),
            ..a
        };
        self.slots[i] = head;
        self.slots.push(tail);
        true
    }

    /// Lays `need` diagonals along `axis` side by side from one or both
    /// corner ends of its lines.
    fn place_fans(&mut self, board: &Board, rng: &mut Rng, axis: Direction, need: usize) -> bool {
        let geo = board.geo;
        let height = geo.cells() / geo.width;
        // Runs of open cells along the axis, ordered across the lines.
        let back = axis.reverse();
        let mut runs: Vec<(usize, u16, usize)> = Vec::new();
        for c in 0..geo.cells() {
            if self.state[c] != OPEN {
                continue;
            }
            let prev = geo.next[back.index()][c];
            if prev != NONE && self.state[prev as usize] == OPEN {
                continue;
            }
            let mut len = 0;
            let mut x = c as u16;
            while x != NONE && self.state[x as usize] == OPEN {
                len += 1;
                x = geo.next[axis.index()][x as usize];
            }
            let p = geo.pos(c as u16);
            let line = if axis == Direction::SE {
                p.col + height - p.row
            } else {
                p.row + p.col
            };
            runs.push((line, c as u16, len));
        }
        runs.sort_unstable();
        let split = match rng.below(3) {
            0 => [need, 0],
            1 => [0, need],
            _ => [need / 2, need - need / 2],
        };
        for (end, &count) in split.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let ordered: Vec<(usize, u16, usize)> = if end == 0 {
                runs.clone()
            } else {
                runs.iter().rev().copied().collect()
            };
            // Skip the corner's short lines and sometimes one more.
            let mut skip = rng.below(3);
            let mut taken = 0;
            for &(_, start, len) in &ordered {
                if taken == count {
                    break;
                }
                if len < self.min_len || !self.lengths.get(len).copied().unwrap_or(false) {
                    if taken > 0 {
                        return false;
                    }
                    continue;
                }
                if skip > 0 && taken == 0 {
                    skip -= 1;
                    continue;
                }
                // Fans at both ends may meet in a small grid.
                if !self.cells_open(geo, start, axis, len) {
                    return false;
                }
                self.take_fan(geo, start, axis, len);
                taken += 1;
            }
            if taken < count {
                return false;
            }
        }
        true
    }

    fn cells_open(&self, geo: &Geometry, start: u16, axis: Direction, len: usize) -> bool {
        let mut x = start;
        for _ in 0..len {
            if x == NONE || self.state[x as usize] != OPEN {
                return false;
            }
            x = geo.next[axis.index()][x as usize];
        }
        true
    }

    fn take_fan(&mut self, geo: &Geometry, start: u16, axis: Direction, len: usize) {
        let index = self.slots.len() as u16;
        let mut x = start;
        for _ in 0..len {
            self.state[x as usize] = TAKEN;
            self.fan_slot[x as usize] = index;
            x = geo.next[axis.index()][x as usize];
        }
        self.open -= len;
        self.slots.push(PlanSlot {
            start,
            axis,
            len: len as u8,
            crossed_by: 0,
            crosses: false,
        });
    }

    /// Whether a row or column may cross the taken cell `x`.
    fn crossable(&self, board: &Board, x: u16) -> bool {
        let c = x as usize;
        if !self.may_cross || self.state[c] != TAKEN || self.crossed[c] {
            return false;
        }
        let f = self.fan_slot[c];
        if f == NONE {
            return false;
        }
        let fan = &self.slots[f as usize];
        fan.crossed_by < CROSSINGS_PER_DIAGONAL.min(board.max_overlap(fan.len as usize) as u8)
    }

    /// The tiling search in reading order: the first open cell is kept for
    /// the solution or starts a row or column slot (which may begin on a
    /// fan cell just before it).
    #[allow(clippy::too_many_arguments)]
    fn tile(
        &mut self,
        board: &Board,
        rng: &mut Rng,
        from: usize,
        words_left: usize,
        keep_left: usize,
        need: [usize; 2],
        axes: [bool; 2],
    ) -> bool {
        self.nodes += 1;
        if self.nodes > PLAN_NODES {
            return false;
        }
        if self.slots.len() > self.target + MAX_MERGES {
            return false;
        }
        let geo = board.geo;
        let Some(x) = (from..geo.cells()).find(|&c| self.state[c] == OPEN) else {
            return need == [0, 0] && self.adjust_or_undo(board, rng, keep_left);
        };
        let x16 = x as u16;
        let to_cover = self.open.saturating_sub(keep_left);
        if self.open < keep_left {
            return false;
        }
        let doomed = self.doomed(board, x, axes);
        if doomed.0 > keep_left || doomed.1 {
            return false;
        }
        let keepable = keep_left > 0 && board.preset[x] == 0;
        // Options: slots from x along E and S, scored by pace.
        let pace = if words_left > 0 {
            to_cover as f32 / words_left as f32
        } else {
            self.max_len as f32
        };
        let mut options = self.slot_options(board, rng, x16, pace, need, axes);
        options.sort_by_key(|o| o.0);
        options.truncate(SLOTS_PER_CELL);
        // Keep x when no slot can cover it, otherwise with the chance that
        // spreads the solution letters the doomed cells leave over.
        let voluntary = keep_left.saturating_sub(doomed.0);
        let keep_first = keepable
            && (doomed.2
                || options.is_empty()
                || (voluntary > 0 && rng.below(self.open - doomed.0) < voluntary));
        for keep in [keep_first, !keep_first] {
            if keep {
                if !keepable {
                    continue;
                }
                self.state[x] = KEPT;
                self.open -= 1;
                self.kept.push(x16);
                if self.tile(board, rng, x + 1, words_left, keep_left - 1, need, axes) {
                    return true;
                }
                self.kept.pop();
                self.open += 1;
                self.state[x] = OPEN;
            } else if self
                .tile_with_slots(board, rng, x, &options, words_left, keep_left, need, axes)
            {
                return true;
            } else if self.nodes > PLAN_NODES {
                return false;
            }
        }
        false
    }

    /// Covers the open cell `x` with each option in turn and tiles on.
    #[allow(clippy::too_many_arguments)]
    fn tile_with_slots(
        &mut self,
        board: &Board,
        rng: &mut Rng,
        x: usize,
        options: &[(i64, usize, bool, usize)],
        words_left: usize,
        keep_left: usize,
        need: [usize; 2],
        axes: [bool; 2],
    ) -> bool {
        let geo = board.geo;
        for &(_, a, lead, len) in options {
            let axis = [Direction::E, Direction::S][a];
            let start = if lead {
                geo.next[axis.reverse().index()][x]
            } else {
                x as u16
            };
            self.take_slot(geo, start, axis, len);
            let mut need_after = need;
            need_after[a] = need_after[a].saturating_sub(1);
            if self.tile(
                board,
                rng,
                x + 1,
                words_left.saturating_sub(1),
                keep_left,
                need_after,
                axes,
            ) {
                return true;
            }
            self.untake_slot(geo);
            if self.nodes > PLAN_NODES {
                return false;
            }
        }
        false
    }

    /// The slots that may cover the open cell `x`: along E and S (an axis
    /// the tiling still needs is favoured), starting at `x` or on a
    /// crossable fan cell just before it, each scored by how near its new
    /// cells come to the pace and what it leaves behind on its line;
    /// lowest score first after sorting.
    fn slot_options(
        &self,
        board: &Board,
        rng: &mut Rng,
        x16: u16,
        pace: f32,
        need: [usize; 2],
        axes: [bool; 2],
    ) -> Vec<(i64, usize, bool, usize)> {
        let geo = board.geo;
        let x = x16 as usize;
        let mut options: Vec<(i64, usize, bool, usize)> = Vec::new();
        for (a, axis) in [Direction::E, Direction::S].into_iter().enumerate() {
            if !axes[a] {
                continue;
            }
            let prev = geo.next[axis.reverse().index()][x];
            let leads: &[bool] = if prev != NONE && self.crossable(board, prev) {
                &[false, true]
            } else {
                &[false]
            };
            for &lead in leads {
                let mut crossings = usize::from(lead);
                let mut new = 0;
                let mut len = usize::from(lead);
                let mut c = x16;
                while c != NONE && len < self.max_len {
                    if self.state[c as usize] == OPEN {
                        new += 1;
                    } else if crossings == 0 && self.crossable(board, c) {
                        crossings += 1;
                    } else {
                        break;
                    }
                    len += 1;
                    c = geo.next[axis.index()][c as usize];
                    if !self.lengths[len] || crossings > board.max_overlap(len) {
                        continue;
                    }
                    let off = new as f32 - pace;
                    // Short of the pace costs more than beyond it: a
                    // tiling with too few slots is split afterwards,
                    // one with too many can rarely be merged.
                    let cost = if off < 0.0 { -off } else { off / 10.0 };
                    let bonus = if need[a] > 0 { NEED_BONUS } else { 0 };
                    // Cells left behind on the line: none is best, a
                    // few too short for a word are worst.
                    let mut tail = 0;
                    let mut t = c;
                    while t != NONE && self.state[t as usize] == OPEN && tail < self.min_len {
                        tail += 1;
                        t = geo.next[axis.index()][t as usize];
                    }
                    let tail_cost = match tail {
                        0 => -TAIL_COST,
                        t if t < self.min_len => TAIL_COST,
                        _ => 0,
                    };
                    let score = (cost * 2.0) as i64 - bonus + tail_cost + rng.below(6) as i64;
                    options.push((score, a, lead, len));
                }
            }
        }
        options
    }

    fn take_slot(&mut self, geo: &Geometry, start: u16, axis: Direction, len: usize) {
        let mut crosses = false;
        let mut x = start;
        for _ in 0..len {
            let c = x as usize;
            if self.state[c] == OPEN {
                self.state[c] = TAKEN;
                self.open -= 1;
            } else {
                self.crossed[c] = true;
                self.slots[self.fan_slot[c] as usize].crossed_by += 1;
                crosses = true;
            }
            x = geo.next[axis.index()][c];
        }
        self.slots.push(PlanSlot {
            start,
            axis,
            len: len as u8,
            crossed_by: 0,
            crosses,
        });
    }

    fn untake_slot(&mut self, geo: &Geometry) {
        let slot = self.slots.pop().expect("a slot");
        let mut x = slot.start;
        for _ in 0..slot.len {
            let c = x as usize;
            if self.crossed[c] && self.fan_slot[c] != NONE {
                self.crossed[c] = false;
                self.slots[self.fan_slot[c] as usize].crossed_by -= 1;
            } else {
                self.state[c] = OPEN;
                self.open += 1;
            }
            x = geo.next[slot.axis.index()][c];
        }
    }

    /// Open cells from `from` on that no row or column can cover any more
    /// (they must be kept), whether such a cell has a pre-assigned letter,
    /// and whether `from` itself is one.
    fn doomed(&mut self, board: &Board, from: usize, axes: [bool; 2]) -> (usize, bool, bool) {
        let geo = board.geo;
        let n = geo.cells();
        let mut crossable = std::mem::take(&mut self.crossable_now);
        crossable.clear();
        crossable.extend((0..n).map(|c| self.crossable(board, c as u16)));
        self.scratch.clear();
        self.scratch.resize(5 * n, 0);
        let (best, rest) = self.scratch.split_at_mut(n);
        let (a0, rest) = rest.split_at_mut(n);
        let (a1, rest) = rest.split_at_mut(n);
        let (b0, b1) = rest.split_at_mut(n);
        for (a, axis) in [Direction::E, Direction::S].into_iter().enumerate() {
            if !axes[a] {
                continue;
            }
            let back = &geo.next[axis.reverse().index()];
            let fwd = &geo.next[axis.index()];
            // Runs ending at each cell (a) and starting there (b): 0 open
            // cells only, 1 with at most one crossable cell.
            runs_along(&self.state, &crossable, back, 0..n, a0, a1);
            runs_along(&self.state, &crossable, fwd, (0..n).rev(), b0, b1);
            for c in from..n {
                if self.state[c] == OPEN {
                    let run = (a1[c] + b0[c]).max(a0[c] + b1[c]) - 1;
                    best[c] = best[c].max(run);
                }
            }
        }
        self.crossable_now = crossable;
        let mut count = 0;
        let mut preset = false;
        let mut first = false;
        for (c, &room) in best.iter().enumerate().skip(from) {
            if self.state[c] == OPEN && (room as usize) < self.min_len {
                count += 1;
                preset |= board.preset[c] != 0;
                first |= c == from;
            }
        }
        (count, preset, first)
    }

    // ----- the words -----

    /// Writes the solution letters and draws a word into every slot, in
    /// directions that give each its share; false (board as it was) if the
    /// words cannot be found.
    fn fill(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        solution: &[u8],
    ) -> bool {
        for (&c, &code) in self.kept.iter().zip(solution) {
            board.reserve(c, code);
        }
        if !patterns.lines_ok(board, &self.kept, None) {
            self.clear(board, patterns);
            return false;
        }
        let directions = self.drawer.problem.spec.directions;
        let deficits = direction_deficits(board, &self.required);
        let mut dirs: Vec<Direction> = vec![Direction::E; self.slots.len()];
        for axis in [Direction::E, Direction::S, Direction::SE, Direction::SW] {
            let mut members: Vec<usize> = (0..self.slots.len())
                .filter(|&i| self.slots[i].axis == axis)
                .collect();
            rng.shuffle(&mut members);
            let (fwd, rev) = (axis, axis.reverse());
            let mut fwd_left = deficits[fwd.index()];
            let mut rev_left = deficits[rev.index()];
            for &i in &members {
                // The direction further from its share first, so that a
                // short axis shares its slots out evenly.
                let forward = if fwd_left > 0 && fwd_left >= rev_left {
                    fwd_left -= 1;
                    true
                } else if rev_left > 0 {
                    rev_left -= 1;
                    false
                } else if !directions.contains(rev) {
                    true
                } else if !directions.contains(fwd) {
                    false
                } else {
                    rng.below(2) == 0
                };
                dirs[i] = if forward { fwd } else { rev };
            }
            let keep = [deficits[fwd.index()], deficits[rev.index()]];
            let open = [directions.contains(fwd), directions.contains(rev)];
            self.part_neighbours(board, &members, &mut dirs, (fwd, keep, open));
        }
        // Rows and columns that cross a diagonal first (free choice), then
        // the diagonals (a letter or two fixed), then the rest; longer
        // first, as long words are the scarcer.
        let mut order: Vec<usize> = (0..self.slots.len()).collect();
        let group = |s: &PlanSlot| {
            if s.crosses {
                0
            } else if s.axis == Direction::SE || s.axis == Direction::SW {
                1
            } else {
                2
            }
        };
        order.sort_by_key(|&i| (group(&self.slots[i]), std::cmp::Reverse(self.slots[i].len)));
        self.draws = 0;
        if self.fill_from(board, patterns, rng, &order, &dirs, 0) {
            return true;
        }
        self.clear(board, patterns);
        false
    }

    /// Turns or swaps directions within one axis's slots so that
    /// neighbours end to start on one line run opposite ways and do not
    /// read as one word (RQ.P.01), as far as the shares allow: a slot turns
    /// only to an enabled direction and only while its own direction keeps
    /// `keep` slots; a swap keeps the counts.
    fn part_neighbours(
        &self,
        board: &Board,
        members: &[usize],
        dirs: &mut [Direction],
        (fwd, keep, open): (Direction, [usize; 2], [bool; 2]),
    ) {
        let next: Vec<Option<usize>> = members
            .iter()
            .map(|&i| {
                let s = &self.slots[i];
                let after = board.geo.walk(s.start, s.axis, s.len as usize);
                members
                    .iter()
                    .copied()
                    .find(|&j| self.slots[j].start == after)
            })
            .collect();
        let clashes = |dirs: &[Direction]| {
            members
                .iter()
                .zip(&next)
                .filter(|(i, n)| n.is_some_and(|j| dirs[j] == dirs[**i]))
                .count()
        };
        let side = |d: Direction| usize::from(d != fwd);
        let mut count = [0usize; 2];
        for &i in members {
            count[side(dirs[i])] += 1;
        }
        let mut now = clashes(dirs);
        for _ in 0..2 * members.len() {
            if now == 0 {
                return;
            }
            let mut improved = false;
            'pairs: for (a, &i) in members.iter().enumerate() {
                let Some(j) = next[a].filter(|&j| dirs[j] == dirs[i]) else {
                    continue;
                };
                let here = side(dirs[j]);
                for k in [j, i] {
                    if open[1 - here] && count[here] > keep[here] {
                        dirs[k] = dirs[k].reverse();
                        let after = clashes(dirs);
                        if after < now {
                            count[here] -= 1;
                            count[1 - here] += 1;
                            now = after;
                            improved = true;
                            break 'pairs;
                        }
                        dirs[k] = dirs[k].reverse();
                    }
                }
                for &c in members {
                    if dirs[c] != dirs[j] {
                        dirs.swap(j, c);
                        let after = clashes(dirs);
                        if after < now {
                            now = after;
                            improved = true;
                            break 'pairs;
                        }
                        dirs.swap(j, c);
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }

    fn fill_from(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        order: &[usize],
        dirs: &[Direction],
        k: usize,
    ) -> bool {
        let Some(&i) = order.get(k) else {
            return true;
        };
        let slot = self.slots[i];
        let len = slot.len as usize;
        let dir = dirs[i];
        let start = if dir == slot.axis {
            slot.start
        } else {
            board.geo.walk(slot.start, slot.axis, len - 1)
        };
        for _ in 0..DRAWS_PER_SLOT {
            if self.draws >= FILL_DRAWS {
                return false;
            }
            self.draws += 1;
            let Some(fit) = board.fit(start, dir, len, None) else {
                return false;
            };
            let Some(drawn) = self.drawer.draw(
                board,
                patterns,
                rng,
                start,
                dir,
                len,
                &fit.pattern,
                WORDS_PER_DRAW,
            ) else {
                continue;
            };
            self.drawn.push(drawn);
            if self.crossers_can_follow(board, rng, i, &order[k + 1..], dirs)
                && self.fill_from(board, patterns, rng, order, dirs, k + 1)
            {
                return true;
            }
            self.drawn.pop();
            self.drawer.undo(drawn, board, patterns);
        }
        false
    }
}

impl Planner<'_> {
    /// Whether every slot still to fill that crosses slot `i` has a word
    /// that fits around the letters now fixed.
    fn crossers_can_follow(
        &mut self,
        board: &Board,
        rng: &mut Rng,
        i: usize,
        later: &[usize],
        dirs: &[Direction],
    ) -> bool {
        let Some(crossers) = self.crossers.get(i) else {
            return true;
        };
        for &j in crossers {
            if !later.contains(&j) {
                continue;
            }
            let slot = self.slots[j];
            let len = slot.len as usize;
            let start = if dirs[j] == slot.axis {
                slot.start
            } else {
                board.geo.walk(slot.start, slot.axis, len - 1)
            };
            let Some(fit) = board.fit(start, dirs[j], len, None) else {
                return false;
            };
            if !self
                .drawer
                .any_matching(rng, len, &fit.pattern, LOOKAHEAD_MATCHES)
            {
                return false;
            }
        }
        true
    }
}

/// Run lengths along one axis, visiting `cells` so that `link[c]` (the
/// neighbour the run comes from) is visited before `c`: `plain[c]` counts
/// open cells only, `crossing[c]` allows one crossable cell in the run.
fn runs_along(
    state: &[u8],
    crossable: &[bool],
    link: &[u16],
    cells: impl Iterator<Item = usize>,
    plain: &mut [u16],
    crossing: &mut [u16],
) {
    for c in cells {
        let from = link[c];
        let (p0, p1) = if from == NONE {
            (0, 0)
        } else {
            (plain[from as usize], crossing[from as usize])
        };
        (plain[c], crossing[c]) = if state[c] == OPEN {
            (p0 + 1, p1 + 1)
        } else if crossable[c] {
            (0, p0 + 1)
        } else {
            (0, 0)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::direction_shares;
    use crate::model::{DirectionSet, Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Word};

    /// Distinct made-up words of every length from 3 to 20 letters.
    fn words() -> Vec<Word> {
        crate::generate::made_up_words(
            "ABDEFGHIKLMNOPRSTUW",
            (3..=20).flat_map(|len| std::iter::repeat_n(len, 40)),
            0x2545_f491_4f6c_dd1d,
        )
    }

    /// 40 of `words` on 20×20 around SOMMERFERIEN.
    fn sommerferien_problem(words: Vec<Word>) -> Problem {
        let mut spec = PuzzleSpec::new(
            Mask::rectangle(20, 20).unwrap(),
            vec![SpecVocabulary {
                name: "made up".into(),
                must_use: false,
                words,
                lines: Default::default(),
            }],
        );
        spec.pick = Some(crate::model::WordCount::Exact(40));
        spec.solution = Some(Word::new("SOMMERFERIEN", None, UmlautMode::Keep).unwrap());
        Problem::new(spec).unwrap()
    }

    #[test]
    fn plans_cover_every_open_cell_with_the_wanted_slots() {
        let problem = sommerferien_problem(words());
        let required = direction_shares(40, DirectionSet::ALL);
        let excluded = BTreeSet::new();
        let mut planner = Planner::new(&problem, &excluded, 40, required);
        let board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
        let geo = &problem.geo;
        let mut rng = Rng::new(7);
        let mut plans = 0;
        for _ in 0..400 {
            if !planner.plan(&board, &mut rng, 12, 4) {
                continue;
            }
            plans += 1;
            assert_eq!(planner.slots.len(), 40);
            let mut users: Vec<Vec<Direction>> = vec![Vec::new(); geo.cells()];
            for s in &planner.slots {
                let len = s.len as usize;
                assert!(planner.lengths[len], "no words of {len} letters");
                let mut shared = 0;
                for k in 0..len {
                    let c = geo.walk(s.start, s.axis, k);
                    assert_ne!(c, NONE, "slot runs off the grid");
                    shared += usize::from(!users[c as usize].is_empty());
                    users[c as usize].push(s.axis);
                }
                assert!(shared <= board.max_overlap(len));
            }
            let mut kept = planner.kept.clone();
            kept.sort_unstable();
            assert_eq!(kept, planner.kept, "kept cells in reading order");
            assert_eq!(kept.len(), 12);
            for (c, on) in users.iter().enumerate() {
                let is_kept = kept.contains(&(c as u16));
                assert_eq!(on.is_empty(), is_kept, "cell {c}: {on:?}");
                // Two slots share a cell only where a row or column crosses a diagonal.
                assert!(on.len() <= 2);
                if on.len() == 2 {
                    let diagonal = |d: &Direction| matches!(d, Direction::SE | Direction::SW);
                    assert!(
                        on.iter().filter(|d| diagonal(d)).count() == 1,
                        "cell {c}: {on:?}"
                    );
                }
            }
            for axis in [Direction::E, Direction::S, Direction::SE, Direction::SW] {
                let n = planner.slots.iter().filter(|s| s.axis == axis).count();
                let want = required[axis.index()] + required[axis.reverse().index()];
                assert!(n >= want, "{axis}: {n} slots, {want} wanted");
            }
        }
        assert!(plans >= 4, "{plans} plans in 400 attempts");
    }

    /// A list with three words of each length completes plans it cannot
    /// fill: the run stops at the failed fills it was granted, says so in
    /// `failed_fills` and leaves the board as it was.
    #[test]
    fn run_stops_after_the_failed_fills_granted() {
        let few: Vec<Word> = words()
            .chunks(40)
            .flat_map(|c| c.iter().take(3).cloned())
            .collect();
        let problem = sommerferien_problem(few);
        let required = direction_shares(40, DirectionSet::ALL);
        let excluded = BTreeSet::new();
        let mut planner = Planner::new(&problem, &excluded, 40, required);
        let mut board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
        let base = crate::generate::word_search::driver::base_patterns(&problem);
        let mut patterns = Patterns::new(&base);
        let mut rng = Rng::new(3);
        let limits = Limits::new(
            std::time::Instant::now() + std::time::Duration::from_secs(60),
            Default::default(),
        );
        for granted in [1, 3] {
            let before = planner.failed_fills;
            let outcome = planner.run(&mut board, &mut patterns, &mut rng, &limits, 4096, granted);
            assert!(matches!(outcome, Swept::Failed));
            assert_eq!(planner.failed_fills - before, granted);
            assert!(board.placements.is_empty());
            assert_eq!(board.free, 400);
        }
    }
}
