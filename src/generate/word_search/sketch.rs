//! Sketched plans for solution-word grids: word slots (a start, an axis, a
//! length; no letters yet) annealed over the open cells until exactly the
//! solution's cells stay free, with the word count, the direction shares,
//! bundles of at most four or five parallel words, crossings and the
//! solution letters spread as one soft objective. The planner's fill then
//! draws words into the slots. Without letters a step is a few hundred
//! cell visits, and a slot can grow, shrink or slide by one cell: the fine
//! moves that exact coverage needs and that whole words (the layout
//! annealing) or rows in reading order (the tiling) do not have.

use super::anneal::{exp_neg, metropolis};
use super::board::{Geometry, NONE, Placement};
use super::bundles::bundle_score;
use super::goals::solution_blocks;
use super::goals::{BUNDLE_GOAL, Key, Shortfalls};
use super::shares::direction_shares;
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::{Direction, DirectionSet};

/// The axes of a slot, each named by the direction whose first cell comes
/// first in reading order.
const AXES: [Direction; 4] = [Direction::E, Direction::S, Direction::SE, Direction::SW];

// The weights below were chosen on `examples/layout_targets`' first row
// (70k German words, 20×20, `--pick 40`, SONNENSCHEIN), seeds 1–6,
// 2026-11-27 (thirteenth session): the puzzle's largest bundle per seed
// (a seed whose sketch failed falls back to the tiling, bundles 12–15),
// and how many met every share. With an even cover weight of 1 and
// shares and bundles at 2: bundles 8–9, shares 2 of 4 seeds; the other
// settings are in BENCHMARKS ("Sketched plans").

/// Crossings a word the sketch aims for (issue 30: at least 0.4 for
/// counted grids, 0.5 for ranges).
const CROSSINGS_GOAL: f64 = 0.5;
/// Crossings rewarded at most, a word: each fixes a letter the fill must
/// match. At 0.8 the sketches ran to 0.8–1.0 a word and their fills
/// failed on rare letter pairs; 0.6 gives 0.5–0.65 in the puzzle.
const CROSSINGS_CAP: f64 = 0.6;
/// The largest bundle a range's sketch aims for (issue 30's target for
/// `--pick 60-80`; exact counts keep `goals::BUNDLE_GOAL`, 5). 70k
/// German, 20×20, `--pick 60-80`, SONNENSCHEIN, seeds 1–6, paced for 65
/// words: at 5 the puzzles' bundles were 5 (5); at 4, 4 in every seed
/// that was sketched (the rest woven, up to 17).
pub(super) const RANGE_BUNDLE_GOAL: usize = 4;
/// Ninths of the grid that should hold a solution letter.
const REGIONS_GOAL: usize = 5;

/// Energy of a free cell too many or too few, in the layouts compared
/// (`Measure::key`); while annealing it rises from [`COVER_START`].
const COVER: f64 = 1.0;
/// The free-cell weight at the start of a round: low, so that slots can
/// be taken off and laid elsewhere (the bundles and shares settle first).
const COVER_START: f64 = 0.2;
/// How much the free-cell weight rises over a round (0.2 → 4.2). Seeds
/// 1–6 at shares and bundles 2: fixed at 1, bundles 8 (12), 3 of 6
/// sketches filled; rising by 2: the sketches ended one cell off; by 4:
/// 9 (12); by 6 with shares and bundles at 4: 5 (15), every share.
const COVER_RISE: f64 = 4.0;
/// Energy of a word outside the count asked for: at 2 the sketches ended
/// with 49 slots instead of 40 (shorter slots cover as well).
const COUNT: f64 = 6.0;
/// Energy of a slot missing from an axis's share. Shares | bundles at 2 |
/// 2: bundles 9 (12), shares 3 of 6; 4 | 4: 6 (12), 6 of 6; 6 | 6: 5
/// (15), 6 of 6 (4 seeds at 5); 4 | 8: 5 (14), 5 of 6.
const SHARE: f64 = 6.0;
/// Energy of each slot the largest bundle holds beyond the goal (see
/// [`SHARE`]).
const OVER_GOAL: f64 = 6.0;
/// Energy of a slot per bundle-mate (squared sizes less the slots): ties
/// between sketches with the same largest bundle.
const BUNDLED: f64 = 0.1;
/// Energy (a reward) of a crossing, up to the cap: as the layout
/// annealing's (`anneal::CROSSING`).
const CROSSING: f64 = 0.6;
/// Energy of each ninth short of a solution letter.
const SPREAD: f64 = 1.0;
/// Energy of a run of four solution cells side by side.
const BLOCK: f64 = 1.0;
/// Energy of a slot the words cannot serve: its length has fewer words
/// than slots, it crosses more words than the sharing rules allow, or its
/// crossings leave too few words (see [`FILL_CANDIDATES`]).
/// A range's sketch weighs them [`UNFIT`] times the free-cell weight
/// over [`COVER`] (0.6 rising to 12.6 over a round): at a fixed 3, 70k
/// German `--pick 60-80`, its sketches that missed (about half) ended
/// with every cell covered and 1–6 unfit slots; rising, 12 of 16 seeds
/// were sketched instead of 6 (bundle 6 (10) → 4 (7), 2.4 → 1.2 s
/// median). At a fixed 8 or 20 they ended short of the count instead.
const UNFIT: f64 = 3.0;
/// One word in this many has a given letter at a given place (the
/// fill-ease estimate).
const LETTER_ODDS: f64 = 12.0;
/// Words a slot should keep to choose from once its crossing letters are
/// fixed (its length's words over [`LETTER_ODDS`] per crossing, two
/// crossings side by side counted as three). Without the rule every
/// feasible sketch's fill failed (slots of 17–18 letters with a letter
/// fixed, "TS…" at a 14-letter slot's start); with it and the fill's
/// look-ahead, every one filled (3 of 3, 4 of 4).
const FILL_CANDIDATES: f64 = 4.0;
/// Lengths drawn for a slot of a capped count, the one nearest the pace
/// taken. A range is paced for its middle count (`Sketcher::paced_count`).
/// `--pick 60-80` as for [`RANGE_BUNDLE_GOAL`], seeds 1–8, sketched seeds
/// and the puzzles' largest bundles: paced for 65, 5 of 8, 4 (17); 70, 7
/// of 8, 4 (8); 75, 7 of 8, 4 (6); 80, 7 of 8, 4 (13); 16 seeds: 70, 11
/// sketched, 75, 10. (Paced for 60, the fewest, at a bundle goal of 5,
/// seeds 1–6: 7 (11), 2.5 s.) The sketches end at the fewest words
/// whatever the pace (60 of 60–80). Draws (2026-11-28, with the unfit
/// repair, 30 seeds, puzzles at bundles of 4 or less, the most, median
/// time): 3, 18, 11, 1.7 s; 5, 23, 7, 1.4 s; 8, 24, 8, 0.9 s. On `--pick
/// 40`, 30 seeds, 3 and 5 give bundles 5 (6), every share, 0.41 s; 8
/// (12 seeds) missed a share in 2 (the slots too even in length).
const PACE_DRAWS: usize = 5;
/// Free cells too many or too few that a repair (growing or shrinking a
/// slot by a cell) tries to close.
const REPAIRABLE: usize = 3;
/// Unfit slots (see [`UNFIT`]) a sketch covering the cells exactly may
/// have for a repair to try mending them, each by a slot shortened,
/// lengthened or slid by a cell over cells others cover (a shortened end
/// is a crossing less). The sketches of 70k German, 20×20, `--pick
/// 60-80` that found no feasible layout ended with every cell covered
/// and 1–6 unfit slots (2026-11-28); with the repair, 30 seeds: 16 → 18
/// puzzles at bundles of 4 (the seed at 10 now 4; the most, 11, stays),
/// 1.7 s median both. The sketches still failing end one to ten slots
/// under the range's fewest words with no unfit slot.
const UNFIT_REPAIRABLE: usize = 6;
/// Temperature at the start of a round (about a free cell and a half, as
/// in `anneal::HOT`).
const HOT: f64 = 1.5;
/// Steps of one round, cooling from [`HOT`] to 0.05: 20,000 ended 10–20
/// cells off; at 100,000 most sketches became feasible. 2.5 µs a step on
/// the slower 2-core EPYC machine (about 1 µs on the development one).
const ROUND: u64 = 100_000;
/// Rounds a sketch may take, each heating up again from where the last
/// ended (4 rounds of 100,000 did better than 2 of 200,000 or 8 of 50,000,
/// and than restarts from an empty grid, which never became feasible).
const ROUNDS: u64 = 4;
/// ln(HOT / 0.05) = ln 30, written out (`f64::ln` may differ in the last
/// bit between platforms).
const LN_HOT_OVER_COLD: f64 = 3.401_197_381_662_155;

/// A slot of a sketch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SketchSlot {
    pub start: u16,
    /// Index into [`AXES`].
    pub axis: u8,
    pub len: u8,
}

impl SketchSlot {
    pub fn axis(&self) -> Direction {
        AXES[self.axis as usize]
    }
}

/// How a slot changes at one end by a cell.
#[derive(Clone, Copy)]
enum EndChange {
    Grow,
    Shrink,
    Slide,
}

impl EndChange {
    /// In the order a random step draws them.
    const ALL: [EndChange; 3] = [EndChange::Grow, EndChange::Shrink, EndChange::Slide];
}

/// A sketch under change.
#[derive(Clone)]
struct State {
    slots: Vec<SketchSlot>,
    /// Slots per cell.
    usage: Vec<u8>,
    /// Per cell, a bit per axis with a slot through it.
    axes_at: Vec<u8>,
    uncovered: usize,
    per_len: Vec<u16>,
}

/// How good a sketch is.
#[derive(Clone, Copy, Debug)]
struct Measure {
    off: usize,
    count_off: usize,
    goals: Shortfalls,
    bundled: usize,
    rewarded: usize,
    unfit: usize,
    /// Whether unfit slots weigh more as the free-cell weight rises (see
    /// [`UNFIT`]).
    unfit_rises: bool,
}

impl Measure {
    fn energy(&self) -> f64 {
        self.energy_at(COVER)
    }

    fn energy_at(&self, cover: f64) -> f64 {
        cover * self.off as f64
            + COUNT * self.count_off as f64
            + SHARE * self.goals.short as f64
            + OVER_GOAL * self.goals.over_goal() as f64
            + BUNDLED * self.bundled as f64
            + SPREAD * self.goals.spread_short as f64
            + BLOCK * self.goals.blocks as f64
            + UNFIT * self.unfit as f64 * if self.unfit_rises { cover / COVER } else { 1.0 }
            - CROSSING * self.rewarded as f64
    }

    fn feasible(&self) -> bool {
        self.off == 0 && self.count_off == 0 && self.unfit == 0
    }

    /// Smaller is better among feasible sketches.
    fn key(&self) -> Key {
        self.goals.key(self.energy())
    }

    fn goals_met(&self) -> bool {
        self.feasible() && self.goals.met()
    }
}

/// The best feasible sketch so far.
#[derive(Default)]
struct Best {
    key: Option<Key>,
    state: Option<State>,
    goals_met: bool,
}

impl Best {
    /// Keeps `state` when it is feasible and better; true when it meets
    /// every goal (the run may end).
    fn offer(&mut self, measure: Measure, state: &State) -> bool {
        if !measure.feasible() || self.key.is_some_and(|k| measure.key() >= k) {
            return false;
        }
        self.key = Some(measure.key());
        self.state = Some(state.clone());
        self.goals_met = measure.goals_met();
        self.goals_met
    }
}

/// What a sketch must respect, fixed for a request.
pub(crate) struct Sketcher<'g> {
    geo: &'g Geometry,
    /// Per length, the words that can serve a slot of it (capped).
    available: Vec<u16>,
    /// Lengths with words, each as often as a draw should pick it.
    length_draws: Vec<u8>,
    directions: DirectionSet,
    /// Indices into [`AXES`] with an enabled direction.
    axes: Vec<u8>,
    bounds: (usize, usize),
    max_usage: u8,
    max_overlap: Vec<u8>,
}

/// A finished sketch: its slots and the cells left free, in reading order.
pub(crate) struct Sketch {
    pub slots: Vec<SketchSlot>,
    pub free: Vec<u16>,
}

impl<'g> Sketcher<'g> {
    /// `lengths[l]`: words of `l` letters the vocabularies offer.
    pub fn new(
        geo: &'g Geometry,
        lengths: &[usize],
        directions: DirectionSet,
        bounds: (usize, usize),
        (max_usage, max_overlap): (u8, Vec<u8>),
    ) -> Self {
        let available: Vec<u16> = lengths
            .iter()
            .map(|&n| n.min(u16::MAX as usize) as u16)
            .collect();
        // Lengths drawn in proportion to their words (every length at
        // least once in the draw table).
        let most = lengths.iter().copied().max().unwrap_or(1).max(1);
        let mut length_draws = Vec::new();
        for (len, &n) in lengths.iter().enumerate() {
            if len >= 2 && n > 0 {
                let weight = (n * 64).div_ceil(most).max(1);
                length_draws.extend(std::iter::repeat_n(len as u8, weight));
            }
        }
        let axes = (0..4u8)
            .filter(|&a| {
                let d = AXES[a as usize];
                directions.contains(d) || directions.contains(d.reverse())
            })
            .collect();
        Sketcher {
            geo,
            available,
            length_draws,
            directions,
            axes,
            bounds,
            max_usage,
            max_overlap,
        }
    }

    /// Anneals a sketch over the `open` cells leaving `keep` of them free;
    /// the best feasible one, or `None`.
    pub fn run(
        &self,
        open: &[bool],
        keep: usize,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Option<Sketch> {
        if self.length_draws.is_empty() || self.axes.is_empty() {
            return None;
        }
        let cells = self.geo.cells();
        let open_cells: Vec<u16> = (0..cells as u16).filter(|&c| open[c as usize]).collect();
        let mut current = State {
            slots: Vec::new(),
            usage: vec![0; cells],
            axes_at: vec![0; cells],
            uncovered: open_cells.len(),
            per_len: vec![0; self.available.len()],
        };
        let mut measure = self.measure(&current, open, keep);
        let mut best = Best::default();
        let mut trial = current.clone();
        let cooling = exp_neg(LN_HOT_OVER_COLD / ROUND as f64);
        let mut temperature = HOT;
        for done in 1..=ROUND * ROUNDS {
            temperature *= cooling;
            if done.is_multiple_of(ROUND) {
                temperature = HOT;
            }
            if limits.tick(Site::Sketch).is_some() {
                break;
            }
            trial.clone_from(&current);
            if !self.step(&mut trial, (open, &open_cells), keep, rng) {
                continue;
            }
            let m = self.measure(&trial, open, keep);
            // The weight of a free cell rises over the round (see
            // `COVER_RISE`); the current layout is weighed again with it.
            let progress = (done % ROUND) as f64 / ROUND as f64;
            let cover = COVER_START + COVER_RISE * progress;
            let energy = measure.energy_at(cover);
            let e = m.energy_at(cover);
            if !metropolis(rng, e, energy, temperature) {
                continue;
            }
            std::mem::swap(&mut current, &mut trial);
            measure = m;
            // Near the cover asked for, or at it with a few unfit slots: a
            // slot changed by a cell or two may close the gap (the
            // annealing rarely takes the last such step at random).
            if let Some(r) = self.repaired(&current, &measure, open, keep)
                && best.offer(self.measure(&r, open, keep), &r)
            {
                break;
            }
            if best.offer(measure, &current) {
                break;
            }
        }
        let state = best.state?;
        let free = open_cells
            .iter()
            .copied()
            .filter(|&c| state.usage[c as usize] == 0)
            .collect();
        Some(Sketch {
            slots: state.slots,
            free,
        })
    }

    /// A sketch near feasibility repaired: a few cells off the cover
    /// ([`Sketcher::repair`]) or at it with a few unfit slots
    /// ([`Sketcher::repair_unfit`]).
    fn repaired(&self, s: &State, m: &Measure, open: &[bool], keep: usize) -> Option<State> {
        if m.feasible() || m.count_off != 0 {
            return None;
        }
        let mut repaired = s.clone();
        let done = if m.off == 0 {
            m.unfit <= UNFIT_REPAIRABLE && self.repair_unfit(&mut repaired, open, keep, m.unfit)
        } else {
            m.off <= REPAIRABLE && self.repair(&mut repaired, open, keep)
        };
        done.then_some(repaired)
    }

    /// Grows or shrinks slots by a cell at an end until exactly `keep`
    /// open cells are free, each change within the rules; false when no
    /// change helps.
    fn repair(&self, s: &mut State, open: &[bool], keep: usize) -> bool {
        for _ in 0..REPAIRABLE {
            if s.uncovered == keep {
                return true;
            }
            let grow = s.uncovered > keep;
            let mut done = false;
            'slots: for k in 0..s.slots.len() {
                let slot = s.slots[k];
                for front in [false, true] {
                    let change = if grow {
                        EndChange::Grow
                    } else {
                        EndChange::Shrink
                    };
                    let Some(moved) = self.changed(slot, front, change) else {
                        continue;
                    };
                    let before = s.uncovered;
                    let mut trial = s.clone();
                    self.remove(&mut trial, k);
                    if self.try_add(&mut trial, open, moved, false)
                        && trial.uncovered.abs_diff(keep) < before.abs_diff(keep)
                        && self.measure(&trial, open, keep).unfit == 0
                    {
                        *s = trial;
                        done = true;
                        break 'slots;
                    }
                }
            }
            if !done {
                return false;
            }
        }
        s.uncovered == keep
    }

    /// Mends unfit slots (see [`UNFIT`]) of a sketch that covers the
    /// cells exactly: an unfit slot shortened, lengthened or slid by a
    /// cell, the cover and the count kept, each change leaving fewer unfit
    /// slots; false when some stay.
    fn repair_unfit(&self, s: &mut State, open: &[bool], keep: usize, unfit: usize) -> bool {
        let mut unfit = unfit;
        while unfit > 0 {
            let Some(mended) = self.mend_one(s, open, keep, unfit) else {
                return false;
            };
            (*s, unfit) = mended;
        }
        true
    }

    /// The first change of an unfit slot that keeps the cover exact and
    /// leaves fewer than `unfit` unfit slots, with how many it leaves.
    fn mend_one(
        &self,
        s: &State,
        open: &[bool],
        keep: usize,
        unfit: usize,
    ) -> Option<(State, usize)> {
        for k in 0..s.slots.len() {
            let slot = s.slots[k];
            if !self.slot_unfit(s, slot) {
                continue;
            }
            for front in [false, true] {
                for change in EndChange::ALL {
                    let Some(moved) = self.changed(slot, front, change) else {
                        continue;
                    };
                    let mut trial = s.clone();
                    self.remove(&mut trial, k);
                    if !self.try_add(&mut trial, open, moved, false) || trial.uncovered != keep {
                        continue;
                    }
                    let left = self.measure(&trial, open, keep).unfit;
                    if left < unfit {
                        return Some((trial, left));
                    }
                }
            }
        }
        None
    }

    /// `slot` changed at one end (`front`: its first cell) by a cell;
    /// `None` when that leaves the grid or under two cells.
    fn changed(&self, slot: SketchSlot, front: bool, change: EndChange) -> Option<SketchSlot> {
        let back = self.geo.walk(slot.start, slot.axis().reverse(), 1);
        let on = self.geo.walk(slot.start, slot.axis(), 1);
        let (start, len) = match (front, change) {
            (true, EndChange::Grow) => (back, slot.len + 1),
            (true, EndChange::Shrink) => (on, slot.len.saturating_sub(1)),
            (false, EndChange::Grow) => (slot.start, slot.len + 1),
            (false, EndChange::Shrink) => (slot.start, slot.len.saturating_sub(1)),
            (true, EndChange::Slide) => (back, slot.len),
            (false, EndChange::Slide) => (on, slot.len),
        };
        (start != NONE && len >= 2).then_some(SketchSlot {
            start,
            axis: slot.axis,
            len,
        })
    }

    /// One random change; false when it could not be made.
    fn step(
        &self,
        s: &mut State,
        (open, open_cells): (&[bool], &[u16]),
        keep: usize,
        rng: &mut Rng,
    ) -> bool {
        let r = rng.below(10);
        if r < 4 || s.slots.is_empty() {
            let Some(cell) = self.random_uncovered(s, open_cells, rng) else {
                return false;
            };
            return self.lay_through(s, open, cell, rng, keep);
        }
        let k = rng.below(s.slots.len());
        let slot = s.slots[k];
        match r {
            4 | 5 => {
                // Moved: laid again through one of its cells or a free one.
                let through = if r == 4 {
                    self.geo
                        .walk(slot.start, slot.axis(), rng.below(slot.len as usize))
                } else {
                    match self.random_uncovered(s, open_cells, rng) {
                        Some(c) => c,
                        None => return false,
                    }
                };
                self.remove(s, k);
                self.lay_through(s, open, through, rng, keep)
            }
            6..=8 => {
                // Grown, shrunk or slid by one cell at one end.
                let (front, change) = (rng.below(2) == 0, EndChange::ALL[rng.below(3)]);
                let Some(changed) = self.changed(slot, front, change) else {
                    return false;
                };
                self.remove(s, k);
                self.try_add(s, open, changed, false)
            }
            _ => {
                self.remove(s, k);
                true
            }
        }
    }

    fn random_uncovered(&self, s: &State, open_cells: &[u16], rng: &mut Rng) -> Option<u16> {
        if s.uncovered == 0 {
            return None;
        }
        (0..64)
            .map(|_| open_cells[rng.below(open_cells.len())])
            .find(|&c| s.usage[c as usize] == 0)
    }

    /// The word count slot lengths are drawn for: the count asked for, a
    /// range's middle (see [`PACE_DRAWS`]), none for an automatic count.
    fn paced_count(&self) -> usize {
        match self.bounds {
            (_, usize::MAX) => usize::MAX,
            (min, max) => min.midpoint(max),
        }
    }

    /// The largest bundle the sketch aims for.
    fn bundle_goal(&self) -> usize {
        if self.range() {
            RANGE_BUNDLE_GOAL
        } else {
            BUNDLE_GOAL
        }
    }

    /// Whether the count asked for is a range (of a capped size).
    fn range(&self) -> bool {
        self.bounds.0 < self.bounds.1 && self.bounds.1 < usize::MAX
    }

    /// Lays a slot of a random axis and length through `cell`.
    fn lay_through(
        &self,
        s: &mut State,
        open: &[bool],
        cell: u16,
        rng: &mut Rng,
        keep: usize,
    ) -> bool {
        let axis = self.axes[rng.below(self.axes.len())];
        let mut len = self.length_draws[rng.below(self.length_draws.len())];
        // A capped count needs its slots to cover the cells left at a
        // pace: the draw nearest to it of a few.
        let paced = self.paced_count();
        let slots_left = paced.saturating_sub(s.slots.len());
        if slots_left > 0 && paced < usize::MAX {
            let pace = s.uncovered.saturating_sub(keep).div_ceil(slots_left);
            for _ in 1..PACE_DRAWS {
                let other = self.length_draws[rng.below(self.length_draws.len())];
                if (other as usize).abs_diff(pace) < (len as usize).abs_diff(pace) {
                    len = other;
                }
            }
        }
        let at = rng.below(len as usize);
        let start = self.geo.walk(cell, AXES[axis as usize].reverse(), at);
        if start == NONE {
            return false;
        }
        self.try_add(s, open, SketchSlot { start, axis, len }, true)
    }

    /// Adds a slot if it lies on open cells within the sharing rules;
    /// slots along the same line in its way are pushed out when `push`.
    fn try_add(&self, s: &mut State, open: &[bool], slot: SketchSlot, push: bool) -> bool {
        if slot.len as usize >= self.available.len() || self.available[slot.len as usize] == 0 {
            return false;
        }
        let dir = slot.axis();
        let bit = 1u8 << slot.axis;
        let mut cell = slot.start;
        let mut in_way = false;
        for i in 0..slot.len {
            if i > 0 {
                cell = self.geo.next[dir.index()][cell as usize];
            }
            if cell == NONE || !open[cell as usize] {
                return false;
            }
            in_way |= s.axes_at[cell as usize] & bit != 0;
        }
        if in_way {
            if !push {
                return false;
            }
            let cells = self.cells_of(slot);
            let mut k = s.slots.len();
            while k > 0 {
                k -= 1;
                let other = s.slots[k];
                if other.axis == slot.axis
                    && self.cells_of(other).any(|c| cells.clone().any(|d| d == c))
                {
                    self.remove(s, k);
                }
            }
        }
        let mut crossings = 0;
        let mut new_cells = 0;
        for c in self.cells_of(slot) {
            let usage = s.usage[c as usize];
            if usage >= self.max_usage {
                return false;
            }
            if usage == 0 {
                new_cells += 1;
            } else {
                crossings += 1;
            }
        }
        if new_cells == 0 || crossings > self.max_overlap[(slot.len as usize).min(64)] {
            return false;
        }
        for c in self.cells_of(slot) {
            let c = c as usize;
            if s.usage[c] == 0 {
                s.uncovered -= 1;
            }
            s.usage[c] += 1;
            s.axes_at[c] |= bit;
        }
        s.per_len[slot.len as usize] += 1;
        s.slots.push(slot);
        true
    }

    fn remove(&self, s: &mut State, k: usize) {
        let slot = s.slots.swap_remove(k);
        let bit = 1u8 << slot.axis;
        for c in self.cells_of(slot) {
            let c = c as usize;
            s.usage[c] -= 1;
            if s.usage[c] == 0 {
                s.uncovered += 1;
            }
            s.axes_at[c] &= !bit;
        }
        s.per_len[slot.len as usize] -= 1;
    }

    fn cells_of(&self, slot: SketchSlot) -> impl Iterator<Item = u16> + Clone + '_ {
        let dir = slot.axis().index();
        std::iter::successors(Some(slot.start), move |&c| {
            Some(self.geo.next[dir][c as usize])
        })
        .take(slot.len as usize)
    }

    /// The crossings of `slot`, and whether they leave it unfit: more
    /// than the sharing rules allow, or too few words to match them (see
    /// [`FILL_CANDIDATES`]).
    fn crossed(&self, s: &State, slot: SketchSlot) -> (usize, bool) {
        let mut crossed = 0;
        let mut side_by_side = 0;
        let mut previous = false;
        for c in self.cells_of(slot) {
            let here = s.usage[c as usize] > 1;
            crossed += usize::from(here);
            side_by_side += usize::from(here && previous);
            previous = here;
        }
        // Two letters in a row fixed by crossings (two parallel words
        // crossing it side by side) leave fewer words ("TS…", "…XQ"):
        // counted as a third letter.
        let unfit = crossed > self.max_overlap[(slot.len as usize).min(64)] as usize
            || (self.available[slot.len as usize] as f64)
                < FILL_CANDIDATES * LETTER_ODDS.powi((crossed + side_by_side) as i32);
        (crossed, unfit)
    }

    /// Whether `slot` is unfit by its crossings (see [`Sketcher::crossed`]).
    fn slot_unfit(&self, s: &State, slot: SketchSlot) -> bool {
        self.crossed(s, slot).1
    }

    fn measure(&self, s: &State, open: &[bool], keep: usize) -> Measure {
        let n = s.slots.len();
        let required = direction_shares(n, self.directions);
        let mut per_axis = [0usize; 4];
        for slot in &s.slots {
            per_axis[slot.axis as usize] += 1;
        }
        let short = (0..4)
            .map(|a| {
                let d = AXES[a];
                (required[d.index()] + required[d.reverse().index()]).saturating_sub(per_axis[a])
            })
            .sum();
        let placements: Vec<Placement> = s
            .slots
            .iter()
            .map(|slot| Placement {
                word: 0,
                start: slot.start,
                dir: slot.axis(),
                len: slot.len,
                overlaps: 0,
            })
            .collect();
        let (largest, squares) = bundle_score(self.geo, &placements);
        let mut crossings = 0;
        let mut unfit = 0;
        for slot in &s.slots {
            let (crossed, unfit_slot) = self.crossed(s, *slot);
            crossings += crossed;
            unfit += usize::from(unfit_slot);
        }
        // Each crossing cell was counted once per slot through it.
        let crossings = crossings / 2;
        for (len, &used) in s.per_len.iter().enumerate() {
            unfit += (used as usize).saturating_sub(self.available[len] as usize);
        }
        let mut free_in = [false; 9];
        for (c, &u) in s.usage.iter().enumerate() {
            if u == 0 && open[c] {
                free_in[self.geo.region[c] as usize] = true;
            }
        }
        let regions = free_in.iter().filter(|&&f| f).count();
        let blocks = solution_blocks(self.geo, |c| open[c as usize] && s.usage[c as usize] == 0);
        let cap = (CROSSINGS_CAP * n as f64).ceil() as usize;
        Measure {
            off: s.uncovered.abs_diff(keep),
            count_off: self.bounds.0.saturating_sub(n) + n.saturating_sub(self.bounds.1),
            goals: Shortfalls {
                blocks,
                short,
                largest,
                spread_short: REGIONS_GOAL.min(keep).saturating_sub(regions),
                crossings_short: ((CROSSINGS_GOAL * n as f64).ceil() as usize)
                    .saturating_sub(crossings),
                bundle_goal: self.bundle_goal(),
            },
            bundled: squares - n,
            rewarded: crossings.min(cap),
            unfit,
            unfit_rises: self.range(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Mask, Rules};
    use std::time::{Duration, Instant};

    fn sketcher<'g>(geo: &'g Geometry, lengths: &[usize], bounds: (usize, usize)) -> Sketcher<'g> {
        let rules = Rules::default();
        Sketcher::new(
            geo,
            lengths,
            DirectionSet::ALL,
            bounds,
            (
                rules.max_words_per_cell,
                (0..=64).map(|l| rules.max_overlaps(l) as u8).collect(),
            ),
        )
    }

    /// A large vocabulary's lengths: `wamerican`'s 63,737 lower-case words
    /// of three letters or more, counted by length (3 to 22 letters).
    fn large_lengths() -> Vec<usize> {
        vec![
            0, 0, 0, 665, 2442, 4667, 7352, 9951, 10500, 9307, 7387, 5070, 3199, 1792, 796, 372,
            141, 61, 22, 6, 3, 2, 2,
        ]
    }

    /// Checks a sketch against the rules it must keep, independently of
    /// the annealer's own bookkeeping; returns the slots per axis.
    fn check(geo: &Geometry, open: &[bool], sketch: &Sketch, keep: usize) -> [usize; 4] {
        let rules = Rules::default();
        let mut usage = vec![0u8; geo.cells()];
        let mut axis_at = vec![[false; 4]; geo.cells()];
        let mut per_axis = [0; 4];
        for slot in &sketch.slots {
            per_axis[slot.axis as usize] += 1;
            for i in 0..slot.len as usize {
                let c = geo.walk(slot.start, slot.axis(), i);
                assert_ne!(c, NONE, "{slot:?} leaves the grid");
                let c = c as usize;
                assert!(open[c], "{slot:?} covers a closed cell");
                assert!(!axis_at[c][slot.axis as usize], "two slots along one line");
                axis_at[c][slot.axis as usize] = true;
                usage[c] += 1;
                assert!(usage[c] <= rules.max_words_per_cell);
            }
        }
        for slot in &sketch.slots {
            let crossed = (0..slot.len as usize)
                .filter(|&i| usage[geo.walk(slot.start, slot.axis(), i) as usize] > 1)
                .count();
            assert!(crossed <= rules.max_overlaps(slot.len as usize), "{slot:?}");
        }
        let free: Vec<u16> = (0..geo.cells() as u16)
            .filter(|&c| open[c as usize] && usage[c as usize] == 0)
            .collect();
        assert_eq!(free, sketch.free, "the free cells, in reading order");
        assert_eq!(free.len(), keep);
        per_axis
    }

    #[test]
    fn sketches_leave_exactly_the_solution_cells_free_with_the_count_asked() {
        let mask = Mask::rectangle(20, 20).unwrap();
        let geo = Geometry::new(&mask);
        let open = geo.playable.clone();
        let lengths = large_lengths();
        let sketcher = sketcher(&geo, &lengths, (40, 40));
        let limits = Limits::new(Instant::now() + Duration::from_secs(120), None);
        let mut sketched = 0;
        for seed in 1..=3 {
            let Some(sketch) = sketcher.run(&open, 12, &mut Rng::new(seed), &limits) else {
                continue;
            };
            sketched += 1;
            assert_eq!(sketch.slots.len(), 40);
            let per_axis = check(&geo, &open, &sketch, 12);
            // Every direction's share (4 of 40) means 8 slots an axis.
            assert!(per_axis.iter().all(|&n| n >= 8), "{per_axis:?}");
        }
        assert!(sketched >= 2, "sketched {sketched} of 3");
    }

    #[test]
    fn a_sketch_keeps_off_closed_cells_and_serves_only_lengths_with_words() {
        // A 15×15 grid with its middle 5×5 closed (an ad area), 20 words
        // of 5–9 letters.
        let mask = Mask::rectangle(15, 15).unwrap();
        let geo = Geometry::new(&mask);
        let open: Vec<bool> = (0..geo.cells() as u16)
            .map(|c| {
                let p = geo.pos(c);
                !(5..10).contains(&p.row) || !(5..10).contains(&p.col)
            })
            .collect();
        let lengths: Vec<usize> = large_lengths()
            .iter()
            .enumerate()
            .map(|(l, &n)| if (5..=9).contains(&l) { n } else { 0 })
            .collect();
        let sketcher = sketcher(&geo, &lengths, (20, 24));
        let limits = Limits::new(Instant::now() + Duration::from_secs(120), None);
        // A tight range (192 cells for 20–24 words of at most 9 letters):
        // 2 of seeds 1–12 sketch it (7 when ranges were paced for their
        // most words and aimed at bundles of 5).
        let sketch = (1..=12)
            .find_map(|seed| sketcher.run(&open, 8, &mut Rng::new(seed), &limits))
            .expect("a sketch in twelve seeds");
        check(&geo, &open, &sketch, 8);
        assert!((20..=24).contains(&sketch.slots.len()));
        assert!(sketch.slots.iter().all(|s| (5..=9).contains(&s.len)));
    }

    /// An L of open cells on a 5×5 grid covered by a row and a column of
    /// five cells crossing at the corner, with `lengths` words.
    fn crossed_l(geo: &Geometry, sketcher: &Sketcher) -> (Vec<bool>, State) {
        use crate::model::Pos;
        let open: Vec<bool> = (0..geo.cells() as u16)
            .map(|c| {
                let p = geo.pos(c);
                p.row == 0 || p.col == 4
            })
            .collect();
        let mut state = State {
            slots: Vec::new(),
            usage: vec![0; geo.cells()],
            axes_at: vec![0; geo.cells()],
            uncovered: open.iter().filter(|&&o| o).count(),
            per_len: vec![0; sketcher.available.len()],
        };
        let row = SketchSlot {
            start: geo.cell(Pos::new(0, 0)),
            axis: 0,
            len: 5,
        };
        let column = SketchSlot {
            start: geo.cell(Pos::new(0, 4)),
            axis: 1,
            len: 5,
        };
        assert!(sketcher.try_add(&mut state, &open, row, false));
        assert!(sketcher.try_add(&mut state, &open, column, false));
        (open, state)
    }

    #[test]
    fn unfit_slots_of_an_exact_cover_are_mended_by_a_cell() {
        let geo = Geometry::new(&Mask::rectangle(5, 5).unwrap());
        // 40 words of 4 and 5 letters: a slot with one crossing keeps
        // 40 / 12 of them, under `FILL_CANDIDATES`: unfit.
        let sketcher = sketcher(&geo, &[0, 0, 0, 0, 40, 40], (2, 2));
        let (open, state) = crossed_l(&geo, &sketcher);
        let before = sketcher.measure(&state, &open, 0);
        assert_eq!((before.off, before.count_off, before.unfit), (0, 0, 2));
        let mended = sketcher
            .repaired(&state, &before, &open, 0)
            .expect("a slot shortened off the crossing");
        let after = sketcher.measure(&mended, &open, 0);
        assert!(after.feasible(), "{after:?}");
        let mut lengths: Vec<u8> = mended.slots.iter().map(|s| s.len).collect();
        lengths.sort();
        assert_eq!(lengths, [4, 5]);
        let free: Vec<u16> = (0..geo.cells() as u16)
            .filter(|&c| open[c as usize] && mended.usage[c as usize] == 0)
            .collect();
        assert_eq!(
            check(
                &geo,
                &open,
                &Sketch {
                    slots: mended.slots.clone(),
                    free,
                },
                0
            )
            .iter()
            .sum::<usize>(),
            2
        );

        // Without words of 4 letters no change of a cell mends them.
        let sketcher = super::tests::sketcher(&geo, &[0, 0, 0, 0, 0, 40], (2, 2));
        let (open, state) = crossed_l(&geo, &sketcher);
        let before = sketcher.measure(&state, &open, 0);
        assert_eq!(before.unfit, 2);
        assert!(sketcher.repaired(&state, &before, &open, 0).is_none());
    }

    #[test]
    fn no_lengths_no_sketch() {
        let mask = Mask::rectangle(10, 10).unwrap();
        let geo = Geometry::new(&mask);
        let sketcher = sketcher(&geo, &[0; 8], (1, 10));
        let limits = Limits::new(Instant::now() + Duration::from_secs(10), None);
        assert!(
            sketcher
                .run(&geo.playable, 5, &mut Rng::new(1), &limits)
                .is_none()
        );
    }
}
