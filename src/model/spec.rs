//! The validated input of one generation: everything the generator reads.

use super::geometry::{Direction, DirectionSet, Pos};
use super::mask::Mask;
use super::vocabulary::Lines;
use super::word::Word;
use serde::{Deserialize, Serialize};

/// Limits on how words share cells (RQ.G.02, RQ.G.07).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// A cell is used by at most this many words (1..=4). [default: 2]
    pub max_words_per_cell: u8,
    /// A word is overlapped on at most this share of its letters. [default: 1/3]
    pub max_overlap_fraction: f64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_words_per_cell: 2,
            max_overlap_fraction: 0.3334,
        }
    }
}

impl Rules {
    /// How many letters of an `len`-letter word may be shared with others.
    pub fn max_overlaps(&self, len: usize) -> usize {
        if self.max_words_per_cell <= 1 {
            return 0;
        }
        ((len as f64) * self.max_overlap_fraction + 1e-9).floor() as usize
    }
}

/// The language whose letter frequencies the filler follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Language {
    /// English letter frequencies.
    #[default]
    English,
    /// German letter frequencies.
    German,
    /// Frequencies counted from the vocabularies themselves.
    FromVocabulary,
}

/// Difficulty presets (PRODUCT.md §3): which directions words run in and
/// whether the filler is made of the hidden words' letters (decoys).
/// Easy pairs well with the large-print template; the measured difficulty
/// is in every puzzle's report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// Forward across and down.
    Easy,
    /// Plus the two forward diagonals.
    Medium,
    /// All eight directions, decoy filler.
    Hard,
}

impl Difficulty {
    /// Every preset, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// `Easy`, `Medium`, `Hard`, for buttons.
    pub fn label(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
        }
    }

    /// The preset named `name` (case-insensitive).
    pub fn parse(name: &str) -> Result<Self, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("difficulty {name:?}: use easy, medium or hard"))
    }

    /// The directions words run in.
    pub fn directions(self) -> DirectionSet {
        let set = DirectionSet::empty().with(Direction::E).with(Direction::S);
        match self {
            Difficulty::Easy => set,
            Difficulty::Medium => set.with(Direction::SE).with(Direction::NE),
            Difficulty::Hard => DirectionSet::ALL,
        }
    }

    /// Whether the filler is drawn from the hidden words' letters.
    pub fn decoy_filler(self) -> bool {
        self == Difficulty::Hard
    }

    /// The preset these settings match, if any.
    pub fn matching(directions: DirectionSet, decoy_filler: bool) -> Option<Self> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.directions() == directions && d.decoy_filler() == decoy_filler)
    }
}

/// A vocabulary after normalisation.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecVocabulary {
    /// Its name, for the JSON `vocabulary` field.
    pub name: String,
    /// Every word must be placed.
    pub must_use: bool,
    /// The valid words in the editor's order.
    pub words: Vec<Word>,
    /// Word rectangles: rows, columns or both.
    pub lines: Lines,
}

/// A word fixed at a position by the editor (RQ.A.02).
#[derive(Clone, Debug, PartialEq)]
pub struct PreassignedWord {
    /// The word.
    pub word: Word,
    /// Its first letter's cell.
    pub start: Pos,
    /// Its reading direction.
    pub direction: Direction,
}

/// What the generator is asked to build.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleSpec {
    /// Shape and restricted areas.
    pub mask: Mask,
    /// Directions words may run in.
    pub directions: DirectionSet,
    /// Vocabularies, highest priority first.
    pub vocabularies: Vec<SpecVocabulary>,
    /// Total number of words to place, drawing from the non-must-use
    /// vocabularies; `None`: exactly the must-use words.
    pub pick: Option<usize>,
    /// Solution word for the leftover cells.
    pub solution: Option<Word>,
    /// Sharing limits.
    pub rules: Rules,
    /// Letters fixed at cells.
    pub letters: Vec<(Pos, char)>,
    /// Words fixed at positions (always part of the word list).
    pub preassigned_words: Vec<PreassignedWord>,
    /// At most one word of each group (grid letters).
    pub exclusion_groups: Vec<Vec<Vec<char>>>,
    /// Words that must appear nowhere in the grid (grid letters).
    pub banned: Vec<Vec<char>>,
    /// Filler letter frequencies.
    pub language: Language,
    /// Filler drawn from the hidden words' letters, first letters weighing
    /// most, so that false starts (decoys) appear around the grid.
    pub decoy_filler: bool,
}

impl PuzzleSpec {
    /// A spec with default rules: the given mask and vocabularies, all directions.
    pub fn new(mask: Mask, vocabularies: Vec<SpecVocabulary>) -> Self {
        PuzzleSpec {
            mask,
            directions: DirectionSet::ALL,
            vocabularies,
            pick: None,
            solution: None,
            rules: Rules::default(),
            letters: Vec::new(),
            preassigned_words: Vec::new(),
            exclusion_groups: Vec::new(),
            banned: Vec::new(),
            language: Language::English,
            decoy_filler: false,
        }
    }
}
