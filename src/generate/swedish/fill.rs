//! Lays out clue cells and fills the letters at once: row by row, each
//! across run is chosen as a whole answer (or one letter, or none) and
//! closed by a clue cell, with every column's running prefix kept
//! completable in the rows left (the trie's `ends` bits). Restarts with
//! fresh random orders (Luby budgets) against heavy tails.

use crate::generate::rng::Rng;
use crate::generate::trie::{NO_WORD, Trie};
use crate::generate::{Limits, Site, Stop};

/// What a cell is during the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cell {
    /// Outside the shape or in a picture/ad area.
    Blocked,
    /// A clue cell the layout needs: the top-left corner and the cells
    /// right of or below blocked cells (where runs begin).
    Frame,
    /// A clue cell the search chose.
    Clue,
    /// A letter (code).
    Letter(u8),
    /// Not decided yet.
    Open,
}

/// The fixed inputs of one fill.
pub(super) struct Board<'a> {
    pub width: usize,
    pub height: usize,
    pub trie: &'a Trie,
    /// The start cells: `Blocked`, `Frame` or `Open`.
    pub cells: Vec<Cell>,
    /// Most clue cells in all (frame included).
    pub clue_budget: usize,
    /// Most two- and three-letter answers.
    pub caps: [usize; 3],
    /// Per answer id: an abbreviation, symbol or unit (capped by `caps[2]`).
    pub short_form: &'a [bool],
    /// Shortest answer (2 or 3).
    pub min_len: usize,
    /// Per answer id: how welcome it is (higher-priority vocabularies
    /// more), added to the random order.
    pub preference: &'a [f32],
    /// Per answer id: its letter codes.
    pub spellings: &'a [Vec<u8>],
    /// Per answer id: the slot that marks it used — shared by the words
    /// of one exclusion group, so at most one of them is placed.
    pub slots: &'a [u32],
    /// Slots taken by earlier puzzles of a batch (empty: none).
    pub taken: &'a [bool],
    /// Every letter code in use.
    pub alphabet: u64,
}

/// The mutable state, cloned per decision except `used` (with a trail).
#[derive(Clone)]
struct State {
    cells: Vec<Cell>,
    col_node: Vec<u32>,
    col_len: Vec<u8>,
    /// Cells that must hold a letter (a single-letter run needs its
    /// crossing run, a clue cell without across clue needs one below).
    must: Vec<u8>,
    /// Cells that must be clue cells: below a left-column letter, whose
    /// column run has to stay one letter long (its answer runs across).
    must_clue: Vec<bool>,
    clues: usize,
}

/// One choice for the run starting at the current cell.
#[derive(Clone, Copy)]
struct Choice {
    /// The answer across (`NO_WORD`: a single letter or none).
    word: u32,
    /// Run length (0: the cell itself becomes a clue).
    len: usize,
    /// The letter of a single-letter run.
    letter: u8,
    score: f32,
}

/// Candidates tried per run before backing up: deeper alternatives are
/// left to the restarts. Measured on 13×17 from the German thesaurus (6
/// seeds, clue budget 2:1): 2 → 271 ms median, 3 → 252 ms, 4 → 285 ms,
/// 6 → 645 ms (48,000 decisions against 6,000: wide trees thrash in the
/// middle rows, where most dead ends were counted).
const BRANCHING: usize = 3;
/// Decisions of the first restart per open cell; later restarts follow
/// the Luby sequence. Measured (German thesaurus, 6 seeds, medians), with
/// straight arrows only: a fixed 1,500 decisions filled 13×17 in 0.25–0.3
/// s but 18×23 only 2 of 6 times (restarts too short to reach its bottom
/// rows); 25 a cell: 18×23 5/6; 40: 9×11 0.19 s, 13×17 0.29 s, 18×23 6/6
/// at 1.0 s. With bent arrows on the edges (10 seeds, median decisions on
/// 18×23): 20 → 370,000 and 9/10 filled, 40 → 444,000, 80 → 275,000, 160
/// and 320 → 187,000 (first run, no restart; 320: 0.93 s median, 1.8 s
/// max); 9×11 and 13×17 unchanged; the 40,000-answer sample fills 18×23 in
/// 0, 1 and 2 of 10 at 40, 160 and 320.
const RUN_PER_CELL: u64 = 320;

pub(super) struct Filler<'a> {
    board: &'a Board<'a>,
    /// Per cell: the most clue cells (frame included) allowed once a clue
    /// stands there — the interior budget spread evenly over the open
    /// cells in reading order, plus [`PACE_SLACK`].
    clue_pace: Vec<usize>,
    /// Decisions of the first restart.
    first_run: u64,
    /// Cells from each cell down to the next frame/blocked cell or the
    /// bottom, the cell itself excluded.
    room_below: Vec<u8>,
    used: Vec<bool>,
    /// Two- and three-letter answers placed.
    short: [usize; 3],
    /// Answer ids taken, in order (undone from the end).
    trail: Vec<u32>,
    rng: Rng,
    decisions: u64,
    run_budget: u64,
    pub nodes: u64,
    pub restarts: u32,
}

/// A finished layout: the cells (no `Open` left).
pub(super) type Filled = Vec<Cell>;

impl<'a> Filler<'a> {
    pub fn new(board: &'a Board<'a>, words: usize, seed: u64) -> Filler<'a> {
        let (w, h) = (board.width, board.height);
        let mut room_below = vec![0u8; w * h];
        for c in 0..w {
            let mut room = 0u8;
            for r in (0..h).rev() {
                room_below[r * w + c] = room;
                room = match board.cells[r * w + c] {
                    Cell::Open => room + 1,
                    _ => 0,
                };
            }
        }
        let frame = board.cells.iter().filter(|c| **c == Cell::Frame).count();
        let open = board
            .cells
            .iter()
            .filter(|c| **c == Cell::Open)
            .count()
            .max(1);
        let interior = board.clue_budget.saturating_sub(frame) as f64;
        // Open cells on the top row and left column alternate letters and
        // clue cells (bent arrows), so each expects half a clue cell; the
        // other open cells share the rest of the budget.
        let edge = (0..board.cells.len())
            .filter(|&i| board.cells[i] == Cell::Open && is_edge(i, w))
            .count() as f64;
        let edge_share = EDGE_CLUE_SHARE.min(interior / edge.max(1.0));
        let inner_share = (interior - edge_share * edge).max(0.0) / (open as f64 - edge).max(1.0);
        let mut expected = 0.0f64;
        let clue_pace = (0..board.cells.len())
            .map(|i| {
                if board.cells[i] == Cell::Open {
                    expected += if is_edge(i, w) {
                        edge_share
                    } else {
                        inner_share
                    };
                }
                let paced = frame + expected.ceil() as usize + PACE_SLACK;
                paced.min(board.clue_budget)
            })
            .collect();
        Filler {
            board,
            clue_pace,
            first_run: open as u64 * RUN_PER_CELL,
            room_below,
            used: vec![false; words],
            short: [0; 3],
            trail: Vec::new(),
            rng: Rng::new(seed),
            decisions: 0,
            run_budget: 0,
            nodes: 0,
            restarts: 0,
        }
    }

    /// Fills until found or stopped.
    pub fn fill(&mut self, limits: &Limits) -> Result<Filled, Stop> {
        let b = self.board;
        let start = State {
            cells: b.cells.clone(),
            col_node: vec![0; b.width],
            col_len: vec![0; b.width],
            must: vec![0; b.width * b.height],
            must_clue: vec![false; b.width * b.height],
            clues: b.cells.iter().filter(|c| **c == Cell::Frame).count(),
        };
        let mut luby = 1u64;
        loop {
            self.decisions = 0;
            self.run_budget = self.first_run * crate::generate::luby(luby);
            if b.taken.is_empty() {
                self.used.iter_mut().for_each(|u| *u = false);
            } else {
                self.used.copy_from_slice(b.taken);
            }
            self.trail.clear();
            self.short = [0; 3];
            // A run that ends without a fill (its budget spent, or its
            // few branches per run tried) starts again in another order.
            if let Some(cells) = self.search(&start, 0, None, limits)? {
                return Ok(cells);
            }
            self.restarts += 1;
            luby += 1;
        }
    }

    /// The next open cell from `from` in reading order.
    fn next_open(&self, st: &State, from: usize) -> Option<usize> {
        (from..st.cells.len()).find(|&i| st.cells[i] == Cell::Open)
    }

    fn search(
        &mut self,
        st: &State,
        from: usize,
        prev_clue: Option<usize>,
        limits: &Limits,
    ) -> Result<Option<Filled>, Stop> {
        let b = self.board;
        let w = b.width;
        let Some(at) = self.next_open(st, from) else {
            return Ok(Some(st.cells.clone()));
        };
        // A clue cell chosen just before this cell in the same row.
        let prev_clue = prev_clue.filter(|&p| p + 1 == at && p / w == at / w);
        self.decisions += 1;
        self.nodes += 1;
        if self.decisions > self.run_budget {
            return Ok(None);
        }
        if let Some(stop) = limits.tick(Site::Swedish) {
            return Err(stop);
        }
        let (r, c) = (at / w, at % w);
        // The row's stretch of open cells from here.
        let stretch = (c..w)
            .take_while(|&j| st.cells[r * w + j] == Cell::Open)
            .count();
        let allowed: Vec<u64> = (0..stretch).map(|i| self.allowed(st, r, c + i)).collect();
        let mut choices = self.choices(st, r, c, stretch, &allowed);
        // Random order, biased: the noise keeps restarts different.
        for choice in &mut choices {
            choice.score += self.rng.below(1000) as f32 / 250.0;
        }
        // Only the best few are tried: select them, then order them.
        let best = BRANCHING.min(choices.len());
        if best < choices.len() {
            choices.select_nth_unstable_by(best, |a, b| b.score.total_cmp(&a.score));
            choices.truncate(best);
        }
        choices.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut tried = 0;
        for choice in choices {
            if tried == BRANCHING {
                break;
            }
            let mark = self.trail.len();
            if let Some((next, clue_at)) = self.apply(st, r, c, stretch, prev_clue, &choice) {
                tried += 1;
                match self.search(&next, r * w + c + choice.len.max(1), clue_at, limits)? {
                    Some(done) => return Ok(Some(done)),
                    None if self.decisions > self.run_budget => {
                        self.undo(mark);
                        return Ok(None);
                    }
                    None => {}
                }
            }
            self.undo(mark);
        }
        Ok(None)
    }

    fn undo(&mut self, mark: usize) {
        let b = self.board;
        for id in self.trail.drain(mark..) {
            self.used[b.slots[id as usize] as usize] = false;
            for class in classes(b, id) {
                self.short[class] -= 1;
            }
        }
    }

    /// Whether answer `id` cannot be placed: it (or another of its
    /// exclusion group) is, or its length's cap is reached.
    fn is_used(&self, id: u32) -> bool {
        let b = self.board;
        self.used[b.slots[id as usize] as usize]
            || classes(b, id).any(|class| self.short[class] >= b.caps[class])
    }

    /// Bit n: answers of n letters have reached their cap.
    fn capped_lengths(&self) -> u32 {
        let b = self.board;
        (0..2)
            .filter(|&class| self.short[class] >= b.caps[class])
            .fold(0, |bits, class| bits | 1 << (class + 2))
    }

    fn take(&mut self, id: u32) -> bool {
        if self.is_used(id) {
            return false;
        }
        let b = self.board;
        self.used[b.slots[id as usize] as usize] = true;
        for class in classes(b, id) {
            self.short[class] += 1;
        }
        self.trail.push(id);
        true
    }

    /// The letters cell (r, c) can take for its column: the prefix must
    /// still end within the room below (or end here).
    fn allowed(&self, st: &State, r: usize, c: usize) -> u64 {
        let t = self.board.trie;
        let node = st.col_node[c];
        if node == NO_WORD {
            // A one-letter column run that no answer continues.
            return 0;
        }
        let len = st.col_len[c] as usize + 1;
        let room = self.room_below[r * self.board.width + c] as u32;
        let reach = if room >= 31 {
            u32::MAX
        } else {
            (2u32 << room) - 1
        };
        // Lengths whose cap is reached cannot end the column: bit d of a
        // child's `ends` is an answer of len + d letters.
        let capped = self.capped_lengths() >> len;
        let mut mask = t.masks[node as usize];
        let mut out = 0u64;
        while mask != 0 {
            let letter = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let child = t.child(node, letter) as usize;
            let id = t.word[child];
            let ends_here = len == 1 || id != NO_WORD && !self.is_used(id);
            let ok = if room == 0 {
                ends_here
            } else {
                ends_here || t.ends[child] & !capped & reach & !1 != 0
            };
            if ok {
                out |= 1 << letter;
            }
        }
        // A fresh column prefix of one letter may also be any letter that
        // starts no answer: it ends at once under a clue cell.
        if st.col_len[c] == 0 {
            out |= self.board.alphabet;
        }
        out
    }

    /// The candidate runs at (r, c): answers across that fit the columns
    /// and end at a cell that can be a clue (or the row's end), one letter,
    /// or none.
    fn choices(
        &self,
        st: &State,
        r: usize,
        c: usize,
        stretch: usize,
        allowed: &[u64],
    ) -> Vec<Choice> {
        let w = self.board.width;
        let mut out = Vec::new();
        let at = r * w + c;
        // A cell that must be a clue cell takes nothing else.
        if st.must_clue[at] {
            if self.can_close(st, r, c) {
                out.push(CLUE_HERE);
            }
            return out;
        }
        // The top row holds no answers across: each of its letters starts
        // an answer down, clued by a bent arrow from the clue cell left of
        // it. A left-column letter starts an answer across, clued by a bent
        // arrow from the clue cell above it.
        let top = r == 0;
        let left = c == 0 && r > 0;
        let answers_across =
            !top && (!left || matches!(st.cells[at - w], Cell::Clue | Cell::Frame));
        if answers_across {
            self.answer_choices(st, r, c, stretch, allowed, &mut out);
        }
        // One letter closed by a clue (or the row's end); not in the left
        // column, where it would belong to no answer.
        if !left && (stretch == 1 || self.can_close(st, r, c + 1)) {
            let mut mask = allowed[0];
            while mask != 0 {
                let letter = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                let closing = if stretch > 1 {
                    self.clue_cost(st, r, c + 1, stretch - 2)
                } else {
                    0.0
                };
                out.push(Choice {
                    word: NO_WORD,
                    len: 1,
                    letter,
                    score: SINGLE_SCORE - closing,
                });
            }
        }
        // No run: the cell itself becomes a clue.
        if self.can_close(st, r, c) {
            out.push(Choice {
                score: CLUE_HERE.score - self.clue_cost(st, r, c, stretch - 1),
                ..CLUE_HERE
            });
        }
        out
    }

    /// The answers across that start at (r, c): a walk of the trie within
    /// the allowed letters, each answer scored by the columns' room after
    /// it, its length and preference, less the clue cell that closes it.
    fn answer_choices(
        &self,
        st: &State,
        r: usize,
        c: usize,
        stretch: usize,
        allowed: &[u64],
        out: &mut Vec<Choice>,
    ) {
        let b = self.board;
        let t = b.trie;
        let mut stack: Vec<(u32, usize, f32)> = vec![(0, 0, 0.0)];
        while let Some((node, depth, flex)) = stack.pop() {
            let id = t.word[node as usize];
            if id != NO_WORD && depth >= b.min_len && !self.is_used(id) {
                let end = c + depth;
                if depth == stretch || self.can_close(st, r, end) {
                    // Flexibility: mean log of the answers below the
                    // columns' new prefixes; longer answers save clue cells.
                    let closing = if depth < stretch {
                        self.clue_cost(st, r, end, stretch - depth - 1)
                    } else {
                        0.0
                    };
                    let score = flex / depth as f32
                        + LENGTH_WEIGHT * depth as f32
                        + b.preference[id as usize]
                        - short_penalty(depth)
                        - closing;
                    out.push(Choice {
                        word: id,
                        len: depth,
                        letter: 0,
                        score,
                    });
                }
            }
            if depth == stretch {
                continue;
            }
            let mut mask = t.masks[node as usize] & allowed[depth];
            while mask != 0 {
                let letter = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                let child = t.child(node, letter);
                let col = st.col_node[c + depth];
                let freedom = if col != NO_WORD && t.masks[col as usize] >> letter & 1 == 1 {
                    t.freedom[t.child(col, letter) as usize]
                } else {
                    1.0
                };
                stack.push((child, depth + 1, flex + freedom));
            }
        }
    }

    /// What a clue cell at (r, col) costs in short answers: the column run
    /// it ends above, the stretch of `remaining` cells it leaves to the
    /// row's end, the cells it leaves below to the column's end (two or
    /// three letters there make a short answer).
    fn clue_cost(&self, st: &State, r: usize, col: usize, remaining: usize) -> f32 {
        let below = self.room_below[r * self.board.width + col] as usize;
        closing_penalty(st, col) + short_penalty(remaining) + short_penalty(below)
    }

    /// Whether the open cell (r, c) may become a clue cell: no letter
    /// required there, clues left, and its column's run above ends well.
    fn can_close(&self, st: &State, r: usize, c: usize) -> bool {
        let b = self.board;
        let i = r * b.width + c;
        // A required clue cell may run ahead of the pace, not the budget.
        let limit = if st.must_clue[i] {
            b.clue_budget
        } else {
            self.clue_pace[i]
        };
        if st.cells[i] != Cell::Open || st.must[i] > 0 || st.clues >= limit {
            return false;
        }
        // Never three clue cells side by side in a row (print: at most two).
        let clue = |j: usize| matches!(st.cells[j], Cell::Clue | Cell::Frame);
        if !st.must_clue[i] && c >= 2 && clue(i - 1) && clue(i - 2) {
            return false;
        }
        st.col_len[c] <= 1 || {
            let id = b.trie.word[st.col_node[c] as usize];
            id != NO_WORD && !self.is_used(id)
        }
    }

    /// The state after `choice`, and the clue cell it closed with; `None`
    /// if a column's answer would repeat or a required cell cannot be.
    fn apply(
        &mut self,
        st: &State,
        r: usize,
        c: usize,
        stretch: usize,
        prev_clue: Option<usize>,
        choice: &Choice,
    ) -> Option<(State, Option<usize>)> {
        let b = self.board;
        let (w, h) = (b.width, b.height);
        let mut next = st.clone();
        // A clue cell directly before a run shorter than 2 has no across
        // clue: it needs a down answer below it.
        // (In the top row a single letter's answer down is its clue.)
        if let Some(p) = prev_clue
            && choice.len < 2
            && !(p < w && choice.len == 1)
        {
            own_clue(&mut next, b, p)?;
        }
        if choice.word != NO_WORD && !self.take(choice.word) {
            return None;
        }
        let letters: Vec<u8> = if choice.word != NO_WORD {
            b.spellings[choice.word as usize].clone()
        } else if choice.len == 1 {
            vec![choice.letter]
        } else {
            Vec::new()
        };
        self.place_letters(&mut next, r * w + c, &letters)?;
        // A single letter needs its crossing run down.
        if choice.len == 1 && st.col_len[c] == 0 {
            if next.col_node[c] == NO_WORD || r + 1 >= h {
                return None;
            }
            let below = (r + 1) * w + c;
            if next.cells[below] != Cell::Open {
                return None;
            }
            next.must[below] += 1;
        }
        let end = c + choice.len;
        let mut clue_at = None;
        if choice.len < stretch {
            let cell = r * w + end;
            if next.must[cell] > 0
                || next.clues >= self.clue_pace[cell] && !next.must_clue[cell]
                || next.clues >= b.clue_budget
            {
                return None;
            }
            self.close_column(&mut next, end)?;
            next.cells[cell] = Cell::Clue;
            next.clues += 1;
            clue_at = Some(cell);
            // The row ends right after it: no across clue possible.
            if end + 1 == w || next.cells[cell + 1] != Cell::Open {
                own_clue(&mut next, b, cell)?;
            }
        }
        // A left-column answer: the cell below ends its one-letter column.
        if c == 0 && r > 0 && choice.len >= 2 && r + 1 < h {
            let below = (r + 1) * w;
            if next.cells[below] == Cell::Open {
                if next.must[below] > 0 {
                    return None;
                }
                next.must_clue[below] = true;
            }
        }
        Some((next, clue_at))
    }

    /// Writes `letters` across from `start`, each continuing its column's
    /// run down (closing the runs that reach a clue cell or the edge);
    /// `None` when a column would spell no answer.
    fn place_letters(&mut self, next: &mut State, start: usize, letters: &[u8]) -> Option<()> {
        let (w, t) = (self.board.width, self.board.trie);
        for (i, &letter) in letters.iter().enumerate() {
            let cell = start + i;
            let col = cell % w;
            next.cells[cell] = Cell::Letter(letter);
            let node = next.col_node[col];
            if node != NO_WORD && t.masks[node as usize] >> letter & 1 == 1 {
                next.col_node[col] = t.child(node, letter);
            } else if next.col_len[col] == 0 {
                // A letter no answer starts with: its column run must stay
                // one letter long.
                next.col_node[col] = NO_WORD;
            } else {
                return None;
            }
            next.col_len[col] += 1;
            if self.room_below[cell] == 0 {
                self.close_column(next, col)?;
            } else if next.col_node[col] == NO_WORD {
                // The cell below must not continue it.
                if next.must[cell + w] > 0 {
                    return None;
                }
            }
        }
        Some(())
    }

    /// Ends the column's current run (at a clue cell, a frame cell or the
    /// edge): one letter, or an unused answer.
    fn close_column(&mut self, st: &mut State, col: usize) -> Option<()> {
        let len = st.col_len[col];
        let node = st.col_node[col];
        if len >= 2 {
            if node == NO_WORD {
                return None;
            }
            let id = self.board.trie.word[node as usize];
            if id == NO_WORD || !self.take(id) {
                return None;
            }
        }
        st.col_node[col] = 0;
        st.col_len[col] = 0;
        Some(())
    }
}

/// Gives clue cell `cell`, which has no answer across, an answer of its
/// own: in the left column the next cell down starts an answer across
/// (bent arrow), elsewhere an answer runs down below it.
fn own_clue(st: &mut State, b: &Board<'_>, cell: usize) -> Option<()> {
    let w = b.width;
    if !cell.is_multiple_of(w) {
        return need_down(st, b, cell);
    }
    let below = cell + w;
    if below >= st.cells.len() || st.cells[below] != Cell::Open || st.must_clue[below] {
        return None;
    }
    st.must[below] += 1;
    Some(())
}

/// The capped classes answer `id` counts in: 0 two letters, 1 three
/// letters, 2 short forms.
fn classes(b: &Board<'_>, id: u32) -> impl Iterator<Item = usize> + use<> {
    let length = short_class(b.spellings[id as usize].len());
    let form = b.short_form[id as usize].then_some(2);
    length.into_iter().chain(form)
}

/// The cap an answer of `len` letters counts against: 0 two letters, 1
/// three.
fn short_class(len: usize) -> Option<usize> {
    match len {
        2 => Some(0),
        3 => Some(1),
        _ => None,
    }
}

/// Whether cell `i` lies on the top row or the left column.
fn is_edge(i: usize, width: usize) -> bool {
    i < width || i.is_multiple_of(width)
}

/// Clue cells expected per open cell of the top row and left column, where
/// letters and clue cells alternate.
const EDGE_CLUE_SHARE: f64 = 0.5;

/// Marks the two cells below clue cell `cell` as letters-to-be, so that
/// it gets a down answer; `None` if they cannot hold letters.
fn need_down(st: &mut State, b: &Board<'_>, cell: usize) -> Option<()> {
    let w = b.width;
    let (r, c) = (cell / w, cell % w);
    if r + 2 >= b.height {
        return None;
    }
    for below in [(r + 1) * w + c, (r + 2) * w + c] {
        if st.cells[below] != Cell::Open {
            return None;
        }
        st.must[below] += 1;
    }
    Some(())
}

/// Clue cells a layout may run ahead of an even spread of its budget:
/// without pacing the top rows can take short answers and leave the
/// bottom rows no clue cells (measured, 6 seeds: 13×17 0.29 s median with
/// pacing, 0.36 s without; with a solution word and a picture area max
/// 0.77 s with, 2.1 s without).
const PACE_SLACK: usize = 2;

/// Score per letter of an answer across: a longer answer saves a clue
/// cell; 0.35 keeps the clue share near the 3:1 ratio on 13×17 German
/// without starving the columns (0.2 ran out of clue cells in most runs,
/// 0.6 filled rows with long words the columns could not follow).
const LENGTH_WEIGHT: f32 = 0.35;
/// What closing column `col` with a clue cell costs: the down answer it
/// ends, if short (a one-letter run leaves its letter checked one way).
fn closing_penalty(st: &State, col: usize) -> f32 {
    match st.col_len[col] {
        1 => UNCHECKED_PENALTY,
        len => short_penalty(len as usize),
    }
}

/// What an answer of `len` letters costs: print has few two- and
/// three-letter answers.
fn short_penalty(len: usize) -> f32 {
    match len {
        2 => TWO_LETTER_PENALTY,
        3 => THREE_LETTER_PENALTY,
        _ => 0.0,
    }
}

/// Score cost of a two-letter answer (across, or a column closed after
/// two letters).
const TWO_LETTER_PENALTY: f32 = 2.0;
/// Score cost of a three-letter answer.
const THREE_LETTER_PENALTY: f32 = 0.5;
/// Score cost of closing a column after one letter (unchecked down).
const UNCHECKED_PENALTY: f32 = 0.5;

/// A single letter between clue cells: a last resort that costs a clue.
const SINGLE_SCORE: f32 = -4.0;
/// An empty run (two clue cells side by side): rarer still.
const EMPTY_SCORE: f32 = -6.0;
/// The choice of no run: the cell itself becomes a clue cell.
const CLUE_HERE: Choice = Choice {
    word: NO_WORD,
    len: 0,
    letter: 0,
    score: EMPTY_SCORE,
};
