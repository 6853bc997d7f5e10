//! Page text in the puzzle's language: instructions, labels and headings,
//! one RON file per language (`templates/lang/*.ron`, built in). A new
//! language is a new file and a new [`PageLanguage`] variant.

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
    /// Before the solution boxes.
    pub solution_label: String,
    /// Heading of answer-key pages.
    pub key_heading: String,
    /// Word-rectangle list headings (square blocks).
    pub across_heading: String,
    /// See `across_heading`.
    pub down_heading: String,
    /// Word-rectangle list heading by length: `{count}` letters.
    pub letters_heading: String,
}

impl PageTexts {
    /// The instruction line under a puzzle's title.
    pub fn instructions(&self, puzzle: &Puzzle) -> String {
        match puzzle.kind() {
            PuzzleKind::WordRectangle if super::wordlist::has_clues(puzzle) => {
                self.rectangle_clued.clone()
            }
            PuzzleKind::WordRectangle => self.rectangle.clone(),
            PuzzleKind::Swedish => match puzzle.solution() {
                Some(_) => format!("{} {}", self.swedish, self.swedish_solution_hint),
                None => self.swedish.clone(),
            },
            PuzzleKind::WordSearch => {
                let mut text = self
                    .find
                    .replace("{count}", &puzzle.words.len().to_string())
                    .replace("{ways}", &self.ways(puzzle));
                if puzzle.solution().is_some() {
                    text.push(' ');
                    text.push_str(&self.solution_hint);
                }
                text
            }
        }
    }

    /// How the words run, from the enabled directions.
    fn ways(&self, puzzle: &Puzzle) -> String {
        let dirs: Vec<Direction> = puzzle.directions.iter().collect();
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
        }
        let de = PageLanguage::German.texts();
        assert_eq!(de.solution_label, "Lösung:");
        assert_ne!(de, PageLanguage::English.texts());
        assert_eq!(PageLanguage::of(Language::German), PageLanguage::German);
    }
}
