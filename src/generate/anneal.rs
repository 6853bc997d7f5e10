//! Simulated annealing over whole layouts of a small theme list: words are
//! laid through free cells (pushing out the words in their way), moved and
//! taken off, with the free-cell count, the direction shares, the bundles
//! of parallel words and the crossings as one soft objective. The best
//! layout that leaves exactly the solution's cells free is kept.

use super::Limits;
use super::board::{Board, Geometry, MAX_USAGE, NONE, Placement, axis_of};
use super::patterns::{PatternBase, Patterns};
use super::pick::Drawer;
use super::bundles::bundle_score;
use super::driver::direction_shares;
use super::prepare::{Problem, contains_either_way};
use super::rng::Rng;
use super::weave::Snapshot;
use crate::generate::Site;
use crate::model::{Direction, DirectionSet};
use std::collections::BTreeSet;

/// The largest bundle of parallel words a theme list's layout aims for
/// (issue 11's target for theme lists).
const BUNDLE_GOAL: usize = 5;
/// Crossings a word the layout aims for (issue 11's target for theme
/// lists: 0.3).
const CROSSINGS_GOAL: f64 = 0.35;
/// Ninths of the grid that should hold a solution letter.
const REGIONS_GOAL: usize = 5;

/// Energy of one free cell too many or too few.
#[allow(non_snake_case)] fn COVER() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_COVER").ok().and_then(|s| s.parse().ok()).unwrap_or(1.5)) }
/// Energy of a word missing from a direction's share.
#[allow(non_snake_case)] fn SHARE() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_SHARE").ok().and_then(|s| s.parse().ok()).unwrap_or(2.0)) }
/// Energy of each word the largest bundle holds beyond the goal.
#[allow(non_snake_case)] fn OVER_GOAL() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_OVER_GOAL").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0)) }
/// Energy of each word in a bundle with another, per bundle-mate.
#[allow(non_snake_case)] fn BUNDLED() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_BUNDLED").ok().and_then(|s| s.parse().ok()).unwrap_or(0.1)) }
/// Energy (a reward) of a cell two words share.
#[allow(non_snake_case)] fn CROSSING() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_CROSSING").ok().and_then(|s| s.parse().ok()).unwrap_or(0.3)) }
/// Energy of each ninth short of [`REGIONS_GOAL`].
#[allow(non_snake_case)] fn SPREAD() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_SPREAD").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0)) }
/// Temperatures at the first and the last step.
#[allow(non_snake_case)] fn HOT() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_HOT").ok().and_then(|s| s.parse().ok()).unwrap_or(1.5)) }
#[allow(non_snake_case)] fn COLD() -> f64 { static W: std::sync::OnceLock<f64> = std::sync::OnceLock::new(); *W.get_or_init(|| std::env::var("GP_COLD").ok().and_then(|s| s.parse().ok()).unwrap_or(0.1)) }
/// Random ways to lay a word through a cell compared per step; the one
/// pushing out the fewest words is tried.
const PROPOSALS: usize = 10;
/// Random cells drawn to find a free one or one with a given letter.
const CELL_DRAWS: usize = 64;

/// A layout under change.
#[derive(Clone)]
struct State {
    letter: Vec<u8>,
    usage: Vec<u8>,
    occupants: Vec<[u16; MAX_USAGE]>,
    placements: Vec<Placement>,
    /// Candidate index per placement; `NONE` for a fixed (must-use) word.
    candidate: Vec<u16>,
    used: Vec<bool>,
    uncovered: usize,
    free_in: [u16; 9],
    dir_count: [usize; 8],
    crossings: usize,
}

/// How good a layout is: what the energy weighs, kept apart.
#[derive(Clone, Copy)]
struct Measure {
    off: usize,
    short: usize,
    largest: usize,
    bundled: usize,
    spread_short: usize,
    crossings: usize,
    crossings_short: usize,
}

impl Measure {
    fn energy(&self) -> f64 {
        COVER() * self.off as f64
            + SHARE() * self.short as f64
            + OVER_GOAL() * self.largest.saturating_sub(BUNDLE_GOAL) as f64
            + BUNDLED() * self.bundled as f64
            + SPREAD() * self.spread_short as f64
            - CROSSING() * self.crossings as f64
    }

    /// Smaller is better, among layouts with exactly the free cells wanted.
    fn key(&self) -> (usize, usize, usize, usize, i64) {
        (
            self.short,
            self.largest.max(BUNDLE_GOAL),
            self.spread_short,
            self.crossings_short,
            (self.energy() * 16.0) as i64,
        )
    }

    fn goals_met(&self) -> bool {
        self.off == 0
            && self.short == 0
            && self.largest <= BUNDLE_GOAL
            && self.spread_short == 0
            && self.crossings_short == 0
    }
}

/// The annealer of one request.
pub(crate) struct Anneal<'p> {
    problem: &'p Problem,
    excluded: &'p BTreeSet<u32>,
    base: &'p PatternBase,
    geo: &'p Geometry,
    /// Lexicon ids of the words it may draw.
    words: Vec<u32>,
    /// Per candidate, the candidates it cannot share a grid with (one
    /// inside the other, or one exclusion group).
    conflicts: Vec<Vec<u16>>,
    dirs: Vec<Direction>,
    directions: DirectionSet,
    goal_free: usize,
    bounds: (usize, usize),
    max_usage: u8,
    max_overlap: Vec<u8>,
    playable: Vec<u16>,
    /// Whether the direction shares are asked for.
    shares: bool,
}

impl<'p> Anneal<'p> {
    /// `fixed` are the lexicon ids already on the board (must-use words):
    /// words that cannot stand beside them are left out.
    pub fn new(problem: &'p Problem, excluded: &'p BTreeSet<u32>, base: &'p PatternBase) -> Self {
        let fixed: Vec<u32> = problem.must.iter().map(|m| m.id).collect();
        let geo = &problem.geo;
        let clash = |a: u32, b: u32| {
            let (x, y) = (
                &problem.lex[a as usize].codes,
                &problem.lex[b as usize].codes,
            );
            contains_either_way(x, y)
                || contains_either_way(y, x)
                || problem.groups.get(&a).is_some_and(|ga| {
                    problem
                        .groups
                        .get(&b)
                        .is_some_and(|gb| ga.iter().any(|g| gb.contains(g)))
                })
        };
        let mut words: Vec<u32> = Vec::new();
        for pool in &problem.pools {
            for &id in &pool.all {
                if !excluded.contains(&id)
                    && !fixed.contains(&id)
                    && !words.contains(&id)
                    && !fixed.iter().any(|&f| clash(f, id))
                {
                    words.push(id);
                }
            }
        }
        let conflicts = words
            .iter()
            .map(|&a| {
                (0..words.len() as u16)
                    .filter(|&j| words[j as usize] != a && clash(a, words[j as usize]))
                    .collect()
            })
            .collect();
        let rules = &problem.spec.rules;
        Anneal {
            problem,
            excluded,
            base,
            geo,
            words,
            conflicts,
            dirs: problem.spec.directions.iter().collect(),
            directions: problem.spec.directions,
            goal_free: problem.solution.as_ref().map_or(0, Vec::len),
            bounds: problem.word_bounds,
            max_usage: rules.max_words_per_cell.clamp(1, MAX_USAGE as u8),
            max_overlap: (0..=64).map(|l| rules.max_overlaps(l) as u8).collect(),
            playable: (0..geo.cells() as u16)
                .filter(|&c| geo.playable[c as usize])
                .collect(),
            shares: true,
        }
    }

    /// Anneals the layout on the board (the first `fixed` placements stay)
    /// for up to `steps` steps; returns the best layout with exactly the
    /// solution's cells free when it is better than the board's, with
    /// those cells and their letters in reading order.
    pub fn run(
        &mut self,
        board: &Board,
        rng: &mut Rng,
        limits: &Limits,
        steps: u64,
        shares: bool,
    ) -> Option<Snapshot> {
        let solution = self.problem.solution.as_ref()?;
        self.shares = shares;
        let mut current = self.state_of(board);
        let mut measure = self.measure(&current);
        let mut energy = measure.energy();
        let mut best: Option<((usize, usize, usize, usize, i64), State)> = None;
        let mut trial = current.clone();
        let round: u64 = std::env::var("GP_ROUND").ok().and_then(|s| s.parse().ok()).unwrap_or(steps);
        let cooling = (COLD() / HOT()).powf(1.0 / round.max(1) as f64);
        let mut temperature = HOT();
        let mut done = 0u64; let mut made = 0u64; let mut accepted = 0u64;
        let t0 = std::time::Instant::now();
        for _ in 0..steps {
            done += 1;
            temperature *= cooling;
            if done % round == 0 {
                temperature = HOT();
            }
            if limits.tick(Site::Anneal).is_some() {
                break;
            }
            trial.clone_from(&current);
            if !self.step(&mut trial, rng) {
                continue;
            }
            made += 1;
            let n = trial.placements.len();
            if n < self.bounds.0 || n > self.bounds.1 {
                continue;
            }
            let m = self.measure(&trial);
            let e = m.energy();
            let accept = e <= energy || {
                let x = rng.below(1 << 24) as f64 / (1u32 << 24) as f64;
                x < (-(e - energy) / temperature).exp()
            };
            if !accept {
                continue;
            }
            accepted += 1;
            std::mem::swap(&mut current, &mut trial);
            energy = e;
            measure = m;
            if measure.off == 0
                && best.as_ref().is_none_or(|(k, _)| measure.key() < *k)
                && self.readable(&current, solution)
            {
                best = Some((measure.key(), current.clone()));
                if measure.goals_met() {
                    break;
                }
            }
        }
        if std::env::var("GP_DEBUG").is_ok() {
            let b = best.as_ref().map(|(_, s)| self.measure(s));
            eprintln!("steps {done} made {made} accepted {accepted} in {:?}", t0.elapsed());
            eprintln!("anneal: end-cur off {} short {} largest {} | best {:?}", measure.off, measure.short, measure.largest, b.map(|m| (m.short, m.largest, m.spread_short, m.crossings, m.bundled)));
        }
        let (_, state) = best?;
        let words = state
            .placements
            .iter()
            .zip(&state.candidate)
            .filter(|(_, c)| **c != NONE)
            .map(|(p, _)| (p.word, p.start, p.dir))
            .collect();
        let free = self
            .playable
            .iter()
            .copied()
            .filter(|&c| state.usage[c as usize] == 0);
        Some(Snapshot {
            words,
            kept: free.zip(solution.iter().copied()).collect(),
        })
    }

    /// Whether the layout, with the solution letters in its free cells,
    /// reads every word exactly once and no banned word: replayed on a
    /// board the way the weave will take it over.
    fn readable(&self, s: &State, solution: &[u8]) -> bool {
        let problem = self.problem;
        let mut board = Board::new(self.geo, problem.preset.clone(), &problem.spec.rules);
        let mut patterns = Patterns::new(self.base);
        let mut drawer = Drawer::new(problem, self.excluded);
        let mut cells = Vec::new();
        for (p, &c) in s.placements.iter().zip(&s.candidate) {
            if c == NONE {
                let codes = &problem.lex[p.word as usize].codes;
                board.place(p.word, codes, p.start, p.dir, &mut cells);
            }
        }
        for (p, &c) in s.placements.iter().zip(&s.candidate) {
            if c != NONE
                && drawer
                    .draw_word(&mut board, &mut patterns, p.word, p.start, p.dir)
                    .is_none()
            {
                return false;
            }
        }
        let free = board.free_cells();
        for (&c, &code) in free.iter().zip(solution) {
            let preset = board.preset[c as usize];
            if preset != 0 && preset != code {
                return false;
            }
            board.letter[c as usize] = code;
        }
        patterns.lines_ok(&board, &free, None)
    }

    /// The board's words (the must-use words) as fixed words of a state.
    fn state_of(&self, board: &Board) -> State {
        let cells = self.geo.cells();
        let mut free_in = [0u16; 9];
        for &c in &self.playable {
            free_in[self.geo.region[c as usize] as usize] += 1;
        }
        let mut state = State {
            letter: vec![0; cells],
            usage: vec![0; cells],
            occupants: vec![[NONE; MAX_USAGE]; cells],
            placements: Vec::new(),
            candidate: Vec::new(),
            used: vec![false; self.words.len()],
            uncovered: self.playable.len(),
            free_in,
            dir_count: [0; 8],
            crossings: 0,
        };
        for p in &board.placements {
            self.add(&mut state, p.word, NONE, p.start, p.dir);
        }
        state
    }

    fn measure(&self, s: &State) -> Measure {
        let n = s.placements.len();
        let required = if self.shares {
            direction_shares(n, self.directions)
        } else {
            [0; 8]
        };
        let short = (0..8)
            .map(|d| required[d].saturating_sub(s.dir_count[d]))
            .sum();
        let (largest, squares) = bundle_score(self.geo, &s.placements);
        let regions = s.free_in.iter().filter(|&&f| f > 0).count();
        Measure {
            off: s.uncovered.abs_diff(self.goal_free),
            short,
            largest,
            bundled: squares - n,
            spread_short: REGIONS_GOAL.min(self.goal_free).saturating_sub(regions),
            crossings: s.crossings,
            crossings_short: ((CROSSINGS_GOAL * n as f64).ceil() as usize).saturating_sub(s.crossings),
        }
    }

    /// One random change; false when it could not be made.
    fn step(&mut self, s: &mut State, rng: &mut Rng) -> bool {
        let drawn: usize = s.candidate.iter().filter(|&&c| c != NONE).count();
        let r = rng.below(10);
        if r < 5 || drawn == 0 {
            // Lay an unused word through a free cell.
            let Some(candidate) = (0..CELL_DRAWS)
                .map(|_| rng.below(self.words.len()) as u16)
                .find(|&c| !s.used[c as usize])
            else {
                return false;
            };
            self.lay_through_free(s, rng, candidate)
        } else {
            let k = self.random_drawn(s, rng, drawn);
            let candidate = s.candidate[k];
            self.remove(s, k);
            // Mostly moved elsewhere, sometimes just taken off.
            r == 9 || self.lay_through_free(s, rng, candidate)
        }
    }

    fn random_drawn(&self, s: &State, rng: &mut Rng, drawn: usize) -> usize {
        let nth = rng.below(drawn);
        s.candidate
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != NONE)
            .nth(nth)
            .map(|(i, _)| i)
            .expect("a drawn word")
    }

    /// A random playable cell, covered (with a letter `letter` accepts) or
    /// free; drawn by rejection (free cells are rarely fewer than the
    /// solution's letters, a letter is on about one cell in twenty).
    fn random_cell(
        &self,
        s: &State,
        rng: &mut Rng,
        letter: impl Fn(u8) -> bool,
        covered: bool,
    ) -> Option<u16> {
        for _ in 0..CELL_DRAWS {
            let c = self.playable[rng.below(self.playable.len())];
            let usage = s.usage[c as usize];
            if (usage > 0) == covered && (!covered || letter(s.letter[c as usize])) {
                return Some(c);
            }
        }
        None
    }

    /// Lays a candidate through a random free cell, the best of a few
    /// random ways (fewest words pushed out).
    fn lay_through_free(&mut self, s: &mut State, rng: &mut Rng, candidate: u16) -> bool {
        let Some(cell) = self.random_cell(s, rng, |_| true, false) else {
            return false;
        };
        let id = self.words[candidate as usize];
        let len = self.problem.lex[id as usize].codes.len();
        let mut chosen: Option<((usize, usize), u16, Direction)> = None;
        let codes = &self.problem.lex[id as usize].codes;
        for k in 0..PROPOSALS {
            let dir = self.dirs[rng.below(self.dirs.len())];
            let at = rng.below(len);
            // Every other proposal crosses a word on a letter it shares.
            let through = if k % 2 == 1 {
                let code = codes[at];
                match self.random_cell(s, rng, |l| l == code, true) {
                    Some(c) => c,
                    None => continue,
                }
            } else {
                cell
            };
            let start = self.geo.walk(through, dir.reverse(), at);
            if start == NONE {
                continue;
            }
            if let Some((pushed, shared)) = self.pushed_out(s, candidate, start, dir) {
                let rank = (pushed, usize::MAX - shared);
                if chosen.is_none_or(|(r, _, _)| rank < r) {
                    chosen = Some((rank, start, dir));
                }
            }
        }
        let Some((_, start, dir)) = chosen else {
            return false;
        };
        self.lay(s, candidate, start, dir)
    }

    /// How many words laying the candidate there pushes out, or `None`
    /// where it cannot lie (off the grid, a fixed word in the way, a
    /// pre-assigned letter).
    fn pushed_out(&self, s: &State, candidate: u16, start: u16, dir: Direction) -> Option<(usize, usize)> {
        let codes = &self.problem.lex[self.words[candidate as usize] as usize].codes;
        let geo = self.geo;
        let mut pushed = 0;
        let mut shared = 0;
        let mut cell = start;
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            if cell == NONE || !geo.playable[cell as usize] {
                return None;
            }
            let c = cell as usize;
            let usage = s.usage[c] as usize;
            if usage == 0 {
                let preset = self.problem.preset[c];
                if preset != 0 && preset != code {
                    return None;
                }
                continue;
            }
            let clash = s.letter[c] != code;
            if !clash {
                shared += 1;
            }
            for &o in &s.occupants[c][..usage] {
                if clash || axis_of(s.placements[o as usize].dir) == axis_of(dir) {
                    if s.candidate[o as usize] == NONE {
                        return None;
                    }
                    pushed += 1;
                }
            }
        }
        Some((pushed, shared))
    }

    /// Lays a candidate, pushing out the words in its way; false when the
    /// sharing rules still forbid it (the state is then spoilt).
    fn lay(&mut self, s: &mut State, candidate: u16, start: u16, dir: Direction) -> bool {
        let id = self.words[candidate as usize];
        let codes = &self.problem.lex[id as usize].codes;
        let geo = self.geo;
        let mut out: Vec<usize> = Vec::new();
        let mut cell = start;
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            let c = cell as usize;
            let clash = s.usage[c] > 0 && s.letter[c] != code;
            for &o in &s.occupants[c][..s.usage[c] as usize] {
                if clash || axis_of(s.placements[o as usize].dir) == axis_of(dir) {
                    out.push(o as usize);
                }
            }
        }
        let conflicts = &self.conflicts[candidate as usize];
        for (k, c) in s.candidate.iter().enumerate() {
            if *c != NONE && conflicts.contains(c) {
                out.push(k);
            }
        }
        out.sort_unstable_by(|a, b| b.cmp(a));
        out.dedup();
        for k in out {
            self.remove(s, k);
        }
        // The sharing rules, as `Board::fit` applies them.
        let mut overlaps = 0;
        let mut new_cells = 0;
        let mut cell = start;
        for i in 0..codes.len() {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            let c = cell as usize;
            let usage = s.usage[c];
            if usage == 0 {
                new_cells += 1;
                continue;
            }
            if usage >= self.max_usage {
                return false;
            }
            overlaps += 1;
            for &o in &s.occupants[c][..usage as usize] {
                let other = &s.placements[o as usize];
                if other.overlaps >= self.max_overlap[other.len as usize] {
                    return false;
                }
            }
        }
        if new_cells == 0 || overlaps > self.max_overlap[codes.len().min(64)] {
            return false;
        }
        self.add(s, id, candidate, start, dir);
        true
    }

    fn add(&self, s: &mut State, word: u32, candidate: u16, start: u16, dir: Direction) {
        let codes = &self.problem.lex[word as usize].codes;
        let index = s.placements.len() as u16;
        let mut overlaps = 0;
        let mut cell = start;
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 {
                cell = self.geo.next[dir.index()][cell as usize];
            }
            let c = cell as usize;
            let usage = s.usage[c] as usize;
            if usage == 0 {
                s.letter[c] = code;
                s.uncovered -= 1;
                s.free_in[self.geo.region[c] as usize] -= 1;
            } else {
                overlaps += 1;
                s.crossings += 1;
                for k in 0..usage {
                    let o = s.occupants[c][k] as usize;
                    s.placements[o].overlaps += 1;
                }
            }
            s.occupants[c][usage] = index;
            s.usage[c] += 1;
        }
        s.placements.push(Placement {
            word,
            start,
            dir,
            len: codes.len() as u8,
            overlaps,
        });
        s.candidate.push(candidate);
        if candidate != NONE {
            s.used[candidate as usize] = true;
        }
        s.dir_count[dir.index()] += 1;
    }

    fn remove(&self, s: &mut State, k: usize) {
        let p = s.placements[k];
        let geo = self.geo;
        let mut cell = p.start;
        for i in 0..p.len as usize {
            if i > 0 {
                cell = geo.next[p.dir.index()][cell as usize];
            }
            let c = cell as usize;
            let usage = s.usage[c] as usize;
            let at = s.occupants[c][..usage]
                .iter()
                .position(|&o| o as usize == k)
                .expect("the word occupies its cells");
            s.occupants[c].copy_within(at + 1..usage, at);
            s.occupants[c][usage - 1] = NONE;
            s.usage[c] -= 1;
            if usage == 1 {
                s.letter[c] = 0;
                s.uncovered += 1;
                s.free_in[geo.region[c] as usize] += 1;
            } else {
                s.crossings -= 1;
                for j in 0..usage - 1 {
                    let o = s.occupants[c][j] as usize;
                    s.placements[o].overlaps -= 1;
                }
            }
        }
        if s.candidate[k] != NONE {
            s.used[s.candidate[k] as usize] = false;
        }
        s.dir_count[p.dir.index()] -= 1;
        // The last placement takes index `k`.
        let last = s.placements.len() - 1;
        if k != last {
            let q = s.placements[last];
            let mut cell = q.start;
            for i in 0..q.len as usize {
                if i > 0 {
                    cell = geo.next[q.dir.index()][cell as usize];
                }
                for o in &mut s.occupants[cell as usize] {
                    if *o as usize == last {
                        *o = k as u16;
                    }
                }
            }
        }
        s.placements.swap_remove(k);
        s.candidate.swap_remove(k);
    }
}
