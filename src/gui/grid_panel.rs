//! The grid editor: size and shape presets, cells painted in or out of the
//! mask with the mouse, restricted (ad) rectangles drawn, moved and deleted,
//! pre-assigned letters and words, and a warning when a must-use word cannot
//! fit the shape.

use super::command::Command;
use super::edit::{Edit, base_mask};
use crate::model::word::grid_letters;
use crate::model::{CellKind, Direction, DirectionSet, Mask, Pos, Shape};
use crate::project::{PresetWord, Project, Rect};
use eframe::egui::{self, Color32, Sense, Stroke};

/// What a click or drag on the grid does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Paint cells into the mask.
    #[default]
    In,
    /// Paint cells out of the mask.
    Out,
    /// Draw a restricted rectangle (or drag one to move it).
    Rectangle,
    /// Pick a cell for a pre-assigned letter.
    Letter,
}

/// The editor's own state.
#[derive(Default)]
pub struct GridState {
    /// The active tool.
    pub tool: Tool,
    drag_start: Option<Pos>,
    /// The cell a paint stroke reached last frame: a fast drag skips
    /// cells between frames, so the stroke fills the line between.
    stroke_at: Option<Pos>,
    moving: Option<(usize, Rect)>,
    letter_cell: Option<Pos>,
    letter: String,
    word: String,
    word_row: usize,
    word_col: usize,
    word_direction: usize,
}

/// Must-use words that cannot fit the mask, and why.
pub fn fit_problems(project: &Project, mask: &Mask) -> Vec<String> {
    let directions =
        DirectionSet::parse_list(&project.generator.directions).unwrap_or(DirectionSet::ALL);
    let longest = mask.longest_line(directions);
    let mut problems = Vec::new();
    let mut letters = 0;
    for vocabulary in project.vocabularies.iter().filter(|v| v.must_use) {
        for entry in &vocabulary.entries {
            let Ok(word) = grid_letters(&entry.word, project.umlaut_mode()) else {
                continue;
            };
            letters += word.len();
            if word.len() > longest {
                problems.push(format!(
                    "{} ({} letters) is longer than every line of the shape ({longest})",
                    entry.word,
                    word.len()
                ));
            }
        }
    }
    let cells = mask.playable_count();
    // Each cell holds at most two words, so the letters need at least half as many cells.
    if letters > 2 * cells {
        problems.push(format!(
            "the must-use words have {letters} letters; {cells} playable cells cannot hold them"
        ));
    }
    problems
}

/// Cells no word can cover, as a warning and the cells: counted on the
/// project's own entries (letters, not the parsed spec: this runs every
/// frame).
fn cut_off(project: &Project, mask: &Mask) -> (Option<String>, Vec<Pos>) {
    let directions =
        DirectionSet::parse_list(&project.generator.directions).unwrap_or(DirectionSet::ALL);
    let shortest = project
        .vocabularies
        .iter()
        .flat_map(|v| &v.entries)
        .map(|e| e.word.chars().filter(|c| c.is_alphabetic()).count())
        .filter(|&n| n > 0)
        .min()
        .unwrap_or(3);
    let cells = mask.cut_off_cells(directions, shortest);
    let message = crate::model::spec::cut_off_message(&cells, project.generator.solution.is_some());
    (message, cells)
}

/// Draws the editor: size and shape, tools, the canvas and the lists
/// under it. One piece because it reads as the tab reads, top to
/// bottom; each part with its own logic (canvas, lists, letters, words)
/// is its own function already.
pub fn show(
    ui: &mut egui::Ui,
    project: &Project,
    state: &mut GridState,
    commands: &mut Vec<Command>,
) {
    let grid = &project.grid;
    ui.horizontal(|ui| {
        let (mut w, mut h) = (grid.width, grid.height);
        let label = ui.label("Columns:");
        let cols = ui
            .add(egui::DragValue::new(&mut w).range(3..=60))
            .labelled_by(label.id);
        let label = ui.label("Rows:");
        let rows = ui
            .add(egui::DragValue::new(&mut h).range(3..=60))
            .labelled_by(label.id);
        if (cols.changed() || rows.changed()) && (w, h) != (grid.width, grid.height) {
            commands.push(Command::Edit(Edit::Size(w, h)));
        }
        let shape = if grid.cells.is_some() {
            "painted".to_string()
        } else {
            grid.shape.clone()
        };
        egui::ComboBox::from_label("Shape")
            .selected_text(&shape)
            .show_ui(ui, |ui| {
                for s in Shape::ALL {
                    if ui
                        .selectable_label(grid.cells.is_none() && s.name() == grid.shape, s.name())
                        .clicked()
                    {
                        commands.push(Command::Edit(Edit::Shape(s.name().to_string())));
                    }
                }
            });
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Tool:");
        for (tool, label, tip) in [
            (
                Tool::In,
                "Paint in",
                "Click or drag: cells become part of the puzzle",
            ),
            (
                Tool::Out,
                "Paint out",
                "Click or drag: cells leave the puzzle",
            ),
            (
                Tool::Rectangle,
                "Ad area",
                "Drag to draw a restricted rectangle; drag one to move it",
            ),
            (
                Tool::Letter,
                "Letter",
                "Click a cell to pre-assign a letter",
            ),
        ] {
            if ui
                .selectable_label(state.tool == tool, label)
                .on_hover_text(tip)
                .clicked()
            {
                state.tool = tool;
            }
        }
        if ui
            .button("Trace picture…")
            .on_hover_text(
                "The shape from a black-and-white picture (PNG or JPEG), scaled to the grid",
            )
            .clicked()
        {
            commands.push(Command::TracePicture);
        }
    });
    let Some(mut mask) = base_mask(project) else {
        ui.colored_label(
            ui.visuals().error_fg_color,
            "The grid settings are invalid.",
        );
        return;
    };
    let base = mask.clone();
    for r in &grid.restricted {
        mask.restrict(r.col, r.row, r.width, r.height);
    }
    canvas(ui, project, &base, &mask, state, commands);
    let problems = fit_problems(project, &mask);
    for problem in &problems {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("Cannot fit: {problem}"),
        );
    }
    if let (Some(message), _) = cut_off(project, &mask) {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Note: {message}"));
    }
    if problems.is_empty() {
        ui.weak(format!(
            "{} playable cells; longest line {}.",
            mask.playable_count(),
            mask.longest_line(DirectionSet::ALL)
        ));
    }
    restricted_list(ui, project, commands);
    letters(ui, project, state, commands);
    preset_words(ui, project, state, commands);
}

/// The grid's cells on screen: painted by kind (cut-off cells outlined,
/// typed letters in blue), and edited with the current tool.
fn canvas(
    ui: &mut egui::Ui,
    project: &Project,
    base: &Mask,
    mask: &Mask,
    state: &mut GridState,
    commands: &mut Vec<Command>,
) {
    let (w, h) = (mask.width(), mask.height());
    let cell = (ui.available_width() / w as f32).clamp(6.0, 22.0);
    let (response, painter) = ui.allocate_painter(
        egui::vec2(cell * w as f32, cell * h as f32),
        Sense::click_and_drag(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Grid cells"));
    let cells = Cells {
        origin: response.rect.min,
        cell,
        width: w,
        height: h,
    };
    paint_cells(&painter, ui.visuals(), project, mask, state, cells);
    let pointer = response.interact_pointer_pos().and_then(|p| cells.at(p));
    match state.tool {
        Tool::In | Tool::Out => paint_stroke(&response, base, state, pointer, cells, commands),
        Tool::Letter => {
            if let Some(pos) = pointer.filter(|_| response.clicked()) {
                state.letter_cell = Some(pos);
                state.letter = project
                    .letters
                    .iter()
                    .find(|l| (l.row, l.col) == (pos.row, pos.col))
                    .map(|l| l.letter.clone())
                    .unwrap_or_default();
            }
        }
        Tool::Rectangle => rectangle_tool(
            &painter, &response, project, state, pointer, cells, commands,
        ),
    }
}

/// Where the canvas draws the grid's cells.
#[derive(Clone, Copy)]
struct Cells {
    origin: egui::Pos2,
    /// A cell's side, screen points.
    cell: f32,
    width: usize,
    height: usize,
}

impl Cells {
    fn rect(self, pos: Pos) -> egui::Rect {
        egui::Rect::from_min_size(
            self.origin + egui::vec2(pos.col as f32 * self.cell, pos.row as f32 * self.cell),
            egui::vec2(self.cell, self.cell),
        )
    }

    /// The cell under the screen point `p`, if any.
    fn at(self, p: egui::Pos2) -> Option<Pos> {
        let v = p - self.origin;
        (v.x >= 0.0 && v.y >= 0.0)
            .then(|| Pos::new((v.y / self.cell) as usize, (v.x / self.cell) as usize))
            .filter(|c| c.row < self.height && c.col < self.width)
    }
}

/// The cells by kind, those no word can cover outlined in the warning
/// colour, the typed letters, and the cell a letter is being typed in.
fn paint_cells(
    painter: &egui::Painter,
    visuals: &egui::Visuals,
    project: &Project,
    mask: &Mask,
    state: &GridState,
    cells: Cells,
) {
    let (w, h) = (cells.width, cells.height);
    let (_, cut_off) = cut_off(project, mask);
    let cell_rect = |pos: Pos| cells.rect(pos);
    let cell = cells.cell;
    for pos in mask.positions() {
        let fill = match mask.kind(pos) {
            CellKind::Playable => Color32::WHITE,
            CellKind::Outside => visuals.extreme_bg_color,
            CellKind::Restricted => Color32::from_rgb(255, 214, 153),
        };
        painter.rect_filled(cell_rect(pos).shrink(0.5), 1.0, fill);
    }
    // Cells no word can cover: outlined in the warning colour.
    for &pos in &cut_off {
        painter.rect_stroke(
            cell_rect(pos).shrink(1.0),
            1.0,
            Stroke::new(2.0, visuals.warn_fg_color),
            egui::StrokeKind::Inside,
        );
    }
    for l in &project.letters {
        let pos = Pos::new(l.row, l.col);
        if pos.row < h && pos.col < w {
            painter.text(
                cell_rect(pos).center(),
                egui::Align2::CENTER_CENTER,
                &l.letter,
                egui::FontId::proportional(cell * 0.6),
                Color32::from_rgb(0, 90, 200),
            );
        }
    }
    if let Some(pos) = state.letter_cell.filter(|_| state.tool == Tool::Letter) {
        painter.rect_stroke(
            cell_rect(pos),
            1.0,
            Stroke::new(2.0, visuals.selection.stroke.color),
            egui::StrokeKind::Inside,
        );
    }
}

/// The In and Out tools: a click or a drag paints the cells it passes
/// playable or outside.
fn paint_stroke(
    response: &egui::Response,
    base: &Mask,
    state: &mut GridState,
    pointer: Option<Pos>,
    cells: Cells,
    commands: &mut Vec<Command>,
) {
    let to_cell = |p: egui::Pos2| cells.at(p);
    let kind = if state.tool == Tool::In {
        CellKind::Playable
    } else {
        CellKind::Outside
    };
    if let Some(pos) = pointer.filter(|_| response.clicked() || response.dragged()) {
        // A stroke starts where the button went down: egui calls
        // it a drag only once the pointer has moved on.
        let origin = || {
            response
                .ctx
                .input(|i| i.pointer.press_origin())
                .and_then(to_cell)
        };
        let from = match (response.dragged(), state.stroke_at) {
            (true, Some(at)) => at,
            (true, None) => origin().unwrap_or(pos),
            (false, _) => pos,
        };
        let cells: Vec<Pos> = cells_between(from, pos)
            .into_iter()
            .filter(|&p| base.kind(p) != kind)
            .collect();
        if !cells.is_empty() {
            commands.push(Command::Edit(Edit::Paint(cells, kind)));
        }
        state.stroke_at = Some(pos);
    }
    if !response.dragged() {
        state.stroke_at = None;
    }
}

/// The rectangle tool: a drag draws an ad area, or moves the one it
/// started in.
fn rectangle_tool(
    painter: &egui::Painter,
    response: &egui::Response,
    project: &Project,
    state: &mut GridState,
    pointer: Option<Pos>,
    cells: Cells,
    commands: &mut Vec<Command>,
) {
    let (w, h) = (cells.width, cells.height);
    let cell_rect = |pos: Pos| cells.rect(pos);
    if response.drag_started()
        && let Some(start) = pointer
    {
        state.drag_start = Some(start);
        state.moving = project
            .grid
            .restricted
            .iter()
            .position(|r| inside(r, start))
            .map(|i| (i, project.grid.restricted[i]));
    }
    if let (Some(start), Some(now)) = (state.drag_start, pointer) {
        let rect = match state.moving {
            Some((_, r)) => {
                let col = (r.col as isize + now.col as isize - start.col as isize)
                    .clamp(0, (w - r.width) as isize) as usize;
                let row = (r.row as isize + now.row as isize - start.row as isize)
                    .clamp(0, (h - r.height) as isize) as usize;
                Rect { col, row, ..r }
            }
            None => Rect {
                col: start.col.min(now.col),
                row: start.row.min(now.row),
                width: start.col.abs_diff(now.col) + 1,
                height: start.row.abs_diff(now.row) + 1,
            },
        };
        let shown = egui::Rect::from_min_max(
            cell_rect(Pos::new(rect.row, rect.col)).min,
            cell_rect(Pos::new(
                rect.row + rect.height - 1,
                rect.col + rect.width - 1,
            ))
            .max,
        );
        painter.rect_stroke(
            shown,
            2.0,
            Stroke::new(2.0, Color32::from_rgb(200, 110, 0)),
            egui::StrokeKind::Inside,
        );
        if response.drag_stopped() {
            let edit = match state.moving {
                Some((i, _)) => Edit::SetRestricted(i, rect),
                None => Edit::AddRestricted(rect),
            };
            commands.push(Command::Edit(edit));
            state.drag_start = None;
            state.moving = None;
        }
    }
    if response.drag_stopped() {
        state.drag_start = None;
        state.moving = None;
    }
}

fn inside(r: &Rect, p: Pos) -> bool {
    (r.col..r.col + r.width).contains(&p.col) && (r.row..r.row + r.height).contains(&p.row)
}

fn restricted_list(ui: &mut egui::Ui, project: &Project, commands: &mut Vec<Command>) {
    if project.grid.restricted.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Ad areas (kept free)").strong());
    for (i, r) in project.grid.restricted.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!(
                "{}: column {}, row {}, {}×{} cells",
                i + 1,
                r.col + 1,
                r.row + 1,
                r.width,
                r.height
            ));
            if ui.small_button("Delete").clicked() {
                commands.push(Command::Edit(Edit::RemoveRestricted(i)));
            }
        });
    }
}

fn letters(
    ui: &mut egui::Ui,
    project: &Project,
    state: &mut GridState,
    commands: &mut Vec<Command>,
) {
    if state.tool != Tool::Letter {
        if !project.letters.is_empty() {
            ui.weak(format!(
                "{} pre-assigned letters (Letter tool to change).",
                project.letters.len()
            ));
        }
        return;
    }
    let Some(pos) = state.letter_cell else {
        ui.weak("Click a cell to pre-assign a letter.");
        return;
    };
    ui.horizontal(|ui| {
        let label = ui.label(format!(
            "Letter at row {}, column {}:",
            pos.row + 1,
            pos.col + 1
        ));
        ui.add(
            egui::TextEdit::singleline(&mut state.letter)
                .char_limit(2)
                .desired_width(30.0),
        )
        .labelled_by(label.id);
        if ui.button("Set").clicked() {
            commands.push(Command::Edit(Edit::Letter(pos, state.letter.clone())));
        }
        if ui.button("Clear").clicked() {
            state.letter.clear();
            commands.push(Command::Edit(Edit::Letter(pos, String::new())));
        }
    });
}

fn preset_words(
    ui: &mut egui::Ui,
    project: &Project,
    state: &mut GridState,
    commands: &mut Vec<Command>,
) {
    ui.separator();
    ui.label(egui::RichText::new("Pre-assigned words").strong());
    for (i, word) in project.preassigned_words.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} at row {}, column {}, {}",
                word.word,
                word.row + 1,
                word.col + 1,
                word.direction
            ));
            if ui.small_button("Delete").clicked() {
                commands.push(Command::Edit(Edit::RemovePresetWord(i)));
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Word:");
        ui.add(egui::TextEdit::singleline(&mut state.word).desired_width(90.0))
            .labelled_by(label.id);
        let label = ui.label("Row:");
        ui.add(egui::DragValue::new(&mut state.word_row).range(1..=project.grid.height))
            .labelled_by(label.id);
        let label = ui.label("Col:");
        ui.add(egui::DragValue::new(&mut state.word_col).range(1..=project.grid.width))
            .labelled_by(label.id);
        let names: Vec<String> = Direction::ALL.iter().map(|d| d.to_string()).collect();
        egui::ComboBox::from_label("direction")
            .width(50.0)
            .show_index(ui, &mut state.word_direction, names.len(), |i| {
                names[i].clone()
            });
        let word = state.word.trim().to_string();
        if ui
            .add_enabled(!word.is_empty(), egui::Button::new("Add"))
            .clicked()
        {
            commands.push(Command::Edit(Edit::AddPresetWord(PresetWord {
                word,
                row: state.word_row.max(1) - 1,
                col: state.word_col.max(1) - 1,
                direction: names[state.word_direction.min(names.len() - 1)].clone(),
                clue: None,
            })));
            state.word.clear();
        }
    });
}

/// The cells on the straight line from `a` to `b`, both included (a
/// digital line: one cell per step along the longer side).
fn cells_between(a: Pos, b: Pos) -> Vec<Pos> {
    let (dr, dc) = (
        b.row as isize - a.row as isize,
        b.col as isize - a.col as isize,
    );
    let steps = dr.abs().max(dc.abs());
    (0..=steps)
        .map(|k| {
            let at = |from: usize, d: isize| {
                let offset = if steps == 0 {
                    0
                } else {
                    (d * k * 2 + steps * d.signum()) / (2 * steps)
                };
                (from as isize + offset) as usize
            };
            Pos::new(at(a.row, dr), at(a.col, dc))
        })
        .collect()
}
