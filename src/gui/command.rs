//! What a panel asks the app to do: panels return commands, the app
//! applies them in one place.

use super::edit::Edit;

/// Something a panel asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Change the project (undoable).
    Edit(Edit),
    /// Start generating.
    Generate,
    /// Stop the running generation.
    Cancel,
    /// Import a words file into a vocabulary (asks for the file).
    Import(usize),
    /// Trace the grid's shape from a picture (asks for the file).
    TracePicture,
    /// Highlight a placed word in the preview (or none).
    Highlight(Option<usize>),
    /// Show another puzzle of the batch.
    ShowPuzzle(usize),
    /// Edit the shown puzzle (a clue, a replacement, a lock).
    EditPuzzle(super::puzzle_edit_state::PuzzleEdit),
    /// Choose the series file (asks for the file).
    ChooseSeries,
    /// Ask for the last issue's puzzle JSON.
    ChoosePreviousKey,
    /// Make the shown puzzle of a batch anew, the others kept.
    RemakeShown,
}
