//! The desktop app (eframe/egui): a thin face over the library. One window:
//! the project editors on the left, the page preview in the middle, the
//! status bar below; generation runs on a worker thread.

mod app;
mod blacklist_panel;
mod command;
mod dialogs;
mod edit;
mod files;
mod grid_panel;
mod history;
mod modal;
mod preview;
mod puzzle_edit;
mod puzzle_edit_state;
mod settings_panel;
mod status;
mod trace;
mod vocab_panel;
mod worker;

pub use app::{App, Tab};
pub use edit::Edit;
pub use files::Storage;

use eframe::egui;

/// Opens the app window; returns a one-line message when it cannot.
pub fn run(project: Option<&std::path::Path>) -> Result<(), String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(
            "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set); \
             the command line works without one: gridpress generate --help"
                .into(),
        );
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Gridpress")
            .with_app_id("gridpress")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([900.0, 560.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Gridpress",
        options,
        Box::new(move |_| {
            let mut app = App::start(Storage::user());
            // A file given on the command line (the desktop's "Open with")
            // instead of the last one.
            if let Some(path) = project {
                app.open(path);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| {
        format!(
            "the app window could not open ({e}); the command line works: gridpress generate --help"
        )
    })
}

/// Adds the print fonts (Lato) so the preview shows the page's own type.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for face in crate::layout::Face::ALL {
        fonts.font_data.insert(
            face.name().to_string(),
            egui::FontData::from_static(face.bytes()).into(),
        );
        fonts.families.insert(
            egui::FontFamily::Name(face.name().into()),
            vec![face.name().to_string()],
        );
    }
    ctx.set_fonts(fonts);
}
