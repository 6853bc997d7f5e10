//! Gridpress: word puzzles for print.
//!
//! The pipeline runs one way:
//!
//! ```text
//! project (RON) → PuzzleSpec → generate → Puzzle → layout (pages in mm) → PDF / preview
//!                                                 ↘ JSON (export) / check (verify)
//! ```
//!
//! - [`model`]: positions, directions, masks and shapes, words, vocabularies,
//!   blacklists, the validated request ([`model::PuzzleSpec`]) and the result
//!   ([`model::Puzzle`]).
//! - [`generate`]: the deterministic, interruptible word-search generator.
//! - [`make`]: the one entry point, project → puzzles, for every kind.
//! - [`conflicts`]: a word search's must-use words that clash, found at once.
//! - [`edit`]: a finished puzzle edited (clues, replaced answers), verified.
//! - [`verify`]: the independent checker of every hard rule.
//! - [`project`]: project files (RON) with atomic saves, and the sample project.
//! - [`series`]: a series' memory of used answers, kept out of the next puzzles.
//! - [`export`]: the puzzle JSON of `docs/puzzle-json.md`.
//! - [`layout`]: page templates and the laid-out pages (items in mm).
//! - [`pdf`]: laid-out pages → print-ready PDF (the only printpdf user).
//! - [`cli`]: the command line.
//! - `gui` (feature `gui`, on by default): the desktop app.

pub mod cli;
pub mod conflicts;
pub mod edit;
pub mod error;
pub mod export;
pub mod generate;
#[cfg(feature = "gui")]
pub mod gui;
pub mod layout;
pub mod make;
pub mod model;
pub mod pdf;
pub mod project;
pub mod series;
pub mod verify;

pub use error::{GenerateError, InputError};
