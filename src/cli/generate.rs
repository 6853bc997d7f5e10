//! `gridpress generate`: a project file and/or flags → puzzle(s) → JSON.

use super::read_file;
use crate::error::InputError;
use crate::export::json;
use crate::export::outputs::{Batch, STDOUT, check_targets_against};
use crate::export::print::render_pdfs_titled;
use crate::layout::template::{ListPosition, PdfStandard};
use crate::layout::{KeyPlacement, Template};
use crate::model::{
    Difficulty, Language, Lines, Mask, Puzzle, PuzzleKind, Shape, Vocabulary, WordCount,
};
use crate::project::{GeneratorSettings, GridSettings, Project, Rect};
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `generate`; flags override the project file.
#[derive(Args, Debug, Default)]
pub struct GenerateArgs {
    /// A project file (RON).
    pub project: Option<PathBuf>,
    /// A vocabulary file: `WORD` or `WORD=clue` per line; repeatable, first = highest priority.
    #[arg(long = "words")]
    pub words: Vec<PathBuf>,
    /// Word rectangles: a vocabulary for the columns (repeatable); with it,
    /// the --words files give the rows.
    #[arg(long = "column-words")]
    pub column_words: Vec<PathBuf>,
    /// Swedish puzzles: theme answers that must appear, `WORD=clue` per
    /// line (repeatable); placed first, before the --words answers.
    #[arg(long)]
    pub theme: Vec<PathBuf>,
    /// Draw N words (or MIN-MAX, or `auto`) from the vocabularies by priority; without it every
    /// word must be placed, except with --solution, where as many are drawn as the grid needs.
    #[arg(long, value_parser = parse_word_count)]
    pub pick: Option<WordCount>,
    /// Grid size COLSxROWS, e.g. 15x12.
    #[arg(long)]
    pub size: Option<String>,
    /// A built-in shape (`--shape help` lists them).
    #[arg(long)]
    pub shape: Option<String>,
    /// A mask file: `.` playable, `#` outside, `x` restricted; one line per row.
    #[arg(long)]
    pub mask: Option<PathBuf>,
    /// A restricted rectangle COL,ROW,W,H; repeatable.
    #[arg(long = "restrict")]
    pub restrict: Vec<String>,
    /// Comma list of E,W,S,N,SE,NW,SW,NE or `all`.
    #[arg(long)]
    pub directions: Option<String>,
    /// A difficulty preset: easy (E,S), medium (+ SE,NE), hard (all, decoy filler); Swedish: easy (common answers, direct clues, no abbreviations), medium, hard (rarer answers, less direct clues);
    /// --directions overrides its directions.
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Solution word for the leftover cells.
    #[arg(long)]
    pub solution: Option<String>,
    /// Offensive words (one per line), added to the built-in lists.
    #[arg(long)]
    pub banned: Option<PathBuf>,
    /// Filler letter frequencies: en, de or vocabulary (default: de when at least 1 % of the words have umlauts or ß, else en).
    #[arg(long)]
    pub language: Option<String>,
    /// The seed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A batch of N puzzles, no drawn word repeated across the batch.
    #[arg(long)]
    pub count: Option<usize>,
    /// Give up after this many seconds and return the best result.
    #[arg(long = "time-limit")]
    pub time_limit: Option<f64>,
    /// Write the puzzle JSON here (a list when --count > 1); `-`: standard output.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write the print PDF here: puzzle page(s) and answer key(s); `-`: standard output.
    #[arg(long)]
    pub pdf: Option<PathBuf>,
    /// Page template for --pdf: a name from `gridpress templates` or a RON file.
    #[arg(long)]
    pub template: Option<String>,
    /// For a layout program: --pdf lays the puzzle out in one column this
    /// many mm wide (the puzzle-only template, the grid filling the width)
    /// and writes the grid, the word list or clues and the key as separate
    /// files too (NAME-grid.pdf, NAME-words.pdf, NAME-key.pdf).
    #[arg(long = "column-width", value_name = "MM")]
    pub column_width: Option<f32>,
    /// A booklet of themes: one puzzle per --words file (or project
    /// vocabulary), from its words alone, titled with its name (the file
    /// name without its extension); not with --count or --title.
    #[arg(long = "per-vocabulary")]
    pub per_vocabulary: bool,
    /// A magazine series: the last issue's puzzle JSON, whose key --pdf
    /// prints small at the foot of each puzzle page.
    #[arg(long = "previous-key", value_name = "PUZZLE.json")]
    pub previous_key: Option<PathBuf>,
    /// PDF standard for --pdf: none, x1a (PDF/X-1a:2003) or x4 (PDF/X-4);
    /// default: the template's.
    #[arg(long = "pdf-standard")]
    pub pdf_standard: Option<String>,
    /// Where the word list goes: below, beside (the grid) or in-area (in the grid's largest restricted area when it fits there); default: the template's
    #[arg(long)]
    pub word_list: Option<String>,
    /// Where answer keys go: auto, next-page, collected, separate, small (a small key per puzzle in NAME-key.pdf, to print in the next issue) or none
    /// (auto: compact keys, several to a page, after the puzzles).
    #[arg(long)]
    pub key: Option<String>,
    /// The puzzle title printed on the page (default: the project name).
    #[arg(long)]
    pub title: Option<String>,
    /// Puzzle type: word-search (default), word-rectangle or swedish.
    #[arg(long)]
    pub kind: Option<String>,
    /// Swedish puzzles: the shortest answer, 2 or 3 letters (default 2).
    #[arg(long = "min-answer")]
    pub min_answer: Option<u8>,
    /// Swedish puzzles: letter cells per clue cell at least (default 3).
    #[arg(long = "letters-per-clue")]
    pub letters_per_clue: Option<f64>,
    /// A series file: the answers of its recent puzzles are kept out, and
    /// the new puzzles' answers are added to it once written (the file is
    /// made if missing).
    #[arg(long)]
    pub series: Option<PathBuf>,
    /// Puzzles an answer of the series is kept out for (default 25).
    #[arg(long = "keep-out")]
    pub keep_out: Option<usize>,
    /// The number printed before the (first) puzzle's title: a magazine's
    /// puzzle number, a booklet's first; a batch counts on.
    #[arg(long = "first-number")]
    pub first_number: Option<usize>,
}

/// Generates the built-in sample project and prints it.
pub fn show_sample() -> anyhow::Result<()> {
    let project = Project::sample();
    eprintln!("Gridpress was built without the desktop app; showing the built-in sample project.");
    eprintln!("Try `gridpress generate --help` for the command line.\n");
    let puzzles = make(&project, None)?;
    print_puzzles(&project, &puzzles);
    Ok(())
}

/// Runs `generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    if args.shape.as_deref() == Some("help") {
        for s in Shape::ALL {
            outln!("{}", s.name());
        }
        return Ok(());
    }
    let project = project_from(args)?;
    match project.generator.kind {
        PuzzleKind::WordSearch => {}
        PuzzleKind::WordRectangle | PuzzleKind::Swedish => return fill_ins(args, &project),
    }
    // Check the print settings and targets before spending time on generating.
    let titles = puzzle_titles(&project, args.title.as_deref().unwrap_or(&project.name))?;
    let print = print_and_targets(args, &project, &titles)?;
    let puzzles = make(&project, args.banned.as_deref())?;
    if !write_outputs(args, &puzzles, print, &titles)? {
        print_puzzles(&project, &puzzles);
    }
    let recorded = record_in_series(&project, &puzzles, &titles);
    // The process ends now: the project's word lists go back to the
    // operating system with it (see `Run::process_ends`).
    std::mem::forget(project);
    recorded
}

/// Each puzzle's title: its vocabulary's name in a booklet of themes
/// (`--per-vocabulary`), `title` otherwise.
fn puzzle_titles(project: &Project, title: &str) -> anyhow::Result<Vec<String>> {
    let count = project.puzzle_count()?;
    Ok(if project.generator.per_vocabulary {
        project.puzzle_titles(count)
    } else {
        vec![title.to_string(); count]
    })
}

/// The print settings `--pdf` will use, after checking every output target
/// (folders exist, no two outputs on one file).
pub(super) fn print_and_targets(
    args: &GenerateArgs,
    project: &Project,
    titles: &[String],
) -> anyhow::Result<Option<(Template, KeyPlacement)>> {
    let mut targets: Vec<(&str, &Path)> = Vec::new();
    if let Some(path) = &args.json {
        targets.push(("--json", path));
    }
    if let Some(path) = &args.pdf {
        targets.push(("--pdf", path));
    }
    check_targets_against(&targets, &input_files(args))?;
    Ok(match &args.pdf {
        Some(_) => {
            let (template, placement) = print_settings(args, project)?;
            let count = titles.len();
            for title in titles {
                crate::layout::check_title(title, count, &template)?;
            }
            crate::layout::check_column(project.grid.width, &template)?;
            Some((template, placement))
        }
        None => None,
    })
}

/// The files a run reads, by the flag that names them.
fn input_files(args: &GenerateArgs) -> Vec<(&'static str, &Path)> {
    let mut inputs: Vec<(&'static str, &Path)> = Vec::new();
    if let Some(path) = &args.project {
        inputs.push(("project", path));
    }
    inputs.extend(args.words.iter().map(|p| ("--words", p.as_path())));
    inputs.extend(args.theme.iter().map(|p| ("--theme", p.as_path())));
    inputs.extend(
        args.column_words
            .iter()
            .map(|p| ("--column-words", p.as_path())),
    );
    for (role, path) in [
        ("--mask", &args.mask),
        ("--banned", &args.banned),
        ("--previous-key", &args.previous_key),
    ] {
        if let Some(path) = path {
            inputs.push((role, path));
        }
    }
    if let Some(template) = &args.template
        && Path::new(template).is_file()
    {
        inputs.push(("--template", Path::new(template)));
    }
    inputs
}

/// An output path as messages show it.
fn shown(path: &Path) -> String {
    if path.as_os_str() == STDOUT {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// Writes the JSON and print files asked for, all or nothing; false when
/// none was asked for.
pub(super) fn write_outputs(
    args: &GenerateArgs,
    puzzles: &[Puzzle],
    print: Option<(Template, KeyPlacement)>,
    titles: &[String],
) -> anyhow::Result<bool> {
    let mut batch = Batch::new();
    let mut wrote = Vec::new();
    if let (Some(path), Some((template, placement))) = (&args.pdf, print) {
        let files = render_pdfs_titled(puzzles, titles, &template, placement, path)?;
        if path.as_os_str() == STDOUT && files.len() > 1 {
            return Err(InputError::msg(format!(
                "--pdf -: the template {:?} writes {} files (a key or parts besides the page); \
                 give a file name or --key next-page",
                template.name,
                files.len()
            ))
            .into());
        }
        for (i, (file, bytes)) in files.into_iter().enumerate() {
            let role = if i == 0 { "--pdf" } else { "extra PDF" };
            wrote.push(format!("wrote {}", shown(&file)));
            batch.add(role, &file, bytes);
        }
    }
    if let Some(path) = &args.json {
        let text = json::puzzles_to_string(puzzles);
        batch.add("--json", path, text.into_bytes());
        wrote.push(format!(
            "wrote {} puzzle(s) to {}",
            puzzles.len(),
            shown(path)
        ));
    }
    if wrote.is_empty() {
        return Ok(false);
    }
    batch.commit()?;
    for line in wrote {
        eprintln!("{line}");
    }
    Ok(true)
}

/// The template and key placement `--pdf` will use.
fn print_settings(
    args: &GenerateArgs,
    project: &Project,
) -> anyhow::Result<(Template, KeyPlacement)> {
    let mut template = project.page_template()?;
    if let Some(name) = &args.word_list {
        template.word_list.position = ListPosition::parse(name).ok_or_else(|| {
            InputError::msg(format!(
                "--word-list {name:?}: use below, beside or in-area"
            ))
        })?;
    }
    if let Some(name) = &args.pdf_standard {
        template.pdf_standard = PdfStandard::parse(name).ok_or_else(|| {
            InputError::msg(format!(
                "--pdf-standard {name:?}: use {}",
                PdfStandard::NAMES
            ))
        })?;
    }
    if template.pdf_standard == PdfStandard::X4
        && crate::pdf::profile_for(&template.output_intent).is_none()
    {
        return Err(InputError::msg(format!(
            "--pdf-standard x4 embeds the output profile, and Gridpress has none for {:?} (the template's output_intent); use x1a or FOGRA39",
            template.output_intent.identifier
        ))
        .into());
    }
    let placement = match args.key.as_deref() {
        None => template.key.placement,
        Some("auto") => KeyPlacement::Auto,
        Some("next-page") => KeyPlacement::NextPage,
        Some("collected") => KeyPlacement::Collected,
        Some("separate") => KeyPlacement::SeparateFile,
        Some("small") => KeyPlacement::Small,
        Some("none") => KeyPlacement::None,
        Some(other) => {
            return Err(InputError::msg(format!(
                "--key {other:?}: use auto, next-page, collected, separate, small or none"
            ))
            .into());
        }
    };
    Ok((template, placement))
}

/// `--kind word-rectangle` (rows and columns all words, a unique fill-in)
/// and `--kind swedish` (clues in the grid): printed with their answers.
fn fill_ins(args: &GenerateArgs, project: &Project) -> anyhow::Result<()> {
    let title = fill_in_title(args, project);
    let titles = puzzle_titles(project, &title)?;
    let print = print_and_targets(args, project, &titles)?;
    let puzzles = make(project, args.banned.as_deref())?;
    if !write_outputs(args, &puzzles, print, &titles)? {
        print_fill_ins(&title, &puzzles);
    }
    record_in_series(project, &puzzles, &titles)
}

/// The title of a fill-in's page: `--title`, the project's name, or the
/// kind's name in the page language when made from flags alone.
pub(super) fn fill_in_title(args: &GenerateArgs, project: &Project) -> String {
    let texts = crate::layout::PageLanguage::of(project.language).texts();
    let name = if args.project.is_none() {
        match project.generator.kind {
            PuzzleKind::Swedish => texts.swedish_title.as_str(),
            PuzzleKind::WordSearch | PuzzleKind::WordRectangle => {
                texts.word_rectangle_title.as_str()
            }
        }
    } else {
        project.name.as_str()
    };
    args.title.as_deref().unwrap_or(name).to_string()
}

/// Fill-ins on standard output: the grid, the answers with their clues.
pub(super) fn print_fill_ins(name: &str, puzzles: &[Puzzle]) {
    for p in puzzles {
        outln!("{name} (seed {})\n", p.seed);
        out!("{}", p.to_text());
        for (label, dir) in [
            ("Across", crate::model::Direction::E),
            ("Down", crate::model::Direction::S),
        ] {
            let words: Vec<String> = p
                .words
                .iter()
                .filter(|w| w.direction == dir)
                .map(|w| match &w.clue {
                    Some(clue) => format!("{} ({clue})", w.display),
                    None => w.display.clone(),
                })
                .collect();
            outln!("{label}: {}", words.join(", "));
        }
        for note in &p.report.notes {
            outln!("({note})");
        }
        outln!();
    }
}

/// A run with the `--banned` file's words.
pub(super) fn run_with_banned(banned_file: Option<&Path>) -> anyhow::Result<crate::make::Run> {
    let mut run = crate::make::Run::default();
    if let Some(path) = banned_file {
        let text = String::from_utf8(read_file(path)?)
            .map_err(|_| InputError::at(&path.display().to_string(), 0, "not valid UTF-8 text"))?;
        run.extra_banned = crate::model::blacklist::list_words(&text)
            .map(String::from)
            .collect();
    }
    Ok(run)
}

/// The project's puzzles through the library's one entry point, with the
/// `--banned` file's words; warnings and quality notes on standard error.
fn make(project: &Project, banned_file: Option<&Path>) -> anyhow::Result<Vec<Puzzle>> {
    let mut run = run_with_banned(banned_file)?;
    run.kept_out = project.series_kept_out()?;
    run.process_ends = true;
    let spec = crate::make::request(project, &run)?;
    match project.generator.kind {
        PuzzleKind::WordSearch => {
            if let Some(message) = spec.cut_off_message() {
                eprintln!("warning: {message}");
            }
        }
        // A full block: every cell lies on its row and its column; a
        // Swedish layout puts clue cells where runs need them.
        PuzzleKind::WordRectangle | PuzzleKind::Swedish => {}
    }
    let mut progress = BatchProgress::new(project.puzzle_count()?);
    let puzzles =
        crate::make::generate(project, spec, &run, |done, p| progress.done(done, p.seed))?;
    for p in &puzzles {
        for r in &p.report.relaxed {
            eprintln!("warning: seed {}: {r}", p.seed);
        }
        if p.report.cut_short {
            eprintln!("warning: seed {}: {}", p.seed, crate::model::CUT_SHORT_NOTE);
        }
        match p.kind() {
            PuzzleKind::WordSearch => {
                for s in p.report.quality.shortfalls(p.words.len()) {
                    eprintln!("note: seed {}: quality: {s}", p.seed);
                }
            }
            PuzzleKind::WordRectangle | PuzzleKind::Swedish => {}
        }
    }
    Ok(puzzles)
}

/// Progress of a batch on standard error: at most one line a second, and
/// the last one, so that a long batch shows it is moving.
struct BatchProgress {
    count: usize,
    started: std::time::Instant,
    shown: Option<std::time::Instant>,
}

/// Seconds between two progress lines.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

impl BatchProgress {
    fn new(count: usize) -> Self {
        BatchProgress {
            count,
            started: std::time::Instant::now(),
            shown: None,
        }
    }

    fn done(&mut self, done: usize, seed: u64) {
        if self.count < 2 {
            return;
        }
        let now = std::time::Instant::now();
        let due = self
            .shown
            .is_none_or(|t| now.duration_since(t) >= PROGRESS_EVERY);
        if due || done == self.count {
            self.shown = Some(now);
            eprintln!(
                "batch: {done} of {} puzzles (seed {seed}), {:.1} s",
                self.count,
                now.duration_since(self.started).as_secs_f64()
            );
        }
    }
}

pub(super) fn print_puzzles(project: &Project, puzzles: &[Puzzle]) {
    for p in puzzles {
        outln!("{} (seed {})\n", project.name, p.seed);
        out!("{}", p.to_text());
        let mut words: Vec<&str> = p.words.iter().map(|w| w.display.as_str()).collect();
        words.sort_by_key(|w| w.to_lowercase());
        outln!("\n{}", words.join(", "));
        if let Some(s) = p.solution() {
            outln!("Solution: {}", s.word);
        }
        outln!();
    }
}

/// The project the flags describe, on top of the project file if given:
/// the kind and words, the grid and page, the generator settings, then the
/// language and series, each refusing the flags that do not fit.
pub(super) fn project_from(args: &GenerateArgs) -> anyhow::Result<Project> {
    let mut project = base_project(args)?;
    kind_and_words_from(args, &mut project)?;
    grid_and_page_from(args, &mut project)?;
    generator_from(args, &mut project.generator)?;
    language_and_series_from(args, &mut project)?;
    Ok(project)
}

/// The project file, or without one the sample's settings for the words
/// and size the flags give (all directions, no count, no solution).
fn base_project(args: &GenerateArgs) -> anyhow::Result<Project> {
    let mut project = match &args.project {
        Some(path) => Project::load(path)?,
        None => {
            if args.words.is_empty() {
                return Err(
                    InputError::msg("give a project file or at least one --words file").into(),
                );
            }
            if args.size.is_none() && args.mask.is_none() {
                return Err(InputError::msg("give --size COLSxROWS or --mask FILE").into());
            }
            Project {
                format_version: crate::project::FORMAT_VERSION,
                name: "Word search".into(),
                language: Language::English,
                umlauts: crate::project::UmlautSetting::Auto,
                grid: GridSettings {
                    width: 0,
                    height: 0,
                    shape: "rectangle".into(),
                    cells: None,
                    restricted: Vec::new(),
                },
                vocabularies: Vec::new(),
                exclusion_groups: Vec::new(),
                offensive_words: Vec::new(),
                letters: Vec::new(),
                preassigned_words: Vec::new(),
                generator: crate::project::Project::sample().generator,
                template: None,
                pdf_standard: None,
                word_list: None,
                generated: None,
                series: None,
                first_number: None,
                column_width: None,
                previous_key: None,
            }
        }
    };
    if args.project.is_none() {
        project.generator = GeneratorSettings {
            pick: None,
            solution: None,
            directions: "all".into(),
            ..project.generator
        };
    }
    Ok(project)
}

/// `--kind`, the word files (must-use unless drawn from), the theme files
/// and the Swedish and word-rectangle flags.
fn kind_and_words_from(args: &GenerateArgs, project: &mut Project) -> anyhow::Result<()> {
    match args.kind.as_deref() {
        None => {}
        Some("word-search") => project.generator.kind = PuzzleKind::WordSearch,
        Some("word-rectangle") => project.generator.kind = PuzzleKind::WordRectangle,
        Some("swedish") => project.generator.kind = PuzzleKind::Swedish,
        Some(other) => {
            return Err(InputError::msg(format!(
                "--kind {other:?}: use word-search, word-rectangle or swedish"
            ))
            .into());
        }
    }
    if !args.words.is_empty() {
        // Word files are must-use unless words are drawn from them; the
        // answers of a Swedish puzzle and the words of a rectangle are
        // always drawn.
        let must_use = match project.generator.kind {
            PuzzleKind::WordSearch => args.pick.is_none() && args.solution.is_none(),
            PuzzleKind::WordRectangle | PuzzleKind::Swedish => false,
        };
        project.vocabularies = args
            .words
            .iter()
            .map(|p| load_words(p, must_use))
            .collect::<Result<_, _>>()?;
    }
    if !args.theme.is_empty() {
        if project.generator.kind != PuzzleKind::Swedish {
            return Err(InputError::msg(
                "--theme is for --kind swedish (word searches: every --words file is must-use without --pick)",
            )
            .into());
        }
        let themes = args
            .theme
            .iter()
            .map(|p| load_words(p, true))
            .collect::<Result<Vec<_>, _>>()?;
        project.vocabularies.splice(0..0, themes);
    }
    if let Some(n) = args.min_answer {
        project.generator.swedish.min_answer_length = n;
    }
    if let Some(r) = args.letters_per_clue {
        project.generator.swedish.letters_per_clue = r;
    }
    if (args.min_answer.is_some() || args.letters_per_clue.is_some())
        && project.generator.kind != PuzzleKind::Swedish
    {
        return Err(
            InputError::msg("--min-answer and --letters-per-clue are for --kind swedish").into(),
        );
    }
    if !args.column_words.is_empty() {
        if project.generator.kind != PuzzleKind::WordRectangle {
            return Err(InputError::msg("--column-words is for --kind word-rectangle").into());
        }
        for vocabulary in &mut project.vocabularies {
            vocabulary.lines = Lines::Rows;
        }
        for path in &args.column_words {
            let mut vocabulary = load_words(path, false)?;
            vocabulary.lines = Lines::Columns;
            project.vocabularies.push(vocabulary);
        }
    }
    Ok(())
}

/// The grid (size, shape, mask, restricted areas) and the page (template,
/// previous key, column width).
fn grid_and_page_from(args: &GenerateArgs, project: &mut Project) -> anyhow::Result<()> {
    if let Some(size) = &args.size {
        let (w, h) = parse_size(size)?;
        project.grid.width = w;
        project.grid.height = h;
        project.grid.cells = None;
    }
    if let Some(shape) = &args.shape {
        Shape::from_name(shape).ok_or_else(|| {
            InputError::msg(format!("unknown shape {shape:?} (try --shape help)"))
        })?;
        project.grid.shape = shape.clone();
    }
    if let Some(path) = &args.mask {
        let name = path.display().to_string();
        let text = String::from_utf8(read_file(path)?)
            .map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?;
        let mask = Mask::parse(&text, &name)?;
        project.grid.width = mask.width();
        project.grid.height = mask.height();
        project.grid.cells = Some(mask.to_rows());
    }
    for r in &args.restrict {
        project.grid.restricted.push(parse_rect(r)?);
    }
    // The page the puzzle prints on decides which clues fit its cells.
    if let Some(template) = &args.template {
        project.template = Some(template.clone());
        project.column_width = None;
    }
    if let Some(path) = &args.previous_key {
        project.previous_key = Some(path.clone());
    }
    if let Some(width) = args.column_width {
        if args.template.is_some() {
            return Err(InputError::msg(
                "--column-width lays the puzzle out on the puzzle-only template one column wide: leave out --template",
            )
            .into());
        }
        project.column_width = Some(width);
    }
    Ok(())
}

/// Difficulty, directions, word count, solution, seed, count and time.
fn generator_from(args: &GenerateArgs, g: &mut GeneratorSettings) -> anyhow::Result<()> {
    if let Some(name) = &args.difficulty {
        let preset = Difficulty::parse(name).map_err(InputError::msg)?;
        match g.kind {
            // Swedish: how common the answers are and how direct the clues.
            PuzzleKind::Swedish => g.swedish.difficulty = preset,
            PuzzleKind::WordSearch | PuzzleKind::WordRectangle => {
                g.directions = preset.directions().to_list();
                g.decoy_filler = preset.decoy_filler();
            }
        }
    }
    if let Some(d) = &args.directions {
        match g.kind {
            PuzzleKind::WordSearch => g.directions = d.clone(),
            // Their answers run across and down by definition: a flag
            // that would change nothing is refused, not ignored.
            PuzzleKind::WordRectangle | PuzzleKind::Swedish => {
                return Err(InputError::msg(format!(
                    "--directions does not apply to {}: its answers run across (E) and down (S)",
                    g.kind.with_article()
                ))
                .into());
            }
        }
    }
    if args.pick.is_some() {
        g.pick = args.pick;
    } else if args.solution.is_some() && !args.words.is_empty() && g.kind == PuzzleKind::WordSearch
    {
        // A solution word fixes how many cells the words cover: the
        // generator chooses the count (cli.md).
        g.pick = Some(WordCount::Auto);
    }
    if args.solution.is_some() {
        g.solution = args.solution.clone();
    }
    if let Some(s) = args.seed {
        g.seed = s;
    }
    if let Some(c) = args.count {
        g.count = c;
    }
    if args.per_vocabulary {
        g.per_vocabulary = true;
        if args.title.is_some() {
            return Err(InputError::msg(
                "--per-vocabulary titles each puzzle with its vocabulary's name: leave out --title",
            )
            .into());
        }
    }
    if let Some(t) = args.time_limit {
        g.time_limit_seconds = t;
    }
    Ok(())
}

/// The page language (from the vocabularies unless given), the default
/// title, the first number and the series file.
fn language_and_series_from(args: &GenerateArgs, project: &mut Project) -> anyhow::Result<()> {
    project.language = match args.language.as_deref() {
        Some("en") => Language::English,
        Some("de") => Language::German,
        Some("vocabulary") => Language::FromVocabulary,
        Some(other) => {
            return Err(InputError::msg(format!(
                "unknown language {other:?} (use en, de or vocabulary)"
            ))
            .into());
        }
        None if args.project.is_some() => project.language,
        None => crate::model::vocabulary::guess_language(&project.vocabularies),
    };
    if args.project.is_none() {
        // The default title in the page's language.
        project.name = crate::layout::PageLanguage::of(project.language)
            .texts()
            .word_search_title
            .clone();
    }
    if args.first_number.is_some() {
        project.first_number = args.first_number;
    }
    match (&args.series, &mut project.series) {
        (Some(file), series) => {
            *series = Some(crate::project::SeriesSettings {
                file: file.clone(),
                keep_out: args
                    .keep_out
                    .or(series.as_ref().map(|s| s.keep_out))
                    .unwrap_or(crate::series::DEFAULT_KEEP_OUT),
            });
        }
        (None, Some(series)) => {
            if let Some(n) = args.keep_out {
                series.keep_out = n;
            }
        }
        (None, None) if args.keep_out.is_some() => {
            return Err(InputError::msg("--keep-out needs a --series file").into());
        }
        (None, None) => {}
    }
    Ok(())
}

/// Adds the written puzzles' answers to the project's series file, each
/// labelled with the title and seed.
pub(super) fn record_in_series(
    project: &Project,
    puzzles: &[Puzzle],
    titles: &[String],
) -> anyhow::Result<()> {
    let Some(settings) = &project.series else {
        return Ok(());
    };
    let entries: Vec<(String, Vec<String>)> = puzzles
        .iter()
        .zip(titles)
        .map(|(p, title)| crate::series::entry(&format!("{title} (seed {})", p.seed), p))
        .collect();
    crate::series::Series::append(&settings.file, &entries).map_err(|e| {
        anyhow::anyhow!(
            "could not write the series file {}: {e}",
            settings.file.display()
        )
    })?;
    eprintln!(
        "added {} puzzle(s) to the series {}",
        puzzles.len(),
        settings.file.display()
    );
    Ok(())
}

/// Loads a words file; an invalid line is an error naming file and line.
fn parse_word_count(text: &str) -> Result<WordCount, String> {
    WordCount::parse(text)
}

fn load_words(path: &Path, must_use: bool) -> Result<Vocabulary, InputError> {
    let name = path.display().to_string();
    let bytes = read_file(path)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| name.clone());
    let (mut vocabulary, lines) = Vocabulary::parse_text(&stem, &bytes, &name)?;
    for (entry, line) in vocabulary.entries.iter().zip(&lines) {
        crate::model::word::check_grid_letters(&entry.word).map_err(|e| {
            InputError::at(
                &name,
                *line,
                format!("{:?}: {e}", crate::error::excerpt(&entry.word)),
            )
        })?;
    }
    if vocabulary.entries.is_empty() {
        return Err(InputError::at(&name, 0, "no words in this file"));
    }
    vocabulary.must_use = must_use;
    Ok(vocabulary)
}

fn parse_size(size: &str) -> Result<(usize, usize), InputError> {
    let bad = || InputError::msg(format!("--size {size:?} is not COLSxROWS (e.g. 15x12)"));
    let (w, h) = size
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        .ok_or_else(bad)?;
    Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?))
}

fn parse_rect(text: &str) -> Result<Rect, InputError> {
    let parts: Vec<usize> = text
        .split(',')
        .map(|p| p.trim().parse())
        .collect::<Result<_, _>>()
        .map_err(|_| InputError::msg(format!("--restrict {text:?} is not COL,ROW,W,H")))?;
    match parts[..] {
        [col, row, width, height] => Ok(Rect {
            col,
            row,
            width,
            height,
        }),
        _ => Err(InputError::msg(format!(
            "--restrict {text:?} is not COL,ROW,W,H"
        ))),
    }
}
