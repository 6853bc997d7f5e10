//! Runs a generation: relaxation levels, restarts, the leaf that completes
//! the grid (solution word or filler), the best effort, and the puzzle with
//! its report.

use super::anneal::{Anneal, Annealed, keep_closest};
use super::board::{Board, Placement};
use super::cover::{Cover, Swept};
use super::filler::{accidental_words, fill};
use super::goals::BUNDLE_GOAL;
use super::patterns::{PatternBase, Patterns};
use super::pick::Picker;
use super::plan::Planner;
use super::prepare::Problem;
use super::search::{FreeTarget, Outcome, Search, Tables};
use super::shares::direction_shares;
use super::sketch::RANGE_BUNDLE_GOAL;
use super::weave::{Snapshot, Weave};
use crate::error::GenerateError;
use crate::generate::rng::Rng;
use crate::generate::{Limits, Stop, luby};
use crate::model::{Direction, PlacedWord, Puzzle, Report, Solution, WordCount};
use std::collections::BTreeSet;

/// One way of asking: strict first, then relaxed.
#[derive(Clone, Copy)]
struct Level {
    shares: bool,
    target: FreeTarget,
    /// The solution word cannot be kept at this level.
    drop_solution: bool,
    /// Draw words by sweeping the free cells (exact free-cell count).
    sweep: bool,
}

/// Restart budgets follow the Luby sequence times this many nodes.
const NODE_UNIT: u64 = 128;
/// Every this many restarts the planned layout and the sweep follow a
/// failed woven layout: the German 20×20 grid needs up to 3 woven restarts
/// (with 2, 7 of 10 fell back to the planned layout and its bundles; with
/// 8, 1–2 of 10 still did, with bundles of 20). At 16 (20 seeds): German
/// all shares 19 → 20 of 20, 176 → 215 ms median; theme lists within
/// noise (heart 18 → 17 kept, 16×16 long/short 0.86 → 0.15 s median).
/// At 32 (2026-11-23, 30 seeds): the 356,000-word case no longer falls
/// back in 2 of 30 seeds (bundles 20 → at most 6, every share met); every
/// 7th `wamerican` word, 20×20, seeds 1–8: seed 2 woven (bundle 16 → 4),
/// 0.23 → 0.36 s; theme lists within noise. Theme lists, planned first,
/// do not weave on these restarts: the weave closed none of their layouts
/// (long German, 200 German, 200 and 150 long `wamerican` words, sea life;
/// 8 seeds each, 2026-11-29), while its 256 nodes took 0.4–0.7 s of each
/// level of the long German list (a node's scan of 111 long words costs
/// about 2.5 ms, some 80 times what `Site::Weave` prices it at). Without
/// it, 30 seeds: long German 4.5 → 3.7 s median, kept 23 → 24.
const FALLBACK_EVERY: u64 = 32;
/// Vocabularies up to this size are theme lists, laid out by the planner
/// first: 50 sea-life words on a 17×15 heart kept the solution word in 1
/// of 20 seeds woven first, 18 of 20 planned first (10 s each). Exact
/// counts go planned first too: 40 of 70,000 German words took 133 ms
/// (median) woven first, 12 ms planned first.
const THEME_LIST: usize = 300;
/// Sketches (see `sketch`) a range of words around a solution word from a
/// large vocabulary gets when its woven puzzle misses a largest bundle of
/// 4 (`sketch::RANGE_BUNDLE_GOAL`): the next restart only sketches, and
/// the better of the two puzzles by `layout_key` is kept. 70k German,
/// 20×20, `--pick 60-80`, SONNENSCHEIN, 16 seeds (2026-11-28): woven and
/// untangled, bundle 7 (10), 0.25 s median; two sketches on the first
/// restart instead of the weave, 11 of 16 seeds sketched (bundle 4), the
/// rest woven: 4 (11), 1.2 s; four sketches, 13 of 16: 4 (6) at 1.5 s
/// median but up to 7 s (a sketch that finds no layout costs 1–2 s).
/// Woven first: a request the weave already serves (70k German on the
/// heart, `--pick 40-55`: bundles 3–4) keeps its puzzle and its 0.1 s.
/// Exact counts, whose first puzzle is already sketched (planned first),
/// sketch again the same way when it misses `goals::BUNDLE_GOAL`: 70k
/// German, 20×20, `--pick 40`, SONNENSCHEIN, 30 seeds (2026-11-29):
/// bundle 5 (6) → 5 (5), every share and 0.22 s median both.
const SKETCHED_RANGES: usize = 2;
/// Restarts that only sketch while the best puzzle misses the bundle
/// goal; any feasible sketch is filled, and the better puzzle by
/// `layout_key` kept (a sketch restart used to take only a sketch that
/// met every goal). 70k German, 20×20, `--pick 60-80`, SONNENSCHEIN, 30
/// seeds (2026-11-29), puzzles over a bundle of 4 / median time: one
/// restart, goals met only: 8 / 0.75 s; one, any feasible sketch: 3 /
/// 0.62 s; two: 2; three: 1; three, also after a sketched puzzle still
/// over the goal: 0 / 0.65 s (at most 2.9 s).
const SKETCH_RESTARTS: u64 = 3;
// The planner sketches only its first `SKETCHES` plans.
const _: () = assert!(SKETCHED_RANGES <= super::plan::SKETCHES);
/// Layouts planned per leaf when the woven layout failed.
const PLANS_PER_LEAF: usize = 256;
/// Complete plans whose slots the words could not fill, after which the
/// planner counts as unfit for this request and may fail only
/// `FILLS_WHEN_UNFIT` fills a leaf. Large vocabularies fill the first complete plan (German, `--pick
/// 40`: 0 failed fills); theme lists almost never fill one (50 sea-life
/// words on the 17×15 heart: 222 failed fills in the first 256 plans and
/// no plan filled in 10 seeds; 30 long + 20 short words on 16×16: none
/// filled in 6 seeds) while each leaf's 256 plans cost ~0.4 s that the
/// sweep, which finds their layouts, needed. 30 seeds, median / max: heart
/// 2.3 s / 5.0 s, 26 of 30 kept → 0.68 s / 2.5 s, 30 of 30 (8: 0.39 s, but
/// long/short 0.12 → 0.52 s median; 32: 0.12 s).
const PLANNER_TRIAL_FILLS: u64 = 32;
/// Failed fills a leaf's planner may make once it is unfit: one, so that a
/// request it can serve now and then still gets it.
const FILLS_WHEN_UNFIT: u64 = 1;
/// Restart budgets of the solution-word layout follow the Luby sequence
/// times this many nodes: a layout of 20×20 takes 60–80 nodes without
/// backtracking; a failing start is better restarted than searched longer
/// (1024 was no better than 256).
const WEAVE_UNIT: u64 = 256;
/// Holes a finished woven layout gets rewoven in to break up bundles of
/// parallel words (see `weave::untangle`). German 20×20 cases, 30 seeds,
/// median largest bundle / median time, 70k | 356k words (2026-11-23, with
/// the bundle-aware weave and the bucketed readings check, refills of 80
/// nodes): none 10 / 28 ms; 32 moves 7 / 95 ms | 6 / 91 ms; 48 moves 5–6 /
/// 125 ms | 4 / 125 ms (noise between runs: ±1 in the median bundle); with
/// 150-node refills 48 moves reach 4 | 4 in 148 | 140 ms.
const UNTANGLE_MOVES: usize = 48;

/// A planned or swept layout (theme lists, the woven layout's fallback) is
/// untangled when the vocabularies hold at least this many times the words
/// the layout needs, and the word count is not exact. 17×15 heart,
/// MEERESGRUND, seeds 1–6: 100 or 173 `wamerican` words, median crossings
/// a word 0.10 → 0.32, largest bundle 8–14 → 6–11, 0.1 → 0.5 s; but the
/// 50 sea-life words (30 used) and the 50 long/short words (36 used), 30
/// seeds: bundle 14 → 14 and 17 → 16, crossings 0.40 → 0.36 and 0.36 →
/// 0.29, 6–7× the time (their refills have almost no words left to use).
/// An exact count leaves a refill no freedom: 40 of 70,000 German words,
/// bundle 14 → 13 at 13 → 97 ms median.
const SPARE_WORDS_TO_UNTANGLE: usize = 2;
/// Holes an adopted layout gets rewoven in: its refills draw from a small
/// vocabulary, most of the gain comes early. 100 and 173 `wamerican` words
/// on the heart, seeds 1–6: 48 moves 1.0–3.3 s | 0.3–0.8 s, 16 moves
/// 0.3–2.0 s | 0.1–0.7 s, the same crossings and bundles within a seed or
/// two.
const ADOPTED_MOVES: usize = 16;

/// Theme lists with fewer than this many times the words their layout
/// needs are annealed (`ANNEAL_STEPS`; from twice as many, a layout the
/// annealing cannot better is still untangled). 50 sea-life words on the
/// 17×15 diamond and triangle (19–21 words used): untangled, bundles 7–12
/// and a direction short in 4 of 4 seeds (1–2); annealed, seeds 1–3,
/// bundles 3–5 and every share in 6 of 6, 0.15–1.2 s. The star uses 15–18
/// words (3.1× at most): at 4 its seeds 2–3 were annealed to every share
/// too, but 100 random `wamerican` words on the 17×15 heart (3.3×), seeds
/// 1–6, annealed: 3 seeds better (bundles 7–8 → 5–6, shares met), 1
/// worse, at 1.3–1.8 s instead of 0.4–1.4 s. Since the annealer fits
/// words into the last free cells (`anneal::FIT_STEPS`), 10: 200
/// `wamerican` words on the heart (6.4×), seeds 1–6, untangled: bundle
/// 8 (14), shares 1/6, 0.3 s; annealed: 6 (6), 6/6, 2.3–3.1 s. A
/// 300-word list (the most a theme list has) on a 20×20 grid needs about
/// 40 words, so every theme list with a range is annealed but one on a
/// small grid.
const ANNEALED_SPARE_WORDS: usize = 10;
/// Finished puzzles a small theme list's run collects (with a solution
/// word and a word range) before it returns the best by `layout_key`:
/// their layouts come from the sweep, whose bundles vary 7–18 between
/// seeds, and untangling needs spare words they lack. 30 seeds, median
/// largest bundle / median time / max time, sea life on the 17×15 heart |
/// 50 long/short words on 16×16: 1 layout 14 / 0.12 s / 1.7 s | 17 / 0.07
/// s / 1.0 s; 3 layouts 11 / 0.76 s / 2.1 s | 12 / 0.47 s / 2.6 s; 5
/// layouts 11 / 1.2 s / 2.3 s | 12 / 0.68 s / 2.7 s. Since each layout is
/// annealed (`ANNEAL_STEPS`), the first that meets the layout goals ends
/// the run (`layout_goals_met`): most runs keep their first layout.
const PORTFOLIO_LAYOUTS: usize = 3;
/// …or until the run has done this many times the work that found the
/// first (a bound on the time; 3 and 5 gave the same puzzles in 30 seeds).
const PORTFOLIO_WORK: u64 = 3;

/// Annealing steps a small theme list's planned or swept layout gets at
/// most: three rounds (see `anneal::ROUND`). A run that meets the layout
/// goals stops there; on the two 50-word benchmark lists that took 40,000
/// to 250,000 steps (2.3–3.4 µs a step), and a third round met them in a
/// few more seeds (one round of 300,000: 9 and 7 of 10 seeds).
const ANNEAL_STEPS: u64 = 300_000;

/// Annealings from the bare board a theme list's run may try when the
/// planner and the sweep found no layout: back to back while they have
/// closed none in the run, then on a level's first restart and every
/// `RESCUE_EVERY`th; a run whose rescues are spent, holding a rescued
/// puzzle, with nothing ever planned or swept, ends there
/// (`Runner::rescued_enough`). Lists the sweep rarely closes, 17×15
/// heart, MEERESGRUND: 150 random `wamerican` words (mean 8 letters) kept
/// the solution in 6 of 12 seeds without, 7 with; a 200-word German
/// sample (4–12 letters) 0 of 8 without, 6 with. The long German and the
/// 200-word lists never close a planned or swept layout (8 seeds each):
/// with rescues on the first and every 32nd restart only, 31 restarts of
/// sweeping in vain came between two rescues. Each rescue has draws and
/// a work budget of its own (see `Layouts::own_budget`; on the level's
/// budget and draws the sea-life list's sweeps, left less work or other
/// draws, gave bundles of 6 in seeds 5 and 22). 30 seeds, kept / median
/// largest bundle (most) / every share / median time, every 32nd restart
/// → back to back (2026-11-29): 86 long + 25 short German 28 → 28, 6 (10)
/// → 5 (10), 29 → 29, 5.2 → 3.9 s; 200 German 30 → 30, 5 (9) → 5 (10), 5
/// → 7, 3.7 → 3.6 s; 200 `wamerican` 30 → 30, 5 (6) → 5 (6), 30 → 30, 1.8
/// → 1.3 s; 50 sea-life words the same puzzles, 0.34 → 0.30 s (with the
/// annealing's faster steps). Six rescues instead of four: the same
/// figures in 12 seeds (one long German seed bundle 5 instead of 7).
/// Rescued on the level's budget and draws instead: long German 29/30, 7
/// (11), 18, 2.5 s. On the 8th restart instead of the 32nd (before the
/// first-restart rescue): 5 of 6 and 2 of 4 (the annealing then takes
/// time the sweep would have used).
const ANNEAL_RESCUES: usize = 4;
/// Rescues a run may try instead once one of them came within a near
/// miss of the solution's count (`Anneal::came_close`). 86 long + 25
/// short German, 30 seeds (2026-11-29), kept / puzzles with bundles ≤ 5
/// and every share / mean time, 4 → 8 rescues for every run: 28 → 29, 16
/// → 21, 2.3 → 2.5 s (median 2.2 s both; seed 21, 1 cell off after four,
/// kept). The 200-word lists and the sea-life list the same puzzles.
/// The 150 long `wamerican` words, whose rescues end 23–41 cells off,
/// gained nothing and took 4.6 → 6.4 s: hence only when close.
const CLOSE_RESCUES: usize = 8;
/// Rescues raced at once while the run rescues back to back (see
/// `Layouts::annealed`): a constant, not the machine's cores, so that the
/// winner, the run that meets every goal in the fewest steps, does not
/// depend on the machine. Before, the later rescue ran ahead on the other
/// core and waited: 86 long + 25 short German words (18×18, LEBENSLAUF,
/// seed 2) had the second rescue meet every goal after 49,500 steps
/// (0.3 s) while the first ran its 300,000 in vain (2.7 s). Raced, 30
/// seeds on two cores (2026-12-07), kept / largest bundle / every share
/// the same on every row of `BENCHMARKS.md`'s table, median time: long
/// German 4.28 → 3.87 s (seed 2 2.65 → 0.25 s, seed 28 2.82 → 0.61 s),
/// 200 `wamerican` 1.58 → 1.07 s, sea life 0.43 → 0.34 s, 200 German
/// 5.12 → 5.30 s and 150 long `wamerican` 8.20 → 8.45 s (noise: their
/// rescues rarely meet every goal). More than two not measured: on two
/// cores a third run takes the other two's time.
const RESCUES_RACED: usize = 2;
/// See `ANNEAL_RESCUES`.
const RESCUE_EVERY: u64 = 32;
/// Annealings a run without a solution word may try when the picker could
/// not place a theme list. Four theme-list requests of `BENCHMARKS.md`'s
/// fifteenth-session table (figure 2 on 14×14, sea life 40 on 16×16 and
/// 25 on the heart, autumn on 15×15), seeds 1–6: 23 of 24 runs needed at
/// most one (figure 2, seed 5: two); the rest bounds the time a request
/// that cannot be met spends annealing.
const PICK_ANNEALS: usize = 4;

/// The best partial result so far: placements and how good they are.
#[derive(Default)]
struct Best {
    score: Option<(usize, isize)>,
    placements: Vec<(u32, u16, Direction)>,
}

impl Best {
    fn offer(&mut self, board: &Board, solution_len: Option<usize>) {
        let miss = solution_len.map_or(0, |l| -((board.free as isize - l as isize).abs()));
        let score = (board.placements.len(), miss);
        if self.score.is_none_or(|s| score > s) {
            self.score = Some(score);
            self.placements = snapshot(&board.placements);
        }
    }

    /// Takes the deepest arrangement of must-use words a search reached
    /// when it holds more words than the best so far.
    fn offer_deepest(&mut self, deepest: &[(u32, u16, Direction)]) {
        if deepest.len() > self.placements.len() && self.score.is_none_or(|s| s.0 < deepest.len()) {
            self.score = Some((deepest.len(), isize::MIN));
            self.placements = deepest.to_vec();
        }
    }
}

fn snapshot(placements: &[Placement]) -> Vec<(u32, u16, Direction)> {
    placements
        .iter()
        .map(|p| (p.word, p.start, p.dir))
        .collect()
}

/// A seed that stands for a layout (FNV-1a over its words' ids, starts
/// and directions): draws that depend on the layout only.
fn layout_seed(words: &[(u32, u16, Direction)]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &(id, start, dir) in words {
        for value in [u64::from(id), u64::from(start), dir.index() as u64] {
            hash = (hash ^ value).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Which layout holds the drawn words of a leaf.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    /// None (no solution word: the picker's words, or none drawn).
    Nothing,
    Woven,
    Planned,
    Swept,
}

/// What a request decides once, before its levels: which layout comes
/// first, which are untangled or annealed, the shares to meet.
struct Request {
    picking: bool,
    word_bounds: (usize, usize),
    solution_len: Option<usize>,
    required: [usize; 8],
    /// The shares once the solution word is left out (for
    /// `Problem::dropped_word_bounds`).
    dropped_required: [usize; 8],
    /// The word count a planned or swept layout aims for, and its shares.
    plan_words: usize,
    plan_required: [usize; 8],
    planned_first: bool,
    /// Lists of at most `THEME_LIST` words: no woven layout of their own
    /// (the weave only adopts theirs; see `FALLBACK_EVERY`).
    theme_list: bool,
    /// A count of words around a solution word from a large vocabulary:
    /// the largest bundle beyond which its first puzzle sends the next
    /// restart to sketch (see `SKETCHED_RANGES`).
    sketch_over: Option<usize>,
    untangle_adopted: bool,
    /// Theme lists with a solution word and a word range can be annealed.
    theme_range: bool,
    /// …and small ones collect a few layouts (see `PORTFOLIO_LAYOUTS`).
    portfolio: bool,
}

impl Request {
    fn new(problem: &Problem) -> Self {
        let spec = &problem.spec;
        let picking = spec.pick.is_some() && !problem.pools.is_empty();
        let (min_words, target_words) = problem.word_bounds;
        let required = direction_shares(
            if picking {
                target_words
            } else {
                problem.must.len()
            },
            spec.directions,
        );
        // The planned layout (the fallback for solution words) needs one
        // word count: the one asked for, or the count the words' lengths
        // suggest.
        let plan_words = planned_word_count(problem);
        let theme_list = problem.pools.iter().all(|p| p.all.len() <= THEME_LIST);
        let planned_first = theme_list || min_words == target_words;
        // Refills of a planned or swept layout need words to choose from.
        let vocabulary: usize = problem.pools.iter().map(|p| p.all.len()).sum();
        let untangle_adopted =
            min_words != target_words && vocabulary >= SPARE_WORDS_TO_UNTANGLE * plan_words;
        let solution_len = problem.solution.as_ref().map(Vec::len);
        let theme_range =
            picking && solution_len.is_some() && planned_first && min_words != target_words;
        Request {
            picking,
            word_bounds: problem.word_bounds,
            solution_len,
            required,
            dropped_required: direction_shares(problem.dropped_word_bounds.1, spec.directions),
            plan_words,
            plan_required: direction_shares(plan_words, spec.directions),
            planned_first,
            theme_list,
            sketch_over: match spec.pick {
                Some(WordCount::Between(..)) => Some(RANGE_BUNDLE_GOAL),
                Some(WordCount::Exact(_)) => Some(BUNDLE_GOAL),
                Some(WordCount::Auto) | None => None,
            }
            .filter(|_| solution_len.is_some() && !theme_list),
            untangle_adopted,
            theme_range,
            portfolio: theme_range && vocabulary < ANNEALED_SPARE_WORDS * plan_words,
        }
    }

    /// The direction shares a level asks of the drawn words, and of the
    /// must-use words alone (none when drawn words make them up).
    fn shares(&self, level: &Level) -> ([usize; 8], [usize; 8]) {
        let required = match (level.shares, level.drop_solution) {
            (false, _) => [0; 8],
            (true, false) => self.required,
            (true, true) => self.dropped_required,
        };
        (required, if self.picking { [0; 8] } else { required })
    }

    /// Whether a level draws from theme lists without a solution word
    /// (none asked for, or left out): its picks are annealed when the
    /// picker cannot place them (see `PICK_ANNEALS`).
    fn theme_pick(&self, level: &Level) -> bool {
        self.picking && self.theme_list && (self.solution_len.is_none() || level.drop_solution)
    }

    fn planner<'p>(&self, problem: &'p Problem, excluded: &'p BTreeSet<u32>) -> Planner<'p> {
        Planner::new(problem, excluded, self.plan_words, self.plan_required)
    }

    fn cover<'p>(&self, problem: &'p Problem, excluded: &'p BTreeSet<u32>) -> Cover<'p> {
        Cover::new(problem, excluded, self.plan_words, self.plan_required)
    }

    /// The levels to try: when the words cannot cover every cell but the
    /// solution's even without a single overlap, straight to the level
    /// that says so.
    fn levels(&self, problem: &Problem) -> Vec<Level> {
        levels(self.picking, self.solution_len)
            .into_iter()
            .filter(|l| l.drop_solution || !self.picking || cover_shortfall(problem).is_none())
            .collect()
    }
}

/// The layout methods of one restart, with what they share across
/// restarts (the weave and the annealer of the level, the counts of
/// failed fills and rescues).
struct Layouts<'a, 'p> {
    request: &'a Request,
    weave: &'a mut Weave<'p>,
    planner: Planner<'p>,
    cover: Cover<'p>,
    anneal: Option<&'a mut Anneal<'p>>,
    restart: u64,
    /// Whether this restart sketches first (see `SKETCHED_RANGES`).
    sketch_now: bool,
    budget: u64,
    /// The work budget the level started with.
    level_budget: u64,
    /// The run's seed (a rescue's draws are seeded from it).
    seed: u64,
    /// Failed fills of the planner in earlier restarts.
    failed_fills: u64,
    rescues: &'a mut usize,
    /// Whether the planner or the sweep closed a layout in this run.
    constructed: &'a mut bool,
    /// Rescue annealings run ahead of their turn (see `Layouts::annealed`).
    ahead: &'a mut Vec<RescueAhead>,
}

/// A rescue annealing run ahead of its turn, and what it started from.
struct RescueAhead {
    /// Which rescue of the run it is.
    number: usize,
    /// The words on the board it started from, and how many stay fixed.
    from: (usize, Vec<(u32, u16, Direction)>),
    annealed: Annealed,
}

impl Layouts<'_, '_> {
    /// Lays the drawn words out around the solution's cells, untangled or
    /// annealed where the request allows; the method that holds them, or
    /// `None` with the board as it was.
    fn lay_out(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Option<Method> {
        let first_drawn = board.placements.len();
        let (mut method, mut annealed) =
            self.construct(board, patterns, rng, limits, first_drawn)?;
        // Small theme lists: the planned or swept layout is annealed (see
        // `ANNEAL_STEPS`), the weave taking the result over. On a work
        // budget of its own, as large as the level's: a rescue may have
        // spent most of the level's, and a layout found after it, cut
        // short, lost to the rescued one (sea life, seed 5: bundle 6
        // instead of 5).
        let own_budget = self.own_budget(limits);
        if method != Method::Woven
            && self.request.portfolio
            && let Some(anneal) = self.anneal.as_deref_mut()
        {
            // Annealed, even when the annealing found nothing better: the
            // untangling below cannot improve what the annealing kept, and
            // on long words its weave takes seconds (86 long German words,
            // seed 4: 4.3 s for the same puzzle).
            annealed = true;
            if let Some(better) = anneal.run(board, first_drawn, rng, &own_budget) {
                let layout = layout_of(board, first_drawn);
                self.clear(method, board, patterns);
                // `Anneal::run` checked the readings: the fallback to the
                // layout it started from is never expected.
                if !self.weave.adopt(board, patterns, &better)
                    && !self.weave.adopt(board, patterns, &layout)
                {
                    return None;
                }
                method = Method::Woven;
            }
        }
        // A planned or swept layout is untangled like a woven one, the
        // weave taking it over (see `SPARE_WORDS_TO_UNTANGLE`).
        let mut moves = UNTANGLE_MOVES;
        if method != Method::Woven && self.request.untangle_adopted {
            moves = ADOPTED_MOVES;
            let layout = layout_of(board, first_drawn);
            self.clear(method, board, patterns);
            if !self.weave.adopt(board, patterns, &layout) {
                return None;
            }
            method = Method::Woven;
        }
        if method == Method::Woven
            && !annealed
            && (self.request.untangle_adopted || !self.request.planned_first)
            && !self.weave.untangle(board, patterns, rng, limits, moves)
        {
            return None;
        }
        Some(method)
    }

    /// The first layout of the leaf: woven first; the planned layout and
    /// the sweep of the earlier versions keep every request they met
    /// (small theme lists on ragged shapes, mostly). Small theme lists
    /// weave poorly (the most hemmed-in cell often has no word left) and
    /// an exact count rarely comes out woven: planned first there. Then
    /// now and then an annealing from the bare board. Also whether the
    /// annealer made it.
    fn construct(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        first_drawn: usize,
    ) -> Option<(Method, bool)> {
        // The woven puzzle missed a range's bundle goal: this restart
        // sketches, and only sketches (the woven puzzle stands otherwise).
        if self.sketch_now {
            let sketched = self.planner.sketches()
                && matches!(
                    self.planner.run_sketches(
                        board,
                        patterns,
                        rng,
                        &limits.detached(),
                        SKETCHED_RANGES
                    ),
                    Swept::Done
                );
            return sketched.then_some((Method::Planned, false));
        }
        let fallback_now = self.restart.is_multiple_of(FALLBACK_EVERY);
        let weave_now = !self.request.planned_first || (fallback_now && !self.request.theme_list);
        let plan_now = self.request.planned_first || fallback_now;
        if weave_now
            && matches!(
                self.weave.run(board, patterns, rng, limits, self.budget),
                Swept::Done
            )
        {
            return Some((Method::Woven, false));
        }
        if !plan_now {
            return None;
        }
        let failed = self.failed_fills + self.planner.failed_fills;
        let fills = match PLANNER_TRIAL_FILLS.saturating_sub(failed) {
            0 => FILLS_WHEN_UNFIT,
            left => left,
        };
        if matches!(
            self.planner
                .run(board, patterns, rng, limits, PLANS_PER_LEAF, fills),
            Swept::Done
        ) {
            *self.constructed = true;
            return Some((Method::Planned, false));
        }
        if matches!(
            self.cover.run(board, patterns, rng, limits, self.budget),
            Swept::Done
        ) {
            *self.constructed = true;
            return Some((Method::Swept, false));
        }
        self.rescue(board, patterns, limits, first_drawn)
    }

    /// An annealing from the bare board when neither the planner nor the
    /// sweep found a layout (see `ANNEAL_RESCUES`); its near miss repaired
    /// by the sweep.
    fn rescue(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        limits: &Limits,
        first_drawn: usize,
    ) -> Option<(Method, bool)> {
        // Back to back while the planner and the sweep have closed nothing
        // in this run (see `ANNEAL_RESCUES`).
        let rescue_now =
            !*self.constructed || self.restart == 1 || self.restart.is_multiple_of(RESCUE_EVERY);
        if *self.rescues >= rescues_allowed(self.anneal.as_deref()) || !rescue_now {
            return None;
        }
        *self.rescues += 1;
        let annealed = self.annealed(board, first_drawn, *self.rescues, limits)?;
        self.anneal.as_deref_mut()?.absorb(&annealed);
        let Some(layout) = annealed.layout else {
            return self.repair(board, patterns, limits, annealed.near_miss);
        };
        self.weave
            .adopt(board, patterns, &layout)
            .then_some((Method::Woven, true))
    }

    /// Rescue `number`'s annealing: run ahead already, or run now. While
    /// the run rescues back to back, the next rescue races it (see
    /// `RESCUES_RACED`, `Anneal::run_each`): the one that meets every goal
    /// in fewer steps comes back (and counts the rescues up to it as
    /// spent); when neither does, this one comes back and the next is
    /// kept for the next restart, which would have run it exactly so (its
    /// own draws and budget, from the same board).
    fn annealed(
        &mut self,
        board: &Board,
        first_drawn: usize,
        number: usize,
        limits: &Limits,
    ) -> Option<Annealed> {
        let from = (first_drawn, snapshot(&board.placements));
        if let Some(at) = self
            .ahead
            .iter()
            .position(|a| a.number == number && a.from == from)
        {
            return Some(self.ahead.swap_remove(at).annealed);
        }
        self.ahead.clear();
        let alongside = if *self.constructed { 1 } else { RESCUES_RACED };
        let last = rescues_allowed(self.anneal.as_deref()).min(number + alongside - 1);
        // Draws and a work budget of its own (as large as the level's): the
        // restarts after a rescue go as they would have without it, so a
        // list the sweep serves keeps its layouts and the rescued one only
        // competes with them (see `ANNEAL_RESCUES`).
        let runs: Vec<(u64, Limits)> = (number..=last)
            .map(|k| {
                let draws = self.seed ^ layout_seed(&[(k as u32, 0, Direction::E)]);
                (draws, self.own_budget(limits))
            })
            .collect();
        let anneal = self.anneal.as_deref()?;
        let (won, first, ahead) = anneal.run_each(board, first_drawn, &runs);
        *self.rescues = number + won;
        for (later, annealed) in (number + 1..).zip(ahead) {
            self.ahead.push(RescueAhead {
                number: later,
                from: from.clone(),
                annealed,
            });
        }
        first
    }

    /// A work budget of its own, as large as the level's, for an
    /// annealing that must not take the level's restarts their time.
    fn own_budget(&self, limits: &Limits) -> Limits {
        limits
            .detached()
            .with_budget(self.level_budget, limits.deadline)
    }

    /// A rescue annealing's near miss (a few cells off) repaired by the
    /// sweep refilling holes around its free cells; the layout is then
    /// annealed on like a swept one. The repair has a node budget of its
    /// own (deterministic like the work budget): the annealing may have
    /// spent the level's.
    fn repair(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        limits: &Limits,
        near_miss: Option<Vec<(u32, u16, Direction)>>,
    ) -> Option<(Method, bool)> {
        let anneal = self.anneal.as_deref()?;
        let near = near_miss?;
        let asked = (self.request.word_bounds, anneal.asks_shares());
        // Draws of its own, seeded by the near miss: a repair that fails
        // leaves the run as it would have gone without it.
        let mut rng = Rng::new(layout_seed(&near));
        let repaired =
            self.cover
                .repair(board, patterns, &mut rng, &limits.detached(), &near, asked);
        matches!(repaired, Swept::Done).then_some((Method::Swept, false))
    }

    /// Takes the words of `method`'s layout off the board.
    fn clear(&mut self, method: Method, board: &mut Board, patterns: &mut Patterns) {
        match method {
            Method::Woven => self.weave.clear(board, patterns),
            Method::Planned => self.planner.clear(board, patterns),
            Method::Swept => self.cover.clear(board, patterns),
            Method::Nothing => {}
        }
    }
}

/// The finished puzzles of a run that collects a few (small theme lists,
/// see `PORTFOLIO_LAYOUTS`) or retries one whose solution reads as a block.
#[derive(Default)]
struct Finds {
    best: Option<(LayoutKey, Generated)>,
    first_work: Option<u64>,
    count: usize,
}

impl Finds {
    /// Takes a finished puzzle; the one to return when the run should end.
    fn offer(&mut self, result: Generated, portfolio: bool, limits: &Limits) -> Option<Generated> {
        let blocked = result.0.report.quality.solution_blocks > 0;
        if !portfolio && !blocked {
            return Some(result);
        }
        // Small theme lists: a few layouts, the best kept (see
        // `PORTFOLIO_LAYOUTS`); other requests try again, as often, when
        // the solution reads as a block (issue 34).
        let key = layout_key(&result.0);
        let first_work = *self.first_work.get_or_insert(limits.work().max(1));
        if self.best.as_ref().is_none_or(|(k, _)| key < *k) {
            self.best = Some((key, result));
        }
        self.count += 1;
        let best = &self.best.as_ref().expect("a layout").1.0;
        let met = if portfolio {
            layout_goals_met(best)
        } else {
            best.report.quality.solution_blocks == 0
        };
        if met || self.count >= PORTFOLIO_LAYOUTS || limits.work() >= PORTFOLIO_WORK * first_work {
            return self.best.take().map(|(_, r)| r);
        }
        None
    }
}

/// What one leaf of the must-word search does: draws the words (a layout
/// around the solution, or the picker's) and completes the grid.
struct Leaf<'a, 'p> {
    problem: &'p Problem,
    request: &'a Request,
    level: &'a Level,
    limits: &'a Limits,
    layouts: Layouts<'a, 'p>,
    picker: Picker<'p>,
    best: &'a mut Best,
}

impl Leaf<'_, '_> {
    /// True when the grid is complete; otherwise the drawn words are off
    /// the board again.
    fn complete(&mut self, board: &mut Board, patterns: &mut Patterns, rng: &mut Rng) -> bool {
        let (request, level) = (self.request, self.level);
        let mut method = Method::Nothing;
        if request.picking && level.sweep {
            match self.layouts.lay_out(board, patterns, rng, self.limits) {
                Some(m) => method = m,
                None => return false,
            }
        } else if request.picking {
            let first_drawn = board.placements.len();
            match self.picker.run(board, patterns, rng, self.limits) {
                Ok(placed) if self.anneal_picks(board, patterns, rng, first_drawn, placed) => {}
                _ => {
                    self.best.offer(board, request.solution_len);
                    self.picker.clear(board, patterns);
                    return false;
                }
            }
        }
        self.best.offer(board, request.solution_len);
        let done = complete_grid(self.problem, board, patterns, rng, level);
        if !done {
            self.layouts.clear(method, board, patterns);
            if request.picking && !level.sweep {
                self.picker.clear(board, patterns);
            }
        }
        done
    }
}

impl Leaf<'_, '_> {
    /// A theme list's picks (without a solution word) annealed towards
    /// the layout goals, and towards the count when the picker could not
    /// place them all (`placed` false: long words, a small grid), the
    /// picker taking the result over. Whether the board holds a complete
    /// layout.
    fn anneal_picks(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        first_drawn: usize,
        placed: bool,
    ) -> bool {
        if !self.request.theme_pick(self.level)
            || (!placed && *self.layouts.rescues >= PICK_ANNEALS)
        {
            return placed;
        }
        let Some(anneal) = self.layouts.anneal.as_deref_mut() else {
            return placed;
        };
        if !placed {
            *self.layouts.rescues += 1;
        }
        let Some(layout) = anneal.run(board, first_drawn, rng, self.limits) else {
            return placed;
        };
        let picked = snapshot(&board.placements[first_drawn..]);
        self.picker.adopt(board, patterns, &layout.words)
            || (placed && self.picker.adopt(board, patterns, &picked))
    }
}

/// How a level ended.
enum LevelEnd {
    Puzzle(Box<Generated>),
    /// Its search failed without rejecting a leaf: no puzzle exists.
    Proven,
    /// Its share of the work is spent.
    Spent,
}

/// One generation: the request's levels with their restarts, and what
/// they found so far.
struct Runner<'a, 'p> {
    problem: &'p Problem,
    tables: &'a Tables,
    base: &'a PatternBase,
    excluded: &'p BTreeSet<u32>,
    seed: u64,
    limits: &'a Limits,
    request: Request,
    rng: Rng,
    finds: Finds,
    best: Best,
    nodes: u64,
    restarts: u32,
    failed_fills: u64,
    rescues: usize,
    /// Whether the planner or the sweep closed a layout in this run.
    constructed: bool,
    /// The restart that only sketches (see `SKETCHED_RANGES`).
    sketch_restart: Option<u64>,
    /// Restarts that sketched so far (see `SKETCH_RESTARTS`).
    sketched: u64,
    /// The best puzzle so far when it missed the request's bundle goal,
    /// kept while the next restart sketches.
    unsketched: Option<Generated>,
    /// The free cells of the closest layout an annealing reached (see
    /// `Anneal::closest_free`), for the message of a dropped solution word.
    closest_free: Option<usize>,
}

impl<'a, 'p: 'a> Runner<'a, 'p> {
    /// The level's annealer: small theme lists around a solution word
    /// (`Request::theme_range`) and theme lists drawn from without one.
    fn annealer(&self, level: &Level) -> Option<Anneal<'a>> {
        let annealed = (self.request.theme_range && level.sweep) || self.request.theme_pick(level);
        annealed.then(|| {
            let anneal = Anneal::new(
                self.problem,
                (self.excluded, self.base),
                level.shares,
                ANNEAL_STEPS,
            );
            if level.drop_solution {
                anneal.without_solution()
            } else {
                anneal
            }
        })
    }

    /// The puzzle of a finished board, when the run should end with it
    /// (see [`Finds::offer`]).
    fn found(&mut self, board: &Board, level: &Level, restart: u64) -> Option<Generated> {
        let stats = (self.nodes, self.restarts + restart as u32 - 1);
        let result = build(
            self.problem,
            board,
            level,
            self.seed,
            stats,
            (&[], self.closest_free),
        );
        let result = match self.unsketched.take() {
            Some(earlier) if layout_key(&earlier.0) < layout_key(&result.0) => earlier,
            _ => result,
        };
        if self.sketch_again(restart, &result) {
            self.unsketched = Some(result);
            return None;
        }
        self.finds
            .offer(result, self.request.portfolio, self.limits)
    }

    /// Whether the next restart only sketches (see `SKETCH_RESTARTS`): the
    /// best puzzle so far misses the request's bundle goal and sketching
    /// restarts are left.
    fn sketch_again(&mut self, restart: u64, best: &Generated) -> bool {
        let Some(goal) = self.request.sketch_over else {
            return false;
        };
        if best.0.report.quality.largest_bundle <= goal || self.sketched >= SKETCH_RESTARTS {
            return false;
        }
        self.sketched += 1;
        self.sketch_restart = Some(restart + 1);
        true
    }

    /// After a restart that sketched without a puzzle, the best one so
    /// far, taken as it would have been (or retried, when its solution
    /// reads as a block: `None`), unless another restart sketches.
    fn unsketched_after(&mut self, restart: u64, outcome: &Outcome) -> Option<Generated> {
        if self.sketch_restart != Some(restart) || matches!(outcome, Outcome::Found) {
            return None;
        }
        let best = self.unsketched.take()?;
        if self.sketch_again(restart, &best) {
            self.unsketched = Some(best);
            return None;
        }
        self.finds.offer(best, self.request.portfolio, self.limits)
    }

    /// Keeps the annealing's closest layout when it is closer to the
    /// solution's count than the earlier levels'.
    fn note_closest(&mut self, anneal: Option<&Anneal>) {
        if let (Some(anneal), Some(goal)) = (anneal, self.request.solution_len)
            && let Some(free) = anneal.closest_free()
        {
            keep_closest(&mut self.closest_free, free, goal);
        }
    }

    /// Restarts the level's search (Luby budgets) until it finds the
    /// puzzle, proves there is none, or spends its work.
    fn level(&mut self, level: &Level, limits: &Limits) -> Result<LevelEnd, GenerateError> {
        let problem = self.problem;
        let (required, must_shares, bounds) = self.words_asked(level);
        let mut weave = Weave::new(problem, self.excluded, level.shares);
        let mut anneal = self.annealer(level);
        let mut ahead = Vec::new();
        let level_budget = limits.work_left();
        let (mut restart, mut proven) = (0u64, false);
        loop {
            restart += 1;
            let mut board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
            let mut patterns = Patterns::new(self.base);
            let mut search = Search::new(problem, self.tables, &board, level.target, must_shares);
            let mut leaf = Leaf {
                problem,
                request: &self.request,
                level,
                limits,
                layouts: Layouts {
                    request: &self.request,
                    weave: &mut weave,
                    planner: self.request.planner(problem, self.excluded),
                    cover: self.request.cover(problem, self.excluded),
                    anneal: anneal.as_mut(),
                    restart,
                    sketch_now: self.sketch_restart == Some(restart),
                    budget: WEAVE_UNIT * luby(restart),
                    level_budget,
                    seed: self.seed,
                    failed_fills: self.failed_fills,
                    rescues: &mut self.rescues,
                    constructed: &mut self.constructed,
                    ahead: &mut ahead,
                },
                picker: Picker::new(problem, self.excluded, bounds, required),
                best: &mut self.best,
            };
            let outcome = search.run(
                &mut board,
                &mut patterns,
                &mut self.rng,
                limits,
                NODE_UNIT * luby(restart),
                &mut |b, p, r| leaf.complete(b, p, r),
            );
            self.nodes += search.nodes;
            self.failed_fills += leaf.layouts.planner.failed_fills;
            self.best.offer_deepest(&search.deepest);
            if let Some(done) = self.unsketched_after(restart, &outcome) {
                return Ok(LevelEnd::Puzzle(Box::new(done)));
            }
            match outcome {
                Outcome::Found => {
                    if let Some(done) = self.found(&board, level, restart) {
                        return Ok(LevelEnd::Puzzle(Box::new(done)));
                    }
                    // The next restart starts from a fresh board: the weave
                    // must forget the words it drew onto this one.
                    weave = Weave::new(problem, self.excluded, level.shares);
                    continue;
                }
                Outcome::Failed if search.leaf_rejections == 0 => {
                    proven = true;
                    break;
                }
                Outcome::Failed | Outcome::NodeLimit => {}
                Outcome::Stopped(Stop::Cancelled) => return Err(GenerateError::Cancelled),
                Outcome::Stopped(Stop::Deadline | Stop::Budget) => break,
            }
            match limits.poll() {
                Some(Stop::Cancelled) => return Err(GenerateError::Cancelled),
                Some(_) => break,
                None if self.rescued_enough(anneal.as_ref()) => break,
                None => {}
            }
        }
        self.restarts += restart as u32 - 1;
        self.note_closest(anneal.as_ref());
        Ok(self.level_end(proven))
    }

    /// What a level asks of its words: the direction shares of the drawn
    /// words and of the must-use words alone, and the drawn words' bounds.
    fn words_asked(&self, level: &Level) -> ([usize; 8], [usize; 8], (usize, usize)) {
        let (required, must_shares) = self.request.shares(level);
        let bounds = self.problem.word_bounds_for(level.drop_solution);
        (required, must_shares, bounds)
    }

    /// Whether a theme list's run ends with the rescued puzzles it holds:
    /// its rescues are spent and the planner and the sweep never closed a
    /// layout, so more restarts would only sweep in vain.
    fn rescued_enough(&self, anneal: Option<&Anneal>) -> bool {
        self.request.portfolio
            && !self.constructed
            && self.rescues >= rescues_allowed(anneal)
            && self.finds.best.is_some()
    }

    /// How a level without a puzzle to return at once ended: with the best
    /// it collected, else proven or spent.
    fn level_end(&mut self, proven: bool) -> LevelEnd {
        let found = self.finds.best.take().map(|(_, r)| r);
        match found.or_else(|| self.unsketched.take()) {
            Some(result) => LevelEnd::Puzzle(Box::new(result)),
            None if proven => LevelEnd::Proven,
            None => LevelEnd::Spent,
        }
    }
}

/// Generates one puzzle; returns it with the lexicon ids it used.
pub(crate) fn run(
    problem: &Problem,
    tables: &Tables,
    base: &PatternBase,
    seed: u64,
    limits: &Limits,
    excluded: &BTreeSet<u32>,
) -> Result<(Puzzle, Vec<u32>), GenerateError> {
    let request = Request::new(problem);
    let levels = request.levels(problem);
    let mut runner = Runner {
        problem,
        tables,
        base,
        excluded,
        seed,
        limits,
        request,
        rng: Rng::new(seed),
        finds: Finds::default(),
        best: Best::default(),
        nodes: 0,
        restarts: 0,
        failed_fills: 0,
        rescues: 0,
        constructed: false,
        sketch_restart: None,
        sketched: 0,
        unsketched: None,
        closest_free: None,
    };
    let mut proven = 0;
    for (i, level) in levels.iter().enumerate() {
        // Each level gets an equal share of the work left (the last all of
        // it): levels switch, and a run ends, on work alone, at the same
        // point on every machine (the clock only as the backstop).
        let left = limits.work_left();
        let level_limits = limits.with_budget(left / (levels.len() - i) as u64, limits.deadline);
        match runner.level(level, &level_limits)? {
            LevelEnd::Puzzle(puzzle) => return Ok(*puzzle),
            LevelEnd::Proven => proven += 1,
            LevelEnd::Spent => {}
        }
    }
    if proven == levels.len() && !runner.request.picking {
        return Err(GenerateError::NoSolution(format!(
            "the {} must-use words cannot all be placed in this shape under the rules{}",
            problem.must.len(),
            if runner.request.solution_len.is_some() {
                " with the solution word"
            } else {
                ""
            }
        )));
    }
    let stats = (runner.nodes, runner.restarts);
    best_effort(
        problem,
        runner.best,
        seed,
        &mut runner.rng,
        (stats, runner.closest_free),
    )
}

/// Rescues a run may try (see `ANNEAL_RESCUES`, `CLOSE_RESCUES`).
fn rescues_allowed(anneal: Option<&Anneal>) -> usize {
    if anneal.is_some_and(Anneal::came_close) {
        CLOSE_RESCUES
    } else {
        ANNEAL_RESCUES
    }
}

type LayoutKey = (usize, usize, usize, usize);
/// A puzzle with the lexicon ids it used.
type Generated = (Puzzle, Vec<u32>);

/// How good a finished puzzle's layout is, smaller is better: runs of
/// solution letters side by side (they spoil the puzzle), directions
/// short of their share, the largest bundle, the words in bundles.
fn layout_key(puzzle: &Puzzle) -> LayoutKey {
    let q = &puzzle.report.quality;
    (
        q.solution_blocks,
        puzzle.report.relaxed.len(),
        q.largest_bundle,
        q.bundled_words,
    )
}

/// Whether a finished theme-list puzzle meets issue 11's layout goals:
/// every direction share, bundles of at most 5, 0.3 crossings a word —
/// and issue 34's: no four solution letters side by side.
fn layout_goals_met(puzzle: &Puzzle) -> bool {
    let q = &puzzle.report.quality;
    puzzle.report.relaxed.is_empty()
        && q.largest_bundle <= 5
        && q.crossings * 10 >= 3 * puzzle.words.len()
        && q.solution_blocks == 0
}

/// The words drawn from `first` on (in the order drawn) and the cells kept
/// for the solution with their letters.
fn layout_of(board: &Board, first: usize) -> Snapshot {
    Snapshot {
        words: snapshot(&board.placements[first..]),
        kept: (0..board.geo.cells() as u16)
            .filter(|&c| board.is_reserved(c))
            .map(|c| (c, board.letter[c as usize]))
            .collect(),
    }
}

/// The word count for a planned layout: the count asked for, or (a range,
/// auto) the cells to cover over the words' mean length less a letter for
/// overlaps, within the bounds.
fn planned_word_count(problem: &Problem) -> usize {
    let (min, max) = problem.word_bounds;
    if min == max {
        return min;
    }
    let letters: Vec<usize> = problem
        .pools
        .iter()
        .flat_map(|p| p.all.iter().map(|&id| problem.lex.codes(id as usize).len()))
        .collect();
    let mean = letters.iter().sum::<usize>() as f64 / letters.len().max(1) as f64;
    let cover = problem
        .spec
        .mask
        .playable_count()
        .saturating_sub(problem.solution.as_ref().map_or(0, Vec::len));
    let estimate = (cover as f64 / (mean - 1.0).max(2.0)).round() as usize;
    estimate.clamp(min, max.min(min.max(letters.len() + problem.must.len())))
}

/// `(most cells the words can cover, cells they must cover)` when the
/// first is short of the second, with a solution word.
fn cover_shortfall(problem: &Problem) -> Option<(usize, usize)> {
    let solution = problem.solution.as_ref()?;
    let needed = problem
        .spec
        .mask
        .playable_count()
        .saturating_sub(solution.len());
    (problem.max_cover < needed).then_some((problem.max_cover, needed))
}

/// What would cover `needed` cells when the words asked for cannot: the
/// fewest words of the vocabularies that could even without a shared
/// letter, and the count that words of their mean length, a letter shared
/// each, fill (as [`planned_word_count`] estimates), or how many letters
/// of words are missing when all of them are too few.
fn cover_advice(problem: &Problem, needed: usize) -> String {
    let must: usize = problem
        .must
        .iter()
        .map(|m| problem.lex.codes(m.id as usize).len())
        .sum();
    let mut lengths: Vec<usize> = problem
        .pools
        .iter()
        .flat_map(|p| p.all.iter().map(|&id| problem.lex.codes(id as usize).len()))
        .collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    let all: usize = must + lengths.iter().sum::<usize>();
    if all < needed {
        let mean = all as f64 / (lengths.len() + problem.must.len()).max(1) as f64;
        let missing = needed - all;
        return format!(
            "about {} more words of {mean:.1} letters are needed (at least {missing} more letters), or a smaller grid or a longer solution word",
            (missing as f64 / (mean - 1.0).max(1.0)).ceil() as usize
        );
    }
    let mut covered = must;
    let fewest = problem.must.len()
        + lengths
            .iter()
            .take_while(|&&len| {
                let short = covered < needed;
                covered += len;
                short
            })
            .count();
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64;
    let estimate = problem.must.len()
        + (needed.saturating_sub(must) as f64 / (mean - 1.0).max(1.0)).ceil() as usize;
    let from = estimate.max(fewest);
    let available = problem.must.len() + lengths.len();
    if from > available {
        return format!(
            "no fewer than {fewest} words can cover them, and about {from} of the vocabularies' mean length ({mean:.1} letters) fill the grid, more than the {available} they hold: add words, or use a smaller grid or a longer solution word"
        );
    }
    format!(
        "no fewer than {fewest} words can cover them; about {from} of the vocabularies' mean length ({mean:.1} letters) fill the grid (--pick {from}-{})",
        (from + from / 3).min(available)
    )
}

fn levels(picking: bool, solution_len: Option<usize>) -> Vec<Level> {
    let level = |shares, min, max, drop_solution, sweep| Level {
        shares,
        target: FreeTarget { min, max },
        drop_solution,
        sweep,
    };
    match (picking, solution_len) {
        // The sweep covers all but the solution cells; must-use words only
        // need room left for them.
        (true, Some(l)) => vec![
            level(true, l, usize::MAX, false, true),
            level(false, l, usize::MAX, false, true),
            level(true, 0, usize::MAX, true, false),
            level(false, 0, usize::MAX, true, false),
        ],
        (true, None) | (false, None) => vec![
            level(true, 0, usize::MAX, false, false),
            level(false, 0, usize::MAX, false, false),
        ],
        // Without drawn words the free-cell count may be out of reach (too
        // few letters, say): the last level keeps the words and drops the
        // solution word, saying so.
        (false, Some(l)) => vec![
            level(true, l, l, false, false),
            level(false, l, l, false, false),
            level(false, 0, usize::MAX, true, false),
        ],
    }
}

/// The readings every run checks: must-use words and banned words.
pub(crate) fn base_patterns(problem: &Problem) -> PatternBase {
    let must = problem
        .must
        .iter()
        .map(|m| (problem.lex.codes(m.id as usize), Some(m.id)));
    let banned = problem.banned.iter().map(|b| (&b[..], None));
    PatternBase::new(problem.alphabet.len(), must.chain(banned))
}

/// Writes the solution word or filler into the free cells; false if that
/// cannot be done without a forbidden reading.
fn complete_grid(
    problem: &Problem,
    board: &mut Board,
    patterns: &Patterns,
    rng: &mut Rng,
    level: &Level,
) -> bool {
    let free = board.free_cells();
    let clear = |board: &mut Board| {
        for &c in &free {
            board.letter[c as usize] = 0;
        }
    };
    if let Some(solution) = problem.solution.as_ref().filter(|_| !level.drop_solution) {
        if free.len() != solution.len() {
            return false;
        }
        for (&c, &code) in free.iter().zip(solution) {
            let preset = board.preset[c as usize];
            if preset != 0 && preset != code {
                clear(board);
                return false;
            }
            board.letter[c as usize] = code;
        }
        if !patterns.lines_ok(board, &free, None) {
            clear(board);
            return false;
        }
        return true;
    }
    // Filler: a few tries to avoid accidental vocabulary words.
    let count_accidents = !problem.pools.is_empty();
    let mut best: Option<(usize, Vec<u8>)> = None;
    for _ in 0..if count_accidents { 3 } else { 1 } {
        clear(board);
        if !fill(problem, board, patterns, rng) {
            continue;
        }
        let accidents = if count_accidents {
            accidental_words(problem, board).len()
        } else {
            0
        };
        if best.as_ref().is_none_or(|(a, _)| accidents < *a) {
            best = Some((
                accidents,
                free.iter().map(|&c| board.letter[c as usize]).collect(),
            ));
        }
        if accidents == 0 {
            break;
        }
    }
    let Some((_, letters)) = best else {
        clear(board);
        return false;
    };
    for (&c, l) in free.iter().zip(letters) {
        board.letter[c as usize] = l;
    }
    // The whole grid once more: cheap, and it guards every step above.
    if !patterns.board_ok(board) {
        clear(board);
        return false;
    }
    true
}

/// Rebuilds the best partial arrangement and completes it without the
/// solution word if need be.
fn best_effort(
    problem: &Problem,
    best: Best,
    seed: u64,
    rng: &mut Rng,
    (stats, closest_free): ((u64, u32), Option<usize>),
) -> Result<(Puzzle, Vec<u32>), GenerateError> {
    if best.placements.is_empty() {
        return Err(GenerateError::TimedOut(
            "not a single word could be placed".into(),
        ));
    }
    let mut board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
    let banned = PatternBase::new(
        problem.alphabet.len(),
        problem.banned.iter().map(|b| (&b[..], None)),
    );
    let mut patterns = Patterns::new(&banned);
    let mut cells = Vec::new();
    for &(id, start, dir) in &best.placements {
        let codes = problem.lex.codes(id as usize);
        board.place(id, codes, start, dir, &mut cells);
        patterns.push(codes, Some(id));
    }
    let solution_fits = problem
        .solution
        .as_ref()
        .is_some_and(|s| s.len() == board.free);
    let level = Level {
        shares: false,
        target: FreeTarget {
            min: 0,
            max: usize::MAX,
        },
        drop_solution: !solution_fits,
        sweep: false,
    };
    if !complete_grid(problem, &mut board, &patterns, rng, &level) {
        return Err(GenerateError::TimedOut(
            "the best arrangement found could not be completed".into(),
        ));
    }
    let placed: BTreeSet<u32> = best.placements.iter().map(|p| p.0).collect();
    let missing: Vec<u32> = problem
        .must
        .iter()
        .filter(|m| !placed.contains(&m.id))
        .map(|m| m.id)
        .collect();
    Ok(build(
        problem,
        &board,
        &level,
        seed,
        stats,
        (&missing, closest_free),
    ))
}

/// The puzzle from a completed board.
fn build(
    problem: &Problem,
    board: &Board,
    level: &Level,
    seed: u64,
    (nodes, restarts): (u64, u32),
    (missing, closest_free): (&[u32], Option<usize>),
) -> (Puzzle, Vec<u32>) {
    let spec = &problem.spec;
    let geo = board.geo;
    let mask = &spec.mask;
    let (grid, words) = grid_and_words(problem, board);
    let solution = match (&problem.solution, level.drop_solution) {
        (Some(s), false) => Some(Solution {
            word: problem.text(s),
            cells: board.free_cells().into_iter().map(|c| geo.pos(c)).collect(),
            groups: spec.solution.as_ref().map_or(vec![s.len()], |w| {
                crate::model::word::letter_groups(&w.printed, spec.umlauts, s.len())
            }),
        }),
        _ => None,
    };
    let (relaxed, counts) = relaxations(problem, board, level, &words, (missing, closest_free));
    let playable = mask.playable_count();
    let accidental = if problem.pools.is_empty() {
        Vec::new()
    } else {
        accidental_words(problem, board)
    };
    let report = Report {
        relaxed,
        density: (playable - board.free) as f64 / playable as f64,
        accidental_words: accidental,
        direction_counts: spec
            .directions
            .iter()
            .map(|d| (d, counts[d.index()]))
            .collect(),
        nodes,
        restarts,
        notes: problem.notes.clone(),
        quality: Default::default(),
        words_asked: spec.pick,
        unplaced: missing
            .iter()
            .map(|&id| problem.text(problem.lex.codes(id as usize)))
            .collect(),
        cut_short: false,
    };
    let ids = board.placements.iter().map(|p| p.word).collect();
    let mut puzzle = Puzzle {
        mask: mask.clone(),
        directions: spec.directions,
        seed,
        grid,
        words,
        body: crate::model::Body::WordSearch {
            rules: spec.rules,
            solution,
        },
        report,
    };
    // Measured on the finished puzzle, not from the search's bookkeeping.
    puzzle.report.quality = crate::verify::quality::measure(&puzzle);
    (puzzle, ids)
}

/// What a finished puzzle had to relax, in the report's words (must-use
/// words left out, fewer words than asked, the solution word left out and
/// why, directions short of their share), and the words per direction.
fn relaxations(
    problem: &Problem,
    board: &Board,
    level: &Level,
    words: &[PlacedWord],
    (missing, closest_free): (&[u32], Option<usize>),
) -> (Vec<String>, [usize; 8]) {
    let spec = &problem.spec;
    let mut relaxed = Vec::new();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|&id| problem.printed(id)).collect();
        relaxed.push(format!(
            "placed {} of {} must-use words; not placed: {}",
            problem.must.len() - missing.len(),
            problem.must.len(),
            names.join(", ")
        ));
    }
    if let (Some(s), true) = (&problem.solution, level.drop_solution) {
        let why = match cover_shortfall(problem).filter(|_| spec.pick.is_some()) {
            Some((most, needed)) => format!(
                "{} can cover at most {most} of the {needed} cells around it; {}",
                match problem.word_bounds.1 {
                    usize::MAX => "all the words of the vocabularies".to_string(),
                    n => format!("{n} words"),
                },
                cover_advice(problem, needed)
            ),
            // An annealing's closest layout, when one ran: the puzzle's
            // own free cells are those of a layout made without the
            // solution word.
            None => format!(
                "the closest arrangement found leaves {} cells free",
                closest_free.unwrap_or(board.free)
            ),
        };
        relaxed.push(format!(
            "solution word {} ({} letters) left out: {why}",
            problem.text(s),
            s.len(),
        ));
    }
    // After the solution word: that it is left out is the news.
    let fewest = problem.word_bounds_for(level.drop_solution).0;
    if spec.pick.is_some() && words.len() < fewest && missing.is_empty() {
        relaxed.push(match spec.pick {
            // "auto words asked for" read as a typo (an editor's week
            // under Xvfb).
            Some(crate::model::WordCount::Auto) => format!(
                "{} words placed, fewer than the {fewest} the grid needs",
                words.len(),
            ),
            _ => format!(
                "{} words asked for, {} placed",
                problem.words_asked(),
                words.len()
            ),
        });
    }
    let mut counts = [0usize; 8];
    for w in words {
        counts[w.direction.index()] += 1;
    }
    let wanted_shares = direction_shares(words.len(), spec.directions);
    for d in spec.directions.iter() {
        let want = wanted_shares[d.index()];
        if counts[d.index()] < want {
            relaxed.push(format!(
                "direction {d} carries {} of {} words (at least {want} wanted for a 10 % share)",
                counts[d.index()],
                words.len()
            ));
        }
    }
    (relaxed, counts)
}

/// The letters of a completed board by row and column, and its placed
/// words as the puzzle lists them.
fn grid_and_words(problem: &Problem, board: &Board) -> (Vec<Vec<Option<char>>>, Vec<PlacedWord>) {
    let geo = board.geo;
    let mask = &problem.spec.mask;
    let grid = (0..mask.height())
        .map(|r| {
            (0..mask.width())
                .map(|c| {
                    let cell = r * mask.width() + c;
                    (geo.playable[cell] && board.letter[cell] != 0)
                        .then(|| problem.alphabet[board.letter[cell] as usize - 1])
                })
                .collect()
        })
        .collect();
    let words: Vec<PlacedWord> = board
        .placements
        .iter()
        .map(|p| PlacedWord {
            word: problem.text(problem.lex.codes(p.word as usize)),
            display: problem.printed(p.word).to_string(),
            start: geo.pos(p.start),
            direction: p.dir,
            vocabulary: problem.vocabulary_name(p.word).to_string(),
            clue: None,
            clue_edited: false,
        })
        .collect();
    (grid, words)
}
