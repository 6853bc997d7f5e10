//! Word rectangles: an m×n block whose every row and every column is a word
//! of the vocabulary, each word used once, from a `trie` per word length.
//! The row-by-row `search` runs randomised with Luby restarts to find
//! rectangles (budgets without bound, so a run that ends inside its budget
//! is a proof too); when that has not succeeded quickly, the same search,
//! plain and unbounded, runs beside it on a second thread to settle "none
//! exists" without the restarts' repeated work. The fill-in puzzle is then
//! solved again from its own word list (rows from the across words,
//! columns from the down words) and kept only when that has exactly one
//! solution.

pub mod edit;
mod search;

use super::rng::Rng;
use super::trie::{Trie, letter_codes};
use super::{Limits, Options};
use crate::error::GenerateError;
use crate::generate::Site;
use crate::model::{Direction, Lines, Mask, PlacedWord, Pos, Puzzle, PuzzleSpec, Report};
use search::{Outcome, RowSearch};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Trie steps of the shortest run (about 0.1 s); the runs follow the
/// Luby sequence (1, 1, 2, 1, 1, 2, 4, …) times this.
const FIRST_BUDGET: u64 = 1 << 22;
/// The prover starts only when the first run (of [`FIRST_BUDGET`] steps,
/// about 0.1 s) found nothing: most sizes that have rectangles are found
/// sooner, and then it costs nothing. Counted in runs, not time, so the
/// same request starts it at the same point on every machine; the prover
/// only ever answers "none exists", which the search would answer too,
/// so when it finishes changes how soon, not what.
const PROVER_AFTER_RUNS: u64 = 1;

/// A word of the rectangle's lists: its letters as codes and its source.
struct Candidate {
    /// The pool index of its first copy (equal words, one id).
    id: u32,
    lines: Lines,
    codes: Vec<u8>,
    printed: String,
    vocabulary: String,
    /// Its first clue, printed instead of the word when every word has one.
    clue: Option<String>,
    /// The level (vocabulary, or its familiar words) it joined the pool in.
    level: usize,
}

/// A batch of `count` rectangles, seeds counting up from `options.seed`;
/// no word comes back in a later rectangle of the batch (the later ones
/// draw from what the earlier ones left). `on_done` hears of each.
pub fn generate_batch(
    spec: &PuzzleSpec,
    options: &Options,
    count: usize,
    mut on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    let mut left = spec.clone();
    let mut puzzles = Vec::new();
    for i in 0..count {
        let seeded = options.for_batch_puzzle(i);
        let puzzle = generate(&left, &seeded)?;
        let used: std::collections::HashSet<&str> =
            puzzle.words.iter().map(|w| w.word.as_str()).collect();
        // Every list, "must use" or not: a rectangle draws from its lists
        // either way.
        for vocabulary in &mut left.vocabularies {
            vocabulary
                .words
                .retain(|w| !used.contains(w.text().as_str()));
        }
        on_done(i + 1, &puzzle);
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// Clued vocabularies with this many words are ranked: their familiar words
/// (wordfreq Zipf ≥ 2.5, no abbreviations) form a level before the rest
/// (a German 5×5 from the thesaurus had printed "My", "1A", "Pa", "Set").
/// Curated lists (a children's list, a theme) keep every word in one
/// level, as the Swedish puzzles' familiar tier does.
const RANKED_FROM: usize = 2_000;

/// Generates a word rectangle of the spec's mask size from its
/// vocabularies (higher priority first: lower ones join only when the
/// higher ones cannot make a rectangle). Offensive words are never used.
pub fn generate(spec: &PuzzleSpec, options: &Options) -> Result<Puzzle, GenerateError> {
    let (width, height) = (spec.mask.width(), spec.mask.height());
    if spec.mask.playable_count() != width * height {
        return Err(GenerateError::Impossible(
            "a word rectangle needs a full rectangle: no shape, no restricted cells".into(),
        ));
    }
    let (mut alphabet, levels) = levels_of(spec)?;
    let allowed = kept_letters(spec, &mut alphabet)?;
    let limits = Limits::for_options(options);
    let mut rng = Rng::new(options.seed);
    let mut pool: Vec<Candidate> = Vec::new();
    let mut proofs = Vec::new();
    let mut report = Report::default();
    for (level, words) in levels.into_iter().enumerate() {
        pool.extend(words.into_iter().map(|w| Candidate { level, ..w }));
        let rows = line_words(&pool, width, Lines::rows);
        let cols = line_words(&pool, height, Lines::columns);
        let (row_count, col_count) = (rows.len(), cols.len());
        if row_count == 0 || col_count == 0 {
            // Nothing to search (rows or columns from a later vocabulary).
            continue;
        }
        // Kept letters tell a block from its transpose.
        let transposable =
            width == height && rows == cols && allowed.iter().all(|&m| m == u64::MAX);
        let (row_trie, col_trie) = (Trie::new(rows), Trie::new(cols));
        let searched = Level {
            width,
            height,
            rows: &row_trie,
            cols: &col_trie,
            transposable,
            alphabet: &alphabet,
            pool: &pool,
            banned: &spec.banned,
            exclusion_groups: &spec.exclusion_groups,
            allowed: &allowed,
            joined: level > 0,
        };
        match searched
            .settle(&limits, &mut rng, options.seed, &mut report)
            .map_err(|e| e.noting_clock(&limits))?
        {
            Settled::Puzzle(puzzle) => {
                report.notes.push(
                    "the fill-in has exactly one solution (solved again from its own word list)"
                        .into(),
                );
                report.notes.extend(proofs);
                report.density = 1.0;
                report.note_clock(&limits);
                return Ok(Puzzle { report, ..*puzzle });
            }
            unsettled => {
                let some = matches!(unsettled, Settled::NoneUnique);
                let counts = (row_count, col_count);
                proofs.push(no_rectangle(
                    some,
                    (width, height),
                    level,
                    counts,
                    transposable,
                ));
            }
        }
    }
    Err(GenerateError::NoSolution(proofs.pop().unwrap_or_else(|| {
        format!(
            "the vocabularies need words of {width} letters for the rows and of {height} letters for the columns"
        )
    })))
}

/// The pool's words of `len` letters for the lines `fits` accepts, as
/// letter codes with their ids, sorted, each once.
fn line_words(pool: &[Candidate], len: usize, fits: fn(Lines) -> bool) -> Vec<(Vec<u8>, u32)> {
    let mut list: Vec<(Vec<u8>, u32)> = pool
        .iter()
        .filter(|w| w.codes.len() == len && fits(w.lines))
        .map(|w| (w.codes.clone(), w.id))
        .collect();
    list.sort();
    list.dedup();
    list
}

/// Why a level made no rectangle: none unique (`some` exist), or none at
/// all (with the words of the rows' and the columns' lengths it had).
fn no_rectangle(
    some: bool,
    (width, height): (usize, usize),
    level: usize,
    (row_count, col_count): (usize, usize),
    transposable: bool,
) -> String {
    let sources = match level {
        0 => "vocabulary 1".to_string(),
        _ => format!("vocabularies 1–{}", level + 1),
    };
    match some {
        true => format!(
            "every {width}×{height} rectangle of {sources} has a fill-in with more than one solution, reads an offensive word in some line or uses two words of an exclusion group"
        ),
        false if transposable => format!(
            "no {width}×{height} rectangle exists with the {row_count} words of {width} letters of {sources}"
        ),
        false => format!(
            "no {width}×{height} rectangle exists with the {row_count} words of {width} letters for the rows and {col_count} of {height} letters for the columns of {sources}"
        ),
    }
}

/// The request's words as the levels of the search, with the alphabet of
/// their letters: each vocabulary a level (a large clued list its familiar
/// words first, the rest as the next level); words of neither side's
/// length, banned words and, when asked, unprintable and sensitive words
/// left out.
fn levels_of(spec: &PuzzleSpec) -> Result<(Vec<char>, Vec<Vec<Candidate>>), GenerateError> {
    let (width, height) = (spec.mask.width(), spec.mask.height());
    let mut alphabet: Vec<char> = Vec::new();
    let mut levels: Vec<Vec<Candidate>> = Vec::new();
    let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut next_id = 0u32;
    let sensitive = crate::model::lexicon::sensitive(spec.language);
    let leave_out = spec.swedish.leave_out_sensitive;
    for vocabulary in &spec.vocabularies {
        // A large list (an import, a dictionary) is tried familiar words
        // first, the rest as the next level; a curated one as it is.
        // Only clued lists: an unclued one (wamerican 6×6) found its
        // unique fill-in in 0.4 s, but 5.5 s or none from its familiar
        // words first.
        let ranked = vocabulary.words.len() >= RANKED_FROM
            && vocabulary.words.iter().all(|w| w.clue.is_some());
        let mut familiar = Vec::new();
        let mut rest = Vec::new();
        for word in &vocabulary.words {
            let len = word.letters.len();
            if (len != width && len != height) || spec.banned.contains(&word.letters) {
                continue;
            }
            if leave_out
                && (word.tags.iter().any(|t| t.is_unprintable())
                    || sensitive.matches(&word.printed))
            {
                continue;
            }
            let codes = letter_codes(&mut alphabet, &word.letters)?;
            let id = *ids.entry(codes.clone()).or_insert(next_id);
            next_id += 1;
            let clue = printed_clue(word, spec);
            let candidate = Candidate {
                id,
                lines: vocabulary.lines,
                codes,
                printed: word.printed.to_string(),
                vocabulary: vocabulary.name.clone(),
                clue,
                level: 0,
            };
            let welcome = !ranked
                || crate::model::lexicon::zipf(&word.printed, spec.language)
                    >= crate::model::lexicon::FAMILIAR_ZIPF
                    && !word
                        .tags
                        .iter()
                        .any(|t| t.is_short_form() || t.is_specialist());
            if welcome {
                familiar.push(candidate);
            } else {
                rest.push(candidate);
            }
        }
        levels.push(familiar);
        if !rest.is_empty() {
            levels.push(rest);
        }
    }
    Ok((alphabet, levels))
}

/// Per cell of the block (row by row), the letters it may take: the
/// editor's pre-assigned letters and words (a kept row or column: a word
/// that fills its line) fix theirs, every other cell takes any. Letter
/// codes come from `alphabet` (extended by a letter no word has: then no
/// rectangle exists, and the search says so).
fn kept_letters(spec: &PuzzleSpec, alphabet: &mut Vec<char>) -> Result<Vec<u64>, GenerateError> {
    let (width, height) = (spec.mask.width(), spec.mask.height());
    let mut allowed = vec![u64::MAX; width * height];
    let mut kept: Vec<(Pos, char, String)> = spec
        .letters
        .iter()
        .map(|&(p, c)| {
            (
                p,
                c,
                format!("the letter {c} at row {}, column {}", p.row + 1, p.col + 1),
            )
        })
        .collect();
    for w in &spec.preassigned_words {
        let fills_line = match w.direction {
            Direction::E => w.start.col == 0 && w.word.letters.len() == width,
            Direction::S => w.start.row == 0 && w.word.letters.len() == height,
            _ => false,
        };
        if !fills_line {
            return Err(GenerateError::Impossible(format!(
                "the kept word {} does not fill a row (across, from the first column) or a column (down, from the first row) of the {width}×{height} block",
                w.word.printed
            )));
        }
        let (dr, dc) = w.direction.delta();
        for (i, &c) in w.word.letters.iter().enumerate() {
            let p = Pos::new(
                (w.start.row as isize + dr * i as isize) as usize,
                (w.start.col as isize + dc * i as isize) as usize,
            );
            kept.push((p, c, format!("the kept word {}", w.word.printed)));
        }
    }
    for (p, c, what) in kept {
        if p.row >= height || p.col >= width {
            return Err(GenerateError::Impossible(format!(
                "{what} lies outside the block"
            )));
        }
        let code = letter_codes(alphabet, &[c])?[0];
        let cell = &mut allowed[p.row * width + p.col];
        if *cell != u64::MAX && *cell != 1 << code {
            return Err(GenerateError::Impossible(format!(
                "{what} clashes with another kept letter at row {}, column {}",
                p.row + 1,
                p.col + 1
            )));
        }
        *cell = 1 << code;
    }
    Ok(allowed)
}

/// What searching with one set of vocabularies settled.
enum Settled {
    Puzzle(Box<Puzzle>),
    NoneExists,
    /// Rectangles exist, but each one's fill-in has more solutions.
    NoneUnique,
}

/// The rectangle search with one set of vocabularies.
struct Level<'a> {
    width: usize,
    height: usize,
    rows: &'a Trie,
    cols: &'a Trie,
    /// Rows and columns from the same list, square.
    transposable: bool,
    alphabet: &'a [char],
    pool: &'a [Candidate],
    /// Offensive words (grid letters), to be read nowhere in the block.
    banned: &'a [Vec<char>],
    /// At most one word of each group (grid letters).
    exclusion_groups: &'a [Vec<Vec<char>>],
    /// Per cell, the letters it may take (see [`kept_letters`]).
    allowed: &'a [u64],
    /// The pool holds more than the first level: rectangles with more
    /// words of the first vocabularies are preferred.
    joined: bool,
}

impl Level<'_> {
    /// Finds a rectangle with a unique fill-in, or proves that none exists
    /// (the randomised search's own exhaustion or the prover's, whichever
    /// comes first); an error when the limits stop it.
    fn settle(
        &self,
        limits: &Limits,
        rng: &mut Rng,
        seed: u64,
        report: &mut Report,
    ) -> Result<Settled, GenerateError> {
        let none_exists = AtomicBool::new(false);
        let stop_prover = AtomicBool::new(false);
        // The prover counts its work apart: its pace must not move the
        // search's budget.
        let prover_limits = limits.detached();
        let mut accepted = Accepted::default();
        std::thread::scope(|scope| {
            let mut prover_started = false;
            let mut run = 0u64;
            let transposable = self.transposable;
            let result = loop {
                if !prover_started && run >= PROVER_AFTER_RUNS {
                    prover_started = true;
                    let (none_exists, stop) = (&none_exists, &stop_prover);
                    let mut prover =
                        RowSearch::new(self.width, self.height, self.rows, self.cols, transposable)
                            .fixing(self.allowed)
                            .limited(&prover_limits, Some(stop));
                    scope.spawn(move || {
                        if prover.run() == Outcome::Exhausted {
                            none_exists.store(true, Ordering::Relaxed);
                        }
                    });
                }
                run += 1;
                let budget = FIRST_BUDGET.saturating_mul(crate::generate::luby(run));
                // The search keeps only one of a square and its transpose;
                // either is as good.
                let transpose = transposable && rng.below(2) == 1;
                accepted.puzzle = None;
                accepted.seen = false;
                let mut accept = |grid: &[u8]| accepted.offer(self, grid, transpose, seed);
                let mut search =
                    RowSearch::new(self.width, self.height, self.rows, self.cols, transposable)
                        .fixing(self.allowed)
                        .randomised(rng, budget)
                        .limited(limits, Some(&none_exists))
                        .accepting(&mut accept);
                let outcome = search.run();
                report.nodes += search.steps();
                report.restarts += 1;
                drop(search);
                match outcome {
                    Outcome::Found => {
                        let puzzle = (accepted.puzzle.take())
                            .or_else(|| accepted.best.take().map(|b| b.1))
                            .expect("an accepted rectangle");
                        break Ok(Settled::Puzzle(Box::new(puzzle)));
                    }
                    Outcome::Exhausted if accepted.best.is_some() => {
                        let best = accepted.best.take().expect("some").1;
                        break Ok(Settled::Puzzle(Box::new(best)));
                    }
                    Outcome::Exhausted if accepted.seen => break Ok(Settled::NoneUnique),
                    Outcome::Exhausted => break Ok(Settled::NoneExists),
                    Outcome::OutOfBudget | Outcome::Stopped => {}
                }
                if none_exists.load(Ordering::Relaxed) {
                    break Ok(Settled::NoneExists);
                }
                if let Some(stop) = limits.tick(Site::Rectangle) {
                    break self.stopped(stop, accepted.best.take());
                }
            };
            stop_prover.store(true, Ordering::Relaxed);
            result
        })
    }

    /// What a search stopped by the clock, the budget or the editor ends
    /// with: a rectangle in hand is not lost to the clock.
    fn stopped(
        &self,
        stop: super::Stop,
        best: Option<(usize, Puzzle)>,
    ) -> Result<Settled, GenerateError> {
        match (stop, best) {
            (super::Stop::Deadline | super::Stop::Budget, Some((_, puzzle))) => {
                Ok(Settled::Puzzle(Box::new(puzzle)))
            }
            (super::Stop::Cancelled, _) => Err(GenerateError::Cancelled),
            // The budget is the time limit's work.
            (super::Stop::Deadline | super::Stop::Budget, None) => {
                Err(GenerateError::TimedOut(format!(
                    "no {}×{} rectangle with a unique fill-in found in the time limit (the search was not finished, so one may exist)",
                    self.width, self.height
                )))
            }
        }
    }
}

/// The rectangles a search accepted: the first valid one, or with later
/// vocabularies joined, the best seen so far by the levels of its words
/// (lower: the editor's first lists).
#[derive(Default)]
struct Accepted {
    puzzle: Option<Puzzle>,
    /// Whether this run's search offered any rectangle at all.
    seen: bool,
    best: Option<(usize, Puzzle)>,
    offered: usize,
}

impl Accepted {
    /// Takes a rectangle the search found; true when the search may stop.
    fn offer(&mut self, level: &Level, grid: &[u8], transpose: bool, seed: u64) -> bool {
        self.seen = true;
        let grid = if transpose {
            transposed(grid, level.width)
        } else {
            grid.to_vec()
        };
        let candidate = build(&grid, level, seed);
        // Offensive words read nowhere (any line, either way), as in word
        // searches, at most one word of each exclusion group; then the
        // fill-in must be unique.
        let valid = !reads_banned(&candidate, level.banned)
            && one_of_each_group(&candidate, level.exclusion_groups)
            && unique(&candidate, level.alphabet);
        if !valid {
            return false;
        }
        if !level.joined {
            self.puzzle = Some(candidate);
            return true;
        }
        // Vocabulary priority: several rectangles are looked at, the one
        // with most words of the first lists kept.
        let cost = level_sum(&grid, level);
        if self.best.as_ref().is_none_or(|(c, _)| cost < *c) {
            self.best = Some((cost, candidate));
        }
        self.offered += 1;
        cost == 0 || self.offered >= PRIORITY_SAMPLES
    }
}

/// Rectangles looked at, once later vocabularies joined the first, before
/// the one with most words of the first lists is taken (one whose words
/// are all from the first level is taken at once). Measured, 5×5, the
/// 454 everyday five-letter words of `wamerican` (Zipf ≥ 4.6) before all
/// 4,681, 10 seeds, words of the first list out of 10: taking the first
/// rectangle 0–3 (median 0.5); 8 looked at, median 2; 64, 4; 256, 5 (4–7,
/// 0.03–0.05 s); 512, 5 (0.05–0.09 s).
const PRIORITY_SAMPLES: usize = 256;

/// The levels of a block's words summed (0: every word from the first
/// level): rows and columns looked up as [`build`] does.
fn level_sum(grid: &[u8], level: &Level) -> usize {
    let (width, height) = (level.width, level.height);
    let level_of = |trie: &Trie, codes: &mut dyn Iterator<Item = u8>| {
        let mut node = 0;
        for code in codes {
            node = trie.child(node, code);
        }
        let id = trie.word[node as usize];
        level
            .pool
            .iter()
            .find(|c| c.id == id)
            .map_or(0, |c| c.level)
    };
    let rows: usize = (0..height)
        .map(|r| level_of(level.rows, &mut (0..width).map(|c| grid[r * width + c])))
        .sum();
    let cols: usize = (0..width)
        .map(|c| level_of(level.cols, &mut (0..height).map(|r| grid[r * width + c])))
        .sum();
    rows + cols
}

/// Whether the block uses at most one word of each exclusion group.
fn one_of_each_group(puzzle: &Puzzle, groups: &[Vec<Vec<char>>]) -> bool {
    groups.iter().all(|group| {
        group
            .iter()
            .filter(|member| {
                puzzle
                    .words
                    .iter()
                    .any(|w| w.word.chars().eq(member.iter().copied()))
            })
            .count()
            <= 1
    })
}

/// Whether an offensive word reads anywhere in the block: along any row,
/// column or diagonal, forwards or backwards.
fn reads_banned(puzzle: &Puzzle, banned: &[Vec<char>]) -> bool {
    if banned.is_empty() {
        return false;
    }
    let (w, h) = (puzzle.width(), puzzle.height());
    let at = |r: isize, c: isize| -> Option<char> {
        if r < 0 || c < 0 || r as usize >= h || c as usize >= w {
            return None;
        }
        puzzle.grid[r as usize][c as usize]
    };
    let mut lines: Vec<Vec<char>> = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for r in 0..h as isize {
            for c in 0..w as isize {
                // Lines start where the step back leaves the block.
                if at(r - dr, c - dc).is_some() {
                    continue;
                }
                let mut line = Vec::new();
                let (mut rr, mut cc) = (r, c);
                while let Some(ch) = at(rr, cc) {
                    line.push(ch);
                    rr += dr;
                    cc += dc;
                }
                lines.push(line.iter().rev().copied().collect());
                lines.push(line);
            }
        }
    }
    banned.iter().filter(|b| !b.is_empty()).any(|b| {
        lines
            .iter()
            .any(|line| line.windows(b.len()).any(|window| window == &b[..]))
    })
}

/// A square block read down instead of across.
fn transposed(grid: &[u8], side: usize) -> Vec<u8> {
    (0..side * side)
        .map(|i| grid[(i % side) * side + i / side])
        .collect()
}

/// Builds the puzzle from a filled block.
fn build(grid: &[u8], level: &Level, seed: u64) -> Puzzle {
    let Level {
        width,
        height,
        rows,
        cols,
        alphabet,
        pool,
        ..
    } = *level;
    let letter = |r: usize, c: usize| alphabet[grid[r * width + c] as usize];
    let word_id = |trie: &Trie, codes: &mut dyn Iterator<Item = u8>| {
        let mut node = 0;
        for code in codes {
            node = trie.child(node, code);
        }
        let id = trie.word[node as usize];
        // The pool holds a level's familiar words before its rest: find
        // the candidate by id (the first entry of that spelling).
        pool.iter()
            .position(|c| c.id == id)
            .expect("every word of the block is in the pool")
    };
    let mut words = Vec::new();
    for r in 0..height {
        let id = word_id(rows, &mut (0..width).map(|c| grid[r * width + c]));
        words.push(placed(
            &pool[id],
            (0..width).map(|c| letter(r, c)).collect(),
            Pos::new(r, 0),
            Direction::E,
        ));
    }
    for c in 0..width {
        let id = word_id(cols, &mut (0..height).map(|r| grid[r * width + c]));
        words.push(placed(
            &pool[id],
            (0..height).map(|r| letter(r, c)).collect(),
            Pos::new(0, c),
            Direction::S,
        ));
    }
    Puzzle {
        mask: Mask::rectangle(width, height).expect("checked size"),
        directions: crate::model::DirectionSet::parse_list("E,S").expect("valid list"),
        seed,
        grid: (0..height)
            .map(|r| (0..width).map(|c| Some(letter(r, c))).collect())
            .collect(),
        words,
        body: crate::model::Body::WordRectangle,
        report: Report::default(),
    }
}

fn placed(candidate: &Candidate, word: String, start: Pos, direction: Direction) -> PlacedWord {
    PlacedWord {
        word,
        display: candidate.printed.clone(),
        start,
        direction,
        vocabulary: candidate.vocabulary.clone(),
        clue: candidate.clue.clone(),
        clue_edited: false,
    }
}

/// The first clue of `word` that prints: marked as its tags ask, never
/// giving the word away, nothing sensitive (when the request leaves that
/// out).
fn printed_clue(word: &crate::model::Word, spec: &PuzzleSpec) -> Option<String> {
    let sensitive = crate::model::lexicon::sensitive(spec.language);
    let leave_out = spec.swedish.leave_out_sensitive;
    let text = word.text();
    word.clue.as_deref().and_then(|c| {
        crate::model::thesaurus::alternatives(c)
            .filter(|a| !crate::model::thesaurus::shares_stem(a, &text))
            .map(|a| crate::model::tags::marked_clue(a, &word.tags, spec.language))
            .find(|a| {
                let unfit = crate::model::thesaurus::gives_away(a, &text)
                    || leave_out && sensitive.matches(a);
                !unfit
            })
    })
}

/// Solves the fill-in again from the puzzle's own lists (rows from the
/// across words, columns from the down words) and counts up to two solutions.
fn unique(puzzle: &Puzzle, alphabet: &[char]) -> bool {
    let code = |c: char| alphabet.iter().position(|a| *a == c).unwrap_or(0) as u8;
    let (width, height) = (puzzle.width(), puzzle.height());
    let list = |direction: Direction| -> Vec<(Vec<u8>, u32)> {
        puzzle
            .words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.direction == direction)
            .map(|(i, w)| (w.word.chars().map(code).collect(), i as u32))
            .collect()
    };
    let rows = Trie::new(list(Direction::E));
    let cols = Trie::new(list(Direction::S));
    let mut search = RowSearch::new(width, height, &rows, &cols, false).counting(2);
    search.run();
    search.found.len() == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SpecVocabulary, UmlautMode, Word};

    fn spec(words: &[&str], width: usize, height: usize) -> PuzzleSpec {
        let words = words
            .iter()
            .map(|w| Word::new(w, None, UmlautMode::Keep).unwrap())
            .collect();
        PuzzleSpec::new(
            Mask::rectangle(width, height).unwrap(),
            vec![SpecVocabulary {
                name: "test".into(),
                must_use: false,
                words,
                lines: Default::default(),
            }],
        )
    }

    #[test]
    fn finds_the_only_rectangle_and_checks_it() {
        // Rows CAT/ORE/WED, columns COW/ARE/TED.
        let s = spec(&["cat", "ore", "wed", "cow", "are", "ted", "xyz"], 3, 3);
        let p = generate(&s, &Options::seeded(1)).unwrap();
        let rows: Vec<String> = p
            .grid
            .iter()
            .map(|r| r.iter().map(|c| c.unwrap()).collect())
            .collect();
        assert!(
            rows == ["CAT", "ORE", "WED"] || rows == ["COW", "ARE", "TED"],
            "{rows:?}"
        );
        assert_eq!(p.words.len(), 6);
        assert_eq!(p.kind(), crate::model::PuzzleKind::WordRectangle);
    }

    #[test]
    fn proves_that_none_exists() {
        let s = spec(&["cat", "dog", "emu"], 3, 3);
        match generate(&s, &Options::seeded(1)) {
            Err(GenerateError::NoSolution(why)) => {
                assert!(why.contains("no 3×3 rectangle exists"), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rows_from_one_list_and_columns_from_another() {
        let mut s = spec(&["cat", "ore", "wed"], 3, 3);
        s.vocabularies[0].lines = Lines::Rows;
        let mut down = spec(&["cow", "are", "ted"], 3, 3).vocabularies.remove(0);
        down.lines = Lines::Columns;
        down.name = "down".into();
        s.vocabularies.push(down);
        for seed in 1..=6 {
            let p = generate(&s, &Options::seeded(seed)).unwrap();
            let rows: Vec<String> = p
                .grid
                .iter()
                .map(|r| r.iter().map(|c| c.unwrap()).collect())
                .collect();
            assert_eq!(rows, ["CAT", "ORE", "WED"], "seed {seed}");
            let down: Vec<&str> = p
                .words
                .iter()
                .filter(|w| w.direction == Direction::S)
                .map(|w| w.vocabulary.as_str())
                .collect();
            assert_eq!(down, ["down"; 3]);
        }
        // The other way round only the transpose fits.
        s.vocabularies[0].lines = Lines::Columns;
        s.vocabularies[1].lines = Lines::Rows;
        let p = generate(&s, &Options::seeded(1)).unwrap();
        assert_eq!(p.grid[0], [Some('C'), Some('O'), Some('W')]);
    }

    #[test]
    fn proves_a_long_impossible_case() {
        // Rows with an odd number of a's (4 of them: an even total) and
        // columns with an odd number (5: an odd total) cannot meet.
        let mut words = Vec::new();
        for len in [4u32, 5] {
            for n in 0..3usize.pow(len) {
                let word: String = (0..len)
                    .map(|k| ['a', 'b', 'c'][n / 3usize.pow(k) % 3])
                    .collect();
                if word.matches('a').count() % 2 == 1 {
                    words.push(word);
                }
            }
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match generate(&spec(&words, 5, 4), &Options::seeded(1)) {
            Err(GenerateError::NoSolution(why)) => {
                assert!(why.contains("no 5×4 rectangle exists"), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_symmetric_square_uses_words_twice_and_is_refused() {
        // BIT/ICE/TEN read the same across and down: every word twice.
        let s = spec(&["bit", "ice", "ten"], 3, 3);
        assert!(matches!(
            generate(&s, &Options::seeded(3)),
            Err(GenerateError::NoSolution(_))
        ));
    }
}
