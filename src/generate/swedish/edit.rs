//! Replacing one answer of a finished Swedish puzzle: its letters (and,
//! when they cannot be filled alone, the answers crossing it, ring by
//! ring) filled anew as a crossword, every other letter, clue cell and
//! solution cell kept; the changed answers clued like a generated page.

use super::crossfill::{CrossFiller, Index, Inputs};
use super::fill::Cell;
use super::{Answer, GIVEAWAY_FROM, exclusion_slots, lexicon};
use crate::error::GenerateError;
use crate::generate::rng::Rng;
use crate::generate::{Limits, Options, Stop};
use crate::model::thesaurus::names_word;
use crate::model::{Body, ClueCell, Difficulty, Pos, Puzzle, PuzzleSpec};
use std::collections::{HashMap, HashSet};

/// Rings of crossing answers a replacement may change by default besides
/// the replaced one: ring 0 frees only its letters (a crossing answer
/// changes at most in the cell it shares), 1 frees the answers crossing
/// it too, 2 their crossings, 3 theirs. Measured (German import, 13×17,
/// 10 seeds, every fourth answer replaced, 174 in all): 43 filled at
/// ring 0, 53 at 1, 64 at 2, 11 more at 3; 3 not even then. A dense
/// page's answers cross on every letter, so a new answer changes its
/// crossings and often theirs; the fill keeps every answer it can.
pub const DEFAULT_RINGS: usize = 3;

/// Luby restarts of the crossword fill per ring: a ring holds 1–15 slots,
/// whose fill either succeeds in the first runs or not at all (the kept
/// letters decide); more restarts only delay the next ring.
const RESTARTS_PER_RING: u32 = 8;

/// How much more welcome an answer of the region is in its own slot than
/// any other (the preference spans about −3…+0.5 and the noise 0–4):
/// a crossing answer changes only when it must.
const KEEP_BONUS: f32 = 20.0;

/// How much less welcome an answer outside the familiar tier (or without
/// a clue that fits the page's cell) is: more than the noise's span, so
/// that an edit takes one only where no familiar answer fits — as the
/// generator's tiers do.
const UNFAMILIAR_PENALTY: f32 = 5.0;

/// What a replacement changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Replaced {
    /// The puzzle with the answers changed (not yet verified).
    pub puzzle: Puzzle,
    /// Per changed answer: its index in `words`, the old and the new
    /// answer (grid letters).
    pub changed: Vec<(usize, String, String)>,
    /// Indices of kept answers clued anew: their clue named a new answer.
    pub reclued: Vec<usize>,
    /// The rings of crossing answers the fill was allowed to change.
    pub rings: usize,
    /// The cells it was allowed to change, row by row: every other cell
    /// is as it was.
    pub region: Vec<Pos>,
}

/// The answers of a request, indexed for edits.
pub struct EditLexicon {
    difficulty: Difficulty,
    answers: Vec<(Answer, f32)>,
    alphabet: Vec<char>,
    spellings: Vec<Vec<u8>>,
    slots: Vec<u32>,
    short_form: Vec<bool>,
    index: Index,
    /// Answer ids by spelling.
    ids: HashMap<Vec<u8>, usize>,
}

impl EditLexicon {
    /// The answers `spec` allows (as for generating), all of them in one
    /// index: an edit takes rarer answers when the familiar ones do not fit.
    pub fn new(spec: &PuzzleSpec) -> Result<EditLexicon, GenerateError> {
        let min_len = spec.swedish.min_answer_length as usize;
        let longest = spec.mask.width().max(spec.mask.height()).saturating_sub(1);
        let (answers, alphabet, _) = lexicon(spec, min_len, longest)?;
        let spellings: Vec<Vec<u8>> = answers.iter().map(|a| a.0.codes.clone()).collect();
        let slots = exclusion_slots(spec, &answers, &alphabet);
        let short_form = answers.iter().map(|a| a.0.short_form).collect();
        let index = Index::new(&spellings, alphabet.len(), |_| true);
        let ids = spellings
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i))
            .collect();
        Ok(EditLexicon {
            ids,
            difficulty: spec.swedish.difficulty,
            answers,
            alphabet,
            spellings,
            slots,
            short_form,
            index,
        })
    }

    /// The clues the lexicon has for `word` (grid letters), best first;
    /// empty when it is no answer of the lexicon.
    pub fn clues_of(&self, word: &str) -> &[String] {
        self.id(word)
            .map_or(&[], |id| self.answers[id].0.clues.as_slice())
    }

    /// The answer id of `word` (grid letters), if it is an answer.
    fn id(&self, word: &str) -> Option<usize> {
        self.ids.get(&self.codes(word)?).copied()
    }

    fn codes(&self, word: &str) -> Option<Vec<u8>> {
        word.chars()
            .map(|c| self.alphabet.iter().position(|a| *a == c).map(|i| i as u8))
            .collect()
    }

    /// Replaces answer `target` of `puzzle` (an index into `words`): the
    /// answer and the answers in `banned` (grid letters) are not used
    /// again, the answers in `locked` (indices) keep their letters, and
    /// at most `rings` rings of crossing answers change. Another seed
    /// gives another replacement.
    pub fn replace(
        &self,
        puzzle: &Puzzle,
        target: usize,
        banned: &[String],
        locked: &[usize],
        rings: usize,
        options: &Options,
    ) -> Result<Replaced, GenerateError> {
        let clue_cells = replaceable(puzzle, target, locked)?;
        let (w, h) = (puzzle.width(), puzzle.height());
        let (layout, kept, extra) = self.as_fill(puzzle, clue_cells);
        let fixed: HashSet<Pos> = puzzle
            .solution()
            .map(|s| s.cells.clone())
            .unwrap_or_default()
            .into_iter()
            .chain(locked.iter().flat_map(|&i| puzzle.words[i].cells()))
            .collect();
        let barred = self.barred(puzzle, target, banned);
        // No more abbreviations, symbols and units than the page had.
        let short_form_cap = puzzle
            .words
            .iter()
            .filter(|x| self.id(&x.word).is_some_and(|id| self.short_form[id]))
            .count();
        let limits = Limits::for_options(options);
        let mut rng = Rng::new(options.seed ^ word_hash(&puzzle.words[target].word));
        let mut region: Vec<usize> = vec![target];
        for ring in 0..=rings {
            if ring > 0 && !widen(puzzle, &mut region, locked) {
                break;
            }
            let free: HashSet<Pos> = region
                .iter()
                .flat_map(|&i| puzzle.words[i].cells())
                .filter(|p| !fixed.contains(p))
                .collect();
            if free.is_empty() {
                continue;
            }
            let given: Vec<Option<u8>> = (0..w * h)
                .map(|i| {
                    if free.contains(&Pos::new(i / w, i % w)) {
                        None
                    } else {
                        kept[i]
                    }
                })
                .collect();
            let ring_fill = RingFill {
                layout: &layout,
                given: &given,
                barred: &barred,
                short_form_cap,
            };
            let filled = match self.fill_ring(puzzle, target, &free, &ring_fill, &mut rng, &limits)
            {
                Ok(filled) => filled,
                Err(Stop::Cancelled) => return Err(GenerateError::Cancelled),
                Err(_) => break,
            };
            if let Some(filled) = filled {
                let mut region: Vec<Pos> = free.into_iter().collect();
                region.sort();
                // A fill whose new answer a kept clue names, with no other
                // clue to print there, is not used: the next try differs.
                if let Some(replaced) = self.rebuilt(puzzle, &filled, &extra, ring, region) {
                    return Ok(replaced);
                }
            }
        }
        Err(no_replacement(
            &puzzle.words[target].word,
            rings,
            !locked.is_empty(),
        ))
    }

    /// One ring's fill: the answers that share a freed cell kept where
    /// they were if nothing better fits, every other letter given.
    /// `Ok(None)` when this ring has no fill (the next ring may).
    fn fill_ring(
        &self,
        puzzle: &Puzzle,
        target: usize,
        free: &HashSet<Pos>,
        ring: &RingFill,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Result<Option<Vec<Cell>>, Stop> {
        let w = puzzle.width();
        let (preference, touching) = self.ring_preference(puzzle, target, free);
        let inputs = Inputs {
            width: w,
            index: &self.index,
            spellings: &self.spellings,
            preference: &preference,
            slots: &self.slots,
            taken: &[],
            short_form: &self.short_form,
            short_form_cap: ring.short_form_cap,
        };
        let Some(mut filler) = CrossFiller::new(&inputs, ring.layout.to_vec(), rng.next_seed())
        else {
            return Ok(None);
        };
        for &(i, id) in &touching {
            let word = &puzzle.words[i];
            filler.keep(
                word.start.row * w + word.start.col,
                word.direction == crate::model::Direction::E,
                id as u32,
            );
        }
        if !filler.give(ring.given, ring.barred) {
            return Ok(None);
        }
        filler.fill(limits, RESTARTS_PER_RING)
    }

    /// The puzzle's cells as the fill sees them: the layout (letters,
    /// clue cells, blocked cells), the letters to keep, and the alphabet
    /// with any letter of the puzzle the lexicon lacks added.
    fn as_fill(
        &self,
        puzzle: &Puzzle,
        clue_cells: &[ClueCell],
    ) -> (Vec<Cell>, Vec<Option<u8>>, Vec<char>) {
        let (w, h) = (puzzle.width(), puzzle.height());
        let clue_at: HashSet<Pos> = clue_cells.iter().map(|c| c.pos).collect();
        let mut extra = self.alphabet.clone();
        let mut layout = Vec::with_capacity(w * h);
        let mut kept: Vec<Option<u8>> = Vec::with_capacity(w * h);
        for r in 0..h {
            for c in 0..w {
                let pos = Pos::new(r, c);
                match puzzle.letter(pos) {
                    Some(letter) => {
                        let code = match extra.iter().position(|a| *a == letter) {
                            Some(i) => i,
                            None => {
                                extra.push(letter);
                                extra.len() - 1
                            }
                        };
                        layout.push(Cell::Letter(0));
                        kept.push(Some(code as u8));
                    }
                    None if clue_at.contains(&pos) => {
                        layout.push(Cell::Clue);
                        kept.push(None);
                    }
                    None => {
                        layout.push(Cell::Blocked);
                        kept.push(None);
                    }
                }
            }
        }
        (layout, kept, extra)
    }

    /// Answers that may not come back: the replaced one, the caller's.
    fn barred(&self, puzzle: &Puzzle, target: usize, banned: &[String]) -> Vec<u32> {
        banned
            .iter()
            .map(String::as_str)
            .chain([puzzle.words[target].word.as_str()])
            .filter_map(|word| self.id(word))
            .map(|id| self.slots[id])
            .collect()
    }

    /// The answers' weights for a ring's fill: the answers that share a
    /// freed cell are welcome back where they were; unfamiliar answers
    /// only where nothing else fits. Beside them, those answers (index
    /// into the puzzle's words, answer id).
    fn ring_preference(
        &self,
        puzzle: &Puzzle,
        target: usize,
        free: &HashSet<Pos>,
    ) -> (Vec<f32>, Vec<(usize, usize)>) {
        let mut preference: Vec<f32> = self
            .answers
            .iter()
            .map(|a| {
                a.1 - if a.0.welcome && a.0.fits {
                    0.0
                } else {
                    UNFAMILIAR_PENALTY
                }
            })
            .collect();
        let touching: Vec<(usize, usize)> = (0..puzzle.words.len())
            .filter(|&i| i != target && puzzle.words[i].cells().iter().any(|p| free.contains(p)))
            .filter_map(|i| self.id(&puzzle.words[i].word).map(|id| (i, id)))
            .collect();
        for &(_, id) in &touching {
            preference[id] += KEEP_BONUS;
        }
        (preference, touching)
    }

    /// The puzzle with the filled letters; changed answers get their
    /// answer's first clue not printed on the page yet (the last on hard
    /// pages), and no clue that names another answer of the page. `None`
    /// when a kept clue names a new answer and its entry has no other
    /// clue (ABO = "Dauerbestellung" beside a new DAUER).
    fn rebuilt(
        &self,
        puzzle: &Puzzle,
        filled: &[Cell],
        alphabet: &[char],
        rings: usize,
        region: Vec<Pos>,
    ) -> Option<Replaced> {
        let (mut out, mut changed) = with_letters(puzzle, filled, alphabet);
        let answers: Vec<String> = out.words.iter().map(|x| x.word.clone()).collect();
        let mut printed: HashSet<String> = out
            .words
            .iter()
            .enumerate()
            .filter(|(i, _)| !changed.iter().any(|c| c.0 == *i))
            .filter_map(|(_, x)| x.clue.clone())
            .collect();
        for entry in &mut changed {
            let i = entry.0;
            entry.2 = answers[i].clone();
            let Some(id) = self.id(&answers[i]) else {
                continue;
            };
            let answer = &self.answers[id].0;
            let names_another = |clue: &str| {
                answers.iter().enumerate().any(|(j, other)| {
                    j != i && other.chars().count() >= GIVEAWAY_FROM && names_word(clue, other)
                })
            };
            let mut fresh: Vec<&String> = answer
                .clues
                .iter()
                .filter(|c| !printed.contains(c.as_str()) && !names_another(c))
                .collect();
            if self.difficulty == Difficulty::Hard {
                fresh.reverse();
            }
            // A clue already printed is better than none; one naming
            // another answer of the page is no clue: the fill is not used.
            let clue = match fresh.first() {
                Some(c) => (*c).clone(),
                None => answer.clues.iter().find(|c| !names_another(c))?.clone(),
            };
            printed.insert(clue.clone());
            let word = &mut out.words[i];
            word.display = answer.printed.clone();
            word.vocabulary = answer.vocabulary.clone();
            word.clue = Some(clue);
            word.clue_edited = false;
        }
        let reclued = self.reclue_kept(&mut out, &changed, &answers, &mut printed)?;
        Some(Replaced {
            puzzle: out,
            reclued,
            changed,
            rings,
            region,
        })
    }

    /// A kept clue that now names a new answer ("pH-Wert" beside a new
    /// WERT) takes another of its entry's clues where one does not; the
    /// words reclued. `None` when such a word has no other clue.
    fn reclue_kept(
        &self,
        out: &mut Puzzle,
        changed: &[(usize, String, String)],
        answers: &[String],
        printed: &mut HashSet<String>,
    ) -> Option<Vec<usize>> {
        let mut reclued = Vec::new();
        for i in 0..out.words.len() {
            let word = &out.words[i];
            if word.clue_edited || changed.iter().any(|c| c.0 == i) {
                continue;
            }
            let names_new = |clue: &str| {
                changed
                    .iter()
                    .any(|c| c.2.chars().count() >= GIVEAWAY_FROM && names_word(clue, &c.2))
            };
            if !word.clue.as_deref().is_some_and(names_new) {
                continue;
            }
            let names_any = |clue: &str| {
                answers.iter().enumerate().any(|(j, other)| {
                    j != i && other.chars().count() >= GIVEAWAY_FROM && names_word(clue, other)
                })
            };
            let other = self
                .clues_of(&word.word)
                .iter()
                .find(|c| !printed.contains(c.as_str()) && !names_any(c))
                .cloned();
            let other = other?;
            printed.insert(other.clone());
            out.words[i].clue = Some(other);
            reclued.push(i);
        }
        Some(reclued)
    }
}

/// The puzzle with the filled letters and its words read anew, and the
/// words that changed: (index, old word, new word still empty).
fn with_letters(
    puzzle: &Puzzle,
    filled: &[Cell],
    alphabet: &[char],
) -> (Puzzle, Vec<(usize, String, String)>) {
    let w = puzzle.width();
    let mut out = puzzle.clone();
    for (i, cell) in filled.iter().enumerate() {
        if let Cell::Letter(code) = cell {
            out.grid[i / w][i % w] = Some(alphabet[*code as usize]);
        }
    }
    let mut changed = Vec::new();
    for (i, word) in out.words.iter_mut().enumerate() {
        let letters: String = word
            .cells()
            .iter()
            .filter_map(|p| out.grid[p.row][p.col])
            .collect();
        if letters != word.word {
            changed.push((i, std::mem::replace(&mut word.word, letters), String::new()));
        }
    }
    (out, changed)
}

/// FNV-1a of a word: the replacement's seed differs per answer.
fn word_hash(word: &str) -> u64 {
    word.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What every ring's fill of a replacement shares.
struct RingFill<'a> {
    layout: &'a [Cell],
    given: &'a [Option<u8>],
    barred: &'a [u32],
    /// No more abbreviations, symbols and units than the page had.
    short_form_cap: usize,
}

/// The clue cells of a Swedish puzzle whose answer `target` may be
/// replaced: it exists and is not locked.
fn replaceable<'p>(
    puzzle: &'p Puzzle,
    target: usize,
    locked: &[usize],
) -> Result<&'p [ClueCell], GenerateError> {
    let Body::Swedish { clue_cells, .. } = &puzzle.body else {
        return Err(GenerateError::Impossible(
            "not a Swedish puzzle".to_string(),
        ));
    };
    if target >= puzzle.words.len() {
        return Err(GenerateError::Impossible(format!(
            "the puzzle has {} answers, no answer {}",
            puzzle.words.len(),
            target + 1
        )));
    }
    if locked.contains(&target) {
        return Err(GenerateError::Impossible(format!(
            "{} is locked: unlock it to replace it",
            puzzle.words[target].word
        )));
    }
    Ok(clue_cells)
}

/// Widens the answers that may change by one ring: every unlocked answer
/// crossing one of them. False when none is left to add.
fn widen(puzzle: &Puzzle, region: &mut Vec<usize>, locked: &[usize]) -> bool {
    let cells: HashSet<Pos> = region
        .iter()
        .flat_map(|&i| puzzle.words[i].cells())
        .collect();
    let wider: Vec<usize> = (0..puzzle.words.len())
        .filter(|i| {
            !region.contains(i)
                && !locked.contains(i)
                && puzzle.words[*i].cells().iter().any(|p| cells.contains(p))
        })
        .collect();
    if wider.is_empty() {
        return false;
    }
    region.extend(wider);
    true
}

/// Why no answer replaced `word`, and what would let one.
fn no_replacement(word: &str, rings: usize, locks: bool) -> GenerateError {
    GenerateError::NoSolution(format!(
        "no other answer fits in place of {word} with {} kept{}: let more rings of crossing answers change, or unlock answers",
        match rings {
            0 => "every crossing answer".to_string(),
            1 => "the answers beyond its crossings".to_string(),
            n => format!("the answers beyond {n} rings of crossings"),
        },
        if locks { " and the locked answers" } else { "" }
    ))
}
