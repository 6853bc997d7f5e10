//! The command line (`docs/cli.md`): thin over the library.

/// `print!` to standard output that ends the program quietly when the
/// reader has gone (`gridpress check … | head -1`), as Unix tools do,
/// instead of panicking on the broken pipe.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!($($arg)*))
    };
}

/// [`out!`] with a newline, as `println!`.
macro_rules! outln {
    () => {
        $crate::cli::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod edit;
mod generate;

use crate::error::InputError;
use crate::export::json;
use crate::model::UmlautMode;
use crate::model::blacklist::list_words;
use crate::project::banned_letters;
use crate::verify::verify;
use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use edit::EditArgs;
pub use generate::GenerateArgs;

/// Gridpress: word puzzles for print.
#[derive(Parser, Debug)]
#[command(
    name = "gridpress",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; without a command the desktop app opens (built without
    /// it, the sample project is generated and shown).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A project file for the app to open (as the desktop's "Open with"
    /// passes it).
    #[arg(value_parser = existing_file)]
    pub project: Option<PathBuf>,
}

/// A path that names a file: anything else is a mistyped command more
/// likely than a project (usage error, status 2).
fn existing_file(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if path.is_file() {
        Ok(path)
    } else {
        Err("neither a command nor a project file (see gridpress --help)".into())
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate puzzle(s) from a project file and/or flags; write JSON and/or PDF.
    Generate(Box<GenerateArgs>),
    /// Edit a generated puzzle: replace answers, change clues (under the
    /// request it was made from); the result verified.
    Edit(Box<EditArgs>),
    /// Verify a puzzle (or a JSON list of puzzles) against every rule.
    Check(CheckArgs),
    /// List the page templates.
    Templates,
    /// Check a PDF against PDF/X-1a:2003 or PDF/X-4 (the rules a print
    /// shop's preflight checks; see docs/print.md).
    Preflight(PreflightArgs),
    /// Make a clue vocabulary (WORD=clue1|clue2 per line) from a thesaurus
    /// in OpenThesaurus' text format (Debian: openthesaurus-de-text).
    Thesaurus(ThesaurusArgs),
    /// Write the manual page (roff) to standard output.
    Man,
    /// Write shell completions to standard output: bash, zsh, fish,
    /// elvish or powershell.
    Completions(CompletionsArgs),
}

/// Arguments of `completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

/// Arguments of `thesaurus`.
#[derive(Args, Debug)]
pub struct ThesaurusArgs {
    /// The thesaurus file (`a;b;c` synonym sets, one per line).
    #[arg(default_value = crate::model::thesaurus::OPENTHESAURUS_PATH)]
    pub input: PathBuf,
    /// Where to write the clue vocabulary; `-`: standard output.
    #[arg(long)]
    pub out: PathBuf,
}

/// Arguments of `preflight`.
#[derive(Args, Debug)]
pub struct PreflightArgs {
    /// The PDF file.
    pub pdf: PathBuf,
    /// The standard: x1a or x4 (default: the one the file claims).
    #[arg(long)]
    pub standard: Option<String>,
}

/// Arguments of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle JSON file.
    pub puzzle: PathBuf,
    /// Offensive words (one per line) checked in addition to the built-in lists.
    #[arg(long)]
    pub banned: Option<PathBuf>,
    /// The project the puzzles were made from: also check them against its
    /// request (shape, directions, sharing limits, pre-assigned letters and
    /// words, exclusion groups, words from its vocabularies, must-use words).
    #[arg(long)]
    pub project: Option<PathBuf>,
}

/// Runs a parsed command line; errors are printed and mapped to exit codes.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Edit(args)) => edit::run(&args),
        Some(Command::Check(args)) => check(&args),
        Some(Command::Templates) => {
            templates();
            Ok(())
        }
        Some(Command::Preflight(args)) => preflight(&args),
        Some(Command::Thesaurus(args)) => thesaurus(&args),
        Some(Command::Man) => man(),
        Some(Command::Completions(args)) => {
            let mut command = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut command, "gridpress", &mut script);
            out_bytes(&script)
        }
        None => match &cli.project {
            Some(path) => Err(anyhow::anyhow!(
                "{}: this gridpress was built without the app; `gridpress generate {}` makes its puzzles",
                path.display(),
                path.display()
            )),
            None => generate::show_sample(),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// The manual page, from the command line's own definitions: the
/// program, then each command with its options (as `gridpress COMMAND
/// --help` lists them).
fn man() -> anyhow::Result<()> {
    let command = <Cli as clap::CommandFactory>::command();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    for sub in command.get_subcommands() {
        let name = format!("gridpress {}", sub.get_name());
        let about = sub
            .get_long_about()
            .or(sub.get_about())
            .map(|a| a.to_string())
            .unwrap_or_default();
        page.extend_from_slice(
            format!(
                ".SH \"{}\"\n.PP\n{}\n",
                name.to_uppercase(),
                about.replace('\\', "\\\\").replace('\n', " ")
            )
            .as_bytes(),
        );
        clap_mangen::Man::new(sub.clone()).render_options_section(&mut page)?;
    }
    out_bytes(&page)
}

/// Bytes to standard output, as [`out!`] writes text.
fn out_bytes(bytes: &[u8]) -> anyhow::Result<()> {
    out!("{}", String::from_utf8_lossy(bytes));
    Ok(())
}

/// Reads a text file, naming it in the error.
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, InputError> {
    std::fs::read(path).map_err(|e| InputError::at(&path.display().to_string(), 0, e.to_string()))
}

/// The built-in offensive words plus a user file, in both umlaut spellings.
pub(crate) fn banned_words(file: Option<&Path>) -> anyhow::Result<Vec<String>> {
    let extra = match file {
        Some(path) => {
            let name = path.display().to_string();
            String::from_utf8(read_file(path)?)
                .map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?
        }
        None => String::new(),
    };
    let mut words = Vec::new();
    for mode in [UmlautMode::Keep, UmlautMode::Expand] {
        for w in banned_letters(list_words(&extra), mode)? {
            let s: String = w.into_iter().collect();
            if !words.contains(&s) {
                words.push(s);
            }
        }
    }
    Ok(words)
}

/// What `check --project` adds: the puzzle is of the project's kind, on its
/// mask, in its directions, under its sharing limits, and keeps what the
/// request asks for (`verify_against`).
fn against_request(
    p: &crate::model::Puzzle,
    kind: crate::model::PuzzleKind,
    spec: &crate::model::PuzzleSpec,
) -> Vec<crate::verify::Violation> {
    let mut out = Vec::new();
    let mut differs = |what: &str| {
        out.push(crate::verify::Violation {
            rule: 0,
            message: format!("the puzzle's {what} is not the project's"),
        })
    };
    if p.kind() != kind {
        differs("kind");
    }
    if p.mask != spec.mask {
        differs("shape (mask)");
    }
    match &p.body {
        crate::model::Body::WordSearch { rules, .. } => {
            if p.directions != spec.directions {
                differs("direction set");
            }
            if *rules != spec.rules {
                differs("sharing limits");
            }
        }
        // Fill-ins read across and down under their own rules.
        crate::model::Body::WordRectangle | crate::model::Body::Swedish { .. } => {}
    }
    out.extend(crate::verify::verify_against(p, spec));
    out
}

/// The status of a Unix tool killed by SIGPIPE (128 + 13).
pub const BROKEN_PIPE_STATUS: i32 = 141;

/// Writes to standard output; a closed pipe ends the program quietly with
/// status 141, as a Unix tool killed by SIGPIPE (a script with `set -o
/// pipefail` still sees that the output was cut), another error with 1.
pub(crate) fn write_out(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(BROKEN_PIPE_STATUS);
        }
        eprintln!("error: standard output: {e}");
        std::process::exit(1);
    }
}

fn thesaurus(args: &ThesaurusArgs) -> anyhow::Result<()> {
    let name = args.input.display().to_string();
    let bytes = std::fs::read(&args.input).map_err(|e| InputError::at(&name, 0, e.to_string()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?;
    let imported = crate::model::thesaurus::import_with_glosses(&text, "thesaurus")
        .nonempty(&name)
        .map_err(InputError::msg)?;
    let out = imported.vocabulary.to_text();
    if args.out.as_os_str() == "-" {
        out!("{out}");
    } else {
        if let Some(line) = imported.stopped_at {
            eprintln!(
                "note: {name}: read up to line {line}: the file holds more than {} synonym pairs (four times the German thesaurus); split it",
                crate::model::thesaurus::MAX_SYNONYM_PAIRS
            );
        }
        if imported.cut_sets > 0 {
            eprintln!(
                "note: {name}: {} synonym set(s) of more than {} terms were read up to their {}th term",
                imported.cut_sets,
                crate::model::thesaurus::MAX_SET_TERMS,
                crate::model::thesaurus::MAX_SET_TERMS
            );
        }
        crate::export::outputs::write_file(&args.out, out.as_bytes())?;
        let entries = &imported.vocabulary.entries;
        let tagged = entries
            .iter()
            .filter(|e| e.tags.iter().any(|t| *t != crate::model::Tag::Confirmed))
            .count();
        let confirmed = entries
            .iter()
            .filter(|e| e.tags.contains(&crate::model::Tag::Confirmed))
            .count();
        eprintln!(
            "{} answers with clues from {} synonym sets written to {} ({tagged} tagged with a usage, {confirmed} with a clue a dictionary sense confirms; {} left out: shorter than {} letters, vulgar or sensitive, of a closed word class (articles, pronouns, prepositions: clued by the short-answer list), no dictionary headword (German: inflected forms, names), or without a clue a solver knows)",
            imported.vocabulary.entries.len(),
            imported.sets,
            args.out.display(),
            imported.left_out,
            crate::model::thesaurus::MIN_ANSWER_LETTERS,
        );
    }
    Ok(())
}

fn preflight(args: &PreflightArgs) -> anyhow::Result<()> {
    use crate::pdf::PdfStandard;
    let name = args.pdf.display().to_string();
    let bytes = read_file(&args.pdf)?;
    let standard = match &args.standard {
        Some(s) => match PdfStandard::parse(s) {
            Some(PdfStandard::None) | None => {
                return Err(InputError::msg(format!("--standard {s:?}: use x1a or x4")).into());
            }
            Some(standard) => standard,
        },
        None => {
            let claims = |key: &str| bytes.windows(key.len()).any(|w| w == key.as_bytes());
            if claims("PDF/X-4") {
                PdfStandard::X4
            } else if claims("PDF/X-1a:2003") {
                PdfStandard::X1a
            } else {
                anyhow::bail!("{name}: claims no PDF/X standard; give --standard x1a or x4");
            }
        }
    };
    let version = standard.version_key().unwrap_or_default();
    let problems = crate::pdf::preflight::preflight(&bytes, standard);
    if problems.is_empty() {
        outln!("ok: {name}: every {version} rule Gridpress checks is kept");
        return Ok(());
    }
    for p in &problems {
        outln!("FAIL: {name}: {p}");
    }
    anyhow::bail!("{name}: {} {version} problems", problems.len())
}

fn templates() {
    let shipped = crate::layout::Template::shipped();
    let width = shipped.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in shipped {
        outln!("{:width$}  {}", t.name, t.description);
    }
}

/// Difficulty and what the solver faces, in one line.
pub(crate) fn quality_line(q: &crate::model::Quality) -> String {
    format!(
        "difficulty {} ({}): {:.0} % reversed, {:.0} % diagonal, {} crossings, {} decoys, lengths {}–{}",
        q.difficulty,
        q.difficulty_label(),
        q.reversed_share * 100.0,
        q.diagonal_share * 100.0,
        q.crossings,
        q.decoys,
        q.length_range.0,
        q.length_range.1
    )
}

/// Largest puzzle file `check` reads: a 20×20 puzzle takes ~10 kB, so this
/// holds a batch of several thousand; parsed, it needs several times its
/// size in memory.
const MAX_CHECK_BYTES: u64 = 64 << 20;

fn check(args: &CheckArgs) -> anyhow::Result<()> {
    let name = args.puzzle.display().to_string();
    if let Ok(meta) = std::fs::metadata(&args.puzzle)
        && meta.is_file()
        && meta.len() > MAX_CHECK_BYTES
    {
        return Err(InputError::at(
            &name,
            0,
            format!(
                "{} MB is more than check reads ({} MB); split the batch",
                meta.len() >> 20,
                MAX_CHECK_BYTES >> 20
            ),
        )
        .into());
    }
    let text = String::from_utf8(read_file(&args.puzzle)?)
        .map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?;
    let puzzles = json::parse(&text, &name)?;
    if puzzles.is_empty() {
        return Err(InputError::at(&name, 0, "an empty list: no puzzle to check").into());
    }
    let banned = banned_words(args.banned.as_deref())?;
    let request = match &args.project {
        Some(path) => {
            let project = crate::project::Project::load(path)?;
            let spec = crate::make::request(
                &crate::make::kind_settings_only(&project),
                &Default::default(),
            )?;
            Some((project.generator.kind, spec))
        }
        None => None,
    };
    let mut failures = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let mut violations = verify(p, &banned);
        if let Some((kind, spec)) = &request {
            violations.extend(against_request(p, *kind, spec));
        }
        let label = if puzzles.len() > 1 {
            format!("puzzle {} (seed {})", i + 1, p.seed)
        } else {
            format!("seed {}", p.seed)
        };
        if violations.is_empty() {
            outln!(
                "ok: {name}: {label}: {} words, every rule kept",
                p.words.len()
            );
            if p.kind().has_layout_quality() {
                let q = crate::verify::quality::measure(p);
                outln!("  {}", quality_line(&q));
                for s in q.shortfalls(p.words.len()) {
                    outln!("  quality: {s}");
                }
            }
            if let Some(q) = crate::verify::clues::measure(p) {
                outln!("  clues: {}", q.line());
            }
        } else {
            failures += 1;
            for v in &violations {
                outln!("FAIL: {name}: {label}: {v}");
            }
        }
    }
    if failures > 0 {
        anyhow::bail!("{failures} of {} puzzles break a rule", puzzles.len());
    }
    Ok(())
}
