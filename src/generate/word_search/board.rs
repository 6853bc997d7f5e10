//! The grid under construction: cell geometry, letters, which words use
//! which cells, and the sharing rules checked on every placement.

use crate::model::{Direction, Mask, Pos, Rules};

/// No neighbour / no occupant.
pub(crate) const NONE: u16 = u16::MAX;
/// Most words a cell may hold.
pub(crate) const MAX_USAGE: usize = 4;

/// The four line axes, as their forward direction.
pub(crate) const AXES: [Direction; 4] = [Direction::E, Direction::S, Direction::SE, Direction::NE];

/// The axis (0..4) a direction runs along.
pub(crate) const fn axis_of(dir: Direction) -> usize {
    match dir {
        Direction::E | Direction::W => 0,
        Direction::S | Direction::N => 1,
        Direction::SE | Direction::NW => 2,
        Direction::SW | Direction::NE => 3,
    }
}

/// Cells side by side with a parallel word that make a bundle.
pub(crate) const BUNDLE_CELLS: usize = 3;

/// Cell indices and neighbours of a mask.
pub(crate) struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Per cell, its row and column (looked up: the bundle count asks for
    /// two a word at every annealing step).
    positions: Vec<Pos>,
    pub playable: Vec<bool>,
    /// Per cell: which ninth of the grid (3 × 3 regions) it lies in.
    pub region: Vec<u8>,
    /// `next[dir][cell]`: the neighbouring cell in `dir`, or `NONE`.
    pub next: [Vec<u16>; 8],
    /// `reach[dir][cell]`: playable cells from the cell on in `dir`, the
    /// cell included, up to the grid's edge or the first cell outside the
    /// shape (0 for a cell outside): where a word through the cell fits.
    /// Capped at 255, beyond any word's letters.
    pub reach: [Vec<u8>; 8],
}

impl Geometry {
    pub fn new(mask: &Mask) -> Self {
        let (w, h) = (mask.width(), mask.height());
        let playable: Vec<bool> = mask.positions().map(|p| mask.is_playable(p)).collect();
        let next: [Vec<u16>; 8] = Direction::ALL.map(|d| {
            mask.positions()
                .map(|p| {
                    p.step(d, 1, w, h)
                        .map_or(NONE, |q| (q.row * w + q.col) as u16)
                })
                .collect()
        });
        let region = mask
            .positions()
            .map(|p| (p.row * 3 / h * 3 + p.col * 3 / w) as u8)
            .collect();
        let reach = Direction::ALL.map(|d| {
            (0..w * h)
                .map(|cell| {
                    let mut run = 0u8;
                    let mut at = cell as u16;
                    while at != NONE && playable[at as usize] && run < u8::MAX {
                        run += 1;
                        at = next[d.index()][at as usize];
                    }
                    run
                })
                .collect()
        });
        Geometry {
            width: w,
            height: h,
            positions: mask.positions().collect(),
            playable,
            region,
            next,
            reach,
        }
    }

    pub fn cells(&self) -> usize {
        self.playable.len()
    }

    pub fn pos(&self, cell: u16) -> Pos {
        match self.positions.get(cell as usize) {
            Some(&pos) => pos,
            None => Pos::new(cell as usize / self.width, cell as usize % self.width),
        }
    }

    pub fn cell(&self, pos: Pos) -> u16 {
        (pos.row * self.width + pos.col) as u16
    }

    /// King's-move distance between two cells (rows or columns apart,
    /// whichever is more).
    pub fn distance(&self, a: u16, b: u16) -> usize {
        let (a, b) = (self.pos(a), self.pos(b));
        a.row.abs_diff(b.row).max(a.col.abs_diff(b.col))
    }
    /// The first and last offset `at` at which a word of `len` letters
    /// lies in the shape with its `at`-th letter on the cell, running
    /// `dir`; `None` where it lies at none.
    pub fn offsets_fitting(&self, cell: u16, dir: Direction, len: usize) -> Option<(usize, usize)> {
        let back = self.reach[dir.reverse().index()][cell as usize] as usize;
        let ahead = self.reach[dir.index()][cell as usize] as usize;
        let low = len.saturating_sub(ahead);
        let high = back.min(len).checked_sub(1)?;
        (low <= high).then_some((low, high))
    }

    /// The cell `steps` away, or `NONE` (off the grid, or from `NONE`):
    /// where `steps` steps along `next` lead, computed at once (the
    /// annealing walks to every start of a long word through a cell).
    pub fn walk(&self, cell: u16, dir: Direction, steps: usize) -> u16 {
        if steps == 0 || cell == NONE {
            return cell;
        }
        let (w, here) = (self.width as isize, self.pos(cell));
        let (dr, dc) = dir.delta();
        let n = steps as isize;
        let (row, col) = (here.row as isize + n * dr, here.col as isize + n * dc);
        if (0..self.height as isize).contains(&row) && (0..w).contains(&col) {
            (row * w + col) as u16
        } else {
            NONE
        }
    }
}

/// A word on the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    /// Lexicon id.
    pub word: u32,
    pub start: u16,
    pub dir: Direction,
    pub len: u8,
    /// Cells shared with other words.
    pub overlaps: u8,
}

impl Placement {
    pub fn end(&self, geo: &Geometry) -> u16 {
        geo.walk(self.start, self.dir, self.len as usize - 1)
    }
}

/// Letters fixed at a slot: `(index in word, letter code)`, kept inline
/// (slots are tried by the hundred per step; no allocation each).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pattern {
    len: u8,
    items: [(u8, u8); 64],
}

impl Pattern {
    pub fn push(&mut self, item: (u8, u8)) {
        self.items[self.len as usize] = item;
        self.len += 1;
    }
}

impl Default for Pattern {
    fn default() -> Self {
        Pattern {
            len: 0,
            items: [(0, 0); 64],
        }
    }
}

impl std::ops::Deref for Pattern {
    type Target = [(u8, u8)];
    fn deref(&self) -> &[(u8, u8)] {
        &self.items[..self.len as usize]
    }
}

/// How a slot fits the board.
#[derive(Clone, Debug, Default)]
pub(crate) struct SlotFit {
    /// Cells that are empty now.
    pub new_cells: usize,
    /// Letters the word must have (placed letters and pre-assigned letters).
    pub pattern: Pattern,
}

/// The board: letters and usage per cell, and the words placed so far.
pub(crate) struct Board<'g> {
    pub geo: &'g Geometry,
    /// Letter code per cell, 0 = empty.
    pub letter: Vec<u8>,
    usage: Vec<u8>,
    occupants: Vec<[u16; MAX_USAGE]>,
    /// Pre-assigned letter per cell, 0 = none.
    pub preset: Vec<u8>,
    /// Cells kept free for the solution word (their letter is already set).
    reserved: Vec<bool>,
    /// Playable cells no word covers.
    pub free: usize,
    pub placements: Vec<Placement>,
    /// Covered cells per ninth of the grid ([`Geometry::region`]).
    region_cover: [u16; 9],
    max_usage: u8,
    /// `max_overlap[len]`.
    max_overlap: Vec<u8>,
}

impl<'g> Board<'g> {
    pub fn new(geo: &'g Geometry, preset: Vec<u8>, rules: &Rules) -> Self {
        let n = geo.cells();
        Board {
            geo,
            letter: vec![0; n],
            usage: vec![0; n],
            occupants: vec![[NONE; MAX_USAGE]; n],
            preset,
            reserved: vec![false; n],
            free: geo.playable.iter().filter(|p| **p).count(),
            placements: Vec::new(),
            region_cover: [0; 9],
            max_usage: rules.max_words_per_cell.clamp(1, MAX_USAGE as u8),
            max_overlap: (0..=64).map(|l| rules.max_overlaps(l) as u8).collect(),
        }
    }

    pub fn max_overlap(&self, len: usize) -> usize {
        self.max_overlap[len.min(64)] as usize
    }

    pub fn usage(&self, cell: u16) -> u8 {
        self.usage[cell as usize]
    }

    /// Whether a word at `start` in `dir` would sit end to start with a word
    /// running the same way on its line, so that the two read as one
    /// ("BASKET" + "BALL", RQ.P.01). A quality goal: avoided where there is
    /// a choice, never a reason to fail.
    pub fn forms_compound(&self, start: u16, dir: Direction, len: usize) -> bool {
        let geo = self.geo;
        let touches = |cell: u16, at_end: bool| {
            cell != NONE
                && self.occupants[cell as usize][..self.usage[cell as usize] as usize]
                    .iter()
                    .any(|&o| {
                        let p = &self.placements[o as usize];
                        p.dir == dir && cell == if at_end { p.end(geo) } else { p.start }
                    })
        };
        touches(geo.walk(start, dir.reverse(), 1), true)
            || touches(geo.walk(start, dir, len), false)
    }

    /// How crowded the ninth of the grid around a word's middle is (covered
    /// cells there): placements in emptier ninths spread the words.
    pub fn crowding(&self, start: u16, dir: Direction, len: usize) -> u16 {
        let middle = self.geo.walk(start, dir, len / 2);
        if middle == NONE {
            return u16::MAX;
        }
        self.region_cover[self.geo.region[middle as usize] as usize]
    }

    /// Whether a word at `start` in `dir` would run alongside a parallel
    /// word on a neighbouring line for [`BUNDLE_CELLS`] cells or more (a
    /// bundle, which solvers and editors dislike). A quality goal, like
    /// [`Board::forms_compound`].
    pub fn runs_alongside(&self, start: u16, dir: Direction, len: usize) -> bool {
        let geo = self.geo;
        let axis = axis_of(dir);
        // The neighbouring parallel lines: above and below a row, left and
        // right of a column or diagonal.
        let sides = match axis {
            0 => [Direction::N, Direction::S],
            _ => [Direction::W, Direction::E],
        };
        sides.into_iter().any(|side| {
            let mut run = 0;
            let mut cell = start;
            for _ in 0..len {
                let beside = geo.walk(cell, side, 1);
                let parallel = beside != NONE
                    && self.occupants[beside as usize][..self.usage[beside as usize] as usize]
                        .iter()
                        .any(|&o| axis_of(self.placements[o as usize].dir) == axis);
                run = if parallel { run + 1 } else { 0 };
                if run >= BUNDLE_CELLS {
                    return true;
                }
                cell = geo.walk(cell, dir, 1);
            }
            false
        })
    }

    /// Whether a `len`-letter word fits at `start` in `dir` under the sharing
    /// rules; returns the letters it must have. `codes`, when given, are
    /// checked against the letters already there.
    pub fn fit(
        &self,
        start: u16,
        dir: Direction,
        len: usize,
        codes: Option<&[u8]>,
    ) -> Option<SlotFit> {
        let geo = self.geo;
        let limit = self.max_overlap(len);
        let mut crossed = [NONE; 64];
        let mut n_crossed = 0;
        let mut overlaps = 0;
        let mut fit = SlotFit::default();
        let mut cell = start;
        for i in 0..len {
            if i > 0 {
                cell = geo.next[dir.index()][cell as usize];
            }
            if cell == NONE || !geo.playable[cell as usize] || self.reserved[cell as usize] {
                return None;
            }
            let c = cell as usize;
            let want = codes.map(|w| w[i]);
            let here = self.letter[c];
            if here == 0 {
                fit.new_cells += 1;
                let preset = self.preset[c];
                if preset != 0 {
                    if want.is_some_and(|w| w != preset) {
                        return None;
                    }
                    fit.pattern.push((i as u8, preset));
                }
                continue;
            }
            if want.is_some_and(|w| w != here) || self.usage[c] >= self.max_usage {
                return None;
            }
            fit.pattern.push((i as u8, here));
            overlaps += 1;
            if overlaps > limit {
                return None;
            }
            for &o in &self.occupants[c][..self.usage[c] as usize] {
                let other = &self.placements[o as usize];
                let twice = crossed[..n_crossed].contains(&o);
                let collinear = axis_of(other.dir) == axis_of(dir);
                if twice
                    || collinear
                    || other.overlaps as usize >= self.max_overlap(other.len as usize)
                {
                    return None;
                }
                crossed[n_crossed] = o;
                n_crossed += 1;
            }
        }
        Some(fit)
    }

    /// [`Board::fit`] without letters for every length at once: `out[len]`
    /// is the number of cells a `len`-letter word at `start` in `dir` newly
    /// covers, or `None` where it does not fit (up to `max_len`). One walk
    /// instead of one per length: slot candidates try ~20 lengths a start.
    pub fn fits_by_length(
        &self,
        start: u16,
        dir: Direction,
        max_len: usize,
        out: &mut Vec<Option<u8>>,
    ) {
        out.clear();
        out.resize(max_len + 1, None);
        let geo = self.geo;
        let mut crossed = [NONE; 64];
        let mut n_crossed = 0;
        let mut overlaps = 0;
        let mut new_cells = 0u8;
        let mut cell = start;
        for (len, fits) in out.iter_mut().enumerate().take(max_len.min(64) + 1).skip(1) {
            if len > 1 {
                cell = geo.next[dir.index()][cell as usize];
            }
            if cell == NONE || !geo.playable[cell as usize] || self.reserved[cell as usize] {
                return;
            }
            let c = cell as usize;
            if self.letter[c] == 0 {
                new_cells += 1;
            } else {
                if self.usage[c] >= self.max_usage {
                    return;
                }
                overlaps += 1;
                for &o in &self.occupants[c][..self.usage[c] as usize] {
                    let other = &self.placements[o as usize];
                    if crossed[..n_crossed].contains(&o)
                        || axis_of(other.dir) == axis_of(dir)
                        || other.overlaps as usize >= self.max_overlap(other.len as usize)
                    {
                        return;
                    }
                    crossed[n_crossed] = o;
                    n_crossed += 1;
                }
            }
            if overlaps <= self.max_overlap(len) {
                *fits = Some(new_cells);
            }
        }
    }

    /// Places a word that [`Board::fit`] accepted; returns the cells it
    /// filled (they were empty).
    pub fn place(
        &mut self,
        word: u32,
        codes: &[u8],
        start: u16,
        dir: Direction,
        new_cells: &mut Vec<u16>,
    ) {
        new_cells.clear();
        let index = self.placements.len() as u16;
        let mut overlaps = 0;
        let mut cell = start;
        for (i, &code) in codes.iter().enumerate() {
            if i > 0 {
                cell = self.geo.next[dir.index()][cell as usize];
            }
            let c = cell as usize;
            if self.usage[c] == 0 {
                self.letter[c] = code;
                self.free -= 1;
                self.region_cover[self.geo.region[c] as usize] += 1;
                new_cells.push(cell);
            } else {
                overlaps += 1;
                for k in 0..self.usage[c] as usize {
                    let o = self.occupants[c][k] as usize;
                    self.placements[o].overlaps += 1;
                }
            }
            self.occupants[c][self.usage[c] as usize] = index;
            self.usage[c] += 1;
        }
        self.placements.push(Placement {
            word,
            start,
            dir,
            len: codes.len() as u8,
            overlaps,
        });
    }

    /// Keeps a free cell for a solution letter: no word may cover it.
    pub fn reserve(&mut self, cell: u16, code: u8) {
        debug_assert!(self.usage[cell as usize] == 0 && !self.reserved[cell as usize]);
        self.reserved[cell as usize] = true;
        self.letter[cell as usize] = code;
    }

    /// Sets the letter of a kept cell (0: none yet).
    pub fn reserve_letter(&mut self, cell: u16, code: u8) {
        debug_assert!(self.reserved[cell as usize]);
        self.letter[cell as usize] = code;
    }

    /// Undoes [`Board::reserve`].
    pub fn unreserve(&mut self, cell: u16) {
        self.reserved[cell as usize] = false;
        self.letter[cell as usize] = 0;
    }

    /// Whether a cell is kept for the solution word.
    pub fn is_reserved(&self, cell: u16) -> bool {
        self.reserved[cell as usize]
    }

    /// Removes the most recently placed word.
    pub fn unplace(&mut self) {
        let p = self.placements.pop().expect("a placed word");
        let mut cell = p.start;
        for i in 0..p.len as usize {
            if i > 0 {
                cell = self.geo.next[p.dir.index()][cell as usize];
            }
            let c = cell as usize;
            self.usage[c] -= 1;
            self.occupants[c][self.usage[c] as usize] = NONE;
            if self.usage[c] == 0 {
                self.letter[c] = 0;
                self.free += 1;
                self.region_cover[self.geo.region[c] as usize] -= 1;
            } else {
                for k in 0..self.usage[c] as usize {
                    let o = self.occupants[c][k] as usize;
                    self.placements[o].overlaps -= 1;
                }
            }
        }
    }

    /// Whether `word` is placed with its two ends at `a` and `b` (either way).
    pub fn placed_at(&self, word: u32, a: u16, b: u16) -> bool {
        self.placements.iter().any(|p| {
            p.word == word && {
                let end = p.end(self.geo);
                (p.start == a && end == b) || (p.start == b && end == a)
            }
        })
    }

    /// Free playable cells in reading order.
    pub fn free_cells(&self) -> Vec<u16> {
        (0..self.geo.cells() as u16)
            .filter(|&c| self.geo.playable[c as usize] && self.usage[c as usize] == 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_3x5(geo: &Geometry) -> Board<'_> {
        Board::new(geo, vec![0; geo.cells()], &Rules::default())
    }

    /// The offsets a word fits at over a cell of a heart are exactly
    /// those whose every letter lies on a playable cell.
    #[test]
    fn offsets_fitting_are_those_whose_letters_lie_in_the_shape() {
        let mask = crate::model::Shape::Heart.mask(17, 15).unwrap();
        let geo = Geometry::new(&mask);
        for cell in (0..geo.cells() as u16).filter(|&c| geo.playable[c as usize]) {
            for dir in Direction::ALL {
                for len in 1..=18 {
                    let lies = |at: usize| {
                        let start = geo.walk(cell, dir.reverse(), at);
                        (0..len).all(|i| {
                            let c = geo.walk(start, dir, i);
                            c != NONE && geo.playable[c as usize]
                        })
                    };
                    let fitting: Vec<usize> = (0..len).filter(|&at| lies(at)).collect();
                    let range = geo.offsets_fitting(cell, dir, len);
                    let expected = fitting.first().zip(fitting.last()).map(|(a, b)| (*a, *b));
                    assert_eq!(range, expected, "{cell} {dir:?} {len}");
                    assert_eq!(fitting.len(), range.map_or(0, |(a, b)| b - a + 1));
                }
            }
        }
    }

    /// `reach` counts the playable cells a word may run through from a
    /// cell, up to the edge or the shape's border: on a heart, whose lines
    /// the shape breaks, every cell's reach is where a word placed by the
    /// board ends.
    #[test]
    fn reach_ends_where_a_word_may_end() {
        let mask = crate::model::Shape::Heart.mask(17, 15).unwrap();
        let geo = Geometry::new(&mask);
        for cell in 0..geo.cells() as u16 {
            for dir in Direction::ALL {
                let reach = geo.reach[dir.index()][cell as usize] as usize;
                let on = |steps: usize| {
                    let c = geo.walk(cell, dir, steps);
                    c != NONE && geo.playable[c as usize]
                };
                assert!((0..reach).all(on), "{cell} {dir:?} {reach}");
                assert!(!on(reach), "{cell} {dir:?} {reach}");
            }
        }
    }

    /// `walk` leads where stepping along `next` does, for any count, on a
    /// grid wider than tall and one taller than wide.
    #[test]
    fn walk_steps_along_next() {
        for (rows, cols) in [(4, 7), (9, 3)] {
            let mask = Mask::rectangle(rows, cols).unwrap();
            let geo = Geometry::new(&mask);
            for cell in (0..geo.cells() as u16).chain([NONE]) {
                for dir in Direction::ALL {
                    let mut stepped = cell;
                    for steps in 0..12 {
                        assert_eq!(
                            geo.walk(cell, dir, steps),
                            stepped,
                            "{cell} {dir:?} {steps}"
                        );
                        if stepped != NONE {
                            stepped = geo.next[dir.index()][stepped as usize];
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn sharing_rules() {
        let mask = Mask::rectangle(5, 5).unwrap();
        let geo = Geometry::new(&mask);
        let mut b = board_3x5(&geo);
        let mut new = Vec::new();
        // CAT across the top row.
        assert!(b.fit(0, Direction::E, 3, Some(&[3, 1, 20])).is_some());
        b.place(0, &[3, 1, 20], 0, Direction::E, &mut new);
        assert_eq!(new, vec![0, 1, 2]);
        assert_eq!(b.free, 22);
        // COW down from C: one shared cell of three letters is allowed.
        let fit = b.fit(0, Direction::S, 3, Some(&[3, 15, 23])).unwrap();
        assert_eq!(fit.new_cells, 2);
        // Different letter at the shared cell.
        assert!(b.fit(0, Direction::S, 3, Some(&[4, 15, 23])).is_none());
        // Collinear with CAT: shares a cell on the same line.
        assert!(b.fit(2, Direction::E, 3, Some(&[20, 15, 16])).is_none());
        b.place(1, &[3, 15, 23], 0, Direction::S, &mut new);
        // A third word through C exceeds two words per cell.
        assert!(b.fit(0, Direction::SE, 3, Some(&[3, 1, 1])).is_none());
        // CAT already has its one overlap (a third of 3 letters).
        assert!(b.fit(1, Direction::S, 3, Some(&[1, 2, 2])).is_none());
        b.unplace();
        assert!(b.fit(1, Direction::S, 3, Some(&[1, 2, 2])).is_some());
        // Every length at once agrees with fit, length by length.
        let mut by_length = Vec::new();
        for start in 0..25u16 {
            for dir in Direction::ALL {
                b.fits_by_length(start, dir, 5, &mut by_length);
                for (len, &all) in by_length.iter().enumerate().skip(1) {
                    let one = b.fit(start, dir, len, None).map(|f| f.new_cells as u8);
                    assert_eq!(all, one, "{start} {dir:?} {len}");
                }
            }
        }
        b.unplace();
        assert_eq!(b.free, 25);
        assert!(b.letter.iter().all(|l| *l == 0));
    }
}
