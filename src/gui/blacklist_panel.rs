//! Blacklists: exclusion groups (at most one word of a group per puzzle)
//! and the offensive words — the shipped lists shown read-only, the
//! project's own list editable.

use super::command::Command;
use super::edit::Edit;
use crate::model::ExclusionGroup;
use crate::model::blacklist::{BUILT_IN_OFFENSIVE, list_words};
use crate::project::Project;
use eframe::egui;

/// The editor's own state.
#[derive(Default)]
pub struct BlacklistState {
    group_name: String,
    group_words: String,
    offensive: Option<String>,
    built_in_filter: String,
    /// The text of exclusion groups being edited, by index: kept between
    /// frames while the field has focus (it was rebuilt from the project
    /// every frame, which threw the keystrokes away).
    group_edits: std::collections::BTreeMap<usize, String>,
}

fn split_words(text: &str) -> Vec<String> {
    text.split([',', '\n', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Draws the editor: the built-in lists, the editor's own words and
/// exclusion groups. One piece because it reads as the tab reads, top to
/// bottom, each part a few widgets.
pub fn show(
    ui: &mut egui::Ui,
    project: &Project,
    state: &mut BlacklistState,
    commands: &mut Vec<Command>,
) {
    egui::ScrollArea::vertical().id_salt("blacklists").show(ui, |ui| {
        ui.label(egui::RichText::new("Exclusion groups").strong());
        ui.weak("At most one word of each group goes into a puzzle (e.g. synonyms).");
        // Rows wrap so Delete and Add stay reachable in a narrow panel.
        for (i, group) in project.exclusion_groups.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                let words = state.group_edits.entry(i).or_insert_with(|| group.words.join(", "));
                let label = ui.label(format!("{}:", group.name));
                let response = ui.add(egui::TextEdit::singleline(words).desired_width(220.0)).labelled_by(label.id);
                if response.lost_focus() {
                    let edited = ExclusionGroup {
                        name: group.name.clone(),
                        words: split_words(words),
                    };
                    if edited != *group {
                        commands.push(Command::Edit(Edit::SetGroup(i, edited)));
                    }
                    state.group_edits.remove(&i);
                } else if !response.has_focus() {
                    // Not being edited: show the project's words next frame
                    // (after an undo, say).
                    state.group_edits.remove(&i);
                }
                if ui.small_button("Delete").clicked() {
                    commands.push(Command::Edit(Edit::RemoveGroup(i)));
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("New group:");
            ui.add(egui::TextEdit::singleline(&mut state.group_name).hint_text("name").desired_width(90.0)).labelled_by(label.id);
            let label = ui.label("Words:");
            ui.add(egui::TextEdit::singleline(&mut state.group_words).hint_text("car, auto, vehicle").desired_width(150.0)).labelled_by(label.id);
            let words = split_words(&state.group_words);
            if ui.add_enabled(words.len() >= 2, egui::Button::new("Add")).clicked() {
                let name = Some(state.group_name.trim().to_string()).filter(|n| !n.is_empty()).unwrap_or_else(|| words.join("/"));
                commands.push(Command::Edit(Edit::AddGroup(ExclusionGroup { name, words })));
                state.group_name.clear();
                state.group_words.clear();
            }
        });
        ui.separator();
        ui.label(egui::RichText::new("Offensive words of this project").strong());
        ui.weak("Never anywhere in the grid, in any direction; one per line. Added to the built-in lists.");
        let text = state.offensive.get_or_insert_with(|| project.offensive_words.join("\n"));
        let label = ui.label("Project list:");
        let edit = ui.add(egui::TextEdit::multiline(text).desired_rows(5).desired_width(f32::INFINITY)).labelled_by(label.id);
        if edit.lost_focus() {
            let words: Vec<String> = list_words(text).map(str::to_string).collect();
            if words != project.offensive_words {
                commands.push(Command::Edit(Edit::OffensiveWords(words)));
            }
        }
        if !edit.has_focus() && state.offensive.as_deref() != Some(&project.offensive_words.join("\n")) {
            // Undo or another edit changed the list: show the project's version.
            state.offensive = None;
        }
        ui.separator();
        ui.label(egui::RichText::new("Built-in lists (shipped, always applied)").strong());
        ui.horizontal(|ui| {
            let label = ui.label("Filter:");
            ui.add(egui::TextEdit::singleline(&mut state.built_in_filter).desired_width(140.0)).labelled_by(label.id);
        });
        let needle = state.built_in_filter.to_lowercase();
        for (language, text) in BUILT_IN_OFFENSIVE {
            let words: Vec<&str> = list_words(text).filter(|w| w.to_lowercase().contains(&needle)).collect();
            egui::CollapsingHeader::new(format!("{language}: {} words", words.len())).id_salt(language).show(ui, |ui| {
                ui.label(words.join(", "));
            });
        }
        ui.separator();
        ui.label(egui::RichText::new("Sensitive terms (answers and clues of clued puzzles)").strong());
        ui.weak("The Nazi era, sexual and excretory terms, suicide, terror, torture, slurs: never an answer or in a clue, matched as words and word starts (=term: whole word, *term: word ends too). Entries tagged coarse, vulgar or derogatory are left out with them. Add your own to the project's offensive words above.");
        let mut settings = project.generator.clone();
        if ui.checkbox(&mut settings.swedish.leave_out_sensitive, "Leave out sensitive terms and vulgar entries").changed() {
            commands.push(Command::Edit(Edit::Settings(settings)));
        }
        for language in [crate::model::Language::German, crate::model::Language::English] {
            let text = crate::model::lexicon::sensitive_text(language);
            let terms: Vec<&str> = list_words(text).filter(|w| w.to_lowercase().contains(&needle)).collect();
            let name = match language {
                crate::model::Language::German => "de",
                crate::model::Language::English | crate::model::Language::FromVocabulary => "en",
            };
            egui::CollapsingHeader::new(format!("{name}: {} sensitive terms", terms.len())).id_salt(("sensitive", name)).show(ui, |ui| {
                ui.label(terms.join(", "));
            });
        }
    });
}
