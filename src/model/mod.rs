//! Pure data: positions and directions, masks and shapes, words and
//! vocabularies, blacklists, the validated puzzle request and the puzzle.

pub mod blacklist;
pub mod clue_text;
pub mod geometry;
pub mod language;
pub mod lexicon;
pub mod mask;
pub mod puzzle;
pub mod quality;
pub mod shapes;
pub mod spec;
pub mod tags;
pub mod thesaurus;
pub mod vocabulary;
pub mod wiktionary;
pub mod word;
pub mod wordnet;

pub use blacklist::ExclusionGroup;
pub use geometry::{Direction, DirectionSet, Pos};
pub use mask::{CellKind, Mask};
pub use puzzle::{
    Arrow, Body, CUT_SHORT_NOTE, ClueCell, CluePointer, PlacedWord, Presentation, Puzzle,
    PuzzleKind, Report, Solution,
};
pub use quality::Quality;
pub use shapes::Shape;
pub use spec::{
    ClueFit, Difficulty, Language, PreassignedWord, PuzzleSpec, Rules, SpecVocabulary,
    SwedishRules, WordCount,
};
pub use tags::Tag;
pub use vocabulary::{Entry, Lines, Rejected, Vocabulary};
pub use word::{UmlautMode, Word};
