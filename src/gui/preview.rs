//! The page preview: draws the same laid-out page the PDF writer prints,
//! with zoom (Ctrl+wheel, buttons) and pan (drag); highlights a chosen word
//! on screen only; clicking a word of the printed list highlights it too.

use super::command::Command;
use crate::layout::fonts::pt_to_mm;
use crate::layout::items::capsule_path;
use crate::layout::{self, Face, GridFrame, Heading, Ink, Item, Page, Parts, Point};
use crate::model::{PlacedWord, Puzzle};
use crate::project::Project;
use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

/// Zoom, pan, highlight and the laid-out page for the current view.
#[derive(Default)]
pub struct PreviewState {
    /// 1 = the page fits the panel.
    pub zoom: f32,
    /// Offset from the centred position, in screen points.
    pub pan: Vec2,
    /// The placed word to highlight.
    pub highlight: Option<usize>,
    /// Where the last frame drew: (the preview area, the page in it).
    pub drawn: Option<(Rect, Rect)>,
    cache: Option<(String, Result<Page, String>)>,
    generation: u64,
}

impl PreviewState {
    /// Forget the laid-out page (a new result).
    pub fn invalidate(&mut self) {
        self.generation += 1;
        self.cache = None;
    }

    fn page(
        &mut self,
        puzzle: &Puzzle,
        project: &Project,
        (title, number): (&str, Option<usize>),
        key: bool,
    ) -> &Result<Page, String> {
        let name = project
            .template
            .clone()
            .unwrap_or_else(|| layout::template::DEFAULT_TEMPLATE.into());
        let cache_key = format!(
            "{}|{name}|{title}|{number:?}|{key}|{:?}|{:?}|{:?}|{:?}",
            self.generation,
            project.language,
            project.word_list,
            project.column_width,
            project.previous_key
        );
        if self.cache.as_ref().is_none_or(|(k, _)| *k != cache_key) {
            let heading = Heading {
                title: title.to_string(),
                number,
            };
            let parts = if key { Parts::KEY } else { Parts::PUZZLE };
            let page = project
                .page_template()
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    layout::puzzle_page(puzzle, &t, &heading, parts).map_err(|e| e.to_string())
                });
            self.cache = Some((cache_key, page));
        }
        &self.cache.as_ref().expect("just filled").1
    }
}

fn colour(ink: Ink) -> Color32 {
    let channel = |v: f32| ((1.0 - v) * (1.0 - ink.k) * 255.0).round() as u8;
    Color32::from_rgb(channel(ink.c), channel(ink.m), channel(ink.y))
}

/// Draws the preview of `puzzle` (the `shown`-th of `total`).
#[allow(clippy::too_many_arguments)]
pub fn show(
    ui: &mut egui::Ui,
    state: &mut PreviewState,
    puzzle: Option<&Puzzle>,
    project: &Project,
    shown: usize,
    total: usize,
    key: bool,
    commands: &mut Vec<Command>,
) {
    let Some(puzzle) = puzzle else {
        ui.centered_and_justified(|ui| {
            ui.label(
                egui::RichText::new("Press Generate to see the page as it will print.")
                    .size(16.0)
                    .weak(),
            );
        });
        return;
    };
    if state.zoom <= 0.0 {
        state.zoom = 1.0;
    }
    zoom_bar(ui, state);
    let number = crate::layout::puzzle_number(shown, total, project.first_number);
    let highlight = state.highlight;
    let (zoom, pan) = (state.zoom, state.pan);
    let titles = project.puzzle_titles(total);
    let title = titles.get(shown).unwrap_or(&project.name);
    let page = match state.page(puzzle, project, (title, number), key) {
        Ok(page) => page.clone(),
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("The template cannot show this puzzle: {e}"),
            );
            return;
        }
    };
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let area = response.rect;
    let fit = (area.width() / page.width).min(area.height() / page.height) * 0.94;
    let scale = fit * zoom;
    let size = Vec2::new(page.width, page.height) * scale;
    let origin = area.center() - size / 2.0 + pan;
    let screen = Screen { origin, scale };
    let painter = painter.with_clip_rect(area);
    let page_rect = Rect::from_min_size(origin, size);
    state.drawn = Some((area, page_rect));
    paint_paper(&painter, ui.visuals().extreme_bg_color, area, page_rect);
    let mut clicked_word = None;
    let pointer = response
        .interact_pointer_pos()
        .filter(|_| response.clicked());
    for item in &page.items {
        if let Some(hit) = paint_item(&painter, screen, item, pointer, puzzle) {
            clicked_word = hit;
        }
    }
    if let (Some(i), Some(frame)) = (highlight, page.grid)
        && let Some(word) = puzzle.words.get(i)
    {
        paint_highlight(&painter, screen, word, frame);
    }
    pan_and_zoom(ui, &response, state);
    // A click on a grid cell selects the word through it (again: the
    // word the other way), or a clue cell's first answer.
    if let (None, Some(p), Some(frame)) = (clicked_word, pointer, page.grid) {
        clicked_word = screen
            .cell(p, frame)
            .and_then(|cell| word_at(puzzle, cell, highlight));
    }
    if response.clicked() {
        commands.push(Command::Highlight(clicked_word));
    }
}

/// Dragging pans the page, Ctrl+wheel (or pinching) zooms it.
fn pan_and_zoom(ui: &egui::Ui, response: &egui::Response, state: &mut PreviewState) {
    if response.dragged() {
        state.pan += response.drag_delta();
    }
    if response.hovered() {
        // egui turns Ctrl+wheel (and pinching) into a zoom factor, not a
        // scroll: reading the scroll delta with Ctrl held saw nothing.
        let zoom_delta = ui.input(|i| i.zoom_delta());
        if zoom_delta != 1.0 {
            state.zoom = (state.zoom * zoom_delta).clamp(0.25, 8.0);
        }
    }
}

/// Fit, zoom out and in, the zoom, and how to pan.
fn zoom_bar(ui: &mut egui::Ui, state: &mut PreviewState) {
    ui.horizontal(|ui| {
        if ui.button("Fit").on_hover_text("Whole page").clicked() {
            state.zoom = 1.0;
            state.pan = Vec2::ZERO;
        }
        if ui.button("−").on_hover_text("Zoom out").clicked() {
            state.zoom = (state.zoom / 1.25).max(0.25);
        }
        if ui.button("+").on_hover_text("Zoom in").clicked() {
            state.zoom = (state.zoom * 1.25).min(8.0);
        }
        ui.label(format!("{:.0} %", state.zoom * 100.0));
        // Cut short rather than widen the panel under the side panels.
        ui.add(
            egui::Label::new(
                egui::RichText::new(
                    "Drag to pan, Ctrl+wheel to zoom, click a word or a cell to select it.",
                )
                .weak(),
            )
            .truncate(),
        );
    });
}

/// Where the page's points (mm) land on the screen.
#[derive(Clone, Copy)]
struct Screen {
    origin: Pos2,
    /// Screen points per mm.
    scale: f32,
}

impl Screen {
    fn at(self, p: Point) -> Pos2 {
        self.origin + Vec2::new(p.x, p.y) * self.scale
    }

    /// The cell of the grid drawn in `frame` under the screen point `p`
    /// (none left of or above it).
    fn cell(self, p: Pos2, frame: GridFrame) -> Option<crate::model::Pos> {
        let mm = (p - self.origin) / self.scale;
        let col = ((mm.x - frame.origin.x) / frame.cell).floor();
        let row = ((mm.y - frame.origin.y) / frame.cell).floor();
        (col >= 0.0 && row >= 0.0).then(|| crate::model::Pos::new(row as usize, col as usize))
    }
}

/// The preview's background and the white page with its shadow.
fn paint_paper(painter: &egui::Painter, background: Color32, area: Rect, page_rect: Rect) {
    painter.rect_filled(area, 0.0, background);
    painter.rect_filled(
        page_rect.translate(Vec2::splat(3.0)),
        2.0,
        Color32::from_black_alpha(60),
    );
    painter.rect_filled(page_rect, 0.0, Color32::WHITE);
}

/// Paints a text whose baseline starts at `at`; the rectangle it took.
fn paint_text(
    painter: &egui::Painter,
    screen: Screen,
    at: Point,
    size_pt: f32,
    face: Face,
    text: &str,
) -> Rect {
    let size_mm = pt_to_mm(size_pt);
    let top = Point::new(at.x, at.y - face.metrics().ascender() * size_mm);
    let font = egui::FontId::new(
        size_mm * screen.scale,
        egui::FontFamily::Name(face.name().into()),
    );
    painter.text(
        screen.at(top),
        egui::Align2::LEFT_TOP,
        text,
        font,
        Color32::BLACK,
    )
}

/// Paints one page item. A text a click at `pointer` hit gives the word
/// it lists (`Some(None)` for a text that lists none).
fn paint_item(
    painter: &egui::Painter,
    screen: Screen,
    item: &Item,
    pointer: Option<Pos2>,
    puzzle: &Puzzle,
) -> Option<Option<usize>> {
    let (scale, to_screen) = (screen.scale, |p: Point| screen.at(p));
    let mut clicked_word = None;
    match item {
        Item::Text {
            origin,
            size_pt,
            face,
            text,
        } => {
            let rect = paint_text(painter, screen, *origin, *size_pt, *face, text);
            if pointer.is_some_and(|p| rect.contains(p)) {
                clicked_word = Some(puzzle.words.iter().position(|w| &w.display == text));
            }
        }
        Item::Line { from, to, stroke } => {
            let stroke_ui = Stroke::new(pt_to_mm(stroke.width_pt) * scale, colour(stroke.ink));
            let points = [to_screen(*from), to_screen(*to)];
            if stroke.dashed {
                painter.extend(Shape::dashed_line(
                    &points,
                    stroke_ui,
                    2.0 * scale,
                    2.0 * scale,
                ));
            } else {
                painter.line_segment(points, stroke_ui);
            }
        }
        Item::Rect {
            area: r,
            fill,
            stroke,
        } => {
            let rect = Rect::from_min_max(
                to_screen(Point::new(r.x, r.y)),
                to_screen(Point::new(r.right(), r.bottom())),
            );
            if let Some(fill) = fill {
                painter.rect_filled(rect, 0.0, colour(*fill));
            }
            if let Some(s) = stroke {
                painter.rect_stroke(
                    rect,
                    0.0,
                    Stroke::new(pt_to_mm(s.width_pt) * scale, colour(s.ink)),
                    egui::StrokeKind::Middle,
                );
            }
        }
        Item::Polygon { points, fill } => {
            let points = points.iter().map(|&p| to_screen(p)).collect();
            painter.add(Shape::convex_polygon(points, colour(*fill), Stroke::NONE));
        }
        Item::Capsule {
            from,
            to,
            radius,
            stroke,
        } => {
            let points = flatten(&capsule_path(*from, *to, *radius))
                .into_iter()
                .map(to_screen)
                .collect();
            painter.add(Shape::closed_line(
                points,
                Stroke::new(pt_to_mm(stroke.width_pt) * scale, colour(stroke.ink)),
            ));
        }
    }
    clicked_word
}

/// The selected word ringed in the grid drawn in `frame`.
fn paint_highlight(painter: &egui::Painter, screen: Screen, word: &PlacedWord, frame: GridFrame) {
    let to_screen = |p: Point| screen.at(p);
    let cells = word.cells();
    if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
        let centre = |p: crate::model::Pos| {
            Point::new(
                frame.origin.x + (p.col as f32 + 0.5) * frame.cell,
                frame.origin.y + (p.row as f32 + 0.5) * frame.cell,
            )
        };
        let points = flatten(&capsule_path(
            centre(*first),
            centre(*last),
            0.45 * frame.cell,
        ))
        .into_iter()
        .map(to_screen)
        .collect();
        painter.add(Shape::closed_line(
            points,
            Stroke::new(3.0, Color32::from_rgb(230, 110, 0)),
        ));
    }
}

/// The word a click on `cell` selects: a clue cell's first answer; of the
/// words through a letter cell, the one after the selected (across first).
fn word_at(puzzle: &Puzzle, cell: crate::model::Pos, selected: Option<usize>) -> Option<usize> {
    if let Some(clue_cell) = puzzle.clue_cells().iter().find(|c| c.pos == cell) {
        return clue_cell.clues.first().map(|c| c.word);
    }
    let mut through: Vec<usize> = (0..puzzle.words.len())
        .filter(|&i| puzzle.words[i].cells().contains(&cell))
        .collect();
    through.sort_by_key(|&i| puzzle.words[i].direction != crate::model::Direction::E);
    match selected.and_then(|s| through.iter().position(|&i| i == s)) {
        Some(at) => through.get((at + 1) % through.len()).copied(),
        None => through.first().copied(),
    }
}

/// Points along a path of lines and cubic Bezier segments.
fn flatten(path: &[(Point, bool)]) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    let mut i = 0;
    while i < path.len() {
        let (p, handle) = path[i];
        if handle && i + 2 < path.len() && !out.is_empty() {
            let start = *out.last().expect("not empty");
            let (c1, c2, end) = (p, path[i + 1].0, path[i + 2].0);
            for step in 1..=8 {
                let t = step as f32 / 8.0;
                let u = 1.0 - t;
                let mix = |a: f32, b: f32, c: f32, d: f32| {
                    u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                };
                out.push(Point::new(
                    mix(start.x, c1.x, c2.x, end.x),
                    mix(start.y, c1.y, c2.y, end.y),
                ));
            }
            i += 3;
        } else {
            out.push(p);
            i += 1;
        }
    }
    out
}
