//! The annealing's destroy-and-refill move (a large-neighbourhood search):
//! while more cells are free than the solution's, the words around a free
//! cell come off and a small depth-first search lays unused words through
//! the freed cells, each where it pushes no word out, until fewer cells
//! are free than before. A frozen layout a few cells off gets past what
//! one word at a time cannot: a long word in the way of the last free
//! cells.

use super::super::board::{NONE, axis_of};
use super::super::shares::direction_shares;
use super::{Anneal, State};
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::Direction;

/// Nodes one refill's search may spend. Successful refills of the long
/// German list (4 seeds) took 4–110 nodes, most under 20, at 8–10 µs a
/// node; a failed one spends them all. 30 seeds with a rescue on each
/// level's first restart on the level's draws and budget (the twenty-third
/// session's experiment; rescues now have draws and a budget of their
/// own, see `driver::ANNEAL_RESCUES`), long German | 200 German kept: 200
/// nodes 28 | 28, 60 nodes 29 | 29 in about the same time.
const REFILL_NODES: u64 = 60;
/// Ways through a cell a node tries, those covering the most open cells
/// first: the first value tried (the sweep's repair tries 40 slots a cell,
/// with a search a hundredth of the cost).
const REFILL_WAYS: usize = 6;

/// The hole a refill decides: its open cells, which it has kept free,
/// and the free-cell count it must get below.
struct Hole {
    open: Vec<u16>,
    kept_free: Vec<bool>,
    /// Cells that may still be kept free: the hole's free cells before the
    /// words came off, less one.
    keep_left: usize,
    most_free: usize,
    nodes: u64,
}

/// Open cells a way in a direction short of its share counts for above
/// the cells it covers (as the sweep's `SHARE_BONUS`): long German, 12
/// seeds, the level with shares kept its solution in 9 instead of 7.
const REFILL_SHARE_BONUS: usize = 3;

/// A way to lay a word through a cell: candidate, start, direction.
type Way = (u16, u16, Direction);

impl Anneal<'_> {
    /// Takes the drawn words within one or two cells of a random free cell
    /// off `s` and lays words through the freed cells again; true when `s`
    /// then has fewer cells free, and no fewer than the solution's (`s` is
    /// spoilt otherwise: the caller works on a copy).
    pub(super) fn refill(&self, s: &mut State, rng: &mut Rng, limits: &Limits) -> bool {
        let Some(goal) = self.goal_free.filter(|&g| s.uncovered > g) else {
            return false;
        };
        let Some(centre) = self.random_free(s, rng) else {
            return false;
        };
        let geo = self.geo;
        let radius = 1 + rng.below(2);
        let near = |c: u16| geo.distance(c, centre) <= radius;
        let free_near = self
            .playable
            .iter()
            .filter(|&&c| s.usage[c as usize] == 0 && near(c))
            .count();
        let mut out: Vec<usize> = (0..s.placements.len())
            .filter(|&k| {
                let p = &s.placements[k];
                s.candidate[k] != NONE
                    && (0..p.len as usize).any(|i| near(geo.walk(p.start, p.dir, i)))
            })
            .collect();
        if out.is_empty() {
            return false;
        }
        let most_free = s.uncovered;
        let mut open: Vec<u16> = self
            .playable
            .iter()
            .copied()
            .filter(|&c| s.usage[c as usize] == 0 && near(c))
            .collect();
        out.sort_unstable_by(|a, b| b.cmp(a));
        for k in out {
            let p = s.placements[k];
            open.extend((0..p.len as usize).map(|i| geo.walk(p.start, p.dir, i)));
            self.remove(s, k);
        }
        open.sort_unstable();
        open.dedup();
        open.retain(|&c| s.usage[c as usize] == 0);
        let mut hole = Hole {
            open,
            kept_free: vec![false; geo.cells()],
            keep_left: free_near - 1,
            most_free,
            nodes: 0,
        };
        self.refill_from(s, rng, limits, &mut hole, goal)
    }

    /// Decides the hole's first open cell: covered by a word through it, or
    /// kept free; true once every open cell is decided and the layout has
    /// fewer cells free than `hole.most_free`, no fewer than `goal`.
    fn refill_from(
        &self,
        s: &mut State,
        rng: &mut Rng,
        limits: &Limits,
        hole: &mut Hole,
        goal: usize,
    ) -> bool {
        hole.nodes += 1;
        if hole.nodes > REFILL_NODES || limits.tick(Site::Refill).is_some() {
            return false;
        }
        let next = hole
            .open
            .iter()
            .copied()
            .find(|&c| s.usage[c as usize] == 0 && !hole.kept_free[c as usize]);
        let Some(x) = next else {
            return s.uncovered >= goal
                && s.uncovered < hole.most_free
                && s.placements.len() <= self.bounds.1;
        };
        if s.uncovered > goal {
            for (candidate, start, dir) in self.ways_through(s, rng, hole, x) {
                let id = self.words[candidate as usize];
                self.add(s, id, candidate, start, dir);
                if self.refill_from(s, rng, limits, hole, goal) {
                    return true;
                }
                self.remove(s, s.placements.len() - 1);
                if hole.nodes > REFILL_NODES {
                    return false;
                }
            }
        }
        if hole.keep_left == 0 {
            return false;
        }
        hole.keep_left -= 1;
        hole.kept_free[x as usize] = true;
        if self.refill_from(s, rng, limits, hole, goal) {
            return true;
        }
        hole.kept_free[x as usize] = false;
        hole.keep_left += 1;
        false
    }

    /// The ways to lay an unused word through `x` alone (pushing no word
    /// out, within the sharing rules, beside no word it clashes with): the
    /// [`REFILL_WAYS`] covering the most undecided open cells, ties in
    /// random order. Each run of cells through `x` without a word along
    /// its axis is matched against the unused words of its length.
    fn ways_through(&self, s: &State, rng: &mut Rng, hole: &Hole, x: u16) -> Vec<Way> {
        let geo = self.geo;
        let longest = self.by_length.len().saturating_sub(1);
        let passable = |c: u16, axis: usize| {
            c != NONE
                && geo.playable[c as usize]
                && s.occupants[c as usize][..s.usage[c as usize] as usize]
                    .iter()
                    .all(|&o| axis_of(s.placements[o as usize].dir) != axis)
        };
        let mut ways: Vec<(usize, usize, Way)> = Vec::new();
        let mut run = Run::default();
        let required = if self.shares {
            direction_shares(s.placements.len() + 1, self.directions)
        } else {
            [0; 8]
        };
        for &dir in &self.dirs {
            let axis = axis_of(dir);
            let bonus = if s.dir_count[dir.index()] < required[dir.index()] {
                REFILL_SHARE_BONUS
            } else {
                0
            };
            if !passable(x, axis) {
                continue;
            }
            for back in 0..longest {
                let start = geo.walk(x, dir.reverse(), back);
                if back > 0 && !passable(start, axis) {
                    break;
                }
                // The run from `start` through `x`, then on along `dir`.
                run.clear();
                for i in 0..=back {
                    run.push(self, s, geo.walk(start, dir, i));
                }
                loop {
                    for &candidate in self.by_length.get(run.cells.len()).into_iter().flatten() {
                        if self.fits_run(s, candidate, &run) {
                            let covered = run
                                .cells
                                .iter()
                                .filter(|&&c| {
                                    s.usage[c as usize] == 0 && !hole.kept_free[c as usize]
                                })
                                .count();
                            let score = covered + bonus;
                            ways.push((score, rng.below(1 << 16), (candidate, start, dir)));
                        }
                    }
                    let next = geo.walk(*run.cells.last().expect("a cell"), dir, 1);
                    if run.cells.len() >= longest || !passable(next, axis) {
                        break;
                    }
                    run.push(self, s, next);
                }
            }
        }
        ways.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ways.into_iter()
            .take(REFILL_WAYS)
            .map(|(_, _, way)| way)
            .collect()
    }

    /// Whether an unused candidate may lie on the run (no word along its
    /// axis there): its letters match the run's, it clashes with no drawn
    /// word, the sharing rules allow a word there.
    fn fits_run(&self, s: &State, candidate: u16, run: &Run) -> bool {
        if s.used[candidate as usize] {
            return false;
        }
        let codes = self
            .problem
            .lex
            .codes(self.words[candidate as usize] as usize);
        run.letters.iter().all(|&(at, letter)| codes[at] == letter)
            && !self.conflicts[candidate as usize]
                .iter()
                .any(|&o| s.used[o as usize])
            && *run
                .within_rules
                .get_or_init(|| self.within_sharing_rules(s, run.cells.iter().copied()))
    }
}

/// A run of cells a refill matches the unused words of its length
/// against, grown a cell at a time, with what every candidate is checked
/// for worked out as it grows (a refill matches thousands of candidates a
/// node, most against runs of free cells; checking each cell of each was
/// most of the refill's time).
#[derive(Default)]
struct Run {
    cells: Vec<u16>,
    /// The letters a word must have, by offset: the covered cells' and the
    /// free cells' pre-assigned ones.
    letters: Vec<(usize, u8)>,
    /// Whether the sharing rules allow a word on the run, asked once a
    /// candidate's letters match.
    within_rules: std::cell::OnceCell<bool>,
}

impl Run {
    fn clear(&mut self) {
        self.cells.clear();
        self.letters.clear();
        self.within_rules.take();
    }

    fn push(&mut self, anneal: &Anneal, s: &State, cell: u16) {
        let c = cell as usize;
        let letter = if s.usage[c] > 0 {
            s.letter[c]
        } else {
            anneal.problem.preset[c]
        };
        if letter != 0 {
            self.letters.push((self.cells.len(), letter));
        }
        self.cells.push(cell);
        self.within_rules.take();
    }
}
