//! `gridpress edit`: a generated puzzle's clues changed and answers
//! replaced from a script, under the request it was made from; the
//! result verified, written as JSON and/or PDF.

use super::generate::{
    GenerateArgs, fill_in_title, print_and_targets, print_fill_ins, project_from, run_with_banned,
    write_outputs,
};
use super::read_file;
use crate::edit::{EditError, ReplaceOptions, find_word, regenerate, replace, set_clue};
use crate::error::InputError;
use crate::export::json;
use crate::generate::Options;
use crate::model::Puzzle;
use clap::Args;
use std::path::PathBuf;

/// Arguments of `edit`.
#[derive(Args, Debug)]
pub struct EditArgs {
    /// The puzzle JSON (`generate --json`); of a list, `--number` picks one.
    pub puzzle: PathBuf,
    /// The request the puzzle was made from: a project file and/or the
    /// flags `generate` was given (its vocabularies give replacements).
    #[command(flatten)]
    pub request: GenerateArgs,
    /// Which puzzle of a JSON list (from 1).
    #[arg(long, default_value_t = 1)]
    pub number: usize,
    /// Replace an answer: WORD (repeatable, in order); it is not used again.
    #[arg(long)]
    pub replace: Vec<String>,
    /// Print another clue: WORD=text (repeatable; after the replacements).
    #[arg(long)]
    pub clue: Vec<String>,
    /// Answers whose letters a replacement keeps: WORD,WORD,...
    #[arg(long, value_delimiter = ',')]
    pub lock: Vec<String>,
    /// Rings of crossing answers a replacement may change besides its own
    /// letters (0–4; default 3).
    #[arg(long)]
    pub rings: Option<usize>,
    /// List up to N replacements of the (single) --replace, each with the
    /// --seed that makes it; nothing is written.
    #[arg(long)]
    pub alternatives: Option<usize>,
    /// Generate anew keeping the --lock answers where they are (a Swedish
    /// answer with its clue cell and clue, after the --clue changes); the
    /// new puzzle's seed is --seed, else the puzzle's seed + 1.
    #[arg(long)]
    pub regenerate: bool,
}

/// Most rings: beyond three a replacement is a new puzzle.
const MAX_RINGS: usize = 4;

/// Seeds tried per alternative listed: replacements of a seed often
/// repeat another's.
const SEEDS_PER_ALTERNATIVE: u64 = 4;

/// Runs `edit`.
pub fn run(args: &EditArgs) -> anyhow::Result<()> {
    let mut puzzles = edited_file(args)?;
    let mut project = project_from(&args.request)?;
    project.generator.kind = puzzles[args.number - 1].kind();
    let spec = crate::make::request(&project, &run_with_banned(args.request.banned.as_deref())?)?;
    let puzzle = puzzles.swap_remove(args.number - 1);
    let locked = args
        .lock
        .iter()
        .filter(|w| !w.trim().is_empty())
        .map(|w| find_word(&puzzle, w))
        .collect::<Result<Vec<_>, _>>()?;
    if args.regenerate && (!args.replace.is_empty() || args.alternatives.is_some()) {
        return Err(InputError::msg(
            "--regenerate makes a new puzzle around the --lock answers: leave out --replace and --alternatives",
        )
        .into());
    }
    let seed = args.request.seed.unwrap_or(if args.regenerate {
        puzzle.seed.wrapping_add(1)
    } else {
        puzzle.seed
    });
    if let Some(n) = args.alternatives {
        return list_alternatives(args, &puzzle, &spec, &locked, seed, n);
    }
    let title = fill_in_title(&args.request, &project);
    let print = print_and_targets(&args.request, &project, std::slice::from_ref(&title))?;
    let mut puzzle = replaced(args, puzzle, &spec, &locked, seed)?;
    for pair in &args.clue {
        let Some((word, clue)) = pair.split_once('=') else {
            return Err(InputError::msg(format!("--clue {pair:?}: write WORD=clue")).into());
        };
        let index = find_word(&puzzle, word)?;
        puzzle = set_clue(&puzzle, index, clue, &spec).map_err(|e| match e {
            EditError::Refused(why) => EditError::Refused(format!("--clue {pair:?}: {why}")),
            other => other,
        })?;
    }
    if args.regenerate {
        let mut run = run_with_banned(args.request.banned.as_deref())?;
        run.kept_out = project.series_kept_out()?;
        puzzle = regenerate(&project, &run, &puzzle, &locked, seed)?;
        eprintln!(
            "generated anew with seed {seed}: {} kept, {} words",
            locked.len(),
            puzzle.words.len()
        );
        for r in &puzzle.report.relaxed {
            eprintln!("warning: seed {seed}: {r}");
        }
    }
    let edited = [puzzle];
    if !write_outputs(
        &args.request,
        &edited,
        print,
        &vec![title.clone(); edited.len()],
    )? {
        print_fill_ins(&title, &edited);
    }
    Ok(())
}

/// The puzzles of the file to edit; `--number` and `--rings` checked.
fn edited_file(args: &EditArgs) -> anyhow::Result<Vec<Puzzle>> {
    let name = args.puzzle.display().to_string();
    let text = String::from_utf8(read_file(&args.puzzle)?)
        .map_err(|_| InputError::at(&name, 0, "not valid UTF-8 text"))?;
    let puzzles = json::parse(&text, &name)?;
    if args.number == 0 || args.number > puzzles.len() {
        return Err(InputError::at(
            &name,
            0,
            format!(
                "--number {}: the file holds {} puzzle(s)",
                args.number,
                puzzles.len()
            ),
        )
        .into());
    }
    if let Some(rings) = args.rings
        && rings > MAX_RINGS
    {
        return Err(InputError::msg(format!("--rings {rings}: use 0–{MAX_RINGS}")).into());
    }
    Ok(puzzles)
}

/// `puzzle` with each `--replace` answer replaced in turn, the earlier
/// answers banned from coming back, the `--lock` answers kept.
fn replaced(
    args: &EditArgs,
    mut puzzle: Puzzle,
    spec: &crate::model::PuzzleSpec,
    locked: &[usize],
    seed: u64,
) -> anyhow::Result<Puzzle> {
    let mut banned = Vec::new();
    for word in &args.replace {
        let index = find_word(&puzzle, word)?;
        banned.push(puzzle.words[index].word.clone());
        let how = ReplaceOptions {
            banned: banned.clone(),
            locked: locked.to_vec(),
            rings: args.rings,
        };
        let replaced = replace(&puzzle, index, spec, &how, &Options::seeded(seed))?;
        for (_, old, new) in &replaced.changed {
            eprintln!("replaced {old} by {new}");
        }
        puzzle = replaced.puzzle;
    }
    Ok(puzzle)
}

/// Lists replacements of the one `--replace`, each with its seed.
fn list_alternatives(
    args: &EditArgs,
    puzzle: &Puzzle,
    spec: &crate::model::PuzzleSpec,
    locked: &[usize],
    seed: u64,
    wanted: usize,
) -> anyhow::Result<()> {
    let [word] = args.replace.as_slice() else {
        return Err(
            InputError::msg("--alternatives lists the replacements of one --replace WORD").into(),
        );
    };
    let index = find_word(puzzle, word)?;
    let how = ReplaceOptions {
        banned: vec![puzzle.words[index].word.clone()],
        locked: locked.to_vec(),
        rings: args.rings,
    };
    let mut seen = Vec::new();
    for s in seed..seed.saturating_add(wanted as u64 * SEEDS_PER_ALTERNATIVE) {
        if seen.len() == wanted {
            break;
        }
        let replaced = match replace(puzzle, index, spec, &how, &Options::seeded(s)) {
            Ok(r) => r,
            Err(EditError::Generate(_)) if !seen.is_empty() => continue,
            Err(e) => return Err(e.into()),
        };
        if seen.contains(&replaced.changed) {
            continue;
        }
        let p = &replaced.puzzle;
        let line = replaced
            .changed
            .iter()
            .map(|(i, old, new)| {
                format!(
                    "{old} → {new} ({})",
                    p.words[*i].clue.as_deref().unwrap_or("")
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        outln!("--seed {s}: {line}");
        seen.push(replaced.changed);
    }
    Ok(())
}
