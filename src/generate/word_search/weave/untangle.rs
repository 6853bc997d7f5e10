//! Large-neighbourhood search on a finished woven layout: the words around
//! a bundled word are taken off and the hole is woven again; the layout
//! with fewer parallel words side by side is kept.

use super::super::board::{Board, NONE};
use super::super::bundles::{bundle_score, bundles};
use super::super::cover::Swept;
use super::super::patterns::Patterns;
use super::super::pick::direction_deficits;
use super::{BUNDLE_GOAL, Weave};
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::Direction;

/// Objective price of a word, in squared bundle sizes: breaking a pair
/// (4 → 1 + 1) may cost one extra word. German case, 60 moves: without a
/// price 104 words a grid (median), with 2 93 words.
const WORD_PRICE: usize = 2;
/// Nodes the weave may spend refilling one hole (7–12 words, ~12 µs a node
/// after the speed-ups of 2026-11-23). Refills that succeed take 26–380
/// nodes; most failing ones run to the limit. German 20×20 cases, 48 moves,
/// 30 seeds, median largest bundle / median time, 70k | 356k: 80 nodes
/// 5–6 / 125 ms | 4 / 125 ms; 150 nodes 4 / 148 ms | 4 / 140 ms.
const REFILL_NODES: u64 = 150;

/// A finished layout, enough to put it back: the words in the order they
/// were drawn and the kept cells with their letters.
pub(crate) struct Snapshot {
    pub words: Vec<(u32, u16, Direction)>,
    pub kept: Vec<(u16, u8)>,
}

impl Weave<'_> {
    /// Tries up to `moves` holes around the largest bundle's words and keeps
    /// every refill that bundles no worse. Returns false when the board
    /// could not be put back (it is then cleared like after a failure).
    pub fn untangle(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        moves: usize,
    ) -> bool {
        let mut snapshot = self.snapshot(board);
        let mut score = self.objective(board);
        // A refill may lack as many share words as the layout it improves
        // (a layout from the planner or the sweep may lack some).
        self.short_allowed = score.0;
        self.untangling = true;
        // Centre words (placed where they lie) whose hole could not be
        // refilled better: the same hole would fail again.
        let mut failed: Vec<(u32, u16, Direction)> = Vec::new();
        for _ in 0..moves {
            if (score.0 == 0 && score.1 <= BUNDLE_GOAL) || limits.tick(Site::Untangle).is_some() {
                break;
            }
            let first_woven = board.placements.len() - self.drawn.len();
            let Some((centre, hole)) = self.hole(board, rng, first_woven, &failed, score.1) else {
                break;
            };
            self.clear(board, patterns);
            let survivors: Vec<_> = snapshot
                .words
                .iter()
                .enumerate()
                .filter(|(i, _)| !hole.contains(&(first_woven + i)))
                .map(|(_, w)| *w)
                .collect();
            let replayed = self.replay(board, patterns, &survivors);
            let refilled = replayed && {
                self.node_limit = self.nodes + REFILL_NODES;
                matches!(self.dfs(board, patterns, rng, limits), Swept::Done)
            };
            let new_score = self.objective(board);
            if refilled && new_score <= score {
                score = new_score;
                self.short_allowed = score.0;
                snapshot = self.snapshot(board);
                continue;
            }
            failed.push(centre);
            if replayed {
                // Only the hole's words go back (a tenth of a full replay).
                self.take_back_to(board, patterns, survivors.len());
                let hole_words = Snapshot {
                    words: (0..snapshot.words.len())
                        .filter(|i| hole.contains(&(first_woven + i)))
                        .map(|i| snapshot.words[i])
                        .collect(),
                    kept: snapshot.kept.clone(),
                };
                if self.restore(board, patterns, &hole_words) {
                    // The same layout, its words in a new order.
                    snapshot = self.snapshot(board);
                    continue;
                }
            }
            self.clear(board, patterns);
            if !self.restore(board, patterns, &snapshot) {
                self.clear(board, patterns);
                self.short_allowed = 0;
                self.untangling = false;
                return false;
            }
        }
        self.short_allowed = 0;
        self.untangling = false;
        true
    }

    /// Takes over a layout another method finished (its words in the order
    /// drawn, kept cells with their letters), so that it can be untangled.
    /// False, with the board cleared, if a word no longer fits.
    pub fn adopt(&mut self, board: &mut Board, patterns: &mut Patterns, layout: &Snapshot) -> bool {
        if !self.restore(board, patterns, layout) {
            self.clear(board, patterns);
            return false;
        }
        // The other method spread the solution letters its own way: refills
        // may keep as many in a ninth as it did.
        let most = self.kept_in.iter().copied().max().unwrap_or(0);
        self.quota = self.quota.max(most);
        true
    }

    /// Words missing from the direction shares first (when they are
    /// asked for), then the largest bundle, then the squared bundle sizes
    /// plus a price per word: refills of short words would otherwise bloat
    /// the list (on the German case, 67 → 104 words a puzzle without it).
    fn objective(&self, board: &Board) -> (usize, usize, usize) {
        let short = if self.shares {
            let required = super::super::shares::direction_shares(
                board.placements.len(),
                self.problem.spec.directions,
            );
            direction_deficits(board, &required).iter().sum()
        } else {
            0
        };
        let (largest, squares) = bundle_score(board.geo, &board.placements);
        (
            short,
            largest,
            squares + WORD_PRICE * board.placements.len(),
        )
    }

    fn snapshot(&self, board: &Board) -> Snapshot {
        let first_woven = board.placements.len() - self.drawn.len();
        Snapshot {
            words: board.placements[first_woven..]
                .iter()
                .map(|p| (p.word, p.start, p.dir))
                .collect(),
            kept: self
                .kept
                .iter()
                .map(|&c| (c, board.letter[c as usize]))
                .collect(),
        }
    }

    /// Draws the given words again in order; false (with what was drawn
    /// left on the board) if one no longer fits.
    fn replay(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        words: &[(u32, u16, Direction)],
    ) -> bool {
        self.drawer.replay(board, patterns, words, &mut self.drawn)
    }

    /// Takes the kept cells and the words drawn after the first `words` off.
    fn take_back_to(&mut self, board: &mut Board, patterns: &mut Patterns, words: usize) {
        while self.drawn.len() > words {
            let drawn = self.drawn.pop().expect("a drawn word");
            self.drawer.undo(drawn, board, patterns);
        }
        while let Some(c) = self.kept.pop() {
            board.unreserve(c);
        }
        self.kept_in = [0; 9];
    }

    fn restore(&mut self, board: &mut Board, patterns: &mut Patterns, snapshot: &Snapshot) -> bool {
        if !self.replay(board, patterns, &snapshot.words) {
            return false;
        }
        for &(c, letter) in &snapshot.kept {
            board.reserve(c, letter);
            self.kept.push(c);
            self.kept_in[board.geo.region[c as usize] as usize] += 1;
        }
        true
    }

    /// The woven words to take off (indices into the placements): a random
    /// word of the largest bundle, its parallel neighbours and the words
    /// crossing or touching it. `None` when the bundle holds only
    /// must-use words.
    fn hole(
        &self,
        board: &Board,
        rng: &mut Rng,
        first_woven: usize,
        failed: &[(u32, u16, Direction)],
        largest: usize,
    ) -> Option<((u32, u16, Direction), Vec<usize>)> {
        let geo = board.geo;
        let (of, sizes) = bundles(geo, &board.placements);
        let members: Vec<usize> = if largest > BUNDLE_GOAL {
            let root = sizes.iter().position(|&s| s == largest)?;
            (first_woven..of.len()).filter(|&i| of[i] == root).collect()
        } else {
            // Bundled little but short of a share: make room among the
            // words of the best-served direction.
            let mut count = [0usize; 8];
            for p in &board.placements {
                count[p.dir.index()] += 1;
            }
            let most = (first_woven..of.len())
                .map(|i| count[board.placements[i].dir.index()])
                .max()?;
            (first_woven..of.len())
                .filter(|&i| count[board.placements[i].dir.index()] == most)
                .collect()
        };
        if members.is_empty() {
            return None;
        }
        // The word whose removal splits the bundle best (a middle one, not
        // an end), ties at random.
        let mut best = (usize::MAX, 0);
        let mut centre = members[0];
        let mut rest = board.placements.clone();
        let placed = |i: usize| {
            let p = board.placements[i];
            (p.word, p.start, p.dir)
        };
        let fresh: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&m| !failed.contains(&placed(m)))
            .collect();
        let members = if fresh.is_empty() { members } else { fresh };
        for &m in &members {
            let gone = rest.remove(m);
            let split = bundle_score(geo, &rest).0;
            rest.insert(m, gone);
            let key = (split, rng.below(1 << 16));
            if key < best {
                best = key;
                centre = m;
            }
        }
        // The centre word's cells and their neighbours.
        let mut near = vec![false; geo.cells()];
        for c in cells_of(board, centre) {
            near[c as usize] = true;
            for d in Direction::ALL {
                let nb = geo.next[d.index()][c as usize];
                if nb != NONE {
                    near[nb as usize] = true;
                }
            }
        }
        let hole = (first_woven..board.placements.len())
            .filter(|&i| cells_of(board, i).any(|c| near[c as usize]))
            .collect();
        Some((placed(centre), hole))
    }
}

fn cells_of<'a>(board: &'a Board, i: usize) -> impl Iterator<Item = u16> + 'a {
    let p = board.placements[i];
    let geo = board.geo;
    (0..p.len as usize).map(move |k| geo.walk(p.start, p.dir, k))
}
