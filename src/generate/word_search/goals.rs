//! The layout goals a word search aims for beyond its rules (no solution
//! letters side by side, direction shares, bundles, spread, crossings),
//! ranked one way for the annealer and the sketch.

use super::board::Geometry;
use crate::model::quality::SOLUTION_BLOCK;

/// The largest bundle of parallel words a layout aims for (issue 11's
/// target for theme lists, issue 30's for counted grids).
pub(crate) const BUNDLE_GOAL: usize = 5;

/// The largest bundle a near miss may hold and still be repaired: twice
/// the goal. Long German, 30 seeds: without this bound one seed's run,
/// at the level without shares, had drifted into rows and columns (no
/// diagonal word) and its repair kept the solution word in a layout with
/// a bundle of 23 words that no editor would print.
pub(crate) const REPAIRABLE_BUNDLE: usize = 2 * BUNDLE_GOAL;

/// Feasible layouts compared: runs of solution letters side by side
/// (they give the solution away, and the driver's `layout_key` ranks them
/// first too; the autumn list, 24 seeds: 0 blocks in all against 1–3 in
/// 4, 2 seeds one direction share shorter), share shortfalls, the largest
/// bundle (any within the goal alike), ninths short of a solution letter,
/// crossings short of the goal, the energy (in sixteenths).
pub(crate) type Key = (usize, usize, usize, usize, usize, i64);

/// How far a layout falls short of each goal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shortfalls {
    /// Runs of four free cells (the solution's, in reading order) side by
    /// side along a line.
    pub blocks: usize,
    /// Words missing from the direction shares.
    pub short: usize,
    /// Words in the largest bundle.
    pub largest: usize,
    /// Ninths short of a solution letter.
    pub spread_short: usize,
    /// Crossings short of the goal.
    pub crossings_short: usize,
    /// The largest bundle aimed for ([`BUNDLE_GOAL`], or a sketched
    /// range's).
    pub bundle_goal: usize,
}

impl Shortfalls {
    /// Words the largest bundle holds beyond its goal.
    pub fn over_goal(&self) -> usize {
        self.largest.saturating_sub(self.bundle_goal)
    }

    /// Smaller is better, among feasible layouts of energy `energy`.
    pub fn key(&self, energy: f64) -> Key {
        (
            self.blocks,
            self.short,
            self.largest.max(self.bundle_goal),
            self.spread_short,
            self.crossings_short,
            (energy * 16.0) as i64,
        )
    }

    /// Every goal met.
    pub fn met(&self) -> bool {
        self.blocks == 0
            && self.short == 0
            && self.largest <= self.bundle_goal
            && self.spread_short == 0
            && self.crossings_short == 0
    }
}

/// Runs of [`SOLUTION_BLOCK`] free cells, consecutive in reading order,
/// that lie one step apart along one line (the count of
/// `quality::solution_blocks`).
pub(crate) fn solution_blocks(geo: &Geometry, free: impl Fn(u16) -> bool) -> usize {
    solution_blocks_in(geo, (0..geo.cells() as u16).filter(|&c| free(c)))
}

/// [`solution_blocks`] of the free cells given in reading order.
pub(crate) fn solution_blocks_in(geo: &Geometry, free: impl Iterator<Item = u16>) -> usize {
    let mut blocks = 0;
    let mut previous: Option<(isize, isize)> = None;
    let mut step: Option<(isize, isize)> = None;
    let mut run = 1;
    for c in free {
        // Looked up, not divided (the annealing counts blocks every step).
        let pos = geo.pos(c);
        let here = (pos.row as isize, pos.col as isize);
        if let Some(p) = previous {
            let (dr, dc) = (here.0 - p.0, here.1 - p.1);
            let next = (dr.abs() <= 1 && dc.abs() <= 1).then_some((dr, dc));
            if next.is_some() && next == step {
                run += 1;
            } else {
                run = if next.is_some() { 2 } else { 1 };
                step = next;
            }
            if run >= SOLUTION_BLOCK {
                blocks += 1;
            }
        }
        previous = Some(here);
    }
    blocks
}
