//! Forbidden readings: listed words anywhere but at their own placement, and
//! banned words anywhere, found along the lines through changed cells.

use super::board::{AXES, Board, NONE, axis_of};
use crate::model::Direction;

/// One pattern as read forwards along an axis.
struct Pattern {
    codes: Box<[u8]>,
    /// Lexicon id of a listed word; `None` for a banned word.
    word: Option<u32>,
}

/// The words whose every reading is checked; listed words may be added and
/// removed (last in, first out) as the pick phase places them.
pub(crate) struct Patterns {
    patterns: Vec<Pattern>,
    /// Pattern ids by their first two letter codes (`first * stride + second`).
    by_pair: Vec<Vec<u32>>,
    stride: usize,
}

impl Patterns {
    pub fn new(alphabet_len: usize) -> Self {
        let stride = alphabet_len + 1;
        Patterns {
            patterns: Vec::new(),
            by_pair: vec![Vec::new(); stride * stride],
            stride,
        }
    }

    fn bucket(&self, codes: &[u8]) -> usize {
        codes[0] as usize * self.stride + codes.get(1).map_or(0, |c| *c as usize)
    }

    /// Adds a word (2+ letters) in both reading directions; returns how many
    /// entries to pop to remove it again.
    pub fn push(&mut self, codes: &[u8], word: Option<u32>) -> usize {
        debug_assert!(codes.len() >= 2);
        let reversed: Vec<u8> = codes.iter().rev().copied().collect();
        let mut forms = vec![codes.to_vec()];
        if reversed != codes {
            forms.push(reversed);
        }
        let n = forms.len();
        for form in forms {
            let id = self.patterns.len() as u32;
            let bucket = self.bucket(&form);
            self.by_pair[bucket].push(id);
            self.patterns.push(Pattern {
                codes: form.into(),
                word,
            });
        }
        n
    }

    /// Removes the `n` most recently pushed entries.
    pub fn pop(&mut self, n: usize) {
        for _ in 0..n {
            let p = self.patterns.pop().expect("pattern");
            let bucket = self.bucket(&p.codes);
            self.by_pair[bucket].pop();
        }
    }

    /// Whether every run of letters through the given cells reads only
    /// legitimate words: the runs along `own_axis` through the first cell,
    /// and along the other axes (or all axes when `own_axis` is `None`)
    /// through every cell.
    pub fn lines_ok(&self, board: &Board, cells: &[u16], own_axis: Option<Direction>) -> bool {
        if let Some(dir) = own_axis
            && let Some(&first) = cells.first()
            && !self.run_ok(board, first, AXES[axis_of(dir)])
        {
            return false;
        }
        cells.iter().all(|&cell| {
            AXES.iter()
                .filter(|a| own_axis.is_none_or(|d| axis_of(**a) != axis_of(d)))
                .all(|&axis| self.run_ok(board, cell, axis))
        })
    }

    /// Checks the maximal run of filled cells through `cell` along `axis`.
    fn run_ok(&self, board: &Board, cell: u16, axis: Direction) -> bool {
        let geo = board.geo;
        let back = &geo.next[axis.reverse().index()];
        let fwd = &geo.next[axis.index()];
        let mut start = cell;
        loop {
            let prev = back[start as usize];
            if prev == NONE || board.letter[prev as usize] == 0 {
                break;
            }
            start = prev;
        }
        let mut codes = [0u8; 64];
        let mut cells = [0u16; 64];
        let mut n = 0;
        let mut c = start;
        while c != NONE && board.letter[c as usize] != 0 && n < 64 {
            codes[n] = board.letter[c as usize];
            cells[n] = c;
            n += 1;
            c = fwd[c as usize];
        }
        for p in 0..n.saturating_sub(1) {
            for &id in &self.by_pair[self.bucket(&codes[p..p + 2])] {
                let pat = &self.patterns[id as usize];
                let len = pat.codes.len();
                if p + len <= n && codes[p..p + len] == *pat.codes {
                    let legit = pat
                        .word
                        .is_some_and(|w| board.placed_at(w, cells[p], cells[p + len - 1]));
                    if !legit {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the whole board reads only legitimate words: every maximal
    /// run of letters along every axis, each checked once.
    pub fn board_ok(&self, board: &Board) -> bool {
        let geo = board.geo;
        AXES.iter().all(|&axis| {
            let back = &geo.next[axis.reverse().index()];
            (0..geo.cells() as u16).all(|c| {
                let starts_run = board.letter[c as usize] != 0
                    && (back[c as usize] == NONE || board.letter[back[c as usize] as usize] == 0);
                !starts_run || self.run_ok(board, c, axis)
            })
        })
    }
}

/// Whether `codes` can be read anywhere on the board other than between
/// `a` and `b` (its own placement), in any of the eight directions.
pub(crate) fn occurs_elsewhere(board: &Board, codes: &[u8], a: u16, b: u16) -> bool {
    let geo = board.geo;
    for start in 0..geo.cells() as u16 {
        if board.letter[start as usize] != codes[0] {
            continue;
        }
        for dir in Direction::ALL {
            let mut c = start;
            let mut ok = true;
            for &code in &codes[1..] {
                c = geo.next[dir.index()][c as usize];
                if c == NONE || board.letter[c as usize] != code {
                    ok = false;
                    break;
                }
            }
            if ok && !((start == a && c == b) || (start == b && c == a)) {
                return true;
            }
        }
    }
    false
}
