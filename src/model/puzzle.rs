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
    /// The clue printed for it (Swedish puzzles; `None` for hidden words).
    pub clue: Option<String>,
    /// The clue was typed by the editor, not taken from the vocabulary.
    pub clue_edited: bool,
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
    /// Letters of each word of the solution as printed ("Bunt sind schon
    /// die Wälder": 4, 4, 5, 3, 6): the solution strip leaves a gap
    /// between them. One group for a single word.
    pub groups: Vec<usize>,
}

impl Solution {
    /// The solution's letters with a space between its words
    /// ("BUNT SIND SCHON DIE WÄLDER").
    pub fn spaced(&self) -> String {
        let letters: Vec<char> = self.word.chars().collect();
        if self.groups.iter().sum::<usize>() != letters.len() {
            return self.word.clone();
        }
        let mut out = String::new();
        let mut at = 0;
        for &n in &self.groups {
            if at > 0 {
                out.push(' ');
            }
            out.extend(&letters[at..at + n]);
            at += n;
        }
        out
    }
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
    /// The clock, not the work budget, ended a search of this run: a
    /// machine far slower than the work rate assumes (or far busier). The
    /// same seed may give another puzzle on another run.
    pub cut_short: bool,
}

/// What a result cut short by the clock says, in notes, warnings and the
/// app.
pub const CUT_SHORT_NOTE: &str = "cut short by the time limit: another run may differ (this machine is far slower or busier than the work rate assumes; allow more time for a reproducible result)";

/// Where a clue's answer starts, seen from its clue cell, and which way it
/// runs: straight arrows point at the neighbour the answer starts in, bent
/// ones start there and turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrow {
    /// Starts in the cell to the right, runs across.
    Right,
    /// Starts in the cell below, runs down.
    Down,
    /// Starts in the cell below, runs across (bent).
    DownThenRight,
    /// Starts in the cell to the right, runs down (bent).
    RightThenDown,
}

impl Arrow {
    /// Every arrow, in JSON order.
    pub const ALL: [Arrow; 4] = [
        Arrow::Right,
        Arrow::Down,
        Arrow::DownThenRight,
        Arrow::RightThenDown,
    ];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Arrow::Right => "right",
            Arrow::Down => "down",
            Arrow::DownThenRight => "down_then_right",
            Arrow::RightThenDown => "right_then_down",
        }
    }

    /// The cell the answer starts in, from the clue cell at `clue`.
    pub fn start(self, clue: Pos) -> Pos {
        match self {
            Arrow::Right | Arrow::RightThenDown => Pos::new(clue.row, clue.col + 1),
            Arrow::Down | Arrow::DownThenRight => Pos::new(clue.row + 1, clue.col),
        }
    }

    /// The direction the answer reads.
    pub fn direction(self) -> Direction {
        match self {
            Arrow::Right | Arrow::DownThenRight => Direction::E,
            Arrow::Down | Arrow::RightThenDown => Direction::S,
        }
    }
}

/// One clue in a clue cell: the word it asks for (index into
/// `Puzzle::words`) and its arrow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CluePointer {
    /// Index of the answer in `Puzzle::words`.
    pub word: usize,
    /// Where the answer starts and runs.
    pub arrow: Arrow,
}

/// A cell that holds clues instead of a letter (Swedish puzzles): one or
/// two clues, split by a line when two; none in the corner cell and in the
/// cells that frame a picture area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClueCell {
    /// The cell.
    pub pos: Pos,
    /// Its clues, top one first.
    pub clues: Vec<CluePointer>,
}

/// What only one kind of puzzle has: the part of a puzzle matched
/// exhaustively wherever kinds differ.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// Words hidden in a letter grid, sharing cells within `rules`.
    WordSearch {
        /// Limits it was generated under.
        rules: Rules,
        /// The solution word in the leftover letters, if any.
        solution: Option<Solution>,
    },
    /// A block whose every row and column is a word.
    WordRectangle,
    /// Clue cells in the grid, arrows to the answers (Schwedenrätsel).
    Swedish {
        /// The clue cells, row by row.
        clue_cells: Vec<ClueCell>,
        /// The solution word from numbered letter cells, if any.
        solution: Option<Solution>,
    },
}

impl Body {
    /// The kind this body belongs to.
    pub fn kind(&self) -> PuzzleKind {
        match self {
            Body::WordSearch { .. } => PuzzleKind::WordSearch,
            Body::WordRectangle => PuzzleKind::WordRectangle,
            Body::Swedish { .. } => PuzzleKind::Swedish,
        }
    }
}

/// The type of a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PuzzleKind {
    /// Words hidden in a letter grid.
    #[default]
    WordSearch,
    /// A block whose every row and column is a word (printed as a fill-in).
    WordRectangle,
    /// Clues in cells of the grid, arrows to the answers (Schwedenrätsel).
    Swedish,
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
    /// Clue cells with arrows in the grid, empty letter cells, no list;
    /// the key fills in the letters.
    CluesInGrid,
}

impl PuzzleKind {
    /// Every kind, in the order the app offers them.
    pub const ALL: [PuzzleKind; 3] = [
        PuzzleKind::WordSearch,
        PuzzleKind::WordRectangle,
        PuzzleKind::Swedish,
    ];

    /// The JSON name (`word_search`, `word_rectangle`, `swedish`).
    pub fn json_name(self) -> &'static str {
        match self {
            PuzzleKind::WordSearch => "word_search",
            PuzzleKind::WordRectangle => "word_rectangle",
            PuzzleKind::Swedish => "swedish",
        }
    }

    /// For the app and messages.
    pub fn label(self) -> &'static str {
        match self {
            PuzzleKind::WordSearch => "Word search",
            PuzzleKind::WordRectangle => "Word rectangle",
            PuzzleKind::Swedish => "Swedish (arrow-word)",
        }
    }

    /// "a word search", for messages.
    pub fn with_article(self) -> &'static str {
        match self {
            PuzzleKind::WordSearch => "a word search",
            PuzzleKind::WordRectangle => "a word rectangle",
            PuzzleKind::Swedish => "a Swedish puzzle",
        }
    }

    /// How its page presents words and key.
    pub const fn presentation(self) -> Presentation {
        match self {
            PuzzleKind::WordSearch => Presentation::HiddenWords,
            PuzzleKind::WordRectangle => Presentation::FillIn,
            PuzzleKind::Swedish => Presentation::CluesInGrid,
        }
    }

    /// Whether `verify::quality` measures it (bundles, crossings, decoys,
    /// spread): a word search's layout is a choice, a rectangle's is not.
    pub const fn has_layout_quality(self) -> bool {
        match self {
            PuzzleKind::WordSearch => true,
            PuzzleKind::WordRectangle | PuzzleKind::Swedish => false,
        }
    }
}

/// A finished puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Shape and restricted areas.
    pub mask: Mask,
    /// The directions words may run in (across and down for fill-ins).
    pub directions: DirectionSet,
    /// The seed it was generated with.
    pub seed: u64,
    /// Letters, row by row; `None` on non-playable cells and clue cells.
    pub grid: Vec<Vec<Option<char>>>,
    /// The words in placement order.
    pub words: Vec<PlacedWord>,
    /// What only its kind has.
    pub body: Body,
    /// Measurements and relaxations.
    pub report: Report,
}

impl Puzzle {
    /// Whether every word has a clue (a fill-in then prints clues instead
    /// of its words).
    pub fn every_word_clued(&self) -> bool {
        !self.words.is_empty() && self.words.iter().all(|w| w.clue.is_some())
    }

    /// Word search, word rectangle or Swedish.
    pub fn kind(&self) -> PuzzleKind {
        self.body.kind()
    }

    /// The solution word, if its kind has one and it was kept.
    pub fn solution(&self) -> Option<&Solution> {
        match &self.body {
            Body::WordSearch { solution, .. } | Body::Swedish { solution, .. } => solution.as_ref(),
            Body::WordRectangle => None,
        }
    }

    /// Where its kind keeps the solution word (`None` for kinds without
    /// one), to set or change it.
    pub fn solution_slot(&mut self) -> Option<&mut Option<Solution>> {
        match &mut self.body {
            Body::WordSearch { solution, .. } | Body::Swedish { solution, .. } => Some(solution),
            Body::WordRectangle => None,
        }
    }

    /// The clue cells (empty but for Swedish puzzles).
    pub fn clue_cells(&self) -> &[ClueCell] {
        match &self.body {
            Body::Swedish { clue_cells, .. } => clue_cells,
            Body::WordSearch { .. } | Body::WordRectangle => &[],
        }
    }

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
