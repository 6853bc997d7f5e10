//! Swedish puzzles (Schwedenrätsel): clue cells inside the grid, arrows to
//! the answers. The layout of clue cells and the letters are found at once
//! by `fill` from one `trie` of the answers that have clues; relaxation
//! levels allow more clue cells when the requested share cannot be met
//! within the level's work; the solution word's cells are then chosen
//! among the letters, spread over the grid.

mod crossfill;
pub mod edit;
mod fill;
mod locks;
mod pattern;
mod theme;

use super::rng::Rng;
use super::trie::{Trie, letter_codes};
use super::{Limits, Options, Site, Stop};
use crate::error::GenerateError;
use crate::model::lexicon;
use crate::model::tags::{Tag, marked_clue};
use crate::model::thesaurus::{alternatives, gives_away, names_word, shares_stem};
use crate::model::{
    Arrow, Body, CellKind, ClueCell, CluePointer, Difficulty, Direction, DirectionSet, Language,
    PlacedWord, Pos, Puzzle, PuzzleSpec, Report, Solution, SwedishRules,
};
use crossfill::{CrossFiller, Index, Inputs};
use fill::{Board, Cell, Filler};
use locks::Locks;
use pattern::PatternGoal;
use std::collections::{HashMap, HashSet};

/// Clue-share levels tried in turn, as letters per clue cell below the
/// requested ratio, each giving up about a sixth. With straight arrows
/// only, 9×11 needed about 2.3:1 (its all-clue frame was a fifth of the
/// cells); with bent arrows on the edges the German list ends at 3.0–3.7
/// on 9×11 to 18×23, often from a looser level, whose pace is easier
/// to keep (BENCHMARKS.md).
const RELAXED_RATIOS: [f64; 3] = [0.85, 0.7, 0.55];
/// Decisions of each level in the first round per open cell (doubling
/// each round), so a level that cannot be met costs little before a looser
/// one is tried. Measured (German thesaurus, 10 seeds, medians): a fixed
/// 10,000 decisions gave 9×11 0.21 s — nearly all of it spent failing at
/// the two tightest levels — 13×17 0.32 s, 18×23 1.1 s; 50 a cell: 0.15,
/// 0.27 and 0.75 s. Trying the first level for 0.4 of the time limit had
/// cost 1–2 s on every 9×11 and 13×17.
const FIRST_ROUND_PER_CELL: u64 = 50;

/// An answer with its clues.
struct Answer {
    codes: Vec<u8>,
    printed: String,
    clues: Vec<String>,
    vocabulary: String,
    /// An abbreviation, symbol or unit (capped, clued as one).
    short_form: bool,
    /// One of its clues fits half a clue cell at the page's clue size (all
    /// do without a page in view).
    fits: bool,
    /// In the familiar tier: fits, and familiar, or from a list the editor curated
    /// (fewer than [`CURATED_BELOW`] entries) or the short answers.
    welcome: bool,
    /// Welcome at the medium preset's familiarity: the planned fill's
    /// second tier on easy pages, whose own tier is narrower.
    familiar: bool,
    /// From a must-use vocabulary: a theme answer the planned fill places
    /// first.
    must_use: bool,
}

/// Vocabularies with fewer entries than this are curated by hand (a theme
/// list typed in the app has 30–300 words): every entry is welcome in the
/// familiar tier. Imports and dictionaries (the thesaurus imports: 52,000
/// and 67,000 answers) are ranked by familiarity.
const CURATED_BELOW: usize = 2_000;

/// From this round on the fill may use every answer, not only the familiar
/// tier: rounds double their work, so the familiar tier has had 31 first
/// rounds' work at every clue-share level before, the last round without
/// caps (the familiar German answers fill 18×23 as fast as all of them).
const FULL_LEXICON_ROUND: u32 = 5;

/// Rounds from which the short-answer caps are doubled, and lifted: the
/// fill fails far more often under tight caps (13×17 German, 6 seeds: no
/// cap 0.55 s; two-letter answers ≤ 12 % 0.6 s; ≤ 8 % 4 of 6 filled;
/// ≤ 3 % 1 of 4; 18×23 fails from 12 %), so a request it cannot meet
/// costs one round, and its double another, before it is lifted (each at
/// the requested clue share only: 13×17 German 0.66 → 0.57 s, English
/// 18×23 0.93 → 0.72 s median). With
/// the lift at round 4, and the short forms only doubled, German 18×23
/// failed 4–5 of 10 seeds within the work budget (10 s limit): short forms
/// (USB, ABS, kg) are what the fill's lower rows still live on (22 of 130
/// answers once lifted; all of them marked).
const CAPS_RELAXED_ROUND: u32 = 1;
const CAPS_LIFTED_ROUND: u32 = 2;

/// Abbreviations, symbols and units at most, in percent of the answers
/// (the print target: ≤ 3 %, each marked); at least one. Doubled
/// with the other caps, never lifted.
const SHORT_FORM_PERCENT: u8 = 3;

/// What a short form costs an answer across in the fill's random order
/// (0–4): it is taken only where little else fits.
const SHORT_FORM_PENALTY: f32 = 1.5;

/// What an answer gains in the fill's random order (0–4) when a
/// dictionary sense confirms its clue (the import's `confirmed` tag):
/// an editor changed 13 % of such audited German pairs, 34 % of the
/// others. Easy and medium puzzles only: a hard page prints the oblique
/// clue. (Value: see BENCHMARKS, "Confirmed clues".)
const CONFIRMED_PREFERENCE: f32 = 1.0;

/// Answers per playable cell, to turn the short-answer caps (percent of
/// the answers) into counts before the fill: measured 0.30–0.33 on 13×17
/// and 18×23 German pages (66–72 answers on 221 cells).
const ANSWERS_PER_CELL: f64 = 0.31;

/// Answers shorter than this may come back in later puzzles of a batch:
/// the German thesaurus list has only 129 answers of 2 letters and 481 of
/// 3, and a 13×17 puzzle uses 15–20 of them; longer answers never repeat.
pub const BATCH_REPEAT_BELOW: usize = 4;

/// Makes a Swedish puzzle on the spec's mask from the vocabularies' words
/// that have clues.
pub fn generate(spec: &PuzzleSpec, options: &Options) -> Result<Puzzle, GenerateError> {
    Ok(Prepared::new(spec)?.puzzle(options, &[])?.0)
}

/// A batch of `count` puzzles, seeds counting up from `options.seed`, the
/// answers prepared once; an answer of [`BATCH_REPEAT_BELOW`] letters or
/// more appears in one puzzle of the batch only. `on_done` hears of each.
pub fn generate_batch(
    spec: &PuzzleSpec,
    options: &Options,
    count: usize,
    mut on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    let prepared = Prepared::new(spec)?;
    let mut taken = vec![false; prepared.answers.len()];
    let mut puzzles = Vec::new();
    for i in 0..count {
        let seeded = options.for_batch_puzzle(i);
        let (puzzle, used) = prepared.puzzle(&seeded, &taken)?;
        for id in used {
            if prepared.spellings[id].len() >= BATCH_REPEAT_BELOW {
                taken[prepared.slots[id] as usize] = true;
            }
        }
        on_done(i + 1, &puzzle);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// What the puzzles of one request are made from, prepared once: the
/// answers with their clues, their trie, the start cells.
struct Prepared<'s> {
    spec: &'s PuzzleSpec,
    answers: Vec<(Answer, f32)>,
    alphabet: Vec<char>,
    notes: Vec<String>,
    preference: Vec<f32>,
    spellings: Vec<Vec<u8>>,
    trie: Trie,
    /// Per answer id: an abbreviation, symbol or unit.
    short_form: Vec<bool>,
    /// The trie of the welcome answers; `None` when every answer is.
    familiar_trie: Option<Trie>,
    /// The answers by length for the planned fill's tiers, tried in turn:
    /// the welcome ones, on easy pages the familiar ones, then all (when
    /// not every answer is welcome).
    planned_tiers: Vec<Index>,
    alphabet_mask: u64,
    slots: Vec<u32>,
    cells: Vec<Cell>,
    solution_codes: Option<Vec<u8>>,
    /// The must-use answers' ids, longest first: the planned layouts are
    /// asked for runs of their lengths, and they take runs before the fill.
    themes: Vec<usize>,
    /// What the editor keeps in place (pre-assigned answers and letters).
    locks: Locks,
}

/// The theme answers the planned fill still places, longest first, and
/// the layouts that failed with them since one was left out.
struct Themes {
    active: Vec<usize>,
    failures: usize,
}

/// Layouts with the theme answers that may fail in a tier before it ends
/// (the last tier: before the longest theme is left out and reported).
/// German 13×17, five themes of 5–8 letters, 6 seeds: after 6 failures
/// the 8-letter theme was left out in 5; after 12, with the tiers, in 1 of
/// 10; 20 kept no more themes than 12 and took longer (1.1 against 0.9 s
/// median).
const THEME_TRIES: usize = 12;

/// Restarts of the fill of a layout with theme answers: 8 and 16 spent the
/// planned fill's share on few layouts (the row-by-row fill then took over
/// in 2 of 6 seeds with 8, all 6 with 16); a fresh layout helps more.
const THEME_RESTARTS: u32 = 4;

impl Themes {
    /// A layout with the themes failed. In the last tier, after
    /// [`THEME_TRIES`] the longest theme is left out; in an earlier one the
    /// tier ends (true), so that the themes meet a wider lexicon before
    /// any is left out.
    fn fail(&mut self, last_tier: bool) -> bool {
        self.failures += 1;
        if self.failures < THEME_TRIES || self.active.is_empty() {
            return false;
        }
        self.failures = 0;
        if last_tier {
            self.active.remove(0);
            false
        } else {
            true
        }
    }
}

impl<'s> Prepared<'s> {
    fn new(spec: &'s PuzzleSpec) -> Result<Prepared<'s>, GenerateError> {
        let rules = spec.swedish;
        let (width, height) = (spec.mask.width(), spec.mask.height());
        let min_len = rules.min_answer_length as usize;
        let longest = width.max(height).saturating_sub(1);
        let (mut answers, mut alphabet, notes) = lexicon(spec, min_len, longest)?;
        let cells = start_cells(spec);
        let locks = Locks::new(spec, &cells, &mut alphabet, &mut answers)?;
        if answers.is_empty() {
            return Err(GenerateError::Impossible(format!(
                "no word of {min_len}–{longest} letters with a clue: a Swedish puzzle needs entries written WORD=clue"
            )));
        }
        let preference: Vec<f32> = answers.iter().map(|a| a.1).collect();
        let short_form: Vec<bool> = answers.iter().map(|a| a.0.short_form).collect();
        let spellings: Vec<Vec<u8>> = answers.iter().map(|a| a.0.codes.clone()).collect();
        let trie = Trie::new(
            spellings
                .iter()
                .enumerate()
                .map(|(i, c)| (c.clone(), i as u32))
                .collect(),
        );
        let familiar_trie = answers.iter().any(|a| !a.0.welcome).then(|| {
            Trie::new(
                spellings
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| answers[*i].0.welcome)
                    .map(|(i, c)| (c.clone(), i as u32))
                    .collect(),
            )
        });
        let planned_tiers = planned_tiers(&answers, &spellings, alphabet.len(), rules.difficulty);
        let alphabet_mask = (0..alphabet.len()).fold(0u64, |m, i| m | 1 << i);
        let slots = exclusion_slots(spec, &answers, &alphabet);
        let solution_codes = solution_codes(spec, &alphabet)?;
        // A theme answer the editor keeps in place is placed once, there.
        let mut themes: Vec<usize> = (0..answers.len())
            .filter(|&i| answers[i].0.must_use && !locks.answers.iter().any(|k| k.id == i))
            .collect();
        themes.sort_by_key(|&i| (std::cmp::Reverse(answers[i].0.codes.len()), i));
        Ok(Prepared {
            themes,
            locks,
            spec,
            answers,
            alphabet,
            notes,
            preference,
            short_form,
            spellings,
            trie,
            familiar_trie,
            planned_tiers,
            alphabet_mask,
            slots,
            cells,
            solution_codes,
        })
    }

    /// One puzzle, its answers' ids beside it; the answers whose slots are
    /// `taken` (earlier puzzles of a batch) are left out. The planned fill
    /// first, then the row-by-row fill in rounds.
    fn puzzle(
        &self,
        options: &Options,
        taken: &[bool],
    ) -> Result<(Puzzle, Vec<usize>), GenerateError> {
        let limits = Limits::for_options(options);
        let mut rng = Rng::new(options.seed);
        let mut report = Report {
            notes: self.notes.clone(),
            ..Report::default()
        };
        let requested = self.requested_caps();
        let run = PuzzleRun {
            options,
            limits: &limits,
            taken,
            requested,
        };
        let stopped = match self.planned_first(&run, &mut rng, &mut report)? {
            PlannedEnd::Done(done) => return Ok(*done),
            PlannedEnd::RowByRow(stopped) => stopped,
        };
        self.row_by_row(&run, &mut rng, report, stopped)
    }

    /// The short-answer caps asked for: two-letter, three-letter answers
    /// and short forms, from the shares of the answers a page this size
    /// holds.
    fn requested_caps(&self) -> [usize; 3] {
        let rules = self.spec.swedish;
        let expected_answers = self.spec.mask.playable_count() as f64 * ANSWERS_PER_CELL;
        let cap = |percent: u8| (expected_answers * percent as f64 / 100.0).floor() as usize;
        [
            cap(rules.max_two_letter_percent),
            cap(rules.max_three_letter_percent),
            match rules.difficulty {
                Difficulty::Easy => 0,
                Difficulty::Medium | Difficulty::Hard => cap(SHORT_FORM_PERCENT).max(1),
            },
        ]
    }

    /// The planned fill first: a clue-cell layout that keeps print's
    /// rules, then its answers; the row-by-row fill when it finds none
    /// within its share of the work. What the editor keeps only the
    /// planned fill keeps: it has all the work, and its failure is the
    /// request's.
    fn planned_first(
        &self,
        run: &PuzzleRun,
        rng: &mut Rng,
        report: &mut Report,
    ) -> Result<PlannedEnd, GenerateError> {
        let share = if !self.locks.is_empty() {
            1.0
        } else if self.themes.is_empty() {
            PLANNED_SHARE
        } else {
            PLANNED_SHARE_THEMES
        };
        let limits = run.limits;
        let planned_limits =
            limits.with_budget((limits.work_left() as f64 * share) as u64, limits.deadline);
        let (taken, requested) = (run.taken, run.requested);
        let mut planned = self.planned(rng, &planned_limits, taken, requested, report);
        // With kept answers the planned fill is the only one: it tries
        // fresh layouts while there is work left (8 kept answers of a
        // 13×17 page: 2 of 5 seeds found none in one pass's 24 layouts a
        // tier).
        while !self.locks.is_empty()
            && matches!(planned, Ok(None))
            && planned_limits.poll().is_none()
        {
            planned = self.planned(rng, &planned_limits, taken, requested, report);
        }
        match planned {
            Ok(Some((filled, solution))) => {
                let report = std::mem::take(report);
                let done = self.finished(&filled, solution, run.options.seed, rng, report, limits);
                Ok(PlannedEnd::Done(Box::new(done)))
            }
            Ok(None) | Err(Stop::Budget) if !self.locks.is_empty() => {
                let kept = self.locks.names(&self.answers);
                let what = if kept.is_empty() {
                    "the kept letters".to_string()
                } else {
                    format!("the kept answers {kept}")
                };
                Err(GenerateError::TimedOut(format!(
                    "no layout with {what} in place filled: keep fewer, or allow more time"
                ))
                .noting_clock(limits))
            }
            Ok(None) | Err(Stop::Budget) => {
                report.notes.push(
                    "no planned layout filled within its share of the work: the row-by-row fill was used"
                        .to_string(),
                );
                Ok(PlannedEnd::RowByRow(None))
            }
            Err(Stop::Cancelled) => Err(GenerateError::Cancelled),
            Err(stop) => Ok(PlannedEnd::RowByRow(Some(stop))),
        }
    }

    /// The row-by-row fill in rounds over the levels with doubling work:
    /// a level that cannot be met costs little before a looser one is
    /// tried, and a tighter one gets another, longer try in the next
    /// round.
    fn row_by_row(
        &self,
        run: &PuzzleRun,
        rng: &mut Rng,
        mut report: Report,
        mut stopped: Option<Stop>,
    ) -> Result<(Puzzle, Vec<usize>), GenerateError> {
        let (spec, rules, cells) = (self.spec, self.spec.swedish, &self.cells);
        let (width, height) = (spec.mask.width(), spec.mask.height());
        let playable = spec.mask.playable_count();
        let frame = cells.iter().filter(|c| **c == Cell::Frame).count();
        let ratios: Vec<f64> = std::iter::once(1.0)
            .chain(RELAXED_RATIOS)
            .map(|f| rules.letters_per_clue * f)
            .collect();
        let run_limits = run.limits;
        let open = cells.iter().filter(|c| **c == Cell::Open).count() as u64;
        let mut round_work = FIRST_ROUND_PER_CELL * open.max(1) * Site::Swedish.cost();
        let mut round = 0u32;
        'rounds: loop {
            let caps = round_caps(round, run.requested, rules.difficulty);
            let levels = |(t, f)| ratios.iter().enumerate().map(move |(l, r)| (l, r, t, f));
            for (level, ratio, trie, familiar_tier) in
                self.tiers(round).into_iter().flat_map(levels)
            {
                let clue_budget = (playable as f64 / (1.0 + ratio)).floor() as usize;
                // Capped rounds try the requested clue share only: a cap
                // the fill cannot meet then costs one level, not four.
                if clue_budget < frame + 1 || round < CAPS_LIFTED_ROUND && level > 0 {
                    continue;
                }
                let level_limits = run_limits.with_budget(round_work, run_limits.deadline);
                let board = self.row_board(trie, caps, clue_budget, run.taken);
                loop {
                    let mut filler = Filler::new(&board, self.answers.len(), rng.next_seed());
                    let result = filler.fill(&level_limits);
                    report.nodes += filler.nodes;
                    report.restarts += filler.restarts;
                    match result {
                        Ok(filled) => {
                            // Letters missing: another fill.
                            let Some(solution) = self.solution_in(&filled, rng) else {
                                continue;
                            };
                            let (requested, ratio) = (run.requested, *ratio);
                            let relaxed = Relaxed {
                                caps,
                                requested,
                                familiar_tier,
                                level,
                                ratio,
                            };
                            self.note_relaxed(&mut report, &relaxed, &filled);
                            let seed = run.options.seed;
                            return Ok(
                                self.finished(&filled, solution, seed, rng, report, run_limits)
                            );
                        }
                        Err(Stop::Budget) if run_limits.poll() == Some(Stop::Budget) => {
                            break 'rounds;
                        }
                        Err(Stop::Budget) => break,
                        Err(stop) => {
                            stopped = Some(stop);
                            break 'rounds;
                        }
                    }
                }
            }
            round_work = round_work.saturating_mul(2);
            round += 1;
        }
        Err(match stopped {
            Some(Stop::Cancelled) => GenerateError::Cancelled,
            _ => no_fill(width, height, ratios[ratios.len() - 1]).noting_clock(run_limits),
        })
    }

    /// The solution word's cells in a fill: `Some(None)` without a
    /// solution word, `None` when the fill lacks its letters.
    fn solution_in(&self, filled: &[Cell], rng: &mut Rng) -> Option<Option<Vec<Pos>>> {
        match &self.solution_codes {
            Some(codes) => solution_cells(filled, self.spec.mask.width(), codes, rng).map(Some),
            None => Some(None),
        }
    }

    /// The row-by-row fill's board for one level: its answers, caps and
    /// clue cells to spend.
    fn row_board<'b>(
        &'b self,
        trie: &'b Trie,
        caps: [usize; 3],
        clue_budget: usize,
        taken: &'b [bool],
    ) -> Board<'b> {
        Board {
            width: self.spec.mask.width(),
            height: self.spec.mask.height(),
            trie,
            cells: self.cells.clone(),
            caps,
            short_form: &self.short_form,
            clue_budget,
            min_len: self.spec.swedish.min_answer_length as usize,
            preference: &self.preference,
            spellings: &self.spellings,
            slots: &self.slots,
            taken,
            alphabet: self.alphabet_mask,
        }
    }

    /// The familiar answers first; every answer once they have had their
    /// rounds (or when all are familiar). Whether a tier is the familiar
    /// one beside it.
    fn tiers(&self, round: u32) -> Vec<(&Trie, bool)> {
        match &self.familiar_trie {
            Some(familiar) if round < FULL_LEXICON_ROUND => vec![(familiar, true)],
            Some(familiar) => vec![(familiar, true), (&self.trie, false)],
            None => vec![(&self.trie, true)],
        }
    }

    /// What a row-by-row fill relaxed, in the report: raised or lifted
    /// caps, rarer answers, a looser clue share (a looser level may still
    /// end above the request: bent arrows save clue cells the pacing
    /// expects).
    fn note_relaxed(&self, report: &mut Report, relaxed: &Relaxed, filled: &[Cell]) {
        let rules = self.spec.swedish;
        let (caps, requested) = (relaxed.caps, relaxed.requested);
        if caps != requested {
            report.relaxed.push(format!(
                "short answers: the caps of {} two-letter and {} three-letter answers ({} % and {} %) {}",
                requested[0],
                requested[1],
                rules.max_two_letter_percent,
                rules.max_three_letter_percent,
                if caps[0] == usize::MAX {
                    "were lifted".to_string()
                } else {
                    format!("were raised to {} and {}", caps[0], caps[1])
                }
            ));
        }
        if !relaxed.familiar_tier {
            report
                .notes
                .push("the familiar answers alone gave no fill: rarer ones were used".to_string());
        }
        let reached = letters_per_clue_cell(filled);
        if relaxed.level > 0 && reached < rules.letters_per_clue {
            report.relaxed.push(clue_share_relaxed(
                rules.letters_per_clue,
                reached,
                relaxed.ratio,
            ));
        }
    }

    /// The planned fill: clue-cell layouts annealed for the page's
    /// rules, each filled as a crossword from the welcome answers, then
    /// from all; the filled cells and the solution's cells.
    fn planned(
        &self,
        rng: &mut Rng,
        limits: &Limits,
        taken: &[bool],
        caps: [usize; 3],
        report: &mut Report,
    ) -> Result<Option<PlannedFill>, Stop> {
        let spec = self.spec;
        let (width, height) = (spec.mask.width(), spec.mask.height());
        let rules = spec.swedish;
        let mut goal = PatternGoal {
            width,
            height,
            clue_target: 0,
            longest: PLANNED_LONGEST,
            min_len: rules.min_answer_length as usize,
            two_percent: rules.max_two_letter_percent,
            three_percent: rules.max_three_letter_percent,
            wanted: Vec::new(),
            fixed: self.locks.fixed.clone(),
            kept_short: [2, 3].map(|len| {
                self.locks
                    .answers
                    .iter()
                    .filter(|k| k.cells.len() == len)
                    .count()
            }),
        };
        let tiers = self.planned_tiers.len();
        let mut themes = Themes {
            active: self.themes.clone(),
            failures: 0,
        };
        for (tier, index) in self.planned_tiers.iter().enumerate() {
            // Each tier but the last gets a share of the work left, so
            // that a tier that fills nothing (easy 18×23: the everyday
            // answers whose clues fit) leaves the next its turn.
            let share = if tier + 1 < tiers { TIER_SHARE } else { 1.0 };
            let tier_limits =
                limits.with_budget((limits.work_left() as f64 * share) as u64, limits.deadline);
            match self.planned_tier(
                index,
                rng,
                &tier_limits,
                taken,
                caps,
                &mut goal,
                &mut themes,
                tier + 1 == tiers,
                report,
            ) {
                Ok(None) => {}
                Err(Stop::Budget) => {
                    if let Some(stop) = limits.poll() {
                        return Err(stop);
                    }
                }
                done => return done,
            }
        }
        Ok(None)
    }

    /// One tier of the planned fill: layouts filled from the answers of
    /// `index`, at most [`PLANNED_LAYOUTS`].
    #[allow(clippy::too_many_arguments)]
    fn planned_tier(
        &self,
        index: &Index,
        rng: &mut Rng,
        limits: &Limits,
        taken: &[bool],
        caps: [usize; 3],
        goal: &mut PatternGoal,
        themes: &mut Themes,
        last_tier: bool,
        report: &mut Report,
    ) -> Result<Option<PlannedFill>, Stop> {
        let spec = self.spec;
        let width = spec.mask.width();
        let playable = spec.mask.playable_count();
        let rules = spec.swedish;
        let inputs = Inputs {
            width,
            index,
            spellings: &self.spellings,
            preference: &self.preference,
            slots: &self.slots,
            taken,
            short_form: &self.short_form,
            short_form_cap: caps[2],
        };
        let mut stage = PlanStage::default();
        let mut layouts = 0;
        goal.two_percent = rules.max_two_letter_percent;
        goal.three_percent = rules.max_three_letter_percent;
        // The last tier may leave every theme out in turn and still
        // have its own layouts.
        let max_layouts = PLANNED_LAYOUTS
            + if last_tier {
                THEME_TRIES * themes.active.len()
            } else {
                0
            };
        while layouts < max_layouts {
            let ratio = stage.ratio(rules.letters_per_clue);
            // Rounded down: a layout within it keeps the share.
            goal.clue_target = (playable as f64 / (1.0 + ratio)).floor() as usize;
            // Runs as long as the longest theme answer are allowed (a
            // soft goal: the layout still prefers shorter ones).
            goal.wanted = theme::wanted(&self.theme_codes(themes));
            let layout = pattern::layout(&self.cells, goal, rng);
            if let Some(stop) = limits.charge(Site::Anneal, pattern::steps(&self.cells)) {
                return Err(stop);
            }
            let Some(layout) = layout else {
                // A theme length no layout offers (a shape, an ad
                // area) counts against the themes too.
                if !themes.active.is_empty() && themes.fail(last_tier) {
                    return Ok(None);
                }
                if !stage.relax_after_unplanned(goal, rules) {
                    layouts += 1;
                }
                continue;
            };
            layouts += 1;
            stage.unplanned = PLANNED_PROBES + 1;
            match self.fill_planned(&inputs, layout, themes, rng, limits, report)? {
                Attempt::Filled((filled, solution)) => {
                    self.note_planned_relaxed(report, &stage, goal, ratio, &filled);
                    return Ok(Some((filled, solution)));
                }
                Attempt::Next => {}
                Attempt::ThemeFailure => {
                    if themes.fail(last_tier) {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(None)
    }

    /// Fills one planned layout: what the editor keeps and the theme
    /// answers given first, then the crossword fill, the solution's cells.
    fn fill_planned(
        &self,
        inputs: &Inputs,
        layout: Vec<Cell>,
        themes: &Themes,
        rng: &mut Rng,
        limits: &Limits,
        report: &mut Report,
    ) -> Result<Attempt, Stop> {
        let theme_codes = self.theme_codes(themes);
        let Some(mut filler) = CrossFiller::new(inputs, layout, rng.next_seed()) else {
            return Ok(if themes.active.is_empty() {
                Attempt::Next
            } else {
                Attempt::ThemeFailure
            });
        };
        let placed = !theme_codes.is_empty() || !self.locks.is_empty();
        if placed {
            match self.give(&mut filler, themes, &theme_codes, rng) {
                Given::Placed => {}
                Given::NoKeptRuns => return Ok(Attempt::Next),
                Given::Failed => return Ok(Attempt::ThemeFailure),
            }
        }
        let restarts = if placed {
            THEME_RESTARTS
        } else {
            PLANNED_RESTARTS
        };
        let filled = filler.fill(limits, restarts);
        report.nodes += filler.nodes;
        report.restarts += filler.restarts;
        // A failure with kept or theme answers counts against the themes.
        let failed = if placed {
            Attempt::ThemeFailure
        } else {
            Attempt::Next
        };
        let Some(filled) = filled? else {
            return Ok(failed);
        };
        if self.clues_only_name_others(&filled) {
            return Ok(Attempt::Next);
        }
        Ok(match self.solution_in(&filled, rng) {
            Some(solution) => Attempt::Filled((filled, solution)),
            None => failed,
        })
    }

    /// The spellings of the theme answers still in play.
    fn theme_codes(&self, themes: &Themes) -> Vec<&[u8]> {
        themes
            .active
            .iter()
            .map(|&id| self.spellings[id].as_slice())
            .collect()
    }

    /// Gives the fill of a layout what the editor keeps (its runs, fixed
    /// in the layout, and letters) and then the theme answers, which take
    /// runs of their length.
    fn give(
        &self,
        filler: &mut CrossFiller,
        themes: &Themes,
        theme_codes: &[&[u8]],
        rng: &mut Rng,
    ) -> Given {
        let runs = filler.runs();
        let Some(kept_runs) = self.locks.runs(&runs) else {
            return Given::NoKeptRuns;
        };
        let mut taken = vec![false; runs.len()];
        for &run in &kept_runs {
            taken[run] = true;
        }
        let kept_letters = if self.locks.given.is_empty() {
            vec![None; self.cells.len()]
        } else {
            self.locks.given.clone()
        };
        let banned: Vec<u32> = themes
            .active
            .iter()
            .copied()
            .chain(self.locks.answers.iter().map(|k| k.id))
            .map(|id| self.slots[id])
            .collect();
        let given = theme::assign(
            &runs,
            kept_letters,
            taken,
            theme_codes,
            |run, codes| filler.crossing_room(run, codes),
            rng,
        );
        if given.is_some_and(|(given, runs)| filler.give_themes(&given, &banned, &runs)) {
            Given::Placed
        } else {
            Given::Failed
        }
    }

    /// What a planned fill relaxed, in the report: short-answer caps the
    /// shape forced up, a looser clue share.
    fn note_planned_relaxed(
        &self,
        report: &mut Report,
        stage: &PlanStage,
        goal: &PatternGoal,
        ratio: f64,
        filled: &[Cell],
    ) {
        let rules = self.spec.swedish;
        if stage.cap_stage > 0 {
            report.relaxed.push(format!(
                "short answers: the caps of {} % two-letter and {} % three-letter answers {}: the shape or its ad areas force short runs",
                rules.max_two_letter_percent,
                rules.max_three_letter_percent,
                if stage.cap_stage == 1 {
                    format!("were raised to {} % and {} %", goal.two_percent, goal.three_percent)
                } else {
                    "were lifted".to_string()
                }
            ));
        }
        let reached = letters_per_clue_cell(filled);
        if reached < rules.letters_per_clue {
            report
                .relaxed
                .push(clue_share_relaxed(rules.letters_per_clue, reached, ratio));
        }
    }
}

impl Prepared<'_> {
    /// Whether an answer of `filled` has only clues that name another
    /// answer of the page (AAR = "Adler" beside ADLER): `clues_apart` then
    /// has nothing to print instead, so the layout is filled anew. 13×17,
    /// seeds 1–20, pages with a giveaway: German 3 → 0, English 8 → 1,
    /// same median time (0.41 / 0.43 s, 0.23 / 0.24 s). A kept answer
    /// prints its editor's clue and does not count.
    fn clues_only_name_others(&self, filled: &[Cell]) -> bool {
        let width = self.spec.mask.width();
        let height = filled.len() / width;
        let mut placed: Vec<u32> = Vec::new();
        let mut run: Vec<u8> = Vec::new();
        let mut end_run = |run: &mut Vec<u8>| {
            if run.len() >= 2
                && let Some(id) = self.trie.find(run)
            {
                placed.push(id);
            }
            run.clear();
        };
        for across in [true, false] {
            let (lines, cells) = if across {
                (height, width)
            } else {
                (width, height)
            };
            for line in 0..lines {
                for at in 0..cells {
                    let i = if across {
                        line * width + at
                    } else {
                        at * width + line
                    };
                    match filled[i] {
                        Cell::Letter(code) => run.push(code),
                        _ => end_run(&mut run),
                    }
                }
                end_run(&mut run);
            }
        }
        let texts: Vec<String> = placed
            .iter()
            .map(|&id| {
                self.spellings[id as usize]
                    .iter()
                    .map(|&c| self.alphabet[c as usize])
                    .collect()
            })
            .collect();
        placed.iter().enumerate().any(|(i, &id)| {
            let clues = &self.answers[id as usize].0.clues;
            !self.locks.answers.iter().any(|k| k.id == id as usize)
                && !clues.is_empty()
                && clues.iter().all(|clue| {
                    texts.iter().enumerate().any(|(j, other)| {
                        j != i && other.chars().count() >= GIVEAWAY_FROM && names_word(clue, other)
                    })
                })
        })
    }

    /// The puzzle of a filled board, the clock noted in its report.
    fn finished(
        &self,
        filled: &[Cell],
        solution: Option<Vec<Pos>>,
        seed: u64,
        rng: &mut Rng,
        mut report: Report,
        limits: &Limits,
    ) -> (Puzzle, Vec<usize>) {
        report.note_clock(limits);
        let (mut puzzle, used) = build(
            self.spec,
            filled,
            &self.answers,
            &self.alphabet,
            solution,
            seed,
            rng,
            report,
        );
        // Kept answers print the clue they were kept with.
        for kept in &self.locks.answers {
            let Some(clue) = &kept.clue else { continue };
            if let Some(word) = puzzle
                .words
                .iter_mut()
                .find(|w| w.start == kept.start && w.direction == kept.direction)
            {
                word.clue_edited = !self.answers[kept.id].0.clues.contains(clue);
                word.clue = Some(clue.clone());
            }
        }
        // Every theme answer placed, or named.
        for &id in &self.themes {
            if !used.contains(&id) {
                let answer = &self.answers[id].0;
                let text: String = answer
                    .codes
                    .iter()
                    .map(|&c| self.alphabet[c as usize])
                    .collect();
                puzzle.report.relaxed.push(format!(
                    "must-use answer {} left out: no layout with it filled in the time given (fewer or shorter theme answers fit more often)",
                    answer.printed
                ));
                puzzle.report.unplaced.push(text);
            }
        }
        (puzzle, used)
    }
}

/// Letter cells per clue cell (frame cells included) of a filled board.
fn letters_per_clue_cell(filled: &[Cell]) -> f64 {
    let letters = filled
        .iter()
        .filter(|c| matches!(c, Cell::Letter(_)))
        .count();
    let clues = filled
        .iter()
        .filter(|c| matches!(c, Cell::Clue | Cell::Frame))
        .count();
    letters as f64 / clues.max(1) as f64
}

/// The report's line when a fill stays below the requested clue share.
fn clue_share_relaxed(requested: f64, reached: f64, allowed: f64) -> String {
    format!(
        "clue cells: the requested {requested:.1} letters per clue cell could not be met; {reached:.1} reached ({allowed:.1} allowed)"
    )
}

/// A filled board and its solution's cells.
type PlannedFill = (Vec<Cell>, Option<Vec<Pos>>);

/// Share of the work the planned fill may spend before the row-by-row
/// fill takes over: half, so that a request the planned layouts cannot
/// fill (easy 18×23 from the German import: 2–3 of 6 seeds) still has the
/// row-by-row fill's rounds with their relaxed caps. Not tuned further.
const PLANNED_SHARE: f64 = 0.5;

/// The planned fill's share with theme answers: only it places them (the
/// row-by-row fill leaves every theme out). Not tuned further.
const PLANNED_SHARE_THEMES: f64 = 0.8;
/// Layouts tried per answer tier, and Luby restarts of the fill per
/// layout. Measured (German import, easy, 13×17, 8 seeds): 4 restarts
/// instead of 2 filled as many (4 of 8, runs up to 6 letters) and took
/// longer (1.94 vs 1.79 s median); one restart on 48 layouts filled
/// 18×23 easy in 2 of 6, as 2 on 24 did. A fresh layout helps about as
/// much as a longer run on a stuck one.
const PLANNED_LAYOUTS: usize = 24;
/// Share of the planned fill's work left that a tier other than the last
/// may spend. Measured (German import, medium 18×23 10 seeds, easy 18×23
/// 6): at 0.5 one medium seed ran out in the familiar tier and filled
/// from all answers (82 % familiar, 7 clues set small); at 0.65 all
/// filled from the familiar tier, and easy still 6 of 6 from its second
/// tier (2.2 s median).
const TIER_SHARE: f64 = 0.65;
const PLANNED_RESTARTS: u32 = 2;
/// Layouts in a row that the annealing cannot make keep the rules at a
/// clue share before the next, looser level is tried (a 15×15 heart: its
/// frame cells alone leave no layout at 3 letters per clue cell). On
/// rectangles nearly every layout keeps the rules at the requested share
/// (`pattern.rs`' test), so one unlucky layout does not loosen the page.
const PLANNED_PROBES: usize = 3;
/// Longest run of a planned layout (a soft goal: each letter beyond it
/// costs). Measured, 10 seeds (6 for the presets), runs of 5 against 6:
/// German 13×17 medium filled 10/10 either way (0.64 / 0.65 s median,
/// 82.5 / 85.6 % checked both ways); German 18×23 10/10 against 9/10
/// (1.10 / 1.27 s); German 13×17 easy 8/8 against 4/8 (1.0 / 1.8 s).
/// Longer runs cross more letters but need rarer words to fill.
const PLANNED_LONGEST: usize = 5;

type Lexicon = (Vec<(Answer, f32)>, Vec<char>, Vec<String>);

/// The planned fill's tiers: the welcome answers; on easy pages the
/// familiar ones; those whose clues fit; all.
fn planned_tiers(
    answers: &[(Answer, f32)],
    spellings: &[Vec<u8>],
    letters: usize,
    difficulty: Difficulty,
) -> Vec<Index> {
    let familiar_tier = answers.iter().any(|a| !a.0.welcome);
    let mut planned_tiers = vec![Index::new(spellings, letters, |i| answers[i].0.welcome)];
    if difficulty == Difficulty::Easy && answers.iter().any(|a| a.0.familiar && !a.0.welcome) {
        planned_tiers.push(Index::new(spellings, letters, |i| answers[i].0.familiar));
    }
    // Answers whose clues fit the page at its clue size, familiar or
    // not, before those that would be set smaller (issue 34: one size,
    // at least 6 pt). A4 18×23 German seed 8 ran out in the welcome
    // tier and set two clues at 4.5 pt from the last.
    if answers.iter().any(|a| a.0.fits && !a.0.welcome) && answers.iter().any(|a| !a.0.fits) {
        planned_tiers.push(Index::new(spellings, letters, |i| answers[i].0.fits));
    }
    if familiar_tier {
        planned_tiers.push(Index::new(spellings, letters, |_| true));
    }
    planned_tiers
}

/// The solution word's letter codes; refused when an answer lacks one of
/// its letters.
fn solution_codes(spec: &PuzzleSpec, alphabet: &[char]) -> Result<Option<Vec<u8>>, GenerateError> {
    let Some(word) = &spec.solution else {
        return Ok(None);
    };
    word.letters
        .iter()
        .map(|c| alphabet.iter().position(|a| a == c).map(|i| i as u8))
        .collect::<Option<Vec<u8>>>()
        .map(Some)
        .ok_or_else(|| {
            GenerateError::Impossible(format!(
                "the solution word {} has a letter no answer holds",
                word.text()
            ))
        })
}

/// The answers: words of `min_len..=longest` letters with at least one
/// clue that neither gives the answer away nor holds an offensive or
/// sensitive word; a word listed in several vocabularies counts once (the
/// first, a word before a short form). With the rules' `short_answers`,
/// the shipped short-answer list of the language comes last. Each answer's preference: its
/// vocabulary's priority first, then how familiar it is.
fn lexicon(spec: &PuzzleSpec, min_len: usize, longest: usize) -> Result<Lexicon, GenerateError> {
    let mut alphabet: Vec<char> = Vec::new();
    let mut seen: HashSet<Vec<char>> = HashSet::new();
    let mut answers = Vec::new();
    let mut screen = Screen::new(spec, (min_len, longest));
    let short_list = spec.swedish.short_answers.then(|| {
        let vocabulary = lexicon::short_answers(spec.language);
        let (words, _) = vocabulary.words(spec.umlauts);
        (vocabulary.name, words)
    });
    let vocabularies = spec
        .vocabularies
        .iter()
        .map(|v| (v.name.as_str(), v.words.as_slice()))
        .chain(short_list.as_ref().map(|(n, w)| (n.as_str(), w.as_slice())))
        .collect::<Vec<_>>();
    for (short_forms, priority) in passes(spec, vocabularies.len()) {
        let (name, words) = vocabularies[priority];
        let curated = words.len() < CURATED_BELOW || priority == spec.vocabularies.len();
        let must_use = spec.vocabularies.get(priority).is_some_and(|v| v.must_use);
        for word in words {
            if word.tags.iter().any(|t| t.is_short_form()) != short_forms
                || seen.contains(&word.letters)
            {
                continue;
            }
            // The series' recent answers (the vocabularies' were taken out
            // before; the shipped short answers are here).
            if !must_use
                && !spec.kept_out.is_empty()
                && spec.kept_out.contains(&crate::series::folded(&word.text()))
            {
                continue;
            }
            let Some((clues, fits)) = screen.clues_for(word, must_use) else {
                continue;
            };
            let codes = letter_codes(&mut alphabet, &word.letters)?;
            seen.insert(word.letters.clone());
            let source = Source {
                vocabulary: name,
                priority,
                curated,
                must_use,
            };
            answers.push(weighed_answer(spec, word, (codes, clues, fits), source));
        }
    }
    let notes = lexicon_notes(
        spec,
        &answers,
        &screen.refused,
        screen.left_out,
        (min_len, longest),
    )?;
    Ok((answers, alphabet, notes))
}

/// The order the vocabularies are read in, as (short forms?, priority):
/// words first, short forms after, each pass by vocabulary priority (a
/// word takes its letters before an abbreviation of them: TEE is the
/// drink of the short-answer list, not the thesaurus' "Abk.:
/// Trans-Europ-Express"); must-use (theme) vocabularies first in each
/// pass, so that a theme is never taken by a list above it that holds the
/// same letters.
fn passes(spec: &PuzzleSpec, vocabularies: usize) -> Vec<(bool, usize)> {
    let mut order: Vec<usize> = (0..vocabularies).collect();
    order.sort_by_key(|&i| !spec.vocabularies.get(i).is_some_and(|v| v.must_use));
    [false, true]
        .into_iter()
        .flat_map(|short_forms| order.iter().map(move |&priority| (short_forms, priority)))
        .collect()
}

/// What may be an answer, and what was left out and why.
struct Screen<'a> {
    spec: &'a PuzzleSpec,
    lengths: (usize, usize),
    banned_texts: HashSet<String>,
    /// A set, not the list: a scan of the offensive words per answer was
    /// a tenth of loading the German thesaurus import.
    banned_letters: HashSet<&'a [char]>,
    sensitive: &'static lexicon::SensitiveList,
    left_out: LeftOut,
    /// Must-use answers that cannot be answers, and why.
    refused: Vec<String>,
}

impl<'a> Screen<'a> {
    fn new(spec: &'a PuzzleSpec, lengths: (usize, usize)) -> Self {
        Screen {
            spec,
            lengths,
            banned_texts: spec.banned.iter().map(|b| b.iter().collect()).collect(),
            banned_letters: spec.banned.iter().map(Vec::as_slice).collect(),
            sensitive: lexicon::sensitive(spec.language),
            left_out: LeftOut::default(),
            refused: Vec::new(),
        }
    }

    fn is_sensitive(&self, text: &str) -> bool {
        self.spec.swedish.leave_out_sensitive && self.sensitive.matches(text)
    }

    /// The clues `word` may print with, and whether one fits half a clue
    /// cell; `None` (counted, and for a must-use word said why) when it
    /// cannot be an answer: a length the grid does not take, blacklisted,
    /// a letter the page lacks, vulgar or sensitive, or no clue to print.
    fn clues_for(
        &mut self,
        word: &crate::model::Word,
        must_use: bool,
    ) -> Option<(Vec<String>, bool)> {
        let spec = self.spec;
        let (min_len, longest) = self.lengths;
        let len = word.letters.len();
        let refuse = |screen: &mut Self, why: String| {
            if must_use {
                screen.refused.push(format!("{} ({why})", word.printed));
            }
            None
        };
        if self.banned_letters.contains(word.letters.as_slice()) {
            return refuse(self, "on a blacklist".into());
        }
        if !(min_len..=longest).contains(&len) {
            return refuse(
                self,
                format!("{len} letters; this grid takes {min_len}–{longest}"),
            );
        }
        if !in_page_alphabet(&word.letters, spec) {
            self.left_out.foreign_letters += 1;
            return refuse(self, "a letter the page's alphabet lacks".into());
        }
        if spec.swedish.leave_out_sensitive
            && (word.tags.iter().any(|t| t.is_unprintable()) || self.is_sensitive(&word.printed))
        {
            self.left_out.sensitive += 1;
            return refuse(self, "vulgar or sensitive".into());
        }
        let text = word.text();
        let clues: Vec<String> = word
            .clue
            .as_deref()
            .map(alternatives)
            .into_iter()
            .flatten()
            .filter(|c| !shares_stem(c, &text))
            .map(|c| marked_clue(c, &word.tags, spec.language))
            .filter(|c| {
                !gives_away(c, &text)
                    && !offensive_in(c, &self.banned_texts)
                    && !self.is_sensitive(c)
            })
            .collect();
        if clues.is_empty() {
            self.left_out.without_clue += 1;
            return refuse(
                self,
                "no clue: write it WORD=clue; a clue must not hold its answer".into(),
            );
        }
        // Only clues the page can set at its clue size (issue 34); an
        // answer with none is left to the full lexicon's rounds, when the
        // fitting ones alone give no fill.
        let fitting: Vec<String> = match &spec.clue_fit {
            Some(fit) => clues.iter().filter(|c| fit.fits(c)).cloned().collect(),
            None => clues.clone(),
        };
        let fits = !fitting.is_empty();
        if !fits {
            self.left_out.too_long += 1;
        }
        Some((if fits { fitting } else { clues }, fits))
    }
}

/// Where an answer comes from: its vocabulary, that vocabulary's place in
/// the order (0 first), whether the list is curated (short, or the shipped
/// short answers: every entry welcome) and must-use.
struct Source<'a> {
    vocabulary: &'a str,
    priority: usize,
    curated: bool,
    must_use: bool,
}

/// An answer of the lexicon with its preference: its vocabulary's place
/// first, then how familiar it is (the other way round on hard pages), a
/// short form less and a clue a dictionary confirms more (easy and medium).
fn weighed_answer(
    spec: &PuzzleSpec,
    word: &crate::model::Word,
    (codes, clues, fits): (Vec<u8>, Vec<String>, bool),
    source: Source,
) -> (Answer, f32) {
    let rules = spec.swedish;
    let Source {
        vocabulary: name,
        priority,
        curated,
        must_use,
    } = source;
    let familiarity = lexicon::zipf(&word.printed, spec.language);
    let familiar = fits
        && (curated
            || familiarity >= lexicon::FAMILIAR_ZIPF
                && !word.tags.iter().any(|t| t.is_specialist()));
    let (welcome_zipf, familiarity_weight) = match rules.difficulty {
        Difficulty::Easy => (EASY_ZIPF, FAMILIARITY_WEIGHT),
        Difficulty::Medium => (lexicon::FAMILIAR_ZIPF, FAMILIARITY_WEIGHT),
        Difficulty::Hard => (HARD_ZIPF, -FAMILIARITY_WEIGHT),
    };
    (
        Answer {
            codes,
            printed: word.printed.to_string(),
            clues,
            vocabulary: name.to_string(),
            short_form: word.tags.iter().any(|t| t.is_short_form()),
            fits,
            welcome: fits
                && (curated
                    || familiarity >= welcome_zipf
                        && !word.tags.iter().any(|t| t.is_specialist())
                        && (familiarity >= SHORT_FORM_ZIPF
                            || !word.tags.iter().any(|t| t.is_short_form()))),
            familiar,
            must_use,
        },
        // Each vocabulary lower in the list is one point less
        // welcome: about what a clue-share step of the random
        // order weighs, so lower lists fill the gaps. Familiarity
        // adds up to half a point within a vocabulary.
        -(priority as f32)
            + familiarity_weight * (familiarity.min(6.0) - lexicon::FAMILIAR_ZIPF) / 3.5
            - if word.tags.iter().any(|t| t.is_short_form()) {
                SHORT_FORM_PENALTY
            } else {
                0.0
            }
            + match rules.difficulty {
                Difficulty::Easy | Difficulty::Medium if word.tags.contains(&Tag::Confirmed) => {
                    CONFIRMED_PREFERENCE
                }
                Difficulty::Easy | Difficulty::Medium | Difficulty::Hard => 0.0,
            },
    )
}

/// Answers left out of the lexicon, by why.
#[derive(Default)]
struct LeftOut {
    /// No clue (or every clue gives the answer away or is sensitive).
    without_clue: usize,
    /// No clue fits half a clue cell at the template's size.
    too_long: usize,
    /// Vulgar, derogatory or sensitive.
    sensitive: usize,
    /// A letter the page's alphabet lacks.
    foreign_letters: usize,
}

/// The lexicon's notes on what it left out; refuses must-use answers a
/// Swedish puzzle cannot take (naming the first ten) and vocabularies
/// without a single clue.
fn lexicon_notes(
    spec: &PuzzleSpec,
    answers: &[(Answer, f32)],
    refused: &[String],
    left_out: LeftOut,
    (min_len, longest): (usize, usize),
) -> Result<Vec<String>, GenerateError> {
    let LeftOut {
        without_clue,
        too_long,
        sensitive: sensitive_left_out,
        foreign_letters,
    } = left_out;
    if !refused.is_empty() {
        const NAMED: usize = 10;
        let more = refused.len().saturating_sub(NAMED);
        return Err(GenerateError::Impossible(format!(
            "must-use answers a Swedish puzzle cannot take: {}{}",
            refused[..refused.len().min(NAMED)].join(", "),
            if more > 0 {
                format!(" … and {more} more")
            } else {
                String::new()
            }
        )));
    }
    // The shipped short answers alone fill no page: say that the lists
    // lack clues rather than that no fill was found (a plain word list
    // such as wngerman).
    let from_vocabularies = answers
        .iter()
        .filter(|(a, _)| spec.vocabularies.iter().any(|v| v.name == a.vocabulary))
        .count();
    if from_vocabularies == 0 && without_clue > 0 {
        return Err(GenerateError::Impossible(format!(
            "none of the {without_clue} words of {min_len}–{longest} letters in the vocabularies has a clue: a Swedish puzzle needs entries written WORD=clue (`gridpress thesaurus` makes a clue list from a thesaurus)"
        )));
    }
    let mut notes = Vec::new();
    if without_clue > 0 {
        notes.push(format!(
        "{without_clue} words of a usable length were left out: no clue (or every clue gives the answer away or is sensitive)"
    ));
    }
    if too_long > 0
        && let Some(fit) = &spec.clue_fit
    {
        notes.push(format!(
        "{too_long} words have no clue that fits half a clue cell ({:.1} × {:.1} mm) at the template's clue size: used only when the others give no fill",
        fit.width_mm, fit.height_mm
    ));
    }
    if foreign_letters > 0 {
        notes.push(format!(
        "{foreign_letters} words were left out: a letter the page's alphabet does not have (É, Œ)"
    ));
    }
    if sensitive_left_out > 0 {
        notes.push(format!(
            "{sensitive_left_out} words were left out as vulgar, derogatory or sensitive"
        ));
    }
    Ok(notes)
}

/// Whether every letter is one a German or English crossword writes in a
/// cell: A–Z, and Ä, Ö, Ü when the project keeps umlauts (RÉSISTANCE and
/// ŒUVRE are not); other languages' vocabularies keep their letters.
fn in_page_alphabet(letters: &[char], spec: &PuzzleSpec) -> bool {
    let umlauts = spec.umlauts == crate::model::UmlautMode::Keep;
    match spec.language {
        Language::German | Language::English => letters
            .iter()
            .all(|c| c.is_ascii_uppercase() || umlauts && "ÄÖÜ".contains(*c)),
        Language::FromVocabulary => true,
    }
}

/// The familiar tier of an easy puzzle: words of everyday text (Zipf ≥
/// 3.5; the German thesaurus keeps 8,400 answers, which fill 13×17 in
/// 0.6 s like the medium tier's 23,900).
const EASY_ZIPF: f32 = 3.5;

/// How common a short form must be to be welcome (any preset): the
/// abbreviations everyone knows are common as words (DNA 4.1, EKG 3.2,
/// LCD 3.0); KGV 2.6, LRS 2.7, OCR and BTX 2.5, printed on audited German
/// pages, are not.
const SHORT_FORM_ZIPF: f32 = 3.0;

/// The welcome tier of a hard puzzle reaches down to rarer words (every
/// word of the shipped frequency list), and prefers the rarer ones.
const HARD_ZIPF: f32 = 2.0;

/// How much familiarity (Zipf 2.5 → 6) adds to an answer's preference
/// within its vocabulary, in points of the random order's 0–4 noise.
const FAMILIARITY_WEIGHT: f32 = 0.5;

/// Per answer: the slot that marks it used — its own id, or the first id
/// of its exclusion group or word family, so that one placed word of a
/// group uses all.
fn exclusion_slots(spec: &PuzzleSpec, answers: &[(Answer, f32)], alphabet: &[char]) -> Vec<u32> {
    let mut slots: Vec<u32> = (0..answers.len() as u32).collect();
    let id_of: HashMap<&[u8], u32> = answers
        .iter()
        .enumerate()
        .map(|(i, a)| (a.0.codes.as_slice(), i as u32))
        .collect();
    for group in &spec.exclusion_groups {
        let ids: Vec<u32> = group
            .iter()
            .filter_map(|letters| {
                let codes: Option<Vec<u8>> = letters
                    .iter()
                    .map(|c| alphabet.iter().position(|a| a == c).map(|i| i as u8))
                    .collect();
                id_of.get(codes?.as_slice()).copied()
            })
            .collect();
        // Union of the groups (a word may stand in two groups).
        for pair in ids.windows(2) {
            let (a, b) = (root(&mut slots, pair[0]), root(&mut slots, pair[1]));
            slots[b as usize] = a;
        }
    }
    // One word family per puzzle: an answer and the same answer with one
    // or two more letters (ENTE/ENTEN, HAUS/HAUSE) share a slot, from
    // FAMILY_STEM letters on.
    for (id, answer) in answers.iter().enumerate() {
        let codes = &answer.0.codes;
        for cut in 1..=2 {
            if codes.len() < FAMILY_STEM + cut {
                break;
            }
            if let Some(&stem) = id_of.get(&codes[..codes.len() - cut]) {
                let (a, b) = (root(&mut slots, stem), root(&mut slots, id as u32));
                if a != b {
                    slots[b as usize] = a;
                }
            }
        }
    }
    (0..slots.len() as u32)
        .map(|id| root(&mut slots, id))
        .collect()
}

/// Shortest stem of a word family: below it endings make other words
/// (EIS/EISEN), and the verifier measures families from four letters.
const FAMILY_STEM: usize = 4;

/// The representative of `id`'s exclusion set (with path halving).
fn root(slots: &mut [u32], mut id: u32) -> u32 {
    while slots[id as usize] != id {
        let parent = slots[id as usize];
        slots[id as usize] = slots[parent as usize];
        id = parent;
    }
    id
}

/// Answers shorter than this are not looked for in the other clues of a
/// page: two and three letters stand inside many words ("Ostern" holds
/// OST).
const GIVEAWAY_FROM: usize = 4;

/// Replaces each clue that names another answer of the page (REGENT = "Herr" beside HERR, TEILUNG = "Spaltung" beside
/// SPALTEN; a 2026-11-26 audit) by the first of its answer's other clues
/// that does neither and is not printed yet; the number replaced.
fn clues_apart(
    words: &mut [PlacedWord],
    clue_lists: &[&[String]],
    used_clues: &mut HashSet<String>,
) -> usize {
    let answers: Vec<String> = words.iter().map(|w| w.word.clone()).collect();
    let gives_away_another = |i: usize, clue: &str| {
        answers.iter().enumerate().any(|(j, other)| {
            j != i && other.chars().count() >= GIVEAWAY_FROM && names_word(clue, other)
        })
    };
    let mut replaced = 0;
    for i in 0..words.len() {
        let current = words[i].clue.clone().unwrap_or_default();
        if !gives_away_another(i, &current) {
            continue;
        }
        let better = clue_lists[i]
            .iter()
            .find(|c| !used_clues.contains(c.as_str()) && !gives_away_another(i, c));
        if let Some(better) = better {
            used_clues.remove(&current);
            used_clues.insert(better.clone());
            words[i].clue = Some(better.clone());
            replaced += 1;
            continue;
        }
        // Its clear clue printed for another answer that has a fresh one
        // (ARES = "Kriegsgott", "Mars"; MARS = "Kriegsgott", "roter
        // Planet"): that one moves on, this one takes it.
        let swap = clue_lists[i]
            .iter()
            .filter(|c| !gives_away_another(i, c))
            .find_map(|c| {
                let k = (0..words.len()).find(|&k| k != i && words[k].clue.as_ref() == Some(c))?;
                let fresh = clue_lists[k]
                    .iter()
                    .find(|d| !used_clues.contains(d.as_str()) && !gives_away_another(k, d))?;
                Some((k, c.clone(), fresh.clone()))
            });
        if let Some((k, clue, fresh)) = swap {
            used_clues.remove(&current);
            used_clues.insert(fresh.clone());
            words[k].clue = Some(fresh);
            words[i].clue = Some(clue);
            replaced += 1;
        }
    }
    replaced
}

/// Whether a clue holds an offensive word as one of its words.
fn offensive_in(clue: &str, banned: &HashSet<String>) -> bool {
    clue.split(|c: char| !c.is_alphabetic()).any(|w| {
        let upper: String = w.chars().flat_map(char::to_uppercase).collect();
        banned.contains(&upper)
    })
}

/// The cells before the search: blocked outside the shape, clue cells
/// where runs must begin (the top-left corner, after blocked cells). The
/// rest of the top row and left column is open: there letters and clue
/// cells alternate, the letters' answers clued by bent arrows.
fn start_cells(spec: &PuzzleSpec) -> Vec<Cell> {
    let mask = &spec.mask;
    let blocked = |r: usize, c: usize| mask.kind(Pos::new(r, c)) != CellKind::Playable;
    let mut cells = Vec::with_capacity(mask.width() * mask.height());
    for r in 0..mask.height() {
        for c in 0..mask.width() {
            cells.push(if blocked(r, c) {
                Cell::Blocked
            } else if (r == 0 && c == 0)
                || (r > 0 && blocked(r - 1, c))
                || (c > 0 && blocked(r, c - 1))
            {
                Cell::Frame
            } else {
                Cell::Open
            });
        }
    }
    cells
}

/// Cells spelling the solution: for each letter, among the unused cells
/// holding it, the one farthest from the cells already chosen (ties
/// drawn), so the numbers spread over the grid.
fn solution_cells(filled: &[Cell], width: usize, codes: &[u8], rng: &mut Rng) -> Option<Vec<Pos>> {
    let mut chosen: Vec<Pos> = Vec::new();
    for &code in codes {
        let holding: Vec<Pos> = filled
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Cell::Letter(code))
            .map(|(i, _)| Pos::new(i / width, i % width))
            .filter(|p| !chosen.contains(p))
            .collect();
        // Not on the top row or left column when avoidable: a bent arrow
        // enters those cells where the number would stand.
        let inner: Vec<Pos> = holding
            .iter()
            .copied()
            .filter(|p| p.row > 0 && p.col > 0)
            .collect();
        let candidates = if inner.is_empty() { holding } else { inner };
        if candidates.is_empty() {
            return None;
        }
        let distance = |p: &Pos| {
            chosen
                .iter()
                .map(|q| p.row.abs_diff(q.row) + p.col.abs_diff(q.col))
                .min()
                .unwrap_or(0)
        };
        let best = candidates.iter().map(distance).max().unwrap_or(0);
        let ties: Vec<Pos> = candidates
            .into_iter()
            .filter(|p| distance(p) == best)
            .collect();
        chosen.push(ties[rng.below(ties.len())]);
    }
    Some(chosen)
}

/// The puzzle from a filled board: answers read from the letters, each
/// clued from the cell before its start.
#[allow(clippy::too_many_arguments)]
fn build(
    spec: &PuzzleSpec,
    filled: &[Cell],
    answers: &[(Answer, f32)],
    alphabet: &[char],
    solution: Option<Vec<Pos>>,
    seed: u64,
    rng: &mut Rng,
    mut report: Report,
) -> (Puzzle, Vec<usize>) {
    let (w, h) = (spec.mask.width(), spec.mask.height());
    let letter = |r: usize, c: usize| match filled[r * w + c] {
        Cell::Letter(code) => Some(alphabet[code as usize]),
        _ => None,
    };
    let Clued {
        mut words,
        clue_lists,
        clue_cells,
        mut used_clues,
        shared_clues,
        unfit,
        used,
    } = read_answers(spec, filled, answers, alphabet, rng);
    let replaced = clues_apart(&mut words, &clue_lists, &mut used_clues);
    if replaced > 0 {
        report.notes.push(format!(
            "clues naming another answer of the page replaced by another of their answer's clues: {replaced}"
        ));
    }
    let grid: Vec<Vec<Option<char>>> = (0..h)
        .map(|r| (0..w).map(|c| letter(r, c)).collect())
        .collect();
    note_page(
        &mut report,
        spec,
        filled,
        &clue_cells,
        (shared_clues, unfit),
    );
    report.density = 1.0;
    report.direction_counts = [Direction::E, Direction::S]
        .into_iter()
        .map(|d| (d, words.iter().filter(|x| x.direction == d).count()))
        .collect();
    if let (Some(word), None) = (&spec.solution, &solution) {
        report
            .relaxed
            .push(format!("solution word {} left out", word.text()));
    }
    let solution = solution.map(|cells| Solution {
        word: cells.iter().filter_map(|p| letter(p.row, p.col)).collect(),
        groups: spec.solution.as_ref().map_or(vec![cells.len()], |w| {
            crate::model::word::letter_groups(&w.printed, spec.umlauts, cells.len())
        }),
        cells,
    });
    let puzzle = Puzzle {
        mask: spec.mask.clone(),
        directions: DirectionSet::parse_list("E,S").expect("valid list"),
        seed,
        grid,
        words,
        body: Body::Swedish {
            clue_cells,
            solution,
        },
        report,
    };
    (puzzle, used)
}

/// The answers of a fill read off with the clues chosen for them.
struct Clued<'a> {
    words: Vec<PlacedWord>,
    /// Per placed word, its answer's clues (for the page's second look).
    clue_lists: Vec<&'a [String]>,
    clue_cells: Vec<ClueCell>,
    used_clues: HashSet<String>,
    /// Clue texts printed twice, clues too long for half a clue cell.
    shared_clues: usize,
    unfit: usize,
    /// The answers' ids.
    used: Vec<usize>,
}

/// Reads every answer off the filled board from the clue cell before it
/// and chooses its clue.
fn read_answers<'a>(
    spec: &PuzzleSpec,
    filled: &[Cell],
    answers: &'a [(Answer, f32)],
    alphabet: &[char],
    rng: &mut Rng,
) -> Clued<'a> {
    let index: HashMap<&[u8], usize> = answers
        .iter()
        .enumerate()
        .map(|(i, a)| (a.0.codes.as_slice(), i))
        .collect();
    let (w, h) = (spec.mask.width(), spec.mask.height());
    let mut words = Vec::new();
    // Per placed word, its answer's clues (for the page's second look).
    let mut clue_lists: Vec<&[String]> = Vec::new();
    let (mut clue_cells, clue_index) = empty_clue_cells(filled, w);
    let mut used_clues: HashSet<String> = HashSet::new();
    let mut shared_clues = 0usize;
    let mut unfit = 0usize;
    let mut used = Vec::new();
    for (i, _) in filled.iter().enumerate() {
        let (r, c) = (i / w, i % w);
        // Arrows leaving the right edge first: the upper clue of a split
        // cell is the one whose arrow leaves from the upper half.
        for arrow in [
            Arrow::Right,
            Arrow::RightThenDown,
            Arrow::Down,
            Arrow::DownThenRight,
        ] {
            let Some(&at) = clue_index.get(&Pos::new(r, c)) else {
                continue;
            };
            let Some(start) = arrow_start(arrow, Pos::new(r, c), (w, h)) else {
                continue;
            };
            let dir = arrow.direction();
            let codes = run_letters(filled, (w, h), start, dir);
            if codes.len() < 2 {
                continue;
            }
            let id = index[codes.as_slice()];
            used.push(id);
            let answer = &answers[id].0;
            if !answer.fits {
                unfit += 1;
            }
            let (clue, shared) = choose_clue(answer, &used_clues, spec.swedish.difficulty, rng);
            shared_clues += usize::from(shared);
            used_clues.insert(clue.clone());
            clue_lists.push(&answer.clues);
            clue_cells[at].clues.push(CluePointer {
                word: words.len(),
                arrow,
            });
            words.push(PlacedWord {
                word: codes.iter().map(|&k| alphabet[k as usize]).collect(),
                display: answer.printed.clone(),
                start,
                direction: dir,
                vocabulary: answer.vocabulary.clone(),
                clue: Some(clue),
                clue_edited: false,
            });
        }
    }
    Clued {
        words,
        clue_lists,
        clue_cells,
        used_clues,
        shared_clues,
        unfit,
        used,
    }
}

/// Where the answer an arrow of the clue cell at `pos` clues starts, if
/// it lies on the grid: bent arrows clue the answers that start on the
/// top row (down) and in the left column (across), which have no cell
/// before them.
fn arrow_start(arrow: Arrow, pos: Pos, (w, h): (usize, usize)) -> Option<Pos> {
    let start = arrow.start(pos);
    let bent_fits = match arrow {
        Arrow::Right | Arrow::Down => true,
        Arrow::RightThenDown => start.row == 0,
        Arrow::DownThenRight => start.col == 0,
    };
    (bent_fits && start.row < h && start.col < w).then_some(start)
}

/// The clue and frame cells of a fill, without clues yet, and where each
/// stands among them.
fn empty_clue_cells(filled: &[Cell], width: usize) -> (Vec<ClueCell>, HashMap<Pos, usize>) {
    let mut clue_cells: Vec<ClueCell> = Vec::new();
    let mut clue_index: HashMap<Pos, usize> = HashMap::new();
    for (i, cell) in filled.iter().enumerate() {
        if matches!(cell, Cell::Clue | Cell::Frame) {
            let pos = Pos::new(i / width, i % width);
            clue_index.insert(pos, clue_cells.len());
            clue_cells.push(ClueCell {
                pos,
                clues: Vec::new(),
            });
        }
    }
    (clue_cells, clue_index)
}

/// The letter codes of the run from `start` along `dir` up to the next
/// clue cell or the edge.
fn run_letters(filled: &[Cell], (w, h): (usize, usize), start: Pos, dir: Direction) -> Vec<u8> {
    let (dr, dc) = dir.delta();
    let mut codes = Vec::new();
    let (mut rr, mut cc) = (start.row, start.col);
    while rr < h && cc < w {
        match filled[rr * w + cc] {
            Cell::Letter(code) => codes.push(code),
            _ => break,
        }
        rr += dr as usize;
        cc += dc as usize;
    }
    codes
}

/// One of an answer's clues, not one already printed for another answer
/// (two cells saying "Bos mutus" confuse); true beside it when every
/// clue was printed already and one stands twice.
fn choose_clue(
    answer: &Answer,
    used_clues: &HashSet<String>,
    difficulty: Difficulty,
    rng: &mut Rng,
) -> (String, bool) {
    let fresh: Vec<&String> = answer
        .clues
        .iter()
        .filter(|c| !used_clues.contains(c.as_str()))
        .collect();
    if fresh.is_empty() {
        return (answer.clues[rng.below(answer.clues.len())].clone(), true);
    }
    // Easy and medium puzzles print the most direct clue (the import puts
    // the closest, most familiar first: a random one printed 8 of the 11
    // clues an editor changed on the audited German page, STAU = "Stop
    // and Go" for "Engpass"); hard ones the last, the most oblique.
    let clue = match difficulty {
        Difficulty::Easy | Difficulty::Medium => fresh[0].clone(),
        Difficulty::Hard => fresh[fresh.len() - 1].clone(),
    };
    (clue, false)
}

/// The page's notes: clue cells for the letters, clue texts printed twice,
/// clues too long for half a clue cell at the smallest size.
fn note_page(
    report: &mut Report,
    spec: &PuzzleSpec,
    filled: &[Cell],
    clue_cells: &[ClueCell],
    (shared_clues, unfit): (usize, usize),
) {
    let clue_count = clue_cells.len();
    let letters = filled
        .iter()
        .filter(|c| matches!(c, Cell::Letter(_)))
        .count();
    let empty = clue_cells.iter().filter(|c| c.clues.is_empty()).count();
    report.notes.push(format!(
        "{clue_count} clue cells for {letters} letters ({:.1} letters per clue cell){}",
        letters as f64 / clue_count.max(1) as f64,
        match empty {
            0 => String::new(),
            n => format!(", {n} of them without a clue (corner and frame)"),
        }
    ));
    if shared_clues > 0 {
        report.notes.push(format!(
            "{shared_clues} clue texts stand twice (their answers have no other clue)"
        ));
    }
    if unfit > 0
        && let Some(fit) = &spec.clue_fit
    {
        report.relaxed.push(format!(
            "clue size: {unfit} clues do not fit half a clue cell ({:.1} × {:.1} mm) at the template's smallest clue size; the page sets them smaller (allow more time, fewer rows, or a page with larger cells)",
            fit.width_mm, fit.height_mm
        ));
    }
}

/// What one puzzle's fills share: its options, work limits, the slots
/// earlier puzzles of the batch took, and the short-answer caps asked for.
struct PuzzleRun<'a> {
    options: &'a Options,
    limits: &'a Limits,
    taken: &'a [bool],
    requested: [usize; 3],
}

/// How the planned fill ended.
enum PlannedEnd {
    /// The puzzle with its answers' ids.
    Done(Box<(Puzzle, Vec<usize>)>),
    /// The row-by-row fill goes on (after the clock stopped the planned
    /// one, if it did).
    RowByRow(Option<Stop>),
}

/// What a row-by-row fill's level relaxed.
struct Relaxed {
    caps: [usize; 3],
    requested: [usize; 3],
    familiar_tier: bool,
    level: usize,
    ratio: f64,
}

/// Why no row-by-row fill was found, and what would help.
fn no_fill(width: usize, height: usize, loosest_ratio: f64) -> GenerateError {
    GenerateError::TimedOut(format!(
        "no fill of the {width}×{height} grid with at most {:.0} % clue cells; allow more time, more words (2–4 letters help most) or a smaller grid",
        100.0 / (1.0 + loosest_ratio),
    ))
}

/// The short-answer caps of a row-by-row round: as asked first, then
/// doubled, then lifted (reported): the fill may need short answers.
fn round_caps(round: u32, requested: [usize; 3], difficulty: Difficulty) -> [usize; 3] {
    match round {
        r if r < CAPS_RELAXED_ROUND => requested,
        r if r < CAPS_LIFTED_ROUND => requested.map(|c| (c * 2).max(2)),
        // An easy page keeps at most two short forms two rounds longer
        // (13×17: 3–13 once lifted, which made it score medium; kept
        // through every round, 18×23 filled 3 of 6).
        r if r < CAPS_LIFTED_ROUND + 2 && difficulty == Difficulty::Easy => {
            [usize::MAX, usize::MAX, 2]
        }
        _ => [usize::MAX; 3],
    }
}

/// What became of one planned layout.
enum Attempt {
    Filled(PlannedFill),
    /// The next layout.
    Next,
    /// A failure that counts against the theme answers (see
    /// [`Themes::fail`]).
    ThemeFailure,
}

/// How the kept and theme answers went into a layout's fill.
enum Given {
    Placed,
    /// The layout lacks a run for a kept answer: the next layout.
    NoKeptRuns,
    /// The themes found no runs, or the fill refused their letters.
    Failed,
}

/// Where a tier of the planned fill stands: every clue share with the
/// short-answer caps as asked, then with them as the row-by-row fill
/// relaxes them: doubled, then lifted. A shape can force short runs (a
/// heart around an ad area: 6–8 two-letter runs where the cap allows
/// one); with the caps relaxed at the loosest share first, its layouts
/// held 40 % three-letter answers at 2.0 letters per clue cell, and
/// relaxed at the requested share first, a heart alone lost its 15 % cap
/// in 1 of 4 seeds.
#[derive(Default)]
struct PlanStage {
    /// The clue share: the requested one (0), then the row-by-row fill's
    /// looser levels when no layout keeps the rules at it (a shape's
    /// frame cells count as clue cells).
    level: usize,
    /// Caps as asked (0), doubled (1), lifted (2).
    cap_stage: u8,
    /// Layouts the pattern could not plan at this stage.
    unplanned: usize,
}

impl PlanStage {
    /// Letters per clue cell aimed for at this stage.
    fn ratio(&self, letters_per_clue: f64) -> f64 {
        letters_per_clue
            * std::iter::once(1.0)
                .chain(RELAXED_RATIOS)
                .nth(self.level)
                .unwrap_or(RELAXED_RATIOS[RELAXED_RATIOS.len() - 1])
    }

    /// After a layout that could not be planned: the next stage once
    /// [`PLANNED_PROBES`] failed (true: the probe does not count as a
    /// layout), with the goal's caps relaxed to it.
    fn relax_after_unplanned(&mut self, goal: &mut PatternGoal, rules: SwedishRules) -> bool {
        self.unplanned += 1;
        if self.unplanned != PLANNED_PROBES
            || (self.cap_stage >= 2 && self.level >= RELAXED_RATIOS.len())
        {
            return false;
        }
        self.unplanned = 0;
        if self.level < RELAXED_RATIOS.len() {
            self.level += 1;
        } else {
            self.cap_stage += 1;
            self.level = 0;
        }
        let relax = |percent: u8| match self.cap_stage {
            0 => percent,
            1 => percent.saturating_mul(2),
            _ => 100,
        };
        goal.two_percent = relax(rules.max_two_letter_percent);
        goal.three_percent = relax(rules.max_three_letter_percent);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(word: &str, clue: &str) -> PlacedWord {
        PlacedWord {
            word: word.to_string(),
            display: word.to_string(),
            start: Pos::new(0, 0),
            direction: Direction::E,
            vocabulary: "x".to_string(),
            clue: Some(clue.to_string()),
            clue_edited: false,
        }
    }

    #[test]
    fn a_clue_naming_another_answer_gives_way_even_when_its_alternative_is_printed() {
        let ares: Vec<String> = vec!["Kriegsgott".into(), "Mars".into()];
        let mars: Vec<String> = vec!["Kriegsgott".into(), "Ares".into(), "roter Planet".into()];
        let mut words = vec![placed("MARS", "Kriegsgott"), placed("ARES", "Mars")];
        let mut used: HashSet<String> = ["Kriegsgott", "Mars"].map(String::from).into();
        let replaced = clues_apart(&mut words, &[&mars, &ares], &mut used);
        assert_eq!(replaced, 1);
        assert_eq!(words[0].clue.as_deref(), Some("roter Planet"));
        assert_eq!(words[1].clue.as_deref(), Some("Kriegsgott"));
        assert!(used.contains("roter Planet") && !used.contains("Mars"));
    }
}
