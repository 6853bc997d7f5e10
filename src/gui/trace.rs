//! A grid shape traced from a picture (PNG or JPEG): threshold and invert
//! with a live preview at the grid's size, applied as one undoable edit.

use crate::model::{CellKind, Mask, Pos};
use eframe::egui::{self, Color32, Sense};
use std::path::Path;

/// A loaded picture and the tracing settings.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The file's name, for the dialog.
    pub name: String,
    luma: Vec<u8>,
    size: (usize, usize),
    /// Pixels darker than this (0–255) become playable cells.
    pub threshold: u8,
    /// Light pixels become the shape instead.
    pub invert: bool,
}

/// What the dialog decided this frame.
pub enum Decision {
    /// Keep showing it.
    Open,
    /// Apply this shape.
    Apply(Mask),
    /// Close without a change.
    Cancel,
}

impl Trace {
    /// Reads a picture; the error names the file.
    pub fn load(path: &Path) -> Result<Trace, String> {
        let picture = image::open(path)
            .map_err(|e| format!("{}: not a picture Gridpress can read ({e})", path.display()))?
            .to_luma8();
        let size = (picture.width() as usize, picture.height() as usize);
        Ok(Trace {
            name: path.display().to_string(),
            luma: picture.into_raw(),
            size,
            threshold: 128,
            invert: false,
        })
    }

    /// The traced shape at `grid` (columns, rows), or why there is none.
    pub fn mask(&self, grid: (usize, usize)) -> Result<Mask, String> {
        Mask::traced(&self.luma, self.size, grid, self.threshold, self.invert)
            .map_err(|e| e.to_string())
    }

    /// Draws the dialog for a grid of `grid` cells.
    pub fn show(&mut self, ctx: &egui::Context, grid: (usize, usize)) -> Decision {
        let mut decision = Decision::Open;
        egui::Modal::new(egui::Id::unique("trace")).show(ctx, |ui| {
            ui.heading("Trace a picture");
            ui.label(format!(
                "{} ({}×{} pixels) onto the {}×{} grid: dark parts become playable cells.",
                self.name, self.size.0, self.size.1, grid.0, grid.1
            ));
            ui.horizontal(|ui| {
                let label = ui.label("Threshold:");
                ui.add(egui::Slider::new(&mut self.threshold, 1..=255))
                    .labelled_by(label.id);
                ui.checkbox(&mut self.invert, "Light parts instead");
            });
            let traced = self.mask(grid);
            match &traced {
                Ok(mask) => {
                    draw(ui, mask);
                    ui.weak(format!("{} playable cells", mask.playable_count()));
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(traced.is_ok(), egui::Button::new("Apply"))
                    .clicked()
                    && let Ok(mask) = traced
                {
                    decision = Decision::Apply(mask);
                } else if ui.button("Cancel").clicked() {
                    decision = Decision::Cancel;
                }
            });
        });
        decision
    }
}

/// The traced shape, small: playable cells white, the rest dark.
fn draw(ui: &mut egui::Ui, mask: &Mask) {
    let cell = (280.0 / mask.width().max(mask.height()) as f32).clamp(3.0, 14.0);
    let (response, painter) = ui.allocate_painter(
        egui::vec2(cell * mask.width() as f32, cell * mask.height() as f32),
        Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Traced shape"));
    for pos in mask.positions() {
        let rect = egui::Rect::from_min_size(
            response.rect.min + egui::vec2(pos.col as f32 * cell, pos.row as f32 * cell),
            egui::vec2(cell, cell),
        );
        let fill = match mask.kind(Pos::new(pos.row, pos.col)) {
            CellKind::Playable => Color32::WHITE,
            CellKind::Outside | CellKind::Restricted => Color32::from_gray(60),
        };
        painter.rect_filled(rect.shrink(0.3), 0.0, fill);
    }
}
