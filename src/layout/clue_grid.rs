//! Draws a Swedish puzzle's grid: clue cells tinted with their clue text
//! fitted inside (two clues split by a line), arrows as vector strokes
//! (straight and bent) into the cells where answers start, empty letter
//! cells with the solution cells' numbers; the key shows the letters.

use super::canvas::Canvas;
use super::fonts::{Face, mm_to_pt, pt_to_mm};
use super::items::{Area, Ink, Point, Stroke};
use super::template::{ClueStyle, GridLines, GridStyle};
use crate::model::{Arrow, Pos, Puzzle};

/// Steps tried between the largest and the smallest type.
const CLUE_PT_STEP: f32 = 0.25;
/// Inner margin of a clue box, as a share of the cell.
const CLUE_PAD: f32 = 0.05;
/// Line spacing of clue text, times the type size.
const CLUE_LEADING: f32 = 1.08;
/// Clue-cell tint: light enough for black 4.5 pt text to stay crisp.
const CLUE_TINT: Ink = Ink::grey(0.14);
/// Arrow size as a share of the cell.
const ARROW: f32 = 0.16;

/// Draws the grid with its top-left corner at `origin`, `cell` mm a side;
/// `key`: the letters instead of clue text and numbers.
pub fn draw(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    style: &GridStyle,
    clue_style: &ClueStyle,
    origin: Point,
    cell: f32,
    key: bool,
) {
    let corner = |pos: Pos| {
        Point::new(
            origin.x + pos.col as f32 * cell,
            origin.y + pos.row as f32 * cell,
        )
    };
    for clue_cell in puzzle.clue_cells() {
        let c = corner(clue_cell.pos);
        canvas.rect(Area::new(c.x, c.y, cell, cell), Some(CLUE_TINT), None);
    }
    if key && let Some(solution) = puzzle.solution() {
        for &pos in &solution.cells {
            let c = corner(pos);
            canvas.rect(Area::new(c.x, c.y, cell, cell), Some(Ink::grey(0.25)), None);
        }
    }
    // Every cell boxed, whatever the template's grid lines.
    let boxed = GridStyle {
        lines: GridLines::All,
        line_colour: Ink::BLACK,
        ..*style
    };
    let scale = (cell / 8.0).min(1.0);
    super::grid::draw_lines(canvas, &puzzle.mask, &boxed, origin, cell, scale);
    let thin = Stroke::solid(0.35 * scale.max(0.5), Ink::BLACK);
    for clue_cell in puzzle.clue_cells() {
        let c = corner(clue_cell.pos);
        let parts = clue_cell.clues.len().max(1);
        let part = cell / parts as f32;
        if parts == 2 {
            canvas.line(
                Point::new(c.x, c.y + part),
                Point::new(c.x + cell, c.y + part),
                thin,
            );
        }
        for (i, clue) in clue_cell.clues.iter().enumerate() {
            if !key && let Some(text) = puzzle.words.get(clue.word).and_then(|w| w.clue.as_deref())
            {
                let area = Area::new(c.x, c.y + i as f32 * part, cell, part);
                clue_text(canvas, text, clue_style, area);
            }
            arrow(canvas, clue.arrow, c, cell, (i as f32 + 0.5) * part, thin);
        }
    }
    if key {
        letters(canvas, puzzle, style, &corner, cell);
    } else if let Some(solution) = puzzle.solution() {
        let numbered = solution.cells.iter().copied().zip(1..);
        super::grid::cell_numbers(canvas, numbered, origin, cell);
    }
}

fn letters(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    style: &GridStyle,
    corner: &dyn Fn(Pos) -> Point,
    cell: f32,
) {
    let metrics = style.font.metrics();
    let size_mm = style.letter_height * cell / metrics.cap_height();
    let mut buffer = [0u8; 4];
    for pos in puzzle.mask.positions() {
        let Some(letter) = puzzle.letter(pos) else {
            continue;
        };
        let c = corner(pos);
        let x = c.x + cell / 2.0 - metrics.ink_centre(letter) * size_mm;
        let y = c.y + cell / 2.0 + metrics.cap_height() * size_mm / 2.0;
        canvas.text(
            Point::new(x, y),
            style.font,
            mm_to_pt(size_mm),
            letter.encode_utf8(&mut buffer),
        );
    }
}

/// An arrow from the clue cell at `c` (top-left corner) into the cell its
/// answer starts in, level with the clue at `mid` mm below the top.
fn arrow(canvas: &mut Canvas, arrow: Arrow, c: Point, cell: f32, mid: f32, stroke: Stroke) {
    let a = ARROW * cell;
    let right = c.x + cell;
    let bottom = c.y + cell;
    let centre_x = c.x + cell / 2.0;
    match arrow {
        Arrow::Right => {
            let y = c.y + mid;
            head(canvas, Point::new(right, y), (1.0, 0.0), a, stroke);
        }
        Arrow::Down => head(canvas, Point::new(centre_x, bottom), (0.0, 1.0), a, stroke),
        Arrow::DownThenRight => {
            let x = c.x + a;
            let turn = Point::new(x, bottom + a);
            canvas.line(Point::new(x, bottom), turn, stroke);
            head(canvas, turn, (1.0, 0.0), a, stroke);
        }
        Arrow::RightThenDown => {
            let y = c.y + mid.min(cell - a);
            let turn = Point::new(right + a, y);
            canvas.line(Point::new(right, y), turn, stroke);
            head(canvas, turn, (0.0, 1.0), a, stroke);
        }
    }
}

/// An arrowhead: a filled-looking wedge of strokes starting at `from`,
/// pointing along `dir`.
fn head(canvas: &mut Canvas, from: Point, dir: (f32, f32), a: f32, stroke: Stroke) {
    let tip = Point::new(from.x + dir.0 * a, from.y + dir.1 * a);
    let (nx, ny) = (-dir.1, dir.0);
    let half = a * 0.55;
    for k in 0..4 {
        let spread = half * (1.0 - k as f32 / 4.0);
        let base_a = Point::new(from.x + nx * spread, from.y + ny * spread);
        let base_b = Point::new(from.x - nx * spread, from.y - ny * spread);
        canvas.line(base_a, tip, stroke);
        canvas.line(base_b, tip, stroke);
    }
}

/// Clue text fitted into `area`: the largest type from the style's size
/// down to its minimum at which its lines fit, words broken with a hyphen
/// only when one alone is wider than the box; centred.
fn clue_text(canvas: &mut Canvas, text: &str, style: &ClueStyle, area: Area) {
    let face = Face::Regular;
    let pad = CLUE_PAD * area.width;
    let width = area.width - 2.0 * pad;
    let height = area.height - pad;
    let (size, lines) = fit_clue(text, face, style, width, height);
    let size_mm = pt_to_mm(size);
    let leading = CLUE_LEADING * size_mm;
    let metrics = face.metrics();
    let block = leading * (lines.len() as f32 - 1.0) + metrics.cap_height() * size_mm;
    let mut baseline = area.y + (area.height - block) / 2.0 + metrics.cap_height() * size_mm;
    for line in &lines {
        let w = metrics.advance(line) * size_mm;
        canvas.text(
            Point::new(area.x + (area.width - w) / 2.0, baseline),
            face,
            size,
            line,
        );
        baseline += leading;
    }
}

/// The type size and lines of a clue in a `width` × `height` mm box:
/// the largest size whose whole words fit; only when none does down to
/// the style's minimum, words are broken with hyphens at that size.
pub fn fit_clue(
    text: &str,
    face: Face,
    style: &ClueStyle,
    width: f32,
    height: f32,
) -> (f32, Vec<String>) {
    let metrics = face.metrics();
    let fits = |size: f32, lines: &[String]| {
        let size_mm = pt_to_mm(size);
        let needed = CLUE_LEADING * size_mm * (lines.len() as f32 - 1.0)
            + (metrics.ascender() - metrics.descender()) * size_mm;
        needed <= height
            && lines
                .iter()
                .all(|l| metrics.advance(l) * size_mm <= width + 1e-3)
    };
    let mut size = style.size;
    while size >= style.min_size {
        let size_mm = pt_to_mm(size);
        let lines = wrap_clue(text, &|s: &str| metrics.advance(s) * size_mm, width, false);
        if fits(size, &lines) {
            return (size, lines);
        }
        size -= CLUE_PT_STEP;
    }
    let size_mm = pt_to_mm(style.min_size);
    let lines = wrap_clue(text, &|s: &str| metrics.advance(s) * size_mm, width, true);
    (style.min_size, lines)
}

/// Greedy line breaking; a word wider than the box is split with hyphens.
fn wrap_clue(
    text: &str,
    advance: &dyn Fn(&str) -> f32,
    width: f32,
    hyphenate: bool,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if advance(&candidate) <= width {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        if advance(word) <= width || !hyphenate {
            current = word.to_string();
            continue;
        }
        // Hyphenate: as many letters as fit with a hyphen, then the rest.
        let mut rest: Vec<char> = word.chars().collect();
        while !rest.is_empty() {
            let whole: String = rest.iter().collect();
            if advance(&whole) <= width || rest.len() < 4 {
                current = whole;
                break;
            }
            let piece = |n: usize| format!("{}-", rest[..n].iter().collect::<String>());
            let tail = |n: usize| rest[n..].iter().collect::<String>();
            // Two halves when both fit ("broad-sword", not "broadswo-rd");
            // else as much as fits, keeping at least three letters after
            // the break.
            let half = rest.len().div_ceil(2);
            let mut take = if advance(&piece(half)) <= width && advance(&tail(half)) <= width {
                half
            } else {
                rest.len().saturating_sub(3).max(2)
            };
            while take > 2 && advance(&piece(take)) > width {
                take -= 1;
            }
            lines.push(format!("{}-", rest[..take].iter().collect::<String>()));
            rest.drain(..take);
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_shrink_to_fit_and_long_words_break() {
        let face = Face::Regular;
        let style = ClueStyle::default();
        let (size, lines) = fit_clue("Auto", face, &style, 9.0, 9.0);
        assert_eq!((size, lines.len()), (style.size, 1));
        let (small, lines) = fit_clue("Bildungsmaßnahme für Erwachsene", face, &style, 9.0, 4.5);
        assert!(small < style.size, "{small}");
        assert!(lines.len() >= 2);
        let advance = |s: &str| face.metrics().advance(s) * pt_to_mm(style.min_size);
        for line in &lines {
            assert!(
                advance(line) <= 9.0 + 1e-3 || small == style.min_size,
                "{line}"
            );
        }
        let broken = wrap_clue("Donaudampfschifffahrtsgesellschaft", &advance, 9.0, true);
        assert!(broken.len() >= 2 && broken[0].ends_with('-'), "{broken:?}");
        let two = wrap_clue("broadsword", &advance, advance("broadsw-"), true);
        assert_eq!(two, ["broad-", "sword"]);
    }
}
