//! Generation shared by every puzzle kind: the options of a run, work
//! budgets and the clock (`Limits`, so that a run ends at the same point
//! on every machine), the seeded random numbers, the Luby restart
//! sequence and the word trie. Each kind has its room below it:
//! [`word_search`] (complete search, layouts, filler), [`rectangle`] and
//! [`swedish`]; [`Generator`] is the word search's face.

mod luby;
pub mod rectangle;
mod rng;
pub mod swedish;
mod trie;
pub mod word_search;

pub(crate) use luby::luby;
pub use word_search::Generator;

use crate::error::GenerateError;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use word_search::direction_shares;

/// How one generation may run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed: same spec + seed = same puzzle.
    pub seed: u64,
    /// Give up searching after this long and return the best result.
    /// [default: 10 s]
    pub time_limit: Duration,
    /// Set to true from another thread to stop.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Options {
    /// Options with the default time limit.
    pub fn seeded(seed: u64) -> Self {
        Options {
            seed,
            time_limit: Duration::from_secs(10),
            cancel: None,
        }
    }

    /// The options of a batch's `i`-th puzzle (from 0): seeds count up.
    pub fn for_batch_puzzle(&self, i: usize) -> Options {
        Options {
            seed: self.seed.wrapping_add(i as u64),
            ..self.clone()
        }
    }
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Deadline,
    Cancelled,
    /// The relaxation level's share of the work is spent.
    Budget,
}

/// Where a search counts its work: relaxation levels switch on work, not
/// on the clock, so that the same request and seed give the same puzzle on
/// a slow or busy machine (the clock only ends a run at the time limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Site {
    /// A node of the must-use search (`search.rs`).
    Search,
    /// [`search::SCANS_PER_STEP`] candidate entries struck out (and back)
    /// by the must-use search: on large grids with many directions its
    /// real cost, which a node count misses by 40× (see `Site::cost`).
    SearchScan,
    /// A placement tried by the random-slot picker (`pick.rs`).
    Pick,
    /// A node of the sweep (`cover.rs`).
    Cover,
    /// A node of the woven layout (`weave.rs`).
    Weave,
    /// A planned layout tried (`plan.rs`).
    Plan,
    /// A word drawn into a planned layout.
    PlanDraw,
    /// A node of a plan's tiling.
    PlanNode,
    /// An untangling move (`weave/untangle.rs`).
    Untangle,
    /// A step of the theme-list annealing (`anneal.rs`).
    Anneal,
    /// A node of the annealing's refill (`anneal/refill.rs`): 8–10 µs on
    /// the long German and 200 German lists, about two annealing steps.
    /// (At 20 units a level's budget ran out sooner: long German 2.5 s
    /// median instead of 4.5 s, as many kept; the units follow the time.)
    Refill,
    /// A step of a sketch's annealing (`word_search/sketch.rs`).
    Sketch,
    /// 4,096 steps of the word-rectangle search (the prover's are counted
    /// apart, see [`Limits::detached`]).
    Rectangle,
    /// A run chosen by the Swedish filler (`swedish/fill.rs`).
    Swedish,
    /// A decision of the Swedish planned fill (`swedish/crossfill.rs`):
    /// a slot filled, its candidates weighed by their crossings.
    CrossFill,
}

impl Site {
    /// Work units, about microseconds on the 2-core development machine
    /// (release build), that one step at this site costs. Measured
    /// 2026-11-23 as time over steps, 4 seeds each of the benchmark cases
    /// that spend their time there: Search 3.6 µs a node (Figure 3 on 8×7)
    /// to 20 µs (Figure 2 on 17×17); Pick 23 µs (34 sea-life words on a
    /// 13×13 heart); Cover about 7 µs a node (heart, long/short); Weave
    /// 28 µs a node (German 20×20, untangling moves 700 µs); Anneal
    /// 2.3–3.4 µs a step (the two 50-word theme lists); a plan about
    /// 10 µs plus 3 µs a tiling node (German; 4 µs and 0.7 µs on the
    /// long/short list, whose plans fail fast) and 2–6 µs a drawn word;
    /// Swedish 4.3–4.8 µs a decision (German list, 18×23, bent-arrow
    /// layout; 7–11 µs before, when it weighed 10, and a failing 18×23 gave
    /// up after 0.29 of its time limit; at 5, 0.4, and the 40,000-answer
    /// sample fills 18×23 in 4 of 10 instead of 2). Measured again
    /// 2026-11-25 with the familiar tier (a trie of a third of the German
    /// answers): 2.0 µs a decision (2.96 million in 5.96 s, 18×23, seed 2);
    /// at 5 units a run that needed 1.5–3 million decisions (German 18×23
    /// with the short-answer caps, 3–5 of 10 seeds) gave up after 2.6 s of
    /// a 10 s limit. Measured 2026-11-25 (issue 35): the must-use search
    /// on 32 long German words, 18×18 with a 9×9 ad corner and a solution
    /// word, took 850 µs a node, nearly all of it striking out candidate
    /// placements (1.6 billion entries in 6 s, 3.7 ns each; Figure 3 on 8×7
    /// 3.0 ns): [`Site::SearchScan`] counts them, a unit per 256. Word
    /// rectangles (the randomised search, `wamerican` 8×8 and 7×7, none
    /// found): about 55 million trie steps a second, so 4,096 cost 60 (at
    /// 1,000 the search gave up after 0.06 of its limit; at 100, 0.37).
    /// Set near the upper end, so that a run's work is spent before its
    /// time on this machine in the cases measured (within 0.55–0.8 of the
    /// time limit with [`WORK_PER_SECOND`]) — except plans, set low: at
    /// 10 / 3 units a 50-word heart with an ad area spent its levels' work
    /// in a quarter of their time and lost the solution word in 2 of 3
    /// seeds (kept in 6 of 6 at 4 / 1). A step may cost up to 5× more on
    /// other requests, which then end on the clock as before.
    pub const fn cost(self) -> u64 {
        match self {
            Site::Search => 6,
            Site::SearchScan => 1,
            Site::Pick => 25,
            Site::Cover => 8,
            Site::Weave => 30,
            Site::Plan => 4,
            Site::PlanDraw => 2,
            Site::PlanNode => 1,
            Site::Untangle => 700,
            Site::Anneal => 3,
            Site::Refill => 6,
            Site::Sketch => 1,
            Site::Rectangle => 60,
            Site::Swedish => 2,
            Site::CrossFill => 25,
        }
    }
}

/// Work units a second of time limit buys (a unit is about a microsecond
/// of [`Site::cost`]'s machine): 0.6 s, so that a run that cannot meet its
/// request spends its work in about 0.6 of the time limit on the
/// development machine. Work alone decides every step of a search; the
/// clock is only the backstop of [`CLOCK_BACKSTOP`].
pub(crate) const WORK_PER_SECOND: u64 = 600_000;

/// The wall clock stops a run at this many times its time limit: a
/// backstop for a machine far slower than [`WORK_PER_SECOND`] assumes
/// (more than 6.6× slower than the development machine, or that much
/// busier). Measured 2026-11-25 on the development machine: pinned to one
/// core with two busy loops beside it a run took 2.1× its idle time, still
/// ending on its work (BENCHMARKS.md, "Reproducible under load"). At 2 the
/// 2026-11-27 machine (a 2-core AMD EPYC, 2.2–3.2× slower: all of
/// `wngerman` for SOMMERFERIEN 0.78–1.12 s whole process against 0.35 s)
/// cut every loaded run of the must-use autumn request and the 13×13
/// heart's idle run came within 10 % of its limit: the same seed gave
/// another puzzle on a busy slow machine. A run the clock ends says so
/// (`Report::cut_short`).
const CLOCK_BACKSTOP: u32 = 4;

/// The work a time limit buys: `time_limit × WORK_PER_SECOND`.
pub fn work_for(time_limit: Duration) -> u64 {
    (time_limit.as_secs_f64() * WORK_PER_SECOND as f64) as u64
}

/// Work between two looks at the clock and the cancel flag (about 0.2 ms).
const POLL_WORK: u64 = 200;

/// Deadline, cancel flag and work budget, checked often.
pub(crate) struct Limits {
    pub deadline: Instant,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Work done so far ([`Site::cost`] summed over the checks), shared
    /// with the limits made from these by [`Limits::with_budget`].
    /// (Atomic because the word-rectangle prover checks from a second
    /// thread; budgets are only set where one thread does the work.)
    work: Arc<AtomicU64>,
    /// Work after which checks say [`Stop::Budget`].
    work_limit: u64,
    /// Set once the clock has stopped a search: the result may differ
    /// from another run's. Shared like `work`.
    clock_cut: Arc<AtomicBool>,
    /// A second flag that stops the work, besides `cancel`: work run ahead
    /// on another thread, stopped once it is not needed (see
    /// [`Limits::cut_short_by`]).
    cut_short: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Limits with no work budget, stopped by the clock only at
    /// `deadline`.
    pub fn new(deadline: Instant, cancel: Option<Arc<AtomicBool>>) -> Limits {
        Limits {
            deadline,
            cancel,
            work: Default::default(),
            work_limit: u64::MAX,
            clock_cut: Default::default(),
            cut_short: None,
        }
    }

    /// The limits of one generation: `options.time_limit`'s work (see
    /// [`work_for`]), the clock's backstop at [`CLOCK_BACKSTOP`] times the
    /// time limit, and the options' cancel flag.
    pub fn for_options(options: &Options) -> Limits {
        let backstop = options.time_limit.saturating_mul(CLOCK_BACKSTOP);
        let now = Instant::now();
        // A time limit too large for the clock (years) has no backstop.
        let deadline = now
            .checked_add(backstop)
            .unwrap_or(now + Duration::from_secs(365 * 24 * 3600));
        let limits = Limits::new(deadline, options.cancel.clone());
        limits.with_budget(work_for(options.time_limit), deadline)
    }

    /// The same cancel flag, with `budget` more units of work from now and
    /// `deadline` if earlier than this one's; work done under either
    /// counts for both.
    pub fn with_budget(&self, budget: u64, deadline: Instant) -> Limits {
        Limits {
            deadline: self.deadline.min(deadline),
            cancel: self.cancel.clone(),
            work: self.work.clone(),
            work_limit: self.work().saturating_add(budget).min(self.work_limit),
            clock_cut: self.clock_cut.clone(),
            cut_short: self.cut_short.clone(),
        }
    }

    /// The same deadline and cancel flag with a work counter of its own
    /// and no budget: for a helper thread whose work must not count
    /// against (and so must not make timing-dependent) this one's budget.
    pub fn detached(&self) -> Limits {
        Limits {
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            work: Default::default(),
            work_limit: u64::MAX,
            clock_cut: self.clock_cut.clone(),
            cut_short: self.cut_short.clone(),
        }
    }

    /// The same limits, also stopped (as if cancelled) once `flag` is set.
    pub fn cut_short_by(&self, flag: &Arc<AtomicBool>) -> Limits {
        Limits {
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            work: self.work.clone(),
            work_limit: self.work_limit,
            clock_cut: self.clock_cut.clone(),
            cut_short: Some(flag.clone()),
        }
    }

    /// Whether the cancel flag is set.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Work done so far.
    pub fn work(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }

    /// Work left in the budget.
    pub fn work_left(&self) -> u64 {
        self.work_limit.saturating_sub(self.work())
    }

    /// Whether the clock (not the work) has stopped a search under these
    /// limits or those they were made from.
    pub fn cut_by_clock(&self) -> bool {
        self.clock_cut.load(Ordering::Relaxed)
    }

    /// Counts one step at `site`; says whether to stop (looking at the
    /// clock only every [`POLL_WORK`] units, at points the work decides).
    pub fn tick(&self, site: Site) -> Option<Stop> {
        self.charge(site, 1)
    }

    /// Counts `steps` steps at `site`, as [`Limits::tick`].
    pub fn charge(&self, site: Site, steps: u64) -> Option<Stop> {
        let cost = site.cost().saturating_mul(steps);
        let before = self.work.fetch_add(cost, Ordering::Relaxed);
        // The budget on every count (a loop whose steps cost a multiple of
        // POLL_WORK's half could step over every boundary below); the
        // clock and the cancel flag at boundaries only.
        if before.saturating_add(cost) >= self.work_limit {
            Some(Stop::Budget)
        } else if (before + cost) / POLL_WORK != before / POLL_WORK {
            self.poll()
        } else {
            None
        }
    }

    /// Whether to stop, counting no work.
    pub fn poll(&self) -> Option<Stop> {
        if self.cancelled()
            || self
                .cut_short
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(Stop::Cancelled);
        }
        if self.work() >= self.work_limit {
            return Some(Stop::Budget);
        }
        if Instant::now() >= self.deadline {
            self.clock_cut.store(true, Ordering::Relaxed);
            return Some(Stop::Deadline);
        }
        None
    }
}

impl crate::model::Report {
    /// Records that the clock ended a search under `limits`, if it did.
    pub(crate) fn note_clock(&mut self, limits: &Limits) {
        if limits.cut_by_clock() && !self.cut_short {
            self.cut_short = true;
            self.notes.push(crate::model::CUT_SHORT_NOTE.to_string());
        }
    }
}

impl GenerateError {
    /// A time-out that the clock (not the work budget) decided says so:
    /// another run may end otherwise.
    pub(crate) fn noting_clock(self, limits: &Limits) -> GenerateError {
        match self {
            GenerateError::TimedOut(why) if limits.cut_by_clock() => {
                GenerateError::TimedOut(format!("{why} ({})", crate::model::CUT_SHORT_NOTE))
            }
            other => other,
        }
    }
}

/// Made-up words for unit tests: one per entry of `lengths`, the letters
/// drawn from `letters` by a fixed linear congruential generator.
#[cfg(test)]
pub(crate) fn made_up_words(
    letters: &str,
    lengths: impl IntoIterator<Item = usize>,
    seed: u64,
) -> Vec<crate::model::Word> {
    let letters: Vec<char> = letters.chars().collect();
    let mut state = seed;
    lengths
        .into_iter()
        .map(|len| {
            let text: String = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    letters[(state >> 33) as usize % letters.len()]
                })
                .collect();
            crate::model::Word::new(&text, None, crate::model::UmlautMode::Keep).unwrap()
        })
        .collect()
}
