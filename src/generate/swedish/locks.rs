//! What an editor keeps through Generate in a Swedish puzzle (issue 29's
//! lock and regenerate): answers at their cells with the clue cell before
//! them, and single letters. They fix cells of the clue-cell layout, give
//! the fill their letters and keep their clues; the rest is made anew.

use super::Answer;
use super::fill::Cell;
use crate::error::GenerateError;
use crate::generate::trie::letter_codes;
use crate::model::thesaurus::gives_away;
use crate::model::{Direction, Pos, PreassignedWord, PuzzleSpec};

/// A kept answer.
pub(super) struct Kept {
    /// Its letter cells in reading order.
    pub cells: Vec<usize>,
    /// Its answer id.
    pub id: usize,
    pub start: Pos,
    pub direction: Direction,
    /// The clue it keeps; `None`: one of its answer's clues.
    pub clue: Option<String>,
}

/// The locks of a request.
#[derive(Default)]
pub(super) struct Locks {
    /// Per cell: the kind every layout gives it (`true`: a letter,
    /// `false`: a clue cell); empty without locks.
    pub fixed: Vec<Option<bool>>,
    /// Per cell: the letter code kept there; empty without locks.
    pub given: Vec<Option<u8>>,
    pub answers: Vec<Kept>,
}

impl Locks {
    pub fn is_empty(&self) -> bool {
        self.given.iter().all(Option::is_none)
    }

    /// The kept answers as printed, for messages.
    pub fn names(&self, answers: &[(Answer, f32)]) -> String {
        self.answers
            .iter()
            .map(|k| answers[k.id].0.printed.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The spec's pre-assigned words and letters on the open `cells`:
    /// letters coded in `alphabet` (grown as needed), a kept answer that no
    /// vocabulary offers with a clue added to `answers` with its own.
    /// Refused, naming the word and the cell: a direction other than
    /// across or down, a cell outside the puzzle or one its shape makes a
    /// clue cell, an answer without a cell for its clue, and locks that
    /// disagree.
    pub fn new(
        spec: &PuzzleSpec,
        cells: &[Cell],
        alphabet: &mut Vec<char>,
        answers: &mut Vec<(Answer, f32)>,
    ) -> Result<Locks, GenerateError> {
        if spec.preassigned_words.is_empty() && spec.letters.is_empty() {
            return Ok(Locks::default());
        }
        let (w, h) = (spec.mask.width(), spec.mask.height());
        let mut fixing = Fixing {
            locks: Locks {
                fixed: vec![None; cells.len()],
                given: vec![None; cells.len()],
                answers: Vec::new(),
            },
            owner: vec![None; cells.len()],
            cells,
            width: w,
        };
        for p in &spec.preassigned_words {
            fixing.keep_answer(p, spec, alphabet, answers)?;
        }
        for &(pos, letter) in &spec.letters {
            let who = format!("letter {letter} at {pos}");
            if pos.row >= h || pos.col >= w {
                return refuse(&who, "outside the grid".into());
            }
            let code = letter_codes(alphabet, &[letter])?[0];
            fixing.fix(pos.row * w + pos.col, Some(code), &who)?;
        }
        Ok(fixing.locks)
    }

    /// The runs of `runs` (cells in reading order) that the kept answers
    /// take, one per kept answer; `None` if a layout lacks one.
    pub fn runs(&self, runs: &[Vec<usize>]) -> Option<Vec<usize>> {
        self.answers
            .iter()
            .map(|k| runs.iter().position(|r| *r == k.cells))
            .collect()
    }
}

/// The vocabulary name of a kept answer that none of the vocabularies
/// offers with a clue.
pub const KEPT_VOCABULARY: &str = "kept";

/// A refusal of a kept answer or letter, naming it.
fn refuse<T>(what: &str, why: String) -> Result<T, GenerateError> {
    Err(GenerateError::Impossible(format!("kept {what}: {why}")))
}

/// Locks being built: who fixed each cell first, for a clash's message.
struct Fixing<'a> {
    locks: Locks,
    owner: Vec<Option<String>>,
    cells: &'a [Cell],
    width: usize,
}

impl Fixing<'_> {
    /// Fixes `cell` as a letter cell (with its letter, if given) or a clue
    /// cell for `who`; refused where another lock disagrees or the shape
    /// has no open cell.
    fn fix(&mut self, cell: usize, letter: Option<u8>, who: &str) -> Result<(), GenerateError> {
        let w = self.width;
        let pos = Pos::new(cell / w, cell % w);
        let wants_letter = letter.is_some();
        let locks = &mut self.locks;
        let clash = locks.fixed[cell].is_some_and(|l| l != wants_letter)
            || matches!((locks.given[cell], letter), (Some(a), Some(b)) if a != b);
        if clash {
            let other = self.owner[cell].clone().unwrap_or_default();
            return Err(GenerateError::Impossible(format!(
                "kept {who} and {other} disagree at {pos}"
            )));
        }
        // A clue cell the shape already has needs no fixing.
        if !wants_letter && self.cells[cell] == Cell::Frame {
            return Ok(());
        }
        if self.cells[cell] != Cell::Open {
            return Err(GenerateError::Impossible(format!(
                "kept {who}: {pos} is {}",
                if self.cells[cell] == Cell::Blocked {
                    "outside the puzzle"
                } else {
                    "a clue cell of the shape"
                }
            )));
        }
        locks.fixed[cell] = Some(wants_letter);
        if letter.is_some() {
            locks.given[cell] = letter;
        }
        self.owner[cell].get_or_insert_with(|| who.to_string());
        Ok(())
    }

    /// Keeps one pre-assigned answer: its clue cell, its letters and the
    /// clue cell after it fixed, its answer found (or added with its own
    /// clue).
    fn keep_answer(
        &mut self,
        p: &PreassignedWord,
        spec: &PuzzleSpec,
        alphabet: &mut Vec<char>,
        answers: &mut Vec<(Answer, f32)>,
    ) -> Result<(), GenerateError> {
        let who = format!("answer {}", p.word.printed);
        let place = answer_place(p, spec, &who)?;
        let codes = letter_codes(alphabet, &p.word.letters)?;
        self.fix(place.clue, None, &who)?;
        for (&cell, &code) in place.letters.iter().zip(&codes) {
            self.fix(cell, Some(code), &who)?;
        }
        // The run ends here: a clue cell after it, unless the grid or the
        // shape ends it.
        if let Some(after) = place.after.filter(|&a| self.cells[a] == Cell::Open) {
            self.fix(after, None, &who)?;
        }
        if let Some(clue) = &p.word.clue
            && gives_away(clue, &p.word.text())
        {
            return refuse(&who, format!("its clue {clue:?} gives it away"));
        }
        let id = kept_answer_id(p, codes, answers, &who)?;
        self.locks.answers.push(Kept {
            cells: place.letters,
            id,
            start: p.start,
            direction: p.direction,
            clue: p.word.clue.clone(),
        });
        Ok(())
    }
}

/// Where a kept answer lies: its clue cell, its letters' cells, and the
/// cell after its last letter (if on the grid).
struct Place {
    clue: usize,
    letters: Vec<usize>,
    after: Option<usize>,
}

/// The cells of a kept answer, refused (naming it) when it runs other
/// than across or down, is shorter than the shortest answer, leaves the
/// grid, or has no cell for its clue.
fn answer_place(p: &PreassignedWord, spec: &PuzzleSpec, who: &str) -> Result<Place, GenerateError> {
    let (w, h) = (spec.mask.width(), spec.mask.height());
    let (dr, dc) = match p.direction {
        Direction::E => (0, 1),
        Direction::S => (1, 0),
        other => {
            return refuse(
                who,
                format!("it runs {other}; Swedish answers read across (E) or down (S)"),
            );
        }
    };
    let len = p.word.letters.len();
    let shortest = spec.swedish.min_answer_length as usize;
    if len < shortest {
        return refuse(
            who,
            format!("{len} letters; the shortest answer is set to {shortest}"),
        );
    }
    let (r0, c0) = (p.start.row, p.start.col);
    let end_r = r0 + dr * (len.max(1) - 1);
    let end_c = c0 + dc * (len.max(1) - 1);
    if len < 2 || end_r >= h || end_c >= w {
        return refuse(
            who,
            format!("{len} letters from {} do not fit the grid", p.start),
        );
    }
    let across = p.direction == Direction::E;
    // The clue cell: before the answer, or with a bent arrow the one above
    // a left-column answer and left of a top-row one.
    let clue = match (across, r0, c0) {
        (true, 0, _) => {
            return refuse(
                who,
                "the top row holds clue cells and down answers only".into(),
            );
        }
        (false, _, 0) => {
            return refuse(
                who,
                "the left column holds clue cells and across answers only".into(),
            );
        }
        (true, r, 0) => (r - 1) * w,
        (true, r, c) => r * w + c - 1,
        (false, 0, c) => c - 1,
        (false, r, c) => (r - 1) * w + c,
    };
    let letters = (0..len).map(|k| (r0 + dr * k) * w + c0 + dc * k).collect();
    let (after_r, after_c) = (end_r + dr, end_c + dc);
    let after = (after_r < h && after_c < w).then_some(after_r * w + after_c);
    Ok(Place {
        clue,
        letters,
        after,
    })
}

/// The answer id of a kept answer: the lexicon's, or a new answer with the
/// clue it was kept with (refused when it has none).
fn kept_answer_id(
    p: &PreassignedWord,
    codes: Vec<u8>,
    answers: &mut Vec<(Answer, f32)>,
    who: &str,
) -> Result<usize, GenerateError> {
    if let Some(id) = answers.iter().position(|(a, _)| a.codes == codes) {
        return Ok(id);
    }
    let Some(clue) = p.word.clue.clone() else {
        return refuse(
            who,
            "no vocabulary offers it with a clue: give it one".into(),
        );
    };
    answers.push((
        Answer {
            codes,
            printed: p.word.printed.to_string(),
            clues: vec![clue],
            vocabulary: KEPT_VOCABULARY.to_string(),
            short_form: false,
            fits: true,
            welcome: true,
            familiar: true,
            must_use: false,
        },
        0.0,
    ));
    Ok(answers.len() - 1)
}
