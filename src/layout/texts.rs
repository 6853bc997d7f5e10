//! Page text in the puzzle's language: instructions, labels and headings,
//! one RON file per language (`templates/lang/*.ron`, built in). A new
//! language is a new file and a new [`PageLanguage`] variant.

use crate::model::DirectionSet;
use crate::model::{Direction, Language, Puzzle, PuzzleKind};
use serde::Deserialize;
use std::sync::OnceLock;

/// The language page text is printed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PageLanguage {
    /// English.
    #[default]
    English,
    /// German.
    German,
}

impl PageLanguage {
    /// Every language with a text file.
    pub const ALL: [PageLanguage; 2] = [PageLanguage::English, PageLanguage::German];

    /// The page language of a project's language (letters counted from the
    /// vocabularies print in English).
    pub fn of(language: Language) -> PageLanguage {
        match language {
            Language::German => PageLanguage::German,
            Language::English | Language::FromVocabulary => PageLanguage::English,
        }
    }

    fn source(self) -> (&'static str, &'static str) {
        match self {
            PageLanguage::English => ("lang/en.ron", include_str!("../../templates/lang/en.ron")),
            PageLanguage::German => ("lang/de.ron", include_str!("../../templates/lang/de.ron")),
        }
    }

    /// This language's page text (parsed once per process).
    pub fn texts(self) -> &'static PageTexts {
        static TEXTS: [OnceLock<PageTexts>; 2] = [OnceLock::new(), OnceLock::new()];
        TEXTS[self as usize].get_or_init(|| {
            let (name, text) = self.source();
            ron::from_str(text).unwrap_or_else(|e| panic!("built-in {name}: {e}"))
        })
    }
}

/// How a page addresses its solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub enum Register {
    /// German "Sie": magazines for adults.
    #[default]
    Formal,
    /// German "du": children's pages.
    Informal,
}

/// The instructions that address the solver, said informally (German
/// "du"); a language without the distinction has none.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Informal {
    /// See [`PageTexts::rectangle_clued`].
    pub rectangle_clued: String,
    /// See [`PageTexts::swedish`].
    pub swedish: String,
    /// See [`PageTexts::find`].
    pub find: String,
    /// See [`PageTexts::rectangle`].
    pub rectangle: String,
}

/// Every piece of text a page prints besides the puzzle's own words.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageTexts {
    /// The title of a word search when the project names none.
    pub word_search_title: String,
    /// The title of a word rectangle when the project names none.
    pub word_rectangle_title: String,
    /// The instruction of a word rectangle printed with clues.
    pub rectangle_clued: String,
    /// The title of a Swedish puzzle when the project names none.
    pub swedish_title: String,
    /// The instruction of a Swedish puzzle.
    pub swedish: String,
    /// Added when its numbered cells spell a solution word.
    pub swedish_solution_hint: String,
    /// Added when answers with umlauts or ß are written out in the grid.
    pub umlauts_written_out: String,
    /// After the instructions when the grid keeps umlauts as one cell
    /// (or a word has ß, which every grid writes SS).
    pub umlauts_kept: String,
    /// The difficulty sentence (templates with `show_difficulty`):
    /// `{level}` is one of `easy`, `medium`, `hard` below.
    pub difficulty: String,
    /// See `difficulty`.
    pub easy: String,
    /// See `difficulty`.
    pub medium: String,
    /// See `difficulty`.
    pub hard: String,
    /// The instruction: `{count}` words, running `{ways}`.
    pub find: String,
    /// `{ways}` when all eight directions are enabled.
    pub all_directions: String,
    /// `{ways}` parts: along rows, along columns, along diagonals.
    pub across: String,
    /// See `across`.
    pub down: String,
    /// See `across`.
    pub diagonally: String,
    /// Joins the last two parts.
    pub and: String,
    /// Appended when some enabled direction reads backwards.
    pub some_backwards: String,
    /// The sentence added when a solution word is hidden.
    pub solution_hint: String,
    /// The instruction of a word rectangle.
    pub rectangle: String,
    /// The instructions said informally, for templates that say "du".
    #[serde(default)]
    pub informal: Option<Informal>,
    /// Before the solution boxes.
    pub solution_label: String,
    /// Heading of answer-key pages.
    pub key_heading: String,
    /// Label of the last issue's key printed small on a puzzle page.
    pub previous_key: String,
    /// Word-rectangle list headings (square blocks).
    pub across_heading: String,
    /// See `across_heading`.
    pub down_heading: String,
    /// Word-rectangle list heading by length: `{count}` letters.
    pub letters_heading: String,
}

/// How the grid writes umlauts and ß, when the words have any: written
/// out (AE, OE, UE, SS; the solver must be told) or kept as one cell (ß
/// still SS).
#[derive(Clone, Copy, PartialEq, Eq)]
enum UmlautNote {
    WrittenOut,
    Kept,
}

fn umlaut_note(puzzle: &Puzzle) -> Option<UmlautNote> {
    let grid_umlauts = puzzle
        .grid
        .iter()
        .flatten()
        .flatten()
        .any(|c| "ÄÖÜ".contains(*c));
    let printed = |letters: &str| {
        puzzle
            .words
            .iter()
            .any(|w| w.display.chars().any(|c| letters.contains(c)))
    };
    if grid_umlauts {
        Some(UmlautNote::Kept)
    } else if printed("äöüÄÖÜßẞ") {
        Some(UmlautNote::WrittenOut)
    } else {
        None
    }
}

impl PageTexts {
    /// "Difficulty: easy." for a puzzle whose difficulty is measured: a
    /// word search's from its report, a clued puzzle's from its answers
    /// and clues (`verify::clues`).
    pub fn difficulty(&self, puzzle: &Puzzle) -> Option<String> {
        let label = match puzzle.kind() {
            PuzzleKind::WordSearch => Some(puzzle.report.quality.difficulty_label()),
            PuzzleKind::Swedish | PuzzleKind::WordRectangle => {
                crate::verify::clues::measure(puzzle).map(|q| q.difficulty_label())
            }
        }?;
        let level = match label {
            "easy" => &self.easy,
            "medium" => &self.medium,
            _ => &self.hard,
        };
        Some(self.difficulty.replace("{level}", level))
    }

    /// The instruction line under a puzzle's title, in `register`.
    pub fn instructions(&self, puzzle: &Puzzle, register: Register) -> String {
        let said = |formal: &String, informal: fn(&Informal) -> &String| match (
            register,
            &self.informal,
        ) {
            (Register::Informal, Some(i)) => informal(i).clone(),
            (Register::Formal, _) | (Register::Informal, None) => formal.clone(),
        };
        match puzzle.kind() {
            PuzzleKind::WordRectangle if puzzle.every_word_clued() => {
                said(&self.rectangle_clued, |i| &i.rectangle_clued)
            }
            PuzzleKind::WordRectangle => said(&self.rectangle, |i| &i.rectangle),
            PuzzleKind::Swedish => {
                let mut text = said(&self.swedish, |i| &i.swedish);
                if puzzle.solution().is_some() {
                    text.push(' ');
                    text.push_str(&self.swedish_solution_hint);
                }
                self.note_umlauts(puzzle, &mut text);
                text
            }
            PuzzleKind::WordSearch => {
                let mut text = said(&self.find, |i| &i.find)
                    .replace("{count}", &puzzle.words.len().to_string())
                    .replace("{ways}", &self.ways(puzzle));
                if puzzle.solution().is_some() {
                    text.push(' ');
                    text.push_str(&self.solution_hint);
                }
                self.note_umlauts(puzzle, &mut text);
                text
            }
        }
    }

    /// Appends how the grid writes umlauts and ß, if the words have any.
    fn note_umlauts(&self, puzzle: &Puzzle, text: &mut String) {
        let note = match umlaut_note(puzzle) {
            Some(UmlautNote::WrittenOut) => &self.umlauts_written_out,
            Some(UmlautNote::Kept) => &self.umlauts_kept,
            None => return,
        };
        text.push(' ');
        text.push_str(note);
    }

    /// How the words run: the directions the words take (a layout may
    /// leave an enabled direction unused, and the solver should not hunt
    /// for it), the enabled ones for a puzzle without words.
    fn ways(&self, puzzle: &Puzzle) -> String {
        let used: DirectionSet = puzzle.words.iter().map(|w| w.direction).collect();
        let dirs: Vec<Direction> = if puzzle.words.is_empty() {
            puzzle.directions.iter().collect()
        } else {
            used.iter().collect()
        };
        if dirs.len() == 8 {
            return self.all_directions.clone();
        }
        let has = |d: Direction| dirs.contains(&d);
        let diagonal = dirs.iter().any(|d| d.delta().0 != 0 && d.delta().1 != 0);
        let backwards =
            has(Direction::W) || has(Direction::N) || has(Direction::NW) || has(Direction::SW);
        let mut parts: Vec<&str> = Vec::new();
        if has(Direction::E) || has(Direction::W) {
            parts.push(&self.across);
        }
        if has(Direction::S) || has(Direction::N) {
            parts.push(&self.down);
        }
        if diagonal {
            parts.push(&self.diagonally);
        }
        let mut text = match parts.as_slice() {
            [] => String::new(),
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} {} {last}", rest.join(", "), self.and),
        };
        if backwards {
            text.push_str(&self.some_backwards);
        }
        text
    }

    /// The heading of a word-rectangle list of `count`-letter words.
    pub fn letters_heading(&self, count: usize) -> String {
        self.letters_heading.replace("{count}", &count.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_file_parses_and_fills_its_placeholders() {
        for language in PageLanguage::ALL {
            let t = language.texts();
            assert!(t.find.contains("{count}") && t.find.contains("{ways}"));
            assert!(t.letters_heading.contains("{count}"));
            assert!(!t.solution_label.is_empty() && !t.key_heading.is_empty());
            assert!(t.difficulty.contains("{level}"));
            assert!(![&t.easy, &t.medium, &t.hard].iter().any(|l| l.is_empty()));
        }
        let de = PageLanguage::German.texts();
        assert_eq!(de.solution_label, "Lösung:");
        assert_ne!(de, PageLanguage::English.texts());
        assert_eq!(PageLanguage::of(Language::German), PageLanguage::German);
    }

    #[test]
    fn the_instructions_name_the_directions_the_words_take() {
        // All eight enabled, the words only across and down.
        let json = r#"{"format": "gridpress-puzzle", "version": 1, "kind": "word_search",
            "width": 4, "height": 4, "seed": 1,
            "directions": ["E", "W", "S", "N", "SE", "NW", "SW", "NE"],
            "mask": ["....", "....", "....", "...."],
            "grid": [["H", "E", "T", "E"], ["D", "C", "A", "T"], ["O", "E", "M", "U"], ["G", "T", "R", "L"]],
            "words": [{"word": "CAT", "display": "CAT", "start": [1, 1], "direction": "E", "vocabulary": "tiny"},
                {"word": "DOG", "display": "DOG", "start": [1, 0], "direction": "S", "vocabulary": "tiny"},
                {"word": "EMU", "display": "EMU", "start": [2, 1], "direction": "E", "vocabulary": "tiny"}],
            "solution": null, "rules": {"max_words_per_cell": 2, "max_overlap_fraction": 0.3334},
            "report": {"accidental_words": [], "density": 0.5625, "direction_counts": {"E": 2, "S": 1},
                "nodes": 6, "notes": [], "quality": {"bundled_words": 0, "compounds": [], "crossings": 0,
                "decoys": 0, "diagonal_share": 0.0, "difficulty": 9, "difficulty_label": "easy",
                "distinct_lengths": 1, "emptiest_region": 0.889, "largest_bundle": 2, "reversed_share": 0.0,
                "shortfalls": [], "solution_letters": 0, "solution_regions": 0, "word_lengths": [3, 3]},
                "relaxed": [], "restarts": 0}}"#;
        let puzzle = crate::export::json::parse(json, "tiny.json")
            .unwrap()
            .remove(0);
        // German children's pages say "du", adults' "Sie"; English has one.
        let de = PageLanguage::German.texts();
        let informal = de.instructions(&puzzle, Register::Informal);
        assert!(informal.starts_with("Finde die 3"), "{informal}");
        assert!(
            de.instructions(&puzzle, Register::Formal)
                .starts_with("Finden Sie die 3")
        );
        let en = PageLanguage::English.texts();
        assert_eq!(
            en.instructions(&puzzle, Register::Informal),
            en.instructions(&puzzle, Register::Formal)
        );
        let t = PageLanguage::English.texts();
        let text = t.instructions(&puzzle, Register::Formal);
        assert!(!text.contains(&t.all_directions), "{text}");
        assert!(
            text.contains(&format!("{} {} {}", t.across, t.and, t.down)),
            "{text}"
        );
        assert!(
            !text.contains(&t.diagonally) && !text.contains(&t.some_backwards),
            "{text}"
        );
    }
}
