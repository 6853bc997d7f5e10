//! Every change the editors make to a project, as one command type: panels
//! emit edits, the app applies them (and records undo) in one place.

use crate::model::vocabulary::Entry;
use crate::model::{CellKind, ExclusionGroup, Language, Lines, Mask, Pos, Vocabulary};
use crate::project::{GeneratorSettings, PresetLetter, PresetWord, Project, Rect};

/// One change to the project.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// The project's name (the puzzle title).
    Rename(String),
    /// The series whose used answers are kept out (or none).
    Series(Option<crate::project::SeriesSettings>),
    /// The number printed before the first puzzle's title (or none).
    FirstNumber(Option<usize>),
    /// The page one layout-program column this wide (mm), or the template's.
    ColumnWidth(Option<f32>),
    /// The last issue's puzzle JSON, whose key prints small on the page.
    PreviousKey(Option<std::path::PathBuf>),
    /// Filler letter frequencies.
    Language(Language),
    /// Umlauts kept or written out.
    Umlauts(crate::project::UmlautSetting),
    /// The page template.
    Template(String),
    /// The PDF/X standard of exports (`None`: the template's).
    PdfStandard(Option<crate::layout::template::PdfStandard>),
    /// Where the word list goes (`None`: the template's place).
    WordList(Option<crate::layout::template::ListPosition>),
    /// A new, empty vocabulary at the end (lowest priority).
    AddVocabulary(String),
    /// Removes a vocabulary.
    RemoveVocabulary(usize),
    /// Renames a vocabulary.
    RenameVocabulary(usize, String),
    /// Moves a vocabulary one step up (higher priority).
    RaiseVocabulary(usize),
    /// Every word of the vocabulary must be placed, or words are drawn from it.
    MustUse(usize, bool),
    /// Where a vocabulary's words go in word rectangles.
    RectangleLines(usize, Lines),
    /// Adds entries to a vocabulary.
    AddEntries(usize, Vec<Entry>),
    /// Replaces one entry.
    SetEntry(usize, usize, Entry),
    /// Deletes entries (indices into the vocabulary).
    DeleteEntries(usize, Vec<usize>),
    /// Grid size (columns, rows): painted cells cropped or extended, ad
    /// areas clipped.
    Size(usize, usize),
    /// A built-in shape; painted cells are dropped.
    Shape(String),
    /// The whole shape as rows of `.`, `#`, `x` (a traced picture).
    Cells(Vec<String>),
    /// Paints cells.
    Paint(Vec<Pos>, CellKind),
    /// Adds a restricted rectangle.
    AddRestricted(Rect),
    /// Moves or resizes a restricted rectangle.
    SetRestricted(usize, Rect),
    /// Deletes a restricted rectangle.
    RemoveRestricted(usize),
    /// Sets (or with an empty letter, clears) a pre-assigned letter.
    Letter(Pos, String),
    /// Adds a pre-assigned word.
    AddPresetWord(PresetWord),
    /// Removes a pre-assigned word.
    RemovePresetWord(usize),
    /// Generator settings.
    Settings(GeneratorSettings),
    /// Adds an exclusion group.
    AddGroup(ExclusionGroup),
    /// Replaces an exclusion group.
    SetGroup(usize, ExclusionGroup),
    /// Removes an exclusion group.
    RemoveGroup(usize),
    /// The project's own offensive words (added to the built-in lists).
    OffensiveWords(Vec<String>),
}

impl Edit {
    /// A key for coalescing: consecutive edits with the same key within a
    /// moment (typing, a paint stroke) become one undo step.
    pub fn merge_key(&self) -> Option<String> {
        match self {
            Edit::Rename(_) => Some("rename".into()),
            Edit::RenameVocabulary(i, _) => Some(format!("vocabulary name {i}")),
            Edit::Settings(_) => Some("settings".into()),
            Edit::ColumnWidth(Some(_)) => Some("column width".into()),
            Edit::Paint(_, kind) => Some(format!("paint {kind:?}")),
            Edit::SetEntry(v, e, _) => Some(format!("entry {v} {e}")),
            Edit::SetRestricted(i, _) => Some(format!("restricted {i}")),
            _ => None,
        }
    }

    /// Applies the edit; an index out of range (a stale edit) changes nothing.
    /// One piece because it is one match arm per kind of edit, each a few
    /// lines: split, the arms would only move away from the enum they
    /// match.
    pub fn apply(self, project: &mut Project) {
        let vocabularies = &mut project.vocabularies;
        match self {
            Edit::Rename(name) => project.name = name,
            Edit::Series(series) => project.series = series,
            Edit::FirstNumber(number) => project.first_number = number,
            Edit::ColumnWidth(width) => project.column_width = width,
            Edit::PreviousKey(path) => project.previous_key = path,
            Edit::Language(language) => project.language = language,
            Edit::Umlauts(mode) => project.umlauts = mode,
            Edit::Template(name) => project.template = Some(name),
            Edit::PdfStandard(standard) => project.pdf_standard = standard,
            Edit::WordList(position) => project.word_list = position,
            Edit::AddVocabulary(name) => vocabularies.push(Vocabulary {
                name,
                must_use: false,
                entries: Vec::new(),
                lines: Lines::Both,
            }),
            Edit::RemoveVocabulary(i) if i < vocabularies.len() => {
                vocabularies.remove(i);
            }
            Edit::RenameVocabulary(i, name) => {
                if let Some(v) = vocabularies.get_mut(i) {
                    v.name = name;
                }
            }
            Edit::RaiseVocabulary(i) if i > 0 && i < vocabularies.len() => {
                vocabularies.swap(i - 1, i)
            }
            Edit::MustUse(i, must) => {
                if let Some(v) = vocabularies.get_mut(i) {
                    v.must_use = must;
                }
            }
            Edit::RectangleLines(i, lines) => {
                if let Some(v) = vocabularies.get_mut(i) {
                    v.lines = lines;
                }
            }
            Edit::AddEntries(i, entries) => {
                if let Some(v) = vocabularies.get_mut(i) {
                    v.entries.extend(entries);
                }
            }
            Edit::SetEntry(i, e, entry) => {
                if let Some(slot) = vocabularies.get_mut(i).and_then(|v| v.entries.get_mut(e)) {
                    *slot = entry;
                }
            }
            Edit::DeleteEntries(i, mut indices) => {
                if let Some(v) = vocabularies.get_mut(i) {
                    indices.sort_unstable();
                    indices.dedup();
                    let len = v.entries.len();
                    for e in indices.into_iter().rev().filter(|e| *e < len) {
                        v.entries.remove(e);
                    }
                }
            }
            Edit::Size(width, height) => resize(project, width, height),
            Edit::Shape(name) => {
                project.grid.shape = name;
                project.grid.cells = None;
            }
            Edit::Cells(rows) => {
                project.grid.height = rows.len();
                project.grid.width = rows.first().map_or(0, |r| r.chars().count());
                project.grid.cells = Some(rows);
            }
            Edit::Paint(cells, kind) => paint(project, &cells, kind),
            Edit::AddRestricted(rect) => project.grid.restricted.push(rect),
            Edit::SetRestricted(i, rect) => {
                if let Some(slot) = project.grid.restricted.get_mut(i) {
                    *slot = rect;
                }
            }
            Edit::RemoveRestricted(i) if i < project.grid.restricted.len() => {
                project.grid.restricted.remove(i);
            }
            Edit::Letter(pos, letter) => {
                project
                    .letters
                    .retain(|l| (l.row, l.col) != (pos.row, pos.col));
                if !letter.trim().is_empty() {
                    project.letters.push(PresetLetter {
                        row: pos.row,
                        col: pos.col,
                        letter: letter.trim().to_string(),
                    });
                }
            }
            Edit::AddPresetWord(word) => project.preassigned_words.push(word),
            Edit::RemovePresetWord(i) if i < project.preassigned_words.len() => {
                project.preassigned_words.remove(i);
            }
            Edit::Settings(settings) => project.generator = settings,
            Edit::AddGroup(group) => project.exclusion_groups.push(group),
            Edit::SetGroup(i, group) => {
                if let Some(slot) = project.exclusion_groups.get_mut(i) {
                    *slot = group;
                }
            }
            Edit::RemoveGroup(i) if i < project.exclusion_groups.len() => {
                project.exclusion_groups.remove(i);
            }
            Edit::OffensiveWords(words) => project.offensive_words = words,
            _ => {}
        }
    }
}

/// The project's mask as painted cells (the shape, then the edits), without
/// the restricted rectangles, which stay a separate list.
pub fn base_mask(project: &Project) -> Option<Mask> {
    let grid = &project.grid;
    match &grid.cells {
        Some(rows) => Mask::parse(&rows.join("\n"), "painted cells").ok(),
        None => crate::model::Shape::from_name(&grid.shape)?
            .mask(grid.width, grid.height)
            .ok(),
    }
}

fn paint(project: &mut Project, cells: &[Pos], kind: CellKind) {
    let Some(mut mask) = base_mask(project) else {
        return;
    };
    for &pos in cells {
        if pos.row < mask.height() && pos.col < mask.width() {
            mask.set(pos, kind);
        }
    }
    project.grid.cells = Some(mask.to_rows());
}

/// A new grid size that keeps what was drawn: painted cells cropped or
/// extended with playable cells, ad areas clipped to the grid (dropped
/// only when nothing of them is left), pre-assigned letters outside it
/// dropped (they would be refused).
fn resize(project: &mut Project, width: usize, height: usize) {
    let grid = &mut project.grid;
    if let Some(rows) = &mut grid.cells {
        rows.truncate(height);
        for row in rows.iter_mut() {
            let mut cells: Vec<char> = row.chars().take(width).collect();
            cells.resize(width, '.');
            *row = cells.into_iter().collect();
        }
        rows.resize(height, ".".repeat(width));
    }
    grid.width = width;
    grid.height = height;
    grid.restricted.retain_mut(|r| {
        r.width = r.width.min(width.saturating_sub(r.col));
        r.height = r.height.min(height.saturating_sub(r.row));
        r.width > 0 && r.height > 0
    });
    project.letters.retain(|l| l.row < height && l.col < width);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn painting_turns_the_shape_into_cells_and_keeps_the_size() {
        let mut project = Project::sample();
        Edit::Paint(vec![Pos::new(0, 0)], CellKind::Outside).apply(&mut project);
        let rows = project.grid.cells.clone().unwrap();
        assert_eq!(rows.len(), project.grid.height);
        assert!(rows[0].starts_with('#') && rows[1].starts_with('.'));
        // Resizing keeps the painting (issue 15: it was dropped silently).
        Edit::Size(10, 9).apply(&mut project);
        let rows = project.grid.cells.clone().unwrap();
        assert_eq!((project.grid.width, project.grid.height), (10, 9));
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(|r| r.chars().count() == 10));
        assert!(rows[0].starts_with('#'));
        Edit::Size(12, 11).apply(&mut project);
        let rows = project.grid.cells.clone().unwrap();
        assert!(rows[0].starts_with('#') && rows[0].ends_with(".."));
        assert_eq!(rows[10], "............");
    }

    #[test]
    fn resizing_clips_ad_areas_and_drops_only_what_falls_outside() {
        let mut project = Project::sample();
        project.grid.restricted = vec![
            Rect {
                col: 2,
                row: 2,
                width: 4,
                height: 3,
            },
            Rect {
                col: 12,
                row: 12,
                width: 2,
                height: 2,
            },
        ];
        project.letters = vec![
            PresetLetter {
                row: 1,
                col: 1,
                letter: "A".into(),
            },
            PresetLetter {
                row: 9,
                col: 9,
                letter: "B".into(),
            },
        ];
        Edit::Size(5, 8).apply(&mut project);
        assert_eq!(
            project.grid.restricted,
            vec![Rect {
                col: 2,
                row: 2,
                width: 3,
                height: 3
            }]
        );
        assert_eq!(project.letters.len(), 1);
    }

    #[test]
    fn stale_indices_change_nothing() {
        let mut project = Project::sample();
        let before = project.clone();
        Edit::RemoveVocabulary(9).apply(&mut project);
        Edit::DeleteEntries(0, vec![10_000]).apply(&mut project);
        Edit::RaiseVocabulary(0).apply(&mut project);
        assert_eq!(project, before);
    }
}
