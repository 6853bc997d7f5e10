//! A generated puzzle: the letters, where each word lies, and the report.

use super::geometry::{Direction, DirectionSet, Pos};
use super::mask::Mask;
use super::quality::Quality;
use super::spec::Rules;

/// A hidden word and where it lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedWord {
    /// Grid letters.
    pub word: String,
    /// As printed in the word list.
    pub display: String,
    /// First letter's cell.
    pub start: Pos,
    /// Reading direction.
    pub direction: Direction,
    /// Name of the vocabulary it came from.
    pub vocabulary: String,
}

impl PlacedWord {
    /// The cells of the word, first letter first.
    pub fn cells(&self) -> Vec<Pos> {
        let (dr, dc) = self.direction.delta();
        (0..self.word.chars().count() as isize)
            .map(|i| {
                Pos::new(
                    (self.start.row as isize + dr * i) as usize,
                    (self.start.col as isize + dc * i) as usize,
                )
            })
            .collect()
    }
}

/// The solution word and its cells in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Grid letters of the solution.
    pub word: String,
    /// The free cells spelling it, top-left to bottom-right.
    pub cells: Vec<Pos>,
}

/// What the generator measured and what it relaxed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Report {
    /// Human-readable relaxations; empty when the request was met in full.
    pub relaxed: Vec<String>,
    /// Share of playable cells covered by words.
    pub density: f64,
    /// Vocabulary words of 5+ letters readable in the grid by accident.
    pub accidental_words: Vec<String>,
    /// Words per direction, in contract order.
    pub direction_counts: Vec<(Direction, usize)>,
    /// Search nodes visited.
    pub nodes: u64,
    /// Search restarts.
    pub restarts: u32,
    /// Other remarks (words skipped from pick vocabularies, and why).
    pub notes: Vec<String>,
    /// The quality goals, measured on the finished puzzle.
    pub quality: Quality,
    /// The word count asked for (`None`: exactly the must-use words).
    pub words_asked: Option<crate::model::WordCount>,
    /// Must-use words left out (grid letters), each also named in
    /// `relaxed`: the one list `verify_against` excuses.
    pub unplaced: Vec<String>,
}

/// The type of a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PuzzleKind {
    /// Words hidden in a letter grid.
    #[default]
    WordSearch,
    /// A block whose every row and column is a word (printed as a fill-in).
    WordRectangle,
}

/// How a kind's page shows its words and its key: what layout, export and
/// the app ask of a kind, answered once per kind by exhaustive matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presentation {
    /// Letters printed, words listed alphabetically; the key rings them.
    HiddenWords,
    /// Empty cells, words listed by direction (Across/Down); the key
    /// fills in the letters.
    FillIn,
}

impl PuzzleKind {
    /// Every kind, in the order the app offers them.
    pub const ALL: [PuzzleKind; 2] = [PuzzleKind::WordSearch, PuzzleKind::WordRectangle];

    /// The JSON name (`word_search`, `word_rectangle`).
    pub fn json_name(self) -> &'static str {
        match self {
            PuzzleKind::WordSearch => "word_search",
            PuzzleKind::WordRectangle => "word_rectangle",
        }
    }

    /// How its page presents words and key.
    pub const fn presentation(self) -> Presentation {
        match self {
            PuzzleKind::WordSearch => Presentation::HiddenWords,
            PuzzleKind::WordRectangle => Presentation::FillIn,
        }
    }

    /// Whether `verify::quality` measures it (bundles, crossings, decoys,
    /// spread): a word search's layout is a choice, a rectangle's is not.
    pub const fn has_layout_quality(self) -> bool {
        match self {
            PuzzleKind::WordSearch => true,
            PuzzleKind::WordRectangle => false,
        }
    }
}

/// A finished puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Word search or word rectangle.
    pub kind: PuzzleKind,
    /// Shape and restricted areas.
    pub mask: Mask,
    /// The enabled directions it was generated for.
    pub directions: DirectionSet,
    /// The seed it was generated with.
    pub seed: u64,
    /// Letters, row by row; `None` on non-playable cells.
    pub grid: Vec<Vec<Option<char>>>,
    /// Hidden words in placement order.
    pub words: Vec<PlacedWord>,
    /// The solution word, if any.
    pub solution: Option<Solution>,
    /// Limits it was generated under.
    pub rules: Rules,
    /// Measurements and relaxations.
    pub report: Report,
}

impl Puzzle {
    /// Columns.
    pub fn width(&self) -> usize {
        self.mask.width()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.mask.height()
    }

    /// The letter at `pos`.
    pub fn letter(&self, pos: Pos) -> Option<char> {
        self.grid.get(pos.row)?.get(pos.col).copied().flatten()
    }

    /// The grid as text, one row per line, `·` for non-playable cells.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in &self.grid {
            let line: Vec<String> = row
                .iter()
                .map(|c| c.map_or("·".to_string(), |c| c.to_string()))
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}
