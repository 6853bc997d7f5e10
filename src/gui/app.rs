//! The app's state and frame: menu, editors on the left, result and preview,
//! status bar. Panels emit [`Command`]s; the app applies them after drawing,
//! so every edit goes through one place (undo, dirty flag, autosave).

pub use super::command::Command;
use super::edit::Edit;
use super::files::{AppState, Storage};
use super::history::History;
pub use super::status::{Level, Status};
use super::worker::Worker;
use super::{blacklist_panel, grid_panel, preview, settings_panel, vocab_panel};
use crate::model::{Puzzle, PuzzleKind};
use crate::project::Project;
use eframe::egui;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Unsaved work is copied to the recovery file this often.
const AUTOSAVE_EVERY: Duration = Duration::from_secs(20);

/// The editor shown on the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Vocabularies and entries.
    Vocabulary,
    /// Exclusion groups and offensive words.
    Blacklists,
    /// Size, shape, mask, restricted areas, pre-assignments.
    Grid,
    /// Directions, counts, solution word, seed, time limit.
    Generator,
}

/// The Gridpress app.
pub struct App {
    pub(super) project: Project,
    pub(super) path: Option<PathBuf>,
    pub(super) revision: u64,
    pub(super) saved_revision: u64,
    pub(super) history: History,
    /// The editor on the left.
    pub tab: Tab,
    pub(super) worker: Option<Worker>,
    /// The puzzle of the batch the worker makes anew (none: the batch).
    remaking: Option<usize>,
    pub(super) puzzles: Vec<Puzzle>,
    /// The revision and project the shown puzzles were made from.
    pub(super) made_from: Option<(u64, Project)>,
    /// The same for the run in progress.
    pending_from: Option<(u64, Project)>,
    /// Whether the project differs from `made_from`, at a revision.
    pub(super) stale_at: Option<(u64, bool)>,
    pub(super) shown: usize,
    /// Preview shows the answer key.
    pub show_key: bool,
    pub(super) preview: preview::PreviewState,
    pub(super) status: Status,
    pub(super) modal: Option<super::modal::Modal>,
    pub(super) storage: Storage,
    pub(super) state: AppState,
    pub(super) last_autosave: Instant,
    pub(super) vocab: vocab_panel::VocabState,
    pub(super) grid: grid_panel::GridState,
    pub(super) blacklist: blacklist_panel::BlacklistState,
    pub(super) quitting: bool,
    pub(super) close_now: bool,
    /// The selected word's inspector and the puzzle edits' undo stacks.
    pub(super) puzzle_edit: super::puzzle_edit_state::PuzzleEditState,
    /// The order of undo steps: true for a puzzle edit, false for a
    /// project edit; and of redo steps.
    undo_steps: Vec<bool>,
    redo_steps: Vec<bool>,
    fonts_installed: bool,
}

impl App {
    /// The app on `project`, keeping its state in `storage`.
    pub fn with_project(project: Project, path: Option<PathBuf>, storage: Storage) -> App {
        let state = storage.load_state();
        let (project, puzzles, note) = split_generated(project);
        let made_from = (!puzzles.is_empty()).then(|| (0, project.clone()));
        let mut app = App {
            project,
            path,
            revision: 0,
            saved_revision: 0,
            history: History::default(),
            tab: Tab::Vocabulary,
            worker: None,
            remaking: None,
            puzzles,
            made_from,
            pending_from: None,
            stale_at: None,
            shown: 0,
            show_key: false,
            preview: preview::PreviewState::default(),
            status: Status::info("Ready: press Generate (Ctrl+G) to make a puzzle."),
            modal: None,
            storage,
            state,
            last_autosave: Instant::now(),
            vocab: vocab_panel::VocabState::default(),
            grid: grid_panel::GridState::default(),
            blacklist: blacklist_panel::BlacklistState::default(),
            quitting: false,
            close_now: false,
            puzzle_edit: Default::default(),
            undo_steps: Vec::new(),
            redo_steps: Vec::new(),
            fonts_installed: false,
        };
        if let Some(note) = note {
            app.status = Status::error(note);
        }
        app
    }

    /// Start-up: the last project opened, else the built-in sample; offers
    /// to restore unsaved work a previous session left behind.
    pub fn start(storage: Storage) -> App {
        let state = storage.load_state();
        let last = state
            .recent
            .first()
            .and_then(|path| Project::load(path).ok().map(|p| (p, path.clone())));
        let mut app = match last {
            Some((project, path)) => {
                let mut app = App::with_project(project, Some(path.clone()), storage);
                app.status = Status::info(format!(
                    "Opened {}. Press Generate (Ctrl+G).",
                    path.display()
                ));
                app
            }
            None => App::with_project(Project::sample(), None, storage),
        };
        if let Some((project, origin)) = app.storage.read_recovery() {
            app.modal = Some(super::modal::Modal::Recover {
                project: Box::new(project),
                origin,
            });
        }
        app
    }

    /// The project being edited.
    pub fn project(&self) -> &Project {
        &self.project
    }

    /// The puzzles of the last generation.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The word selected in the preview and the word list.
    pub fn highlighted(&self) -> Option<usize> {
        self.preview.highlight
    }

    /// Where the preview last drew: (its area, the page in it), in points.
    pub fn preview_drawn(&self) -> Option<(egui::Rect, egui::Rect)> {
        self.preview.drawn
    }

    /// True while a generation runs.
    pub fn is_generating(&self) -> bool {
        self.worker.is_some()
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// True when the project has changes not saved to its file.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// The project's file, if it has one.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// Applies one edit, recording undo.
    pub fn apply(&mut self, edit: Edit) {
        if self
            .history
            .record(&self.project, self.revision, edit.merge_key())
        {
            self.undo_steps.push(false);
        }
        self.redo_steps.clear();
        self.puzzle_edit.clear_redo();
        edit.apply(&mut self.project);
        self.revision += 1;
    }

    /// New puzzles: the edits of the old ones cannot be undone into them.
    pub(super) fn forget_puzzle_edits(&mut self) {
        self.puzzle_edit.reset();
        self.undo_steps.retain(|puzzle| !puzzle);
        self.redo_steps.retain(|puzzle| !puzzle);
    }

    /// Records that a puzzle edit was made (its puzzles kept by
    /// `puzzle_edit`): one undo step.
    pub(super) fn note_puzzle_step(&mut self) {
        self.undo_steps.push(true);
        self.redo_steps.clear();
    }

    /// Steps back one edit (of the project or of the puzzle).
    pub fn undo(&mut self) {
        if self.step(true) {
            self.status = Status::info("Undone.");
        }
    }

    /// Repeats an undone edit.
    pub fn redo(&mut self) {
        if self.step(false) {
            self.status = Status::info("Redone.");
        }
    }

    /// Undoes (`back`) or redoes the last step of its stack, the project's
    /// or the puzzles', and moves it to the other stack.
    fn step(&mut self, back: bool) -> bool {
        let from = if back {
            &mut self.undo_steps
        } else {
            &mut self.redo_steps
        };
        let puzzle_step = from.pop() == Some(true);
        let done = if puzzle_step {
            self.puzzle_edit.step(back, &mut self.puzzles) && {
                self.revision += 1;
                self.preview.invalidate();
                true
            }
        } else if back {
            self.history.undo(&mut self.project, &mut self.revision)
        } else {
            self.history.redo(&mut self.project, &mut self.revision)
        };
        if done {
            let to = if back {
                &mut self.redo_steps
            } else {
                &mut self.undo_steps
            };
            to.push(puzzle_step);
        }
        done
    }

    /// Starts generating the project's puzzles on the worker thread.
    pub fn generate(&mut self, ctx: &egui::Context) {
        if self.worker.is_some() {
            return;
        }
        let ctx = ctx.clone();
        match Worker::start(&self.project, move || ctx.request_repaint()) {
            Ok(worker) => {
                self.status = Status::info("Generating…");
                self.worker = Some(worker);
                self.pending_from = Some((self.revision, self.project.clone()));
            }
            Err(e) => self.status = Status::error(format!("Cannot generate: {e}")),
        }
    }

    /// Makes the shown puzzle of a batch anew (a seed after the batch's),
    /// the others kept, their words not drawn again; one undo step.
    pub fn remake_shown(&mut self, ctx: &egui::Context) {
        if self.worker.is_some() || self.puzzles.len() < 2 || self.preview_is_stale() {
            return;
        }
        // A booklet of themes remakes the shown theme from its own list.
        let mut project = if self.project.generator.per_vocabulary {
            match self.project.theme(self.shown) {
                Some(theme) => theme,
                None => return,
            }
        } else {
            self.project.clone()
        };
        project.generator.count = 1;
        project.generator.seed = self.puzzles.iter().map(|p| p.seed).max().unwrap_or(0) + 1;
        let others: std::collections::HashSet<String> = self
            .puzzles
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.shown)
            .flat_map(|(_, p)| p.words.iter().map(|w| crate::series::folded(&w.word)))
            // As in a batch: a Swedish puzzle's short answers may come back
            // (the lists hold few of them).
            .filter(|w| match project.generator.kind {
                PuzzleKind::Swedish => {
                    w.chars().count() >= crate::generate::swedish::BATCH_REPEAT_BELOW
                }
                PuzzleKind::WordSearch | PuzzleKind::WordRectangle => true,
            })
            .collect();
        let ctx = ctx.clone();
        match Worker::start_keeping_out(&project, others, move || ctx.request_repaint()) {
            Ok(worker) => {
                self.status = Status::info(format!(
                    "Making puzzle {} anew (seed {})…",
                    self.shown + 1,
                    project.generator.seed
                ));
                self.worker = Some(worker);
                self.remaking = Some(self.shown);
            }
            Err(e) => self.status = Status::error(format!("Cannot generate: {e}")),
        }
    }

    /// Stops the running generation (its best result still comes back).
    pub fn cancel(&mut self) {
        if let Some(worker) = &self.worker {
            worker.cancel();
            self.status = Status::info("Cancelling…");
        }
    }

    fn poll_worker(&mut self) {
        let Some(outcome) = self.worker.as_ref().and_then(Worker::poll) else {
            return;
        };
        self.worker = None;
        if let Some(at) = self.remaking.take() {
            self.remade(at, outcome);
            return;
        }
        match outcome {
            Ok(puzzles) => {
                self.status = generated_status(&puzzles);
                self.puzzles = puzzles;
                self.made_from = self.pending_from.take();
                self.stale_at = None;
                self.shown = 0;
                self.preview.highlight = None;
                self.preview.invalidate();
                self.forget_puzzle_edits();
            }
            Err(e) => {
                self.status = Status::error(format!("No puzzle: {e}. The project is unchanged."))
            }
        }
    }

    /// The shown puzzle of a batch made anew (or why not): it takes its
    /// place, the others stay.
    fn remade(&mut self, at: usize, outcome: super::worker::Outcome) {
        match outcome {
            Ok(mut made) if at < self.puzzles.len() && !made.is_empty() => {
                let fresh = made.remove(0);
                self.status = Status::info(format!(
                    "Puzzle {} made anew (seed {}), the others kept (Ctrl+Z undoes).",
                    at + 1,
                    fresh.seed
                ));
                self.puzzle_edit.before_change(&self.puzzles);
                self.puzzles[at] = fresh;
                self.shown = at;
                self.revision += 1;
                self.note_puzzle_step();
                self.preview.highlight = None;
                self.preview.invalidate();
            }
            Ok(_) => {}
            Err(e) => {
                self.status = Status::error(format!(
                    "Puzzle {} not made anew: {e}. The batch is unchanged.",
                    at + 1
                ))
            }
        }
    }

    /// Why Generate cannot work right now, found without searching: the
    /// cheap checks of the library's refusals (no words, a must-use word or
    /// solution word that cannot fit, invalid grid settings). `None`: go.
    pub fn generate_refusal(&self) -> Option<String> {
        let project = &self.project;
        let Some(mut mask) = super::edit::base_mask(project) else {
            return Some("The grid settings are invalid (Grid tab).".into());
        };
        for r in &project.grid.restricted {
            mask.restrict(r.col, r.row, r.width, r.height);
        }
        if mask.playable_count() == 0 {
            return Some("The grid has no playable cell (Grid tab).".into());
        }
        if project.vocabularies.iter().all(|v| v.entries.is_empty()) {
            return Some("Add words first: the vocabularies are empty (Vocabulary tab).".into());
        }
        match project.generator.kind {
            PuzzleKind::WordSearch => {
                if let Some(problem) = super::grid_panel::fit_problems(project, &mask).first() {
                    return Some(format!("Cannot fit: {problem} (Grid tab)."));
                }
                project
                    .generator
                    .solution
                    .as_deref()
                    .and_then(|s| super::settings_panel::solution_problem(project, s))
                    .map(|p| format!("{p} (Generator tab)."))
            }
            // The rectangle's own checks need the word lists by length: the
            // run refuses at once, with its reason.
            PuzzleKind::WordRectangle => None,
            PuzzleKind::Swedish => project
                .vocabularies
                .iter()
                .flat_map(|v| &v.entries)
                .all(|e| e.clue.is_none())
                .then(|| {
                    "A Swedish puzzle needs words with clues (WORD=clue): File > Import thesaurus… or add clues (Vocabulary tab).".to_string()
                }),
        }
    }

    /// Whether the project changed since the shown puzzles were made (an
    /// undo back to that state makes them current again). Compared once
    /// per revision.
    pub fn preview_is_stale(&mut self) -> bool {
        let Some((made_at, made_from)) = &self.made_from else {
            return false;
        };
        if self.puzzles.is_empty() || *made_at == self.revision {
            return false;
        }
        match self.stale_at {
            Some((at, stale)) if at == self.revision => stale,
            _ => {
                let stale = !self.project.makes_the_same_puzzles_as(made_from);
                self.stale_at = Some((self.revision, stale));
                stale
            }
        }
    }

    fn autosave(&mut self) {
        if self.is_dirty() && self.last_autosave.elapsed() >= AUTOSAVE_EVERY {
            self.last_autosave = Instant::now();
            if let Err(e) = self
                .storage
                .write_recovery(&self.project, self.path.as_deref())
            {
                self.status = Status::error(format!("Autosave failed: {e}"));
            }
        }
    }

    fn run(&mut self, commands: Vec<Command>, ctx: &egui::Context) {
        for command in commands {
            match command {
                Command::Edit(Edit::Size(width, height)) => {
                    // Say what a smaller grid cut, so nothing goes silently.
                    let before = self.project.grid.clone();
                    let letters = self.project.letters.len();
                    self.apply(Edit::Size(width, height));
                    let after = &self.project.grid;
                    let mut cut = Vec::new();
                    let clipped = before
                        .restricted
                        .iter()
                        .filter(|r| !after.restricted.contains(r))
                        .count();
                    if clipped > 0 {
                        cut.push(format!("{clipped} ad area(s) clipped or dropped"));
                    }
                    let dropped = letters - self.project.letters.len();
                    if dropped > 0 {
                        cut.push(format!("{dropped} pre-assigned letter(s) outside dropped"));
                    }
                    if before.cells.is_some() && (width < before.width || height < before.height) {
                        cut.push("the painted shape cropped".into());
                    }
                    self.status = Status::info(if cut.is_empty() {
                        format!("Grid {width}×{height}.")
                    } else {
                        format!("Grid {width}×{height}: {} (Ctrl+Z undoes).", cut.join(", "))
                    });
                }
                Command::Edit(edit) => self.apply(edit),
                Command::Generate => self.generate(ctx),
                Command::Cancel => self.cancel(),
                Command::Import(vocabulary) => self.import_words(vocabulary),
                Command::TracePicture => self.ask_path(super::modal::PathPurpose::TracePicture),
                Command::ChooseSeries => self.ask_path(super::modal::PathPurpose::Series),
                Command::ChoosePreviousKey => self.ask_path(super::modal::PathPurpose::PreviousKey),
                Command::RemakeShown => self.remake_shown(ctx),
                Command::Highlight(word) => self.preview.highlight = word,
                Command::ShowPuzzle(i) => {
                    self.shown = i.min(self.puzzles.len().saturating_sub(1));
                    self.preview.highlight = None;
                    self.preview.invalidate();
                    self.puzzle_edit.shown_changed();
                }
                Command::EditPuzzle(edit) => self.edit_puzzle(edit),
            }
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let pressed = |key, modifiers| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key)))
        };
        if pressed(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT)
            || pressed(Key::Y, Modifiers::COMMAND)
        {
            self.redo();
        } else if pressed(Key::Z, Modifiers::COMMAND) {
            self.undo();
        }
        if pressed(Key::G, Modifiers::COMMAND) {
            match self.generate_refusal() {
                None => self.generate(ctx),
                Some(why) => self.status = Status::error(format!("Cannot generate: {why}")),
            }
        }
        // The menus show these; Shift first, so Ctrl+Shift+S is not Ctrl+S.
        if pressed(Key::S, Modifiers::COMMAND | Modifiers::SHIFT) {
            self.ask_path(super::modal::PathPurpose::SaveAs);
        } else if pressed(Key::S, Modifiers::COMMAND) {
            self.save();
        }
        if pressed(Key::N, Modifiers::COMMAND) {
            self.ask_unsaved(super::modal::Pending::New);
        }
        if pressed(Key::O, Modifiers::COMMAND) {
            self.ask_unsaved(super::modal::Pending::Open(None));
        }
        if pressed(Key::E, Modifiers::COMMAND)
            && !self.puzzles.is_empty()
            && !self.preview_is_stale()
        {
            self.ask_path(super::modal::PathPurpose::ExportPdf);
        }
        if pressed(Key::Escape, Modifiers::NONE) && self.worker.is_some() {
            self.cancel();
        }
    }

    /// Draws one frame of the whole app into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            // The preview sets the page in the print fonts.
            super::install_fonts(&ctx);
            self.fonts_installed = true;
        }
        self.poll_worker();
        if self.modal.is_none() {
            self.shortcuts(&ctx);
        }
        let mut commands = Vec::new();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui, &mut commands));
        // The side panels give way on narrow windows so the page keeps a
        // third of the width: at the 900 pt minimum, 430 + 250 pt of
        // panels left the preview 220 pt.
        let width = ctx.content_rect().width();
        egui::Panel::left("editors")
            .resizable(true)
            .default_size(430.0_f32.min(width * 0.38))
            .min_size(340.0)
            .max_size((width * 0.45).max(340.0))
            .show(ui, |ui| self.editors(ui, &mut commands));
        egui::Panel::right("result")
            .resizable(true)
            .default_size(250.0_f32.min(width * 0.22))
            .min_size(200.0)
            .max_size((width * 0.3).max(200.0))
            .show(ui, |ui| self.result_panel(ui, &mut commands));
        let stale = self.preview_is_stale();
        egui::CentralPanel::default().show(ui, |ui| {
            if stale {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "Out of date: the project changed since this puzzle was made. Generate (Ctrl+G) makes a new one; export is off until then.",
                );
            }
            let puzzle = self.puzzles.get(self.shown);
            preview::show(
                ui,
                &mut self.preview,
                puzzle,
                &self.project,
                self.shown,
                self.puzzles.len(),
                self.show_key,
                &mut commands,
            );
        });
        self.run(commands, &ctx);
        self.dialogs(&ctx);
        self.autosave();
        if let Some(worker) = &self.worker {
            // Keep the elapsed-time display moving without busy-looping.
            let _ = worker;
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting && self.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.ask_unsaved(super::modal::Pending::Quit);
        }
    }

    fn editors(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            for (tab, label) in [
                (Tab::Vocabulary, "Vocabulary"),
                (Tab::Blacklists, "Blacklists"),
                (Tab::Grid, "Grid"),
                (Tab::Generator, "Generator"),
            ] {
                if ui.selectable_label(self.tab == tab, label).clicked() {
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        match self.tab {
            Tab::Vocabulary => {
                vocab_panel::show(ui, &self.project, self.revision, &mut self.vocab, commands)
            }
            Tab::Blacklists => {
                blacklist_panel::show(ui, &self.project, &mut self.blacklist, commands)
            }
            // These two scroll: a small window cut off their last rows.
            Tab::Grid => {
                egui::ScrollArea::vertical()
                    .id_salt("grid tab")
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        grid_panel::show(ui, &self.project, &mut self.grid, commands)
                    })
                    .inner
            }
            Tab::Generator => {
                egui::ScrollArea::vertical()
                    .id_salt("generator tab")
                    .auto_shrink([false, true])
                    .show(ui, |ui| settings_panel::show(ui, &self.project, commands))
                    .inner
            }
        }
    }

    fn status_bar(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.add_space(3.0);
        ui.horizontal(|ui| {
            if let Some(worker) = &self.worker {
                ui.spinner();
                let label = if worker.cancelling() {
                    "Cancelling"
                } else {
                    "Generating"
                };
                let limit = worker.limit.as_secs_f32() * worker.count as f32;
                let done = (worker.elapsed().as_secs_f32() / limit).min(1.0);
                ui.add(
                    egui::ProgressBar::new(done)
                        .desired_width(160.0)
                        .text(format!("{label} {:.1} s", worker.elapsed().as_secs_f32())),
                );
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop and keep the best result (Esc)")
                    .clicked()
                {
                    commands.push(Command::Cancel);
                }
            }
            let colour = match self.status.level {
                Level::Info => ui.visuals().text_color(),
                Level::Warning => ui.visuals().warn_fg_color,
                Level::Error => ui.visuals().error_fg_color,
            };
            ui.label(egui::RichText::new(&self.status.text).color(colour));
        });
        if !self.status.details.is_empty() {
            egui::ScrollArea::vertical()
                .max_height(72.0)
                .show(ui, |ui| {
                    for line in &self.status.details {
                        ui.label(egui::RichText::new(format!("• {line}")).small());
                    }
                });
        }
        ui.add_space(2.0);
    }

    fn result_panel(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.add_space(8.0);
        let accent = ui.visuals().selection.bg_fill;
        let generate = egui::Button::new(
            egui::RichText::new("Generate")
                .strong()
                .size(16.0)
                .color(egui::Color32::WHITE),
        )
        .fill(accent)
        .min_size(egui::vec2(ui.available_width(), 34.0));
        let refusal = self.generate_refusal();
        if ui
            .add_enabled(self.worker.is_none() && refusal.is_none(), generate)
            .on_hover_text("Make the puzzle(s) (Ctrl+G)")
            .on_disabled_hover_text(refusal.as_deref().unwrap_or("Generating…"))
            .clicked()
        {
            commands.push(Command::Generate);
        }
        if let Some(why) = &refusal {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        ui.add_space(8.0);
        ui.checkbox(&mut self.show_key, "Show answer key");
        self.output_settings(ui, commands);
        if self.puzzles.len() > 1 {
            self.batch_navigation(ui, commands);
        }
        ui.separator();
        let Some(puzzle) = self.puzzles.get(self.shown) else {
            ui.label("No puzzle yet.");
            return;
        };
        ui.label(
            egui::RichText::new(format!(
                "{} words (click one to find it)",
                puzzle.words.len()
            ))
            .strong(),
        );
        self.word_inspector(ui, commands);
        let Some(puzzle) = self.puzzles.get(self.shown) else {
            return;
        };
        let highlight = self.preview.highlight;
        egui::ScrollArea::vertical()
            .id_salt("placed words")
            .show(ui, |ui| puzzle_summary(ui, puzzle, highlight, commands));
    }
    /// The page's template (or a layout program's column), PDF standard
    /// and, for a word search, where its list goes.
    fn output_settings(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let current = self
            .project
            .template
            .clone()
            .unwrap_or_else(|| crate::layout::template::DEFAULT_TEMPLATE.into());
        // Labels on their own line: beside the box they wrapped letter by
        // letter in the 200 pt panel of a small window.
        let label = ui.label("Template");
        // A layout program's column takes the template's place.
        ui.add_enabled_ui(self.project.column_width.is_none(), |ui| {
            egui::ComboBox::from_id_salt("template")
                .selected_text(&current)
                .width(ui.available_width() - 8.0)
                .show_ui(ui, |ui| {
                    for template in crate::layout::Template::shipped() {
                        if ui
                            .selectable_label(template.name == current, &template.name)
                            .on_hover_text(&template.description)
                            .clicked()
                            && template.name != current
                        {
                            commands.push(Command::Edit(Edit::Template(template.name)));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        column_choice(ui, self.project.column_width, commands);
        pdf_standard_choice(ui, self.project.pdf_standard, commands);
        if self.project.generator.kind == crate::model::PuzzleKind::WordSearch {
            word_list_choice(ui, self.project.word_list, commands);
        }
    }

    /// A batch's previous and next puzzle, and making the shown one anew.
    fn batch_navigation(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.shown > 0, egui::Button::new("<"))
                .on_hover_text("Previous puzzle")
                .clicked()
            {
                commands.push(Command::ShowPuzzle(self.shown - 1));
            }
            ui.label(format!(
                "Puzzle {} of {}",
                self.shown + 1,
                self.puzzles.len()
            ));
            if ui
                .add_enabled(self.shown + 1 < self.puzzles.len(), egui::Button::new(">"))
                .on_hover_text("Next puzzle")
                .clicked()
            {
                commands.push(Command::ShowPuzzle(self.shown + 1));
            }
        });
        if ui
            .add_enabled(self.worker.is_none(), egui::Button::new("Make this one anew"))
            .on_hover_text("A new puzzle in place of this one (the next free seed); the batch's other puzzles stay, and their words are not drawn again")
            .clicked()
        {
            commands.push(Command::RemakeShown);
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// Where the word list goes: the template's place, or one chosen here
/// (in the restricted area: instead of an ad).
/// A column of a layout program wide (mm) a first time: half an A4
/// magazine's type area (two columns of 88 mm with a 5 mm gutter), where a
/// 15-cell grid gets 5.7 mm cells.
const DEFAULT_COLUMN_MM: f32 = 88.0;

/// For a layout program: the page one column wide, its width kept in the
/// project.
fn column_choice(ui: &mut egui::Ui, width: Option<f32>, commands: &mut Vec<Command>) {
    use crate::layout::template::COLUMN_WIDTHS_MM;
    let mut on = width.is_some();
    if ui
        .checkbox(&mut on, "One column for a layout program")
        .on_hover_text("The page one column wide (the puzzle-only template, the grid filling the width); Export PDF also writes the grid, the word list or clues and the key as separate PDFs")
        .changed()
    {
        commands.push(Command::Edit(Edit::ColumnWidth(
            on.then_some(DEFAULT_COLUMN_MM),
        )));
    }
    if let Some(mut mm) = width {
        ui.horizontal(|ui| {
            let label = ui.label("Column width");
            if ui
                .add(
                    egui::DragValue::new(&mut mm)
                        .range(COLUMN_WIDTHS_MM)
                        .speed(0.5)
                        .max_decimals(1)
                        .suffix(" mm"),
                )
                .labelled_by(label.id)
                .changed()
            {
                commands.push(Command::Edit(Edit::ColumnWidth(Some(mm))));
            }
        });
    }
}

fn word_list_choice(
    ui: &mut egui::Ui,
    current: Option<crate::layout::template::ListPosition>,
    commands: &mut Vec<Command>,
) {
    use crate::layout::template::ListPosition;
    page_choice(
        ui,
        "Word list",
        current,
        &[
            (None, "as the template"),
            (Some(ListPosition::Below), "below the grid"),
            (Some(ListPosition::Beside), "beside the grid"),
            (
                Some(ListPosition::InRestrictedArea),
                "in the restricted area",
            ),
        ],
        "In the restricted area: the largest one holds the word list instead of an ad, when the words fit there; below the grid otherwise",
        |choice| commands.push(Command::Edit(Edit::WordList(choice))),
    );
}

/// The PDF standard of exports: the template's, or one chosen here.
fn pdf_standard_choice(
    ui: &mut egui::Ui,
    current: Option<crate::layout::template::PdfStandard>,
    commands: &mut Vec<Command>,
) {
    use crate::layout::template::PdfStandard;
    page_choice(
        ui,
        "PDF standard",
        current,
        &[
            (None, "as the template"),
            (Some(PdfStandard::None), "plain PDF"),
            (Some(PdfStandard::X1a), "PDF/X-1a:2003"),
            (Some(PdfStandard::X4), "PDF/X-4"),
        ],
        "PDF/X-1a and X-4 are what print shops ask for: CMYK, fonts embedded, the printing condition (FOGRA39) named",
        |choice| commands.push(Command::Edit(Edit::PdfStandard(choice))),
    );
}

/// A page setting of the project that overrides the template's (`None`:
/// as the template): a labelled box of `choices`; `chosen` hears of a
/// change.
fn page_choice<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    heading: &str,
    current: Option<T>,
    choices: &[(Option<T>, &str)],
    hover: &str,
    mut chosen: impl FnMut(Option<T>),
) {
    let label = |value: Option<T>| {
        choices
            .iter()
            .find(|(v, _)| *v == value)
            .map_or("", |(_, text)| *text)
    };
    let heading = ui.label(heading);
    egui::ComboBox::from_id_salt(heading.id)
        .selected_text(label(current))
        .width(ui.available_width() - 8.0)
        .show_ui(ui, |ui| {
            for &(choice, text) in choices {
                if ui
                    .selectable_label(choice == current, text)
                    .on_hover_text(hover)
                    .clicked()
                    && choice != current
                {
                    chosen(choice);
                }
            }
        })
        .response
        .labelled_by(heading.id);
}

/// Takes the saved puzzles out of a project just read: the project to
/// edit, its puzzles, and why they were dropped if they could not be read.
pub(super) fn split_generated(mut project: Project) -> (Project, Vec<Puzzle>, Option<String>) {
    let Some(text) = project.generated.take() else {
        return (project, Vec::new(), None);
    };
    match crate::export::json::parse(&text, "the project's saved puzzles") {
        Ok(mut puzzles) => {
            // The JSON keeps the letters, words and relaxations; the quality
            // shown beside the page is measured again from them.
            for p in &mut puzzles {
                match p.kind() {
                    PuzzleKind::WordSearch => p.report.quality = crate::verify::quality::measure(p),
                    PuzzleKind::WordRectangle | PuzzleKind::Swedish => {}
                }
            }
            (project, puzzles, None)
        }
        Err(e) => (
            project,
            Vec::new(),
            Some(format!(
                "The saved puzzles could not be read ({e}); the settings are open, press Generate."
            )),
        ),
    }
}

/// The placed words (a click selects one), the solution, what was
/// relaxed, and the puzzle's quality and clue measures.
fn puzzle_summary(
    ui: &mut egui::Ui,
    puzzle: &crate::model::Puzzle,
    highlight: Option<usize>,
    commands: &mut Vec<Command>,
) {
    let mut order: Vec<usize> = (0..puzzle.words.len()).collect();
    order.sort_by_key(|&i| puzzle.words[i].display.to_lowercase());
    for i in order {
        let word = &puzzle.words[i];
        let selected = highlight == Some(i);
        let label = format!("{}  ·  {}", word.display, word.direction);
        if ui.selectable_label(selected, label).clicked() {
            commands.push(Command::Highlight(if selected { None } else { Some(i) }));
        }
    }
    if let Some(solution) = puzzle.solution() {
        ui.separator();
        ui.label(format!("Solution: {}", solution.word));
    }
    // What this puzzle relaxed stays beside it (the status bar
    // moves on with the next action).
    if !puzzle.report.relaxed.is_empty() {
        ui.separator();
        ui.label(egui::RichText::new("Relaxed").strong());
        for r in &puzzle.report.relaxed {
            ui.colored_label(ui.visuals().warn_fg_color, r);
        }
    }
    if puzzle.report.cut_short {
        ui.colored_label(ui.visuals().warn_fg_color, crate::model::CUT_SHORT_NOTE);
    }
    if puzzle.kind().has_layout_quality() {
        let q = &puzzle.report.quality;
        ui.separator();
        ui.label(format!(
            "Difficulty {} ({}): {} crossings, {} decoys",
            q.difficulty,
            q.difficulty_label(),
            q.crossings,
            q.decoys
        ));
        // Missed goals where the editor looks, not in grey.
        for s in q.shortfalls(puzzle.words.len()) {
            ui.colored_label(ui.visuals().warn_fg_color, format!("Quality: {s}"));
        }
    }
    clue_measures(ui, puzzle);
    if !puzzle.report.accidental_words.is_empty() {
        ui.separator();
        ui.label(format!(
            "Accidental words: {}",
            puzzle.report.accidental_words.join(", ")
        ));
    }
}

/// A puzzle with clues: its answers' and clues' measures, and what an
/// editor should look at (sensitive answers, repeated clues, giveaways).
fn clue_measures(ui: &mut egui::Ui, puzzle: &crate::model::Puzzle) {
    if let Some(q) = crate::verify::clues::measure(puzzle) {
        ui.separator();
        ui.label(egui::RichText::new("Answers and clues").strong());
        ui.label(format!(
            "{} answers: two-letter {:.0} %, three-letter {:.0} %, familiar {:.0} %",
            q.answers,
            q.two_letter_share() * 100.0,
            q.three_letter_share() * 100.0,
            q.familiar_share() * 100.0
        ));
        ui.label(format!(
            "Abbreviations, symbols, units: {} ({} unmarked)",
            q.short_forms.0, q.short_forms.1
        ));
        if !puzzle.clue_cells().is_empty() {
            ui.label(format!(
                "{:.1} letters per clue cell, {:.0} % checked both ways",
                q.letters_per_clue,
                q.checked_share * 100.0
            ));
        }
        for (what, list) in [
            ("Sensitive", &q.sensitive),
            ("Clue printed twice", &q.repeated_clues),
            ("Word family", &q.word_families),
            ("Gives away", &q.giveaways),
        ] {
            if !list.is_empty() {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{what}: {}", list.join(", ")),
                );
            }
        }
    }
}

/// What a generation says: the words placed, and what the puzzles relaxed
/// (a warning) or the quality goals they missed, each listed below.
fn generated_status(puzzles: &[crate::model::Puzzle]) -> Status {
    let relaxed: Vec<String> = puzzles
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let prefix = if puzzles.len() > 1 {
                format!("puzzle {}: ", i + 1)
            } else {
                String::new()
            };
            let clock = p.report.cut_short.then_some(crate::model::CUT_SHORT_NOTE);
            p.report
                .relaxed
                .iter()
                .map(String::as_str)
                .chain(clock)
                .map(move |r| format!("{prefix}{r}"))
        })
        .collect();
    let words: usize = puzzles.iter().map(|p| p.words.len()).sum();
    let what = if puzzles.len() == 1 {
        format!("{words} words placed")
    } else {
        format!("{} puzzles, {words} words", puzzles.len())
    };
    // Quality goals missed (bundles, empty ninths) show here too,
    // not only in the export dialog.
    let missed: Vec<String> = puzzles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind().has_layout_quality())
        .flat_map(|(i, p)| {
            let prefix = if puzzles.len() > 1 {
                format!("puzzle {}: ", i + 1)
            } else {
                String::new()
            };
            p.report
                .quality
                .shortfalls(p.words.len())
                .into_iter()
                .map(move |s| format!("{prefix}quality: {s}"))
        })
        .collect();
    if relaxed.is_empty() && missed.is_empty() {
        Status::info(format!("Generated: {what}; every rule kept."))
    } else if relaxed.is_empty() {
        Status {
            level: Level::Info,
            text: format!(
                "Generated: {what}; every rule kept, {} quality goal(s) missed (see below).",
                missed.len()
            ),
            details: missed,
        }
    } else {
        Status {
            level: Level::Warning,
            text: format!(
                "Generated: {what}; {} thing(s) relaxed (see below).",
                relaxed.len()
            ),
            details: relaxed,
        }
    }
}
