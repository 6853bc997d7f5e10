//! The word-search generator: deterministic for a seed, interruptible (a
//! deadline and a cancel flag), and honest about what it relaxed.
//!
//! Phases: `prepare` refuses impossible requests and builds indexes once;
//! `search` places the must-use words completely (restarts against heavy
//! tails); the layouts of drawn words — `weave` (untangled), `plan`,
//! `cover` and `anneal` — cover the grid around a solution word, `pick`
//! draws words without one; `filler` writes the solution word or safe
//! filler letters; `driver` runs the levels and restarts.

mod anneal;
mod board;
mod bundles;
mod by_letters;
mod contains_any;
mod cover;
mod driver;
mod filler;
mod goals;
mod letter_frequencies;
mod lexicon;
mod patterns;
mod pick;
mod plan;
mod pool;
mod prepare;
mod search;
mod shares;
mod sketch;
mod weave;

pub use shares::direction_shares;

use super::{Limits, Options};
use crate::error::GenerateError;
use crate::model::{Puzzle, PuzzleSpec};
use std::collections::BTreeSet;

/// A prepared generator: validates the spec and builds its indexes once,
/// then makes any number of puzzles.
pub struct Generator {
    problem: prepare::Problem,
    tables: search::Tables,
    patterns: patterns::PatternBase,
}

impl Generator {
    /// Prepares a spec; refuses requests that cannot work, naming the cause.
    pub fn new(spec: PuzzleSpec) -> Result<Generator, GenerateError> {
        let problem = prepare::Problem::new(spec)?;
        no_word_reads_in_a_preset_grid(&problem)?;
        let tables = search::Tables::new(&problem).map_err(GenerateError::Impossible)?;
        let patterns = driver::base_patterns(&problem);
        Ok(Generator {
            problem,
            tables,
            patterns,
        })
    }

    /// The spec this generator was made for.
    pub fn spec(&self) -> &PuzzleSpec {
        &self.problem.spec
    }

    /// Makes one puzzle.
    pub fn generate(&self, options: &Options) -> Result<Puzzle, GenerateError> {
        self.generate_excluding(options, &BTreeSet::new())
            .map(|(p, _)| p)
    }

    /// Makes `count` puzzles with seeds `seed`, `seed + 1`, …; no drawn word
    /// repeats across the batch (RQ.V.02). The time limit applies to each.
    pub fn generate_batch(
        &self,
        count: usize,
        options: &Options,
    ) -> Result<Vec<Puzzle>, GenerateError> {
        self.generate_batch_reporting(count, options, |_, _| {})
    }

    /// [`Generator::generate_batch`], calling `on_done(n, puzzle)` after
    /// each of the `count` puzzles (n from 1).
    pub fn generate_batch_reporting(
        &self,
        count: usize,
        options: &Options,
        mut on_done: impl FnMut(usize, &Puzzle),
    ) -> Result<Vec<Puzzle>, GenerateError> {
        // Drawn words never repeat in a batch: a batch whose puzzles need
        // more words than the lists offer is refused before the first one
        // (it used to search the whole time limit for the last puzzles).
        let pools = &self.problem.pools;
        if count > 1 && self.problem.must.is_empty() && !pools.is_empty() {
            let offered: usize = pools.iter().map(|p| p.all.len()).sum();
            let least = self.problem.word_bounds.0.max(1);
            if offered < count.saturating_mul(least) {
                return Err(GenerateError::Impossible(format!(
                    "batch: {count} puzzles of at least {least} words without repeats need {} words, but the vocabularies offer {offered}: ask for at most {} puzzles, or fewer words each",
                    count.saturating_mul(least),
                    offered / least
                )));
            }
        }
        let mut used = BTreeSet::new();
        // Not `with_capacity(count)`: a count from the command line may be
        // anything, and the puzzles come one by one.
        let mut puzzles = Vec::new();
        for i in 0..count {
            let opts = options.for_batch_puzzle(i);
            let left = pools
                .iter()
                .flat_map(|p| &p.all)
                .filter(|id| !used.contains(*id))
                .count();
            if i > 0 && self.problem.must.is_empty() && !pools.is_empty() && left == 0 {
                return Err(GenerateError::Impossible(format!(
                    "batch: puzzles 1–{i} used all {} words of the vocabularies; puzzle {} has none left (no word repeats across a batch)",
                    used.len(),
                    i + 1
                )));
            }
            let (mut puzzle, ids) = self.generate_excluding(&opts, &used)?;
            if i > 0 && !self.problem.must.is_empty() {
                puzzle
                    .report
                    .relaxed
                    .push("batch: the must-use words repeat in every puzzle of the batch".into());
            }
            used.extend(ids);
            on_done(i + 1, &puzzle);
            puzzles.push(puzzle);
        }
        Ok(puzzles)
    }

    fn generate_excluding(
        &self,
        options: &Options,
        excluded: &BTreeSet<u32>,
    ) -> Result<(Puzzle, Vec<u32>), GenerateError> {
        let limits = Limits::for_options(options);
        let mut generated = driver::run(
            &self.problem,
            &self.tables,
            &self.patterns,
            options.seed,
            &limits,
            excluded,
        )
        .map_err(|e| e.noting_clock(&limits))?;
        generated.0.report.note_clock(&limits);
        Ok(generated)
    }
}

/// When every playable cell is pre-assigned, a drawn word can only lie
/// where the given letters spell it: if none of the vocabularies' words
/// does anywhere, the request cannot work (it would search the whole time
/// limit and place nothing). The scan stops at the first word that reads.
fn no_word_reads_in_a_preset_grid(problem: &prepare::Problem) -> Result<(), GenerateError> {
    let geo = &problem.geo;
    let all_preset = (0..geo.cells()).all(|c| !geo.playable[c] || problem.preset[c] != 0);
    if !all_preset || problem.pools.is_empty() || !problem.must.is_empty() {
        return Ok(());
    }
    let board = board::Board::new(geo, problem.preset.clone(), &problem.spec.rules);
    let reads = problem.pools.iter().flat_map(|p| &p.all).any(|&id| {
        let codes = problem.lex.codes(id as usize);
        (0..geo.cells() as u16).any(|start| {
            problem
                .spec
                .directions
                .iter()
                .any(|dir| board.fit(start, dir, codes.len(), Some(codes)).is_some())
        })
    });
    if reads {
        Ok(())
    } else {
        Err(GenerateError::Impossible(
            "every cell is pre-assigned and no word of the vocabularies reads in the given letters"
                .into(),
        ))
    }
}
