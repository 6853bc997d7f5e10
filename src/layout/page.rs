//! Lays out the pages: the puzzle page (title, instructions, grid, solution
//! boxes, word list), the full-size key page, reduced keys collected several
//! to a page, and the separate parts of a "puzzle only" template.

use super::LayoutError;
use super::canvas::Canvas;
use super::fonts::{Face, mm_to_pt, pt_to_mm};
use super::items::{Area, Ink, Page, Point, Stroke};
use super::template::{
    CellSize, GridLines, GridStyle, ListPosition, Margins, PageSize, Template, TextStyle,
    WordListStyle,
};
use super::wordlist;
use super::wordlist::ListFit;
use super::{clue_grid, grid};
use crate::model::{CellKind, Mask, Pos, Presentation, Puzzle, Solution};

/// Smallest cell on a puzzle page, in mm.
const MIN_CELL: f32 = 4.0;
/// Smallest cell in a collected (reduced) key, in mm.
const MIN_KEY_CELL: f32 = 1.5;
/// Vertical gap between blocks, in mm.
const GAP: f32 = 6.0;
/// Share of a page's free height put above the puzzle block (see `puzzle_page`).
const BALANCE_ABOVE: f32 = 1.0 / 3.0;
/// Width of the heading of a "fit content" page (whose page has no width
/// of its own), in mm: about the type area of an A4 page.
const FIT_CONTENT_HEADING_WIDTH: f32 = 160.0;
/// Line pitch of headings, in em.
const HEADING_LEADING: f32 = 1.25;
/// Width of the box border of solution boxes, in pt.
const BOX_LINE: f32 = 0.8;
/// A list the template puts beside the grid goes below it when that makes
/// the cells at least this much larger: below, it takes height from the
/// grid, so a small gain is not worth the template's layout (see
/// BENCHMARKS "Pages that use the space" for the pages measured).
const BELOW_GAIN: f32 = 1.02;
/// Columns a list moved below the grid starts from (as on the A4 page).
const BELOW_COLUMNS: usize = 4;

/// What heads a puzzle: its title and, in a batch, its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// The puzzle's title (usually the project name).
    pub title: String,
    /// The puzzle's number in a batch.
    pub number: Option<usize>,
}

impl Heading {
    pub(crate) fn label(&self) -> String {
        match self.number {
            Some(n) => format!("{n} · {}", self.title),
            None => self.title.clone(),
        }
    }
}

/// Which parts a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// Title and instructions.
    pub heading: bool,
    /// The grid.
    pub grid: bool,
    /// The word list (and the solution boxes).
    pub words: bool,
    /// Key overlays: capsules, solution cells, filled boxes.
    pub key: bool,
}

impl Parts {
    /// The whole puzzle page.
    pub const PUZZLE: Parts = Parts {
        heading: true,
        grid: true,
        words: true,
        key: false,
    };
    /// The whole page with the key overlays.
    pub const KEY: Parts = Parts {
        key: true,
        ..Parts::PUZZLE
    };
}

/// Breaks `text` into lines no wider than `width` mm.
fn wrap(text: &str, face: Face, size_pt: f32, width: f32) -> Vec<String> {
    let metrics = face.metrics();
    let em = pt_to_mm(size_pt);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        // A word wider than the line is broken between letters.
        let mut word = word;
        let mut broken;
        while metrics.advance(word) * em > width && word.chars().count() > 1 {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut end = word.len();
            for (i, _) in word.char_indices().skip(1) {
                if metrics.advance(&word[..i]) * em > width {
                    break;
                }
                end = i;
            }
            if end == word.len() {
                end = word.char_indices().nth(1).map_or(word.len(), |(i, _)| i);
            }
            lines.push(word[..end].to_string());
            broken = word[end..].to_string();
            word = broken.as_str();
        }
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && metrics.advance(&candidate) * em > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Lines a title may take before it is set smaller.
const MAX_TITLE_LINES: usize = 3;
/// Smallest title size, as a share of the template's: below about 60 % a
/// title no longer reads as one above the instructions.
const MIN_TITLE_SCALE: f32 = 0.6;

/// The title's style and lines: the template's size, or smaller (down to
/// `MIN_TITLE_SCALE`) until it takes at most `MAX_TITLE_LINES` lines; an
/// error when even that does not hold it.
fn fit_title(
    label: &str,
    template: &Template,
    width: f32,
) -> Result<(TextStyle, Vec<String>), LayoutError> {
    let style = template.title;
    let smallest = style.size * MIN_TITLE_SCALE;
    let mut size = style.size;
    loop {
        let lines = wrap(label, style.font, size, width);
        if lines.len() <= MAX_TITLE_LINES {
            return Ok((TextStyle { size, ..style }, lines));
        }
        if size <= smallest {
            return Err(LayoutError {
                template: template.name.clone(),
                message: format!(
                    "the title ({} characters) takes {} lines even at {smallest:.1} pt; \
                     at most {MAX_TITLE_LINES} fit: shorten it",
                    label.chars().count(),
                    lines.len()
                ),
            });
        }
        size = (size - 0.5).max(smallest);
    }
}

/// Whether `heading` fits the template's title lines (see [`fit_title`]).
pub(super) fn check_heading(heading: &Heading, template: &Template) -> Result<(), LayoutError> {
    let width = match template.page {
        PageSize::FitContent => FIT_CONTENT_HEADING_WIDTH,
        PageSize::Fixed { .. } | PageSize::Column { .. } => content_area(template).width,
    };
    fit_title(&heading.label(), template, width).map(|_| ())
}

/// Draws lines of text from the top at `y`; returns the new `y`.
fn heading_lines(
    canvas: &mut Canvas,
    style: TextStyle,
    lines: &[String],
    x: f32,
    mut y: f32,
) -> f32 {
    if style.size <= 0.0 {
        return y;
    }
    let em = pt_to_mm(style.size);
    let ascent = style.font.metrics().ascender() * em;
    for line in lines {
        canvas.text(Point::new(x, y + ascent), style.font, style.size, line);
        y += HEADING_LEADING * em;
    }
    y
}

/// The area inside the margins, in trim coordinates (unbounded for
/// "fit content" templates). A booklet's gutter is on the left, as on a
/// right-hand page; `lay_out` moves left-hand pages over.
fn content_area(template: &Template) -> Area {
    let m = template.margins;
    match template.page {
        PageSize::Fixed { width, height } => Area::new(
            m.left + template.gutter,
            m.top,
            width - m.left - m.right - template.gutter,
            height - m.top - m.bottom,
        ),
        PageSize::FitContent => Area::new(m.left, m.top, f32::INFINITY, f32::INFINITY),
        PageSize::Column { width } => {
            Area::new(m.left, m.top, width - m.left - m.right, f32::INFINITY)
        }
    }
}

fn cell_size(rule: CellSize, cols: usize, rows: usize, width: f32, height: f32) -> f32 {
    let target = match rule {
        CellSize::Fixed(mm) => mm,
        CellSize::Fill { max } => max,
    };
    target.min(width / cols as f32).min(height / rows as f32)
}

/// The list below the grid at the largest type size that still lets the
/// grid reach `target` cells; when no size does, the size that gives the
/// grid the largest cells. (Set at the template's size first, the list
/// took the height the grid needed: 69 German words left a 20×20 grid
/// 4.5 mm cells on the magazine page.)
fn list_below(
    words: &[String],
    style: &WordListStyle,
    (width, room): (f32, f32),
    fit_list: fn(&[String], &WordListStyle, f32, f32) -> Option<ListFit>,
    cell_under: &dyn Fn(&ListFit) -> f32,
    target: f32,
) -> Option<ListFit> {
    let mut best: Option<(f32, ListFit)> = None;
    let mut size = style.size;
    loop {
        let at = WordListStyle {
            size,
            min_size: size,
            ..style.clone()
        };
        if let Some(fit) = fit_list(words, &at, width, room) {
            let cell = cell_under(&fit);
            if cell >= target - 1e-3 {
                return Some(fit);
            }
            if best.as_ref().is_none_or(|(c, _)| cell > *c + 1e-3) {
                best = Some((cell, fit));
            }
        }
        if size <= style.min_size {
            break;
        }
        size = (size - 0.5).max(style.min_size);
    }
    best.map(|(_, fit)| fit)
}

/// Whether a grid `cols` cells wide fits the template's column at
/// [`MIN_CELL`] (a page of another size: yes).
pub(super) fn check_column(cols: usize, template: &Template) -> Result<(), LayoutError> {
    let PageSize::Column { width } = template.page else {
        return Ok(());
    };
    let m = template.margins;
    let needed = cols as f32 * MIN_CELL + m.left + m.right;
    if needed > width {
        return Err(LayoutError {
            template: template.name.clone(),
            message: format!(
                "a grid {cols} cells wide needs a column at least {:.0} mm wide ({MIN_CELL} mm cells); this one is {width} mm",
                needed.ceil()
            ),
        });
    }
    Ok(())
}

/// The title and instruction lines of a puzzle page; where the body
/// starts. A key page keeps the puzzle page's spacing, so grid and list
/// sit where they did.
fn page_heading(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    template: &Template,
    heading: &Heading,
    parts: Parts,
    content: Area,
) -> Result<f32, LayoutError> {
    let fit_content = template.page.fits_content();
    let column_page = matches!(template.page, PageSize::Column { .. });
    let width = if fit_content && !column_page {
        FIT_CONTENT_HEADING_WIDTH
    } else {
        content.width
    };
    let (title_style, title) = fit_title(&heading.label(), template, width)?;
    let mut y = heading_lines(canvas, title_style, &title, content.x, content.y);
    let lines = wrap(
        &template.instructions_for(puzzle),
        template.subtitle.font,
        template.subtitle.size,
        width,
    );
    // The key page keeps the puzzle page's spacing, so grid and list sit where they did.
    let shown = if parts.key {
        vec![template.key_heading().to_string()]
    } else {
        lines.clone()
    };
    let end = heading_lines(canvas, template.subtitle, &shown, content.x, y);
    y += (end - y) / shown.len().max(1) as f32 * lines.len() as f32;
    if canvas.bounds().is_some() {
        y += GAP * 0.75;
    }
    Ok(y)
}

/// A magazine series: last issue's key, small, in the foot's outer
/// corner of each puzzle page; where the grid and list must end.
fn previous_key(
    canvas: &mut Canvas,
    template: &Template,
    parts: Parts,
    content: Area,
) -> Result<f32, LayoutError> {
    let fit_content = template.page.fits_content();
    let previous = match &template.previous_key {
        Some(previous) if parts.heading && !parts.key && !fit_content => {
            let width = template.key.small_width.min(content.width);
            let (label, solution_line) = key_lines(template, previous);
            let (cols, rows) = (previous.width(), previous.height());
            let height = label + width / cols as f32 * rows as f32 + solution_line + 1.0;
            let slot = Area::new(
                content.x + content.width - width,
                content.bottom() - height,
                width,
                height,
            );
            Some((slot, previous.as_ref()))
        }
        _ => None,
    };
    let bottom = previous.map_or(content.bottom(), |(slot, _)| slot.y - GAP);
    if let Some((slot, previous)) = previous {
        let label = Heading {
            title: template.texts().previous_key.clone(),
            number: None,
        };
        compact_key(canvas, &label, previous, template, slot, 1)?;
    }
    Ok(bottom)
}

/// The grid of a puzzle page at `at`: a word search's letters (rings on
/// its key), a fill-in's empty block (letters on its key), a Swedish
/// puzzle's clue cells.
fn draw_grid(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    template: &Template,
    parts: Parts,
    at: Point,
    cell: f32,
) {
    let key = parts.key.then_some(&template.key);
    canvas.mark_grid(at, cell);
    // A fill-in shows an empty block; its key shows the letters (no rings).
    let empty;
    let presentation = puzzle.kind().presentation();
    let (shown, key) = match (presentation, parts.key) {
        (Presentation::HiddenWords, _) => (puzzle, key),
        (Presentation::FillIn | Presentation::CluesInGrid, true) => (puzzle, None),
        (Presentation::FillIn | Presentation::CluesInGrid, false) => {
            empty = Puzzle {
                grid: puzzle.grid.iter().map(|r| vec![None; r.len()]).collect(),
                ..puzzle.clone()
            };
            (&empty, None)
        }
    };
    // An empty block needs its cell lines whatever the template says.
    let boxed = GridStyle {
        lines: GridLines::All,
        ..template.grid
    };
    match presentation {
        Presentation::HiddenWords => grid::draw(canvas, shown, &template.grid, at, cell, key),
        Presentation::FillIn => {
            grid::draw(canvas, shown, &boxed, at, cell, key);
            // Clues in the list: their numbers in the block.
            if !parts.key && puzzle.every_word_clued() {
                grid::cell_numbers(canvas, wordlist::fill_in_numbers(puzzle), at, cell);
            }
        }
        Presentation::CluesInGrid => clue_grid::draw(canvas, puzzle, template, at, cell, parts.key),
    }
}

/// Lays out one puzzle as a page showing `parts`.
pub fn puzzle_page(
    puzzle: &Puzzle,
    template: &Template,
    heading: &Heading,
    parts: Parts,
) -> Result<Page, LayoutError> {
    let mut canvas = Canvas::new();
    let content = content_area(template);
    let y = if parts.heading {
        page_heading(&mut canvas, puzzle, template, heading, parts, content)?
    } else {
        content.y
    };
    let bottom = previous_key(&mut canvas, template, parts, content)?;
    let body = Area::new(content.x, y, content.width, bottom - y);
    let block = place_block(puzzle, template, parts, body)?;
    draw_block(&mut canvas, puzzle, template, parts, body, block);
    Ok(canvas.into_page(template))
}

/// Where the grid and the word list go in the page's `body`, and how
/// large the grid's cells are: the list is fitted first (it has a
/// smallest type size) in the restricted area, beside or below the grid
/// as the template asks and the words allow, and the grid takes the rest;
/// a page that leaves the grid too small cells is refused.
fn place_block(
    puzzle: &Puzzle,
    template: &Template,
    parts: Parts,
    body: Area,
) -> Result<Block, LayoutError> {
    let fit_content = template.page.fits_content();
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let words = listed_words(puzzle, template, parts);
    let solution_height = match (puzzle.solution(), parts.words) {
        (Some(_), true) => template.solution.box_size + GAP,
        _ => 0.0,
    };
    let (mut list_style, fit_list) = list_style_of(puzzle, template);
    let room = GridRoom {
        cell_rule: match puzzle.kind().presentation() {
            Presentation::HiddenWords => template.grid.cell,
            Presentation::FillIn | Presentation::CluesInGrid => {
                template.grid.write_in_cell.unwrap_or(template.grid.cell)
            }
        },
        cols,
        rows,
        body,
        solution_height,
    };
    // In the restricted area when the template says so and the words fit
    // there with the grid at the size the page gives it without a list.
    let in_area = (list_style.position == ListPosition::InRestrictedArea
        && parts.grid
        && parts.words
        && !words.is_empty())
    .then(|| {
        let cell = room.cell(body.width, body.height - solution_height);
        list_in_area(&words, &list_style, &puzzle.mask, cell).map(|(fit, at)| (fit, at, cell))
    })
    .flatten();
    let beside_fit = room.beside(&words, &mut list_style, fit_content, parts.grid);
    let beside = beside_fit.is_some();
    let list_offset = in_area.as_ref().map(|&(_, at, _)| at);
    // Fit the list first (it has a minimum type size), then give the grid the rest.
    let (fit, cell) = if let Some((fit, _, cell)) = in_area {
        (Some(fit), cell)
    } else if let Some(fit) = beside_fit {
        let grid_width = body.width - list_style.beside_width - list_style.gap;
        (
            Some(fit),
            room.cell(grid_width, body.height - solution_height),
        )
    } else {
        room.below(&words, (&list_style, fit_list), template, parts.grid)?
    };
    if parts.grid && cell < MIN_CELL {
        check_column(cols, template)?;
        return Err(too_small(
            template,
            &format!(
                "the page leaves {cell:.1} mm per cell for a {cols}×{rows} grid (at least {MIN_CELL} mm needed)"
            ),
        ));
    }
    Ok(Block {
        list_style,
        words,
        fit,
        cell,
        beside,
        list_offset,
        solution_height,
    })
}

/// The words a page lists: a word search's sorted, a fill-in's grouped by
/// length; none for clues that stand in the grid.
fn listed_words(puzzle: &Puzzle, template: &Template, parts: Parts) -> Vec<String> {
    match (parts.words, puzzle.kind().presentation()) {
        (false, _) => Vec::new(),
        (true, Presentation::HiddenWords) => wordlist::sorted_words(puzzle),
        (true, Presentation::FillIn) => wordlist::fill_in_words(puzzle, template.texts()),
        // The clues stand in the grid.
        (true, Presentation::CluesInGrid) => Vec::new(),
    }
}

/// The word list's style and how it is fitted: a fill-in lists its words
/// in two groups, one to a column, each group whole.
fn list_style_of(puzzle: &Puzzle, template: &Template) -> (WordListStyle, FitList) {
    match puzzle.kind().presentation() {
        Presentation::HiddenWords | Presentation::CluesInGrid => {
            (template.word_list.clone(), wordlist::fit)
        }
        Presentation::FillIn => (
            WordListStyle {
                columns: 2,
                position: ListPosition::Below,
                ..template.word_list.clone()
            },
            wordlist::fit_exact,
        ),
    }
}

/// A page that leaves the content too little room, in the template's name.
fn too_small(template: &Template, what: &str) -> LayoutError {
    LayoutError {
        template: template.name.clone(),
        message: what.to_string(),
    }
}

/// The room a page's body gives a grid of `cols` × `rows` cells and the
/// solution boxes under it, for weighing where its word list goes.
struct GridRoom {
    cell_rule: CellSize,
    cols: usize,
    rows: usize,
    body: Area,
    solution_height: f32,
}

impl GridRoom {
    /// The cell the grid gets in `width` × `height` mm.
    fn cell(&self, width: f32, height: f32) -> f32 {
        cell_size(self.cell_rule, self.cols, self.rows, width, height)
    }

    /// The cell the grid gets above `fit`, a list set below it.
    fn cell_under(&self, fit: &ListFit, gap: f32) -> f32 {
        let height = self.body.height - self.solution_height - fit.height() - gap;
        self.cell(self.body.width, height)
    }

    /// Whether the list set below the grid in `below` (more columns)
    /// gives the grid cells [`BELOW_GAIN`] times those it has beside the
    /// list.
    fn below_gains(&self, words: &[String], below: &WordListStyle) -> bool {
        let beside_cell = self.cell(
            self.body.width - below.beside_width - below.gap,
            self.body.height - self.solution_height,
        );
        let list_room =
            self.body.height - self.solution_height - (self.rows as f32 * MIN_CELL + GAP);
        list_below(
            words,
            below,
            (self.body.width, list_room),
            wordlist::fit,
            &|fit| self.cell_under(fit, below.gap),
            self.cell(self.body.width, f32::INFINITY),
        )
        .is_some_and(|fit| self.cell_under(&fit, below.gap) >= beside_cell * BELOW_GAIN)
    }

    /// The list beside the grid when the template says so and the words
    /// fit there; otherwise (very long words) below it. A list beside a
    /// wide grid can leave the lower part of the page empty (a 16×16 grid
    /// at 6.5 mm on the magazine page): below it, in columns, the grid may
    /// get larger cells. The page takes whichever gives them (and `style`
    /// becomes the one below).
    fn beside(
        &self,
        words: &[String],
        style: &mut WordListStyle,
        fit_content: bool,
        grid: bool,
    ) -> Option<ListFit> {
        let fit = (style.position == ListPosition::Beside && grid && !words.is_empty())
            .then(|| wordlist::fit(words, style, style.beside_width, self.body.height))
            .flatten();
        let below_style = WordListStyle {
            position: ListPosition::Below,
            columns: style.columns.max(BELOW_COLUMNS),
            ..style.clone()
        };
        if fit.is_some() && !fit_content && self.below_gains(words, &below_style) {
            *style = below_style;
            return None;
        }
        fit
    }

    /// The list set below the grid, as wide as the grid on a page that
    /// fits its content (a column excepted), and the cell the rest gives
    /// the grid; a list that does not fit is refused.
    fn below(
        &self,
        words: &[String],
        (list_style, fit_list): (&WordListStyle, FitList),
        template: &Template,
        grid: bool,
    ) -> Result<(Option<ListFit>, f32), LayoutError> {
        let body = self.body;
        let fit_content = template.page.fits_content();
        // A column's width is given; other pages that fit their content
        // take the grid's or the list's.
        let column_page = matches!(template.page, PageSize::Column { .. });
        let list_width = (fit_content && !column_page).then(|| {
            let grid_width = if grid {
                self.cols as f32 * self.cell(body.width, body.height)
            } else {
                0.0
            };
            grid_width.max(100.0)
        });
        let fitted = self.list_under(
            words,
            (list_style, fit_list),
            list_width,
            grid,
            fit_content || !grid,
        );
        let fit = match (words.is_empty(), fitted) {
            (true, _) => None,
            (false, Some(fit)) => Some(fit),
            (false, None) => {
                return Err(too_small(
                    template,
                    &format!(
                        "the {} words do not fit under the grid (fewer words, a smaller grid or a larger page fit)",
                        words.len()
                    ),
                ));
            }
        };
        let list_height = fit.as_ref().map_or(0.0, |f| f.height() + list_style.gap);
        Ok((
            fit,
            self.cell(body.width, body.height - self.solution_height - list_height),
        ))
    }

    /// The list fitted below the grid, `width` wide (the body's when
    /// `None`) above the room the grid needs at its smallest cells (none
    /// without a grid); at the template's size when `as_set`, else at the
    /// size that leaves the grid its target cells ([`list_below`]).
    fn list_under(
        &self,
        words: &[String],
        (style, fit_list): (&WordListStyle, FitList),
        width: Option<f32>,
        grid: bool,
        as_set: bool,
    ) -> Option<ListFit> {
        let grid_reserve = if grid {
            self.rows as f32 * MIN_CELL + GAP
        } else {
            0.0
        };
        let list_room = self.body.height - self.solution_height - grid_reserve;
        let list_width = width.unwrap_or(self.body.width);
        if as_set {
            fit_list(words, style, list_width, list_room)
        } else {
            list_below(
                words,
                style,
                (list_width, list_room),
                fit_list,
                &|fit| self.cell_under(fit, style.gap),
                self.cell(self.body.width, f32::INFINITY),
            )
        }
    }
}

/// How a word list is fitted into a width and height: by columns
/// ([`wordlist::fit`]) or in exactly its columns ([`wordlist::fit_exact`]).
type FitList = fn(&[String], &WordListStyle, f32, f32) -> Option<ListFit>;

/// The grid and word list [`place_block`] placed: how they are set.
struct Block {
    words: Vec<String>,
    list_style: WordListStyle,
    fit: Option<ListFit>,
    /// The grid's cell, mm.
    cell: f32,
    /// The list beside the grid.
    beside: bool,
    /// The list in the restricted area, at this offset from the grid's
    /// top-left corner.
    list_offset: Option<Point>,
    /// Room for the solution boxes (0 without them).
    solution_height: f32,
}

impl Block {
    /// The block's height on the page: the grid of `rows` (when drawn)
    /// and what stands beside or under it.
    fn height(&self, rows: usize, grid: bool) -> f32 {
        let list_height = self.fit.as_ref().map_or(0.0, |f| f.height());
        let mut height = 0.0;
        if grid {
            let grid_height = rows as f32 * self.cell;
            height += if self.beside {
                grid_height.max(list_height)
            } else {
                grid_height
            };
        }
        if !self.beside && self.list_offset.is_none() && self.fit.is_some() {
            height += GAP * f32::from(u8::from(grid)) + list_height;
        }
        height + self.solution_height
    }
}

/// Draws the grid, the solution boxes and the word list as `block` places
/// them in `body`, the block a little above the middle of a page it does
/// not fill.
fn draw_block(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    template: &Template,
    parts: Parts,
    body: Area,
    block: Block,
) {
    let fit_content = template.page.fits_content();
    let column_page = matches!(template.page, PageSize::Column { .. });
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let mut y = body.y;
    if parts.heading && !fit_content {
        // A page the block does not fill keeps the free space a third above
        // the block and two thirds below, so it sits a little above the
        // middle (book typography's 1:2 head-to-foot margins) instead of
        // hanging under the title above an empty half page.
        y += (body.height - block.height(rows, parts.grid)).max(0.0) * BALANCE_ABOVE;
    }
    let Block {
        words,
        list_style,
        fit,
        cell,
        beside,
        list_offset,
        ..
    } = block;
    let list_style = &list_style;
    let grid_width = if parts.grid { cols as f32 * cell } else { 0.0 };
    let longest = fit
        .as_ref()
        .map_or(0.0, |f| wordlist::longest(&words, list_style, f));
    let list_width = fit.as_ref().map_or(0.0, |f| f.width(longest));
    let column = if !column_page && (fit_content || beside) {
        grid_width.max(if beside { 0.0 } else { list_width })
    } else {
        body.width
    };
    let centred = |width: f32| {
        if beside {
            body.x
        } else {
            body.x + (column - width).max(0.0) / 2.0
        }
    };
    if parts.grid {
        let at = Point::new(centred(grid_width), y);
        draw_grid(canvas, puzzle, template, parts, at, cell);
        if beside && let Some(fit) = &fit {
            let at = Point::new(body.x + grid_width + list_style.gap, y);
            wordlist::draw(canvas, &words, list_style, fit, at);
        }
        if let (Some(offset), Some(fit)) = (list_offset, &fit) {
            let at = Point::new(centred(grid_width) + offset.x, y + offset.y);
            wordlist::draw(canvas, &words, list_style, fit, at);
        }
        y += rows as f32 * cell + GAP;
    }
    if let (Some(solution), true) = (puzzle.solution(), parts.words) {
        let available = if beside { body.width } else { column };
        let row_width = solution_row_width(template, &solution.groups, available);
        let at = Point::new(centred(row_width.0), y);
        solution_strip(canvas, puzzle, solution, template, parts, at, row_width.1);
        y += template.solution.box_size + GAP;
    }
    if !beside
        && list_offset.is_none()
        && let Some(fit) = &fit
    {
        wordlist::draw(
            canvas,
            &words,
            list_style,
            fit,
            Point::new(centred(list_width), y),
        );
    }
}

/// The solution's boxes of `side` mm at `at`: empty on the puzzle page,
/// filled in on the key.
fn solution_strip(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    solution: &Solution,
    template: &Template,
    parts: Parts,
    at: Point,
    side: f32,
) {
    let letters: Vec<char> = solution.word.chars().collect();
    let shown = parts.key.then_some(letters.as_slice());
    // Swedish puzzles number their solution cells; the strip repeats
    // the numbers so the solver knows which letter goes where.
    let numbered = match puzzle.kind().presentation() {
        Presentation::CluesInGrid => !parts.key,
        Presentation::HiddenWords | Presentation::FillIn => false,
    };
    solution_boxes(
        canvas,
        template,
        &solution.groups,
        shown,
        numbered,
        at,
        side,
    );
}

/// Room left round a word list set in a restricted area, in cells: the
/// list keeps about half a cell from the letters beside it, as the grid's
/// letters keep from each other.
const AREA_PADDING_CELLS: f32 = 0.5;

/// The word list fitted into the largest restricted rectangle of `mask`
/// (cells of `cell` mm), with its top-left corner relative to the grid's;
/// none when there is no such area or the words do not fit it.
fn list_in_area(
    words: &[String],
    style: &WordListStyle,
    mask: &Mask,
    cell: f32,
) -> Option<(ListFit, Point)> {
    let (row, col, height, width) = largest_restricted_rect(mask)?;
    let pad = AREA_PADDING_CELLS * cell;
    let room = (
        width as f32 * cell - 2.0 * pad,
        height as f32 * cell - 2.0 * pad,
    );
    if room.0 <= 0.0 || room.1 <= 0.0 {
        return None;
    }
    let fit = wordlist::fit(words, style, room.0, room.1)?;
    // Centred in the area.
    let used = (
        fit.width(wordlist::longest(words, style, &fit)),
        fit.height(),
    );
    let at = Point::new(
        col as f32 * cell + pad + (room.0 - used.0).max(0.0) / 2.0,
        row as f32 * cell + pad + (room.1 - used.1).max(0.0) / 2.0,
    );
    Some((fit, at))
}

/// The largest rectangle of restricted cells: (row, column, height, width).
fn largest_restricted_rect(mask: &Mask) -> Option<(usize, usize, usize, usize)> {
    let (cols, rows) = (mask.width(), mask.height());
    // Restricted cells running down from each cell of the row.
    let mut run = vec![0usize; cols];
    let mut best: Option<(usize, (usize, usize, usize, usize))> = None;
    for r in 0..rows {
        for (c, run) in run.iter_mut().enumerate() {
            let restricted = mask.kind(Pos::new(r, c)) == CellKind::Restricted;
            *run = if restricted { *run + 1 } else { 0 };
        }
        // Rectangles ending on row r: each column's run as the height,
        // widened over the neighbours whose runs reach as high.
        for c in 0..cols {
            let h = run[c];
            if h == 0 {
                continue;
            }
            let left = (0..c).rev().take_while(|&k| run[k] >= h).count();
            let right = (c + 1..cols).take_while(|&k| run[k] >= h).count();
            let width = left + 1 + right;
            let area = h * width;
            if best.is_none_or(|(a, _)| area > a) {
                best = Some((area, (r + 1 - h, c - left, h, width)));
            }
        }
    }
    best.map(|(_, rect)| rect)
}

/// The gap between two words of the solution strip, in boxes.
const WORD_GAP: f32 = 0.6;

/// (row width, box side) of the solution row of `groups` (letters per
/// word) within `available` mm: boxes grouped by word, a gap between.
fn solution_row_width(template: &Template, groups: &[usize], available: f32) -> (f32, f32) {
    let style = &template.solution;
    let label = label_width(template);
    let count: usize = groups.iter().sum();
    let units = count as f32 + WORD_GAP * groups.len().saturating_sub(1) as f32;
    let side = style
        .box_size
        .min((available - label).max(units) / units.max(1.0));
    (label + side * units, side)
}

/// The left edge of each box of a strip of `groups`, from 0.
fn box_offsets(groups: &[usize], side: f32) -> Vec<f32> {
    let mut out = Vec::new();
    let mut x = 0.0;
    for (g, &letters) in groups.iter().enumerate() {
        if g > 0 {
            x += WORD_GAP * side;
        }
        for _ in 0..letters {
            out.push(x);
            x += side;
        }
    }
    out
}

fn label_width(template: &Template) -> f32 {
    let label = template.solution_label();
    if label.is_empty() {
        return 0.0;
    }
    let size = template.word_list.size;
    template.word_list.font.metrics().advance(label) * pt_to_mm(size) + 3.0
}

/// The row of boxes for the solution word; with `letters`, filled in.
fn solution_boxes(
    canvas: &mut Canvas,
    template: &Template,
    groups: &[usize],
    letters: Option<&[char]>,
    numbered: bool,
    at: Point,
    side: f32,
) {
    let list = &template.word_list;
    let label = label_width(template);
    if label > 0.0 {
        let metrics = list.font.metrics();
        let baseline = at.y + side / 2.0 + metrics.cap_height() * pt_to_mm(list.size) / 2.0;
        canvas.text(
            Point::new(at.x, baseline),
            list.font,
            list.size,
            template.solution_label(),
        );
    }
    let stroke = Stroke::solid(BOX_LINE, Ink::BLACK);
    let face = template.grid.font;
    let metrics = face.metrics();
    let size_mm = 0.5 * side / metrics.cap_height();
    let mut buffer = [0u8; 4];
    let offsets = box_offsets(groups, side);
    for (i, &dx) in offsets.iter().enumerate() {
        let x = at.x + label + dx;
        if numbered {
            let number = [(crate::model::Pos::new(0, 0), i + 1)];
            grid::cell_numbers(canvas, number, Point::new(x, at.y), side);
        }
        canvas.rect(Area::new(x, at.y, side, side), None, Some(stroke));
        if let Some(&letter) = letters.and_then(|l| l.get(i)) {
            let origin = Point::new(
                x + side / 2.0 - metrics.ink_centre(letter) * size_mm,
                at.y + side / 2.0 + metrics.cap_height() * size_mm / 2.0,
            );
            canvas.text(
                origin,
                face,
                mm_to_pt(size_mm),
                letter.encode_utf8(&mut buffer),
            );
        }
    }
}

/// Reduced answer keys, `columns × rows` to a page, under the template's
/// key heading; each with its label and solution word.
pub fn collected_keys(
    entries: &[(Heading, &Puzzle)],
    template: &Template,
) -> Result<Vec<Page>, LayoutError> {
    let content = content_area(template);
    let key = &template.key;
    let per_page = key.columns * key.rows;
    let mut pages = Vec::new();
    for chunk in entries.chunks(per_page) {
        let mut canvas = Canvas::new();
        let top = heading_lines(
            &mut canvas,
            template.title,
            &[template.key_heading().to_string()],
            content.x,
            content.y,
        ) + GAP * 0.5;
        let slot_width = (content.width - GAP * (key.columns - 1) as f32) / key.columns as f32;
        let slot_height = (content.bottom() - top - GAP * (key.rows - 1) as f32) / key.rows as f32;
        for (i, (heading, puzzle)) in chunk.iter().enumerate() {
            let x = content.x + (i % key.columns) as f32 * (slot_width + GAP);
            let y = top + (i / key.columns) as f32 * (slot_height + GAP);
            let slot = Area::new(x, y, slot_width, slot_height);
            compact_key(&mut canvas, heading, puzzle, template, slot, per_page)?;
        }
        pages.push(canvas.into_page(template));
    }
    Ok(pages)
}

/// Each puzzle's compact key on a page of its own, `key.small_width` mm
/// wide and as tall as the key with a millimetre round it: placed into the
/// next issue's page by a layout program, beside the next puzzle.
pub fn small_keys(
    entries: &[(Heading, &Puzzle)],
    template: &Template,
) -> Result<Vec<Page>, LayoutError> {
    let width = template.key.small_width;
    let page = Template {
        page: PageSize::FitContent,
        // A millimetre round the key: lines drawn on its edge keep their
        // whole width on the page.
        margins: Margins {
            top: 1.0,
            right: 1.0,
            bottom: 1.0,
            left: 1.0,
        },
        bleed: 0.0,
        crop_marks: false,
        ..template.clone()
    };
    let mut pages = Vec::new();
    for (heading, puzzle) in entries {
        let (label, solution_line) = key_lines(template, puzzle);
        let (cols, rows) = (puzzle.width(), puzzle.height());
        let height = label + width / cols as f32 * rows as f32 + solution_line + 1.0;
        let mut canvas = Canvas::new();
        let slot = Area::new(0.0, 0.0, width, height);
        compact_key(&mut canvas, heading, puzzle, template, slot, 1)?;
        pages.push(canvas.into_page(&page));
    }
    Ok(pages)
}

/// The heights of a compact key's label line and of its solution line
/// (none without a solution word).
fn key_lines(template: &Template, puzzle: &Puzzle) -> (f32, f32) {
    let label = HEADING_LEADING * pt_to_mm(key_label_style(template).size);
    (
        label,
        if puzzle.solution().is_some() {
            label
        } else {
            0.0
        },
    )
}

fn key_label_style(template: &Template) -> TextStyle {
    TextStyle {
        font: Face::Bold,
        size: template.subtitle.size.max(8.0),
    }
}

/// One compact key in `slot`: the puzzle's label, its grid with the
/// answers marked (capsules, or letters for write-in kinds) and the spaced
/// solution; an error when the grid's cells would be smaller than
/// [`MIN_KEY_CELL`] (`per_page`: keys sharing the page, for the message).
fn compact_key(
    canvas: &mut Canvas,
    heading: &Heading,
    puzzle: &Puzzle,
    template: &Template,
    slot: Area,
    per_page: usize,
) -> Result<(), LayoutError> {
    let key = &template.key;
    let label_style = key_label_style(template);
    let (label_height, solution_line) = key_lines(template, puzzle);
    let Area {
        x,
        y,
        width: slot_width,
        height: slot_height,
    } = slot;
    let label = heading.label();
    let natural = label_style.font.metrics().advance(&label) * pt_to_mm(label_style.size);
    let fitted = TextStyle {
        size: label_style.size * (slot_width / natural).min(1.0),
        ..label_style
    };
    heading_lines(canvas, fitted, &[label], x, y);
    let grid_height = slot_height - label_height - solution_line - 1.0;
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let cell = (slot_width / cols as f32).min(grid_height / rows as f32);
    if cell < MIN_KEY_CELL {
        return Err(LayoutError {
            template: template.name.clone(),
            message: format!(
                "{per_page} keys per page leave {cell:.1} mm per cell for a {cols}×{rows} grid"
            ),
        });
    }
    let grid_x = x + (slot_width - cols as f32 * cell) / 2.0;
    let grid_y = y + label_height;
    let at = Point::new(grid_x, grid_y);
    match puzzle.kind().presentation() {
        Presentation::HiddenWords => {
            grid::draw(canvas, puzzle, &template.grid, at, cell, Some(key))
        }
        Presentation::FillIn => grid::draw(canvas, puzzle, &template.grid, at, cell, None),
        Presentation::CluesInGrid => clue_grid::draw(canvas, puzzle, template, at, cell, true),
    }
    if let Some(solution) = puzzle.solution() {
        let text = format!("{} {}", template.solution_label(), solution.spaced());
        let face = Face::Regular;
        // Long solution words get smaller type rather than leaving the slot.
        let natural = face.metrics().advance(&text) * pt_to_mm(label_style.size);
        let size = label_style.size * (slot_width / natural).min(1.0);
        heading_lines(
            canvas,
            TextStyle { font: face, size },
            &[text],
            x + (slot_width - natural.min(slot_width)) / 2.0,
            grid_y + rows as f32 * cell + 1.0,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_restricted_rectangle_is_found_among_several() {
        let mut mask = crate::model::Shape::Rectangle.mask(12, 10).unwrap();
        assert_eq!(largest_restricted_rect(&mask), None);
        // A 3×2 area top left, an L of a 4×4 square with a 2×3 strip
        // under its left half: the square (16 cells) wins over the strip
        // down its left half (2×7).
        mask.restrict(0, 0, 3, 2);
        mask.restrict(6, 2, 4, 4);
        mask.restrict(6, 6, 2, 3);
        assert_eq!(largest_restricted_rect(&mask), Some((2, 6, 4, 4)));
    }
}
