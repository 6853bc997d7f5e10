//! The menu bar and the file side of the app: new, open, save, save as,
//! export (PDF, JSON), import, the unsaved-changes prompt and the recovery
//! offer. Every path can be typed; "Browse…" fills it from the desktop's
//! file dialog where one exists (xdg portal), so a bare machine still works.

use super::app::{App, split_generated};
use super::edit::Edit;
use super::modal::{Modal, PathPurpose, Pending, replace_question};
use super::status::{Level, Status};
use crate::export::json;
use crate::export::print::write_pdfs_titled;
use crate::model::Vocabulary;
use crate::project::{Project, write_atomic};
use eframe::egui;
use std::path::{Path, PathBuf};

impl App {
    /// The File, Edit, Generate and Help menus. One piece because it
    /// lists the menus' items in their order on screen; each item only
    /// sends a command or opens a dialog.
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .add(egui::Button::new("New project").shortcut_text("Ctrl+N"))
                    .clicked()
                {
                    self.ask_unsaved(Pending::New);
                }
                if ui
                    .add(egui::Button::new("Open…").shortcut_text("Ctrl+O"))
                    .clicked()
                {
                    self.ask_unsaved(Pending::Open(None));
                }
                ui.menu_button("Open recent", |ui| {
                    if self.state.recent.is_empty() {
                        ui.label("No recent projects");
                    }
                    for path in self.state.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            self.ask_unsaved(Pending::Open(Some(path)));
                        }
                    }
                });
                ui.separator();
                if ui
                    .add(egui::Button::new("Save").shortcut_text("Ctrl+S"))
                    .clicked()
                {
                    self.save();
                }
                if ui
                    .add(egui::Button::new("Save as…").shortcut_text("Ctrl+Shift+S"))
                    .clicked()
                {
                    self.ask_path(PathPurpose::SaveAs);
                }
                ui.separator();
                let exportable = !self.puzzles.is_empty() && !self.preview_is_stale();
                let why = if self.puzzles.is_empty() {
                    "Generate a puzzle first"
                } else {
                    "The project changed since this puzzle was made: generate again"
                };
                if ui
                    .add_enabled(
                        exportable,
                        egui::Button::new("Export PDF…").shortcut_text("Ctrl+E"),
                    )
                    .on_disabled_hover_text(why)
                    .clicked()
                {
                    self.ask_path(PathPurpose::ExportPdf);
                }
                if ui
                    .add_enabled(exportable, egui::Button::new("Export JSON…"))
                    .on_disabled_hover_text(why)
                    .clicked()
                {
                    self.ask_path(PathPurpose::ExportJson);
                }
                ui.separator();
                if ui
                    .button("Import thesaurus…")
                    .on_hover_text(
                        "A clue vocabulary (WORD=clue) for Swedish puzzles from a thesaurus",
                    )
                    .clicked()
                {
                    self.ask_path(PathPurpose::Thesaurus);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    self.ask_unsaved(Pending::Quit);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(self.history.can_undo(), egui::Button::new("Undo"))
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(self.history.can_redo(), egui::Button::new("Redo"))
                    .clicked()
                {
                    self.redo();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("About Gridpress").clicked() {
                    self.modal = Some(Modal::About);
                }
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let file = self
                    .path
                    .as_ref()
                    .map_or("not saved yet".to_string(), |p| p.display().to_string());
                let dirty = if self.is_dirty() { " •" } else { "" };
                ui.label(format!("{}{dirty}  —  {file}", self.project.name));
            });
        });
    }

    /// Runs `pending` now, or first asks about unsaved changes.
    pub(super) fn ask_unsaved(&mut self, pending: Pending) {
        if self.is_dirty() {
            self.modal = Some(Modal::Unsaved(pending));
        } else {
            self.proceed(pending);
        }
    }

    fn proceed(&mut self, pending: Pending) {
        match pending {
            Pending::New => {
                self.replace_project(Project::sample(), None);
                // The desktop's language for the page text and the filler
                // letters (a German desktop got "Across/Down" before).
                let language = crate::project::desktop_language();
                self.project.language = language;
                self.project.name = match language {
                    crate::model::Language::German => "Neues Rätsel".into(),
                    crate::model::Language::English | crate::model::Language::FromVocabulary => {
                        "New puzzle".into()
                    }
                };
                self.project.vocabularies.truncate(1);
                if let Some(v) = self.project.vocabularies.first_mut() {
                    v.name = "Words".into();
                    v.entries.clear();
                }
                // Nothing of the sample's content stays (its exclusion group
                // named sea-life words the new project does not have).
                self.project.exclusion_groups.clear();
                self.project.offensive_words.clear();
                self.project.letters.clear();
                self.project.preassigned_words.clear();
                self.blacklist = Default::default();
                self.status = Status::info("New project: add words in the Vocabulary tab.");
            }
            Pending::Open(Some(path)) => self.open(&path),
            Pending::Open(None) => self.ask_path(PathPurpose::Open),
            Pending::Quit => {
                self.quitting = true;
                self.storage.clear_recovery();
                self.state_changed();
                self.close_now = true;
            }
        }
    }

    fn replace_project(&mut self, project: Project, path: Option<PathBuf>) {
        let (project, puzzles, note) = split_generated(project);
        self.project = project;
        self.path = path;
        self.history.clear();
        self.revision += 1;
        self.saved_revision = self.revision;
        self.made_from = (!puzzles.is_empty()).then(|| (self.revision, self.project.clone()));
        self.stale_at = None;
        self.puzzles = puzzles;
        self.shown = 0;
        self.forget_puzzle_edits();
        if let Some(note) = note {
            self.status = Status::error(note);
        }
        self.preview.invalidate();
        self.vocab = Default::default();
        self.storage.clear_recovery();
    }

    /// Opens a project file; on failure nothing changes.
    pub fn open(&mut self, path: &Path) {
        match Project::load(path) {
            Ok(project) => {
                self.replace_project(project, Some(path.to_path_buf()));
                self.state.opened(path);
                self.state_changed();
                self.status = Status::info(format!("Opened {}.", path.display()));
            }
            Err(e) => self.status = Status::error(format!("Cannot open: {e}")),
        }
    }

    /// Saves to the project's file, or asks for one.
    pub fn save(&mut self) {
        match self.path.clone() {
            Some(path) => {
                self.save_to(&path);
            }
            None => self.ask_path(PathPurpose::SaveAs),
        }
    }

    /// Saves to `path` (atomically); returns whether it worked.
    pub fn save_to(&mut self, path: &Path) -> bool {
        // The puzzles go with the settings they were made from, never with
        // changed ones.
        let mut saved = self.project.clone();
        if !self.puzzles.is_empty() && !self.preview_is_stale() {
            saved.generated = Some(json::puzzles_to_string(&self.puzzles));
        }
        match saved.save(path) {
            Ok(()) => {
                self.path = Some(path.to_path_buf());
                self.saved_revision = self.revision;
                self.storage.clear_recovery();
                self.state.opened(path);
                self.state_changed();
                self.status = Status::info(format!("Saved {}.", path.display()));
                true
            }
            Err(e) => {
                self.status = Status::error(format!("Not saved: {}: {e}", path.display()));
                false
            }
        }
    }

    fn state_changed(&self) {
        self.storage.save_state(&self.state);
    }

    /// Writes the print PDF (and any extra files) of the current puzzles.
    pub fn export_pdf(&mut self, path: &Path) -> Result<(), String> {
        let template = self.project.page_template().map_err(|e| e.to_string())?;
        // Where the keys go is the template's (compact keys after the
        // puzzles for the shipped ones; a template may ask for small keys).
        let placement = template.key.placement;
        let files = write_pdfs_titled(
            &self.puzzles,
            &self.project.puzzle_titles(self.puzzles.len()),
            &template,
            placement,
            path,
        )
        .map_err(|e| e.to_string())?;
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let recorded = self.record_in_series()?;
        self.status = Status::info(format!("Exported {}.{recorded}", names.join(", ")));
        Ok(())
    }

    /// Adds the exported puzzles' answers to the project's series (once:
    /// an export of the same puzzles again adds nothing); what it did, for
    /// the status line.
    fn record_in_series(&self) -> Result<String, String> {
        let Some(settings) = &self.project.series else {
            return Ok(String::new());
        };
        let series = crate::series::Series::load(&settings.file).map_err(|e| e.to_string())?;
        let titles = self.project.puzzle_titles(self.puzzles.len());
        let entries: Vec<(String, Vec<String>)> = self
            .puzzles
            .iter()
            .zip(&titles)
            .map(|(p, title)| crate::series::entry(&format!("{title} (seed {})", p.seed), p))
            .filter(|(_, answers)| !series.puzzles.iter().any(|(_, a)| a == answers))
            .collect();
        let added = entries.len();
        if added == 0 {
            return Ok(" The series has these puzzles already.".into());
        }
        crate::series::Series::append(&settings.file, &entries)
            .map_err(|e| format!("the series {}: {e}", settings.file.display()))?;
        Ok(format!(
            " {added} puzzle(s) added to the series {} (their answers kept out of the next {}).",
            settings.file.display(),
            settings.keep_out
        ))
    }

    /// Writes the puzzle JSON of the current puzzles.
    pub fn export_json(&mut self, path: &Path) -> Result<(), String> {
        let text = json::puzzles_to_string(&self.puzzles);
        write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        self.status = Status::info(format!("Exported {}.", path.display()));
        Ok(())
    }

    /// Imports a words file into a vocabulary; rejected lines are listed.
    pub fn import_file(&mut self, vocabulary: usize, path: &Path) -> Result<(), String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.display().to_string();
        let csv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let text = if csv { csv_to_text(&bytes) } else { bytes };
        let (parsed, lines) =
            Vocabulary::parse_text("import", &text, &name).map_err(|e| e.to_string())?;
        let (_, rejected) = parsed.words(self.project.umlaut_mode());
        let file_line = |entry: usize| lines.get(entry.wrapping_sub(1)).copied().unwrap_or(entry);
        let rejected_words: Vec<String> = rejected
            .iter()
            .map(|r| format!("line {}: {:?}: {}", file_line(r.line), r.text, r.reason))
            .collect();
        let bad: std::collections::BTreeSet<usize> =
            rejected.iter().map(|r| r.line.wrapping_sub(1)).collect();
        let good: Vec<_> = parsed
            .entries
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !bad.contains(i))
            .map(|(_, e)| e)
            .collect();
        let count = good.len();
        self.apply(Edit::AddEntries(vocabulary, good));
        self.status = Status {
            level: if rejected_words.is_empty() {
                Level::Info
            } else {
                Level::Warning
            },
            text: format!(
                "Imported {count} entries from {name}; {} rejected.",
                rejected_words.len()
            ),
            details: rejected_words,
        };
        Ok(())
    }

    /// Adds a clue vocabulary made from a thesaurus file (last in priority).
    pub fn import_thesaurus(&mut self, path: &Path) -> Result<(), String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: not valid UTF-8 text", path.display()))?;
        let name = "Thesaurus clues";
        let imported = crate::model::thesaurus::import_with_glosses(&text, name);
        let count = imported.vocabulary.entries.len();
        if count == 0 {
            return Err(format!(
                "{}: no synonym set gave a word with a clue (is it OpenThesaurus' text format?)",
                path.display()
            ));
        }
        // A Swedish puzzle from a German thesaurus wants German page text
        // (and filler): switch a project set to the other language, as an
        // edit the user can undo.
        let language =
            crate::model::vocabulary::guess_language(std::slice::from_ref(&imported.vocabulary));
        let switch = match self.project.language {
            crate::model::Language::FromVocabulary => None,
            current => (current != language).then_some(language),
        };
        let index = self.project.vocabularies.len();
        self.apply(Edit::AddVocabulary(name.into()));
        self.apply(Edit::AddEntries(index, imported.vocabulary.entries));
        if let Some(language) = switch {
            self.apply(Edit::Language(language));
        }
        self.status = Status::info(format!(
            "Imported {count} answers with clues from {} synonym sets of {} as vocabulary {name:?}.{}",
            imported.sets,
            path.display(),
            match switch {
                Some(crate::model::Language::German) =>
                    " The page language is now German (Generator tab, Language; Ctrl+Z undoes).",
                Some(_) =>
                    " The page language is now English (Generator tab, Language; Ctrl+Z undoes).",
                None => "",
            }
        ));
        Ok(())
    }

    pub(super) fn import_words(&mut self, vocabulary: usize) {
        self.ask_path(PathPurpose::Import(vocabulary));
    }

    /// Where file dialogs start: the project's folder, else the last one
    /// used, else the working directory.
    fn start_folder(&self) -> PathBuf {
        self.path
            .as_ref()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .or_else(|| self.state.last_folder.clone().filter(|d| d.is_dir()))
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_default())
    }

    pub(super) fn ask_path(&mut self, purpose: PathPurpose) {
        let text = match purpose {
            // A project never saved gets a name from its title.
            PathPurpose::SaveAs => Some(
                self.path
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| self.suggested("ron")),
            ),
            PathPurpose::Open => self.path.as_ref().map(|p| p.display().to_string()),
            PathPurpose::ExportPdf => Some(self.suggested("pdf")),
            PathPurpose::ExportJson => Some(self.suggested("json")),
            PathPurpose::Import(_) | PathPurpose::TracePicture => None,
            PathPurpose::Thesaurus => Some(crate::model::thesaurus::OPENTHESAURUS_PATH.into()),
            PathPurpose::Series => Some(match &self.project.series {
                Some(s) => s.file.display().to_string(),
                None => self.save_folder().join("series.txt").display().to_string(),
            }),
            PathPurpose::PreviousKey => self
                .project
                .previous_key
                .as_ref()
                .map(|p| p.display().to_string()),
        };
        self.modal = Some(Modal::Path {
            purpose,
            text: text.unwrap_or_default(),
            error: None,
        });
    }

    /// Where a new file goes: the project's folder, the last folder saved
    /// or exported to, the user's documents, the first that takes files
    /// (an import from a system folder, the thesaurus in /usr/share, made
    /// exports start there).
    fn save_folder(&self) -> PathBuf {
        let home = std::env::var_os("HOME")
            .or_else(|| std::env::var_os("USERPROFILE"))
            .map(PathBuf::from);
        self.path
            .as_ref()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
            .into_iter()
            .chain(self.state.last_save_folder.clone())
            .chain(
                home.iter()
                    .flat_map(|h| [h.join("Documents"), h.join("Dokumente"), h.clone()]),
            )
            .find(|d| d.is_dir() && writable(d))
            .unwrap_or_else(|| self.start_folder())
    }

    fn suggested(&self, extension: &str) -> String {
        let dir = self.save_folder();
        let stem: String = self
            .project
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        dir.join(format!("{}.{extension}", stem.trim_matches('-')))
            .display()
            .to_string()
    }

    fn finish_path(&mut self, purpose: PathPurpose, path: &Path) -> Result<(), String> {
        match purpose {
            PathPurpose::Open => {
                self.open(path);
                Ok(())
            }
            PathPurpose::SaveAs => {
                // A name typed without an extension gets the project's.
                let with_ron;
                let path = if path.extension().is_none() {
                    with_ron = path.with_extension("ron");
                    with_ron.as_path()
                } else {
                    path
                };
                if self.save_to(path) {
                    Ok(())
                } else {
                    Err(self.status.text.clone())
                }
            }
            PathPurpose::ExportPdf => self.export_pdf(path),
            PathPurpose::ExportJson => self.export_json(path),
            PathPurpose::Import(v) => self.import_file(v, path),
            PathPurpose::Thesaurus => self.import_thesaurus(path),
            PathPurpose::Series => {
                // A file that is there must read as a series.
                let series = crate::series::Series::load(path).map_err(|e| e.to_string())?;
                let keep_out = self
                    .project
                    .series
                    .as_ref()
                    .map_or(crate::series::DEFAULT_KEEP_OUT, |s| s.keep_out);
                self.apply(Edit::Series(Some(crate::project::SeriesSettings {
                    file: path.to_path_buf(),
                    keep_out,
                })));
                self.status = Status::info(format!(
                    "Series {}: {} puzzle(s) so far; the answers of the last {keep_out} are kept out, and exported puzzles are added.",
                    path.display(),
                    series.puzzles.len()
                ));
                Ok(())
            }
            PathPurpose::PreviousKey => {
                // Read now, so that a wrong file is named here.
                let mut project = self.project.clone();
                project.previous_key = Some(path.to_path_buf());
                project.page_template().map_err(|e| e.to_string())?;
                self.apply(Edit::PreviousKey(Some(path.to_path_buf())));
                self.status = Status::info(format!(
                    "The key of {} prints small at the foot of each puzzle page.",
                    path.display()
                ));
                Ok(())
            }
            PathPurpose::TracePicture => {
                let trace = super::trace::Trace::load(path)?;
                self.modal = Some(Modal::Trace(Box::new(trace)));
                Ok(())
            }
        }
    }

    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        if std::mem::take(&mut self.close_now) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let Some(modal) = self.modal.take() else {
            return;
        };
        let mut keep = None;
        match modal {
            Modal::Unsaved(pending) => keep = self.unsaved_dialog(ctx, pending),
            Modal::Path {
                purpose,
                text,
                error,
            } => keep = self.path_dialog(ctx, purpose, text, error),
            Modal::Trace(mut trace) => {
                let grid = (self.project.grid.width, self.project.grid.height);
                match trace.show(ctx, grid) {
                    super::trace::Decision::Open => keep = Some(Modal::Trace(trace)),
                    super::trace::Decision::Apply(mask) => {
                        self.apply(Edit::Cells(mask.to_rows()));
                        self.status = Status::info(format!(
                            "Traced the shape from {} (undo with Ctrl+Z).",
                            trace.name
                        ));
                    }
                    super::trace::Decision::Cancel => {}
                }
            }
            Modal::About => keep = about_dialog(ctx),
            Modal::Recover { project, origin } => keep = self.recover_dialog(ctx, project, origin),
        }
        if self.modal.is_none() {
            self.modal = keep;
        }
    }

    /// Save, discard or cancel before `pending`; the modal again while
    /// it stays open.
    fn unsaved_dialog(&mut self, ctx: &egui::Context, pending: Pending) -> Option<Modal> {
        let mut keep = None;
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to \u{201c}{}\u{201d} first?",
                self.project.name
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    let saved = match self.path.clone() {
                        Some(path) => self.save_to(&path),
                        None => false,
                    };
                    if saved {
                        self.proceed(pending.clone());
                    } else {
                        self.ask_path(PathPurpose::SaveAs);
                    }
                } else if ui.button("Discard changes").clicked() {
                    self.saved_revision = self.revision;
                    self.proceed(pending.clone());
                } else if ui.button("Cancel").clicked() {
                } else {
                    keep = Some(Modal::Unsaved(pending.clone()));
                }
            });
        });
        keep
    }

    /// Asks for a file for `purpose` (and, for an export, repeats what
    /// the puzzles relaxed); the modal again while it stays open.
    fn path_dialog(
        &mut self,
        ctx: &egui::Context,
        purpose: PathPurpose,
        mut text: String,
        error: Option<String>,
    ) -> Option<Modal> {
        let mut keep = None;
        let mut error = error;
        let start_folder = self.start_folder();
        let relaxed = self.export_warnings(purpose);
        let (mut done, cancelled) = path_form(
            ctx,
            purpose,
            &mut text,
            error.as_deref(),
            &relaxed,
            &start_folder,
        );
        // Writing over a file asks first: the second Write (or
        // Enter) with the same name replaces it.
        let replace = replace_question(text.trim());
        if done
            && purpose.replaces()
            && Path::new(text.trim()).is_file()
            && error.as_deref() != Some(replace.as_str())
        {
            done = false;
            error = Some(replace);
            // The field takes the keyboard again: Enter confirms.
            ctx.data_mut(|d| d.remove::<bool>(egui::Id::unique("path dialog focused")));
        }
        if done || cancelled {
            ctx.data_mut(|d| d.remove::<bool>(egui::Id::unique("path dialog focused")));
        }
        if done {
            match self.finish_path(purpose, Path::new(text.trim())) {
                Ok(()) => {
                    if let Some(dir) = Path::new(text.trim()).parent() {
                        self.state.last_folder = Some(dir.to_path_buf());
                        if purpose.saves() {
                            self.state.last_save_folder = Some(dir.to_path_buf());
                        }
                        self.state_changed();
                    }
                }
                Err(e) => {
                    error = Some(e);
                    keep = Some(Modal::Path {
                        purpose,
                        text,
                        error,
                    });
                }
            }
        } else if !cancelled {
            keep = Some(Modal::Path {
                purpose,
                text,
                error,
            });
        }
        keep
    }

    /// An export repeats what its puzzles relaxed and the quality goals
    /// they missed, per puzzle of a batch, so that a page without its
    /// solution word or with a bundle of parallel words is not sent off
    /// unnoticed.
    fn export_warnings(&self, purpose: PathPurpose) -> Vec<String> {
        match purpose {
            PathPurpose::ExportPdf | PathPurpose::ExportJson => self
                .puzzles
                .iter()
                .enumerate()
                .flat_map(|(n, p)| {
                    let which = if self.puzzles.len() > 1 {
                        format!("puzzle {} (seed {}): ", n + 1, p.seed)
                    } else {
                        String::new()
                    };
                    let missed = if p.kind().has_layout_quality() {
                        p.report.quality.shortfalls(p.words.len())
                    } else {
                        Vec::new()
                    };
                    p.report
                        .relaxed
                        .iter()
                        .cloned()
                        .chain(missed.into_iter().map(|s| format!("quality: {s}")))
                        .map(move |line| format!("{which}{line}"))
                        .collect::<Vec<_>>()
                })
                .collect(),
            PathPurpose::Open
            | PathPurpose::SaveAs
            | PathPurpose::Import(_)
            | PathPurpose::TracePicture
            | PathPurpose::Thesaurus
            | PathPurpose::Series
            | PathPurpose::PreviousKey => Vec::new(),
        }
    }

    /// Offers to restore the work a previous session left unsaved.
    fn recover_dialog(
        &mut self,
        ctx: &egui::Context,
        project: Box<Project>,
        origin: Option<PathBuf>,
    ) -> Option<Modal> {
        let mut keep = None;
        egui::Modal::new(egui::Id::unique("recover")).show(ctx, |ui| {
            ui.heading("Restore unsaved work?");
            let from = origin
                .as_ref()
                .map_or("a project that was never saved".to_string(), |p| {
                    p.display().to_string()
                });
            ui.label(format!(
                "The last session ended with unsaved changes to {from}."
            ));
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    self.replace_project((*project).clone(), origin.clone());
                    // Restored work is unsaved until the user saves it.
                    self.saved_revision = self.revision.wrapping_sub(1);
                    self.storage
                        .write_recovery(&self.project, self.path.as_deref())
                        .ok();
                    self.status = Status::info("Restored the unsaved work; save it to keep it.");
                } else if ui.button("Discard").clicked() {
                    self.storage.clear_recovery();
                } else {
                    keep = Some(Modal::Recover {
                        project: project.clone(),
                        origin: origin.clone(),
                    });
                }
            });
        });
        keep
    }
}

/// The file dialog's window: the export's warnings, the path field with
/// Browse…, the last error; whether the user confirmed or cancelled.
fn path_form(
    ctx: &egui::Context,
    purpose: PathPurpose,
    text: &mut String,
    error: Option<&str>,
    relaxed: &[String],
    start_folder: &Path,
) -> (bool, bool) {
    let mut done = false;
    let mut cancelled = false;
    egui::Modal::new(egui::Id::unique("path")).show(ctx, |ui| {
        ui.set_min_width(520.0);
        ui.heading(purpose.title());
        if !relaxed.is_empty() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Before printing: these puzzles relaxed the request or missed a quality goal:",
            );
            for r in relaxed {
                ui.colored_label(ui.visuals().warn_fg_color, format!("• {r}"));
            }
        }
        ui.horizontal(|ui| {
            let label = ui.label("File:");
            let field = ui
                .add(egui::TextEdit::singleline(text).desired_width(380.0))
                .labelled_by(label.id);
            // The field has the keyboard when the dialog opens,
            // so a typed path and Enter work at once.
            let opened = egui::Id::unique("path dialog focused");
            if !ui.data(|d| d.get_temp::<bool>(opened).unwrap_or(false)) {
                field.request_focus();
                ui.data_mut(|d| d.insert_temp(opened, true));
            }
            // Enter in the field confirms, as the button does.
            if field.lost_focus()
                && ui.input(|i| i.key_pressed(egui::Key::Enter))
                && !text.trim().is_empty()
            {
                done = true;
            }
            if ui.button("Browse…").clicked()
                && let Some(path) = browse(purpose, text, start_folder)
            {
                *text = path.display().to_string();
            }
        });
        if let Some(e) = error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let verb = if purpose.saves() { "Write" } else { "Open" };
            if ui
                .add_enabled(!text.trim().is_empty(), egui::Button::new(verb))
                .clicked()
            {
                done = true;
            }
            if ui.button("Cancel").clicked() {
                cancelled = true;
            }
        });
    });
    (done, cancelled)
}

/// Version, licences and data sources; the modal again while it stays
/// open.
fn about_dialog(ctx: &egui::Context) -> Option<Modal> {
    let mut keep = None;
    let shown = egui::Modal::new(egui::Id::unique("about")).show(ctx, |ui| {
        ui.heading(format!("Gridpress {}", env!("CARGO_PKG_VERSION")));
        ui.label(env!("CARGO_PKG_DESCRIPTION"));
        ui.add_space(6.0);
        for (what, licence) in ABOUT_LICENCES {
            ui.horizontal_wrapped(|ui| {
                ui.strong(*what);
                ui.label(*licence);
            });
        }
        ui.add_space(6.0);
        ui.label(
            "The licence texts are installed with the package \
             (/usr/share/doc/gridpress/copyright) and lie in the source \
             (fonts/, profiles/, docs/licences/, src/model/lexicon/README.md).",
        );
        ui.button("Close").clicked()
    });
    if !shown.inner && !shown.should_close() {
        keep = Some(Modal::About);
    }
    keep
}

/// What the About dialog lists: each part of Gridpress with its licence
/// and source (the package's copyright file says the same at length).
const ABOUT_LICENCES: &[(&str, &str)] = &[
    ("Gridpress", "MIT or Apache-2.0"),
    (
        "Lato (page text)",
        "SIL Open Font License 1.1, Łukasz Dziedzic",
    ),
    ("Roboto Condensed (clue text)", "Apache-2.0, Google"),
    (
        "FOGRA39L output profile",
        "free of known copyright restrictions (colord, via Debian's texlive-base)",
    ),
    (
        "Word frequencies",
        "CC BY-SA 4.0, from wordfreq 3.1.1 (Robyn Speer)",
    ),
    (
        "German first senses",
        "CC BY-SA 4.0, German Wiktionary contributors",
    ),
    (
        "Hyphenation patterns",
        "hyph-utf8: German 1996 MIT; US English © Gerard D.C. Kuiken, free copying",
    ),
    (
        "Thesaurus imports",
        "read at run time from Debian's openthesaurus-de-text (LGPL-2.1), mythes-en-us and wordnet-base; not shipped",
    ),
];

/// The desktop's file dialog (xdg portal); `None` when there is none or the
/// user cancels, and the typed path stays.
fn browse(purpose: PathPurpose, current: &str, start_folder: &Path) -> Option<PathBuf> {
    let (name, extensions) = purpose.extension();
    let mut dialog = rfd::FileDialog::new()
        .add_filter(name, extensions)
        .set_title(purpose.title());
    let current = Path::new(current.trim());
    match current.parent().filter(|d| d.is_dir()) {
        Some(dir) => dialog = dialog.set_directory(dir),
        None if start_folder.is_dir() => dialog = dialog.set_directory(start_folder),
        None => {}
    }
    if let Some(file) = current.file_name() {
        dialog = dialog.set_file_name(file.to_string_lossy());
    }
    if purpose.saves() {
        dialog.save_file()
    } else {
        dialog.pick_file()
    }
}

/// CSV (`word,clue` per line, optional quotes) to the `WORD=clue` text format.
fn csv_to_text(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    for line in text.lines() {
        let mut fields = line
            .splitn(2, [',', ';'])
            .map(|f| f.trim().trim_matches('"').trim());
        let word = fields.next().unwrap_or_default();
        match fields.next().filter(|c| !c.is_empty()) {
            Some(clue) => out.push_str(&format!("{word}={clue}\n")),
            None => out.push_str(&format!("{word}\n")),
        }
    }
    out.into_bytes()
}

/// Whether a file can be made in `dir` (tried: permissions alone miss
/// read-only mounts and access lists).
fn writable(dir: &Path) -> bool {
    let probe = dir.join(format!(".gridpress-probe-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            true
        }
        Err(_) => false,
    }
}
