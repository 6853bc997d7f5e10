//! Print files: puzzles → layout → PDF, written atomically, with the extra
//! files a template asks for (`NAME-key.pdf`, `NAME-grid.pdf`, …).

use super::outputs::{Batch, OutputError};
use crate::layout::{self, Heading, KeyPlacement, LayoutError, Template};
use crate::model::Puzzle;
use crate::pdf::{self, PdfError, PdfOptions};
use std::path::{Path, PathBuf};

/// Why print files could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PrintError {
    /// The template cannot hold the puzzle.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// The PDF writer failed.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// A file could not be written (none was, unless the error says so).
    #[error(transparent)]
    Output(#[from] OutputError),
    /// `SOURCE_DATE_EPOCH` is set but not a date.
    #[error("SOURCE_DATE_EPOCH={0:?} is not a number of seconds since 1970")]
    Date(String),
}

/// The date PDF/X files carry: `SOURCE_DATE_EPOCH` when set (the
/// reproducible-builds convention), else [`pdf::FIXED_DATE`], so that the
/// same puzzle gives the same bytes everywhere.
pub fn pdf_date() -> Result<i64, PrintError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(_) => Ok(pdf::FIXED_DATE),
        Ok(text) => text
            .trim()
            .parse::<i64>()
            .ok()
            // Years 1970–9999: a PDF date has four year digits.
            .filter(|s| (0..=253_402_300_799).contains(s))
            .ok_or(PrintError::Date(text)),
    }
}

/// Headings for puzzles titled `title`: numbered from `first` (a
/// magazine's puzzle number), else from 1 when there are several.
pub fn headings(title: &str, count: usize, first: Option<usize>) -> Vec<Heading> {
    headings_titled(&vec![title.to_string(); count], first)
}

/// [`headings`] with a title per puzzle (a booklet of themes).
pub fn headings_titled(titles: &[String], first: Option<usize>) -> Vec<Heading> {
    let count = titles.len();
    titles
        .iter()
        .enumerate()
        .map(|(i, title)| Heading {
            title: title.clone(),
            number: layout::puzzle_number(i, count, first),
        })
        .collect()
}

/// The file an extra document goes to: `out.pdf` + `key` → `out-key.pdf`.
pub fn extra_path(path: &Path, suffix: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "puzzle".into());
    path.with_file_name(format!("{stem}-{suffix}.pdf"))
}

/// Lays out and renders `puzzles` for `path`: every file to write with its
/// bytes, the main one first (extras named by [`extra_path`]).
pub fn render_pdfs(
    puzzles: &[Puzzle],
    title: &str,
    template: &Template,
    placement: KeyPlacement,
    path: &Path,
) -> Result<Vec<(PathBuf, Vec<u8>)>, PrintError> {
    let titles = vec![title.to_string(); puzzles.len()];
    render_pdfs_titled(puzzles, &titles, template, placement, path)
}

/// [`render_pdfs`] with a title per puzzle (a booklet of themes).
pub fn render_pdfs_titled(
    puzzles: &[Puzzle],
    titles: &[String],
    template: &Template,
    placement: KeyPlacement,
    path: &Path,
) -> Result<Vec<(PathBuf, Vec<u8>)>, PrintError> {
    let headings = headings_titled(titles, template.first_number);
    let entries: Vec<(Heading, &Puzzle)> = headings.into_iter().zip(puzzles).collect();
    let output = layout::lay_out(&entries, template, placement)?;
    let options = PdfOptions {
        colour: template.colour,
        standard: template.pdf_standard,
        intent: template.output_intent.clone(),
        date: pdf_date()?,
    };
    let mut files = vec![(path.to_path_buf(), pdf::write(&output.main, &options)?)];
    for (suffix, document) in &output.extras {
        files.push((extra_path(path, suffix), pdf::write(document, &options)?));
    }
    Ok(files)
}

/// Lays out and writes `puzzles` to `path` (and any extra files), all or
/// nothing; returns every file written, the main one first.
pub fn write_pdfs(
    puzzles: &[Puzzle],
    title: &str,
    template: &Template,
    placement: KeyPlacement,
    path: &Path,
) -> Result<Vec<PathBuf>, PrintError> {
    let titles = vec![title.to_string(); puzzles.len()];
    write_pdfs_titled(puzzles, &titles, template, placement, path)
}

/// [`write_pdfs`] with a title per puzzle (a booklet of themes).
pub fn write_pdfs_titled(
    puzzles: &[Puzzle],
    titles: &[String],
    template: &Template,
    placement: KeyPlacement,
    path: &Path,
) -> Result<Vec<PathBuf>, PrintError> {
    let mut batch = Batch::new();
    for (i, (file, bytes)) in render_pdfs_titled(puzzles, titles, template, placement, path)?
        .into_iter()
        .enumerate()
    {
        batch.add(if i == 0 { "PDF" } else { "extra PDF" }, &file, bytes);
    }
    Ok(batch.commit()?)
}
