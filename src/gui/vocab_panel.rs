//! The vocabulary editor: vocabularies in priority order, entries with their
//! grid letters and clues (a virtualised list that stays smooth with 70,000
//! entries), add / edit / delete / filter / import, invalid entries and
//! duplicates flagged, and a word-length histogram.

use super::command::Command;
use super::edit::Edit;
use crate::model::word::grid_letters;
use crate::model::{Entry, Lines, UmlautMode, Vocabulary};
use crate::project::Project;
use eframe::egui;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// Row height of the entry list.
const ROW: f32 = 20.0;

/// What is wrong with an entry, if anything.
#[derive(Clone, Debug, PartialEq)]
enum Flag {
    Ok,
    Invalid(String),
    /// Same grid letters as an earlier entry (vocabulary, entry).
    Duplicate(usize, usize),
}

/// Per-vocabulary analysis, recomputed when the project changes.
#[derive(Default)]
struct Analysis {
    key: Option<(u64, usize)>,
    letters: Vec<String>,
    /// Word, grid letters and clue in lower case, for the filter.
    search: Vec<String>,
    flags: Vec<Flag>,
    histogram: Vec<usize>,
    invalid: usize,
    duplicates: usize,
}

/// The editor's own state (selection, typed text, caches).
#[derive(Default)]
pub struct VocabState {
    selected: usize,
    filter: String,
    new_word: String,
    new_clue: String,
    editing: Option<(usize, String, String)>,
    new_vocabulary: String,
    /// A vocabulary was just added: select it once the project holds this
    /// many (the edit applies after the frame).
    select_when: Option<usize>,
    analysis: Analysis,
    job: Option<Job>,
    filtered: Option<(FilterKey, Vec<usize>)>,
    /// The must-use words' conflicts at a revision.
    conflicts: Option<(u64, Vec<crate::conflicts::Conflict>)>,
}

/// What a filtered row list depends on: revision, vocabulary, filter text,
/// whether the entry check was current.
type FilterKey = (u64, usize, String, bool);

/// An entry check running on a worker thread.
struct Job {
    key: (u64, usize),
    receiver: Receiver<Analysis>,
    /// Set when a newer edit makes this check pointless.
    stale: Arc<AtomicBool>,
}

/// Vocabularies up to this many entries are checked inside the frame;
/// larger ones on a worker thread, so editing a 70,000-word list stays smooth.
const CHECK_IN_FRAME: usize = 5_000;

/// Brings the analysis of vocabulary `v` up to date, or starts doing so.
fn refresh(
    ctx: &egui::Context,
    project: &Project,
    revision: u64,
    v: usize,
    state: &mut VocabState,
) {
    let key = (revision, v);
    if let Some(job) = &state.job
        && let Ok(mut analysis) = job.receiver.try_recv()
    {
        analysis.key = Some(job.key);
        state.analysis = analysis;
        state.job = None;
    }
    let wanted = state.analysis.key != Some(key) && state.job.as_ref().map(|j| j.key) != Some(key);
    if !wanted {
        return;
    }
    if let Some(old) = state.job.take() {
        old.stale.store(true, Ordering::Relaxed);
    }
    let vocabularies = project.vocabularies[..=v].to_vec();
    let mode = project.umlaut_mode();
    let total: usize = vocabularies.iter().map(|x| x.entries.len()).sum();
    let stale = Arc::new(AtomicBool::new(false));
    if total <= CHECK_IN_FRAME {
        state.analysis = analyse(&vocabularies, mode, &stale);
        state.analysis.key = Some(key);
        return;
    }
    let (sender, receiver) = channel();
    let ctx = ctx.clone();
    let flag = stale.clone();
    let spawned = std::thread::Builder::new()
        .name("gridpress-vocabulary".into())
        .spawn(move || {
            let analysis = analyse(&vocabularies, mode, &flag);
            if !flag.load(Ordering::Relaxed) {
                let _ = sender.send(analysis);
                ctx.request_repaint();
            }
        });
    if spawned.is_ok() {
        state.job = Some(Job {
            key,
            receiver,
            stale,
        });
    }
}

/// Checks the last of `vocabularies` against itself and those before it.
/// Stops early (with a partial result nobody reads) once `stale` is set.
fn analyse(vocabularies: &[Vocabulary], mode: UmlautMode, stale: &AtomicBool) -> Analysis {
    let selected = vocabularies.len().saturating_sub(1);
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut out = Analysis::default();
    for (v, vocabulary) in vocabularies.iter().enumerate() {
        for (e, entry) in vocabulary.entries.iter().enumerate() {
            if e % 4096 == 0 && stale.load(Ordering::Relaxed) {
                return out;
            }
            let letters = grid_letters(&entry.word, mode);
            let flag = match &letters {
                Err(err) => Flag::Invalid(err.to_string()),
                Ok(l) => {
                    let key: String = l.iter().collect();
                    match seen.get(&key) {
                        Some(&(pv, pe)) => Flag::Duplicate(pv, pe),
                        None => {
                            seen.insert(key, (v, e));
                            Flag::Ok
                        }
                    }
                }
            };
            if v == selected {
                let text: String = letters
                    .as_ref()
                    .map(|l| l.iter().collect())
                    .unwrap_or_default();
                let len = text.chars().count();
                if matches!(flag, Flag::Ok) {
                    if out.histogram.len() <= len {
                        out.histogram.resize(len + 1, 0);
                    }
                    out.histogram[len] += 1;
                }
                match flag {
                    Flag::Invalid(_) => out.invalid += 1,
                    Flag::Duplicate(..) => out.duplicates += 1,
                    Flag::Ok => {}
                }
                let clue = entry.clue.as_deref().unwrap_or_default();
                out.search
                    .push(format!("{}\u{1}{}\u{1}{}", entry.word, text, clue).to_lowercase());
                out.letters.push(text);
                out.flags.push(flag);
            }
        }
    }
    out
}

/// Draws the editor; edits go to `commands`. One piece because it reads
/// as the tab reads (vocabulary picker, its settings, conflicts, entries);
/// each part with logic of its own is its own function.
pub fn show(
    ui: &mut egui::Ui,
    project: &Project,
    revision: u64,
    state: &mut VocabState,
    commands: &mut Vec<Command>,
) {
    let vocabularies = &project.vocabularies;
    if let Some(count) = state.select_when
        && vocabularies.len() == count
    {
        state.selected = count - 1;
        state.select_when = None;
    }
    conflicts_panel(ui, project, revision, state, commands);
    ui.label(egui::RichText::new("Vocabularies, highest priority first").strong());
    for (i, vocabulary) in vocabularies.iter().enumerate() {
        ui.horizontal(|ui| {
            let kind = if vocabulary.must_use {
                "must use"
            } else {
                "drawn from"
            };
            let label = format!(
                "{}. {}  ({} words, {kind})",
                i + 1,
                vocabulary.name,
                vocabulary.entries.len()
            );
            if ui.selectable_label(state.selected == i, label).clicked() {
                state.selected = i;
                state.editing = None;
            }
        });
    }
    ui.horizontal(|ui| {
        let label = ui.label("New:");
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut state.new_vocabulary)
                    .hint_text("vocabulary name")
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
        // Enter adds it, as the button does.
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let name = state.new_vocabulary.trim().to_string();
        let clicked = ui
            .add_enabled(!name.is_empty(), egui::Button::new("Add vocabulary"))
            .clicked();
        if (clicked || entered) && !name.is_empty() {
            commands.push(Command::Edit(Edit::AddVocabulary(name)));
            state.select_when = Some(vocabularies.len() + 1);
            state.new_vocabulary.clear();
        }
    });
    ui.separator();
    state.selected = state.selected.min(vocabularies.len().saturating_sub(1));
    let Some(vocabulary) = vocabularies.get(state.selected) else {
        ui.label("No vocabulary yet: add one above.");
        return;
    };
    let v = state.selected;
    vocabulary_header(ui, vocabulary, v, commands);
    refresh(ui.ctx(), project, revision, v, state);
    let fresh = state.analysis.key == Some((revision, v));
    if fresh {
        statistics(ui, vocabulary, &state.analysis);
    } else {
        ui.horizontal(|ui| {
            ui.label(format!("{} entries", vocabulary.entries.len()));
            ui.spinner();
            ui.weak("checking entries…");
        });
    }
    entry_forms(ui, vocabulary, v, state, commands);
    entry_list(
        ui,
        vocabulary,
        v,
        (project.umlaut_mode(), project.language),
        revision,
        state,
        commands,
    );
}

fn vocabulary_header(
    ui: &mut egui::Ui,
    vocabulary: &Vocabulary,
    v: usize,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let label = ui.label("Name:");
        let mut name = vocabulary.name.clone();
        if ui
            .add(egui::TextEdit::singleline(&mut name).desired_width(150.0))
            .labelled_by(label.id)
            .changed()
        {
            commands.push(Command::Edit(Edit::RenameVocabulary(v, name)));
        }
        let mut must = vocabulary.must_use;
        if ui
            .checkbox(&mut must, "Must use all")
            .on_hover_text(
                "Every word must be placed; otherwise words are drawn from it. Swedish puzzles: \
                 theme answers (each with its clue) placed first; one that finds no place is \
                 named in the report",
            )
            .changed()
        {
            commands.push(Command::Edit(Edit::MustUse(v, must)));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("In word rectangles:");
        let mut lines = vocabulary.lines;
        egui::ComboBox::from_id_salt(("rectangle lines", v))
            .selected_text(lines.label())
            .show_ui(ui, |ui| {
                for choice in [Lines::Both, Lines::Rows, Lines::Columns] {
                    ui.selectable_value(&mut lines, choice, choice.label());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text("Rows from one vocabulary and columns from another");
        if lines != vocabulary.lines {
            commands.push(Command::Edit(Edit::RectangleLines(v, lines)));
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(v > 0, egui::Button::new("Move up"))
            .clicked()
        {
            commands.push(Command::Edit(Edit::RaiseVocabulary(v)));
        }
        if ui
            .button("Import…")
            .on_hover_text("Add words from a text or CSV file")
            .clicked()
        {
            commands.push(Command::Import(v));
        }
        if ui.button("Remove vocabulary").clicked() {
            commands.push(Command::Edit(Edit::RemoveVocabulary(v)));
        }
    });
}

/// Entries a hover over the invalid or duplicate count names, at most
/// (a tooltip, not a list: the filter finds the rest).
const NAMED_ON_HOVER: usize = 20;

fn statistics(ui: &mut egui::Ui, vocabulary: &Vocabulary, analysis: &Analysis) {
    ui.horizontal(|ui| {
        ui.label(format!("{} entries", vocabulary.entries.len()));
        // Which entries, on hover: a count alone sent the editor
        // searching (an editor's week, 2026-11-27).
        let named = |duplicate: bool| {
            let words: Vec<&str> = vocabulary
                .entries
                .iter()
                .zip(&analysis.flags)
                .filter(|(_, flag)| match flag {
                    Flag::Duplicate(..) => duplicate,
                    Flag::Invalid(_) => !duplicate,
                    Flag::Ok => false,
                })
                .map(|(entry, _)| entry.word.as_str())
                .take(NAMED_ON_HOVER)
                .collect();
            words.join(", ")
        };
        if analysis.invalid > 0 {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{} invalid", analysis.invalid),
            )
            .on_hover_text(named(false));
        }
        if analysis.duplicates > 0 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} duplicates", analysis.duplicates),
            )
            .on_hover_text(named(true));
        }
    });
    let histogram = &analysis.histogram;
    let Some(&most) = histogram.iter().max().filter(|m| **m > 0) else {
        return;
    };
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 56.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let bars = histogram.len().max(2);
    let width = rect.width() / bars as f32;
    for (len, &count) in histogram.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let height = (rect.height() - 12.0) * count as f32 / most as f32;
        let x = rect.left() + len as f32 * width;
        let bar = egui::Rect::from_min_max(
            egui::pos2(x + 1.0, rect.bottom() - 12.0 - height),
            egui::pos2(x + width - 1.0, rect.bottom() - 12.0),
        );
        painter.rect_filled(bar, 1.0, ui.visuals().selection.bg_fill);
        painter.text(
            egui::pos2(x + width / 2.0, rect.bottom()),
            egui::Align2::CENTER_BOTTOM,
            len.to_string(),
            egui::FontId::proportional(9.0),
            ui.visuals().weak_text_color(),
        );
    }
    response.on_hover_text("Words by number of grid letters");
}

/// The must-use words' conflicts, all at once, each with its fix and one
/// "Fix all" (before, Generate named one per try: "duplicate: Nüsse",
/// again, "Erntedank contains Ernte", again). One piece because each
/// kind of conflict is a few lines of the same frame.
fn conflicts_panel(
    ui: &mut egui::Ui,
    project: &Project,
    revision: u64,
    state: &mut VocabState,
    commands: &mut Vec<Command>,
) {
    use crate::conflicts::Conflict;
    if state
        .conflicts
        .as_ref()
        .is_none_or(|(at, _)| *at != revision)
    {
        state.conflicts = Some((revision, crate::conflicts::word_conflicts(project)));
    }
    let Some((_, conflicts)) = &state.conflicts else {
        return;
    };
    if conflicts.is_empty() {
        return;
    }
    let remove = |at: &crate::conflicts::EntryRef| {
        Command::Edit(Edit::DeleteEntries(at.vocabulary, vec![at.index]))
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                egui::RichText::new(format!(
                    "{} conflicts in the must-use words stop Generate",
                    conflicts.len()
                ))
                .strong(),
            );
            if ui
                .button("Fix all")
                .on_hover_text("Remove every second copy, the shorter of two words one inside the other, and words too long for the grid")
                .clicked()
            {
                let mut by_vocabulary: std::collections::BTreeMap<usize, Vec<usize>> =
                    Default::default();
                for c in conflicts {
                    let at = c.default_fix();
                    by_vocabulary.entry(at.vocabulary).or_default().push(at.index);
                }
                for (v, indices) in by_vocabulary {
                    commands.push(Command::Edit(Edit::DeleteEntries(v, indices)));
                }
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("conflicts")
            .max_height(160.0)
            .show(ui, |ui| {
                for c in conflicts {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(c.message());
                        match c {
                            Conflict::Duplicate { again, .. } => {
                                if ui.small_button("Remove the copy").clicked() {
                                    commands.push(remove(again));
                                }
                            }
                            Conflict::Inside {
                                longer, shorter, ..
                            } => {
                                if ui
                                    .small_button(format!("Keep {}", longer.word))
                                    .clicked()
                                {
                                    commands.push(remove(shorter));
                                }
                                if ui
                                    .small_button(format!("Keep {}", shorter.word))
                                    .clicked()
                                {
                                    commands.push(remove(longer));
                                }
                            }
                            Conflict::TooLong { entry, .. } => {
                                if ui.small_button(format!("Remove {}", entry.word)).clicked() {
                                    commands.push(remove(entry));
                                }
                            }
                        }
                    });
                }
            });
    });
}

fn entry_forms(
    ui: &mut egui::Ui,
    vocabulary: &Vocabulary,
    v: usize,
    state: &mut VocabState,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let label = ui.label("Word:");
        let field_id = ui.make_persistent_id(("new word", v));
        if ui.memory(|m| m.has_focus(field_id)) {
            add_pasted_lines(ui, v, commands);
        }
        let word = ui
            .add(
                egui::TextEdit::singleline(&mut state.new_word)
                    .id(field_id)
                    .hint_text("new word")
                    .desired_width(120.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Enter adds the word and keeps this field for the next; lines pasted here (WORD or WORD=clue) are added at once",
            );
        let label = ui.label("Clue:");
        ui.add(
            egui::TextEdit::singleline(&mut state.new_clue)
                .hint_text("optional")
                .desired_width(110.0),
        )
        .labelled_by(label.id);
        let enter = word.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let word = state.new_word.trim().to_string();
        if (ui
            .add_enabled(!word.is_empty(), egui::Button::new("Add"))
            .clicked()
            || enter)
            && !word.is_empty()
        {
            let clue = Some(state.new_clue.trim().to_string()).filter(|c| !c.is_empty());
            commands.push(Command::Edit(Edit::AddEntries(
                v,
                vec![Entry::typed(&word, clue)],
            )));
            state.new_word.clear();
            state.new_clue.clear();
            // The next word is typed at once: Enter keeps the field.
            if enter {
                ui.memory_mut(|m| m.request_focus(field_id));
            }
        }
    });
    entry_editor(ui, vocabulary, v, state, commands);
}

/// Lines pasted into the word field are entries each (`WORD` or
/// `WORD=clue`), added at once: a theme list from an e-mail.
fn add_pasted_lines(ui: &mut egui::Ui, v: usize, commands: &mut Vec<Command>) {
    let pasted: Vec<String> = ui.input_mut(|i| {
        let mut pasted = Vec::new();
        i.events.retain(|e| match e {
            egui::Event::Paste(text) if text.contains('\n') => {
                pasted.push(text.clone());
                false
            }
            _ => true,
        });
        pasted
    });
    for text in pasted {
        let entries: Vec<Entry> = text
            .lines()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| match l.split_once('=') {
                Some((word, clue)) => Entry::typed(
                    word.trim(),
                    Some(clue.trim().to_string()).filter(|c| !c.is_empty()),
                ),
                None => Entry::typed(l, None),
            })
            .collect();
        if !entries.is_empty() {
            commands.push(Command::Edit(Edit::AddEntries(v, entries)));
        }
    }
}

/// The entry being edited (a click on its word opened it): its word and
/// clue, saved, deleted or closed.
fn entry_editor(
    ui: &mut egui::Ui,
    vocabulary: &Vocabulary,
    v: usize,
    state: &mut VocabState,
    commands: &mut Vec<Command>,
) {
    if let Some((index, word, clue)) = &mut state.editing {
        let index = *index;
        let mut close = false;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label(format!("Entry {}:", index + 1));
                ui.add(egui::TextEdit::singleline(word).desired_width(120.0))
                    .labelled_by(label.id);
                let label = ui.label("Clue:");
                ui.add(egui::TextEdit::singleline(clue).desired_width(110.0))
                    .labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(!word.trim().is_empty(), egui::Button::new("Save entry"))
                    .clicked()
                {
                    let entry = Entry::typed(
                        word,
                        Some(clue.trim().to_string()).filter(|c| !c.is_empty()),
                    );
                    commands.push(Command::Edit(Edit::SetEntry(v, index, entry)));
                    close = true;
                }
                if ui.button("Delete entry").clicked() {
                    commands.push(Command::Edit(Edit::DeleteEntries(v, vec![index])));
                    close = true;
                }
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        });
        if close || index >= vocabulary.entries.len() {
            state.editing = None;
        }
    }
}

/// One entry's row: its mark (invalid, duplicate), word (a click edits
/// it), grid letters, how common it is, tags and clue. Whether the word
/// was clicked.
fn entry_row(
    ui: &mut egui::Ui,
    entry: &Entry,
    flag: &Flag,
    letters: String,
    language: crate::model::Language,
) -> bool {
    let mut clicked = false;
    ui.horizontal(|ui| {
        ui.set_height(ROW);
        let (mark, tip) = match flag {
            Flag::Ok => ("  ", String::new()),
            Flag::Invalid(why) => ("!", format!("Invalid: {why}; it is never placed")),
            Flag::Duplicate(pv, pe) => (
                "=",
                format!("Same letters as entry {} of vocabulary {}", pe + 1, pv + 1),
            ),
        };
        let colour = match flag {
            Flag::Ok => ui.visuals().text_color(),
            Flag::Invalid(_) => ui.visuals().error_fg_color,
            Flag::Duplicate(..) => ui.visuals().warn_fg_color,
        };
        let marker = ui.colored_label(colour, mark);
        if !tip.is_empty() {
            marker.on_hover_text(tip);
        }
        let word = ui
            .allocate_ui(egui::vec2(130.0, ROW), |ui| {
                ui.set_min_width(130.0);
                ui.add(
                    egui::Label::new(entry.word.as_str())
                        .sense(egui::Sense::click())
                        .truncate(),
                )
            })
            .inner
            .on_hover_text("Click to edit");
        clicked = word.clicked();
        ui.allocate_ui(egui::vec2(130.0, ROW), |ui| {
            ui.set_min_width(130.0);
            ui.add(
                egui::Label::new(
                    egui::RichText::new(letters).weak(),
                )
                .truncate(),
            );
        });
        // How common the word is (wordfreq Zipf): the Swedish
        // fill prefers familiar answers; tags as in the file.
        let zipf = crate::model::lexicon::zipf(&entry.word, language);
        ui.allocate_ui(egui::vec2(34.0, ROW), |ui| {
            ui.set_min_width(34.0);
            let label = if zipf > 0.0 {
                format!("{zipf:.1}")
            } else {
                "rare".to_string()
            };
            ui.weak(label).on_hover_text(
                "How common the word is (Zipf frequency, wordfreq): 6 = very common, 3 = everyday, below 2.5 = rare",
            );
        });
        if !entry.tags.is_empty() {
            ui.weak(crate::model::tags::format_tags(&entry.tags).trim().to_string());
        }
        if let Some(clue) = &entry.clue {
            ui.label(egui::RichText::new(clue).italics());
        }
    });
    clicked
}

/// The rows the filter shows (cached per revision, vocabulary and filter):
/// after the check, words, letters and clues; while checking, words and
/// clues.
fn refilter(vocabulary: &Vocabulary, v: usize, revision: u64, fresh: bool, state: &mut VocabState) {
    let key = (revision, v, state.filter.to_lowercase(), fresh);
    if state.filtered.as_ref().is_none_or(|(k, _)| *k != key) {
        let needle = &key.2;
        let rows: Vec<usize> = if needle.is_empty() {
            (0..vocabulary.entries.len()).collect()
        } else if fresh {
            let search = &state.analysis.search;
            (0..vocabulary.entries.len())
                .filter(|i| search.get(*i).is_some_and(|s| s.contains(needle.as_str())))
                .collect()
        } else {
            // While the entries are being checked: words and clues only.
            let matches = |e: &Entry| {
                e.word.to_lowercase().contains(needle.as_str())
                    || e.clue
                        .as_ref()
                        .is_some_and(|c| c.to_lowercase().contains(needle.as_str()))
            };
            (0..vocabulary.entries.len())
                .filter(|i| matches(&vocabulary.entries[*i]))
                .collect()
        };
        state.filtered = Some((key, rows));
    }
}

#[allow(clippy::too_many_arguments)]
fn entry_list(
    ui: &mut egui::Ui,
    vocabulary: &Vocabulary,
    v: usize,
    (umlauts, language): (UmlautMode, crate::model::Language),
    revision: u64,
    state: &mut VocabState,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let label = ui.label("Filter:");
        ui.add(
            egui::TextEdit::singleline(&mut state.filter)
                .hint_text("part of a word or clue")
                .desired_width(200.0),
        )
        .labelled_by(label.id);
        if !state.filter.is_empty() && ui.button("Clear").clicked() {
            state.filter.clear();
        }
    });
    let fresh = state.analysis.key == Some((revision, v));
    refilter(vocabulary, v, revision, fresh, state);
    let rows = &state.filtered.as_ref().expect("just filled").1;
    if rows.len() != vocabulary.entries.len() {
        ui.weak(format!(
            "{} of {} entries match",
            rows.len(),
            vocabulary.entries.len()
        ));
    }
    let analysis = &state.analysis;
    let mode = umlauts;
    let mut edit = None;
    egui::ScrollArea::vertical()
        .id_salt("entries")
        .auto_shrink([false, false])
        .show_rows(ui, ROW, rows.len(), |ui, range| {
            for &i in &rows[range] {
                let entry = &vocabulary.entries[i];
                let flag = if fresh {
                    analysis.flags.get(i).cloned().unwrap_or(Flag::Ok)
                } else {
                    Flag::Ok
                };
                let letters = if fresh {
                    analysis.letters.get(i).cloned().unwrap_or_default()
                } else {
                    grid_letters(&entry.word, mode)
                        .map(|l| l.into_iter().collect())
                        .unwrap_or_default()
                };
                if entry_row(ui, entry, &flag, letters, language) {
                    edit = Some(i);
                }
            }
        });
    if let Some(i) = edit {
        let entry = &vocabulary.entries[i];
        state.editing = Some((
            i,
            format!(
                "{}{}",
                entry.word,
                crate::model::tags::format_tags(&entry.tags)
            ),
            entry.clue.clone().unwrap_or_default(),
        ));
    }
    let _ = commands;
}
