//! The app's questions and the paths it asks for: what waits for an
//! answer, which file a path is for, the modal dialog shown.

use crate::project::Project;
use std::path::PathBuf;

/// What waits for the unsaved-changes answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// A new project.
    New,
    /// Open this file, or ask for one.
    Open(Option<PathBuf>),
    /// Close the window.
    Quit,
}

/// What a typed or browsed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open a project.
    Open,
    /// Save the project under a new name.
    SaveAs,
    /// Write the print PDF.
    ExportPdf,
    /// Write the puzzle JSON.
    ExportJson,
    /// Import a words file into a vocabulary.
    Import(usize),
    /// A picture to trace the grid's shape from.
    TracePicture,
    /// A thesaurus to make a clue vocabulary from.
    Thesaurus,
    /// The series file of used answers (made if missing).
    Series,
    /// The last issue's puzzle JSON, whose key prints small on the page.
    PreviousKey,
}

impl PathPurpose {
    pub(super) fn title(self) -> &'static str {
        match self {
            PathPurpose::Open => "Open project",
            PathPurpose::SaveAs => "Save project as",
            PathPurpose::ExportPdf => "Export PDF",
            PathPurpose::ExportJson => "Export JSON",
            PathPurpose::Import(_) => {
                "Import words (text: WORD or WORD=clue per line; CSV: word,clue)"
            }
            PathPurpose::TracePicture => "Trace the shape from a picture (PNG or JPEG)",
            PathPurpose::Thesaurus => {
                "Import a thesaurus as clues (OpenThesaurus text: synonyms a;b;c per line)"
            }
            PathPurpose::Series => {
                "Series file: the answers of its puzzles, kept out of the next ones (made if missing)"
            }
            PathPurpose::PreviousKey => {
                "Last issue's puzzle (its JSON): its key prints small at the foot of the page"
            }
        }
    }

    pub(super) fn extension(self) -> (&'static str, &'static [&'static str]) {
        match self {
            PathPurpose::Open | PathPurpose::SaveAs => ("Gridpress project", &["ron"]),
            PathPurpose::ExportPdf => ("PDF", &["pdf"]),
            PathPurpose::ExportJson => ("Puzzle JSON", &["json"]),
            PathPurpose::Import(_) => ("Words", &["txt", "csv"]),
            PathPurpose::TracePicture => ("Picture", &["png", "jpg", "jpeg"]),
            PathPurpose::Thesaurus => ("Thesaurus", &["txt"]),
            PathPurpose::Series => ("Series", &["txt"]),
            PathPurpose::PreviousKey => ("Puzzle JSON", &["json"]),
        }
    }

    /// Whether writing replaces the file (asked first), as exports and
    /// Save As do; a series file is added to, never replaced.
    pub(super) fn replaces(self) -> bool {
        matches!(
            self,
            PathPurpose::SaveAs | PathPurpose::ExportPdf | PathPurpose::ExportJson
        )
    }

    pub(super) fn saves(self) -> bool {
        matches!(
            self,
            PathPurpose::SaveAs
                | PathPurpose::ExportPdf
                | PathPurpose::ExportJson
                | PathPurpose::Series
        )
    }
}

/// What the file dialog says before it writes over `path`.
pub(super) fn replace_question(path: &str) -> String {
    format!("{path} exists: Write again to replace it (its extra files too).")
}

/// A dialog over the window.
#[derive(Clone, Debug)]
pub enum Modal {
    /// Save, discard or cancel before `Pending`.
    Unsaved(Pending),
    /// Ask for a file.
    Path {
        /// What for.
        purpose: PathPurpose,
        /// The typed path.
        text: String,
        /// Why the last try failed.
        error: Option<String>,
    },
    /// A picture being traced into the grid's shape.
    Trace(Box<super::trace::Trace>),
    /// Version, licences and data sources.
    About,
    /// A previous session left unsaved work.
    Recover {
        /// The unsaved project.
        project: Box<Project>,
        /// The file it belonged to.
        origin: Option<PathBuf>,
    },
}
