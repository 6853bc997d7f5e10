//! Draws the letter grid: only mask cells, letters centred optically, inner
//! lines and the shape's outline merged into long runs, and for the answer key
//! the solution cells tinted and every word ringed by a capsule.

use super::canvas::Canvas;
use super::fonts::{mm_to_pt, pt_to_mm};
use super::items::{Area, Ink, Point, Stroke};
use super::template::{GridLines, GridStyle, KeyStyle};
use crate::model::{CellKind, Mask, Pos, Puzzle};

/// Capsule half-width as a fraction of the cell.
const CAPSULE_RADIUS: f32 = 0.4;

/// Draws `puzzle`'s grid with its top-left corner at `origin` and square
/// cells of `cell` mm; with `key`, the answer-key overlays too.
pub fn draw(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    style: &GridStyle,
    origin: Point,
    cell: f32,
    key: Option<&KeyStyle>,
) {
    let mask = &puzzle.mask;
    let corner = |pos: Pos| {
        Point::new(
            origin.x + pos.col as f32 * cell,
            origin.y + pos.row as f32 * cell,
        )
    };
    let centre = |pos: Pos| {
        let c = corner(pos);
        Point::new(c.x + cell / 2.0, c.y + cell / 2.0)
    };
    if let (Some(key), Some(solution)) = (key, puzzle.solution()) {
        for &pos in &solution.cells {
            let c = corner(pos);
            canvas.rect(
                Area::new(c.x, c.y, cell, cell),
                Some(key.solution_fill),
                None,
            );
        }
    }
    // Scale line widths down for small (collected, reduced) keys.
    let scale = (cell / 8.0).min(1.0);
    draw_lines(canvas, mask, style, origin, cell, scale);
    if let Some(key) = key {
        let stroke = Stroke::solid(key.capsule_width * scale.max(0.5), key.capsule_colour);
        for word in &puzzle.words {
            let cells = word.cells();
            let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
                continue;
            };
            canvas.capsule(centre(first), centre(last), CAPSULE_RADIUS * cell, stroke);
        }
    }
    let metrics = style.font.metrics();
    let size_mm = style.letter_height * cell / metrics.cap_height();
    let size_pt = mm_to_pt(size_mm);
    let mut buffer = [0u8; 4];
    for pos in mask.positions() {
        let Some(letter) = puzzle.letter(pos) else {
            continue;
        };
        let c = centre(pos);
        let x = c.x - metrics.ink_centre(letter) * size_mm;
        let y = c.y + metrics.cap_height() * size_mm / 2.0;
        canvas.text(
            Point::new(x, y),
            style.font,
            size_pt,
            letter.encode_utf8(&mut buffer),
        );
    }
}

/// Small numbers in the top-left corners of cells (crossword numbers,
/// solution-cell numbers), a quarter of the cell high.
pub fn cell_numbers(
    canvas: &mut Canvas,
    numbers: impl IntoIterator<Item = (Pos, usize)>,
    origin: Point,
    cell: f32,
) {
    place_numbers(canvas, numbers, origin, cell, NumberCorner::TopLeft);
}

/// Which corner of its cell a small number sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberCorner {
    /// Crossword style: the clue number where the answer starts.
    TopLeft,
    /// Solution numbers of Swedish puzzles: clear of the arrows, which
    /// enter a cell at its top and left edges.
    BottomRight,
}

/// Numbers in the chosen corner of their cells, a quarter of a cell high.
pub fn place_numbers(
    canvas: &mut Canvas,
    numbers: impl IntoIterator<Item = (Pos, usize)>,
    origin: Point,
    cell: f32,
    corner: NumberCorner,
) {
    let face = super::fonts::Face::Regular;
    let size = mm_to_pt(cell * 0.26);
    let size_mm = pt_to_mm(size);
    let ascent = face.metrics().cap_height() * size_mm;
    let inset = cell * 0.07;
    for (pos, number) in numbers {
        let text = number.to_string();
        let (x0, y0) = (
            origin.x + pos.col as f32 * cell,
            origin.y + pos.row as f32 * cell,
        );
        let at = match corner {
            NumberCorner::TopLeft => Point::new(x0 + inset, y0 + inset + ascent),
            NumberCorner::BottomRight => Point::new(
                x0 + cell - inset - face.metrics().advance(&text) * size_mm,
                y0 + cell - inset,
            ),
        };
        canvas.text(at, face, size, &text);
    }
}

/// Which edge a run of grid line lies on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Inner,
    Outline,
    Restricted,
}

fn classify(a: CellKind, b: CellKind, lines: GridLines, frame: bool) -> Option<Edge> {
    let playable = |k| k == CellKind::Playable;
    let restricted = |k| k == CellKind::Restricted;
    match (playable(a), playable(b)) {
        (true, true) if lines == GridLines::All => Some(Edge::Inner),
        (true, false) | (false, true) if lines != GridLines::None => Some(Edge::Outline),
        _ if frame && restricted(a) != restricted(b) => Some(Edge::Restricted),
        _ => None,
    }
}

/// The runs of like edges along each horizontal cell boundary, then each
/// vertical one: (edge, horizontal, boundary, start, end) in cells.
fn edge_runs(mask: &Mask, style: &GridStyle) -> Vec<(Edge, bool, usize, usize, usize)> {
    let (w, h) = (mask.width(), mask.height());
    let kind = |col: isize, row: isize| {
        if col < 0 || row < 0 || col >= w as isize || row >= h as isize {
            CellKind::Outside
        } else {
            mask.kind(Pos::new(row as usize, col as usize))
        }
    };
    let mut runs: Vec<(Edge, bool, usize, usize, usize)> = Vec::new();
    let mut collect = |horizontal: bool, lines: usize, length: usize| {
        for line in 0..=lines {
            let mut current: Option<(Edge, usize)> = None;
            for i in 0..=length {
                let edge = (i < length)
                    .then(|| {
                        let (a, b) = if horizontal {
                            (
                                kind(i as isize, line as isize - 1),
                                kind(i as isize, line as isize),
                            )
                        } else {
                            (
                                kind(line as isize - 1, i as isize),
                                kind(line as isize, i as isize),
                            )
                        };
                        classify(a, b, style.lines, style.restricted_frame)
                    })
                    .flatten();
                if current.map(|c| c.0) != edge {
                    if let Some((e, start)) = current {
                        runs.push((e, horizontal, line, start, i));
                    }
                    current = edge.map(|e| (e, i));
                }
            }
        }
    };
    collect(true, h, w);
    collect(false, w, h);
    runs
}

pub(super) fn draw_lines(
    canvas: &mut Canvas,
    mask: &Mask,
    style: &GridStyle,
    origin: Point,
    cell: f32,
    scale: f32,
) {
    let runs = edge_runs(mask, style);
    for pass in [Edge::Restricted, Edge::Inner, Edge::Outline] {
        let stroke = match pass {
            Edge::Inner => Stroke::solid(style.line_width * scale, style.line_colour),
            Edge::Outline => Stroke::solid(style.outline_width * scale, Ink::BLACK),
            Edge::Restricted => Stroke {
                width_pt: 0.3,
                ink: Ink::grey(0.5),
                dashed: true,
            },
        };
        // Outline runs reach half a line width past their ends so corners close squarely.
        let overshoot = if pass == Edge::Outline {
            pt_to_mm(stroke.width_pt) / 2.0
        } else {
            0.0
        };
        for &(edge, horizontal, line, start, end) in &runs {
            if edge != pass {
                continue;
            }
            let fixed = line as f32 * cell;
            let (a, b) = (
                start as f32 * cell - overshoot,
                end as f32 * cell + overshoot,
            );
            let (from, to) = if horizontal {
                (
                    Point::new(origin.x + a, origin.y + fixed),
                    Point::new(origin.x + b, origin.y + fixed),
                )
            } else {
                (
                    Point::new(origin.x + fixed, origin.y + a),
                    Point::new(origin.x + fixed, origin.y + b),
                )
            };
            canvas.line(from, to, stroke);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::items::Item;

    fn lines_of(mask: &str, lines: GridLines) -> Vec<(Point, Point, f32)> {
        let mask = Mask::parse(mask, "test").unwrap();
        let mut canvas = Canvas::new();
        let style = GridStyle {
            lines,
            ..GridStyle::default()
        };
        draw_lines(&mut canvas, &mask, &style, Point::new(0.0, 0.0), 10.0, 1.0);
        let page = canvas.into_page(&crate::layout::Template::find("puzzle-only").unwrap());
        page.items
            .into_iter()
            .filter_map(|item| match item {
                Item::Line { from, to, stroke } => Some((from, to, stroke.width_pt)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_rectangle_has_one_run_per_grid_line() {
        // 3×3 cells: 4 horizontal + 4 vertical boundaries, outline or inner.
        let lines = lines_of("...\n...\n...", GridLines::All);
        assert_eq!(lines.len(), 8);
        let outline: Vec<_> = lines.iter().filter(|l| l.2 > 1.0).collect();
        assert_eq!(outline.len(), 4);
    }

    #[test]
    fn outline_follows_the_shape_and_skips_restricted_cells() {
        // A plus shape with a restricted centre: only outline edges, no inner ones.
        let lines = lines_of("#.#\n.x.\n#.#", GridLines::Outline);
        assert!(lines.iter().all(|l| l.2 > 1.0));
        // Every playable cell is boxed by the outline: 4 cells × 4 sides = 16 unit edges.
        let total: f32 = lines
            .iter()
            .map(|(a, b, w)| {
                ((a.x - b.x).abs() + (a.y - b.y).abs() - crate::layout::fonts::pt_to_mm(*w)) / 10.0
            })
            .sum();
        assert!((total - 16.0).abs() < 1e-3, "{total}");
        assert!(lines_of("...\n...\n...", GridLines::None).is_empty());
    }
}
