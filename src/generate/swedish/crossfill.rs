//! Fills a clue-cell layout with answers as a crossword: each run of two
//! or more letters is a slot whose candidates are a bitset over the
//! answers of its length; the slot with fewest candidates is filled next,
//! each choice narrowing the slots it crosses (a slot left without
//! candidates ends the branch). Restarts with fresh random orders (Luby
//! budgets) against heavy tails.

use super::fill::Cell;
use crate::generate::rng::Rng;
use crate::generate::trie::NO_WORD;
use crate::generate::{Limits, Site, Stop};

/// The answers of one length, with a bitset per (position, letter).
struct Length {
    ids: Vec<u32>,
    /// The spellings of `ids`, one after another.
    flat: Vec<u8>,
    /// `words64` u64s per (position × letters + letter).
    bits: Vec<u64>,
    words64: usize,
}

/// The answers by length, for bitset lookups.
pub(super) struct Index {
    lengths: Vec<Length>,
    letters: usize,
}

impl Index {
    /// Indexes the answers `include` keeps, `letters` letter codes.
    pub fn new(spellings: &[Vec<u8>], letters: usize, include: impl Fn(usize) -> bool) -> Index {
        let longest = spellings.iter().map(Vec::len).max().unwrap_or(0);
        let mut lengths: Vec<Length> = (0..=longest)
            .map(|_| Length {
                ids: Vec::new(),
                flat: Vec::new(),
                bits: Vec::new(),
                words64: 0,
            })
            .collect();
        for (id, s) in spellings.iter().enumerate() {
            if include(id) {
                lengths[s.len()].ids.push(id as u32);
            }
        }
        for (len, l) in lengths.iter_mut().enumerate() {
            l.words64 = l.ids.len().div_ceil(64);
            l.bits = vec![0; l.words64 * len * letters];
            for (k, &id) in l.ids.iter().enumerate() {
                l.flat.extend_from_slice(&spellings[id as usize]);
                for (pos, &letter) in spellings[id as usize].iter().enumerate() {
                    let at = (pos * letters + letter as usize) * l.words64 + k / 64;
                    l.bits[at] |= 1 << (k % 64);
                }
            }
        }
        Index { lengths, letters }
    }

    /// Answers of `len` letters.
    pub fn count(&self, len: usize) -> usize {
        self.lengths.get(len).map_or(0, |l| l.ids.len())
    }

    fn mask(&self, len: usize, pos: usize, letter: u8) -> &[u64] {
        let l = &self.lengths[len];
        let at = (pos * self.letters + letter as usize) * l.words64;
        &l.bits[at..at + l.words64]
    }
}

/// The fixed inputs of one fill.
pub(super) struct Inputs<'a> {
    pub width: usize,
    pub index: &'a Index,
    pub spellings: &'a [Vec<u8>],
    pub preference: &'a [f32],
    /// Per answer id: the slot that marks it used (exclusion groups).
    pub slots: &'a [u32],
    /// Slots taken by earlier puzzles of a batch (empty: none).
    pub taken: &'a [bool],
    /// Per answer id: an abbreviation, symbol or unit.
    pub short_form: &'a [bool],
    /// Most short forms.
    pub short_form_cap: usize,
}

/// A run of letters to fill.
struct Slot {
    cells: Vec<usize>,
    /// Per cell: the slot crossing it there and the position in it.
    crossing: Vec<Option<(usize, usize)>>,
}

/// Undo records.
enum Undo {
    Domain(usize, Vec<u64>, u32),
    Letter(usize),
    Assigned(usize),
    Used(u32),
    ShortForm,
}

pub(super) struct CrossFiller<'a> {
    inputs: &'a Inputs<'a>,
    layout: Vec<Cell>,
    slots: Vec<Slot>,
    domains: Vec<Vec<u64>>,
    counts: Vec<u32>,
    assigned: Vec<u32>,
    letters: Vec<u8>,
    used: Vec<bool>,
    short_forms: usize,
    /// Exclusion slots used before the search (answers kept by an edit,
    /// answers it bans), marked again on every restart.
    pinned: Vec<u32>,
    /// Per slot: the answer an edit would rather keep there (always a
    /// candidate while it fits), or [`NO_WORD`].
    kept: Vec<u32>,
    trail: Vec<Undo>,
    rng: Rng,
    decisions: u64,
    run_budget: u64,
    pub nodes: u64,
    pub restarts: u32,
}

/// Marks a cell without a letter yet.
const UNSET: u8 = u8::MAX;

/// Marks a slot whose letters were all given before the search (an edit
/// keeps it).
const GIVEN: u32 = NO_WORD - 1;

/// Candidates whose crossings are looked at before one is chosen, and
/// tried per slot before backing up (deeper alternatives are left to the
/// restarts).
const LOOKED_AT: usize = 16;
const BRANCHING: usize = 3;
/// Domains larger than this are sampled: [`SAMPLE`] usable candidates
/// from a random place on (listing a domain of 3,000 answers cost more
/// than the rest of a node).
const FULL_SCAN: usize = 512;
const SAMPLE: usize = 128;
/// Slots with more candidates than this are not propagated from: their
/// letters allow nearly everything, and listing them costs.
const PROPAGATE_BELOW: u32 = 200;
/// Decisions of the first restart per slot (Luby multiples after).
const RUN_PER_SLOT: u64 = 40;
/// How much the crossings' room (log2 of the fewest candidates a crossing
/// keeps) weighs against the answer's preference and the 0–4 noise.
const ROOM_WEIGHT: f32 = 0.3;

/// The runs of two or more letter cells across and down in a layout
/// `w` cells wide, each with its crossing slot and letter per cell.
fn letter_runs(layout: &[Cell], w: usize) -> Vec<Slot> {
    let h = layout.len() / w;
    let letter = |r: usize, c: usize| matches!(layout[r * w + c], Cell::Letter(_));
    let mut slots: Vec<Slot> = Vec::new();
    let mut across_of = vec![None; layout.len()];
    let mut down_of = vec![None; layout.len()];
    for r in 0..h {
        let mut c = 0;
        while c < w {
            let start = c;
            while c < w && letter(r, c) {
                c += 1;
            }
            if c - start >= 2 {
                let cells: Vec<usize> = (start..c).map(|j| r * w + j).collect();
                for (k, &i) in cells.iter().enumerate() {
                    across_of[i] = Some((slots.len(), k));
                }
                slots.push(Slot {
                    crossing: vec![None; cells.len()],
                    cells,
                });
            }
            c = c.max(start + 1);
        }
    }
    for c in 0..w {
        let mut r = 0;
        while r < h {
            let start = r;
            while r < h && letter(r, c) {
                r += 1;
            }
            if r - start >= 2 {
                let cells: Vec<usize> = (start..r).map(|i| i * w + c).collect();
                for (k, &i) in cells.iter().enumerate() {
                    down_of[i] = Some((slots.len(), k));
                }
                slots.push(Slot {
                    crossing: vec![None; cells.len()],
                    cells,
                });
            }
            r = r.max(start + 1);
        }
    }
    // The crossing of a cell is the slot of the other direction.
    for (s, slot) in slots.iter_mut().enumerate() {
        for (k, &i) in slot.cells.iter().enumerate() {
            slot.crossing[k] = match (across_of[i], down_of[i]) {
                (Some(a), Some(d)) => Some(if a.0 == s { d } else { a }),
                _ => None,
            };
        }
    }
    slots
}

impl<'a> CrossFiller<'a> {
    /// A filler for `layout` (`Letter` cells are to be filled); `None` if
    /// a run has no answer of its length at all.
    pub fn new(inputs: &'a Inputs<'a>, layout: Vec<Cell>, seed: u64) -> Option<CrossFiller<'a>> {
        let w = inputs.width;
        let slots = letter_runs(&layout, w);
        let mut domains = Vec::with_capacity(slots.len());
        let mut counts = Vec::with_capacity(slots.len());
        for slot in &slots {
            let len = slot.cells.len();
            if inputs.index.count(len) == 0 {
                return None;
            }
            let l = &inputs.index.lengths[len];
            let mut d = vec![u64::MAX; l.words64];
            let tail = l.ids.len() % 64;
            if tail > 0 {
                d[l.words64 - 1] = (1u64 << tail) - 1;
            }
            counts.push(l.ids.len() as u32);
            domains.push(d);
        }
        let words = inputs.slots.len();
        Some(CrossFiller {
            inputs,
            letters: vec![UNSET; layout.len()],
            layout,
            assigned: vec![NO_WORD; slots.len()],
            slots,
            domains,
            counts,
            used: vec![false; words],
            short_forms: 0,
            pinned: Vec::new(),
            kept: Vec::new(),
            trail: Vec::new(),
            rng: Rng::new(seed),
            decisions: 0,
            run_budget: 0,
            nodes: 0,
            restarts: 0,
        })
    }

    /// Gives letters before the search (an edit keeps every cell outside
    /// its region): `given[cell]` is the letter code kept there. Slots
    /// given whole keep their answer (used, counted against the short-form
    /// cap); the others keep only answers with those letters. The answers
    /// of `banned` exclusion slots are not placed. False when a slot is
    /// left without a candidate.
    pub fn give(&mut self, given: &[Option<u8>], banned: &[u32]) -> bool {
        self.give_checked(given, banned, None)
    }

    /// [`give`](Self::give) for theme answers: a run the given letters fill
    /// whole that is not one of `whole_runs` (two themes side by side
    /// spell a two-letter run between them) must be an answer.
    pub fn give_themes(
        &mut self,
        given: &[Option<u8>],
        banned: &[u32],
        whole_runs: &[usize],
    ) -> bool {
        self.give_checked(given, banned, Some(whole_runs))
    }

    fn give_checked(
        &mut self,
        given: &[Option<u8>],
        banned: &[u32],
        whole_runs: Option<&[usize]>,
    ) -> bool {
        self.pinned.extend_from_slice(banned);
        for (cell, letter) in given.iter().enumerate() {
            if let Some(letter) = letter {
                self.letters[cell] = *letter;
            }
        }
        let letters = self.inputs.index.letters;
        for s in 0..self.slots.len() {
            let len = self.slots[s].cells.len();
            let mut domain = self.domains[s].clone();
            let mut whole = true;
            for (pos, &cell) in self.slots[s].cells.iter().enumerate() {
                match given[cell] {
                    Some(letter) if (letter as usize) < letters => {
                        for (a, b) in domain
                            .iter_mut()
                            .zip(self.inputs.index.mask(len, pos, letter))
                        {
                            *a &= b;
                        }
                    }
                    // A letter no answer holds: no candidate.
                    Some(_) => domain.iter_mut().for_each(|a| *a = 0),
                    None => whole = false,
                }
            }
            let count: u32 = domain.iter().map(|a| a.count_ones()).sum();
            if whole && count == 0 && whole_runs.is_some_and(|runs| !runs.contains(&s)) {
                return false;
            }
            if whole {
                self.assigned[s] = GIVEN;
                // A kept answer outside the lexicon (another vocabulary)
                // is kept all the same.
                if let Some(k) = domain
                    .iter()
                    .enumerate()
                    .find(|(_, b)| **b != 0)
                    .map(|(j, b)| j * 64 + b.trailing_zeros() as usize)
                {
                    let id = self.inputs.index.lengths[len].ids[k] as usize;
                    self.pinned.push(self.inputs.slots[id]);
                    if self.inputs.short_form[id] {
                        self.short_forms += 1;
                    }
                }
            } else if count == 0 {
                return false;
            }
            self.domains[s] = domain;
            self.counts[s] = count;
        }
        true
    }

    /// The layout's runs of letters (two or more), each its cells in
    /// reading order.
    pub fn runs(&self) -> Vec<Vec<usize>> {
        self.slots.iter().map(|s| s.cells.clone()).collect()
    }

    /// How much room answer letters `codes` along run `run` leave its
    /// crossings: the fewest candidates a crossing run keeps with the
    /// letter it is given there (`u32::MAX` without crossings).
    pub fn crossing_room(&self, run: usize, codes: &[u8]) -> u32 {
        let letters = self.inputs.index.letters;
        let slot = &self.slots[run];
        slot.crossing
            .iter()
            .zip(codes)
            .filter_map(|(crossing, &code)| crossing.map(|(other, pos)| (other, pos, code)))
            .map(|(other, pos, code)| {
                if code as usize >= letters {
                    return 0;
                }
                let len = self.slots[other].cells.len();
                self.domains[other]
                    .iter()
                    .zip(self.inputs.index.mask(len, pos, code))
                    .map(|(a, b)| (a & b).count_ones())
                    .sum()
            })
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Makes answer `id` a candidate of the slot whose first cell is
    /// `first` (reading `across` or down) whenever it still fits there, whatever the
    /// sampling of large domains draws: an edit keeps what it can.
    pub fn keep(&mut self, first: usize, across: bool, id: u32) {
        // Slots hold two cells or more; an across slot's second cell is
        // the next one.
        let slot = self
            .slots
            .iter()
            .position(|s| s.cells[0] == first && (s.cells[1] == first + 1) == across);
        if let Some(slot) = slot {
            if self.kept.is_empty() {
                self.kept = vec![NO_WORD; self.slots.len()];
            }
            self.kept[slot] = id;
        }
    }

    /// Fills until found, `restarts` runs are spent, or stopped.
    pub fn fill(&mut self, limits: &Limits, restarts: u32) -> Result<Option<Vec<Cell>>, Stop> {
        let first_run = RUN_PER_SLOT * self.slots.len() as u64;
        for luby in 1..=restarts as u64 {
            self.decisions = 0;
            self.run_budget = first_run * crate::generate::luby(luby);
            if self.inputs.taken.is_empty() {
                self.used.iter_mut().for_each(|u| *u = false);
            } else {
                self.used.copy_from_slice(self.inputs.taken);
            }
            for &s in &self.pinned {
                self.used[s as usize] = true;
            }
            if self.search(limits)? {
                let mut out = self.layout.clone();
                for (i, cell) in out.iter_mut().enumerate() {
                    if let Cell::Letter(_) = cell {
                        *cell = Cell::Letter(self.letters[i]);
                    }
                }
                return Ok(Some(out));
            }
            self.undo(0);
            self.restarts += 1;
        }
        Ok(None)
    }

    fn search(&mut self, limits: &Limits) -> Result<bool, Stop> {
        self.decisions += 1;
        self.nodes += 1;
        if self.decisions > self.run_budget {
            return Ok(false);
        }
        if let Some(stop) = limits.tick(Site::CrossFill) {
            return Err(stop);
        }
        // The open slot with fewest candidates.
        let Some(slot) = (0..self.slots.len())
            .filter(|&s| self.assigned[s] == NO_WORD)
            .min_by_key(|&s| self.counts[s])
        else {
            // Every slot is filled; blind letters belong to one slot and
            // are filled with it.
            return Ok(true);
        };
        let weighed = self.candidates(slot);
        for &(_, id) in weighed.iter().take(BRANCHING) {
            let mark = self.trail.len();
            if self.assign(slot, id) && self.search(limits)? {
                return Ok(true);
            }
            self.undo(mark);
            if self.decisions > self.run_budget {
                return Ok(false);
            }
        }
        Ok(false)
    }

    /// The answers to try in `slot`, best first: the best
    /// [`LOOKED_AT`] by preference and noise (a large domain sampled from a
    /// random place on; the answer an edit keeps here added while it fits),
    /// then weighed by the room they leave their crossings.
    fn candidates(&mut self, slot: usize) -> Vec<(f32, u32)> {
        let len = self.slots[slot].cells.len();
        let ids = &self.inputs.index.lengths[len].ids;
        // The candidates: the best by preference and noise, then weighed
        // by the room they leave their crossings.
        let mut candidates: Vec<(f32, u32)> = Vec::new();
        // The noise from a hash of the answer and a salt drawn per node:
        // a draw per candidate cost more than the rest of a node.
        let salt = self.rng.next_seed();
        // A large domain is sampled from a random place on.
        let words64 = self.domains[slot].len();
        let (offset, sample) = if self.counts[slot] as usize > FULL_SCAN {
            (self.rng.below(words64), SAMPLE)
        } else {
            (0, usize::MAX)
        };
        for step in 0..words64 {
            if candidates.len() >= sample {
                break;
            }
            let word64 = (offset + step) % words64;
            let mut bits = self.domains[slot][word64];
            while bits != 0 {
                let k = word64 * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let id = ids[k];
                if !self.usable(id) {
                    continue;
                }
                let score = self.inputs.preference[id as usize] + noise(id, salt);
                candidates.push((score, id));
            }
        }
        // The answer an edit keeps here, while it fits.
        if let Some(&id) = self.kept.get(slot)
            && id != NO_WORD
            && self.usable(id)
            && !candidates.iter().any(|c| c.1 == id)
            && let Ok(k) = ids.binary_search(&id)
            && self.domains[slot][k / 64] & (1 << (k % 64)) != 0
        {
            candidates.push((self.inputs.preference[id as usize] + noise(id, salt), id));
        }
        let looked = LOOKED_AT.min(candidates.len());
        if looked < candidates.len() {
            candidates.select_nth_unstable_by(looked, |a, b| b.0.total_cmp(&a.0));
            candidates.truncate(looked);
        }
        let mut weighed: Vec<(f32, u32)> = candidates
            .into_iter()
            .filter_map(|(score, id)| {
                self.room(slot, id)
                    .map(|room| (score + ROOM_WEIGHT * room, id))
            })
            .collect();
        weighed.sort_by(|a, b| b.0.total_cmp(&a.0));
        weighed
    }

    /// Whether answer `id` may still be placed.
    fn usable(&self, id: u32) -> bool {
        let i = self.inputs;
        let used = self.used[i.slots[id as usize] as usize];
        let over_cap = i.short_form[id as usize] && self.short_forms >= i.short_form_cap;
        !used && !over_cap
    }

    /// The fewest candidates a crossing of `slot` keeps with `id` there;
    /// `None` if one keeps none.
    fn room(&self, slot: usize, id: u32) -> Option<f32> {
        let spelling = &self.inputs.spellings[id as usize];
        let mut room = 0.0f32;
        let this = &self.slots[slot];
        for (k, (&cell, &crossing)) in this.cells.iter().zip(&this.crossing).enumerate() {
            let Some((other, pos)) = crossing else {
                continue;
            };
            if self.letters[cell] != UNSET {
                continue;
            }
            let len = self.slots[other].cells.len();
            let mask = self.inputs.index.mask(len, pos, spelling[k]);
            let n: u32 = self.domains[other]
                .iter()
                .zip(mask)
                .map(|(a, b)| (a & b).count_ones())
                .sum();
            if n == 0 {
                return None;
            }
            room += (n as f32).log2();
        }
        Some(room)
    }

    /// Places `id` in `slot`, narrowing the crossings; false if a crossing
    /// is left without candidates or a completed crossing repeats.
    fn assign(&mut self, slot: usize, id: u32) -> bool {
        if !self.take(slot, id) {
            return false;
        }
        let inputs = self.inputs;
        let spelling = &inputs.spellings[id as usize];
        let mut queue = Vec::new();
        for (k, &letter) in spelling.iter().enumerate() {
            let cell = self.slots[slot].cells[k];
            if self.letters[cell] != UNSET {
                continue;
            }
            self.letters[cell] = letter;
            self.trail.push(Undo::Letter(cell));
            let Some((other, pos)) = self.slots[slot].crossing[k] else {
                continue;
            };
            if self.assigned[other] != NO_WORD {
                continue;
            }
            let len = self.slots[other].cells.len();
            let mask = self.inputs.index.mask(len, pos, letter);
            let mut narrowed = self.domains[other].clone();
            let mut n = 0u32;
            for (a, b) in narrowed.iter_mut().zip(mask) {
                *a &= b;
                n += a.count_ones();
            }
            if n == 0 {
                return false;
            }
            let old = std::mem::replace(&mut self.domains[other], narrowed);
            self.trail
                .push(Undo::Domain(other, old, self.counts[other]));
            self.counts[other] = n;
            queue.push(other);
            // A crossing whose letters are all set is filled by them.
            if self.slots[other]
                .cells
                .iter()
                .all(|&c| self.letters[c] != UNSET)
            {
                let ids = &self.inputs.index.lengths[len].ids;
                let k = self.domains[other]
                    .iter()
                    .enumerate()
                    .find(|(_, b)| **b != 0)
                    .map(|(j, b)| j * 64 + b.trailing_zeros() as usize);
                let Some(k) = k else { return false };
                if !self.take(other, ids[k]) {
                    return false;
                }
            }
        }
        self.propagate(queue)
    }

    /// Narrows, from each slot in `queue`, the slots crossing it to the
    /// letters its candidates allow there, and on from those narrowed;
    /// false when a slot is left without a usable candidate. Slots with
    /// more than [`PROPAGATE_BELOW`] candidates are not looked at.
    fn propagate(&mut self, mut queue: Vec<usize>) -> bool {
        let letters = self.inputs.index.letters;
        let all_letters = if letters >= 64 {
            u64::MAX
        } else {
            (1u64 << letters) - 1
        };
        while let Some(o) = queue.pop() {
            if self.assigned[o] != NO_WORD || self.counts[o] > PROPAGATE_BELOW {
                continue;
            }
            let len = self.slots[o].cells.len();
            // The letters its candidates allow per position (answers used
            // elsewhere included: weaker, never wrong).
            let flat = &self.inputs.index.lengths[len].flat;
            let mut sets = vec![0u64; len];
            for (word64, &bits) in self.domains[o].iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let k = word64 * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (set, &l) in sets.iter_mut().zip(&flat[k * len..(k + 1) * len]) {
                        *set |= 1 << l;
                    }
                }
            }
            for (p, set) in sets.into_iter().enumerate() {
                let cell = self.slots[o].cells[p];
                if self.letters[cell] != UNSET {
                    continue;
                }
                let Some((x, q)) = self.slots[o].crossing[p] else {
                    continue;
                };
                if self.assigned[x] != NO_WORD {
                    continue;
                }
                // The crossing keeps the candidates with an allowed letter
                // there: the masks of the letters not allowed are
                // cleared (usually fewer than the allowed ones: this loop
                // was half of the fill's time when it joined the allowed).
                let xlen = self.slots[x].cells.len();
                let mut allowed = self.domains[x].clone();
                let mut barred = !set & all_letters;
                while barred != 0 {
                    let l = barred.trailing_zeros() as u8;
                    barred &= barred - 1;
                    for (a, b) in allowed.iter_mut().zip(self.inputs.index.mask(xlen, q, l)) {
                        *a &= !b;
                    }
                }
                let n: u32 = allowed.iter().map(|a| a.count_ones()).sum();
                if n == 0 {
                    return false;
                }
                if n < self.counts[x] {
                    let old = std::mem::replace(&mut self.domains[x], allowed);
                    self.trail.push(Undo::Domain(x, old, self.counts[x]));
                    self.counts[x] = n;
                    queue.push(x);
                }
            }
        }
        true
    }

    /// Marks `id` placed in `slot`; false if used or over a cap.
    fn take(&mut self, slot: usize, id: u32) -> bool {
        if !self.usable(id) {
            return false;
        }
        let i = self.inputs;
        self.assigned[slot] = id;
        self.trail.push(Undo::Assigned(slot));
        let s = i.slots[id as usize];
        self.used[s as usize] = true;
        self.trail.push(Undo::Used(s));
        if i.short_form[id as usize] {
            self.short_forms += 1;
            self.trail.push(Undo::ShortForm);
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("above the mark") {
                Undo::Domain(slot, old, count) => {
                    self.domains[slot] = old;
                    self.counts[slot] = count;
                }
                Undo::Letter(cell) => self.letters[cell] = UNSET,
                Undo::Assigned(slot) => self.assigned[slot] = NO_WORD,
                Undo::Used(s) => self.used[s as usize] = false,
                Undo::ShortForm => self.short_forms -= 1,
            }
        }
    }
}

/// Noise in 0–4 for answer `id` under `salt` (SplitMix64's finaliser).
fn noise(id: u32, salt: u64) -> f32 {
    let mut z = salt ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 40) as f32 / (1u64 << 24) as f32 * 4.0
}
