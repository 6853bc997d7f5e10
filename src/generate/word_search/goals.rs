//! The layout goals a word search aims for beyond its rules (no solution
//! letters side by side, direction shares, bundles, spread, crossings),
//! ranked one way for the annealer and the sketch.

/// The largest bundle of parallel words a layout aims for (issue 11's
/// target for theme lists, issue 30's for counted grids).
pub(crate) const BUNDLE_GOAL: usize = 5;

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
