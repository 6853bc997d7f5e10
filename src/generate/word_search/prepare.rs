//! Turns a `PuzzleSpec` into the generator's working form once: letter
//! codes, the lexicon, checks that refuse impossible requests before any
//! search, and the indexes the search uses.

use super::board::{Geometry, NONE};
use super::by_letters::{LettersMap, Readable};
use super::contains_any::ContainsAny;
use super::letter_frequencies::letter_weights;
use super::lexicon::{LexWord, Lexicon};
use super::pool::PoolIndex;
use crate::error::{GenerateError, InputError, excerpt};
use crate::model::word::grid_letters;
use crate::model::{Direction, Pos, PuzzleSpec, WordCount};
use std::collections::{BTreeMap, BTreeSet};

/// A must-use word and, for a pre-assigned word, its fixed slot.
pub(crate) struct MustWord {
    pub id: u32,
    pub fixed: Option<(u16, Direction)>,
}

/// Everything prepared from a spec.
pub(crate) struct Problem {
    pub spec: PuzzleSpec,
    pub geo: Geometry,
    pub alphabet: Vec<char>,
    pub lex: Lexicon,
    pub must: Vec<MustWord>,
    /// Pick vocabularies in priority order.
    pub pools: Vec<PoolIndex>,
    pub banned: Vec<Box<[u8]>>,
    pub preset: Vec<u8>,
    pub solution: Option<Vec<u8>>,
    /// Filler weight per code (index code - 1).
    pub filler_weights: Vec<u32>,
    /// Exclusion groups each lexicon word belongs to.
    pub groups: BTreeMap<u32, Vec<u16>>,
    /// Every word by its letters, for counting accidental words.
    pub readable: Readable,
    /// The longest line of playable cells in an enabled direction.
    pub longest_line: usize,
    /// Remarks on words left out of pick vocabularies.
    pub notes: Vec<String>,
    /// The most cells the words of one puzzle can cover: the must-use words
    /// and the longest words that could be drawn, each without overlaps.
    pub max_cover: usize,
    /// The fewest and most words a puzzle may hold, must-use words
    /// included (from `spec.pick`; an unbounded maximum is `usize::MAX`).
    pub word_bounds: (usize, usize),
    /// The same once the solution word is left out: an automatic count
    /// then asks for the words a grid without one holds.
    pub dropped_word_bounds: (usize, usize),
}

/// Words need at least this many letters to be drawn from a vocabulary.
const MIN_PICK_LEN: usize = 3;

impl Problem {
    pub fn new(spec: PuzzleSpec) -> Result<Problem, GenerateError> {
        let geo = Geometry::new(&spec.mask);
        if spec.directions.is_empty() {
            return Err(InputError::msg("no direction is enabled").into());
        }
        let longest_line = longest_line(&spec);
        let (alphabet, filler_weights) = alphabet_of(&spec)?;
        let codes = Codes::new(&alphabet);

        let banned = banned_codes(&spec, &codes)?;
        let banned_index = FirstLetterIndex::new(alphabet.len(), banned.iter().map(|b| &b[..]));
        let banned_any = ContainsAny::new(alphabet.len() + 1, banned.iter().map(|b| &b[..]));

        let preset = preset_letters(&spec, &geo, &codes)?;
        clashing_preassigned_words(&spec, &geo, &preset, &alphabet)?;

        let (mut lex, must) = must_words(&spec, &geo, &codes)?;
        let mut notes = Vec::new();
        let mut by_letters =
            check_must_words(&spec, (&lex, &must), &banned_index, &alphabet, longest_line)?;
        let must_codes: Vec<Box<[u8]>> = must
            .iter()
            .map(|m| lex.codes(m.id as usize).into())
            .collect();
        let must_index = FirstLetterIndex::new(alphabet.len(), must_codes.iter().map(|c| &c[..]));

        let (pools, undrawable) = draw_pools(
            &spec,
            &codes,
            (&mut lex, &mut by_letters),
            (banned_any.as_ref(), &banned_index, &must_index),
            &must_codes,
            longest_line,
            &mut notes,
        );

        let groups = exclusion_groups(&spec, &codes, &by_letters, (&lex, &must))?;

        let solution = solution_codes(&spec, &codes, (&banned, &banned_index), &mut notes)?;
        something_to_place(&spec, must.is_empty(), &pools, &undrawable)?;

        let readable = Readable::new(&lex, by_letters);

        let dropped_word_bounds = word_bounds(&spec, (&lex, &must_codes), &pools, false);
        let solution_asked = spec.solution.is_some();
        let word_bounds = word_bounds(&spec, (&lex, &must_codes), &pools, solution_asked);
        let max_cover = max_cover(
            &lex,
            &must_codes,
            &pools,
            word_bounds.1.saturating_sub(must.len()),
        );
        Ok(Problem {
            spec,
            geo,
            alphabet,
            lex,
            must,
            pools,
            banned,
            preset,
            solution,
            filler_weights,
            groups,
            readable,
            longest_line,
            notes,
            max_cover,
            word_bounds,
            dropped_word_bounds,
        })
    }

    /// The word bounds of a level that keeps the solution word or (true)
    /// leaves it out.
    pub fn word_bounds_for(&self, solution_dropped: bool) -> (usize, usize) {
        if solution_dropped {
            self.dropped_word_bounds
        } else {
            self.word_bounds
        }
    }

    /// The word count asked for, for messages: `40`, `30-60`, `auto`.
    pub fn words_asked(&self) -> String {
        self.spec
            .pick
            .map_or_else(|| self.must.len().to_string(), |p| p.to_string())
    }

    /// The printed form of a lexicon word.
    pub fn printed(&self, id: u32) -> &str {
        word_of(&self.spec, &self.lex[id as usize]).printed.as_str()
    }

    /// The vocabulary name of a lexicon word.
    pub fn vocabulary_name(&self, id: u32) -> &str {
        let w = &self.lex[id as usize];
        if w.vocab == usize::MAX {
            "pre-assigned"
        } else {
            &self.spec.vocabularies[w.vocab].name
        }
    }

    /// Grid letters of codes.
    pub fn text(&self, codes: &[u8]) -> String {
        decode(&self.alphabet, codes)
    }
}

fn word_of<'s>(spec: &'s PuzzleSpec, w: &LexWord) -> &'s crate::model::Word {
    if w.vocab == usize::MAX {
        &spec.preassigned_words[w.index].word
    } else {
        &spec.vocabularies[w.vocab].words[w.index]
    }
}

/// The must-use words each once, of a length the shape takes, holding no
/// banned word and no other must-use word; each by its letters.
fn check_must_words(
    spec: &PuzzleSpec,
    (lex, must): (&Lexicon, &[MustWord]),
    banned_index: &FirstLetterIndex,
    alphabet: &[char],
    longest_line: usize,
) -> Result<LettersMap, GenerateError> {
    let describe = |lex: &Lexicon, id: u32| describe_word(spec, &lex[id as usize]);
    let words: usize = spec.vocabularies.iter().map(|v| v.words.len()).sum();
    let mut by_letters = LettersMap::with_capacity(must.len() + words);
    for m in must {
        let codes = lex.codes(m.id as usize);
        let name = describe(lex, m.id);
        if codes.len() < 2 {
            return Err(GenerateError::Impossible(format!(
                "{name} is shorter than 2 letters"
            )));
        }
        if codes.len() > longest_line && m.fixed.is_none() {
            return Err(GenerateError::Impossible(format!(
                "{name} has {} letters, but the longest line of the shape in the enabled directions has {longest_line} cells",
                codes.len()
            )));
        }
        if let Some(b) = banned_index.contained_in(codes) {
            return Err(GenerateError::Impossible(format!(
                "{name} contains the banned word {}",
                decode(alphabet, b)
            )));
        }
        if let Some(other) = by_letters.get(lex, codes) {
            return Err(GenerateError::Impossible(format!(
                "{name} is listed twice (also as {})",
                describe(lex, other)
            )));
        }
        by_letters.insert(lex, codes, m.id);
    }
    for a in must {
        for b in must {
            let (wa, wb) = (lex.codes(a.id as usize), lex.codes(b.id as usize));
            if a.id != b.id && wa.len() <= wb.len() && contains_either_way(wb, wa) {
                return Err(GenerateError::Impossible(format!(
                    "{} contains {} (read {}), so that word would be found twice",
                    describe(lex, b.id),
                    describe(lex, a.id),
                    if contains(wb, wa) {
                        "forwards"
                    } else {
                        "backwards"
                    }
                )));
            }
        }
    }
    Ok(by_letters)
}

/// The solution word is printed in its boxes and in the key: one that is
/// itself offensive (the whole, or a whole word of it) is refused. One
/// that merely holds a short banned word (BON APPETIT: TIT) is the
/// editor's choice: its letters spread over the free cells, and the grid
/// rule keeps the banned word from reading in a line (`complete_grid`,
/// the verifier's rule 7); the note says so.
fn check_solution_word(
    spec: &PuzzleSpec,
    (word, s): (&crate::model::Word, &[u8]),
    (banned, banned_index): (&[Box<[u8]>], &FirstLetterIndex),
    alphabet: &[char],
) -> Result<Option<String>, GenerateError> {
    let Some(b) = banned_index.contained_in(s) else {
        return Ok(None);
    };
    let offensive_part = std::iter::once(word.letters.clone())
        .chain(
            word.printed
                .split(|c: char| !c.is_alphanumeric())
                .filter(|part| !part.is_empty())
                .filter_map(|part| grid_letters(part, spec.umlauts).ok()),
        )
        .filter(|letters| letters.iter().all(|c| code(alphabet, *c).is_some()))
        .find_map(|letters| {
            let codes = encode(alphabet, &letters);
            let reversed: Vec<u8> = codes.iter().rev().copied().collect();
            // Backwards too: the grid reads it that way (issue 17).
            banned
                .iter()
                .find(|b| b[..] == codes[..] || b[..] == reversed[..])
                .map(|b| (letters, b))
        });
    if let Some((part, b)) = offensive_part {
        let read = decode(alphabet, b);
        let part: String = part.iter().collect();
        return Err(GenerateError::Impossible(format!(
            "the solution word {} is on the blacklist ({}{}): choose another",
            word.printed,
            read,
            if read == part { "" } else { " read backwards" },
        )));
    }
    Ok(Some(format!(
        "the solution word contains the banned word {}: it is kept from reading in a line of the grid",
        decode(alphabet, b)
    )))
}

/// The code of letter `c` in `alphabet` (from 1; 0 is an empty cell).
fn code(alphabet: &[char], c: char) -> Option<u8> {
    alphabet.binary_search(&c).map(|i| i as u8 + 1).ok()
}

/// The codes of `letters`, every one in `alphabet`.
fn encode(alphabet: &[char], letters: &[char]) -> Box<[u8]> {
    letters
        .iter()
        .map(|c| code(alphabet, *c).unwrap())
        .collect()
}

fn describe_word(spec: &PuzzleSpec, w: &LexWord) -> String {
    let word = word_of(spec, w);
    let source = if w.vocab == usize::MAX {
        "pre-assigned".to_string()
    } else {
        format!("vocabulary {:?}", spec.vocabularies[w.vocab].name)
    };
    format!("the word {:?} ({source})", excerpt(&word.printed))
}

fn decode(alphabet: &[char], codes: &[u8]) -> String {
    codes.iter().map(|c| alphabet[*c as usize - 1]).collect()
}

/// Pre-assigned words are a hard rule: two that put different letters on
/// one cell (or a letter other than a pre-assigned one), or that share more
/// than one cell, are refused before searching, naming both and the cell.
fn clashing_preassigned_words(
    spec: &PuzzleSpec,
    geo: &Geometry,
    preset: &[u8],
    alphabet: &[char],
) -> Result<(), GenerateError> {
    // Per cell: the letters and the words that put them there.
    let mut owner: BTreeMap<u16, Vec<(char, usize)>> = BTreeMap::new();
    let name = |i: usize| {
        let p = &spec.preassigned_words[i];
        format!(
            "the pre-assigned word {:?} at {} running {}",
            p.word.printed, p.start, p.direction
        )
    };
    for (i, p) in spec.preassigned_words.iter().enumerate() {
        check_cell(spec, p.start, "pre-assigned word")?;
        let mut shared: BTreeMap<usize, usize> = BTreeMap::new();
        let mut cell = geo.cell(p.start);
        for (k, &c) in p.word.letters.iter().enumerate() {
            if cell == NONE || !geo.playable[cell as usize] {
                return Err(GenerateError::Impossible(format!(
                    "{} does not fit: it leaves the playable cells after {k} letters",
                    name(i)
                )));
            }
            let at = geo.pos(cell);
            let preset_letter = preset[cell as usize];
            if preset_letter != 0 {
                let fixed = alphabet[preset_letter as usize - 1];
                if fixed != c {
                    return Err(GenerateError::Impossible(format!(
                        "{} puts {c} at {at}, where the letter {fixed} is pre-assigned",
                        name(i)
                    )));
                }
            }
            let users = owner.entry(cell).or_default();
            for &(other_letter, j) in users.iter() {
                if other_letter != c {
                    return Err(GenerateError::Impossible(format!(
                        "{} puts {c} at {at}, where {} puts {other_letter}",
                        name(i),
                        name(j)
                    )));
                }
                let n = shared.entry(j).or_default();
                *n += 1;
                if *n > 1 {
                    return Err(GenerateError::Impossible(format!(
                        "{} and {} share more than one cell (up to {at}); words may cross in one",
                        name(j),
                        name(i)
                    )));
                }
            }
            users.push((c, i));
            cell = geo.walk(cell, p.direction, 1);
        }
    }
    Ok(())
}

fn check_cell(spec: &PuzzleSpec, pos: Pos, what: &str) -> Result<(), InputError> {
    if !spec.mask.is_playable(pos) {
        return Err(InputError::msg(format!(
            "{what} at {pos} is not on a playable cell"
        )));
    }
    Ok(())
}

/// Longest run of playable cells along any enabled direction.
fn longest_line(spec: &PuzzleSpec) -> usize {
    spec.mask.longest_line(spec.directions)
}

pub(crate) fn contains(hay: &[u8], needle: &[u8]) -> bool {
    needle.len() <= hay.len() && hay.windows(needle.len()).any(|w| w == needle)
}

/// Whether `needle` reads inside `hay` forwards or backwards.
pub(crate) fn contains_either_way(hay: &[u8], needle: &[u8]) -> bool {
    let rev: Vec<u8> = needle.iter().rev().copied().collect();
    contains(hay, needle) || contains(hay, &rev)
}

/// The grid's letters in order (every letter of the words, the solution,
/// the pre-assigned letters and the filler's), and the filler weight of
/// each; at most 250.
fn alphabet_of(spec: &PuzzleSpec) -> Result<(Vec<char>, Vec<u32>), GenerateError> {
    // Every letter once, in order (collecting all 3.5 million letters
    // of `ngerman` to sort them took a tenth of loading it).
    let mut ascii = [false; 128];
    let mut other = BTreeSet::new();
    let letters = spec
        .vocabularies
        .iter()
        .flat_map(|v| v.words.iter().flat_map(|w| w.letters.iter().copied()))
        .chain(spec.solution.iter().flat_map(|w| w.letters.iter().copied()))
        .chain(spec.letters.iter().map(|(_, c)| *c))
        .chain(
            spec.preassigned_words
                .iter()
                .flat_map(|p| p.word.letters.iter().copied()),
        );
    for c in letters {
        match ascii.get_mut(c as usize) {
            Some(seen) => *seen = true,
            None => {
                other.insert(c);
            }
        }
    }
    let mut alphabet: Vec<char> = (0u8..128)
        .filter(|&b| ascii[b as usize])
        .map(char::from)
        .chain(other)
        .collect();
    let weights_by_char = letter_weights(spec, &alphabet);
    alphabet.extend(weights_by_char.keys().copied());
    alphabet.sort_unstable();
    alphabet.dedup();
    if alphabet.len() > 250 {
        return Err(InputError::msg(format!(
            "the vocabularies use {} different letters; at most 250 are supported",
            alphabet.len()
        ))
        .into());
    }
    let filler_weights = alphabet
        .iter()
        .map(|c| weights_by_char.get(c).copied().unwrap_or(0))
        .collect();

    Ok((alphabet, filler_weights))
}

/// Lexicon entries of the must-use words (pre-assigned words first, then
/// the must-use vocabularies'), each with its fixed slot if it has one; a
/// pre-assigned word off the shape or against the puzzle's directions is
/// refused.
fn must_words(
    spec: &PuzzleSpec,
    geo: &Geometry,
    codes: &Codes,
) -> Result<(Lexicon, Vec<MustWord>), GenerateError> {
    let words: usize = spec.vocabularies.iter().map(|v| v.words.len()).sum();
    let letters: usize = spec
        .vocabularies
        .iter()
        .flat_map(|v| &v.words)
        .map(|w| w.letters.len())
        .sum();
    let mut lex = Lexicon::with_capacity(spec.preassigned_words.len() + words, letters);
    let mut must = Vec::new();

    // Must-use words: pre-assigned words first, then must-use vocabularies.
    for (i, p) in spec.preassigned_words.iter().enumerate() {
        check_cell(spec, p.start, "pre-assigned word")?;
        // The puzzle's directions are the solver's promise: a word
        // running another way would break rule 1.
        if !spec.directions.contains(p.direction) {
            return Err(GenerateError::Impossible(format!(
                "pre-assigned word {} runs {}, which the puzzle's directions ({}) do not allow: enable {} or turn the word",
                p.word.printed,
                p.direction,
                spec.directions
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(","),
                p.direction
            )));
        }
        let id = lex.push(codes.encode_iter(&p.word.letters), usize::MAX, i);
        must.push(MustWord {
            id,
            fixed: Some((geo.cell(p.start), p.direction)),
        });
    }
    for (v, voc) in spec
        .vocabularies
        .iter()
        .enumerate()
        .filter(|(_, v)| v.must_use)
    {
        for (i, w) in voc.words.iter().enumerate() {
            let id = lex.push(codes.encode_iter(&w.letters), v, i);
            must.push(MustWord { id, fixed: None });
        }
    }
    Ok((lex, must))
}

/// The pick vocabularies' words that can be drawn, added to the lexicon
/// and `by_letters` and indexed per vocabulary; the words left out
/// (short, too long, repeated, banned, overlapping a must-use word) are
/// counted in `notes`. Also the vocabularies no word of which can be
/// drawn, with why.
fn draw_pools(
    spec: &PuzzleSpec,
    codes: &Codes,
    (lex, by_letters): (&mut Lexicon, &mut LettersMap),
    (banned_any, banned_index, must_index): (
        Option<&ContainsAny>,
        &FirstLetterIndex,
        &FirstLetterIndex,
    ),
    must_codes: &[Box<[u8]>],
    longest_line: usize,
    notes: &mut Vec<String>,
) -> (Vec<PoolIndex>, Vec<String>) {
    let alphabet = codes.alphabet;
    let mut pools = Vec::new();
    // Pick vocabularies of which no word can be drawn, with why.
    let mut undrawable: Vec<String> = Vec::new();
    if spec.pick.is_some() {
        for (v, voc) in spec
            .vocabularies
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.must_use)
        {
            let first = lex.len();
            let [short, long, dup, bad, overlap] = add_drawable(
                (v, voc),
                codes,
                (lex, by_letters),
                (banned_any, banned_index, must_index),
                must_codes,
                longest_line,
            );
            let skipped = [
                (short, "shorter than 3 letters"),
                (long, "longer than any line of the shape"),
                (dup, "duplicates of earlier words"),
                (bad, "containing a banned word"),
                (overlap, "containing or inside a must-use word"),
            ];
            for (n, why) in skipped.iter().filter(|(n, _)| *n > 0) {
                notes.push(format!("{}: {n} words not drawn ({why})", voc.name));
            }
            if lex.len() == first {
                let reasons: Vec<String> = skipped
                    .iter()
                    .filter(|(n, _)| *n > 0)
                    .map(|(n, why)| format!("{n} {why}"))
                    .collect();
                undrawable.push(format!(
                    "{} ({} words{}{})",
                    voc.name,
                    voc.words.len(),
                    if reasons.is_empty() { "" } else { ": " },
                    reasons.join(", ")
                ));
            }
            pools.push(PoolIndex::new(
                alphabet.len(),
                (first..lex.len()).map(|id| (id as u32, lex.codes(id))),
            ));
        }
    }
    (pools, undrawable)
}

/// Adds vocabulary `v`'s words that can be drawn to the lexicon and
/// `by_letters`; returns how many were too short, too long, repeated,
/// banned or overlapping a must-use word.
fn add_drawable(
    (v, voc): (usize, &crate::model::SpecVocabulary),
    codes: &Codes,
    (lex, by_letters): (&mut Lexicon, &mut LettersMap),
    (banned_any, banned_index, must_index): (
        Option<&ContainsAny>,
        &FirstLetterIndex,
        &FirstLetterIndex,
    ),
    must_codes: &[Box<[u8]>],
    longest_line: usize,
) -> [usize; 5] {
    let (mut short, mut long, mut dup, mut bad, mut overlap) = (0, 0, 0, 0, 0);
    for (i, w) in voc.words.iter().enumerate() {
        // Only the lengths are checked before the codes are made.
        let len = w.letters.len();
        if len < MIN_PICK_LEN {
            short += 1;
            continue;
        } else if len > longest_line {
            long += 1;
            continue;
        }
        lex.stage(codes.encode_iter(&w.letters));
        let staged = lex.staged();
        let slot = match by_letters.find(lex, staged) {
            Ok(_) => {
                dup += 1;
                continue;
            }
            Err(slot) => slot,
        };
        let banned = match banned_any {
            Some(automaton) => automaton.found_in(staged),
            None => banned_index.contained_in(staged).is_some(),
        };
        if banned {
            bad += 1;
        } else if must_index.contained_in(staged).is_some()
            || must_codes.iter().any(|m| contains_either_way(m, staged))
        {
            overlap += 1;
        } else {
            slot.insert(lex.len() as u32);
            lex.commit(v, i);
        }
    }
    [short, long, dup, bad, overlap]
}

/// Letters to codes (from 1) in an alphabet: ASCII letters looked up,
/// others searched.
struct Codes<'a> {
    alphabet: &'a [char],
    ascii: [u8; 128],
}

impl<'a> Codes<'a> {
    fn new(alphabet: &'a [char]) -> Codes<'a> {
        let mut ascii = [0u8; 128];
        for (i, &c) in alphabet.iter().enumerate() {
            if let Some(slot) = ascii.get_mut(c as usize) {
                *slot = i as u8 + 1;
            }
        }
        Codes { alphabet, ascii }
    }

    /// The code of `c`, if the alphabet holds it.
    fn code(&self, c: char) -> Option<u8> {
        match self.ascii.get(c as usize) {
            Some(&code) => (code != 0).then_some(code),
            None => self.alphabet.binary_search(&c).map(|i| i as u8 + 1).ok(),
        }
    }

    /// The codes of `letters`, every one in the alphabet.
    fn encode(&self, letters: &[char]) -> Box<[u8]> {
        self.encode_iter(letters).collect()
    }

    /// [`Codes::encode`] as an iterator.
    fn encode_iter<'l>(&'l self, letters: &'l [char]) -> impl Iterator<Item = u8> + 'l {
        letters.iter().map(|&c| self.code(c).unwrap())
    }
}

/// The banned words' codes (a banned word with a letter no word has
/// cannot be read in the grid and is left out); a banned word of one
/// letter is refused.
fn banned_codes(spec: &PuzzleSpec, codes: &Codes) -> Result<Vec<Box<[u8]>>, GenerateError> {
    // A one-letter banned word would forbid its letter everywhere.
    if let Some(w) = spec.banned.iter().find(|w| w.len() < 2) {
        return Err(InputError::msg(format!(
            "the banned word {:?} has fewer than 2 letters; it would forbid every grid holding it",
            w.iter().collect::<String>()
        ))
        .into());
    }
    Ok(spec
        .banned
        .iter()
        .filter(|w| w.iter().all(|&c| codes.code(c).is_some()))
        .map(|w| codes.encode(w))
        .collect())
}

/// The pre-assigned letters' codes per cell (0: none); two different
/// letters in one cell, or one off the shape, are refused.
fn preset_letters(
    spec: &PuzzleSpec,
    geo: &Geometry,
    codes: &Codes,
) -> Result<Vec<u8>, GenerateError> {
    let mut preset = vec![0u8; geo.cells()];
    for &(pos, c) in &spec.letters {
        check_cell(spec, pos, "pre-assigned letter")?;
        let cell = &mut preset[geo.cell(pos) as usize];
        let letter = codes.code(c).unwrap();
        if *cell != 0 && *cell != letter {
            return Err(GenerateError::Impossible(format!(
                "two pre-assigned letters at {pos}: {} and {c}",
                codes.alphabet[*cell as usize - 1]
            )));
        }
        *cell = letter;
    }
    Ok(preset)
}

/// The exclusion groups each lexicon word belongs to; two must-use words
/// of one group are refused.
fn exclusion_groups(
    spec: &PuzzleSpec,
    codes: &Codes,
    by_letters: &LettersMap,
    (lex, must): (&Lexicon, &[MustWord]),
) -> Result<BTreeMap<u32, Vec<u16>>, GenerateError> {
    let mut groups: BTreeMap<u32, Vec<u16>> = BTreeMap::new();
    for (g, group) in spec.exclusion_groups.iter().enumerate() {
        for letters in group {
            if letters.iter().all(|c| codes.code(*c).is_some())
                && let Some(id) = by_letters.get(lex, &codes.encode(letters))
            {
                groups.entry(id).or_default().push(g as u16);
            }
        }
    }
    for g in 0..spec.exclusion_groups.len() as u16 {
        let in_group: Vec<u32> = must
            .iter()
            .filter(|m| groups.get(&m.id).is_some_and(|gs| gs.contains(&g)))
            .map(|m| m.id)
            .collect();
        if in_group.len() > 1 {
            return Err(GenerateError::Impossible(format!(
                "{} and {} are in the same exclusion group; at most one may appear",
                describe_word(spec, &lex[in_group[0] as usize]),
                describe_word(spec, &lex[in_group[1] as usize])
            )));
        }
    }
    Ok(groups)
}

/// The most cells the words of one puzzle can cover: the must-use words
/// and the `drawn` longest words of the pools, each without overlaps.
fn max_cover(lex: &Lexicon, must_codes: &[Box<[u8]>], pools: &[PoolIndex], drawn: usize) -> usize {
    let must_letters: usize = must_codes.iter().map(|c| c.len()).sum();
    let mut pick_lengths: Vec<usize> = pools
        .iter()
        .flat_map(|p| p.all.iter().map(|&id| lex.codes(id as usize).len()))
        .collect();
    pick_lengths.sort_unstable_by(|a, b| b.cmp(a));
    must_letters + pick_lengths.iter().take(drawn).sum::<usize>()
}

/// Refuses a request with nothing to place: no must-use word and no
/// vocabulary to draw from, or none of whose words can be drawn
/// (`undrawable` says why).
fn something_to_place(
    spec: &PuzzleSpec,
    no_must: bool,
    pools: &[PoolIndex],
    undrawable: &[String],
) -> Result<(), GenerateError> {
    if spec.pick.is_none() && no_must {
        return Err(InputError::msg("no words: every vocabulary is empty").into());
    }
    if spec.pick.is_some() && pools.is_empty() && no_must {
        return Err(InputError::msg("no vocabulary to draw words from").into());
    }
    let drawable: usize = pools.iter().map(|p| p.all.len()).sum();
    if spec.pick.is_some() && drawable == 0 && no_must {
        return Err(GenerateError::Impossible(format!(
            "no word can be drawn: {}",
            undrawable.join("; ")
        )));
    }
    Ok(())
}

/// The solution word's codes, if any: refused when it is offensive itself
/// or longer than the shape; a banned word it merely contains is noted.
fn solution_codes(
    spec: &PuzzleSpec,
    codes: &Codes,
    banned: (&[Box<[u8]>], &FirstLetterIndex),
    notes: &mut Vec<String>,
) -> Result<Option<Vec<u8>>, GenerateError> {
    let solution = spec
        .solution
        .as_ref()
        .map(|w| codes.encode(&w.letters).into_vec());
    if let (Some(word), Some(s)) = (&spec.solution, &solution)
        && let Some(note) = check_solution_word(spec, (word, s), banned, codes.alphabet)?
    {
        notes.push(note);
    }
    if let Some(s) = &solution
        && s.len() > spec.mask.playable_count()
    {
        return Err(GenerateError::Impossible(format!(
            "the solution word has {} letters, but the shape has only {} playable cells",
            s.len(),
            spec.mask.playable_count()
        )));
    }
    Ok(solution)
}

/// Short words indexed by their first two letters, both reading
/// directions, to find quickly whether a long word contains any of them
/// (by the first letter alone, each word of `ngerman` was compared with
/// a sixteenth of the German offensive list at each of its letters: a
/// tenth of loading its 356,000 words).
struct FirstLetterIndex<'a> {
    letters: usize,
    /// Per pair of codes: the words starting with it (`false`) or ending
    /// with its reverse (`true`).
    by_first_two: Vec<Vec<(&'a [u8], bool)>>,
    /// A bit per pair of codes with words in `by_first_two`: most pairs of
    /// a word have none, and the bits fit in the cache where the lists do
    /// not (the banned-word scan was a fifth of indexing `ngerman`).
    pairs: Vec<u64>,
    /// Words of one letter, per code.
    single: Vec<Option<&'a [u8]>>,
    /// No word at all (a request without must-use words): every list's
    /// every word was scanned for nothing, a twentieth of preparing
    /// `ngerman` in instructions.
    empty: bool,
}

impl<'a> FirstLetterIndex<'a> {
    fn new(letters: usize, words: impl Iterator<Item = &'a [u8]>) -> Self {
        let codes = letters + 1;
        let mut by_first_two = vec![Vec::new(); codes * codes];
        let mut single = vec![None; codes];
        let mut empty = true;
        for w in words {
            empty = false;
            match w {
                [] => {}
                [c] => single[*c as usize] = Some(w),
                [a, b, ..] => {
                    let (z, y) = (w[w.len() - 1], w[w.len() - 2]);
                    by_first_two[*a as usize * codes + *b as usize].push((w, false));
                    by_first_two[z as usize * codes + y as usize].push((w, true));
                }
            }
        }
        let mut pairs = vec![0u64; (codes * codes).div_ceil(64)];
        for (pair, words) in by_first_two.iter().enumerate() {
            if !words.is_empty() {
                pairs[pair / 64] |= 1 << (pair % 64);
            }
        }
        FirstLetterIndex {
            letters: codes,
            by_first_two,
            pairs,
            single,
            empty,
        }
    }

    /// A word of the index inside `hay` (either way), if any: the first
    /// by its position in `hay`, then by the order words were indexed.
    fn contained_in(&self, hay: &[u8]) -> Option<&'a [u8]> {
        if self.empty {
            return None;
        }
        for p in 0..hay.len() {
            if let Some(w) = self.single[hay[p] as usize] {
                return Some(w);
            }
            let Some(&next) = hay.get(p + 1) else {
                break;
            };
            let pair = hay[p] as usize * self.letters + next as usize;
            if self.pairs[pair / 64] & (1 << (pair % 64)) == 0 {
                continue;
            }
            for &(w, reversed) in &self.by_first_two[pair] {
                let n = w.len();
                if p + n <= hay.len()
                    && if reversed {
                        hay[p..p + n].iter().eq(w.iter().rev())
                    } else {
                        &hay[p..p + n] == w
                    }
                {
                    return Some(w);
                }
            }
        }
        None
    }
}

/// `(fewest, most)` words in all for a spec with the must-use words
/// `must_codes`, drawing from `pools`, around a solution word or (false:
/// none asked for, or left out) without one.
fn word_bounds(
    spec: &PuzzleSpec,
    (lex, must_codes): (&Lexicon, &[Box<[u8]>]),
    pools: &[PoolIndex],
    with_solution: bool,
) -> (usize, usize) {
    let must = must_codes.len();
    let Some(pick) = spec.pick.filter(|_| !pools.is_empty()) else {
        return (must, must);
    };
    let (min, max) = match (pick, with_solution) {
        (WordCount::Auto, false) => {
            let n = auto_word_count(spec.mask.playable_count(), (lex, must_codes), pools);
            (n, n)
        }
        (pick, _) => pick.bounds(),
    };
    (min.max(must).max(1), max.max(must).max(1))
}

/// The automatic word count without a solution word: a word per
/// [`WordCount::CELLS_PER_AUTO_WORD`] playable cells, but no more than the
/// must-use words and the shortest words of the pools that hold
/// [`WordCount::AUTO_LETTERS_PER_CELL`] letters a cell between them.
fn auto_word_count(
    playable: usize,
    (lex, must_codes): (&Lexicon, &[Box<[u8]>]),
    pools: &[PoolIndex],
) -> usize {
    let by_cells = (playable as f64 / WordCount::CELLS_PER_AUTO_WORD).round() as usize;
    let must_letters: usize = must_codes.iter().map(|c| c.len()).sum();
    let mut letters_left = ((playable as f64 * WordCount::AUTO_LETTERS_PER_CELL) as usize)
        .saturating_sub(must_letters);
    // Words by length, counted rather than sorted: a list of 356,000 words
    // takes a pass.
    let mut by_length = Vec::<usize>::new();
    for len in pools
        .iter()
        .flat_map(|p| p.all.iter().map(|&id| lex.codes(id as usize).len()))
    {
        if by_length.len() <= len {
            by_length.resize(len + 1, 0);
        }
        by_length[len] += 1;
    }
    let mut count = must_codes.len();
    for (len, &words) in by_length.iter().enumerate().skip(1) {
        let fitting = (letters_left / len).min(words);
        count += fitting;
        letters_left -= fitting * len;
        if fitting < words {
            break;
        }
    }
    by_cells.min(count)
}
