//! Non-PDF outputs of a puzzle.

pub mod json;
