//! Edits of a finished puzzle, the editor's last word: a clue changed, an
//! answer replaced with the letters around it filled anew, answers
//! locked against replacement. Every result is checked by the independent
//! verifier (and against the request) before it is returned.

use crate::error::{GenerateError, InputError};
use crate::generate::Options;
use crate::generate::swedish::edit::{DEFAULT_RINGS, EditLexicon};
use crate::make::Run;
use crate::model::thesaurus::{gives_away, shares_stem};
use crate::model::{Puzzle, PuzzleKind, PuzzleSpec, lexicon};
use crate::project::{PresetWord, Project};
use crate::verify::{verify, verify_against};

mod hidden_word;

pub use crate::generate::swedish::edit::Replaced;

/// Longest clue an editor may type: four lines of a clue cell at the
/// smallest size print sets (about 15 characters a line).
pub const MAX_TYPED_CLUE: usize = 60;

/// Broken rules an edit's refusal names at most.
const BROKEN_LISTED: usize = 5;

/// Why an edit was not made; the puzzle stays as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The edit asks for something the puzzle does not have or allow.
    #[error("{0}")]
    Refused(String),
    /// The request behind the puzzle is invalid.
    #[error(transparent)]
    Input(#[from] InputError),
    /// No fill was found.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The edited puzzle broke a rule (a bug: it is not returned).
    #[error("the edited puzzle breaks a rule: {0}")]
    Broken(String),
}

/// The index of the answer or word written `text` (grid letters or as
/// printed, any case); a word standing twice is named by its cell.
pub fn find_word(puzzle: &Puzzle, text: &str) -> Result<usize, EditError> {
    let wanted = upper(text.trim());
    let found: Vec<usize> = (0..puzzle.words.len())
        .filter(|&i| {
            let w = &puzzle.words[i];
            w.word == wanted || upper(&w.display) == wanted
        })
        .collect();
    match found.as_slice() {
        [i] => Ok(*i),
        [] => Err(EditError::Refused(format!(
            "the puzzle (seed {}) has no word {}",
            puzzle.seed,
            text.trim()
        ))),
        many => Err(EditError::Refused(format!(
            "{} stands {} times in the puzzle (at {}): edit it in the app",
            text.trim(),
            many.len(),
            many.iter()
                .map(|&i| puzzle.words[i].start.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

fn upper(text: &str) -> String {
    text.chars().flat_map(char::to_uppercase).collect()
}

/// Whether `text` may be printed as the clue of word `index`: not empty,
/// not too long, not holding its answer or the answer's stem, no
/// offensive word, no sensitive term (when the request leaves them out).
/// The trimmed clue, or why not.
pub fn check_clue(
    puzzle: &Puzzle,
    index: usize,
    text: &str,
    spec: &PuzzleSpec,
) -> Result<String, String> {
    let clue = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(word) = puzzle.words.get(index) else {
        return Err(format!("no word {}", index + 1));
    };
    match puzzle.kind() {
        PuzzleKind::WordSearch => return Err("a word search prints no clues".to_string()),
        PuzzleKind::WordRectangle | PuzzleKind::Swedish => {}
    }
    if clue.is_empty() {
        return Err("a clue cannot be empty".to_string());
    }
    if clue.contains(crate::model::thesaurus::CLUE_SEPARATOR) {
        return Err(format!(
            "a clue cannot hold \"{}\": vocabularies separate clues with it",
            crate::model::thesaurus::CLUE_SEPARATOR
        ));
    }
    let chars = clue.chars().count();
    if chars > MAX_TYPED_CLUE {
        return Err(format!(
            "{chars} characters: a clue cell holds at most {MAX_TYPED_CLUE}"
        ));
    }
    if gives_away(&clue, &word.word) || shares_stem(&clue, &word.word) {
        return Err(format!("the clue gives away its answer {}", word.word));
    }
    if let Some(bad) = clue.split(|c: char| !c.is_alphabetic()).find(|w| {
        let letters: Vec<char> = upper(w).chars().collect();
        !letters.is_empty() && spec.banned.contains(&letters)
    }) {
        return Err(format!("\"{bad}\" is on the offensive-word list"));
    }
    if spec.swedish.leave_out_sensitive && lexicon::sensitive(spec.language).matches(&clue) {
        return Err("the clue holds a term of the sensitive list (Blacklists tab)".to_string());
    }
    Ok(clue)
}

/// The puzzle with word `index` clued `text` (see [`check_clue`]),
/// verified.
pub fn set_clue(
    puzzle: &Puzzle,
    index: usize,
    text: &str,
    spec: &PuzzleSpec,
) -> Result<Puzzle, EditError> {
    let clue = check_clue(puzzle, index, text, spec).map_err(EditError::Refused)?;
    // The clue it already has stays as it is (and whose it is).
    if puzzle.words[index].clue.as_deref() == Some(clue.as_str()) {
        return verified(puzzle.clone(), spec);
    }
    let mut out = puzzle.clone();
    out.words[index].clue = Some(clue);
    out.words[index].clue_edited = true;
    verified(out, spec)
}

/// What a replacement may change and keep.
#[derive(Clone, Debug, Default)]
pub struct ReplaceOptions {
    /// Answers (grid letters) not to use again: earlier replaced ones.
    pub banned: Vec<String>,
    /// Words (indices) whose letters stay.
    pub locked: Vec<usize>,
    /// Rings of crossing answers that may change (default
    /// [`DEFAULT_RINGS`] when `None`).
    pub rings: Option<usize>,
}

/// Word `index` replaced (Swedish puzzles: its letters filled anew, and
/// the crossing answers' ring by ring when they must), verified. The seed
/// of `options` picks among the replacements: the same seed gives the
/// same result.
pub fn replace(
    puzzle: &Puzzle,
    index: usize,
    spec: &PuzzleSpec,
    how: &ReplaceOptions,
    options: &Options,
) -> Result<Replaced, EditError> {
    match puzzle.kind() {
        PuzzleKind::Swedish => {
            let lexicon = EditLexicon::new(spec)?;
            replace_swedish(&lexicon, puzzle, index, spec, how, options)
        }
        PuzzleKind::WordSearch => {
            let mut replaced = hidden_word::replace(puzzle, index, spec, &how.banned, options)?;
            note_changes(&mut replaced);
            replaced.puzzle = verified(replaced.puzzle, spec)?;
            Ok(replaced)
        }
        PuzzleKind::WordRectangle => {
            let gone: Vec<Vec<char>> = how.banned.iter().map(|w| w.chars().collect()).collect();
            let (new, changed) =
                crate::generate::rectangle::edit::replace(puzzle, index, spec, &gone, {
                    let rings = how.rings.unwrap_or(DEFAULT_RINGS);
                    (rings > 0, options)
                })?;
            let region = puzzle
                .mask
                .positions()
                .filter(|&p| puzzle.letter(p) != new.letter(p))
                .collect();
            let mut replaced = Replaced {
                puzzle: new,
                changed,
                reclued: Vec::new(),
                rings: 0,
                region,
            };
            note_changes(&mut replaced);
            replaced.puzzle = verified(replaced.puzzle, spec)?;
            Ok(replaced)
        }
    }
}

/// The report's note of what a replacement changed.
fn note_changes(replaced: &mut Replaced) {
    let summary = replaced
        .changed
        .iter()
        .map(|(_, old, new)| format!("{old} by {new}"))
        .collect::<Vec<_>>()
        .join(", ");
    replaced
        .puzzle
        .report
        .notes
        .push(format!("edited: replaced {summary}"));
}

/// [`replace`] for a Swedish puzzle with its answers already indexed (the
/// app keeps the index while the project's vocabularies stay).
pub fn replace_swedish(
    lexicon: &EditLexicon,
    puzzle: &Puzzle,
    index: usize,
    spec: &PuzzleSpec,
    how: &ReplaceOptions,
    options: &Options,
) -> Result<Replaced, EditError> {
    let mut replaced = lexicon.replace(
        puzzle,
        index,
        &how.banned,
        &how.locked,
        how.rings.unwrap_or(DEFAULT_RINGS),
        options,
    )?;
    note_changes(&mut replaced);
    replaced.puzzle = verified(replaced.puzzle, spec)?;
    Ok(replaced)
}

/// Lock and regenerate: a new puzzle of `project` (its batch count aside)
/// with seed `seed` that keeps the words `kept` of `puzzle` where they are
/// (a Swedish answer with its clue cell and clue) besides the project's
/// own pre-assigned words, and makes the rest anew; verified against the
/// request with the kept words.
pub fn regenerate(
    project: &Project,
    run: &Run,
    puzzle: &Puzzle,
    kept: &[usize],
    seed: u64,
) -> Result<Puzzle, EditError> {
    let mut project = project.clone();
    project.generator.kind = puzzle.kind();
    project.generator.seed = seed;
    project.generator.count = 1;
    for &i in kept {
        let word = puzzle.words.get(i).ok_or_else(|| {
            EditError::Refused(format!("the puzzle has no word number {}", i + 1))
        })?;
        let preset = PresetWord::keeping(word, puzzle.kind());
        if !project.preassigned_words.contains(&preset) {
            project.preassigned_words.push(preset);
        }
    }
    let spec = crate::make::request(&project, run)?;
    let mut made = crate::make::generate(&project, spec.clone(), run, |_, _| {})?;
    let fresh = made.pop().ok_or_else(|| {
        EditError::Generate(GenerateError::Impossible("no puzzle was made".into()))
    })?;
    verified(fresh, &spec)
}

/// The puzzle if it keeps every rule and the request.
fn verified(puzzle: Puzzle, spec: &PuzzleSpec) -> Result<Puzzle, EditError> {
    let banned: Vec<String> = spec.banned.iter().map(|b| b.iter().collect()).collect();
    let mut violations = verify(&puzzle, &banned);
    violations.extend(verify_against(&puzzle, spec));
    if violations.is_empty() {
        Ok(puzzle)
    } else {
        // The first few say what is wrong; a request that does not match
        // the puzzle at all would list thousands.
        let mut listed: Vec<String> = violations
            .iter()
            .take(BROKEN_LISTED)
            .map(|v| v.to_string())
            .collect();
        if violations.len() > BROKEN_LISTED {
            listed.push(format!("and {} more", violations.len() - BROKEN_LISTED));
        }
        Err(EditError::Broken(listed.join("; ")))
    }
}
