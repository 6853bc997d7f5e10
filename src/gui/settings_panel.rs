//! Generator settings: title, language, difficulty preset, decoys,
//! directions, word count, solution word, sharing limits, seed (with "new
//! seed"), time limit, batch size.

use super::command::Command;
use super::edit::Edit;
use crate::model::{Difficulty, Direction, DirectionSet, Language, PuzzleKind, WordCount};
use crate::project::{GeneratorSettings, Project, UmlautSetting};
use eframe::egui;

/// A seed nobody typed: from the clock, for the "New seed" button (the
/// puzzle itself stays reproducible from the seed shown).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // A few xorshift rounds so consecutive clicks differ in every digit.
    let mut x = nanos | 1;
    for _ in 0..3 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    x % 1_000_000
}

/// What is wrong with a solution word, found at once instead of after a
/// run: letters the grid cannot hold or the page font cannot print, more
/// letters than the grid's cells, or words too few to cover the rest.
/// Cheap enough for every frame (letter counts only).
pub fn solution_problem(project: &Project, solution: &str) -> Option<String> {
    let letters = match crate::model::word::grid_letters(solution, project.umlaut_mode()) {
        Ok(letters) => letters.len(),
        Err(e) => return Some(format!("Solution word: {e}")),
    };
    if let Some(message) = crate::layout::uncovered_letter(solution, "the solution word") {
        return Some(format!("Solution word: {message}"));
    }
    let mut mask = super::edit::base_mask(project)?;
    for r in &project.grid.restricted {
        mask.restrict(r.col, r.row, r.width, r.height);
    }
    let cells = mask.playable_count();
    if letters >= cells {
        return Some(format!(
            "Solution word: {letters} letters, but the grid has {cells} playable cells (the words need the rest)"
        ));
    }
    let all_letters: usize = project
        .vocabularies
        .iter()
        .flat_map(|v| &v.entries)
        .map(|e| e.word.chars().filter(|c| c.is_alphabetic()).count())
        .sum();
    let to_cover = cells - letters;
    if all_letters < to_cover {
        return Some(format!(
            "Solution word: the words around it must cover {to_cover} cells, but all the vocabularies' words have {all_letters} letters: add words or use a smaller grid"
        ));
    }
    None
}

/// Why a solution word will be left out although the vocabularies could
/// cover its grid: a fixed or capped count of drawn words covers at most
/// its longest words' letters. The run then makes a puzzle without it (as
/// the library does, at once), so this is a warning, not a refusal.
pub fn solution_count_warning(project: &Project, solution: &str) -> Option<String> {
    let most = match project.generator.pick {
        Some(WordCount::Exact(n) | WordCount::Between(_, n)) => n,
        Some(WordCount::Auto) | None => return None,
    };
    let letters = crate::model::word::grid_letters(solution, project.umlaut_mode())
        .ok()?
        .len();
    let mut mask = super::edit::base_mask(project)?;
    for r in &project.grid.restricted {
        mask.restrict(r.col, r.row, r.width, r.height);
    }
    let to_cover = mask.playable_count().checked_sub(letters)?;
    let length = |e: &crate::model::Entry| e.word.chars().filter(|c| c.is_alphabetic()).count();
    let (must, drawn): (Vec<_>, Vec<_>) = project.vocabularies.iter().partition(|v| v.must_use);
    let mut drawn_lengths: Vec<usize> = drawn.iter().flat_map(|v| &v.entries).map(length).collect();
    drawn_lengths.sort_unstable_by(|a, b| b.cmp(a));
    let reach = must
        .iter()
        .flat_map(|v| &v.entries)
        .map(length)
        .sum::<usize>()
        + drawn_lengths.iter().take(most).sum::<usize>();
    (reach < to_cover).then(|| {
        format!(
            "The solution word will be left out: the words around it must cover {to_cover} cells, but {most} drawn words cover at most {reach}. Choose Auto or more words."
        )
    })
}

/// Draws the settings.
pub fn show(ui: &mut egui::Ui, project: &Project, commands: &mut Vec<Command>) {
    let mut settings = project.generator.clone();
    egui::Grid::new("settings")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            page_rows(ui, project, &mut settings, commands);
            difficulty_rows(ui, &mut settings);
            direction_rows(ui, &mut settings);
            count_rows(ui, project, &mut settings);
            clue_cell_rows(ui, &mut settings);
            other_rows(ui, project, &mut settings, commands);
            series_rows(ui, project, commands);
        });
    if settings != project.generator {
        commands.push(Command::Edit(Edit::Settings(settings)));
    }
}

/// The title, the puzzle type and what goes with it (language, difficulty).
fn page_rows(
    ui: &mut egui::Ui,
    project: &Project,
    settings: &mut GeneratorSettings,
    commands: &mut Vec<Command>,
) {
    let label = ui.label("Title");
    let mut name = project.name.clone();
    if ui
        .text_edit_singleline(&mut name)
        .labelled_by(label.id)
        .changed()
    {
        commands.push(Command::Edit(Edit::Rename(name)));
    }
    ui.end_row();

    ui.label("Puzzle type");
    ui.vertical(|ui| {
    for kind in PuzzleKind::ALL {
        let tip = match kind {
            PuzzleKind::WordSearch => "Words hidden in a letter grid",
            PuzzleKind::WordRectangle => "Every row and column a word; printed as a fill-in. Size: Grid tab (columns × rows)",
            PuzzleKind::Swedish => "Clues in cells of the grid, arrows to the answers (Schwedenrätsel). Needs words with clues (WORD=clue); File > Import thesaurus makes a clue list",
        };
        let label = kind.label();
        if ui.radio(settings.kind == kind, label).on_hover_text(tip).clicked() {
            settings.kind = kind;
        }
    }
});
    ui.end_row();

    ui.label("Language").on_hover_text(
    "The page text (instructions, headings) and the filler letters' frequencies; \"From the words\": filler letters as frequent as in the words, page text in English",
);
    ui.horizontal(|ui| {
        for (language, label) in [
            (Language::English, "English"),
            (Language::German, "German"),
            (Language::FromVocabulary, "From the words"),
        ] {
            if ui.radio(project.language == language, label).clicked()
                && project.language != language
            {
                commands.push(Command::Edit(Edit::Language(language)));
            }
        }
    });
    ui.end_row();

    ui.label("Umlauts");
    ui.horizontal(|ui| {
        for (mode, label) in [
            (UmlautSetting::Auto, "Auto"),
            (UmlautSetting::Keep, "Ä Ö Ü"),
            (UmlautSetting::Expand, "AE OE UE"),
        ] {
            if ui.radio(project.umlauts == mode, label).clicked() && project.umlauts != mode {
                commands.push(Command::Edit(Edit::Umlauts(mode)));
            }
        }
    });
    ui.end_row();
}

/// The difficulty preset and the decoy filler.
fn difficulty_rows(ui: &mut egui::Ui, settings: &mut GeneratorSettings) {
    let search = settings.kind == PuzzleKind::WordSearch;
    let swedish = settings.kind == PuzzleKind::Swedish;
    // Word-search settings stay visible for the other kinds, greyed
    // out: the app leaves them out of their runs (and says so).
    ui.label("Difficulty");
    if swedish {
        // Swedish: how common the answers are, how direct the clues.
        ui.horizontal(|ui| {
            for (preset, tip) in [
                (Difficulty::Easy, "Everyday answers, the most direct clue, no abbreviations where the fill allows"),
                (Difficulty::Medium, "Familiar answers, clues drawn among the entry's best"),
                (Difficulty::Hard, "Rarer answers preferred, less direct clues"),
            ] {
                if ui
                    .radio(settings.swedish.difficulty == preset, preset.label())
                    .on_hover_text(tip)
                    .clicked()
                {
                    settings.swedish.difficulty = preset;
                }
            }
        });
    } else {
        ui.add_enabled_ui(search, |ui| {
            ui.horizontal(|ui| {
                let current = Difficulty::matching(
                    DirectionSet::parse_list(&settings.directions).unwrap_or(DirectionSet::ALL),
                    settings.decoy_filler,
                );
                for (preset, tip) in [
                    (
                        Difficulty::Easy,
                        "Across and down, forward only (pairs well with the large-print template)",
                    ),
                    (Difficulty::Medium, "Plus the forward diagonals"),
                    (
                        Difficulty::Hard,
                        "All eight directions, filler made of the words' letters",
                    ),
                ] {
                    if ui
                        .radio(current == Some(preset), preset.label())
                        .on_hover_text(tip)
                        .clicked()
                    {
                        settings.directions = preset.directions().to_list();
                        settings.decoy_filler = preset.decoy_filler();
                    }
                }
                if current.is_none() {
                    ui.weak("(custom)");
                }
            })
        });
    }
    ui.end_row();

    ui.label("Decoys");
    ui.add_enabled(
        search,
        egui::Checkbox::new(&mut settings.decoy_filler, "Filler from the words' letters"),
    )
    .on_hover_text("False starts of hidden words around the grid make it harder");
    ui.end_row();
}

/// The directions words may run in, two rows of four.
fn direction_rows(ui: &mut egui::Ui, settings: &mut GeneratorSettings) {
    let search = settings.kind == PuzzleKind::WordSearch;
    let mut directions =
        DirectionSet::parse_list(&settings.directions).unwrap_or(DirectionSet::ALL);
    // Two rows of four (straight, diagonal), each its own grid row:
    // one row of eight was cut off by the panel of a small window,
    // and a vertical group inside a grid cell upset the row heights.
    for (i, row) in Direction::ALL.chunks(4).enumerate() {
        ui.label(if i == 0 { "Directions" } else { "" });
        ui.add_enabled_ui(search, |ui| {
            ui.horizontal(|ui| {
                for &d in row {
                    let mut on = directions.contains(d);
                    if ui.checkbox(&mut on, d.to_string()).changed() {
                        directions = if on {
                            directions.with(d)
                        } else {
                            directions.without(d)
                        };
                    }
                }
            })
        });
        ui.end_row();
    }
    ui.label("");
    ui.add_enabled_ui(search, |ui| {
        ui.horizontal(|ui| {
            if ui.small_button("All eight").clicked() {
                directions = DirectionSet::ALL;
            }
            if ui.small_button("Across and down").clicked() {
                directions = DirectionSet::parse_list("E,S").unwrap_or(DirectionSet::ALL);
            }
        })
    });
    let before = DirectionSet::parse_list(&settings.directions).unwrap_or(DirectionSet::ALL);
    if !directions.is_empty() && directions != before {
        settings.directions = directions.to_list();
    }
    ui.end_row();
}

/// The word count, the solution word and the word-search limits.
fn count_rows(ui: &mut egui::Ui, project: &Project, settings: &mut GeneratorSettings) {
    let search = settings.kind == PuzzleKind::WordSearch;
    let swedish = settings.kind == PuzzleKind::Swedish;
    ui.label("Words");
    ui.add_enabled_ui(search, |ui| {
        ui.horizontal(|ui| word_count(ui, &mut settings.pick, settings.solution.is_some()))
    });
    ui.end_row();

    let label = ui.label("Solution word");
    let mut solution = settings.solution.clone().unwrap_or_default();
    if ui
        .add_enabled(
            takes_solution(settings.kind),
            egui::TextEdit::singleline(&mut solution).hint_text("none"),
        )
        .labelled_by(label.id)
        .changed()
    {
        // As typed: a space at the end is the start of the next
        // word ("Bunt sind …"); the request reads grid letters only.
        settings.solution =
            Some(solution.trim_start().to_string()).filter(|s| !s.trim().is_empty());
    }
    ui.end_row();
    if search
        && let Some(problem) = settings
            .solution
            .as_deref()
            .and_then(|s| solution_problem(project, s))
    {
        ui.label("");
        let colour = ui.visuals().error_fg_color;
        ui.add(egui::Label::new(egui::RichText::new(problem).color(colour)).wrap());
        ui.end_row();
    } else if search
        && let Some(warning) = settings
            .solution
            .as_deref()
            .and_then(|s| solution_count_warning(project, s))
    {
        ui.label("");
        // Wrapped: a grid cell otherwise widens the panel to the text.
        let colour = ui.visuals().warn_fg_color;
        ui.add(egui::Label::new(egui::RichText::new(warning).color(colour)).wrap());
        ui.end_row();
    }

    let label = ui.label("Shortest answer");
    ui.add_enabled(
        swedish,
        egui::DragValue::new(&mut settings.swedish.min_answer_length)
            .range(2..=3)
            .suffix(" letters"),
    )
    .labelled_by(label.id)
    .on_hover_text("Swedish puzzles: answers of 2 letters or only of 3 and more");
    ui.end_row();
}

/// The Swedish puzzle's clue cells and answer lengths.
fn clue_cell_rows(ui: &mut egui::Ui, settings: &mut GeneratorSettings) {
    let search = settings.kind == PuzzleKind::WordSearch;
    let swedish = settings.kind == PuzzleKind::Swedish;
    let label = ui.label("Letters per clue cell");
    ui.add_enabled(
        swedish,
        egui::DragValue::new(&mut settings.swedish.letters_per_clue)
            .range(1.0..=8.0)
            .speed(0.05)
            .min_decimals(1)
            .max_decimals(2),
    )
    .labelled_by(label.id)
    .on_hover_text("Swedish puzzles: at least this many letter cells per clue cell (3 is usual in print); relaxed and reported when it cannot be met");
    ui.end_row();

    for (text, value, tip) in [
        (
            "Two-letter answers",
            &mut settings.swedish.max_two_letter_percent,
            "Swedish puzzles: at most this share of the answers has two letters; doubled after a round and lifted after two when the fill cannot meet it (reported)",
        ),
        (
            "Three-letter answers",
            &mut settings.swedish.max_three_letter_percent,
            "Swedish puzzles: at most this share of the answers has three letters; relaxed like the two-letter cap",
        ),
    ] {
        let label = ui.label(text);
        ui.add_enabled(
            swedish,
            egui::DragValue::new(value)
                .range(0..=100)
                .prefix("≤ ")
                .suffix(" %"),
        )
        .labelled_by(label.id)
        .on_hover_text(tip);
        ui.end_row();
    }

    ui.label("Short answers");
    ui.add_enabled(swedish, egui::Checkbox::new(&mut settings.swedish.short_answers, "Add the shipped short-answer list"))
        .on_hover_text("Swedish puzzles: two-letter answers with print-style clues (element symbols, notes of the scale, Greek letters …) join the vocabularies, last in priority");
    ui.end_row();

    let label = ui.label("Words per cell");
    ui.add_enabled(
        search,
        egui::DragValue::new(&mut settings.max_words_per_cell).range(1..=4),
    )
    .labelled_by(label.id);
    ui.end_row();
}

/// The remaining settings of the kinds (seed, time, Swedish rules).
fn other_rows(
    ui: &mut egui::Ui,
    project: &Project,
    settings: &mut GeneratorSettings,
    commands: &mut Vec<Command>,
) {
    let search = settings.kind == PuzzleKind::WordSearch;
    let label = ui.label("Overlap per word");
    ui.add_enabled(
        search,
        // Fixed decimals would round the sample's 0.3334 to 0.33 on
        // first sight, an edit nobody made.
        egui::Slider::new(&mut settings.max_overlap_fraction, 0.0..=1.0)
            .min_decimals(2)
            .max_decimals(4),
    )
    .labelled_by(label.id);
    ui.end_row();

    let label = ui.label("Seed");
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut settings.seed))
            .labelled_by(label.id);
        if ui.button("New seed").clicked() {
            settings.seed = fresh_seed();
        }
    });
    ui.end_row();

    let label = ui.label("Time limit (s)");
    ui.add(
        egui::DragValue::new(&mut settings.time_limit_seconds)
            .range(0.1..=600.0)
            .speed(0.1),
    )
    .labelled_by(label.id);
    ui.end_row();

    let label = ui.label("Puzzles (batch)");
    ui.vertical(|ui| {
        ui.add_enabled(
            !settings.per_vocabulary,
            egui::DragValue::new(&mut settings.count).range(1..=500),
        )
        .labelled_by(label.id);
        let themes = ui
            .checkbox(&mut settings.per_vocabulary, "One per vocabulary (themes)")
            .on_hover_text("A booklet of themes: one puzzle per vocabulary, from its words alone and titled with its name");
        if themes.changed() && settings.per_vocabulary {
            settings.count = 1;
        }
    });
    ui.end_row();

    let label = ui.label("Puzzle number").on_hover_text(
        "Printed before the title (a magazine's puzzle number, a booklet's first); the puzzles of a batch count on",
    );
    ui.horizontal(|ui| {
        let mut numbered = project.first_number.is_some();
        let mut first = project.first_number.unwrap_or(1);
        let toggled = ui.checkbox(&mut numbered, "from").changed();
        let changed = ui
            .add_enabled(numbered, egui::DragValue::new(&mut first).range(1..=99_999))
            .labelled_by(label.id)
            .changed();
        if toggled || changed {
            commands.push(Command::Edit(Edit::FirstNumber(numbered.then_some(first))));
        }
    });
    ui.end_row();
}

/// A magazine series: the series file and last issue's key.
fn series_rows(ui: &mut egui::Ui, project: &Project, commands: &mut Vec<Command>) {
    ui.label("Series").on_hover_text(
        "A file of the answers of a series' puzzles (several projects may share it): each exported puzzle is added, and the answers of the last puzzles (four letters or more) are kept out of new ones, must-use words aside",
    );
    ui.vertical(|ui| match &project.series {
        Some(series) => {
            ui.label(series.file.display().to_string());
            ui.horizontal(|ui| {
                let mut keep_out = series.keep_out;
                let label = ui.label("Keep answers out for");
                ui.add(
                    egui::DragValue::new(&mut keep_out)
                        .range(1..=999)
                        .suffix(" puzzles"),
                )
                .labelled_by(label.id);
                if keep_out != series.keep_out {
                    commands.push(Command::Edit(Edit::Series(Some(
                        crate::project::SeriesSettings {
                            keep_out,
                            ..series.clone()
                        },
                    ))));
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Other series file…").clicked() {
                    commands.push(Command::ChooseSeries);
                }
                if ui.button("No series").clicked() {
                    commands.push(Command::Edit(Edit::Series(None)));
                }
            });
        }
        None => {
            if ui
                .button("Series file…")
                .on_hover_text("Keep the answers of earlier puzzles out of new ones")
                .clicked()
            {
                commands.push(Command::ChooseSeries);
            }
        }
    });
    ui.end_row();

    ui.label("Last issue's key").on_hover_text(
        "The last issue's puzzle (its JSON, as exported): its key prints small at the foot of each puzzle page",
    );
    ui.vertical(|ui| {
        if let Some(path) = &project.previous_key {
            ui.label(path.display().to_string());
        }
        ui.horizontal(|ui| {
            let choose = if project.previous_key.is_some() {
                "Other puzzle…"
            } else {
                "Last issue's puzzle…"
            };
            if ui.button(choose).clicked() {
                commands.push(Command::ChoosePreviousKey);
            }
            if project.previous_key.is_some() && ui.button("No key").clicked() {
                commands.push(Command::Edit(Edit::PreviousKey(None)));
            }
        });
    });
    ui.end_row();
}

/// Whether a kind prints a solution word.
fn takes_solution(kind: PuzzleKind) -> bool {
    match kind {
        PuzzleKind::WordSearch | PuzzleKind::Swedish => true,
        PuzzleKind::WordRectangle => false,
    }
}

/// The word count: every must-use word only, drawn words (exactly, between
/// two counts, or automatic). "Auto" is offered first when a solution word
/// is set, since the grid then fixes how many letters the words cover.
fn word_count(ui: &mut egui::Ui, pick: &mut Option<WordCount>, solution: bool) {
    let label = |p: &Option<WordCount>| match p {
        None => "Must-use words only",
        Some(WordCount::Exact(_)) => "Exactly",
        Some(WordCount::Between(..)) => "Between",
        Some(WordCount::Auto) => "Auto",
    };
    let (min, max) = match *pick {
        Some(WordCount::Exact(n)) => (n, n + 10),
        Some(WordCount::Between(a, b)) => (a, b),
        _ => (20, 30),
    };
    let mut choices = vec![
        None,
        Some(WordCount::Exact(min)),
        Some(WordCount::Between(min, max.max(min + 1))),
        Some(WordCount::Auto),
    ];
    if solution {
        choices.rotate_right(1);
    }
    let combo = egui::ComboBox::from_id_salt("word_count")
        .selected_text(label(pick))
        .show_ui(ui, |ui| {
            for choice in choices {
                let selected = std::mem::discriminant(pick) == std::mem::discriminant(&choice)
                    && label(pick) == label(&choice);
                if ui.selectable_label(selected, label(&choice)).clicked() {
                    *pick = choice;
                }
            }
        })
        .response
        .on_hover_text(
            "How many words the puzzle holds: only the must-use words, or words drawn \
             from the other vocabularies (auto: as many as the grid needs around the \
             solution word)",
        );
    match pick {
        Some(WordCount::Exact(n)) => {
            ui.add(egui::DragValue::new(n).range(1..=500))
                .labelled_by(combo.id);
        }
        Some(WordCount::Between(a, b)) => {
            ui.add(egui::DragValue::new(a).range(1..=500))
                .labelled_by(combo.id);
            let to = ui.label("to");
            ui.add(egui::DragValue::new(b).range(1..=500))
                .labelled_by(to.id);
            if *a >= *b {
                *b = *a + 1;
            }
        }
        _ => {}
    }
}
