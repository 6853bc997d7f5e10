//! Quality measurements of a word search (PRODUCT.md §3's goals): the
//! numbers, the difficulty label and the sentences for goals not met.
//! Measured by `verify::quality`.

/// Parallel words side by side from which a bundle is reported.
pub(crate) const BUNDLE_REPORTED: usize = 4;
/// A ninth of the grid is "empty" when it holds less than this share of
/// the overall word-cell density.
const EMPTY_REGION: f64 = 0.5;

/// What a puzzle offers its solver, and where it falls short of the goals.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Quality {
    /// Shortest and longest word (grid letters).
    pub length_range: (usize, usize),
    /// How many different word lengths occur.
    pub distinct_lengths: usize,
    /// Cells shared by two words.
    pub crossings: usize,
    /// Share of words read right to left or upwards (W, N, NW, SW).
    pub reversed_share: f64,
    /// Share of diagonal words.
    pub diagonal_share: f64,
    /// Collinear neighbours in one direction, end to start: `BASKET+BALL`.
    pub compounds: Vec<String>,
    /// The most parallel words lying side by side.
    pub largest_bundle: usize,
    /// Words in bundles of four or more.
    pub bundled_words: usize,
    /// Least covered ninth of the grid: its share of cells under words,
    /// relative to the whole grid's (1.0 = as dense as the average).
    pub emptiest_region: f64,
    /// Ninths of the grid holding a solution letter (0 without one).
    pub solution_regions: usize,
    /// Runs of [`SOLUTION_BLOCK`] solution letters that lie side by side
    /// in a line of the grid, so the solver reads them at once (WÄLD).
    pub solution_blocks: usize,
    /// Letters of the solution word (0 without one).
    pub solution_letters: usize,
    /// Places where a word's first three letters read in some direction
    /// without the word following.
    pub decoys: usize,
    /// 0 (very easy) to 100 (very hard), from what the solver faces.
    pub difficulty: u8,
}

impl Quality {
    /// "easy", "medium" or "hard" for the difficulty score.
    pub fn difficulty_label(&self) -> &'static str {
        match self.difficulty {
            0..=29 => "easy",
            30..=54 => "medium",
            _ => "hard",
        }
    }

    /// The quality goals not met, as sentences for the report.
    pub fn shortfalls(&self, words: usize) -> Vec<String> {
        let mut out = Vec::new();
        if words >= 8 && self.distinct_lengths < 3 {
            out.push(format!(
                "word lengths hardly vary ({}–{} letters)",
                self.length_range.0, self.length_range.1
            ));
        }
        if !self.compounds.is_empty() {
            out.push(format!(
                "neighbouring words read as one: {}",
                self.compounds.join(", ")
            ));
        }
        if self.largest_bundle >= BUNDLE_REPORTED {
            out.push(format!(
                "{} words lie in bundles of parallel words (largest: {} side by side)",
                self.bundled_words, self.largest_bundle
            ));
        }
        // A third of the ninths it could reach at least: letters bunched in
        // one corner give the word away (the thesis' rejected example).
        if self.solution_letters > 0 && self.solution_regions * 3 < self.solution_letters.min(9) {
            out.push(format!(
                "the solution letters sit in {} of the grid's ninths",
                self.solution_regions
            ));
        }
        if self.solution_blocks > 0 {
            out.push(format!(
                "{} runs of {SOLUTION_BLOCK} solution letters read as a block in the grid",
                self.solution_blocks
            ));
        }
        if self.emptiest_region < EMPTY_REGION {
            out.push(format!(
                "one ninth of the grid holds few words ({:.0} % of the average density)",
                self.emptiest_region * 100.0
            ));
        }
        out
    }
}

/// Solution letters side by side that give a piece of the solution away:
/// four (WÄLD of WÄLDER; three letters are too common to tell).
pub const SOLUTION_BLOCK: usize = 4;

/// How many runs of [`SOLUTION_BLOCK`] consecutive solution cells (in the
/// solution's order) lie side by side along one line of the grid — a
/// row, column or diagonal, one step apart each.
pub fn solution_blocks(cells: &[crate::model::Pos]) -> usize {
    let step = |a: &crate::model::Pos, b: &crate::model::Pos| {
        let (dr, dc) = (
            b.row as isize - a.row as isize,
            b.col as isize - a.col as isize,
        );
        (dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0)).then_some((dr, dc))
    };
    cells
        .windows(SOLUTION_BLOCK)
        .filter(|run| {
            let first = step(&run[0], &run[1]);
            first.is_some() && run.windows(2).all(|p| step(&p[0], &p[1]) == first)
        })
        .count()
}
