//! Project files (RON): everything the editor edits, with a format version,
//! atomic saves and errors that give line and column.

use crate::error::{InputError, excerpt};
use crate::model::blacklist::built_in_offensive;
use crate::model::{
    DirectionSet, ExclusionGroup, Language, Mask, Pos, PreassignedWord, PuzzleKind, PuzzleSpec,
    Rules, Shape, SpecVocabulary, SwedishRules, UmlautMode, Vocabulary, Word, WordCount,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The project format this build writes. Version 2 added the Swedish
/// kind and its `generator.swedish` settings; version 1 files open
/// unchanged (every version 1 field kept its meaning) and are saved as 2.
pub const FORMAT_VERSION: u32 = 3;
/// The oldest project format this build reads.
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// The sample project shipped with Gridpress (the app's default).
pub const SAMPLE: &str = include_str!("sample.ron");

/// A restricted rectangle (left column, top row, size in cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rect {
    /// Left column.
    pub col: usize,
    /// Top row.
    pub row: usize,
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
}

/// Grid size, shape and restricted areas.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridSettings {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// A built-in shape name. [default: rectangle]
    #[serde(default = "default_shape")]
    pub shape: String,
    /// A painted mask (rows of `.` `#` `x`); replaces the shape when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// Restricted rectangles.
    #[serde(default)]
    pub restricted: Vec<Rect>,
}

fn default_shape() -> String {
    "rectangle".into()
}

/// A letter fixed at a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PresetLetter {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
    /// The letter.
    pub letter: String,
}

/// A word fixed at a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PresetWord {
    /// The word as printed.
    pub word: String,
    /// First letter's row.
    pub row: usize,
    /// First letter's column.
    pub col: usize,
    /// Direction name (E, W, S, N, SE, NW, SW, NE).
    pub direction: String,
    /// Swedish puzzles: the clue printed for it (a locked answer keeps its
    /// clue through Generate); `None`: one of its vocabulary's clues.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clue: Option<String>,
}

/// The language a new project starts in: the desktop's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`, the first one set), German for `de…`, else
/// English.
pub fn desktop_language() -> Language {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty());
    language_of_locale(locale.as_deref().unwrap_or(""))
}

/// The page language of a locale name ("de_DE.UTF-8", "de_AT", "en_GB").
pub fn language_of_locale(locale: &str) -> Language {
    if locale.to_ascii_lowercase().starts_with("de") {
        Language::German
    } else {
        Language::English
    }
}

impl PresetWord {
    /// The pre-assigned word that keeps `word` of a puzzle of `kind` where
    /// it is through Generate (lock and regenerate); a Swedish answer keeps
    /// its clue too.
    pub fn keeping(word: &crate::model::PlacedWord, kind: crate::model::PuzzleKind) -> PresetWord {
        use crate::model::PuzzleKind;
        PresetWord {
            word: word.display.clone(),
            row: word.start.row,
            col: word.start.col,
            direction: word.direction.to_string(),
            clue: match kind {
                PuzzleKind::Swedish => word.clue.clone(),
                PuzzleKind::WordSearch | PuzzleKind::WordRectangle => None,
            },
        }
    }
}

/// Generator settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GeneratorSettings {
    /// Word search or word rectangle. [default: WordSearch]
    #[serde(default)]
    pub kind: PuzzleKind,
    /// `E,S,…` or `all`. [default: all]
    #[serde(default = "default_directions")]
    pub directions: String,
    /// Words in all, drawn from the non-must-use vocabularies: a number,
    /// `"30-60"` or `"auto"`; none with a solution word means `"auto"`.
    #[serde(default)]
    pub pick: Option<WordCount>,
    /// Solution word.
    #[serde(default)]
    pub solution: Option<String>,
    /// [default: 2]
    #[serde(default = "default_usage")]
    pub max_words_per_cell: u8,
    /// [default: 0.3334]
    #[serde(default = "default_overlap")]
    pub max_overlap_fraction: f64,
    /// [default: 1]
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// [default: 10]
    #[serde(default = "default_time")]
    pub time_limit_seconds: f64,
    /// Puzzles per batch. [default: 1]
    #[serde(default = "default_count")]
    pub count: usize,
    /// A booklet of themes: one puzzle per vocabulary, from its words
    /// alone and titled with its name (`count` then stays 1).
    /// [default: false]
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub per_vocabulary: bool,
    /// Filler from the hidden words' letters (the hard preset). [default: false]
    #[serde(default)]
    pub decoy_filler: bool,
    /// Swedish puzzles: shortest answer and clue share (format 2).
    #[serde(default)]
    pub swedish: SwedishRules,
}

/// The longest time limit accepted: a day. Larger values (or `1e308`,
/// `inf`) would overflow the deadline's clock arithmetic and crash.
pub const MAX_TIME_LIMIT_SECONDS: f64 = 86_400.0;
/// Most words one cell may hold (see the model's rule).
pub use crate::model::spec::MAX_WORDS_PER_CELL;

/// Most puzzles in one batch: the JSON of 5,000 20×20 puzzles (~10 kB
/// each) stays within what `gridpress check` reads (64 MB); a puzzle
/// book of a year holds a few hundred.
pub const MAX_BATCH_COUNT: usize = 5_000;

impl GeneratorSettings {
    /// The number of puzzles in the batch; refuses 0 and more than
    /// [`MAX_BATCH_COUNT`].
    pub fn batch_count(&self) -> Result<usize, InputError> {
        if self.count == 0 {
            return Err(InputError::msg("the batch count must be at least 1"));
        }
        if self.count > MAX_BATCH_COUNT {
            return Err(InputError::msg(format!(
                "a batch holds at most {MAX_BATCH_COUNT} puzzles, not {}; split it into several runs (--seed where the last one ended)",
                self.count
            )));
        }
        Ok(self.count)
    }

    /// The time limit as a duration; refuses NaN, infinities, zero,
    /// negative values and more than [`MAX_TIME_LIMIT_SECONDS`].
    pub fn time_limit(&self) -> Result<std::time::Duration, InputError> {
        let t = self.time_limit_seconds;
        if !(t.is_finite() && t > 0.0 && t <= MAX_TIME_LIMIT_SECONDS) {
            return Err(InputError::msg(format!(
                "the time limit must be a number of seconds above 0 and at most {MAX_TIME_LIMIT_SECONDS} (a day), not {t}"
            )));
        }
        Ok(std::time::Duration::from_secs_f64(t))
    }
}

fn default_directions() -> String {
    "all".into()
}
fn default_usage() -> u8 {
    Rules::default().max_words_per_cell
}
fn default_overlap() -> f64 {
    Rules::default().max_overlap_fraction
}
fn default_seed() -> u64 {
    1
}
fn default_time() -> f64 {
    10.0
}
fn default_count() -> usize {
    1
}

/// The project's umlaut setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum UmlautSetting {
    /// Written out (AE, OE, UE) in German Swedish puzzles, kept elsewhere.
    #[default]
    Auto,
    /// Ä, Ö, Ü stay letters of their own.
    Keep,
    /// Ä → AE, Ö → OE, Ü → UE.
    Expand,
}

/// A Gridpress project.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Project {
    /// Must equal [`FORMAT_VERSION`].
    pub format_version: u32,
    /// Shown as the puzzle title.
    pub name: String,
    /// Filler letter frequencies. [default: English]
    #[serde(default)]
    pub language: Language,
    /// Umlauts in the grid. [default: Auto]
    #[serde(default)]
    pub umlauts: UmlautSetting,
    /// Size, shape, restricted areas.
    pub grid: GridSettings,
    /// Vocabularies, highest priority first.
    pub vocabularies: Vec<Vocabulary>,
    /// At most one word of each group per puzzle.
    #[serde(default)]
    pub exclusion_groups: Vec<ExclusionGroup>,
    /// Offensive words added to the built-in lists.
    #[serde(default)]
    pub offensive_words: Vec<String>,
    /// Letters fixed at cells.
    #[serde(default)]
    pub letters: Vec<PresetLetter>,
    /// Words fixed at positions.
    #[serde(default)]
    pub preassigned_words: Vec<PresetWord>,
    /// Generator settings.
    pub generator: GeneratorSettings,
    /// Page template name.
    #[serde(default)]
    pub template: Option<String>,
    /// The PDF/X standard of exported PDFs, in place of the template's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pdf_standard: Option<crate::layout::template::PdfStandard>,
    /// Where the word list goes, in place of the template's (e.g. in the
    /// restricted area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub word_list: Option<crate::layout::template::ListPosition>,
    /// The puzzles last generated from exactly these settings, as puzzle
    /// JSON (`docs/puzzle-json.md`, versioned on its own): the app saves
    /// them so that the page and key can be exported again after reopening.
    /// Output, not input: generating ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<String>,
    /// The number printed before the first puzzle's title (a magazine's
    /// puzzle number, a booklet's first); a batch counts on from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_number: Option<usize>,
    /// A series' memory of used answers (a file several projects may
    /// share): its recent puzzles' answers are kept out of new ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<SeriesSettings>,
    /// For a layout program: the page is one column this many mm wide
    /// (the puzzle-only template, the grid filling the width), in place of
    /// the template; grid, list and key also come as separate files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column_width: Option<f32>,
    /// A magazine series: the last issue's puzzle JSON (`gridpress
    /// generate --json`, the app's Export JSON), whose key prints small at
    /// the foot of each puzzle page ("Auflösung aus dem letzten Heft").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_key: Option<std::path::PathBuf>,
}

/// The first puzzle of the puzzle JSON at `path` (the last issue's).
fn read_previous_key(path: &std::path::Path) -> Result<crate::model::Puzzle, InputError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| InputError::at(&name, 0, format!("the last issue's puzzle: {e}")))?;
    let mut puzzles = crate::export::json::parse(&text, &name).map_err(|mut e| {
        e.message = format!("the last issue's puzzle: {}", e.message);
        e
    })?;
    if puzzles.is_empty() {
        return Err(InputError::at(
            &name,
            0,
            "the last issue's file holds no puzzle",
        ));
    }
    Ok(puzzles.remove(0))
}

/// Where a series' used answers are kept, and for how many puzzles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesSettings {
    /// The series file (`LABEL: WORD WORD …` per puzzle, `crate::series`).
    pub file: std::path::PathBuf,
    /// Puzzles an answer is kept out for after it was printed.
    #[serde(default = "default_keep_out")]
    pub keep_out: usize,
}

fn default_keep_out() -> usize {
    crate::series::DEFAULT_KEEP_OUT
}

impl Project {
    /// Sets what the project says of its pages on `template`: the page
    /// language, the PDF standard and the word list's place.
    /// How many puzzles a run makes: one per vocabulary for a booklet of
    /// themes, the batch count otherwise.
    pub fn puzzle_count(&self) -> Result<usize, InputError> {
        let count = self.generator.batch_count()?;
        if !self.generator.per_vocabulary {
            return Ok(count);
        }
        if count != 1 {
            return Err(InputError::msg(format!(
                "one puzzle per vocabulary makes one for each of the {} vocabularies; the batch count ({count}) must then be 1",
                self.vocabularies.len()
            )));
        }
        if self.vocabularies.is_empty() {
            return Err(InputError::msg(
                "one puzzle per vocabulary, but there is no vocabulary",
            ));
        }
        if self.vocabularies.len() > MAX_BATCH_COUNT {
            return Err(InputError::msg(format!(
                "one puzzle per vocabulary makes at most {MAX_BATCH_COUNT} puzzles, not {}",
                self.vocabularies.len()
            )));
        }
        Ok(self.vocabularies.len())
    }

    /// Each puzzle's title: its vocabulary's name in a booklet of themes,
    /// the project's name otherwise.
    pub fn puzzle_titles(&self, count: usize) -> Vec<String> {
        (0..count)
            .map(|i| match self.vocabularies.get(i) {
                Some(v) if self.generator.per_vocabulary => v.name.clone(),
                _ => self.name.clone(),
            })
            .collect()
    }

    /// The project that makes puzzle `index` of a booklet of themes: its
    /// vocabulary alone, one puzzle, seed `seed + index`.
    pub fn theme(&self, index: usize) -> Option<Project> {
        let vocabulary = self.vocabularies.get(index)?;
        let mut one = self.clone();
        one.vocabularies = vec![vocabulary.clone()];
        one.name = vocabulary.name.clone();
        one.generator.per_vocabulary = false;
        one.generator.count = 1;
        one.generator.seed = self.generator.seed.wrapping_add(index as u64);
        Some(one)
    }

    /// The page the project prints on: its column for a layout program,
    /// or its template (the default when it names none), with the
    /// project's page settings applied.
    pub fn page_template(&self) -> Result<crate::layout::Template, InputError> {
        let mut template = match self.column_width {
            Some(width) => crate::layout::Template::for_column(width)?,
            None => crate::layout::Template::find(
                self.template
                    .as_deref()
                    .unwrap_or(crate::layout::template::DEFAULT_TEMPLATE),
            )?,
        };
        self.apply_page_settings(&mut template);
        if let Some(path) = &self.previous_key {
            template.previous_key = Some(Box::new(read_previous_key(path)?));
        }
        Ok(template)
    }

    pub fn apply_page_settings(&self, template: &mut crate::layout::Template) {
        template.language = crate::layout::PageLanguage::of(self.language);
        if let Some(standard) = self.pdf_standard {
            template.pdf_standard = standard;
        }
        if let Some(position) = self.word_list {
            template.word_list.position = position;
        }
        if self.first_number.is_some() {
            template.first_number = self.first_number;
        }
    }

    /// Whether puzzles made from `other` are what this project would make:
    /// the same but for the settings only the page reads (the PDF
    /// standard, the word list's place, the saved puzzles; the template
    /// and the title too, except for Swedish puzzles, whose clues are
    /// chosen to fit the cells that template and title leave).
    pub fn makes_the_same_puzzles_as(&self, other: &Project) -> bool {
        let request = |p: &Project| {
            let mut p = p.clone();
            p.pdf_standard = None;
            p.word_list = None;
            p.generated = None;
            match p.generator.kind {
                crate::model::PuzzleKind::Swedish => {}
                crate::model::PuzzleKind::WordSearch | crate::model::PuzzleKind::WordRectangle => {
                    p.template = None;
                    p.column_width = None;
                    p.previous_key = None;
                    p.name = String::new();
                    p.first_number = None;
                }
            }
            p
        };
        request(self) == request(other)
    }

    /// The answers the project's series keeps out of new puzzles (none
    /// without a series; a series file not written yet is empty).
    pub fn series_kept_out(&self) -> Result<std::collections::HashSet<String>, InputError> {
        match &self.series {
            Some(s) => Ok(crate::series::Series::load(&s.file)?.recent(s.keep_out)),
            None => Ok(Default::default()),
        }
    }

    /// The built-in sample project.
    pub fn sample() -> Project {
        Project::parse(SAMPLE, "built-in sample project").expect("the sample project parses")
    }

    /// Parses RON; errors give line and column.
    pub fn parse(text: &str, source: &str) -> Result<Project, InputError> {
        let mut project: Project = ron::from_str(text).map_err(|e| InputError::ron(source, &e))?;
        if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&project.format_version) {
            return Err(InputError::at(
                source,
                0,
                format!(
                    "format_version {} is not supported (this Gridpress reads versions {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION})",
                    project.format_version
                ),
            ));
        }
        // Version 1 → 2: nothing to convert (2 only added settings, with
        // defaults). 2 → 3: `umlauts: Keep` was the default every project
        // saved, so it reads as Auto (the same for every kind but German
        // Swedish puzzles, which now write AE, OE, UE). Saved as version 3.
        if project.format_version < 3 && project.umlauts == UmlautSetting::Keep {
            project.umlauts = UmlautSetting::Auto;
        }
        project.format_version = FORMAT_VERSION;
        Ok(project)
    }

    /// Loads a project file.
    pub fn load(path: &Path) -> Result<Project, InputError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| InputError::at(&name, 0, e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            InputError::at(&name, line, "not valid UTF-8 text")
        })?;
        Project::parse(&text, &name)
    }

    /// The project as pretty RON.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(self, config).expect("a project serialises")
    }

    /// Saves atomically: a temporary file next to `path`, synced, then renamed
    /// over it, so a crash never leaves half a project.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        write_atomic(path, self.to_ron().as_bytes())
    }

    /// How umlauts go into the grid: the setting, or for Auto, written out
    /// (AE, OE, UE) in German Swedish puzzles — as German crosswords print
    /// them — and kept elsewhere.
    pub fn umlaut_mode(&self) -> UmlautMode {
        match self.umlauts {
            UmlautSetting::Keep => UmlautMode::Keep,
            UmlautSetting::Expand => UmlautMode::Expand,
            UmlautSetting::Auto => match (self.generator.kind, self.language) {
                (PuzzleKind::Swedish, Language::German) => UmlautMode::Expand,
                (PuzzleKind::Swedish | PuzzleKind::WordSearch | PuzzleKind::WordRectangle, _) => {
                    UmlautMode::Keep
                }
            },
        }
    }

    /// The mask: painted cells or the shape, with restricted rectangles.
    pub fn mask(&self) -> Result<Mask, InputError> {
        let g = &self.grid;
        let mut mask = match &g.cells {
            Some(rows) => Mask::parse(&rows.join("\n"), "project grid cells")?,
            None => Shape::from_name(&g.shape)
                .ok_or_else(|| InputError::msg(format!("unknown shape {:?}", g.shape)))?
                .mask(g.width, g.height)?,
        };
        for r in &g.restricted {
            // A restricted area outside the grid is a typo, not nothing.
            let inside = r.width > 0
                && r.height > 0
                && r.col
                    .checked_add(r.width)
                    .is_some_and(|end| end <= mask.width())
                && r.row
                    .checked_add(r.height)
                    .is_some_and(|end| end <= mask.height());
            if !inside {
                return Err(InputError::msg(format!(
                    "the restricted area at column {}, row {}, {}×{} cells does not lie inside the {}×{} grid",
                    r.col as u128 + 1,
                    r.row as u128 + 1,
                    r.width,
                    r.height,
                    mask.width(),
                    mask.height()
                )));
            }
            mask.restrict(r.col, r.row, r.width, r.height);
        }
        if mask.playable_count() == 0 {
            return Err(InputError::msg(
                "the restricted areas cover every playable cell",
            ));
        }
        Ok(mask)
    }

    /// The validated generator request.
    pub fn to_spec(&self) -> Result<PuzzleSpec, InputError> {
        let mode = self.umlaut_mode();
        let vocabularies = self.spec_vocabularies(mode)?;
        let mut spec = PuzzleSpec::new(self.mask()?, vocabularies);
        let g = &self.generator;
        spec.directions = DirectionSet::parse_list(&g.directions).map_err(InputError::msg)?;
        spec.decoy_filler = g.decoy_filler;
        spec.solution = match &g.solution {
            Some(s) if !s.trim().is_empty() => Some(
                Word::new(s, None, mode)
                    .map_err(|e| InputError::msg(format!("solution word {:?}: {e}", excerpt(s))))?,
            ),
            _ => None,
        };
        // A solution word fixes how many cells the words cover, so without
        // a count the generator chooses one (cli.md: `--pick`).
        let drawn_vocabulary = spec.vocabularies.iter().any(|v| !v.must_use);
        spec.pick = g
            .pick
            .or((spec.solution.is_some() && drawn_vocabulary).then_some(WordCount::Auto));
        if !(1..=MAX_WORDS_PER_CELL).contains(&g.max_words_per_cell) {
            return Err(InputError::msg(format!(
                "max_words_per_cell must be 1..={MAX_WORDS_PER_CELL}"
            )));
        }
        if !(0.0..=1.0).contains(&g.max_overlap_fraction) {
            return Err(InputError::msg("max_overlap_fraction must be within 0..=1"));
        }
        spec.rules = Rules {
            max_words_per_cell: g.max_words_per_cell,
            max_overlap_fraction: g.max_overlap_fraction,
        };
        g.swedish.check().map_err(InputError::msg)?;
        spec.swedish = g.swedish;
        for l in &self.letters {
            let letters = crate::model::word::grid_letters(&l.letter, mode)
                .map_err(|e| InputError::msg(format!("pre-assigned letter {:?}: {e}", l.letter)))?;
            if letters.len() != 1 {
                return Err(InputError::msg(format!(
                    "pre-assigned letter {:?} is not one letter",
                    l.letter
                )));
            }
            spec.letters.push((Pos::new(l.row, l.col), letters[0]));
        }
        for p in &self.preassigned_words {
            let word = Word::new(&p.word, p.clue.clone(), mode).map_err(|e| {
                InputError::msg(format!("pre-assigned word {:?}: {e}", excerpt(&p.word)))
            })?;
            let direction = p.direction.parse().map_err(InputError::msg)?;
            spec.preassigned_words.push(PreassignedWord {
                word,
                start: Pos::new(p.row, p.col),
                direction,
            });
        }
        for group in &self.exclusion_groups {
            let mut letters = Vec::new();
            for w in &group.words {
                letters.push(crate::model::word::grid_letters(w, mode).map_err(|e| {
                    InputError::msg(format!("exclusion group {:?}, word {w:?}: {e}", group.name))
                })?);
            }
            spec.exclusion_groups.push(letters);
        }
        spec.banned = banned_letters(self.offensive_words.iter().map(String::as_str), mode)?;
        spec.language = self.language;
        spec.umlauts = mode;
        Ok(spec)
    }

    /// The vocabularies as grid words; the first invalid entry (and how
    /// many more there are) is an error naming its vocabulary and entry.
    fn spec_vocabularies(&self, mode: UmlautMode) -> Result<Vec<SpecVocabulary>, InputError> {
        let mut vocabularies = Vec::new();
        for v in &self.vocabularies {
            let (words, rejected) = v.words(mode);
            if let Some(r) = rejected.first() {
                return Err(InputError::msg(format!(
                    "vocabulary {:?}, entry {} ({:?}): {}{}",
                    v.name,
                    r.line,
                    r.text,
                    r.reason,
                    if rejected.len() > 1 {
                        format!(" (and {} more invalid entries)", rejected.len() - 1)
                    } else {
                        String::new()
                    }
                )));
            }
            vocabularies.push(SpecVocabulary {
                name: v.name.clone(),
                must_use: v.must_use,
                words,
                lines: v.lines,
            });
        }
        Ok(vocabularies)
    }
}

/// Grid letters of the built-in offensive words plus `extra`, each in the
/// project's spelling and with umlauts written out (a reader sees "MOESE"
/// as the word it spells, whatever the project's umlaut mode).
pub fn banned_letters<'a>(
    extra: impl Iterator<Item = &'a str>,
    mode: UmlautMode,
) -> Result<Vec<Vec<char>>, InputError> {
    let mut out = Vec::new();
    for w in built_in_offensive().map(|w| -> &'a str { w }).chain(extra) {
        for m in [mode, UmlautMode::Expand] {
            let letters = crate::model::word::grid_letters(w, m)
                .map_err(|e| InputError::msg(format!("offensive word {:?}: {e}", excerpt(w))))?;
            if letters.len() < 2 {
                return Err(InputError::msg(format!(
                    "offensive word {:?} has fewer than 2 letters: it would forbid every grid holding it",
                    excerpt(w)
                )));
            }
            if !out.contains(&letters) {
                out.push(letters);
            }
        }
    }
    Ok(out)
}

/// Writes `bytes` to `path` atomically (temporary file + rename), through
/// symlinks (see [`crate::export::outputs::write_file`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    crate::export::outputs::write_file(path, bytes).map_err(|e| e.into_io())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_only_settings_keep_the_puzzles_current() {
        let made = Project::sample();
        let mut p = made.clone();
        p.template = Some("magazine".into());
        p.word_list = Some(crate::layout::template::ListPosition::InRestrictedArea);
        p.pdf_standard = Some(crate::layout::template::PdfStandard::X4);
        p.name = "Rätsel der Woche".into();
        assert!(p.makes_the_same_puzzles_as(&made));
        p.generator.directions = "E,S".into();
        assert!(!p.makes_the_same_puzzles_as(&made));
        // A Swedish puzzle's clues fit the template's cells.
        let mut swedish = made.clone();
        swedish.generator.kind = crate::model::PuzzleKind::Swedish;
        let mut other_page = swedish.clone();
        other_page.template = Some("magazine".into());
        assert!(!other_page.makes_the_same_puzzles_as(&swedish));
    }

    #[test]
    fn sample_round_trips_and_validates() {
        let p = Project::sample();
        let again = Project::parse(&p.to_ron(), "again").unwrap();
        assert_eq!(p, again);
        let spec = p.to_spec().unwrap();
        assert!(spec.vocabularies[0].words.len() >= 30);
    }

    #[test]
    fn malformed_ron_gives_line_and_column() {
        let text = Project::sample()
            .to_ron()
            .replacen("width:", "width: \"wide\",\n    junk:", 1);
        let err = Project::parse(&text, "p.ron").unwrap_err();
        assert!(err.line > 0, "{err}");
        assert!(
            err.to_string().contains("p.ron, line") && err.to_string().contains("column"),
            "{err}"
        );
        // A version 1 file (no Swedish settings) opens and is saved as 3;
        // its `umlauts: Keep` (the old default) reads as Auto.
        let v2 = Project::sample().to_ron();
        let swedish = v2.find("swedish:").unwrap();
        let end = swedish + v2[swedish..].find(')').unwrap() + 2;
        let v1 = format!("{}{}", &v2[..swedish], &v2[end..])
            .replace("format_version: 3", "format_version: 1")
            .replace("umlauts: Auto", "umlauts: Keep");
        assert!(!v1.contains("swedish"), "{v1}");
        let old = Project::parse(&v1, "old.ron").unwrap();
        assert_eq!(old.format_version, FORMAT_VERSION);
        assert_eq!(old.generator.swedish, SwedishRules::default());
        assert!(old.to_ron().contains("format_version: 3"));
        assert_eq!(old.umlauts, UmlautSetting::Auto);
        let newer = Project::sample()
            .to_ron()
            .replace("format_version: 3", "format_version: 9");
        assert!(
            Project::parse(&newer, "p.ron")
                .unwrap_err()
                .to_string()
                .contains("format_version 9")
        );
    }

    #[test]
    fn invalid_entry_is_named() {
        let mut p = Project::sample();
        p.vocabularies[0].entries[2].word = "C3PO".into();
        let err = p.to_spec().unwrap_err().to_string();
        assert!(
            err.contains("entry 3") && err.contains("C3PO") && err.contains("'3'"),
            "{err}"
        );
    }

    #[test]
    fn a_new_project_speaks_the_desktops_language() {
        assert_eq!(language_of_locale("de_DE.UTF-8"), Language::German);
        assert_eq!(language_of_locale("de_AT"), Language::German);
        assert_eq!(language_of_locale("en_GB.UTF-8"), Language::English);
        assert_eq!(language_of_locale("C"), Language::English);
        assert_eq!(language_of_locale(""), Language::English);
    }

    #[test]
    fn atomic_save_replaces_whole_file() {
        let dir = std::env::temp_dir().join(format!("gridpress-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.ron");
        std::fs::write(&path, "old").unwrap();
        let p = Project::sample();
        p.save(&path).unwrap();
        assert_eq!(Project::load(&path).unwrap(), p);
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name() != "p.ron")
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
