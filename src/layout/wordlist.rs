//! The word list: printed forms sorted for readers, fitted into columns
//! (shrinking the type down to the template's minimum when needed), and drawn.

use super::canvas::Canvas;
use super::fonts::pt_to_mm;
use super::items::Point;
use super::template::WordListStyle;
use super::texts::PageTexts;
use crate::model::{Direction, Puzzle};
use std::cmp::Ordering;
use unicode_normalization::UnicodeNormalization;

/// Gap between columns, in em of the list's type.
const COLUMN_GAP_EM: f32 = 1.5;
/// Line height, in em.
const LEADING: f32 = 1.35;
/// The most columns a list may get.
const MAX_COLUMNS: usize = 8;

/// The puzzle's printed words in reading order: alphabetical, accents and
/// case folded first (so "Ähre" sorts with "Ahorn"), exact form second.
pub fn sorted_words(puzzle: &Puzzle) -> Vec<String> {
    let mut words: Vec<String> = puzzle.words.iter().map(|w| w.display.clone()).collect();
    words.sort_by(|a, b| compare(a, b));
    words
}

/// Characters per line of a printed clue: longer clues continue on the
/// next line, so that two columns fit a half page at the list's type.
const CLUE_LINE_CHARS: usize = 30;

/// The numbers of a fill-in's word starts, in reading order (as
/// crosswords number them): (cell, number).
pub fn fill_in_numbers(puzzle: &Puzzle) -> Vec<(crate::model::Pos, usize)> {
    let mut starts: Vec<crate::model::Pos> = puzzle.words.iter().map(|w| w.start).collect();
    starts.sort();
    starts.dedup();
    starts.into_iter().zip(1..).collect()
}

/// A fill-in's word list in two groups, one to a column: "Across" and
/// "Down" for a square (the transpose would fill it too), otherwise by
/// length. Each group is headed and padded to the same height. When every
/// word has a clue, the groups are "Across"/"Down" with numbered clues
/// (numbers as in the block) instead.
pub fn fill_in_words(puzzle: &Puzzle, texts: &PageTexts) -> Vec<String> {
    if puzzle.every_word_clued() {
        return fill_in_clues(puzzle, texts);
    }
    let group = |direction: Direction| {
        let mut words: Vec<String> = puzzle
            .words
            .iter()
            .filter(|w| w.direction == direction)
            .map(|w| w.display.clone())
            .collect();
        words.sort_by(|a, b| compare(a, b));
        words
    };
    let (across, down) = (group(Direction::E), group(Direction::S));
    let (first, second) = if puzzle.width() == puzzle.height() {
        (texts.across_heading.clone(), texts.down_heading.clone())
    } else {
        (
            texts.letters_heading(puzzle.width()),
            texts.letters_heading(puzzle.height()),
        )
    };
    let rows = across.len().max(down.len()) + 1;
    let mut list = Vec::with_capacity(2 * rows);
    for (heading, words) in [(first, across), (second, down)] {
        list.push(heading);
        let padding = rows - 1 - words.len();
        list.extend(words);
        list.extend(std::iter::repeat_n(String::new(), padding));
    }
    list
}

/// Numbered clues, across then down, long ones wrapped with an indent.
fn fill_in_clues(puzzle: &Puzzle, texts: &PageTexts) -> Vec<String> {
    let numbers = fill_in_numbers(puzzle);
    let number =
        |p: crate::model::Pos| numbers.iter().find(|(q, _)| *q == p).map_or(0, |(_, n)| *n);
    let group = |direction: Direction| {
        let mut clued: Vec<(usize, &str)> = puzzle
            .words
            .iter()
            .filter(|w| w.direction == direction)
            .map(|w| (number(w.start), w.clue.as_deref().unwrap_or_default()))
            .collect();
        clued.sort();
        let mut lines = Vec::new();
        for (n, clue) in clued {
            let mut line = format!("{n}. ");
            let indent = " ".repeat(line.chars().count() + 1);
            for word in clue.split_whitespace() {
                let fresh = line.trim_end().is_empty() || line.ends_with(". ");
                if !fresh && line.chars().count() + 1 + word.chars().count() > CLUE_LINE_CHARS {
                    lines.push(std::mem::replace(&mut line, indent.clone()));
                }
                if !line.ends_with(' ') {
                    line.push(' ');
                }
                line.push_str(word);
            }
            lines.push(line);
        }
        lines
    };
    let (across, down) = (group(Direction::E), group(Direction::S));
    let rows = across.len().max(down.len()) + 1;
    let mut list = Vec::with_capacity(2 * rows);
    for (heading, lines) in [
        (texts.across_heading.clone(), across),
        (texts.down_heading.clone(), down),
    ] {
        list.push(heading);
        let padding = rows - 1 - lines.len();
        list.extend(lines);
        list.extend(std::iter::repeat_n(String::new(), padding));
    }
    list
}

fn fold(word: &str) -> String {
    word.nfd()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ß' { 's' } else { c })
        .collect()
}

fn compare(a: &str, b: &str) -> Ordering {
    fold(a).cmp(&fold(b)).then_with(|| a.cmp(b))
}

/// A fitted word list.
#[derive(Clone, Debug, PartialEq)]
pub struct ListFit {
    /// Type size in pt.
    pub size: f32,
    /// Columns.
    pub columns: usize,
    /// Rows (words per column).
    pub rows: usize,
    /// Column pitch in mm.
    pub column_width: f32,
    /// Line pitch in mm.
    pub line: f32,
}

impl ListFit {
    /// Width of the block in mm (the last column without its gap).
    pub fn width(&self, longest: f32) -> f32 {
        self.column_width * (self.columns - 1) as f32 + longest
    }

    /// Height of the block in mm.
    pub fn height(&self) -> f32 {
        self.line * self.rows as f32
    }
}

/// Finds the largest type size (down to `min_size`), and at that size the
/// column count nearest the template's, at which `words` fit into
/// `width` × `height` mm. `None` when even the smallest size does not fit.
pub fn fit(words: &[String], style: &WordListStyle, width: f32, height: f32) -> Option<ListFit> {
    fit_columns(words, style, width, height, false)
}

/// Like [`fit`], but with exactly the style's column count (a fill-in's
/// two groups).
pub fn fit_exact(
    words: &[String],
    style: &WordListStyle,
    width: f32,
    height: f32,
) -> Option<ListFit> {
    fit_columns(words, style, width, height, true)
}

fn fit_columns(
    words: &[String],
    style: &WordListStyle,
    width: f32,
    height: f32,
    exact: bool,
) -> Option<ListFit> {
    if words.is_empty() {
        return Some(ListFit {
            size: style.size,
            columns: 1,
            rows: 0,
            column_width: 0.0,
            line: 0.0,
        });
    }
    let metrics = style.font.metrics();
    let longest_em = words
        .iter()
        .map(|w| metrics.advance(w))
        .fold(0.0f32, f32::max);
    let preferred = style.columns.min(words.len());
    let mut column_orders: Vec<usize> = (preferred..=MAX_COLUMNS.min(words.len())).collect();
    column_orders.extend((1..preferred).rev());
    if exact {
        column_orders = vec![style.columns];
    }
    let mut size = style.size;
    loop {
        let em = pt_to_mm(size);
        let column_width = (longest_em + COLUMN_GAP_EM) * em;
        for &columns in &column_orders {
            let rows = words.len().div_ceil(columns);
            let fits_width = column_width * (columns - 1) as f32 + longest_em * em <= width;
            if fits_width && rows as f32 * LEADING * em <= height {
                return Some(ListFit {
                    size,
                    columns,
                    rows,
                    column_width,
                    line: LEADING * em,
                });
            }
        }
        if size <= style.min_size {
            return None;
        }
        size = (size - 0.5).max(style.min_size);
    }
}

/// Width of the longest word at the fitted size, in mm.
pub fn longest(words: &[String], style: &WordListStyle, fit: &ListFit) -> f32 {
    let metrics = style.font.metrics();
    words
        .iter()
        .map(|w| metrics.advance(w) * pt_to_mm(fit.size))
        .fold(0.0, f32::max)
}

/// Draws the list column by column from the top-left corner `at`.
pub fn draw(
    canvas: &mut Canvas,
    words: &[String],
    style: &WordListStyle,
    fit: &ListFit,
    at: Point,
) {
    let ascent = style.font.metrics().ascender() * pt_to_mm(fit.size);
    for (i, word) in words.iter().enumerate() {
        let column = i / fit.rows.max(1);
        let row = i % fit.rows.max(1);
        let x = at.x + column as f32 * fit.column_width;
        let y = at.y + row as f32 * fit.line + ascent;
        canvas.text(Point::new(x, y), style.font, fit.size, word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_folds_accents_and_case() {
        let mut words: Vec<String> = [
            "Zebra", "Ähre", "apfel", "Ahorn", "Öl", "Ofen", "Straße", "Strand",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        words.sort_by(|a, b| compare(a, b));
        assert_eq!(
            words,
            [
                "Ahorn", "Ähre", "apfel", "Ofen", "Öl", "Strand", "Straße", "Zebra"
            ]
        );
    }

    #[test]
    fn fitting_shrinks_type_and_adds_columns_only_when_needed() {
        let style = WordListStyle::default();
        let words: Vec<String> = (0..20).map(|i| format!("WORD{i:02}")).collect();
        let roomy = fit(&words, &style, 180.0, 200.0).unwrap();
        assert_eq!((roomy.size, roomy.columns, roomy.rows), (style.size, 4, 5));
        let flat = fit(&words, &style, 180.0, 12.0).unwrap();
        assert!(flat.columns > 4 || flat.size < style.size);
        assert!(flat.height() <= 12.0);
        assert!(fit(&words, &style, 20.0, 5.0).is_none());
    }
}
