//! Outputs of generated puzzles: the puzzle JSON and the print files.

pub mod json;
pub mod outputs;
pub mod print;
