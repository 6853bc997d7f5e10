//! Layout: puzzles + a template → pages of positioned items in millimetres
//! (text runs, lines, rectangles, capsules). The PDF writer and the app's
//! preview both draw these pages, so the screen shows what prints. No
//! printpdf here.

pub mod canvas;
pub mod clue_grid;
pub mod fonts;
pub mod grid;
mod hyphenate;
pub mod items;
pub mod page;
pub mod template;
pub mod texts;
pub mod wordlist;

pub use fonts::Face;
pub use items::{Area, GridFrame, Ink, Item, Page, Point, Stroke};
pub use page::{Heading, Parts, collected_keys, puzzle_page, small_keys};
pub use template::{KeyPlacement, PageSize, Template};
pub use texts::{PageLanguage, PageTexts};

use crate::model::Puzzle;

/// A template cannot hold what it is asked to hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("template {template:?}: {message}")]
pub struct LayoutError {
    /// The template's name.
    pub template: String,
    /// What does not fit.
    pub message: String,
}

/// A laid-out document: its title (for the PDF metadata) and its pages.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Document title.
    pub title: String,
    /// Pages in order.
    pub pages: Vec<Page>,
}

/// Everything one export writes: the main document, and further files
/// (e.g. `("key", …)` → `NAME-key.pdf`) where the template asks for them.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The main document.
    pub main: Document,
    /// Extra documents with the suffix for their file names.
    pub extras: Vec<(String, Document)>,
}

/// Where keys go once `Auto` is resolved for this job.
pub fn resolve_placement(placement: KeyPlacement, template: &Template) -> KeyPlacement {
    let fit_content = template.page.fits_content();
    match placement {
        KeyPlacement::Auto if fit_content => KeyPlacement::SeparateFile,
        // Compact keys (grid, rings and solution; no word list again),
        // several to a page, after the puzzles — a single puzzle too.
        KeyPlacement::Auto => KeyPlacement::Collected,
        // Reduced keys need a fixed page to collect them on.
        KeyPlacement::Collected if fit_content => KeyPlacement::SeparateFile,
        other => other,
    }
}

/// Lays out puzzles with their keys: puzzle pages (numbered in a batch), and
/// the keys where `placement` (or the template, for `Auto`) puts them. A
/// "fit content" template also yields the grid and the word list as files.
pub fn lay_out(
    puzzles: &[(Heading, &Puzzle)],
    template: &Template,
    placement: KeyPlacement,
) -> Result<Output, LayoutError> {
    let placement = resolve_placement(placement, template);
    for (heading, puzzle) in puzzles {
        if let Some(message) = uncovered_in(heading, puzzle) {
            return Err(LayoutError {
                template: template.name.clone(),
                message,
            });
        }
    }
    let title = match puzzles {
        [(heading, _)] => heading.title.clone(),
        [(heading, _), ..] => format!("{} (1–{})", heading.title, puzzles.len()),
        [] => String::new(),
    };
    let mut main = Vec::new();
    let mut keys = Vec::new();
    for (heading, puzzle) in puzzles {
        main.push(puzzle_page(puzzle, template, heading, Parts::PUZZLE)?);
        match placement {
            KeyPlacement::NextPage => {
                main.push(puzzle_page(puzzle, template, heading, Parts::KEY)?)
            }
            KeyPlacement::SeparateFile => {
                keys.push(puzzle_page(puzzle, template, heading, Parts::KEY)?)
            }
            _ => {}
        }
    }
    match placement {
        KeyPlacement::Collected => main.extend(collected_keys(puzzles, template)?),
        KeyPlacement::Small => keys = small_keys(puzzles, template)?,
        KeyPlacement::Auto
        | KeyPlacement::NextPage
        | KeyPlacement::SeparateFile
        | KeyPlacement::None => {}
    }
    bind(&mut main, template);
    let mut extras = if template.page.fits_content() {
        part_files(puzzles, template, &title)?
    } else {
        Vec::new()
    };
    if !keys.is_empty() {
        extras.push((
            "key".to_string(),
            Document {
                title: format!("{title} (key)"),
                pages: keys,
            },
        ));
    }
    Ok(Output {
        main: Document { title, pages: main },
        extras,
    })
}

/// A letter of a puzzle's title, words, solution or grid that the page
/// font lacks, described.
fn uncovered_in(heading: &Heading, puzzle: &Puzzle) -> Option<String> {
    uncovered_letter(&heading.label(), "the title")
        .or_else(|| {
            puzzle
                .words
                .iter()
                .find_map(|w| uncovered_letter(&w.display, &format!("the word {:?}", w.display)))
        })
        .or_else(|| {
            let s = puzzle.solution()?;
            uncovered_letter(&s.word, &format!("the solution word {:?}", s.word))
        })
        .or_else(|| {
            let letters: String = puzzle.grid.iter().flatten().flatten().collect();
            uncovered_letter(&letters, "the grid's letters")
        })
}

/// A page that fits its content also gives the grid and the word list as
/// files of their own (for a layout program), with these suffixes.
fn part_files(
    puzzles: &[(Heading, &Puzzle)],
    template: &Template,
    title: &str,
) -> Result<Vec<(String, Document)>, LayoutError> {
    let mut extras = Vec::new();
    for (suffix, parts) in [
        (
            "grid",
            Parts {
                heading: false,
                grid: true,
                words: false,
                key: false,
            },
        ),
        (
            "words",
            Parts {
                heading: false,
                grid: false,
                words: true,
                key: false,
            },
        ),
    ] {
        let pages = puzzles
            .iter()
            .map(|(heading, puzzle)| puzzle_page(puzzle, template, heading, parts))
            .collect::<Result<Vec<_>, _>>()?;
        // A Swedish puzzle's clues stand in its grid: without a
        // solution strip its "words" part is empty, and no file.
        if pages.iter().all(|p| p.items.is_empty()) {
            continue;
        }
        extras.push((
            suffix.to_string(),
            Document {
                title: format!("{title} ({suffix})"),
                pages,
            },
        ));
    }
    Ok(extras)
}

/// A letter of `text` that some shipped face lacks (it would print as an
/// empty box), described with `what` it is in.
pub fn uncovered_letter(text: &str, what: &str) -> Option<String> {
    let c = text
        .chars()
        .find(|&c| !c.is_whitespace() && !Face::ALL.iter().all(|f| f.metrics().covers(c)))?;
    Some(format!(
        "the page font ({}) has no {c:?} (U+{:04X}), in {what}: use letters it has \
         (Latin, with the accents of Western and Central Europe)",
        Face::Regular.name(),
        c as u32
    ))
}

/// Checks before generating that a title fits the template's heading and
/// has letters the page font prints (`count`: puzzles in the batch).
pub fn check_title(title: &str, count: usize, template: &Template) -> Result<(), LayoutError> {
    let heading = Heading {
        title: title.to_string(),
        // The widest number: the last.
        number: puzzle_number(count.saturating_sub(1), count, template.first_number),
    };
    if let Some(message) = uncovered_letter(&heading.label(), "the title") {
        return Err(LayoutError {
            template: template.name.clone(),
            message,
        });
    }
    page::check_heading(&heading, template)
}

/// Pages for a bound booklet: each left-hand (even) page's content moved
/// so that its gutter lies on the right, beside the fold (pages are laid
/// out as right-hand ones), and the page numbers in the outer corners.
fn bind(pages: &mut [Page], template: &Template) {
    for (index, page) in pages.iter_mut().enumerate() {
        let left_hand = index % 2 == 1;
        if left_hand && template.gutter > 0.0 {
            for item in &mut page.items {
                item.translate(-template.gutter, 0.0);
            }
            if let Some(grid) = &mut page.grid {
                grid.origin.x -= template.gutter;
            }
        }
        if template.page_numbers {
            let style = template.subtitle;
            let size = PAGE_NUMBER_PT;
            let number = (index + 1).to_string();
            let width = style.font.metrics().advance(&number) * fonts::pt_to_mm(size);
            let m = template.margins;
            let trim = page.trim;
            // The baseline halfway down the foot margin.
            let y = trim.y + trim.height - m.bottom / 2.0;
            let x = if left_hand {
                trim.x + m.left
            } else {
                trim.x + trim.width - m.right - width
            };
            page.items.push(Item::Text {
                origin: Point::new(x, y),
                size_pt: size,
                face: style.font,
                text: number,
            });
        }
    }
}

/// Page numbers' size: the booklet templates' instruction line is 9–10
/// pt; a folio sits a little below it.
const PAGE_NUMBER_PT: f32 = 8.5;

/// Whether a grid `cols` cells wide fits the template's column (any
/// other page: yes), before anything is generated for it.
pub fn check_column(cols: usize, template: &Template) -> Result<(), LayoutError> {
    page::check_column(cols, template)
}

/// How the page of `puzzle` sets its clues with `template` (a Swedish
/// puzzle's; `None` for other kinds or a page that cannot be laid out).
pub fn clue_setting(
    puzzle: &crate::model::Puzzle,
    template: &Template,
    title: &str,
) -> Option<clue_grid::ClueSetting> {
    let heading = Heading {
        title: title.to_string(),
        number: None,
    };
    let page = page::puzzle_page(puzzle, template, &heading, page::Parts::PUZZLE).ok()?;
    clue_grid::setting(puzzle, &template.clues, template.language, page.grid?.cell)
}

/// The clue box of a Swedish grid of `mask` on `template`'s page, titled
/// `title`, with a solution strip of `solution` letters: a blank grid is
/// laid out, and one of two clues of a clue cell gets half its cell. A
/// clue fits when it can be set in that box at the template's smallest
/// clue size ([`clue_grid::fit_clue`]). `None` when the page cannot be
/// laid out (the layout then says why, at export).
pub fn clue_fit(
    template: &Template,
    mask: &crate::model::Mask,
    title: &str,
    solution: Option<usize>,
) -> Option<crate::model::ClueFit> {
    use crate::model::{Body, Puzzle, Report, Solution};
    let cells: Vec<crate::model::Pos> = mask.positions().collect();
    let blank = Puzzle {
        mask: mask.clone(),
        directions: crate::model::DirectionSet::empty(),
        seed: 0,
        grid: (0..mask.height())
            .map(|_| vec![Some('E'); mask.width()])
            .collect(),
        words: Vec::new(),
        body: Body::Swedish {
            clue_cells: Vec::new(),
            solution: solution.map(|n| Solution {
                word: "E".repeat(n),
                cells: cells.iter().copied().take(n).collect(),
                groups: vec![n],
            }),
        },
        report: Report::default(),
    };
    let heading = Heading {
        title: title.to_string(),
        number: None,
    };
    let page = page::puzzle_page(&blank, template, &heading, page::Parts::PUZZLE).ok()?;
    // The finished page may hold one line more above the grid (the
    // measured difficulty after the instructions): the grid's rows give
    // up that line's height.
    let line = fonts::pt_to_mm(template.subtitle.size) * 1.4;
    let cell = page.grid?.cell - line / mask.height().max(1) as f32;
    let (width, height) = clue_grid::clue_box(cell, 2);
    let style = template.clues;
    let language = template.language;
    Some(crate::model::ClueFit::new(width, height, move |clue| {
        clue_grid::fits(clue, &style, width, height, language)
    }))
}

/// The number printed before puzzle `index` (from 0) of `count`.
pub fn puzzle_number(index: usize, count: usize, first: Option<usize>) -> Option<usize> {
    match first {
        Some(first) => Some(first + index),
        None => (count > 1).then_some(index + 1),
    }
}
