//! The one entry point from a project to puzzles, used by the command
//! line, the app and the tests: checks the settings against the puzzle's
//! kind (a setting that does not apply is refused, never ignored), builds
//! the request and runs the kind's generator for each puzzle of the batch.

use crate::error::{GenerateError, InputError};
use crate::generate::{Generator, Options, rectangle, swedish};
use crate::model::{Lines, Puzzle, PuzzleKind, PuzzleSpec};
use crate::project::Project;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// How a run may go besides the project's own settings.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// Offensive words (as written) added to the project's and the
    /// built-in lists, e.g. from `--banned FILE`.
    pub extra_banned: Vec<String>,
    /// Set from another thread to stop.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Answers of a series' earlier puzzles (spelled as
    /// [`crate::series::folded`]) that the vocabularies do not offer.
    pub kept_out: std::collections::HashSet<String>,
    /// The process ends after this run (the command line): the prepared
    /// word lists are left to the operating system, which takes a
    /// process's memory back at once, instead of being freed word by word
    /// (a million allocations, 50–60 ms of the README's example with all
    /// of `ngerman`). The app, which lives on, leaves it false.
    pub process_ends: bool,
}

/// Makes the project's puzzles (its batch count, seeds from its seed on),
/// calling `on_done(n, puzzle)` after each.
pub fn make(
    project: &Project,
    run: &Run,
    on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    generate(project, request(project, run)?, run, on_done)
}

/// [`make`] from a request already made by [`request`] (to look at it
/// first: cells no word can cover, say).
pub fn generate(
    project: &Project,
    spec: PuzzleSpec,
    run: &Run,
    mut on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    if project.generator.per_vocabulary {
        // A booklet of themes: each vocabulary its own puzzle; the
        // request of the whole was only checked.
        let mut puzzles = Vec::new();
        for index in 0..project.puzzle_count()? {
            let theme = project.theme(index).expect("index within the vocabularies");
            let named = |e: GenerateError| name_theme(e, &theme.name);
            let spec = request(&theme, run).map_err(|e| named(e.into()))?;
            let mut made =
                generate_request(&theme, spec, run, |_, p| on_done(index, p)).map_err(named)?;
            puzzles.append(&mut made);
        }
        return Ok(puzzles);
    }
    generate_request(project, spec, run, on_done)
}

/// [`generate`] of one request (all of a batch's puzzles).
fn generate_request(
    project: &Project,
    mut spec: PuzzleSpec,
    run: &Run,
    on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    let settings = &project.generator;
    let kept_out = crate::series::keep_out(&mut spec, settings.kind, &run.kept_out);
    let mut puzzles = generate_kind(project, spec, run, on_done)?;
    if kept_out > 0 {
        for p in &mut puzzles {
            p.report.notes.push(format!(
                "{kept_out} entries kept out: answers of the series' recent puzzles"
            ));
        }
    }
    Ok(puzzles)
}

/// A theme's error, naming the theme (its vocabulary).
fn name_theme(error: GenerateError, theme: &str) -> GenerateError {
    let named = |message: String| format!("theme {theme:?}: {message}");
    match error {
        GenerateError::Input(mut e) => {
            e.message = named(e.message);
            GenerateError::Input(e)
        }
        GenerateError::Impossible(m) => GenerateError::Impossible(named(m)),
        GenerateError::NoSolution(m) => GenerateError::NoSolution(named(m)),
        GenerateError::TimedOut(m) => GenerateError::TimedOut(named(m)),
        GenerateError::Cancelled => GenerateError::Cancelled,
    }
}

/// [`generate`] by the project's kind.
fn generate_kind(
    project: &Project,
    spec: PuzzleSpec,
    run: &Run,
    on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    let settings = &project.generator;
    let count = settings.batch_count()?;
    let options = Options {
        seed: settings.seed,
        time_limit: settings.time_limit()?,
        cancel: run.cancel.clone(),
    };
    match settings.kind {
        PuzzleKind::WordSearch => {
            let generator = Generator::new(spec)?;
            let puzzles = generator.generate_batch_reporting(count, &options, on_done);
            if run.process_ends {
                std::mem::forget(generator);
            }
            puzzles
        }
        PuzzleKind::Swedish => {
            let mut puzzles = swedish_fitting(spec, &options, count, on_done)?;
            if let Some(template) = page_template(project) {
                for puzzle in &mut puzzles {
                    if let Some(note) = clue_setting_note(puzzle, &template, &project.name) {
                        puzzle.report.notes.push(note);
                    }
                }
            }
            Ok(puzzles)
        }
        PuzzleKind::WordRectangle => rectangle::generate_batch(&spec, &options, count, on_done),
    }
}

/// The share of the time limit a Swedish fill gets with the page's clue
/// box before it tries without: German 18×23 on the magazine page, 10
/// seeds, 10 s limit: at a half, 2 fell back (the fitting fills took up to
/// 3.3 s); at three quarters, 1 (see BENCHMARKS.md). The fill without
/// the box gets the same share again.
const FITTING_SHARE: f64 = 0.75;

/// Swedish puzzles whose clues fit the page's cells: most of the time limit
/// with the page's clue box; when that gives no fill (an 18×23 grid with a
/// solution strip leaves the magazine page 8.5 mm cells, whose halves hold
/// few clues at 6 pt), the rest without it, the clues then set
/// smaller and the result saying so. Work, not the clock, splits the
/// shares: the same seed gives the same puzzle.
fn swedish_fitting(
    spec: PuzzleSpec,
    options: &Options,
    count: usize,
    mut on_done: impl FnMut(usize, &Puzzle),
) -> Result<Vec<Puzzle>, GenerateError> {
    if spec.clue_fit.is_none() {
        return swedish::generate_batch(&spec, options, count, on_done);
    }
    let (first, rest) = (
        Options {
            time_limit: options.time_limit.mul_f64(FITTING_SHARE),
            ..options.clone()
        },
        // The fill without the box needs as much again (an 18×23 grid with
        // a solution strip failed on a quarter): together 1.5 times the
        // limit's work, about 0.9 of the limit on the development machine.
        Options {
            time_limit: options.time_limit.mul_f64(FITTING_SHARE),
            ..options.clone()
        },
    );
    match swedish::generate_batch(&spec, &first, count, &mut on_done) {
        Err(GenerateError::TimedOut(_)) => {
            let fit = spec.clue_fit.clone().expect("checked above");
            let loose = PuzzleSpec {
                clue_fit: None,
                ..spec
            };
            let mut puzzles = swedish::generate_batch(&loose, &rest, count, on_done)?;
            for p in &mut puzzles {
                p.report.relaxed.push(format!(
                    "clue size: no fill with clues that fit half a clue cell ({:.1} × {:.1} mm) at the template's smallest clue size; the page sets longer clues smaller (fewer rows or a page with larger cells avoid it)",
                    fit.width_mm, fit.height_mm
                ));
            }
            Ok(puzzles)
        }
        other => other,
    }
}

/// The validated request of `project` for its kind, with `run`'s extra
/// offensive words.
/// A booklet of themes checks each theme's request (a word of one list
/// may contain a word of another: they never share a grid) and gives the
/// first.
pub fn request(project: &Project, run: &Run) -> Result<PuzzleSpec, InputError> {
    if project.generator.per_vocabulary {
        let mut first = None;
        for index in 0..project.puzzle_count()? {
            let theme = project.theme(index).expect("index within the vocabularies");
            let spec = request(&theme, run).map_err(|mut e| {
                e.message = format!("theme {:?}: {}", theme.name, e.message);
                e
            })?;
            first.get_or_insert(spec);
        }
        return Ok(first.expect("at least one theme"));
    }
    not_for_kind(project)?;
    let mut spec = project.to_spec()?;
    match project.generator.kind {
        // Clues are chosen to fit the page they print on.
        PuzzleKind::Swedish => spec.clue_fit = clue_fit(project, &spec),
        PuzzleKind::WordSearch | PuzzleKind::WordRectangle => {}
    }
    if !run.extra_banned.is_empty() {
        spec.banned = crate::project::banned_letters(
            project
                .offensive_words
                .iter()
                .chain(&run.extra_banned)
                .map(String::as_str),
            project.umlaut_mode(),
        )?;
    }
    Ok(spec)
}

/// The clue box of the project's template (the default template when it
/// names none, or one that cannot be found: export reports that).
fn clue_fit(project: &Project, spec: &PuzzleSpec) -> Option<crate::model::ClueFit> {
    let template = page_template(project)?;
    let solution = spec.solution.as_ref().map(|w| w.letters.len());
    crate::layout::clue_fit(&template, &spec.mask, &project.name, solution)
}

/// The project's page template in its page language.
fn page_template(project: &Project) -> Option<crate::layout::Template> {
    project.page_template().ok()
}

/// The report's line on how the project's page sets a Swedish puzzle's
/// clues (issue 34: the smallest size and the clues shortened).
fn clue_setting_note(
    puzzle: &Puzzle,
    template: &crate::layout::Template,
    title: &str,
) -> Option<String> {
    let s = crate::layout::clue_setting(puzzle, template, title)?;
    let mut note = format!(
        "clues set at {:.2} pt on the {} page; {} shortened with print abbreviations",
        s.size_pt, template.name, s.shortened
    );
    if s.smaller > 0 {
        note.push_str(&format!(
            "; {} set smaller, down to {:.2} pt",
            s.smaller, s.smallest_pt
        ));
    }
    Some(note)
}

/// The project with the settings its kind does not use set back to their
/// defaults, for the app: it greys them out and keeps them for a switch
/// back, where the command line refuses them.
pub fn kind_settings_only(project: &Project) -> Project {
    let mut project = project.clone();
    match project.generator.kind {
        PuzzleKind::WordSearch => {
            for v in &mut project.vocabularies {
                v.lines = Lines::Both;
            }
        }
        PuzzleKind::WordRectangle => {
            let g = &mut project.generator;
            g.solution = None;
            g.pick = None;
            g.directions = "E,S".into();
            g.decoy_filler = false;
        }
        PuzzleKind::Swedish => {
            let g = &mut project.generator;
            g.pick = None;
            g.directions = "E,S".into();
            g.decoy_filler = false;
            for v in &mut project.vocabularies {
                v.lines = Lines::Both;
            }
        }
    }
    project
}

/// Refuses every setting the project's kind does not use, naming the
/// project field and the command-line flag that set it.
pub fn not_for_kind(project: &Project) -> Result<(), InputError> {
    let g = &project.generator;
    let refuse = |field: &str, why: &str| {
        Err(InputError::msg(format!(
            "{field} does not apply to {}: {why}",
            g.kind.with_article()
        )))
    };
    match g.kind {
        PuzzleKind::WordSearch => {
            if let Some(v) = project.vocabularies.iter().find(|v| v.lines != Lines::Both) {
                return refuse(
                    &format!("vocabulary {:?}: lines {:?}", v.name, v.lines),
                    "rows and columns are word-rectangle places; set lines: Both",
                );
            }
        }
        PuzzleKind::WordRectangle => {
            if g.solution.is_some() {
                return refuse(
                    "generator.solution (--solution)",
                    "every cell of the block belongs to its words, none is left for a solution word",
                );
            }
            if g.pick.is_some() {
                return refuse(
                    "generator.pick (--pick)",
                    "the block takes one word per row and column",
                );
            }
            if !["all", "E,S"].contains(&g.directions.trim()) {
                return refuse(
                    &format!("generator.directions {:?} (--directions)", g.directions),
                    "rows read across (E) and columns down (S)",
                );
            }
            if g.decoy_filler {
                return refuse(
                    "generator.decoy_filler (--difficulty hard)",
                    "the block has no filler letters",
                );
            }
        }
        PuzzleKind::Swedish => {
            if g.pick.is_some() {
                return refuse(
                    "generator.pick (--pick)",
                    "the layout of clue cells decides how many answers there are",
                );
            }
            if !["all", "E,S"].contains(&g.directions.trim()) {
                return refuse(
                    &format!("generator.directions {:?} (--directions)", g.directions),
                    "answers read across (E) and down (S)",
                );
            }
            if g.decoy_filler {
                return refuse(
                    "generator.decoy_filler (--difficulty hard)",
                    "every letter cell belongs to an answer, none holds filler",
                );
            }
            if let Some(v) = project.vocabularies.iter().find(|v| v.lines != Lines::Both) {
                return refuse(
                    &format!("vocabulary {:?}: lines {:?}", v.name, v.lines),
                    "rows and columns are word-rectangle places; set lines: Both",
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rectangle_project() -> Project {
        let mut p = Project::sample();
        p.generator.kind = PuzzleKind::WordRectangle;
        p.generator.pick = None;
        p.generator.solution = None;
        p.exclusion_groups.clear();
        p.grid.width = 3;
        p.grid.height = 3;
        p.grid.shape = "rectangle".into();
        p.grid.restricted.clear();
        p
    }

    #[test]
    fn settings_a_kind_does_not_use_are_refused_by_name() {
        assert_eq!(not_for_kind(&rectangle_project()), Ok(()));
        type Change = fn(&mut Project);
        let cases: Vec<(Change, &str)> = vec![
            (|p| p.generator.solution = Some("Sea".into()), "--solution"),
            (
                |p| p.generator.pick = Some(crate::model::WordCount::Exact(6)),
                "--pick",
            ),
            (|p| p.generator.directions = "E,S,SE".into(), "--directions"),
            (|p| p.generator.decoy_filler = true, "decoy_filler"),
        ];
        // Kept letters and words are a rectangle's lock and regenerate.
        let mut kept = rectangle_project();
        kept.letters.push(crate::project::PresetLetter {
            row: 0,
            col: 0,
            letter: "A".into(),
        });
        assert_eq!(not_for_kind(&kept), Ok(()));
        for (change, named) in cases {
            let mut p = rectangle_project();
            change(&mut p);
            let e = not_for_kind(&p).unwrap_err().to_string();
            assert!(e.contains(named) && e.contains("word rectangle"), "{e}");
        }
        let mut p = Project::sample();
        p.vocabularies[0].lines = Lines::Rows;
        let e = not_for_kind(&p).unwrap_err().to_string();
        assert!(e.contains("lines") && e.contains("word search"), "{e}");
    }
}
