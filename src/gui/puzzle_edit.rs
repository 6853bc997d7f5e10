//! Editing the generated puzzle in the app: the selected word's inspector
//! (its clue chosen or typed, replaced, locked), applied through the
//! library's verified edits, each one an undo step.

use super::app::App;
use super::command::Command;
use super::edit::Edit;
use super::puzzle_edit_state::PuzzleEdit;
use super::status::{Level, Status};
use crate::edit::{ReplaceOptions, replace, replace_swedish, set_clue};
use crate::generate::Options;
use crate::generate::swedish::edit::EditLexicon;
use crate::model::{PlacedWord, Puzzle, PuzzleKind, PuzzleSpec};
use crate::project::PresetWord;
use eframe::egui;
use std::sync::Arc;
use unicode_normalization::UnicodeNormalization;

/// Replacements offered to pick from, as `gridpress edit --alternatives`
/// lists them: a few, each differing in what it changes.
pub(super) const ALTERNATIVES: usize = 4;
/// Seeds tried per replacement offered: replacements of a seed often
/// repeat another's.
const SEEDS_PER_ALTERNATIVE: u64 = 4;

impl App {
    /// The request the shown puzzles were made from (built once per
    /// generation: 50,000 entries take a noticeable moment).
    fn edit_spec(&mut self) -> Result<Arc<PuzzleSpec>, String> {
        let made_at = self.made_from.as_ref().map_or(self.revision, |m| m.0);
        if let Some((at, spec)) = &self.puzzle_edit.spec
            && *at == made_at
        {
            return spec.clone();
        }
        let project = self
            .made_from
            .as_ref()
            .map_or(&self.project, |(_, project)| project);
        let spec = crate::make::request(
            &crate::make::kind_settings_only(project),
            &Default::default(),
        )
        .map(Arc::new)
        .map_err(|e| e.to_string());
        self.puzzle_edit.spec = Some((made_at, spec.clone()));
        spec
    }

    /// The answers indexed for the shown puzzles' request (built once per
    /// generation, a failure too: the inspector asks every frame).
    fn edit_lexicon(&mut self) -> Result<Arc<EditLexicon>, String> {
        let made_at = self.made_from.as_ref().map_or(self.revision, |m| m.0);
        if let Some((at, lexicon)) = &self.puzzle_edit.lexicon
            && *at == made_at
        {
            return lexicon.clone();
        }
        let lexicon = self.edit_spec().and_then(|spec| {
            EditLexicon::new(&spec)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        });
        self.puzzle_edit.lexicon = Some((made_at, lexicon.clone()));
        lexicon
    }

    /// The vocabulary entry a placed word came from: (vocabulary, entry).
    fn entry_of(&self, word: usize) -> Option<(usize, usize)> {
        let placed = self.puzzles.get(self.shown)?.words.get(word)?;
        // Names may repeat (two imports), and entries are matched as the
        // generator reads them: normalised, trimmed.
        let printed = |text: &str| text.nfc().collect::<String>().trim().to_string();
        self.project
            .vocabularies
            .iter()
            .enumerate()
            .filter(|(_, v)| v.name == placed.vocabulary)
            .find_map(|(v, vocabulary)| {
                vocabulary
                    .entries
                    .iter()
                    .position(|e| printed(&e.word) == placed.display)
                    .map(|e| (v, e))
            })
    }

    /// Writes a typed clue into the word's vocabulary entry as its first
    /// clue (an undoable project edit). The shown puzzle stays current: the
    /// request it was made from gets the same clue.
    fn save_clue(&mut self, word: usize) {
        let Some(placed) = self.puzzles.get(self.shown).and_then(|p| p.words.get(word)) else {
            return;
        };
        let Some(clue) = placed.clue.clone() else {
            return;
        };
        let display = placed.display.clone();
        let Some((v, e)) = self.entry_of(word) else {
            self.status = Status::error(format!(
                "{} is not in a vocabulary of the project: its clue stays with the puzzle",
                placed.display
            ));
            return;
        };
        let mut entry = self.project.vocabularies[v].entries[e].clone();
        // The entry holds the clue without the marker the page adds for
        // its tags ("ugs.: " would print twice).
        let clue = crate::model::tags::unmarked_clue(&clue, &entry.tags, self.project.language);
        let others = entry
            .clue
            .as_deref()
            .map(|c| {
                c.split(crate::model::thesaurus::CLUE_SEPARATOR)
                    .filter(|o| *o != clue)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        entry.clue = Some(
            std::iter::once(clue.clone())
                .chain(others)
                .collect::<Vec<_>>()
                .join(&crate::model::thesaurus::CLUE_SEPARATOR.to_string()),
        );
        let edit = Edit::SetEntry(v, e, entry);
        let current = !self.preview_is_stale();
        if current && let Some((_, made_from)) = &mut self.made_from {
            edit.clone().apply(made_from);
        }
        let name = self.project.vocabularies[v].name.clone();
        self.apply(edit);
        self.status = Status::info(format!(
            "\"{clue}\" is now the first clue of {display} in {name} (Ctrl+Z undoes)."
        ));
    }

    /// Applies an edit to the shown puzzle; a refused one changes nothing
    /// and says why.
    pub(super) fn edit_puzzle(&mut self, edit: PuzzleEdit) {
        if self.puzzles.get(self.shown).is_none() {
            return;
        }
        let spec = match self.edit_spec() {
            Ok(spec) => spec,
            Err(e) => {
                self.status = Status::error(format!("Cannot edit: {e}"));
                return;
            }
        };
        let edited = match edit {
            PuzzleEdit::SaveClue(word) => {
                self.save_clue(word);
                return;
            }
            PuzzleEdit::Lock(word, lock) => {
                if lock {
                    self.puzzle_edit.locked.insert(word);
                } else {
                    self.puzzle_edit.locked.remove(&word);
                }
                return;
            }
            PuzzleEdit::Clue(word, text) => {
                let Some(p) = self.clue_set(word, &text, &spec) else {
                    return;
                };
                p
            }
            PuzzleEdit::Replace(word) => {
                // Each replacement of a puzzle its own seed: "Replace"
                // again offers another answer, and the same steps give the
                // same page.
                let seed = self.puzzles[self.shown]
                    .seed
                    .wrapping_add(self.puzzle_edit.replaced.len() as u64);
                match self.replacement(word, seed, &spec) {
                    Ok(r) => self.replaced_by(word, r),
                    Err(e) => {
                        self.status = Status::error(format!(
                            "{} not replaced: {e}. The puzzle is unchanged.",
                            self.puzzles[self.shown].words[word].word
                        ));
                        return;
                    }
                }
            }
            PuzzleEdit::Alternatives(word) => {
                self.list_alternatives(word, &spec);
                return;
            }
            PuzzleEdit::PickAlternative(n) => {
                let Some((word, mut offered)) = self.puzzle_edit.alternatives.take() else {
                    return;
                };
                if n >= offered.len() {
                    return;
                }
                let r = offered.swap_remove(n);
                self.replaced_by(word, r)
            }
        };
        self.puzzle_edit.undo.push(self.puzzles.clone());
        self.puzzle_edit.redo.clear();
        self.puzzles[self.shown] = edited;
        self.puzzle_edit.draft = None;
        self.revision += 1;
        self.note_puzzle_step();
        self.preview.invalidate();
    }

    /// The shown puzzle with word `word`'s clue typed anew, or none (the
    /// refusal shown beside the field).
    fn clue_set(&mut self, word: usize, text: &str, spec: &PuzzleSpec) -> Option<Puzzle> {
        match set_clue(&self.puzzles[self.shown], word, text, spec) {
            Ok(p) => {
                self.puzzle_edit.refusal = None;
                self.status = Status::info(format!(
                    "Clue of {} set (Ctrl+Z undoes).",
                    p.words[word].word
                ));
                Some(p)
            }
            Err(e) => {
                self.puzzle_edit.refusal = Some(e.to_string());
                None
            }
        }
    }

    /// Word `word` of the shown puzzle replaced with `seed` (not yet shown).
    fn replacement(
        &mut self,
        word: usize,
        seed: u64,
        spec: &PuzzleSpec,
    ) -> Result<crate::edit::Replaced, String> {
        let lexicon = match self.puzzles[self.shown].kind() {
            PuzzleKind::Swedish => Some(self.edit_lexicon()?),
            PuzzleKind::WordSearch | PuzzleKind::WordRectangle => None,
        };
        let puzzle = &self.puzzles[self.shown];
        let mut banned = self.puzzle_edit.replaced.clone();
        banned.push(puzzle.words[word].word.clone());
        let how = ReplaceOptions {
            banned,
            locked: self.puzzle_edit.locked.iter().copied().collect(),
            rings: None,
        };
        let options = Options::seeded(seed);
        match &lexicon {
            Some(lexicon) => replace_swedish(lexicon, puzzle, word, spec, &how, &options),
            None => replace(puzzle, word, spec, &how, &options),
        }
        .map_err(|e| e.to_string())
    }

    /// Takes replacement `r` of word `word`: notes it, says what changed,
    /// returns the puzzle to show.
    fn replaced_by(&mut self, word: usize, r: crate::edit::Replaced) -> Puzzle {
        let old = self.puzzles[self.shown].words[word].word.clone();
        self.puzzle_edit.replaced.push(old);
        self.puzzle_edit.alternatives = None;
        let changes: Vec<String> = r
            .changed
            .iter()
            .map(|(_, old, new)| format!("{old} by {new}"))
            .collect();
        self.status = Status {
            level: Level::Info,
            text: format!(
                "Replaced: {} (verified; Ctrl+Z undoes).",
                changes.join(", ")
            ),
            details: Vec::new(),
        };
        r.puzzle
    }

    /// Finds up to [`ALTERNATIVES`] replacements of `word`, each changing
    /// something else, for the inspector to offer.
    fn list_alternatives(&mut self, word: usize, spec: &PuzzleSpec) {
        let first = self.puzzles[self.shown]
            .seed
            .wrapping_add(self.puzzle_edit.replaced.len() as u64);
        let mut offered: Vec<crate::edit::Replaced> = Vec::new();
        let mut last_error = None;
        for n in 0..ALTERNATIVES as u64 * SEEDS_PER_ALTERNATIVE {
            if offered.len() == ALTERNATIVES {
                break;
            }
            match self.replacement(word, first.wrapping_add(n), spec) {
                Ok(r) if !offered.iter().any(|o| o.changed == r.changed) => offered.push(r),
                Ok(_) => {}
                Err(e) => last_error = Some(e),
            }
        }
        if offered.is_empty() {
            self.status = Status::error(format!(
                "No replacement of {}: {}",
                self.puzzles[self.shown].words[word].word,
                last_error.unwrap_or_default()
            ));
        } else {
            self.status = Status::info(format!(
                "{} replacements of {} to pick from.",
                offered.len(),
                self.puzzles[self.shown].words[word].word
            ));
            self.puzzle_edit.alternatives = Some((word, offered));
        }
    }

    /// The inspector of the selected word, below the word list's title.
    pub(super) fn word_inspector(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some(puzzle) = self.puzzles.get(self.shown) else {
            return;
        };
        let Some(i) = self.preview.highlight.filter(|&i| i < puzzle.words.len()) else {
            ui.weak("Select a word (in the list or on the page) to edit it.");
            return;
        };
        let kind = puzzle.kind();
        let word = puzzle.words[i].clone();
        let kept_with_clue = self.kept_preset(i).is_some();
        // The entry's other clues come from the indexed answers: built at
        // the first selection of a Swedish answer (a quarter second for the
        // German import), kept for the replacements.
        if kind == PuzzleKind::Swedish {
            let _ = self.edit_lexicon();
        }
        ui.group(|ui| {
            ui.label(egui::RichText::new(&word.display).strong().size(15.0));
            ui.weak(format!("from {}", word.vocabulary));
            let clued = match kind {
                PuzzleKind::WordSearch => false,
                PuzzleKind::WordRectangle | PuzzleKind::Swedish => true,
            };
            if clued {
                self.clue_editor(ui, i, &word, kept_with_clue, commands);
            }
            self.replace_buttons(ui, i, kind, commands);
            // Lock and regenerate: the word becomes a pre-assigned word of
            // the project (the Grid tab lists it), which Generate keeps
            // where it is; same words kept + seed = same puzzle. A
            // rectangle keeps the word's row or column, a Swedish puzzle
            // the answer with its clue cell and clue.
            let preset = PresetWord::keeping(&self.puzzles[self.shown].words[i], kind);
            let at = self.kept_preset(i);
            let mut keep = at.is_some();
            if ui
                .checkbox(&mut keep, "Keep when generating")
                .on_hover_text(match kind {
                    PuzzleKind::Swedish => "Generate keeps this answer where it is, with its clue cell and clue, and makes the rest anew (a pre-assigned word, listed in the Grid tab)",
                    PuzzleKind::WordSearch | PuzzleKind::WordRectangle => "Generate keeps this word where it is and makes the rest anew (a pre-assigned word, listed in the Grid tab)",
                })
                .changed()
            {
                commands.push(Command::Edit(match at {
                    Some(index) => Edit::RemovePresetWord(index),
                    None => Edit::AddPresetWord(preset),
                }));
            }
        });
    }

    /// A clued word's clue: typed anew (Enter or Set clue), or, for a
    /// Swedish answer, one of its entry's other clues.
    fn clue_editor(
        &mut self,
        ui: &mut egui::Ui,
        i: usize,
        word: &PlacedWord,
        kept_with_clue: bool,
        commands: &mut Vec<Command>,
    ) {
        let kind = self.puzzles[self.shown].kind();
        let clue = word.clue.clone().unwrap_or_default();
        ui.label(format!(
            "Clue: {clue}{}",
            if word.clue_edited { " (typed)" } else { "" }
        ));
        let draft = match &mut self.puzzle_edit.draft {
            Some((at, text)) if *at == i => text,
            other => {
                *other = Some((i, clue.clone()));
                self.puzzle_edit.refusal = None;
                &mut other.as_mut().expect("just set").1
            }
        };
        let label = ui.label("New clue:");
        // A kept answer keeps the clue it was kept with.
        let kept = kind == PuzzleKind::Swedish && kept_with_clue;
        let field = ui
            .add_enabled(
                !kept,
                egui::TextEdit::singleline(draft)
                    .hint_text("Type a clue")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id)
            .on_disabled_hover_text("Kept with this clue: clear Keep when generating to change it");
        let text = draft.clone();
        let entered = field.lost_focus() && ui.input(|inp| inp.key_pressed(egui::Key::Enter));
        if (ui
            .add_enabled(!kept, egui::Button::new("Set clue"))
            .clicked()
            || entered)
            && text != clue
        {
            commands.push(Command::EditPuzzle(PuzzleEdit::Clue(i, text)));
        }
        if let Some(why) = &self.puzzle_edit.refusal {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        if kind == PuzzleKind::Swedish {
            self.other_clues(ui, i, word, &clue, kept, commands);
        }
    }

    /// A Swedish answer's other clues from the indexed answers, one click
    /// each, and saving a typed clue to the vocabulary.
    fn other_clues(
        &self,
        ui: &mut egui::Ui,
        i: usize,
        word: &PlacedWord,
        clue: &str,
        kept: bool,
        commands: &mut Vec<Command>,
    ) {
        let Some((_, Ok(lexicon))) = &self.puzzle_edit.lexicon else {
            return;
        };
        let others: Vec<String> = lexicon
            .clues_of(&word.word)
            .iter()
            .filter(|c| **c != clue)
            .cloned()
            .collect();
        if word.clue_edited
            && self.entry_of(i).is_some()
            && ui
                .button("Save clue to vocabulary")
                .on_hover_text(
                    "Make this clue the entry's first in its vocabulary, for later puzzles",
                )
                .clicked()
        {
            commands.push(Command::EditPuzzle(PuzzleEdit::SaveClue(i)));
        }
        if !others.is_empty() {
            ui.weak("Other clues of the entry:");
            ui.horizontal_wrapped(|ui| {
                for other in others {
                    if ui
                        .add_enabled(!kept, egui::Button::new(&other).small())
                        .clicked()
                    {
                        commands.push(Command::EditPuzzle(PuzzleEdit::Clue(i, other)));
                    }
                }
            });
        }
    }

    /// Replace, Alternatives… (and the alternatives offered), and a
    /// Swedish answer's Lock.
    fn replace_buttons(
        &self,
        ui: &mut egui::Ui,
        i: usize,
        kind: PuzzleKind,
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal(|ui| {
        let locked = self.puzzle_edit.locked.contains(&i);
        if ui
            .add_enabled(!locked, egui::Button::new("Replace"))
            .on_hover_text(match kind {
                PuzzleKind::WordSearch => "Another word of the vocabularies in its place: every other word kept where it is, the freed cells filled anew",
                PuzzleKind::WordRectangle => "Another word in its line, the crossing words changed by the letter they share; where none fits so, a new rectangle without it (said so)",
                PuzzleKind::Swedish => "Another answer here: its letters filled anew (and the crossing answers' where they must), every other cell kept",
            })
            .on_disabled_hover_text("Locked: unlock it to replace it")
            .clicked()
        {
            commands.push(Command::EditPuzzle(PuzzleEdit::Replace(i)));
        }
        if ui
            .add_enabled(!locked, egui::Button::new("Alternatives…"))
            .on_hover_text("A few replacements to pick from, each verified")
            .clicked()
        {
            commands.push(Command::EditPuzzle(PuzzleEdit::Alternatives(i)));
        }
        let mut lock = locked;
        // A word search's replacement keeps every other word.
        if kind == PuzzleKind::Swedish
            && ui
            .checkbox(&mut lock, "Lock")
            .on_hover_text("Replacements keep this word's letters")
            .changed()
        {
            commands.push(Command::EditPuzzle(PuzzleEdit::Lock(i, lock)));
        }
    });
        if let Some((_, offered)) = self
            .puzzle_edit
            .alternatives
            .as_ref()
            .filter(|(word, _)| *word == i)
        {
            ui.label("Pick a replacement:");
            for (n, r) in offered.iter().enumerate() {
                let text = r
                    .changed
                    .iter()
                    .map(|(at, old, new)| match &r.puzzle.words[*at].clue {
                        Some(clue) => format!("{old} by {new} ({clue})"),
                        None => format!("{old} by {new}"),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                if ui
                    .add(egui::Button::new(text).wrap())
                    .on_hover_text("Take this replacement (Ctrl+Z undoes)")
                    .clicked()
                {
                    commands.push(Command::EditPuzzle(PuzzleEdit::PickAlternative(n)));
                }
            }
        }
    }

    /// The project's pre-assigned word that keeps word `i` of the shown
    /// puzzle where it is, if any (as the Grid tab may have typed it: "e"
    /// for E, any case).
    pub(super) fn kept_preset(&self, i: usize) -> Option<usize> {
        let word = self.puzzles.get(self.shown)?.words.get(i)?;
        self.project.preassigned_words.iter().position(|p| {
            p.row == word.start.row
                && p.col == word.start.col
                && p.direction.trim().parse::<crate::model::Direction>().ok()
                    == Some(word.direction)
                && p.word.trim().to_lowercase() == word.display.to_lowercase()
        })
    }
}
