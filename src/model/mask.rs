//! The puzzle's shape: which cells are playable, outside, or restricted.

use super::geometry::{DirectionSet, Pos};
use crate::error::InputError;

/// What a cell of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Part of the puzzle: holds a letter.
    Playable,
    /// Outside the shape: not drawn.
    Outside,
    /// Inside the shape but kept blank (an ad, picture or text).
    Restricted,
}

impl CellKind {
    /// The character of the mask format (`.`, `#`, `x`).
    pub const fn symbol(self) -> char {
        match self {
            CellKind::Playable => '.',
            CellKind::Outside => '#',
            CellKind::Restricted => 'x',
        }
    }

    fn from_symbol(c: char) -> Option<Self> {
        match c {
            '.' => Some(CellKind::Playable),
            '#' => Some(CellKind::Outside),
            'x' | 'X' => Some(CellKind::Restricted),
            _ => None,
        }
    }
}

/// Smallest and largest grid side the product supports.
pub const MIN_SIDE: usize = 3;
/// Largest grid side.
pub const MAX_SIDE: usize = 60;

/// A width × height grid of cell kinds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mask {
    width: usize,
    height: usize,
    cells: Vec<CellKind>,
}

impl Mask {
    /// A fully playable rectangle; sides must be within 3..=60.
    pub fn rectangle(width: usize, height: usize) -> Result<Self, InputError> {
        check_size(width, height)?;
        Ok(Mask {
            width,
            height,
            cells: vec![CellKind::Playable; width * height],
        })
    }

    /// Builds a mask from a predicate telling which cells are playable.
    pub fn from_fn(
        width: usize,
        height: usize,
        playable: impl Fn(Pos) -> bool,
    ) -> Result<Self, InputError> {
        let mut mask = Mask::rectangle(width, height)?;
        for row in 0..height {
            for col in 0..width {
                if !playable(Pos::new(row, col)) {
                    mask.cells[row * width + col] = CellKind::Outside;
                }
            }
        }
        mask.require_playable()?;
        Ok(mask)
    }

    /// Parses rows of `.`, `#`, `x`; `source` names the file for errors.
    pub fn parse(text: &str, source: &str) -> Result<Self, InputError> {
        let mut rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .skip_while(|(_, l)| l.is_empty())
            .collect();
        while rows.last().is_some_and(|(_, l)| l.is_empty()) {
            rows.pop();
        }
        // A blank line inside would silently drop a row of the shape.
        if let Some(&(line, _)) = rows.iter().find(|(_, l)| l.is_empty()) {
            return Err(InputError::at(
                source,
                line,
                "blank line inside the mask (every row needs its cells; use # for cells outside)",
            ));
        }
        let Some(&(_, first)) = rows.first() else {
            return Err(InputError::at(source, 0, "the mask is empty"));
        };
        let width = first.chars().count();
        let mut cells = Vec::with_capacity(width * rows.len());
        for &(line, row) in &rows {
            let n = row.chars().count();
            if n != width {
                return Err(InputError::at(
                    source,
                    line,
                    format!("{n} cells in this row, but the first row has {width}"),
                ));
            }
            for (col, c) in row.chars().enumerate() {
                let kind = CellKind::from_symbol(c).ok_or_else(|| {
                    InputError::at(
                        source,
                        line,
                        format!("column {}: {c:?} is not a mask cell (use . # x)", col + 1),
                    )
                })?;
                cells.push(kind);
            }
        }
        check_size(width, rows.len()).map_err(|e| InputError::at(source, 0, e.to_string()))?;
        let mask = Mask {
            width,
            height: rows.len(),
            cells,
        };
        mask.require_playable()
            .map_err(|e| InputError::at(source, 0, e.to_string()))?;
        Ok(mask)
    }

    fn require_playable(&self) -> Result<(), InputError> {
        if self.playable_count() == 0 {
            return Err(InputError::msg("the mask has no playable cell"));
        }
        Ok(())
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The kind of the cell at `pos` (which must be inside).
    pub fn kind(&self, pos: Pos) -> CellKind {
        self.cells[pos.row * self.width + pos.col]
    }

    /// Whether `pos` is inside and playable.
    pub fn is_playable(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width && self.kind(pos) == CellKind::Playable
    }

    /// Sets one cell's kind.
    pub fn set(&mut self, pos: Pos, kind: CellKind) {
        self.cells[pos.row * self.width + pos.col] = kind;
    }

    /// Marks a rectangle of cells (clipped to the grid) restricted, keeping
    /// cells outside the shape outside.
    pub fn restrict(&mut self, col: usize, row: usize, width: usize, height: usize) {
        for r in row..(row + height).min(self.height) {
            for c in col..(col + width).min(self.width) {
                if self.kind(Pos::new(r, c)) == CellKind::Playable {
                    self.set(Pos::new(r, c), CellKind::Restricted);
                }
            }
        }
    }

    /// Number of playable cells.
    pub fn playable_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|k| **k == CellKind::Playable)
            .count()
    }

    /// All positions in reading order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |c| Pos::new(r, c)))
    }

    /// The most playable cells in a row along any of `directions`: no
    /// longer word fits the mask.
    pub fn longest_line(&self, directions: DirectionSet) -> usize {
        let mut best = 0;
        for dir in directions.iter() {
            for p in self.positions() {
                let before = p.step(dir.reverse(), 1, self.width, self.height);
                if !self.is_playable(p) || before.is_some_and(|b| self.is_playable(b)) {
                    continue;
                }
                let mut n = 0;
                let mut q = Some(p);
                while let Some(c) = q.filter(|c| self.is_playable(*c)) {
                    n += 1;
                    q = c.step(dir, 1, self.width, self.height);
                }
                best = best.max(n);
            }
        }
        best
    }

    /// Playable cells on no line of `shortest` or more playable cells in
    /// any of `directions`: no word can cover them, so they always hold a
    /// filler (or solution) letter. A single cell below an ad area, say.
    pub fn cut_off_cells(&self, directions: DirectionSet, shortest: usize) -> Vec<Pos> {
        let mut reachable = vec![false; self.cells.len()];
        for dir in directions.iter() {
            for p in self.positions() {
                let before = p.step(dir.reverse(), 1, self.width, self.height);
                if !self.is_playable(p) || before.is_some_and(|b| self.is_playable(b)) {
                    continue;
                }
                let mut run = Vec::new();
                let mut q = Some(p);
                while let Some(c) = q.filter(|c| self.is_playable(*c)) {
                    run.push(c);
                    q = c.step(dir, 1, self.width, self.height);
                }
                if run.len() >= shortest.max(1) {
                    for c in run {
                        reachable[c.row * self.width + c.col] = true;
                    }
                }
            }
        }
        self.positions()
            .filter(|p| self.is_playable(*p) && !reachable[p.row * self.width + p.col])
            .collect()
    }

    /// A mask traced from a greyscale picture (`luma`, row by row, 0 black
    /// to 255 white) scaled to `width` × `height` cells: a cell is playable
    /// when the mean of the pixels it covers is darker than `threshold`
    /// (lighter with `invert`), so a black shape on white becomes the grid.
    pub fn traced(
        luma: &[u8],
        (image_width, image_height): (usize, usize),
        (width, height): (usize, usize),
        threshold: u8,
        invert: bool,
    ) -> Result<Self, InputError> {
        check_size(width, height)?;
        if image_width == 0 || image_height == 0 || luma.len() != image_width * image_height {
            return Err(InputError::msg("the picture is empty"));
        }
        let mask = Mask::from_fn(width, height, |p| {
            // The pixels under the cell (at least one, also when the
            // picture is smaller than the grid).
            let span = |i: usize, cells: usize, pixels: usize| {
                let from = i * pixels / cells;
                let to = ((i + 1) * pixels / cells).max(from + 1).min(pixels);
                from..to
            };
            let (rows, cols) = (
                span(p.row, height, image_height),
                span(p.col, width, image_width),
            );
            let mut sum = 0u64;
            let mut n = 0u64;
            for y in rows {
                for x in cols.clone() {
                    sum += u64::from(luma[y * image_width + x]);
                    n += 1;
                }
            }
            let dark = sum < u64::from(threshold) * n;
            dark != invert
        })?;
        Ok(mask)
    }

    /// The mask as rows of `.`, `#`, `x` (the JSON `mask` field).
    pub fn to_rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|k| k.symbol()).collect())
            .collect()
    }
}

fn check_size(width: usize, height: usize) -> Result<(), InputError> {
    for (name, v) in [("width", width), ("height", height)] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&v) {
            return Err(InputError::msg(format!(
                "grid {name} {v} is outside {MIN_SIDE}..={MAX_SIDE}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_round_trip() {
        let text = ".....\n.xx..\n.xx..\n#...#\n";
        let mask = Mask::parse(text, "m.txt").unwrap();
        assert_eq!((mask.width(), mask.height()), (5, 4));
        assert_eq!(mask.kind(Pos::new(1, 1)), CellKind::Restricted);
        assert_eq!(mask.kind(Pos::new(3, 0)), CellKind::Outside);
        assert_eq!(mask.to_rows().join("\n") + "\n", text);
        assert_eq!(mask.playable_count(), 14);
    }

    #[test]
    fn a_picture_is_traced_to_the_grid() {
        // 8×4 pixels: the left half black, the right half white.
        let luma: Vec<u8> = (0..32).map(|i| if i % 8 < 4 { 0 } else { 255 }).collect();
        let mask = Mask::traced(&luma, (8, 4), (4, 4), 128, false).unwrap();
        assert_eq!(mask.to_rows(), vec!["..##"; 4]);
        let inverted = Mask::traced(&luma, (8, 4), (4, 4), 128, true).unwrap();
        assert_eq!(inverted.to_rows(), vec!["##.."; 4]);
        // A picture smaller than the grid: each pixel covers several cells.
        let tiny = Mask::traced(&[0, 255], (2, 1), (6, 3), 128, false).unwrap();
        assert_eq!(tiny.to_rows(), vec!["...###"; 3]);
        assert!(Mask::traced(&[], (0, 0), (4, 4), 128, false).is_err());
        // All white: nothing playable, refused like any empty mask.
        assert!(Mask::traced(&[255; 16], (4, 4), (4, 4), 128, false).is_err());
    }

    #[test]
    fn cells_no_word_can_reach_are_found() {
        // The bottom-left cell sits below an ad area, between outside cells.
        let mask = Mask::parse(".....\n.....\nxxx..\n.#...\n", "m.txt").unwrap();
        let across_down = DirectionSet::parse_list("E,S").unwrap();
        assert_eq!(mask.cut_off_cells(across_down, 3), vec![Pos::new(3, 0)]);
        // Every neighbour is restricted or outside: cut in all eight
        // directions too.
        assert_eq!(
            mask.cut_off_cells(DirectionSet::ALL, 3),
            vec![Pos::new(3, 0)]
        );
        // Even 2-letter words cannot reach a cell with no playable neighbour.
        assert_eq!(mask.cut_off_cells(across_down, 2), vec![Pos::new(3, 0)]);
        assert!(
            Mask::rectangle(5, 5)
                .unwrap()
                .cut_off_cells(across_down, 3)
                .is_empty()
        );
        // A 2-cell strip cannot hold a 3-letter word.
        let strip = Mask::parse("###\n..#\n###\n", "s.txt").unwrap();
        assert_eq!(strip.cut_off_cells(DirectionSet::ALL, 3).len(), 2);
        assert!(strip.cut_off_cells(DirectionSet::ALL, 2).is_empty());
    }

    #[test]
    fn parse_errors_name_the_line() {
        let err = Mask::parse("...\n..\n...\n", "m.txt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("m.txt") && err.contains("line 2"), "{err}");
        let err = Mask::parse("...\n.?.\n...\n", "m.txt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 2") && err.contains("column 2"), "{err}");
        let err = Mask::parse("###\n###\n###\n", "m.txt")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no playable cell"), "{err}");
        assert!(Mask::parse("", "m.txt").is_err());
        // Issue 17: a blank line inside is refused with its number; blank
        // lines before and after the rows are fine.
        let err = Mask::parse("...\n...\n\n...\n", "m.txt")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("line 3") && err.contains("blank line"),
            "{err}"
        );
        let mask = Mask::parse("\n...\n...\n...\n\n\n", "m.txt").unwrap();
        assert_eq!(mask.height(), 3);
        assert!(Mask::rectangle(2, 5).is_err());
        assert!(Mask::rectangle(61, 5).is_err());
    }

    #[test]
    fn restrict_keeps_outside() {
        let mut mask = Mask::parse("#....\n.....\n.....\n", "m").unwrap();
        mask.restrict(0, 0, 2, 2);
        assert_eq!(
            mask.to_rows(),
            vec!["#x...".to_string(), "xx...".into(), ".....".into()]
        );
    }
}
