//! Forbidden readings: listed words anywhere but at their own placement, and
//! banned words anywhere, found along the lines through changed cells.

use super::board::{AXES, Board, NONE, axis_of};
use crate::model::Direction;

/// One pattern as read forwards along an axis: `len` codes from `offset`
/// of its arena.
#[derive(Clone, Copy)]
struct Entry {
    offset: u32,
    len: u8,
    /// Lexicon id of a listed word; `None` for a banned word.
    word: Option<u32>,
}

/// Appends a word in both reading directions (once for a palindrome).
fn add_forms(
    codes: &[u8],
    word: Option<u32>,
    arena: &mut Vec<u8>,
    entries: &mut Vec<Entry>,
) -> usize {
    debug_assert!(codes.len() >= 2);
    let palindrome = codes.iter().eq(codes.iter().rev());
    let mut add = |form: &mut dyn Iterator<Item = u8>| {
        let offset = arena.len() as u32;
        arena.extend(form);
        entries.push(Entry {
            offset,
            len: codes.len() as u8,
            word,
        });
    };
    add(&mut codes.iter().copied());
    if !palindrome {
        add(&mut codes.iter().rev().copied());
    }
    if palindrome { 1 } else { 2 }
}

/// The readings fixed for a whole generator (must-use and banned words),
/// indexed by their first two letters. Built once, shared by every run.
pub(crate) struct PatternBase {
    arena: Vec<u8>,
    entries: Vec<Entry>,
    /// Entry ids of bucket `b` are `ids[starts[b]..starts[b + 1]]`.
    starts: Vec<u32>,
    ids: Vec<u32>,
    stride: usize,
}

impl PatternBase {
    /// Indexes `(codes, listed word)` pairs.
    pub fn new<'a>(
        alphabet_len: usize,
        words: impl Iterator<Item = (&'a [u8], Option<u32>)>,
    ) -> Self {
        let stride = alphabet_len + 1;
        let (mut arena, mut entries) = (Vec::new(), Vec::new());
        for (codes, word) in words {
            add_forms(codes, word, &mut arena, &mut entries);
        }
        let bucket = |e: &Entry| {
            arena[e.offset as usize] as usize * stride + arena[e.offset as usize + 1] as usize
        };
        let mut starts = vec![0u32; stride * stride + 1];
        for e in &entries {
            starts[bucket(e) + 1] += 1;
        }
        for b in 0..stride * stride {
            starts[b + 1] += starts[b];
        }
        let mut fill = starts.clone();
        let mut ids = vec![0u32; entries.len()];
        for (id, e) in entries.iter().enumerate() {
            let b = bucket(e);
            ids[fill[b] as usize] = id as u32;
            fill[b] += 1;
        }
        PatternBase {
            arena,
            entries,
            starts,
            ids,
            stride,
        }
    }
}

/// The words whose every reading is checked: the shared base plus listed
/// words added and removed (last in, first out) as words are drawn.
pub(crate) struct Patterns<'b> {
    base: &'b PatternBase,
    arena: Vec<u8>,
    entries: Vec<Entry>,
    /// First-two-letter bucket of each added entry.
    buckets: Vec<u32>,
    /// Per bucket, the most recently added entry in it (`NO_ENTRY` if none);
    /// per entry, the one added before it in its bucket. A run checks only
    /// its buckets' entries: scanning all added ones per letter was a third
    /// of a woven German 20×20 puzzle's time.
    newest: Vec<u32>,
    older: Vec<u32>,
}

const NO_ENTRY: u32 = u32::MAX;

impl<'b> Patterns<'b> {
    pub fn new(base: &'b PatternBase) -> Self {
        Patterns {
            base,
            arena: Vec::new(),
            entries: Vec::new(),
            buckets: Vec::new(),
            newest: vec![NO_ENTRY; base.stride * base.stride],
            older: Vec::new(),
        }
    }

    /// Adds a word (2+ letters) in both reading directions; returns how many
    /// entries to pop to remove it again.
    pub fn push(&mut self, codes: &[u8], word: Option<u32>) -> usize {
        let n = add_forms(codes, word, &mut self.arena, &mut self.entries);
        for i in self.entries.len() - n..self.entries.len() {
            let o = self.entries[i].offset as usize;
            let bucket = self.arena[o] as usize * self.base.stride + self.arena[o + 1] as usize;
            self.buckets.push(bucket as u32);
            self.older.push(self.newest[bucket]);
            self.newest[bucket] = i as u32;
        }
        n
    }

    /// Removes the `n` most recently pushed entries.
    pub fn pop(&mut self, n: usize) {
        for _ in 0..n {
            let e = self.entries.pop().expect("pattern");
            let bucket = self.buckets.pop().expect("bucket") as usize;
            self.newest[bucket] = self.older.pop().expect("older");
            self.arena.truncate(e.offset as usize);
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
        let base = self.base;
        let legit = |e: &Entry, p: usize| {
            e.word
                .is_some_and(|w| board.placed_at(w, cells[p], cells[p + e.len as usize - 1]))
        };
        for p in 0..n.saturating_sub(1) {
            let bucket = codes[p] as usize * base.stride + codes[p + 1] as usize;
            let from_base = base.ids
                [base.starts[bucket] as usize..base.starts[bucket + 1] as usize]
                .iter()
                .map(|&id| (&base.entries[id as usize], &base.arena));
            let added =
                std::iter::successors(Some(self.newest[bucket]).filter(|&i| i != NO_ENTRY), |&i| {
                    Some(self.older[i as usize]).filter(|&i| i != NO_ENTRY)
                })
                .map(|i| (&self.entries[i as usize], &self.arena));
            for (e, arena) in from_base.chain(added) {
                let len = e.len as usize;
                let form = &arena[e.offset as usize..e.offset as usize + len];
                if p + len <= n && codes[p..p + len] == *form && !legit(e, p) {
                    return false;
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
