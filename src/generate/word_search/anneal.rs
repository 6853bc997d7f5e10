//! Simulated annealing over whole layouts of a theme list: words are
//! laid through free cells (pushing out the words in their way), moved and
//! taken off, with the free-cell count, the direction shares, the bundles
//! of parallel words and the crossings as one soft objective. The best
//! layout that leaves exactly the solution's cells free is kept.

use super::board::{Board, Geometry, MAX_USAGE, NONE, Placement, axis_of};
use super::bundles::BundleCounter;
use super::goals::{BUNDLE_GOAL, Key, REPAIRABLE_BUNDLE, Shortfalls, solution_blocks_in};
use super::patterns::{PatternBase, Patterns};
use super::pick::Drawer;
use super::prepare::{Problem, contains_either_way};
use super::shares::direction_shares;
use super::weave::Snapshot;
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::{Direction, DirectionSet};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod refill;

/// Crossings a word the layout aims for (issue 11's target for theme
/// lists: 0.3).
const CROSSINGS_GOAL: f64 = 0.35;
/// Ninths of the grid that should hold a solution letter.
const REGIONS_GOAL: usize = 5;

// The weights below were chosen on two 50-word lists, 10–16 seeds each
// (2026-11-23, sixth session): sea life on the 17×15 heart (MEERESGRUND)
// and 30 long + 20 short `wamerican` words on 16×16 (LIGHTHOUSE); "goals"
// counts puzzles with every share, bundles ≤ 5 and ≥ 0.3 crossings a word.

/// Energy of one free cell too many or too few (or a word short of the
/// fewest asked for). Goals met, sea life | long/short, 10 seeds: 2.5: 5 |
/// 4; 1.5: 8 | 6 (1.0 s median each); 1.0: 9 | 10 (0.36 s | 0.17 s); 0.7
/// (16 seeds): 15 | 16 at 0.66 s | 0.24 s, 1.0 15 | 16 at 0.41 s | 0.17 s.
/// Low enough that a word can be pushed out and its cells stay free for a
/// while.
const COVER: f64 = 1.0;
/// Energy of a word short of the fewest asked for without a solution word,
/// where no free-cell term weighs its letters. Theme lists the picker
/// could not place, seeds 1–6 (2026-11-27): 25 of the 34 words of figure
/// 2 on 14×14 | 40 of 51 sea-life words on 16×16, median time: 1.0: 22–23
/// | 36–37 words (the annealer drops words to meet the other goals); 3.0:
/// all, 1.1 s | 0.22 s; 6.0: all, 0.35 s | 0.18 s; 10.0: all, 0.8 s | 0.15
/// s. About a word's letters less its crossings.
const WORD_SHORT: f64 = 6.0;
/// Energy of each vocabulary a drawn word's vocabulary comes after in the
/// priority order (a word of the second list: 1, of the third: 2); the
/// run keeps the layout with the fewest such words first. Six sea animals
/// before WoSeCon's figure 2 list, 14 words on 16×16, seeds 0–9
/// (`tests/generator.rs` asks 50 of the 60): without this term the
/// annealing swapped them for the second list's (39 of 60 kept); at 4.0
/// all 60 stay. About a word's crossing reward and share together.
const DEMOTED: f64 = 4.0;
/// Energy of a word missing from a direction's share: above a free cell,
/// so that shares are not traded for coverage (every share met in 32 of
/// 32 puzzles).
const SHARE: f64 = 2.0;
/// Energy of each word the largest bundle holds beyond [`super::goals::BUNDLE_GOAL`]:
/// at 1.0 the largest bundles ended at 5–7, at 2.0 at 5 (or less).
const OVER_GOAL: f64 = 2.0;
/// Energy of a word per bundle-mate (squared bundle sizes less the words):
/// at 0.3 the bundle terms outweighed the free cells and runs ended 5–14
/// cells off; 0.1 breaks ties between layouts with the same largest bundle.
const BUNDLED: f64 = 0.1;
/// Energy (a reward) of a cell two words share: at 0.3, 0.19–0.23
/// crossings a word; at 0.6 with every other proposal crossing a word
/// ([`PROPOSALS`]) 0.33–0.46.
const CROSSING: f64 = 0.6;
/// Energy of each ninth short of [`REGIONS_GOAL`] (5–8 ninths in every run).
const SPREAD: f64 = 1.0;
/// Energy of two words that read as one (RQ.P.01), a quality goal as in
/// `Board::forms_compound`.
const COMPOUND: f64 = 1.0;
/// Energy of each run of four solution letters side by side (issue 34:
/// the solver must not read WÄLD of WÄLDER before finding a word), as
/// `quality::solution_blocks` counts them; a layout with one misses a
/// goal. The autumn list (32 long words drawn, 18×18 around a 9×9 ad
/// corner, "Bunt sind schon die Wälder"), 8 seeds: 0.5 left none in 5
/// (at most 2), against 3–14 in every seed without the term; at 1.5 two
/// seeds lost the solution word. The 56 recorded solution requests
/// (`tests/solution_words.rs`) were unchanged: one block in one.
const BLOCK: f64 = 0.5;
/// Steps of the round that follows a run whose best layout still reads
/// the solution as a block (issue 34: never), from [`HOT`] down to 0.1,
/// on a step count of its own. The autumn list (32 long words drawn, 18×18
/// around a 9×9 ad corner), seeds 1–24 at the default time limit: 2 seeds
/// kept blocks (4 and 1) whose rescue annealing the level's budget had cut
/// short; cold (0.3) for 100,000 steps they kept them, one hot round of
/// 300,000 cleared both (0.1 s more; most polishes end early).
const POLISH_STEPS: u64 = 300_000;
/// Energy of a block while polishing, on top of [`BLOCK`]: at 4 one of the
/// two kept its block, at 1 the other's bundle grew to 10; 2 cleared both.
const POLISH_BLOCK: f64 = 2.0;
/// Temperature at the start of a round: about the cost of a word pushed
/// out. Goals met at 1.0: 6 | 6 of 10; at 2.5: 9 | 10 but 0.75 s | 0.30 s
/// median against 0.41 s | 0.17 s at 1.5.
const HOT: f64 = 1.5;
/// Steps of one round from [`HOT`] down to 0.1; the next round heats up
/// again from where the last ended. 16 seeds, goals met and median time:
/// 50,000: 14 | 16, 0.79 s | 0.46 s; 100,000: 16 | 16, 0.51 s | 0.49 s;
/// 200,000: 15 | 15; one round of 300,000: 9 | 7 of 10 (runs froze a few
/// cells off).
const ROUND: u64 = 100_000;
/// How far a round cools: ln([`HOT`] / 0.1) = ln 15, written out
/// (`f64::ln` may differ in the last bit between platforms' maths
/// libraries). A round ends at 0.1; at 0.2, 6 | 10 of 10 goals met.
const LN_HOT_OVER_COLD: f64 = 2.708_050_201_102_21;
/// Random ways to lay a word compared per step (half through a free cell,
/// half crossing a word on a letter they share); the one pushing out the
/// fewest words, then sharing the most cells, is tried. 6 ways, all through
/// free cells: 0.08–0.19 crossings a word.
const PROPOSALS: usize = 10;
/// Random cells drawn to find a free one or one with a given letter (free
/// cells are rarely fewer than the solution's letters, a letter is on
/// about one cell in twenty), or an unused candidate. A free or lettered
/// cell is now drawn straight from its set with the chance these draws
/// had of missing ([`Anneal::draw_cell`]): drawing it from the set without
/// that chance (2026-12-07, thirty-second session) made steps that used
/// to fail cheaply do full work.
const CELL_DRAWS: usize = 64;

/// Steps in ten that, while more cells are free than the solution's,
/// first try to fit an unused word through a free cell without pushing
/// one out ([`Anneal::fit_free`]). Without them a list short of three-
/// and four-letter words never got its last scattered cells covered:
/// 200 `wamerican` words of 4–10 letters on the 17×15 heart (10 of
/// four letters) had an exact cover in 4 to 12,000 of 120,000–300,000
/// steps, against 57,000 of 87,000 for the sea-life list (7 of its 50
/// words of three or four letters). Seeds 1–6, annealed: 200
/// `wamerican`, largest bundle median (most) and shares met: 0: 7 (9),
/// 3/6; 1: 6 (9), 4/6; 3: 6 (6), 6/6; 5: 5 (6), 5/6. 200 German words
/// (rescue annealing), solution kept: 0: 3/6; 3: 6/6; 5: 5/6. Sea life
/// on the heart: the same bundles (4–5) at 3, one of 6 at 5; the autumn
/// list around its ad corner: the same at 3, one seed 9 → 15 at 5.
const FIT_STEPS: usize = 3;
/// Unused candidates a fitting move tries through one free cell, each in
/// one random direction at every offset over the cell: the first value
/// tried, not tuned (a move that finds none costs up to 24 × 10 of the
/// cell checks an ordinary step makes ten of).
const FIT_CANDIDATES: usize = 24;

/// Steps into a round after which a layout still off the solution's count
/// is checked for a dead end ([`in_dead_end`]); a round in one starts
/// again from where the run started, hot, with a round's steps before it.
/// Rounds of rescue annealings of the 86 long + 25 short German words
/// (18×18, LEBENSLAUF; seeds 31–60, 358 rounds, the layout traced every
/// 5,000 steps): of those whose layout 10,000 steps in missed 4 or more
/// words of the direction shares, 0 of 135 met every goal later in the
/// round; with a bundle over 5 (and fewer short), 1 of 119; the other
/// 104 rounds met every goal 18 times. The two dead ends last: at 30,000
/// and 60,000 steps in they hold about as many rounds (236 and 234), and
/// none of those met every goal. At 5,000 steps the bundle test would
/// have cut 6 of the 19 rounds that met every goal. Restarting them, long
/// German, largest bundle 5 or less (the goal most often missed) in 29
/// of seeds 1–30 | 56 of 31–90 | 57 of 1001–1060, against 25 | 45 | 41,
/// every seed kept (58 of the fresh 60 before), median 2.0–2.1 s against
/// 4.5 s; 200 `wamerican` words on the heart 1.16 → 0.71 s, a bundle of
/// 6 in 1 seed of 30 against 3; the 200 German words, the sea-life heart
/// and the 150 long `wamerican` words the same within the noise (every
/// share 13 against 12 of 30; 0.37 and 0.36 s; none kept either way).
const DEAD_END_PROBE: u64 = 10_000;
/// Words short of the direction shares that make a dead end (see
/// [`DEAD_END_PROBE`]): 10,000 steps in, the long German rounds missed
/// 0–3 (223 rounds, 19 met every goal later) or 4–9 (135, none); in a
/// dead end the long words fill the rows and columns and no diagonal word
/// gets in without pushing out several.
const DEAD_END_SHARES_SHORT: usize = 4;

/// Cells off the solution's count a near miss may be and still be
/// repaired (`take_near_miss`). The 86 long + 25 short German words
/// (18×18, LEBENSLAUF), whose rescue annealings end 1–2 cells off, 12
/// seeds: 11 of 12 kept (10 without the repair). At up to 9 cells off, a
/// run whose words had drifted into rows and columns was repaired into a
/// layout without a diagonal word and a bundle of 23.
const NEAR_MISS_OFF: usize = 3;

/// Steps between two refills ([`Anneal::refill`]) once the round has
/// cooled below [`REFILL_BELOW`], while more cells are free than the
/// solution's. A frozen run sat 9 cells off for 50,000 steps (86 long + 25
/// short German, 18×18, seed 1), where refills took it to 1–5 off or
/// exact; the first exact layout a refill makes is taken whatever its
/// energy (they cost crossings: 14.4 → 23.4), the annealing mending the
/// rest, unless its bundle is beyond what a near miss may hold (taking
/// any refill that came nearer left bundles of 18–19). Every 500, 1,000
/// or 2,000 steps, below 0.25, 0.5 or 1.0: the same within 12 seeds'
/// noise on the long German, 200 German and 200 `wamerican` lists.
const REFILL_EVERY: u64 = 1_000;
/// See [`REFILL_EVERY`].
const REFILL_BELOW: f64 = 0.5;

/// Steps a rescue annealing (`run_each`) may go on to, past its usual
/// `steps`, while the best exact layout it holds misses a direction share:
/// twice the driver's 300,000. A rescue's layouts of the 200 German words
/// on the 17×15 heart (MEERESGRUND) were exact but one axis short (23
/// words, one or two row words where the shares ask four) when its steps
/// ran out. Going on, 30 seeds: every share 7 → 12, largest bundle 5 (10)
/// → 5 (9), 2.29 → 3.21 s median (a run that meets every goal stops
/// there; one that does not goes on until the level's work budget ends
/// it, after 480,000–500,000 steps: 600,000 and 1,000,000 gave the same
/// puzzles). Only while shares are short: going on whenever a goal was
/// missed (a bundle over 5 too) took the 200 `wamerican` words 0.89 →
/// 1.34 s for the same bundles; going on from a near miss too, 150 long
/// `wamerican` words 4.4 → 5.6 s for nothing. A direction short of its
/// share drawn for every 2nd or 3rd proposal while going on: 4 and 3 of
/// 12 seeds instead of 4, bundles 5 (10) and 5 (7).
const RESCUE_STEPS_SHORT_OF_SHARES: u64 = 600_000;

/// The bit sets a proposal's floor (`Anneal::cells_after`) marks, 64 a
/// word, kept from step to step.
#[derive(Clone, Default)]
struct Scratch {
    /// Cells already counted.
    seen: Vec<u64>,
    /// Placements pushed out.
    out: Vec<u64>,
}

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
    /// The free playable cells as bits (64 cells a word): the block count
    /// scans these, not every cell.
    free: Vec<u64>,
    /// The covered cells by letter as bits, [`Anneal::set_words`] words a
    /// letter code (code 0 unused): a crossing way's cell is drawn from
    /// these.
    by_letter: Vec<u64>,
    dir_count: [usize; 8],
    crossings: usize,
    /// Whether a word was laid or taken off since the state was copied:
    /// a trial without changes is still its layout's copy, and the next
    /// step need not copy it again (most steps are turned down before
    /// they change it; the copies were 2–4 % of the time in a profile).
    changed: bool,
}

/// The `n`th cell (from 0) of a bit set holding more than `n`.
fn nth_cell(bits: &[u64], mut n: usize) -> u16 {
    for (i, &word) in bits.iter().enumerate() {
        let ones = word.count_ones() as usize;
        if n >= ones {
            n -= ones;
            continue;
        }
        let mut left = word;
        for _ in 0..n {
            left &= left - 1;
        }
        return (i * 64 + left.trailing_zeros() as usize) as u16;
    }
    unreachable!("a set holding more than n cells")
}

/// The cells of a bit set, in order.
fn cells_of(bits: &[u64]) -> impl Iterator<Item = u16> + '_ {
    bits.iter().enumerate().flat_map(|(i, &word)| {
        let mut left = word;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let bit = left.trailing_zeros() as usize;
                left &= left - 1;
                (i * 64 + bit) as u16
            })
        })
    })
}

/// Candidates (indices into the annealer's words) by letter count.
fn by_length(problem: &Problem, words: &[u32]) -> Vec<Vec<u16>> {
    let mut by_length: Vec<Vec<u16>> = Vec::new();
    for (candidate, &id) in words.iter().enumerate() {
        let len = problem.lex.codes(id as usize).len();
        if by_length.len() <= len {
            by_length.resize(len + 1, Vec::new());
        }
        by_length[len].push(candidate as u16);
    }
    by_length
}

/// How good a layout is: what the energy weighs, kept apart.
#[derive(Clone, Copy)]
struct Measure {
    off: usize,
    /// Words short of the fewest asked for.
    few: usize,
    /// The energy of each: [`COVER`] with a solution word (its free cells
    /// weigh a word's letters already), [`WORD_SHORT`] without.
    word_short: f64,
    goals: Shortfalls,
    bundled: usize,
    crossings: usize,
    /// Pairs of words end to start on one line, reading as one.
    compounds: usize,
    /// The same without a solution word, where they make a layout
    /// infeasible: the picker never lays one (RQ.P.01), and around free
    /// cells the annealing can always avoid them (42 puzzles of
    /// `BENCHMARKS.md`'s fifteenth-session table: 8 kept one or two while
    /// they only weighed [`COMPOUND`]); 0 with one.
    joined: usize,
    /// Vocabularies each drawn word's vocabulary comes after, summed (0
    /// with one vocabulary).
    demoted: usize,
}

/// [`Measure::key`]: words demoted, then [`Key`].
type Ranked = (usize, Key);

/// Words a layout ranked `key` is short of the direction shares.
fn shares_short(key: &Ranked) -> usize {
    key.1.1
}

impl Measure {
    fn energy(&self) -> f64 {
        COVER * self.off as f64
            + self.word_short * self.few as f64
            + SHARE * self.goals.short as f64
            + OVER_GOAL * self.goals.over_goal() as f64
            + BUNDLED * self.bundled as f64
            + SPREAD * self.goals.spread_short as f64
            + COMPOUND * self.compounds as f64
            + BLOCK * self.goals.blocks as f64
            + DEMOTED * self.demoted as f64
            - CROSSING * self.crossings as f64
    }

    /// Exactly the free cells wanted, at least the fewest words asked, and
    /// without a solution word no two words reading as one.
    fn feasible(&self) -> bool {
        self.off == 0 && self.few == 0 && self.joined == 0
    }

    /// Smaller is better, among feasible layouts: words of lower-priority
    /// vocabularies first (the count is drawn "by priority"), then the
    /// goals.
    fn key(&self) -> Ranked {
        (self.demoted, self.goals.key(self.energy()))
    }

    fn goals_met(&self) -> bool {
        self.feasible() && self.goals.met()
    }
}

/// What one annealing from a board came to, run ahead on a thread of its
/// own (see [`Anneal::run_each`]).
pub(crate) struct Annealed {
    /// The layout `run` returned.
    pub layout: Option<Snapshot>,
    /// Its near miss (see `take_near_miss`).
    pub near_miss: Option<Vec<(u32, u16, Direction)>>,
    /// The free cells of the closest layout it reached (see
    /// `closest_free`).
    closest_free: Option<usize>,
}

/// The annealer of one request.
#[derive(Clone)]
pub(crate) struct Anneal<'p> {
    problem: &'p Problem,
    excluded: &'p BTreeSet<u32>,
    base: &'p PatternBase,
    geo: &'p Geometry,
    /// Lexicon ids of the words it may draw.
    words: Vec<u32>,
    /// Per candidate, its vocabulary's place in the priority order.
    rank: Vec<u8>,
    /// Per candidate, the candidates it cannot share a grid with (one
    /// inside the other, or one exclusion group).
    conflicts: Vec<Vec<u16>>,
    /// Candidates by letter count (for the refill's runs of cells).
    by_length: Vec<Vec<u16>>,
    dirs: Vec<Direction>,
    directions: DirectionSet,
    /// The solution's letter count: the cells to leave free (`None`
    /// without a solution word, whose free cells take filler).
    goal_free: Option<usize>,
    /// The solution word's letters, when the layout keeps it.
    solution: Option<&'p [u8]>,
    bounds: (usize, usize),
    max_usage: u8,
    max_overlap: Vec<u8>,
    playable: Vec<u16>,
    /// Words of 64 bits a set of cells takes.
    set_words: usize,
    /// Whether the direction shares are asked for.
    shares: bool,
    /// Steps a run may take.
    steps: u64,
    /// Steps a run may take while the best layout it holds misses a
    /// direction share (see [`RESCUE_STEPS_SHORT_OF_SHARES`]).
    steps_short_of_shares: u64,
    /// The free cells of the layout closest to the solution's count any
    /// run reached (an exact one only when its letters read right): what
    /// a dropped solution word's message reports.
    closest_free: Option<usize>,
    /// The last run's layout nearest to the solution's free-cell count
    /// when it found none exact (fewest cells off, the first reached):
    /// where a repair sweep (`Cover::repair`) starts.
    near_miss: Option<(usize, State)>,
    /// The bundle count's buffers, kept from step to step.
    bundles: RefCell<BundleCounter>,
    /// Whether the layout the last run returned meets every goal.
    met: bool,
    /// The fewest steps after which any run of a race (see `run_each`)
    /// came to a layout meeting every goal; a raced run stops once it has
    /// taken more. `None` outside a race.
    race: Option<Arc<AtomicU64>>,
    /// The step at which the last run's layout met every goal.
    met_at: Option<u64>,
    /// The Metropolis test of the step being made, when a proposal may be
    /// turned down on its energy floor before it is laid (see [`Gate`]).
    gate: Option<Gate>,
    /// The words a proposal pushes out, kept from step to step.
    pushed: RefCell<Vec<usize>>,
    /// The floor's bit sets, kept likewise (see [`Scratch`]).
    scratch: RefCell<Scratch>,
}

impl<'p> Anneal<'p> {
    /// The words it may draw: those of the vocabularies not used earlier
    /// in the batch, less the must-use words and any word that cannot stand
    /// beside one (one inside the other, one exclusion group).
    pub fn new(
        problem: &'p Problem,
        (excluded, base): (&'p BTreeSet<u32>, &'p PatternBase),
        shares: bool,
        steps: u64,
    ) -> Self {
        let fixed: Vec<u32> = problem.must.iter().map(|m| m.id).collect();
        let geo = &problem.geo;
        let clash = |a: u32, b: u32| {
            let (x, y) = (problem.lex.codes(a as usize), problem.lex.codes(b as usize));
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
        let mut rank: Vec<u8> = Vec::new();
        for (place, pool) in problem.pools.iter().enumerate() {
            for &id in &pool.all {
                if !excluded.contains(&id)
                    && !fixed.contains(&id)
                    && !words.contains(&id)
                    && !fixed.iter().any(|&f| clash(f, id))
                {
                    words.push(id);
                    rank.push(place.min(u8::MAX as usize) as u8);
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
        let by_length = by_length(problem, &words);
        let rules = &problem.spec.rules;
        Anneal {
            by_length,
            problem,
            excluded,
            base,
            geo,
            words,
            rank,
            conflicts,
            dirs: problem.spec.directions.iter().collect(),
            directions: problem.spec.directions,
            goal_free: problem.solution.as_ref().map(Vec::len),
            solution: problem.solution.as_deref(),
            bounds: problem.word_bounds,
            max_usage: rules.max_words_per_cell.clamp(1, MAX_USAGE as u8),
            max_overlap: (0..=64).map(|l| rules.max_overlaps(l) as u8).collect(),
            playable: (0..geo.cells() as u16)
                .filter(|&c| geo.playable[c as usize])
                .collect(),
            set_words: geo.cells().div_ceil(64),
            shares,
            steps,
            steps_short_of_shares: steps,
            closest_free: None,
            near_miss: None,
            bundles: RefCell::default(),
            met: false,
            race: None,
            met_at: None,
            gate: None,
            pushed: RefCell::default(),
            scratch: RefCell::default(),
        }
    }

    /// The annealer of a level that leaves the solution word out: no
    /// cells kept free for it, and the word count of a grid without one.
    pub fn without_solution(mut self) -> Self {
        self.goal_free = None;
        self.solution = None;
        self.bounds = self.problem.dropped_word_bounds;
        self
    }

    /// Anneals the layout on the board (the first `fixed` placements stay)
    /// for up to its steps; returns the best layout with exactly the
    /// solution's cells free when it is better than the board's, with
    /// those cells and their letters in reading order.
    pub fn run(
        &mut self,
        board: &Board,
        fixed: usize,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Option<Snapshot> {
        let solution = self.solution;
        let mut current = self.state_of(board, fixed)?;
        let mut measure = self.measure(&current);
        let mut energy = measure.energy();
        let start_key = measure.feasible().then(|| measure.key());
        let start_demoted = measure.demoted;
        let mut best: Option<(Ranked, State)> = None;
        let mut trial = current.clone();
        let mut rounds = Rounds::default();
        self.near_miss = None;
        self.met = false;
        self.met_at = None;
        let mut done = 0;
        let start = current.clone();
        loop {
            done += 1;
            if self.steps_spent(done, best.as_ref().map(|(key, _)| key)) {
                break;
            }
            if rounds.cool(done) == DEAD_END_PROBE && in_dead_end(&measure) {
                restore(&mut current, &mut trial, &start);
                measure = self.measure(&current);
                energy = measure.energy();
                rounds.start_again(done);
            }
            if limits.tick(Site::Anneal).is_some() {
                break;
            }
            let refill_now = done.is_multiple_of(REFILL_EVERY) && rounds.temperature < REFILL_BELOW;
            let gate = Gate::drawn(rng, energy, rounds.temperature);
            let refill = refill_now.then_some(limits);
            let Some(m) = self.propose(&current, &mut trial, rng, (refill, Some(gate))) else {
                continue;
            };
            let e = m.energy();
            // A refill that makes the first exact layout is taken whatever
            // its energy (see `REFILL_EVERY`).
            let first_exact =
                refill_now && best.is_none() && m.off == 0 && m.goals.largest <= REPAIRABLE_BUNDLE;
            if !first_exact && !gate.admits(e) {
                continue;
            }
            take_trial(&mut current, &mut trial);
            energy = e;
            measure = m;
            self.note_near_miss(&measure, &current, best.is_none());
            if measure.feasible()
                && best.as_ref().is_none_or(|(k, _)| measure.key() < *k)
                && self.readable(&current, solution)
            {
                self.note_closest(current.uncovered, true);
                best = Some((measure.key(), current.clone()));
                if measure.goals_met() && measure.demoted <= start_demoted {
                    break;
                }
            }
        }
        // The polish has a step count of its own (deterministic like the
        // work budget): the run that found this layout may have spent the
        // level's budget on it, and a layout that gives the solution away
        // is not worth returning to save 0.3 s.
        if let Some((key, state)) = best.as_mut().filter(|(k, _)| k.1.0 > 0)
            && let Some(solution) = solution
        {
            self.polish(key, state, rng, &limits.detached(), solution);
        }
        let (key, state) = best?;
        if start_key.is_some_and(|k| k <= key) {
            return None;
        }
        self.note_met(&state, done);
        Some(self.snapshot(&state, solution))
    }

    /// Notes whether the layout a run returns after `done` steps meets
    /// every goal, and if so tells the race, unless the run was beaten in
    /// it: a beaten run stopped where the timing had it, so its steps must
    /// not count (another met every goal in fewer steps anyway).
    fn note_met(&mut self, state: &State, done: u64) {
        self.met = self.measure(state).goals_met();
        self.met_at = (self.met && !self.beaten(done)).then_some(done);
        if let (Some(race), Some(done)) = (&self.race, self.met_at) {
            race.fetch_min(done, Ordering::Relaxed);
        }
    }

    /// Whether a run that has taken `done` steps, holding a best exact
    /// layout ranked `best`, ends: its steps are spent (more while that
    /// layout misses a share, see [`RESCUE_STEPS_SHORT_OF_SHARES`]), or it
    /// is beaten in a race (another run met every goal in fewer steps).
    fn steps_spent(&self, done: u64, best: Option<&Ranked>) -> bool {
        let short_of_shares = best.is_some_and(|key| shares_short(key) > 0);
        self.beaten(done)
            || (done > self.steps && !(short_of_shares && done <= self.steps_short_of_shares))
    }

    /// Whether another run of the race met every goal in fewer steps than
    /// the `done` this one has taken.
    fn beaten(&self, done: u64) -> bool {
        self.race
            .as_ref()
            .is_some_and(|r| r.load(Ordering::Relaxed) < done)
    }

    /// Annealings from the board, one per seed and work budget, each on a
    /// thread of its own, raced: the run that meets every goal in the
    /// fewest steps (the earlier on a tie) wins and comes back alone, and
    /// a run stops once another has met them in fewer steps than it has
    /// taken. Each run goes exactly as `run` would have gone alone up to
    /// where it stops, so what the race comes to does not depend on how
    /// many runs the machine runs at once, nor on their timing. Returns
    /// which run came back first. When none meets every goal, that is the
    /// first, the one needed now, and the rest come back as run ahead, for
    /// when they may be needed next (dropped once the first was
    /// cancelled).
    pub fn run_each(
        &self,
        board: &Board,
        fixed: usize,
        runs: &[(u64, Limits)],
    ) -> (usize, Option<Annealed>, Vec<Annealed>) {
        let not_needed = Arc::new(AtomicBool::new(false));
        let race = Arc::new(AtomicU64::new(u64::MAX));
        let ahead_limits: Vec<Limits> = runs
            .iter()
            .skip(1)
            .map(|(_, limits)| limits.cut_short_by(&not_needed))
            .collect();
        let mut done: Vec<(Annealed, Option<u64>)> = std::thread::scope(|scope| {
            let threads: Vec<_> = runs
                .iter()
                .enumerate()
                .map(|(i, (seed, limits))| {
                    let limits = if i == 0 { limits } else { &ahead_limits[i - 1] };
                    let mut anneal = self.clone();
                    anneal.steps_short_of_shares = RESCUE_STEPS_SHORT_OF_SHARES;
                    anneal.closest_free = None;
                    anneal.near_miss = None;
                    anneal.race = (runs.len() > 1).then(|| Arc::clone(&race));
                    scope.spawn(move || {
                        let layout = anneal.run(board, fixed, &mut Rng::new(*seed), limits);
                        let met = layout.is_some() && anneal.met;
                        let annealed = Annealed {
                            layout,
                            near_miss: anneal.take_near_miss(),
                            closest_free: anneal.closest_free,
                        };
                        (annealed, anneal.met_at.filter(|_| met))
                    })
                })
                .collect();
            let mut threads = threads.into_iter();
            let first = threads
                .next()
                .map(|t| t.join().expect("an annealing thread"));
            if runs[0].1.cancelled() {
                not_needed.store(true, Ordering::Relaxed);
            }
            first
                .into_iter()
                .chain(threads.map(|t| t.join().expect("an annealing thread")))
                .collect()
        });
        // Only runs that were not beaten count; a beaten run stopped where
        // the timing had it, and the winner met every goal in fewer steps
        // than it would have (its notes are dropped).
        let winner = (0..done.len())
            .filter_map(|i| done[i].1.map(|steps| (steps, i)))
            .min();
        if let Some((_, i)) = winner {
            return (i, Some(done.swap_remove(i).0), Vec::new());
        }
        let mut done = done.into_iter().map(|(annealed, _)| annealed);
        let first = done.next();
        let ahead = if not_needed.load(Ordering::Relaxed) {
            Vec::new()
        } else {
            done.collect()
        };
        (0, first, ahead)
    }

    /// Takes in what an annealing run ahead noted (see `run_each`), as if
    /// it had run here.
    pub fn absorb(&mut self, annealed: &Annealed) {
        if let (Some(free), Some(goal)) = (annealed.closest_free, self.goal_free) {
            keep_closest(&mut self.closest_free, free, goal);
        }
    }

    /// The drawn words of a layout, and its free cells with the solution's
    /// letters in reading order.
    fn snapshot(&self, state: &State, solution: Option<&[u8]>) -> Snapshot {
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
        Snapshot {
            words,
            kept: free
                .zip(solution.unwrap_or_default().iter().copied())
                .collect(),
        }
    }

    /// Whether its level asks for the direction shares.
    pub fn asks_shares(&self) -> bool {
        self.shares
    }

    /// The free cells of the layout closest to the solution's count any
    /// run reached.
    pub fn closest_free(&self) -> Option<usize> {
        self.closest_free
    }

    /// Whether some run reached a layout a near miss's cells (or fewer)
    /// off the solution's count (see [`NEAR_MISS_OFF`]).
    pub fn came_close(&self) -> bool {
        self.closest_free
            .zip(self.goal_free)
            .is_some_and(|(free, goal)| free.abs_diff(goal) <= NEAR_MISS_OFF)
    }

    /// Notes a layout with `free` cells free; an exact one only once its
    /// letters `read_right`.
    fn note_closest(&mut self, free: usize, read_right: bool) {
        if let Some(goal) = self.goal_free
            && (free != goal || read_right)
        {
            keep_closest(&mut self.closest_free, free, goal);
        }
    }

    /// Notes the layout's free cells (see `note_closest`) and, while the
    /// run has no exact layout (`none_exact`), keeps it as the run's near
    /// miss when it is off the solution's count by fewer cells than the
    /// last one kept.
    fn note_near_miss(&mut self, measure: &Measure, s: &State, none_exact: bool) {
        self.note_closest(s.uncovered, false);
        if none_exact
            && self.goal_free.is_some()
            && measure.off > 0
            && measure.few == 0
            && measure.goals.largest <= REPAIRABLE_BUNDLE
            && self
                .near_miss
                .as_ref()
                .is_none_or(|(off, _)| measure.off < *off)
        {
            self.near_miss = Some((measure.off, s.clone()));
        }
    }

    /// The drawn words of the last run's near miss (see `near_miss`), in
    /// the order laid; `None` when the run found an exact layout.
    pub fn take_near_miss(&mut self) -> Option<Vec<(u32, u16, Direction)>> {
        let (off, state) = self.near_miss.take()?;
        if off > NEAR_MISS_OFF {
            return None;
        }
        Some(
            state
                .placements
                .iter()
                .zip(&state.candidate)
                .filter(|(_, c)| **c != NONE)
                .map(|(p, _)| (p.word, p.start, p.dir))
                .collect(),
        )
    }

    /// `trial` made `current` changed by one random step, measured; `None`
    /// when no step was possible, it holds more words than allowed, or
    /// `gate` turned it down on its floor before it was made. With
    /// `refill` (the limits its search ticks), the step is a refill
    /// ([`Anneal::refill`]), measured whatever its floor (a first exact
    /// layout is taken whatever its energy, see [`REFILL_EVERY`]).
    fn propose(
        &mut self,
        current: &State,
        trial: &mut State,
        rng: &mut Rng,
        (refill, gate): (Option<&Limits>, Option<Gate>),
    ) -> Option<Measure> {
        if trial.changed {
            trial.clone_from(current);
            trial.changed = false;
        }
        let changed = match refill {
            Some(limits) => self.refill(trial, rng, limits),
            None => {
                self.gate = gate;
                let made = self.step(trial, rng);
                self.gate = None;
                made
            }
        };
        (changed && trial.placements.len() <= self.bounds.1).then(|| self.measure(trial))
    }

    /// Anneals on from the best layout when it still reads the solution as
    /// a block: one round of [`POLISH_STEPS`] with blocks weighing
    /// [`POLISH_BLOCK`] more; the layout is replaced by any better by `key`,
    /// and the round ends at the first without a block.
    fn polish(
        &mut self,
        key: &mut Ranked,
        state: &mut State,
        rng: &mut Rng,
        limits: &Limits,
        solution: &[u8],
    ) {
        let cooling = exp_neg(LN_HOT_OVER_COLD / POLISH_STEPS as f64);
        let mut temperature = HOT;
        let polish_energy = |m: &Measure| m.energy() + POLISH_BLOCK * m.goals.blocks as f64;
        let mut current = state.clone();
        let mut energy = polish_energy(&self.measure(&current));
        let mut trial = current.clone();
        for _ in 0..POLISH_STEPS {
            temperature *= cooling;
            if limits.tick(Site::Anneal).is_some() {
                break;
            }
            let Some(m) = self.propose(&current, &mut trial, rng, (None, None)) else {
                continue;
            };
            let e = polish_energy(&m);
            if !metropolis(rng, e, energy, temperature) {
                continue;
            }
            take_trial(&mut current, &mut trial);
            energy = e;
            if m.feasible() && m.key() < *key && self.readable(&current, Some(solution)) {
                *key = m.key();
                state.clone_from(&current);
                if m.goals.blocks == 0 {
                    break;
                }
            }
        }
    }

    /// Whether the layout, with the solution letters (if any) in its free
    /// cells, reads every word exactly once and no banned word: replayed on
    /// a board the way the weave or the picker will take it over.
    fn readable(&self, s: &State, solution: Option<&[u8]>) -> bool {
        let problem = self.problem;
        let mut board = Board::new(self.geo, problem.preset.clone(), &problem.spec.rules);
        let mut patterns = Patterns::new(self.base);
        let mut drawer = Drawer::new(problem, self.excluded);
        let mut cells = Vec::new();
        for (p, &c) in s.placements.iter().zip(&s.candidate) {
            if c == NONE {
                let codes = problem.lex.codes(p.word as usize);
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
        let Some(solution) = solution else {
            // Without a solution word the filler checks its own letters.
            return true;
        };
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

    /// The board's words as a state: the first `fixed` stay where they
    /// are; `None` if a later one is not a word the annealing may move.
    fn state_of(&self, board: &Board, fixed: usize) -> Option<State> {
        let cells = self.geo.cells();
        let mut free_in = [0u16; 9];
        let mut free = vec![0u64; cells.div_ceil(64)];
        for &c in &self.playable {
            free_in[self.geo.region[c as usize] as usize] += 1;
            free[c as usize / 64] |= 1 << (c % 64);
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
            free,
            by_letter: vec![0; (self.problem.alphabet.len() + 1) * self.set_words],
            dir_count: [0; 8],
            crossings: 0,
            changed: true,
        };
        for (i, p) in board.placements.iter().enumerate() {
            let candidate = if i < fixed {
                NONE
            } else {
                self.words.iter().position(|&w| w == p.word)? as u16
            };
            self.add(&mut state, p.word, candidate, p.start, p.dir);
        }
        Some(state)
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
        let (largest, squares) = self.bundles.borrow_mut().score(self.geo, &s.placements);
        let compounds = self.compounds(s);
        let regions = s.free_in.iter().filter(|&&f| f > 0).count();
        Measure {
            off: self.goal_free.map_or(0, |g| s.uncovered.abs_diff(g)),
            few: self.bounds.0.saturating_sub(n),
            word_short: if self.goal_free.is_some() {
                COVER
            } else {
                WORD_SHORT
            },
            goals: Shortfalls {
                blocks: self.blocks(s),
                short,
                largest,
                spread_short: self
                    .goal_free
                    .map_or(0, |g| REGIONS_GOAL.min(g).saturating_sub(regions)),
                crossings_short: ((CROSSINGS_GOAL * n as f64).ceil() as usize)
                    .saturating_sub(s.crossings),
                bundle_goal: BUNDLE_GOAL,
            },
            bundled: squares - n,
            crossings: s.crossings,
            compounds,
            joined: if self.goal_free.is_some() {
                0
            } else {
                compounds
            },
            demoted: s
                .candidate
                .iter()
                .filter(|&&c| c != NONE)
                .map(|&c| self.rank[c as usize] as usize)
                .sum(),
        }
    }

    /// Runs of [`SOLUTION_BLOCK`] free cells side by side (see
    /// [`solution_blocks`]).
    fn blocks(&self, s: &State) -> usize {
        if self.goal_free.is_none() {
            return 0;
        }
        solution_blocks_in(self.geo, cells_of(&s.free))
    }

    /// Words that start right after a word running the same way ends.
    fn compounds(&self, s: &State) -> usize {
        let geo = self.geo;
        s.placements
            .iter()
            .filter(|p| {
                let before = geo.walk(p.start, p.dir.reverse(), 1);
                before != NONE
                    && s.occupants[before as usize][..s.usage[before as usize] as usize]
                        .iter()
                        .any(|&o| {
                            let q = &s.placements[o as usize];
                            q.dir == p.dir && q.end(geo) == before
                        })
            })
            .count()
    }

    /// One random change; false when it could not be made.
    fn step(&mut self, s: &mut State, rng: &mut Rng) -> bool {
        let drawn: usize = s.candidate.iter().filter(|&&c| c != NONE).count();
        let r = rng.below(10);
        if r < FIT_STEPS && self.goal_free.is_some_and(|g| s.uncovered > g) && self.fit_free(s, rng)
        {
            return true;
        }
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

    /// Lays an unused word through a random free cell where it pushes no
    /// word out: a few random candidates, each in a random direction at
    /// every offset over the cell, the first that lies there alone.
    fn fit_free(&mut self, s: &mut State, rng: &mut Rng) -> bool {
        let Some(cell) = self.random_free(s, rng) else {
            return false;
        };
        for _ in 0..FIT_CANDIDATES {
            let candidate = rng.below(self.words.len()) as u16;
            if s.used[candidate as usize] {
                continue;
            }
            let len = self
                .problem
                .lex
                .codes(self.words[candidate as usize] as usize)
                .len();
            let dir = self.dirs[rng.below(self.dirs.len())];
            let first = rng.below(len);
            // The offsets at which the word fits in the shape, from `first`
            // on and round again: those `fits_at` takes, in the same order.
            let Some((low, high)) = self.geo.offsets_fitting(cell, dir, len) else {
                continue;
            };
            let from = if (low..=high).contains(&first) {
                first
            } else {
                low
            };
            for at in (from..=high).chain(low..from) {
                let start = self.geo.walk(cell, dir.reverse(), at);
                if self.lies_alone(s, candidate, start, dir) {
                    return self.lay(s, candidate, start, dir);
                }
            }
        }
        false
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

    /// A random free cell (see [`Anneal::draw_cell`]).
    fn random_free(&self, s: &State, rng: &mut Rng) -> Option<u16> {
        self.draw_cell(&s.free, s.uncovered, rng)
    }

    /// A random covered cell with the letter `code` (see
    /// [`Anneal::draw_cell`]).
    fn random_with_letter(&self, s: &State, rng: &mut Rng, code: u8) -> Option<u16> {
        let at = code as usize * self.set_words;
        let cells = &s.by_letter[at..at + self.set_words];
        let count = cells.iter().map(|w| w.count_ones() as usize).sum();
        self.draw_cell(cells, count, rng)
    }

    /// A cell of the set `cells` (`count` of them), drawn as [`CELL_DRAWS`]
    /// draws of a playable cell until one is in the set would draw it:
    /// none with the chance that all of them miss, else any of the set
    /// alike. Two random numbers instead of up to 64 (the draws were
    /// about a tenth of a step's time; a letter is on about one cell in
    /// twenty).
    fn draw_cell(&self, cells: &[u64], count: usize, rng: &mut Rng) -> Option<u16> {
        if count == 0 {
            return None;
        }
        let miss = 1.0 - count as f64 / self.playable.len() as f64;
        // miss^64 by squaring: exact IEEE products, the same everywhere.
        const _: () = assert!(CELL_DRAWS == 64);
        let all_miss = (0..6).fold(miss, |p, _| p * p);
        const UNIT: usize = 1 << 30;
        if (rng.below(UNIT) as f64) < all_miss * UNIT as f64 {
            return None;
        }
        Some(nth_cell(cells, rng.below(count)))
    }

    /// Lays a candidate through a random free cell, the best of a few
    /// random ways (fewest words pushed out).
    fn lay_through_free(&mut self, s: &mut State, rng: &mut Rng, candidate: u16) -> bool {
        let Some(cell) = self.random_free(s, rng) else {
            return false;
        };
        let id = self.words[candidate as usize];
        let len = self.problem.lex.codes(id as usize).len();
        let mut chosen: Option<((usize, usize), u16, Direction)> = None;
        let codes = self.problem.lex.codes(id as usize);
        for k in 0..PROPOSALS {
            let dir = self.dirs[rng.below(self.dirs.len())];
            let at = rng.below(len);
            // Every other proposal crosses a word on a letter it shares.
            let through = if k % 2 == 1 {
                let code = codes[at];
                match self.random_with_letter(s, rng, code) {
                    Some(c) => c,
                    None => continue,
                }
            } else {
                cell
            };
            // Most ways of a long word through a cell near the edge lie
            // off the grid: turned down before walking the word.
            if !self.fits_at(through, dir, len, at) {
                continue;
            }
            let start = self.geo.walk(through, dir.reverse(), at);
            // A way pushing out more than the best so far cannot be chosen:
            // its walk stops there.
            let most = chosen.map_or(usize::MAX, |((pushed, _), _, _)| pushed);
            if let Some((pushed, shared)) = self.words_in_way(s, candidate, start, dir, most) {
                let rank = (pushed, usize::MAX - shared);
                if chosen.is_none_or(|(r, _, _)| rank < r) {
                    chosen = Some((rank, start, dir));
                }
            }
        }
        let Some((_, start, dir)) = chosen else {
            return false;
        };
        if self
            .gate
            .is_some_and(|gate| !gate.admits(self.floor(s, candidate, start, dir).energy()))
        {
            return false;
        }
        self.lay(s, candidate, start, dir)
    }

    /// The words laying the candidate there pushes out: those in its way
    /// (a letter clash, or running along its axis) and those it conflicts
    /// with, each once, last placement first, into `pushed`.
    fn words_pushed(
        &self,
        s: &State,
        candidate: u16,
        start: u16,
        dir: Direction,
        pushed: &mut Vec<usize>,
    ) {
        let codes = self
            .problem
            .lex
            .codes(self.words[candidate as usize] as usize);
        let geo = self.geo;
        pushed.clear();
        let mut cell = start;
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            let c = cell as usize;
            let clash = s.usage[c] > 0 && s.letter[c] != code;
            for &o in &s.occupants[c][..s.usage[c] as usize] {
                if clash || axis_of(s.placements[o as usize].dir) == axis_of(dir) {
                    pushed.push(o as usize);
                }
            }
        }
        let conflicts = &self.conflicts[candidate as usize];
        for (k, c) in s.candidate.iter().enumerate() {
            if *c != NONE && conflicts.contains(c) {
                pushed.push(k);
            }
        }
        pushed.sort_unstable_by(|a, b| b.cmp(a));
        pushed.dedup();
    }

    /// The measure of the layout that laying the candidate there makes,
    /// as a floor to its energy (see [`Gate`]): the free cells, the word
    /// count, the direction shares, the vocabularies and the crossings
    /// exactly as `lay` would leave them; the bundles, spread, compounds
    /// and blocks, which only a full measure counts, as none (they never
    /// weigh less).
    fn floor(&self, s: &State, candidate: u16, start: u16, dir: Direction) -> Measure {
        let mut pushed = self.pushed.borrow_mut();
        self.words_pushed(s, candidate, start, dir, &mut pushed);
        let pushed = &pushed[..];
        let (uncovered, crossings) = self.cells_after(s, (candidate, start, dir), pushed);
        let n = s.placements.len() + 1 - pushed.len();
        let mut dir_count = s.dir_count;
        dir_count[dir.index()] += 1;
        let mut demoted = self.rank[candidate as usize] as usize;
        for &c in &s.candidate {
            if c != NONE {
                demoted += self.rank[c as usize] as usize;
            }
        }
        for &k in pushed {
            dir_count[s.placements[k].dir.index()] -= 1;
            if let Some(&rank) = self.rank.get(s.candidate[k] as usize) {
                demoted -= rank as usize;
            }
        }
        let required = if self.shares {
            direction_shares(n, self.directions)
        } else {
            [0; 8]
        };
        Measure {
            off: self.goal_free.map_or(0, |g| uncovered.abs_diff(g)),
            few: self.bounds.0.saturating_sub(n),
            word_short: if self.goal_free.is_some() {
                COVER
            } else {
                WORD_SHORT
            },
            goals: Shortfalls {
                blocks: 0,
                short: (0..8)
                    .map(|d| required[d].saturating_sub(dir_count[d]))
                    .sum(),
                largest: 0,
                spread_short: 0,
                crossings_short: 0,
                bundle_goal: BUNDLE_GOAL,
            },
            bundled: 0,
            crossings,
            compounds: 0,
            joined: 0,
            demoted,
        }
    }

    /// The free cells and the crossings of the layout that laying the
    /// candidate at `start` running `dir` makes, the `pushed` words taken
    /// off: only the cells of the new word and of those words change.
    fn cells_after(
        &self,
        s: &State,
        (candidate, start, dir): (u16, u16, Direction),
        pushed: &[usize],
    ) -> (usize, usize) {
        let geo = self.geo;
        let len = self
            .problem
            .lex
            .codes(self.words[candidate as usize] as usize)
            .len();
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { seen, out } = &mut *scratch;
        // The pushed words as bits by placement, so that a cell's words
        // out are counted without searching the list (a long word laid in
        // a full layout pushes out several; searching was a fifth of a
        // step's time).
        out.clear();
        out.resize(s.placements.len().div_ceil(64), 0);
        for &k in pushed {
            out[k / 64] |= 1 << (k % 64);
        }
        seen.clear();
        seen.resize(geo.cells().div_ceil(64), 0);
        // Per cell, once: its words before, and after (less those pushed
        // out, plus the new word on its path).
        let mut uncovered = s.uncovered as isize;
        let mut crossings = s.crossings as isize;
        let mut count = |c: usize, laid: usize| {
            if seen[c / 64] & (1 << (c % 64)) != 0 {
                return;
            }
            seen[c / 64] |= 1 << (c % 64);
            let before = s.usage[c] as usize;
            let gone = s.occupants[c][..before]
                .iter()
                .filter(|&&o| out[o as usize / 64] & (1 << (o % 64)) != 0)
                .count();
            let after = before - gone + laid;
            uncovered += (after == 0) as isize - (before == 0) as isize;
            crossings += after.saturating_sub(1) as isize - before.saturating_sub(1) as isize;
        };
        let mut cell = start;
        for i in 0..len {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            count(cell as usize, 1);
        }
        for &k in pushed {
            let p = s.placements[k];
            let mut cell = p.start;
            for i in 0..p.len as usize {
                if i > 0 {
                    cell = geo.next[p.dir.index()][cell as usize];
                }
                count(cell as usize, 0);
            }
        }
        (uncovered as usize, crossings as usize)
    }

    /// Whether a word of `len` letters fits in the shape with its `at`-th
    /// letter on the cell, running `dir`.
    fn fits_at(&self, cell: u16, dir: Direction, len: usize, at: usize) -> bool {
        let reach = &self.geo.reach;
        at < reach[dir.reverse().index()][cell as usize] as usize
            && len - at <= reach[dir.index()][cell as usize] as usize
    }

    /// How many words laying the candidate there pushes out, or `None`
    /// where it cannot lie (off the grid, a fixed word in the way, a
    /// pre-assigned letter).
    #[cfg(test)]
    fn pushed_out(
        &self,
        s: &State,
        candidate: u16,
        start: u16,
        dir: Direction,
    ) -> Option<(usize, usize)> {
        self.words_in_way(s, candidate, start, dir, usize::MAX)
    }

    /// `pushed_out`, or `None` as soon as more than `most` words are in
    /// the way.
    fn words_in_way(
        &self,
        s: &State,
        candidate: u16,
        start: u16,
        dir: Direction,
        most: usize,
    ) -> Option<(usize, usize)> {
        let codes = &self
            .problem
            .lex
            .codes(self.words[candidate as usize] as usize);
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
                    if pushed > most {
                        return None;
                    }
                }
            }
        }
        Some((pushed, shared))
    }

    /// Whether the candidate can lie there without pushing a word out:
    /// `pushed_out` is `Some((0, _))`, answered at the first word in the
    /// way (a fitting move asks this of up to 24 × 16 places, most of
    /// them blocked at once).
    fn lies_alone(&self, s: &State, candidate: u16, start: u16, dir: Direction) -> bool {
        self.words_in_way(s, candidate, start, dir, 0).is_some()
    }

    /// Lays a candidate, pushing out the words in its way; false when the
    /// sharing rules still forbid it (the state is then spoilt).
    fn lay(&mut self, s: &mut State, candidate: u16, start: u16, dir: Direction) -> bool {
        let id = self.words[candidate as usize];
        let codes = self.problem.lex.codes(id as usize);
        let geo = self.geo;
        let mut out = std::mem::take(&mut *self.pushed.borrow_mut());
        self.words_pushed(s, candidate, start, dir, &mut out);
        // From the last: `remove` moves the last placement into the gap.
        for &k in &out {
            self.remove(s, k);
        }
        *self.pushed.borrow_mut() = out;
        let line = std::iter::successors(Some(start), |&c| Some(geo.next[dir.index()][c as usize]));
        if !self.within_sharing_rules(s, line.take(codes.len())) {
            return false;
        }
        self.add(s, id, candidate, start, dir);
        true
    }

    /// Whether a word may lie on `cells` by the sharing rules, as
    /// `Board::fit` applies them: a cell of its own, no cell beyond its
    /// words, no word beyond its overlaps (the words in its way gone).
    fn within_sharing_rules(&self, s: &State, cells: impl Iterator<Item = u16>) -> bool {
        let mut len = 0;
        let mut overlaps = 0;
        let mut new_cells = 0;
        for cell in cells {
            len += 1;
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
        new_cells > 0 && overlaps <= self.max_overlap[len.min(64)]
    }

    fn add(&self, s: &mut State, word: u32, candidate: u16, start: u16, dir: Direction) {
        s.changed = true;
        let codes = self.problem.lex.codes(word as usize);
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
                s.by_letter[code as usize * self.set_words + c / 64] |= 1 << (c % 64);
                s.uncovered -= 1;
                s.free_in[self.geo.region[c] as usize] -= 1;
                s.free[c / 64] &= !(1 << (c % 64));
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
        s.changed = true;
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
                s.by_letter[s.letter[c] as usize * self.set_words + c / 64] &= !(1 << (c % 64));
                s.letter[c] = 0;
                s.uncovered += 1;
                s.free_in[geo.region[c] as usize] += 1;
                s.free[c / 64] |= 1 << (c % 64);
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

/// Takes the trial layout as the current one; the trial then holds the
/// last, which the next step must copy over (see `State::changed`).
fn take_trial(current: &mut State, trial: &mut State) {
    std::mem::swap(current, trial);
    trial.changed = true;
}

/// Puts the layout back as it was at `start`; the trial then differs from
/// it, and the next step must copy it over (see `State::changed`).
fn restore(current: &mut State, trial: &mut State, start: &State) {
    current.clone_from(start);
    trial.changed = true;
}

/// The temperature of a run: rounds of [`ROUND`] steps from [`HOT`] down
/// to 0.1, each heating up again from where the last ended, unless one
/// started again (see [`DEAD_END_PROBE`]).
struct Rounds {
    cooling: f64,
    temperature: f64,
    /// The step the current round started at.
    started: u64,
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds {
            cooling: exp_neg(LN_HOT_OVER_COLD / ROUND as f64),
            temperature: HOT,
            started: 0,
        }
    }
}

impl Rounds {
    /// The temperature of step `done`; returns how many steps into its
    /// round it is.
    fn cool(&mut self, done: u64) -> u64 {
        self.temperature *= self.cooling;
        let into_round = (done - self.started) % ROUND;
        if into_round == 0 {
            self.temperature = HOT;
        }
        into_round
    }

    /// A new round from step `done` on, hot.
    fn start_again(&mut self, done: u64) {
        self.temperature = HOT;
        self.started = done;
    }
}

/// Whether a layout `DEAD_END_PROBE` steps into a round is in a dead end
/// the rest of the round will not leave: still off the solution's count,
/// and [`DEAD_END_SHARES_SHORT`] or more words short of the direction
/// shares or a bundle over its goal.
fn in_dead_end(measure: &Measure) -> bool {
    measure.off > 0
        && (measure.goals.short >= DEAD_END_SHARES_SHORT || measure.goals.over_goal() > 0)
}

/// The Metropolis test of one step with its random number drawn before
/// the step is made, so that a proposal whose energy floor
/// (`Anneal::floor`) it already turns down is neither laid nor measured:
/// the test takes the same proposals with the same probabilities as
/// [`metropolis`] after the measure. Most proposals are turned down (long
/// German list, seed 9: 10,500 of the 360,000 measured were taken), and
/// laying one, taking off the words in its way and measuring the bundles
/// and blocks was half a step's time; with the floor first, a step takes
/// 6.1–6.2 µs of CPU against 7.5–7.6 µs (seeds 5 and 9, steps counted).
/// Median times, seeds 1–30: 200 German words 5.96 → 4.48 s, 150 long
/// `wamerican` words 9.00 → 8.07 s, 200 `wamerican` words 0.71 → 0.65 s,
/// sea life 0.37 → 0.32 s, the same goals met within the noise.
#[derive(Clone, Copy)]
struct Gate {
    energy: f64,
    temperature: f64,
    draw: f64,
}

impl Gate {
    fn drawn(rng: &mut Rng, energy: f64, temperature: f64) -> Gate {
        Gate {
            energy,
            temperature,
            draw: rng.below(1 << 24) as f64 / (1u32 << 24) as f64,
        }
    }

    /// Whether a layout of energy `e` is taken; never for a higher `e`
    /// when not for a lower one.
    fn admits(&self, e: f64) -> bool {
        e <= self.energy || self.draw < exp_neg((e - self.energy) / self.temperature)
    }
}

/// e^(-y) for y ≥ 0 from additions, multiplications and divisions only,
/// which IEEE 754 rounds the same everywhere (`f64::exp` comes from the
/// platform's maths library): the same seed anneals the same way on every
/// machine. Relative error below 1e-9.
pub(crate) fn exp_neg(y: f64) -> f64 {
    if y >= 40.0 {
        return 0.0;
    }
    // e^(-y) = (e^(-y/256))^256; the series converges fast for y/256 < 0.16.
    let z = y / 256.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=10 {
        term *= -z / k as f64;
        sum += term;
    }
    for _ in 0..8 {
        sum *= sum;
    }
    sum
}

/// Sets `closest` to `free` when that is nearer `goal` (ties keep the
/// first): the free cells of the layout closest to a solution's count.
pub(crate) fn keep_closest(closest: &mut Option<usize>, free: usize, goal: usize) {
    if closest.is_none_or(|c| free.abs_diff(goal) < c.abs_diff(goal)) {
        *closest = Some(free);
    }
}

/// The Metropolis rule: a step to energy `e` from `energy` is taken when it
/// is no worse, else with probability exp(−Δ / temperature).
pub(crate) fn metropolis(rng: &mut Rng, e: f64, energy: f64, temperature: f64) -> bool {
    e <= energy || {
        let x = rng.below(1 << 24) as f64 / (1u32 << 24) as f64;
        x < exp_neg((e - energy) / temperature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::word_search::cover::{Cover, Swept};
    use crate::generate::word_search::driver::base_patterns;
    use crate::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Word, WordCount};

    /// 60 made-up words of 4–9 letters on a 13×11 grid around SEASHELL.
    fn problem() -> Problem {
        let words = crate::generate::made_up_words(
            "AEIOULNRSTDM",
            (0..60).map(|i| 4 + i % 6),
            0x9e37_79b9_7f4a_7c15,
        );
        let mut spec = PuzzleSpec::new(
            Mask::rectangle(13, 11).unwrap(),
            vec![SpecVocabulary {
                name: "made up".into(),
                must_use: false,
                words,
                lines: Default::default(),
            }],
        );
        spec.pick = Some(WordCount::Auto);
        spec.solution = Some(Word::new("SEASHELL", None, UmlautMode::Keep).unwrap());
        Problem::new(spec).unwrap()
    }

    /// Runs `test` with an annealer over [`problem`]'s words and the bare
    /// board (the annealer borrows the problem and its patterns, so they
    /// live here).
    fn with_annealer(test: impl FnOnce(&Problem, &mut Anneal, &Board)) {
        let problem = problem();
        let excluded = BTreeSet::new();
        let base = base_patterns(&problem);
        let mut anneal = Anneal::new(&problem, (&excluded, &base), true, 300_000);
        let board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
        test(&problem, &mut anneal, &board);
    }

    /// An annealed layout of the bare board (seed 5), with the limits and
    /// the random numbers the run used.
    fn annealed(anneal: &mut Anneal, board: &Board) -> (Snapshot, Limits, Rng) {
        let limits = Limits::new(
            std::time::Instant::now() + std::time::Duration::from_secs(60),
            None,
        );
        let mut rng = Rng::new(5);
        let layout = anneal.run(board, 0, &mut rng, &limits).expect("a layout");
        (layout, limits, rng)
    }

    /// Replayed by the rules on a fresh board, every word fits.
    fn assert_replays(problem: &Problem, placements: &[Placement]) {
        let mut replay = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
        let mut cells = Vec::new();
        for p in placements {
            let codes = problem.lex.codes(p.word as usize);
            assert!(
                replay
                    .fit(p.start, p.dir, codes.len(), Some(codes))
                    .is_some(),
                "{p:?}"
            );
            replay.place(p.word, codes, p.start, p.dir, &mut cells);
        }
    }

    /// The counters a state keeps, recounted from its placements.
    fn assert_consistent(anneal: &Anneal, s: &State) {
        let geo = anneal.geo;
        let mut usage = vec![0u8; geo.cells()];
        let mut dir_count = [0usize; 8];
        for (k, p) in s.placements.iter().enumerate() {
            dir_count[p.dir.index()] += 1;
            let codes = anneal.problem.lex.codes(p.word as usize);
            let mut overlaps = 0;
            for (i, &code) in codes.iter().enumerate() {
                let c = geo.walk(p.start, p.dir, i) as usize;
                assert_eq!(s.letter[c], code, "letter of word {k}, cell {c}");
                assert!(s.occupants[c][..s.usage[c] as usize].contains(&(k as u16)));
                overlaps += usize::from(s.usage[c] > 1);
                usage[c] += 1;
            }
            assert_eq!(p.overlaps as usize, overlaps, "overlaps of word {k}");
            if s.candidate[k] != NONE {
                assert!(s.used[s.candidate[k] as usize]);
                assert_eq!(anneal.words[s.candidate[k] as usize], p.word);
            }
        }
        assert_eq!(usage, s.usage);
        assert_eq!(dir_count, s.dir_count);
        let uncovered = anneal
            .playable
            .iter()
            .filter(|&&c| usage[c as usize] == 0)
            .count();
        assert_eq!(s.uncovered, uncovered);
        let crossings: usize = usage.iter().map(|&u| (u as usize).saturating_sub(1)).sum();
        assert_eq!(s.crossings, crossings);
        assert_eq!(s.used.iter().filter(|&&u| u).count(), s.placements.len());
        let mut by_letter = vec![0u64; s.by_letter.len()];
        let mut free = vec![0u64; s.free.len()];
        for &c in &anneal.playable {
            let c = c as usize;
            match usage[c] {
                0 => free[c / 64] |= 1 << (c % 64),
                _ => by_letter[s.letter[c] as usize * anneal.set_words + c / 64] |= 1 << (c % 64),
            }
        }
        assert_eq!(by_letter, s.by_letter, "covered cells by letter");
        assert_eq!(free, s.free, "free cells");
    }

    /// A cell drawn from a set is in it, and a set's cells are drawn
    /// alike; none is drawn as often as 64 draws from the grid all miss.
    #[test]
    fn cells_are_drawn_from_a_set_as_by_rejection() {
        with_annealer(|_, anneal, _| {
            let mut rng = Rng::new(3);
            let playable = anneal.playable.len();
            let mut set = vec![0u64; anneal.set_words];
            let chosen: Vec<u16> = anneal.playable.iter().copied().step_by(29).collect();
            for &c in &chosen {
                set[c as usize / 64] |= 1 << (c % 64);
            }
            let draws = 20_000;
            let mut seen = vec![0usize; set.len() * 64];
            let mut none = 0;
            for _ in 0..draws {
                match anneal.draw_cell(&set, chosen.len(), &mut rng) {
                    Some(c) => seen[c as usize] += 1,
                    None => none += 1,
                }
            }
            for (c, &n) in seen.iter().enumerate() {
                assert_eq!(
                    n > 0,
                    chosen.contains(&(c as u16)),
                    "cell {c} drawn {n} times"
                );
            }
            let drawn = (draws - none) as f64 / chosen.len() as f64;
            for &c in &chosen {
                let n = seen[c as usize] as f64;
                assert!((n - drawn).abs() < 0.15 * drawn, "cell {c}: {n} of {drawn}");
            }
            let miss = (1.0 - chosen.len() as f64 / playable as f64).powi(64);
            let expected = miss * draws as f64;
            assert!(
                (none as f64 - expected).abs() < 5.0 * expected.sqrt() + 5.0,
                "{none} none, {expected:.0} expected"
            );
            assert_eq!(anneal.draw_cell(&set, 0, &mut rng), None);
        });
    }

    /// 3,000 random steps from the bare board, each taken; `visit` sees
    /// the layout after each and whether the step was made.
    fn random_walk(
        anneal: &mut Anneal,
        board: &Board,
        seed: u64,
        mut visit: impl FnMut(&mut Anneal, &State, bool, &mut Rng),
    ) {
        let mut state = anneal.state_of(board, 0).unwrap();
        let mut trial = state.clone();
        let mut rng = Rng::new(seed);
        for _ in 0..3000 {
            trial.clone_from(&state);
            let made = anneal.step(&mut trial, &mut rng);
            if made {
                std::mem::swap(&mut state, &mut trial);
            }
            visit(anneal, &state, made, &mut rng);
        }
    }

    #[test]
    fn random_steps_keep_the_state_consistent() {
        with_annealer(|_, anneal, board| {
            let (mut made, mut most) = (0, 0);
            random_walk(anneal, board, 3, |anneal, state, step_made, _| {
                if step_made {
                    made += 1;
                    assert_consistent(anneal, state);
                    most = most.max(state.placements.len());
                }
            });
            assert!(made > 1000, "{made} steps made");
            assert!(most > 5, "at most {most} words");
        });
    }

    /// The floor of a proposal counts the free cells, words, share
    /// shortfall, crossings and vocabularies exactly as the layout laying
    /// it makes, and its energy is never above that layout's: random ways
    /// to lay random words through the layouts of random steps, many of
    /// them pushing words out.
    #[test]
    fn a_proposal_floor_is_exact_in_its_terms_and_never_above_the_measure() {
        with_annealer(|_, anneal, board| {
            let (mut compared, mut pushing) = (0, 0);
            random_walk(anneal, board, 11, |anneal, state, _, rng| {
                let candidate = rng.below(anneal.words.len()) as u16;
                let start = anneal.playable[rng.below(anneal.playable.len())];
                let dir = anneal.dirs[rng.below(anneal.dirs.len())];
                if state.used[candidate as usize]
                    || anneal.pushed_out(state, candidate, start, dir).is_none()
                {
                    return;
                }
                let floor = anneal.floor(state, candidate, start, dir);
                let mut laid = state.clone();
                if !anneal.lay(&mut laid, candidate, start, dir) {
                    return;
                }
                let m = anneal.measure(&laid);
                assert_eq!(
                    (floor.off, floor.few, floor.goals.short),
                    (m.off, m.few, m.goals.short)
                );
                assert_eq!((floor.crossings, floor.demoted), (m.crossings, m.demoted));
                assert!(floor.energy() <= m.energy() + 1e-9);
                compared += 1;
                pushing += (laid.placements.len() <= state.placements.len()) as usize;
            });
            assert!(
                compared > 300 && pushing > 100,
                "{compared} compared, {pushing} pushing words out"
            );
        });
    }

    /// Fitting moves only cover free cells: each lays one unused word and
    /// pushes none out, so the words only grow and the free cells only
    /// shrink, and the state stays consistent.
    #[test]
    fn fitting_moves_cover_free_cells_without_pushing_words_out() {
        with_annealer(|_, anneal, board| {
            let mut state = anneal.state_of(board, 0).unwrap();
            let mut rng = Rng::new(7);
            let mut fitted = 0;
            for _ in 0..200 {
                let (words, free) = (state.placements.len(), state.uncovered);
                let kept: Vec<_> = state.placements.iter().map(|p| (p.word, p.start)).collect();
                // A move that fails may leave its state spoilt (as `step`).
                let mut trial = state.clone();
                if anneal.fit_free(&mut trial, &mut rng) {
                    state = trial;
                    fitted += 1;
                    assert_consistent(anneal, &state);
                    assert_eq!(state.placements.len(), words + 1);
                    assert!(
                        state.uncovered < free,
                        "{} free after {free}",
                        state.uncovered
                    );
                    for w in kept {
                        assert!(state.placements.iter().any(|p| (p.word, p.start) == w));
                    }
                }
            }
            assert!(fitted > 10, "{fitted} words fitted");
        });
    }

    #[test]
    fn annealed_layouts_leave_exactly_the_solution_cells_free() {
        with_annealer(|problem, anneal, board| {
            let (layout, _, _) = annealed(anneal, board);
            // Replayed on a board by the rules: every word fits, the kept
            // cells are the free ones, and they spell the solution in
            // reading order.
            let mut board = Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
            let mut cells = Vec::new();
            for &(id, start, dir) in &layout.words {
                let codes = problem.lex.codes(id as usize);
                assert!(board.fit(start, dir, codes.len(), Some(codes)).is_some());
                board.place(id, codes, start, dir, &mut cells);
            }
            let free = board.free_cells();
            assert_eq!(free, layout.kept.iter().map(|k| k.0).collect::<Vec<_>>());
            let letters: Vec<u8> = layout.kept.iter().map(|k| k.1).collect();
            assert_eq!(&letters, problem.solution.as_ref().unwrap());
            // The closest layout it reached is the exact one.
            assert_eq!(anneal.closest_free(), Some(letters.len()));
        });
    }

    /// Raced annealings: the one that meets every goal in the fewest steps
    /// comes back alone, as it would have alone; when none meets them, the
    /// first comes back and the rest as run ahead, each as it would have
    /// gone alone.
    #[test]
    fn raced_annealings_come_to_what_they_would_alone() {
        with_annealer(|_, anneal, board| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            let unlimited = || Limits::new(deadline, None);
            let budget = |work| Limits::new(deadline, None).with_budget(work, deadline);
            let alone = |anneal: &mut Anneal, seed, limits: &Limits| {
                let layout = anneal.run(board, 0, &mut Rng::new(seed), limits);
                (layout.map(|l| l.words), anneal.met, anneal.met_at)
            };
            let (five, five_met, five_steps) = alone(anneal, 5, &unlimited());
            let (seven, seven_met, seven_steps) = alone(anneal, 7, &unlimited());
            assert!(five_met && seven_met, "both seeds meet every goal alone");
            // The first run cut at its first step: seed 5's run wins.
            let (won, first, ahead) =
                anneal.run_each(board, 0, &[(7, budget(1)), (5, unlimited())]);
            assert_eq!((won, ahead.len()), (1, 0));
            assert_eq!(first.expect("seed 5's run").layout.map(|l| l.words), five);
            // Both meet every goal: the one in fewer steps wins.
            let (won, first, ahead) =
                anneal.run_each(board, 0, &[(5, unlimited()), (7, unlimited())]);
            let (winner, winner_layout) = if (five_steps, 0) < (seven_steps, 1) {
                (0, five)
            } else {
                (1, seven)
            };
            assert_eq!((won, ahead.len()), (winner, 0));
            assert_eq!(first.and_then(|f| f.layout).map(|l| l.words), winner_layout);
            // Neither can meet them in a few steps: the first comes back
            // and the second as run ahead, each as alone.
            anneal.closest_free = None;
            let (few_five, _, _) = alone(anneal, 5, &budget(200));
            let few_five_closest = anneal.closest_free();
            let (won, first, ahead) =
                anneal.run_each(board, 0, &[(7, budget(1)), (5, budget(200))]);
            assert_eq!((won, ahead.len()), (0, 1));
            assert!(first.expect("the first run").layout.is_none());
            assert_eq!(ahead[0].layout.as_ref().map(|l| l.words.clone()), few_five);
            assert_eq!(ahead[0].closest_free, few_five_closest);
        });
    }

    /// The fitting move's early-out check answers as the full count would.
    #[test]
    fn lying_alone_is_pushing_no_word_out() {
        with_annealer(|_, anneal, board| {
            let mut state = anneal.state_of(board, 0).unwrap();
            let mut rng = Rng::new(11);
            let (mut alone, mut blocked) = (0, 0);
            for _ in 0..400 {
                let mut trial = state.clone();
                if anneal.step(&mut trial, &mut rng) {
                    state = trial;
                }
                for _ in 0..20 {
                    let candidate = rng.below(anneal.words.len()) as u16;
                    let start = rng.below(anneal.geo.cells()) as u16;
                    let dir = anneal.dirs[rng.below(anneal.dirs.len())];
                    let pushed = anneal.pushed_out(&state, candidate, start, dir);
                    let expected = matches!(pushed, Some((0, _)));
                    assert_eq!(
                        anneal.lies_alone(&state, candidate, start, dir),
                        expected,
                        "candidate {candidate} at {start} {dir:?}: {pushed:?}"
                    );
                    for most in 0..4 {
                        assert_eq!(
                            anneal.words_in_way(&state, candidate, start, dir, most),
                            pushed.filter(|(n, _)| *n <= most),
                            "candidate {candidate} at {start} {dir:?}, at most {most}"
                        );
                    }
                    alone += usize::from(expected);
                    blocked += usize::from(pushed.is_some_and(|(n, _)| n > 0));
                }
            }
            assert!(
                alone > 100 && blocked > 100,
                "{alone} alone, {blocked} blocked"
            );
        });
    }

    /// A layout with a word taken out is a few cells off; refills bring
    /// it nearer the solution's count (never below it), keep the state
    /// consistent and lay every word where the rules allow.
    #[test]
    fn refills_cover_free_cells_by_the_rules() {
        with_annealer(|problem, anneal, board| {
            let (layout, limits, mut rng) = annealed(anneal, board);
            let goal = problem.solution.as_ref().unwrap().len();
            let (mut tried, mut refilled) = (0, 0);
            for out in 0..layout.words.len() {
                let mut board =
                    Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
                let mut cells = Vec::new();
                for (i, &(id, start, dir)) in layout.words.iter().enumerate() {
                    if i != out {
                        board.place(id, problem.lex.codes(id as usize), start, dir, &mut cells);
                    }
                }
                let near = anneal.state_of(&board, 0).expect("drawn words");
                assert!(near.uncovered > goal);
                for _ in 0..4 {
                    let mut trial = near.clone();
                    tried += 1;
                    if !anneal.refill(&mut trial, &mut rng, &limits) {
                        continue;
                    }
                    refilled += 1;
                    assert_consistent(anneal, &trial);
                    assert!(trial.uncovered < near.uncovered && trial.uncovered >= goal);
                    assert_replays(problem, &trial.placements);
                }
            }
            assert!(refilled * 4 >= tried, "{refilled} of {tried} refilled");
        });
    }

    /// A layout with a word taken out is a near miss; the repair sweep
    /// makes it exact again: exactly the solution's cells free, spelling
    /// it in reading order, every word where the rules allow.
    #[test]
    fn a_repair_makes_a_near_miss_exact() {
        with_annealer(|problem, anneal, board| {
            let (layout, limits, mut rng) = annealed(anneal, board);
            let solution = problem.solution.as_ref().unwrap();
            let (excluded, base) = (BTreeSet::new(), base_patterns(problem));
            let mut repaired = 0;
            for out in 0..layout.words.len() {
                let near: Vec<_> = (0..layout.words.len())
                    .filter(|&i| i != out)
                    .map(|i| layout.words[i])
                    .collect();
                let mut cover = Cover::new(problem, &excluded, near.len() + 1, [0; 8]);
                let mut board =
                    Board::new(&problem.geo, problem.preset.clone(), &problem.spec.rules);
                let mut patterns = Patterns::new(&base);
                let asked = (problem.word_bounds, false);
                let swept =
                    cover.repair(&mut board, &mut patterns, &mut rng, &limits, &near, asked);
                if !matches!(swept, Swept::Done) {
                    assert_eq!(
                        board.placements.len(),
                        0,
                        "a failed repair clears the board"
                    );
                    continue;
                }
                repaired += 1;
                let free: Vec<u16> = anneal
                    .playable
                    .iter()
                    .copied()
                    .filter(|&c| board.usage(c) == 0)
                    .collect();
                assert!(free.iter().all(|&c| board.is_reserved(c)));
                let letters: Vec<u8> = free.iter().map(|&c| board.letter[c as usize]).collect();
                assert_eq!(&letters, solution, "after taking out word {out}");
                assert_replays(problem, &board.placements);
            }
            assert!(
                repaired * 2 >= layout.words.len(),
                "{repaired} of {} repaired",
                layout.words.len()
            );
        });
    }

    #[test]
    fn the_closest_layout_is_the_nearest_to_the_solution_count() {
        with_annealer(|_, anneal, _| {
            // SEASHELL: 8 cells to leave free.
            assert_eq!(anneal.closest_free(), None);
            for (free, read_right, closest) in [
                (30, false, 30),
                (12, false, 12),
                (7, false, 7),
                (9, false, 7),
                (40, false, 7),
                (8, false, 7),
                (8, true, 8),
            ] {
                anneal.note_closest(free, read_right);
                assert_eq!(anneal.closest_free(), Some(closest), "after {free}");
            }
        });
    }

    #[test]
    fn a_round_started_again_cools_as_the_first() {
        let mut first = Rounds::default();
        let firsts: Vec<(u64, f64)> = (1..=3 * ROUND)
            .map(|done| (first.cool(done), first.temperature))
            .collect();
        let mut again = Rounds::default();
        for done in 1..=DEAD_END_PROBE {
            again.cool(done);
        }
        again.start_again(DEAD_END_PROBE);
        for (k, want) in firsts.iter().enumerate() {
            let done = DEAD_END_PROBE + 1 + k as u64;
            assert_eq!((again.cool(done), again.temperature), *want, "step {done}");
        }
    }

    #[test]
    fn exp_neg_matches_exp() {
        for i in 0..4000 {
            let y = i as f64 / 100.0;
            let (got, want) = (exp_neg(y), (-y).exp());
            assert!((got - want).abs() <= 1e-9 * want, "{y}: {got} vs {want}");
        }
        assert_eq!(exp_neg(40.0), 0.0);
        assert!((HOT * exp_neg(LN_HOT_OVER_COLD) - 0.1).abs() < 1e-12);
    }
}
