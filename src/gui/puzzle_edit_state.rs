//! The edits of the shown puzzle and their undo trail: what the app
//! keeps of puzzle editing (the inspector is `puzzle_edit`).

use crate::generate::swedish::edit::EditLexicon;
use crate::model::{Puzzle, PuzzleSpec};
use std::collections::BTreeSet;
use std::sync::Arc;

/// An edit of the shown puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleEdit {
    /// Print this clue for word `.0`.
    Clue(usize, String),
    /// Replace word `.0`, filling its letters anew.
    Replace(usize),
    /// Lock or unlock word `.0` against replacements.
    Lock(usize, bool),
    /// Write word `.0`'s printed clue into its vocabulary entry, first.
    SaveClue(usize),
    /// Offer up to [`ALTERNATIVES`](super::puzzle_edit::ALTERNATIVES) replacements of word `.0` to pick from.
    Alternatives(usize),
    /// Take the offered replacement `.0`.
    PickAlternative(usize),
}

/// The inspector's state and the puzzle edits' undo stacks.
#[derive(Default)]
pub struct PuzzleEditState {
    /// The clue field: the word it belongs to and its text.
    pub(super) draft: Option<(usize, String)>,
    /// Why the typed clue was refused.
    pub(super) refusal: Option<String>,
    /// The request of the shown puzzles (or why it cannot be made), for
    /// the revision they were made at.
    pub(super) spec: Option<(u64, Result<Arc<PuzzleSpec>, String>)>,
    /// The answers indexed for replacements (or why they could not be),
    /// for the request of a revision.
    pub(super) lexicon: Option<(u64, Result<Arc<EditLexicon>, String>)>,
    /// Locked words of the shown puzzle.
    pub(super) locked: BTreeSet<usize>,
    /// Answers replaced in this puzzle: not used again.
    pub(super) replaced: Vec<String>,
    /// Replacements of a word offered to pick from.
    pub(super) alternatives: Option<(usize, Vec<crate::edit::Replaced>)>,
    /// Puzzles before each edit, and after each undone one.
    pub(super) undo: Vec<Vec<Puzzle>>,
    pub(super) redo: Vec<Vec<Puzzle>>,
}

impl PuzzleEditState {
    /// Keeps `puzzles` as the step before a change of the shown puzzles
    /// (an edit, a puzzle of a batch made anew).
    pub(super) fn before_change(&mut self, puzzles: &[Puzzle]) {
        self.undo.push(puzzles.to_vec());
        self.redo.clear();
    }

    /// Forgets what belonged to the puzzles shown before (new puzzles).
    pub fn reset(&mut self) {
        // The caches name the revision they belong to: kept.
        let (spec, lexicon) = (self.spec.take(), self.lexicon.take());
        *self = PuzzleEditState {
            spec,
            lexicon,
            ..PuzzleEditState::default()
        };
    }

    /// Forgets the locks and replaced answers of the puzzle shown before.
    pub fn shown_changed(&mut self) {
        self.locked.clear();
        self.replaced.clear();
        self.alternatives = None;
        self.draft = None;
    }

    /// Drops the redo steps (a new edit of the project).
    pub fn clear_redo(&mut self) {
        self.redo.clear();
    }

    /// Undoes (`back`) or redoes the last puzzle edit: swaps `puzzles`
    /// with the step and keeps them on the other stack.
    pub fn step(&mut self, back: bool, puzzles: &mut Vec<Puzzle>) -> bool {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(other) = from.pop() else {
            return false;
        };
        to.push(std::mem::replace(puzzles, other));
        self.draft = None;
        true
    }
}
