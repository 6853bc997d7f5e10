//! Solution-word grids laid out the way a puzzle maker weaves them: the most
//! hemmed-in open cell comes next and is either covered by a word through
//! it — one that crosses other words, runs in a direction short of its
//! share and not alongside a parallel word — or kept for a solution letter.
//! Cells no word can reach any more are kept, spread over the grid's ninths;
//! a depth-first search with a node budget backs out of dead ends. The word
//! count follows the grid within the bounds asked for.

mod untangle;

pub(crate) use untangle::Snapshot;

use super::board::{AXES, Board, NONE, axis_of};
use super::bundles::BundleMap;
use super::cover::Swept;
use super::patterns::Patterns;
use super::pick::{Drawer, Drawn};
use super::prepare::Problem;
use crate::generate::Limits;
use crate::generate::Site;
use crate::generate::rng::Rng;
use crate::model::Direction;
use std::collections::BTreeSet;

/// Vocabularies up to this size are placed word first (every word tried
/// through the cell); larger ones slot first (a slot, then words matching
/// its fixed letters from the pool index). 300 words × 8 directions × their
/// offsets stay under ~20,000 fit checks a cell, about 0.1 ms.
const WORD_FIRST_VOCABULARY: usize = 300;
/// Word-first vocabularies up to this size count every placement of every
/// word each node (about 50 words × 8 directions × 250 cells, ~0.3 ms) to
/// take the cell with the fewest options first.
const EXACT_OPTION_WORDS: usize = 150;
/// Cells whose longest run is at least this long are open country, told
/// apart only by their capped run sum: shorter runs (fragments) come first,
/// longest last. Measured on the German 20×20 case, treating all open
/// country alike (no run sum) raised the word count from 60 to 76.
const OPEN_COUNTRY: u16 = 8;
/// Runs longer than this count as open country for the hemmed-in order:
/// a cell whose lines are all longer has room in every direction.
const ROOM_CAP: u16 = 5;
/// Slots or words tried per cell before backing out.
const CANDIDATES_PER_CELL: usize = 5;
/// Candidates whose look-ahead (cells left stranded) is computed.
const LOOKED_AHEAD: usize = 16;
/// Words drawn per slot before the next slot.
const WORDS_PER_SLOT: usize = 4;
/// Score per cell shared with a crossing word: crossings are what makes a
/// grid woven (target ≥ 0.4 a word).
const CROSSING: i32 = 6;
/// Penalty for running alongside a parallel word (a bundle). On the German
/// 20×20 case 14, 40, 80 and 1000 left the median largest bundle at 9–10
/// (most such words fill corridors where nothing else fits); higher values
/// only cost time (49 → 130 ms median at 80).
const ALONGSIDE: i32 = 14;
/// Largest bundle a layout aims for: the puzzle agency's readers find
/// three or four parallel neighbours natural; the target.
const BUNDLE_GOAL: usize = 4;
/// Penalty per word a placement would make its bundle exceed the goal
/// (checked for the looked-ahead candidates). German 20×20 cases, 20 seeds,
/// median largest bundle 70k | 356k: none 8 | 7, 20 → 6 | 6, 60 → 6 | 6,
/// 200 → 7 | 6; refusing such placements outright left the weave unable to
/// finish (the planned fallback, bundle 20).
const BUNDLE_GROWTH: i32 = 20;
/// Penalty for sitting end to start with a same-direction word (RQ.P.01).
const COMPOUND: i32 = 40;
/// Score per word the slot's direction lags behind the best-served one.
/// At 5, finished layouts missed a 10 % share 50–180 times per German
/// puzzle (each a restart); at 12, 0–130 times.
const DIRECTION: i32 = 12;
/// Penalty per open cell a placement leaves without room for any word.
const STRANDED: i32 = 9;
/// Penalty per open cell left in a corridor along the slot, which only a
/// parallel word could fill (a bundle in the making). 0, 6 and 12 gave the
/// same median bundle (9–10) on the German case; 6 had the fewest
/// compounds (4 of 10 puzzles → 2 of 10 at 12 was within noise).
const CHANNELLED: i32 = 6;
/// Score per step of vocabulary priority (higher vocabularies first).
const PRIORITY: i32 = 25;
/// Penalty per new cell a word covers fewer than the pace a capped word
/// count needs (the cells left over the words left). Without a cap (an
/// automatic count) the pace is one cell and costs nothing. German 20×20,
/// `--pick 60-80`, median largest bundle (seeds) at 4 | 10 | 20 | 40: 70k
/// words 9.5 (8) | 8 (6) | 7 (8) | 8 (6); all 356k 8.5 | 10 | 5.5 | 6;
/// `wamerican` around LIGHTHOUSES 11.5 | 7.5 | 7.5 | 7 (6 seeds each). At
/// 4 the weave overran the cap in most restarts and the planned layout's
/// bundles (11–12) came through; at 20 most puzzles are woven, 0.3 → 0.2 s
/// median, crossings 0.42 → 0.62 a word on the 70k list. A 17×15 heart
/// with 40–50 `wamerican` words was the same (bundle 3.5) at 4 and 20.
const BEHIND_PACE: i32 = 20;
/// Penalty per new cell a word covers beyond the pace that still reaches
/// the fewest words asked for.
const AHEAD_OF_PACE: i32 = 2;
/// Random spread added to every score, so restarts differ.
const NOISE: usize = 6;
/// Failed layouts after which the cap on solution letters per ninth of the
/// grid loosens by one.
const LAYOUTS_PER_QUOTA_STEP: u32 = 12;

/// The [`LOOKED_AHEAD`] best candidates, best first (ties in the order
/// given), once running alongside a parallel word and forming a compound
/// are charged. Both only lower a score, so candidates are charged best
/// first until the next one's uncharged score cannot reach the best ones:
/// most of the several hundred slots through a cell are never checked.
fn best_candidates(board: &Board, mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut by_score: Vec<usize> = (0..candidates.len()).collect();
    by_score.sort_by_key(|&i| -candidates[i].score);
    let mut charged: Vec<usize> = Vec::new();
    let mut best: Vec<i32> = Vec::new();
    for i in by_score {
        let threshold = (best.len() >= LOOKED_AHEAD).then(|| best[LOOKED_AHEAD - 1]);
        if threshold.is_some_and(|t| candidates[i].score < t) {
            break;
        }
        let c = &mut candidates[i];
        if board.runs_alongside(c.start, c.dir, c.len as usize) {
            c.score -= ALONGSIDE;
        }
        if board.forms_compound(c.start, c.dir, c.len as usize) {
            c.score -= COMPOUND;
        }
        let at = best.partition_point(|&b| b >= c.score);
        best.insert(at, c.score);
        best.truncate(LOOKED_AHEAD);
        charged.push(i);
    }
    charged.sort_unstable();
    let mut out: Vec<Candidate> = charged.into_iter().map(|i| candidates[i]).collect();
    out.sort_by_key(|c| -c.score);
    out.truncate(LOOKED_AHEAD);
    out
}

/// A way to cover the chosen cell.
#[derive(Clone, Copy)]
struct Candidate {
    start: u16,
    dir: Direction,
    len: u8,
    /// A given word (word-first vocabularies), or any matching word.
    word: Option<u32>,
    score: i32,
}

/// Open cells around a slot after covering it (see [`Weave::look_ahead`]).
#[derive(Default)]
struct LookAhead {
    stranded: usize,
    channelled: usize,
}

/// What one look at the board found.
struct Scan {
    /// The cell to decide next.
    cell: Option<u16>,
    /// Its longest open run along an enabled axis.
    cell_room: u16,
    /// Open (undecided) cells.
    open: usize,
    /// Open cells that no word can cover any more.
    stuck: usize,
}

/// The solution-word layout search.
pub(crate) struct Weave<'p> {
    drawer: Drawer<'p>,
    problem: &'p Problem,
    solution: &'p [u8],
    min_words: usize,
    max_words: usize,
    /// Whether every direction must get its 10 % share.
    shares: bool,
    dirs: Vec<Direction>,
    /// Axes (index into `AXES`) with an enabled direction.
    axes: Vec<usize>,
    /// Word lengths slot-first vocabularies offer, and how many words each.
    slot_lengths: Vec<(usize, usize)>,
    /// Words of word-first vocabularies with their priority bonus.
    word_first: Vec<(u32, i32)>,
    /// Priority bonus of the best slot-first vocabulary.
    slot_bonus: i32,
    longest: usize,
    /// Fewest cells in line a word can newly cover.
    min_run: u16,
    base_quota: u8,
    quota: u8,
    kept_in: [u8; 9],
    kept: Vec<u16>,
    drawn: Vec<Drawn>,
    layouts: u32,
    pub nodes: u64,
    node_limit: u64,
    open: Vec<bool>,
    runs: Vec<u16>,
    by_length: Vec<Option<u8>>,
    /// Words a finished layout may lack from the direction shares: none,
    /// or while untangling, as many as the layout being improved lacks.
    short_allowed: usize,
    /// Refilling a hole of a finished layout (see `untangle`).
    untangling: bool,
}

impl<'p> Weave<'p> {
    pub fn new(problem: &'p Problem, excluded: &'p BTreeSet<u32>, shares: bool) -> Self {
        let spec = &problem.spec;
        let solution = problem.solution.as_deref().unwrap_or(&[]);
        let dirs: Vec<Direction> = spec.directions.iter().collect();
        let mut axes: Vec<usize> = dirs.iter().map(|&d| axis_of(d)).collect();
        axes.sort_unstable();
        axes.dedup();
        let mut word_first = Vec::new();
        let mut slot_counts = vec![0usize; problem.longest_line + 1];
        let mut slot_bonus = None;
        let ranks = problem.pools.len() as i32;
        for (rank, pool) in problem.pools.iter().enumerate() {
            let bonus = PRIORITY * (ranks - 1 - rank as i32);
            if pool.all.len() <= WORD_FIRST_VOCABULARY {
                word_first.extend(pool.all.iter().map(|&id| (id, bonus)));
            } else {
                slot_bonus.get_or_insert(bonus);
                for &id in &pool.all {
                    let len = problem.lex.codes(id as usize).len();
                    if len < slot_counts.len() {
                        slot_counts[len] += 1;
                    }
                }
            }
        }
        let slot_lengths: Vec<(usize, usize)> = slot_counts
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(l, n)| (l, *n))
            .collect();
        let rules = &spec.rules;
        let lengths = slot_lengths.iter().map(|l| l.0).chain(
            word_first
                .iter()
                .map(|(id, _)| problem.lex.codes(*id as usize).len()),
        );
        let min_run = lengths
            .map(|l| l - rules.max_overlaps(l).min(l))
            .min()
            .unwrap_or(1)
            .max(1) as u16;
        let base_quota = solution_quota(problem, solution.len());
        let (min_words, max_words) = problem.word_bounds;
        Weave {
            drawer: Drawer::new(problem, excluded),
            problem,
            solution,
            min_words,
            max_words,
            shares,
            dirs,
            axes,
            slot_lengths,
            word_first,
            slot_bonus: slot_bonus.unwrap_or(0),
            longest: problem.longest_line,
            min_run,
            base_quota,
            quota: base_quota,
            kept_in: [0; 9],
            kept: Vec::new(),
            drawn: Vec::new(),
            layouts: 0,
            nodes: 0,
            node_limit: 0,
            open: Vec::new(),
            runs: Vec::new(),
            by_length: Vec::new(),
            short_allowed: 0,
            untangling: false,
        }
    }

    /// Lays out the words with a node budget; on `Done` the board holds the
    /// words and the kept cells with their solution letters, otherwise it
    /// is as it was.
    pub fn run(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        budget: u64,
    ) -> Swept {
        self.quota = (self.base_quota as u32 + self.layouts / LAYOUTS_PER_QUOTA_STEP)
            .min(self.solution.len().max(1) as u32) as u8;
        self.layouts += 1;
        self.node_limit = self.nodes + budget;
        self.dfs(board, patterns, rng, limits)
    }

    /// Takes every drawn word and kept cell off the board again.
    pub fn clear(&mut self, board: &mut Board, patterns: &mut Patterns) {
        while let Some(drawn) = self.drawn.pop() {
            self.drawer.undo(drawn, board, patterns);
        }
        while let Some(c) = self.kept.pop() {
            board.unreserve(c);
        }
        self.kept_in = [0; 9];
    }

    fn dfs(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Swept {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            return Swept::Budget;
        }
        if limits.tick(Site::Weave).is_some() {
            return Swept::Stopped;
        }
        let keep_left = self.solution.len() - self.kept.len();
        let placed = board.placements.len();
        let scan = self.scan(board, rng);
        let Some(x) = scan.cell else {
            return if keep_left == 0 && placed >= self.min_words {
                self.finish(board, patterns)
            } else {
                Swept::Failed
            };
        };
        if scan.open < keep_left || scan.stuck > keep_left {
            return Swept::Failed;
        }
        let to_cover = scan.open - keep_left;
        let words_left = self.max_words.saturating_sub(placed);
        if to_cover > 0 && words_left.saturating_mul(self.longest) < to_cover {
            return Swept::Failed;
        }
        let region = board.geo.region[x as usize] as usize;
        let keepable =
            keep_left > 0 && board.preset[x as usize] == 0 && self.kept_in[region] < self.quota;
        let must_keep = to_cover == 0 || scan.cell_room < self.min_run;
        let keep_first = keepable && (must_keep || rng.below(scan.open) < keep_left);
        for keep in [keep_first, !keep_first] {
            let outcome = if keep {
                if !keepable {
                    continue;
                }
                board.reserve(x, 0);
                self.kept.push(x);
                self.kept_in[region] += 1;
                let outcome = self.dfs(board, patterns, rng, limits);
                if matches!(outcome, Swept::Done) {
                    return outcome;
                }
                self.kept_in[region] -= 1;
                self.kept.pop();
                board.unreserve(x);
                outcome
            } else {
                if must_keep || words_left == 0 {
                    continue;
                }
                self.cover(board, patterns, rng, limits, x, to_cover, keep_left)
            };
            if !matches!(outcome, Swept::Failed) {
                return outcome;
            }
        }
        Swept::Failed
    }

    /// Finds the most hemmed-in open cell and counts the open and stuck ones.
    fn scan(&mut self, board: &Board, rng: &mut Rng) -> Scan {
        let geo = board.geo;
        let n = geo.cells();
        self.open.clear();
        self.open.extend((0..n).map(|c| {
            geo.playable[c] && board.usage(c as u16) == 0 && !board.is_reserved(c as u16)
        }));
        let (room_max, room_sum) = self.room(board);
        let mut scan = Scan {
            cell: None,
            cell_room: 0,
            open: 0,
            stuck: 0,
        };
        let options = self.exact_options(board);
        let mut best = (u32::MAX, 0usize);
        for c in 0..n {
            if !self.open[c] {
                continue;
            }
            scan.open += 1;
            let stuck = match &options {
                Some(o) => o[c] == 0,
                None => room_max[c] < self.min_run && !self.coverable(board, c as u16),
            };
            scan.stuck += usize::from(stuck);
            // Stuck cells and pre-assigned letters first, then the least
            // room; ties at random (a fixed order would sweep the grid in
            // rows).
            let key = if stuck {
                0
            } else if board.preset[c] != 0 {
                1
            } else if let Some(o) = &options {
                2 + o[c].min(1 << 20)
            } else {
                2 + room_max[c].min(OPEN_COUNTRY) as u32 * 64 + room_sum[c] as u32
            };
            let tie = rng.below(1 << 16);
            if (key, tie) < best {
                best = (key, tie);
                scan.cell = Some(c as u16);
                scan.cell_room = if stuck {
                    0
                } else {
                    room_max[c].max(self.min_run)
                };
            }
        }
        scan
    }

    /// Per open cell, the room around it: the longest run of open cells
    /// through it on an enabled axis, and the runs' sum over the axes,
    /// each capped at [`ROOM_CAP`].
    fn room(&mut self, board: &Board) -> (Vec<u16>, Vec<u16>) {
        let geo = board.geo;
        let n = geo.cells();
        let mut room_max = vec![0u16; n];
        let mut room_sum = vec![0u16; n];
        self.runs.resize(n, 0);
        for &a in &self.axes {
            let axis = AXES[a];
            let back = &geo.next[axis.reverse().index()];
            let fwd = &geo.next[axis.index()];
            // Runs are counted from each cell's backward neighbour, which
            // comes earlier in reading order on every forward axis but NE
            // (its predecessor, SW, lies a row below): that one goes from
            // the end. The second pass spreads each run's length back.
            let reading = axis != Direction::NE;
            let at = |k: usize, reverse: bool| if reverse { n - 1 - k } else { k };
            for k in 0..n {
                let c = at(k, !reading);
                self.runs[c] = if !self.open[c] {
                    0
                } else if back[c] == NONE {
                    1
                } else {
                    1 + self.runs[back[c] as usize]
                };
            }
            for k in 0..n {
                let c = at(k, reading);
                if !self.open[c] {
                    continue;
                }
                let next = fwd[c];
                if next != NONE && self.open[next as usize] {
                    self.runs[c] = self.runs[next as usize];
                }
                room_max[c] = room_max[c].max(self.runs[c]);
                room_sum[c] += self.runs[c].min(ROOM_CAP);
            }
        }
        (room_max, room_sum)
    }

    /// For small word-first vocabularies: per cell, how many placements of
    /// the words still available could cover it (the exact-cover "fewest
    /// options first" rule; 0 means only a solution letter can go there).
    /// `None` when a slot-first vocabulary is in play or the words are too
    /// many to count every node.
    fn exact_options(&self, board: &Board) -> Option<Vec<u32>> {
        if !self.slot_lengths.is_empty() || self.word_first.len() > EXACT_OPTION_WORDS {
            return None;
        }
        let geo = board.geo;
        let mut options = vec![0u32; geo.cells()];
        for &(id, _) in &self.word_first {
            if !self.drawer.available(id) {
                continue;
            }
            let codes = self.problem.lex.codes(id as usize);
            for &dir in &self.dirs {
                for start in 0..geo.cells() as u16 {
                    if !self.open[start as usize] && board.letter[start as usize] != codes[0] {
                        continue;
                    }
                    if board.fit(start, dir, codes.len(), Some(codes)).is_none() {
                        continue;
                    }
                    let mut cell = start;
                    for _ in 0..codes.len() {
                        if self.open[cell as usize] {
                            options[cell as usize] += 1;
                        }
                        cell = geo.walk(cell, dir, 1);
                    }
                }
            }
        }
        Some(options)
    }

    /// Whether any word length fits through `cell` in an enabled direction
    /// under the sharing rules (crossing covered cells where allowed).
    fn coverable(&mut self, board: &Board, cell: u16) -> bool {
        let geo = board.geo;
        let mut seen = [false; 65];
        for len in self.slot_lengths.iter().map(|l| l.0).chain(
            self.word_first
                .iter()
                .map(|(id, _)| self.problem.lex.codes(*id as usize).len()),
        ) {
            seen[len.min(64)] = true;
        }
        let Some(longest) = (0..65).rev().find(|&l| seen[l]) else {
            return false;
        };
        let mut by_length = std::mem::take(&mut self.by_length);
        // One walk per start checks every length (a fit call per length
        // was a tenth of the German untangling's time).
        let found = self.dirs.iter().any(|&dir| {
            (0..longest).any(|i| {
                let start = geo.walk(cell, dir.reverse(), i);
                if start == NONE {
                    return false;
                }
                board.fits_by_length(start, dir, longest, &mut by_length);
                (i + 1..=longest).any(|len| seen[len] && by_length[len].is_some())
            })
        });
        self.by_length = by_length;
        found
    }

    /// Tries words through `x`, the best-scoring first.
    #[allow(clippy::too_many_arguments)]
    fn cover(
        &mut self,
        board: &mut Board,
        patterns: &mut Patterns,
        rng: &mut Rng,
        limits: &Limits,
        x: u16,
        to_cover: usize,
        keep_left: usize,
    ) -> Swept {
        let mut candidates = best_candidates(board, self.candidates(board, rng, x, to_cover));
        let bundles = BundleMap::new(board.geo, &board.placements);
        for c in &mut candidates {
            let joined = bundles.joined_size(board.geo, c.start, c.dir, c.len as usize);
            c.score -= BUNDLE_GROWTH * joined.saturating_sub(BUNDLE_GOAL) as i32;
            let look = self.look_ahead(board, c.start, c.dir, c.len as usize);
            // Stranded cells become solution letters: fine while some are
            // left to place, costly beyond.
            c.score -= STRANDED * look.stranded as i32
                + CHANNELLED * look.channelled as i32
                + if look.stranded > keep_left { 1000 } else { 0 };
        }
        candidates.sort_by_key(|c| -c.score);
        let mut tried = 0;
        for c in candidates {
            if tried >= CANDIDATES_PER_CELL {
                break;
            }
            let drawn = match c.word {
                Some(id) => {
                    if !self.drawer.available(id) {
                        continue;
                    }
                    self.drawer.draw_word(board, patterns, id, c.start, c.dir)
                }
                None => {
                    let Some(fit) = board.fit(c.start, c.dir, c.len as usize, None) else {
                        continue;
                    };
                    self.drawer.draw(
                        board,
                        patterns,
                        rng,
                        c.start,
                        c.dir,
                        c.len as usize,
                        &fit.pattern,
                        WORDS_PER_SLOT,
                    )
                }
            };
            tried += 1;
            let Some(drawn) = drawn else {
                continue;
            };
            self.drawn.push(drawn);
            let outcome = self.dfs(board, patterns, rng, limits);
            if matches!(outcome, Swept::Done) {
                return outcome;
            }
            self.drawn.pop();
            self.drawer.undo(drawn, board, patterns);
            if !matches!(outcome, Swept::Failed) {
                return outcome;
            }
        }
        Swept::Failed
    }

    /// Every slot (slot-first vocabularies) and every word placement
    /// (word-first vocabularies) through `x`, scored without the bundle and
    /// compound penalties (see [`best_candidates`]).
    fn candidates(&self, board: &Board, rng: &mut Rng, x: u16, to_cover: usize) -> Vec<Candidate> {
        let scoring = Scoring::new(self, board, to_cover);
        let mut out = Vec::new();
        self.slot_candidates(board, rng, x, &scoring, &mut out);
        self.word_candidates(board, rng, x, &scoring, &mut out);
        out
    }

    /// The slots of the slot-first vocabularies' lengths through `x`.
    fn slot_candidates(
        &self,
        board: &Board,
        rng: &mut Rng,
        x: u16,
        scoring: &Scoring,
        out: &mut Vec<Candidate>,
    ) {
        let geo = board.geo;
        let longest_slot = self.slot_lengths.last().map_or(0, |l| l.0);
        let mut by_length = Vec::new();
        for &dir in &self.dirs {
            for i in 0..self.longest {
                let start = geo.walk(x, dir.reverse(), i);
                if start == NONE || !geo.playable[start as usize] || board.is_reserved(start) {
                    break;
                }
                if longest_slot <= i {
                    continue;
                }
                board.fits_by_length(start, dir, longest_slot, &mut by_length);
                for &(len, words) in &self.slot_lengths {
                    if len <= i {
                        continue;
                    }
                    let Some(new_cells) = by_length[len] else {
                        continue;
                    };
                    // Lengths with few words rarely match the fixed letters.
                    let scarce = if words < 40 { 6 } else { 0 };
                    let s =
                        scoring.score(rng, dir, len, new_cells as usize) + self.slot_bonus - scarce;
                    out.push(Candidate {
                        start,
                        dir,
                        len: len as u8,
                        word: None,
                        score: s,
                    });
                }
            }
        }
    }

    /// Every placement through `x` of the word-first vocabularies' words
    /// still available.
    fn word_candidates(
        &self,
        board: &Board,
        rng: &mut Rng,
        x: u16,
        scoring: &Scoring,
        out: &mut Vec<Candidate>,
    ) {
        let geo = board.geo;
        for &(id, bonus) in &self.word_first {
            if !self.drawer.available(id) {
                continue;
            }
            let codes = self.problem.lex.codes(id as usize);
            let len = codes.len();
            for &dir in &self.dirs {
                for i in 0..len {
                    let start = geo.walk(x, dir.reverse(), i);
                    if start == NONE {
                        break;
                    }
                    let Some(fit) = board.fit(start, dir, len, Some(codes)) else {
                        continue;
                    };
                    let s = scoring.score(rng, dir, len, fit.new_cells) + bonus;
                    out.push(Candidate {
                        start,
                        dir,
                        len: len as u8,
                        word: Some(id),
                        score: s,
                    });
                }
            }
        }
    }

    /// What covering a slot does to the open cells next to it: cells left
    /// without a run long enough for a word, and cells whose only run lies
    /// along the slot (a corridor that only a parallel word can fill).
    fn look_ahead(&mut self, board: &Board, start: u16, dir: Direction, len: usize) -> LookAhead {
        let geo = board.geo;
        let mut cells = [NONE; 64];
        let mut cell = start;
        for slot in cells.iter_mut().take(len) {
            *slot = cell;
            if self.open[cell as usize] {
                self.open[cell as usize] = false;
            } else {
                *slot = NONE;
            }
            cell = geo.walk(cell, dir, 1);
        }
        let mut look = LookAhead::default();
        let mut seen: Vec<u16> = Vec::new();
        for &c in cells.iter().take(len).filter(|&&c| c != NONE) {
            for d in Direction::ALL {
                let nb = geo.next[d.index()][c as usize];
                if nb == NONE || !self.open[nb as usize] || seen.contains(&nb) {
                    continue;
                }
                seen.push(nb);
                // Axes along which a word could still cover the cell.
                let mut roomy = 0;
                let mut only_along = true;
                for &a in &self.axes {
                    let axis = AXES[a];
                    let run =
                        1 + self.open_run(geo, nb, axis) + self.open_run(geo, nb, axis.reverse());
                    if run >= self.min_run as usize {
                        roomy += 1;
                        only_along &= a == axis_of(dir);
                    }
                }
                if roomy == 0 {
                    look.stranded += 1;
                } else if only_along {
                    look.channelled += 1;
                }
            }
        }
        for &c in cells.iter().take(len).filter(|&&c| c != NONE) {
            self.open[c as usize] = true;
        }
        look
    }

    fn open_run(&self, geo: &super::board::Geometry, cell: u16, dir: Direction) -> usize {
        let mut n = 0;
        let mut c = geo.next[dir.index()][cell as usize];
        while c != NONE && self.open[c as usize] && n < 8 {
            n += 1;
            c = geo.next[dir.index()][c as usize];
        }
        n
    }

    /// Checks the direction shares and writes the solution letters into
    /// the kept cells in reading order.
    fn finish(&mut self, board: &mut Board, patterns: &Patterns) -> Swept {
        if self.shares {
            let required = super::shares::direction_shares(
                board.placements.len(),
                self.problem.spec.directions,
            );
            let short: usize = super::pick::direction_deficits(board, &required)
                .iter()
                .sum();
            if short > self.short_allowed {
                // A refill backs out to look for a better ending (German
                // 20×20, 30 seeds, largest bundle 4 in 16 → 19 of 30 puzzles);
                // a whole layout's last words rarely change the balance:
                // start afresh.
                return if self.untangling {
                    Swept::Failed
                } else {
                    Swept::Budget
                };
            }
        }
        let mut kept = self.kept.clone();
        kept.sort_unstable();
        for (&c, &code) in kept.iter().zip(self.solution) {
            board.reserve_letter(c, code);
        }
        if patterns.lines_ok(board, &kept, None) {
            Swept::Done
        } else {
            for &c in &kept {
                board.reserve_letter(c, 0);
            }
            Swept::Failed
        }
    }
}

/// How a candidate through the chosen cell scores before the bundle and
/// compound penalties: crossings, its direction's lag behind the
/// best-served one, new cells, and the pace a capped word count needs.
struct Scoring {
    count: [i32; 8],
    best_served: i32,
    /// New cells a word should cover on average to end within the
    /// word-count bounds.
    pace_min: usize,
    pace_max: usize,
}

impl Scoring {
    fn new(weave: &Weave, board: &Board, to_cover: usize) -> Self {
        let placed = board.placements.len();
        let mut count = [0i32; 8];
        for p in &board.placements {
            count[p.dir.index()] += 1;
        }
        let best_served = weave
            .dirs
            .iter()
            .map(|d| count[d.index()])
            .max()
            .unwrap_or(0);
        let words_left = weave.max_words.saturating_sub(placed).max(1);
        let pace_max = match weave.min_words.saturating_sub(placed) {
            0 => usize::MAX,
            w => to_cover / w,
        };
        Scoring {
            count,
            best_served,
            pace_min: to_cover.div_ceil(words_left),
            pace_max,
        }
    }

    fn score(&self, rng: &mut Rng, dir: Direction, len: usize, new: usize) -> i32 {
        let mut s = CROSSING * (len - new) as i32
            + DIRECTION * (self.best_served - self.count[dir.index()])
            + new as i32
            + rng.below(NOISE) as i32;
        if new < self.pace_min {
            s -= BEHIND_PACE * (self.pace_min - new) as i32;
        } else if new > self.pace_max {
            s -= AHEAD_OF_PACE * (new - self.pace_max) as i32;
        }
        s
    }
}

/// Solution letters each ninth of the grid keeps at first: the solution
/// shared among the ninths with room for a letter or two.
fn solution_quota(problem: &Problem, letters: usize) -> u8 {
    // Ninths with room for a letter or two share the solution letters.
    let mut cells_in = [0usize; 9];
    for (c, &p) in problem.geo.playable.iter().enumerate() {
        if p {
            cells_in[problem.geo.region[c] as usize] += 1;
        }
    }
    let ninths = cells_in.iter().filter(|&&n| n >= 4).count().max(1);
    letters.div_ceil(ninths).max(1) as u8
}
