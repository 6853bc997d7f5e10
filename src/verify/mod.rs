//! The independent checker: every hard rule of a finished word search,
//! re-derived from the letters and the word list alone. It shares no code
//! with the generator's search. Word rectangles: see [`rectangle`].

pub mod clues;
pub mod quality;
pub mod rectangle;
pub mod swedish;

use crate::model::{
    Body, CellKind, Direction, Pos, Puzzle, PuzzleKind, PuzzleSpec, Rules, Solution,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One broken rule (numbers as in PRODUCT.md §3; 0 = malformed puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule number.
    pub rule: u8,
    /// What is wrong, naming the word or cell.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule {}: {}", self.rule, self.message)
    }
}

/// Checks a puzzle; `banned` are words (grid letters) that must appear
/// nowhere. An empty result means the puzzle is valid.
pub fn verify(puzzle: &Puzzle, banned: &[String]) -> Vec<Violation> {
    // A word with no letters matches any grid anywhere: never a word.
    let empty = puzzle
        .words
        .iter()
        .enumerate()
        .filter(|(_, w)| w.word.is_empty())
        .map(|(i, w)| Violation {
            rule: 1,
            message: format!(
                "word {} of the list{} has no letters",
                i + 1,
                if w.display.is_empty() {
                    String::new()
                } else {
                    format!(" ({:?})", crate::error::excerpt(&w.display))
                }
            ),
        });
    let mut all: Vec<Violation> = empty.collect();
    all.extend(match &puzzle.body {
        Body::WordRectangle => rectangle::verify(puzzle, banned),
        Body::WordSearch { rules, solution } => {
            verify_search(puzzle, rules, solution.as_ref(), banned)
        }
        Body::Swedish {
            clue_cells,
            solution,
        } => swedish::verify(puzzle, clue_cells, solution.as_ref(), banned),
    });
    capped(all)
}

/// Messages kept per rule; the rest are counted in one more message, so a
/// broken file of thousands of words gives a readable report.
const MESSAGES_PER_RULE: usize = 20;
/// Users of one cell whose pairs are checked for sharing two cells: rules
/// allow at most 4 words a cell, so a cell with more breaks rule 3 anyway.
const PAIRED_USERS: usize = 8;

fn capped(all: Vec<Violation>) -> Vec<Violation> {
    let mut per_rule: BTreeMap<u8, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for v in all {
        let n = per_rule.entry(v.rule).or_default();
        *n += 1;
        if *n <= MESSAGES_PER_RULE {
            out.push(v);
        }
    }
    for (&rule, &n) in &per_rule {
        if n > MESSAGES_PER_RULE {
            out.push(Violation {
                rule,
                message: format!(
                    "… and {} more violations of this rule",
                    n - MESSAGES_PER_RULE
                ),
            });
        }
    }
    out
}

/// The word search's rules 0–8, reported in the order they are checked:
/// the letters (0, 1), the words' cells (1), sharing (3, 2, 4), the list
/// and readings (5, 6), banned words (7), the solution (8).
fn verify_search(
    puzzle: &Puzzle,
    rules: &Rules,
    solution: Option<&Solution>,
    banned: &[String],
) -> Vec<Violation> {
    let mut out = Vec::new();
    let (w, h) = (puzzle.width(), puzzle.height());
    if puzzle.grid.len() != h || puzzle.grid.iter().any(|r| r.len() != w) {
        out.push(Violation {
            rule: 0,
            message: format!("the grid is not {w} × {h}"),
        });
        return out;
    }
    check_letters(puzzle, &mut out);
    let cells_of = placed_cells(puzzle, &mut out);
    let users = cell_users(&cells_of);
    check_sharing(puzzle, rules, &cells_of, &users, &mut out);
    check_readings(puzzle, &cells_of, &mut out);
    // 7: banned words nowhere.
    for b in banned {
        if let Some(&(a, _)) = readings(puzzle, b).iter().next() {
            out.push(Violation {
                rule: 7,
                message: format!("the banned word {b} can be read at {a}"),
            });
        }
    }
    if let Some(solution) = solution {
        check_solution(puzzle, solution, &users, &mut out);
    }
    out
}

/// Rule 0 and 1's letters: a capital letter on every playable cell, none
/// elsewhere.
fn check_letters(puzzle: &Puzzle, out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    for p in puzzle.mask.positions() {
        let letter = puzzle.grid[p.row][p.col];
        match (puzzle.mask.kind(p), letter) {
            (CellKind::Playable, None) => bad(0, format!("playable cell at {p} has no letter")),
            (CellKind::Playable, Some(c)) if !crate::model::word::is_grid_letter(c) => bad(
                0,
                format!("cell at {p} holds {c:?}, not an upper-case letter"),
            ),
            (CellKind::Outside | CellKind::Restricted, Some(c)) => {
                bad(1, format!("cell at {p} is not playable but holds {c:?}"))
            }
            _ => {}
        }
    }
}

/// Rule 1: words on playable cells, matching the letters, in enabled
/// directions. Gives each word's cells (none for one leaving the grid).
fn placed_cells(puzzle: &Puzzle, out: &mut Vec<Violation>) -> Vec<Vec<Pos>> {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut cells_of: Vec<Vec<Pos>> = Vec::new();
    for word in &puzzle.words {
        let letters: Vec<char> = word.word.chars().collect();
        let cells = cells_along(word.start, word.direction, letters.len(), w, h);
        if !puzzle.directions.contains(word.direction) {
            bad(
                1,
                format!(
                    "{} runs {}, which is not enabled",
                    word.word, word.direction
                ),
            );
        }
        match cells {
            None => bad(1, format!("{} leaves the grid", word.word)),
            Some(ref cells) => {
                for (p, c) in cells.iter().zip(&letters) {
                    if puzzle.mask.kind(*p) != CellKind::Playable {
                        bad(
                            1,
                            format!("{} covers the non-playable cell at {p}", word.word),
                        );
                    } else if puzzle.grid[p.row][p.col] != Some(*c) {
                        bad(1, format!("{} needs {c:?} at {p}", word.word));
                    }
                }
            }
        }
        cells_of.push(cells.unwrap_or_default());
    }
    cells_of
}

/// The words (indices) on each covered cell.
fn cell_users(cells_of: &[Vec<Pos>]) -> BTreeMap<Pos, Vec<usize>> {
    let mut users: BTreeMap<Pos, Vec<usize>> = BTreeMap::new();
    for (i, cells) in cells_of.iter().enumerate() {
        for p in cells {
            users.entry(*p).or_default().push(i);
        }
    }
    users
}

/// Rules 2–4: words per cell, cells shared by a pair, a word's overlapped
/// share.
fn check_sharing(
    puzzle: &Puzzle,
    rules: &Rules,
    cells_of: &[Vec<Pos>],
    users: &BTreeMap<Pos, Vec<usize>>,
    out: &mut Vec<Violation>,
) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    for (p, us) in users {
        if us.len() > rules.max_words_per_cell as usize {
            bad(3, format!("the cell at {p} is used by {} words", us.len()));
        }
    }
    // Pairs sharing cells, counted from each cell's users: linear in the
    // cells for any list (a pairwise loop took 20,000 listed words to
    // 2 × 10⁸ pairs). A cell with more users than `PAIRED_USERS` already
    // breaks rule 3, so its pairs are not enumerated.
    let mut shared: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for us in users.values() {
        if us.len() > PAIRED_USERS {
            continue;
        }
        for (k, &i) in us.iter().enumerate() {
            for &j in &us[k + 1..] {
                if i != j {
                    *shared.entry((i.min(j), i.max(j))).or_default() += 1;
                }
            }
        }
    }
    for (&(i, j), &count) in &shared {
        if count > 1 {
            bad(
                2,
                format!(
                    "{} and {} share {count} cells",
                    puzzle.words[i].word, puzzle.words[j].word
                ),
            );
        }
    }
    let overlapped: Vec<usize> = cells_of
        .iter()
        .map(|a| a.iter().filter(|p| users[p].len() > 1).count())
        .collect();
    for (i, word) in puzzle.words.iter().enumerate() {
        let len = word.word.chars().count();
        let limit = (len as f64 * rules.max_overlap_fraction + 1e-9).floor() as usize;
        if overlapped[i] > limit {
            bad(
                4,
                format!(
                    "{} is overlapped on {} of {len} letters (limit {limit})",
                    word.word, overlapped[i]
                ),
            );
        }
    }
}

/// Rule 5: each word once in the list; rule 6: each readable exactly once,
/// at its placement (the readings of a word listed twice are looked up
/// once).
fn check_readings(puzzle: &Puzzle, cells_of: &[Vec<Pos>], out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let mut seen = BTreeSet::new();
    for word in &puzzle.words {
        if !seen.insert(word.word.as_str()) {
            bad(5, format!("{} is listed twice", word.word));
        }
    }

    let mut found_of: BTreeMap<&str, BTreeSet<(Pos, Pos)>> = BTreeMap::new();
    for (i, word) in puzzle.words.iter().enumerate() {
        let found = found_of
            .entry(word.word.as_str())
            .or_insert_with(|| readings(puzzle, &word.word));
        let own = cells_of[i]
            .first()
            .zip(cells_of[i].last())
            .map(|(a, b)| span(*a, *b));
        let others: Vec<&(Pos, Pos)> = found.iter().filter(|s| Some(**s) != own).collect();
        if let Some(&&(a, _)) = others.first() {
            bad(
                6,
                format!(
                    "{} can also be read starting at {a} ({} extra readings)",
                    word.word,
                    others.len()
                ),
            );
        }
    }
}

/// Rule 8: the leftover cells spell the solution in reading order.
fn check_solution(
    puzzle: &Puzzle,
    solution: &Solution,
    users: &BTreeMap<Pos, Vec<usize>>,
    out: &mut Vec<Violation>,
) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let free: Vec<Pos> = puzzle
        .mask
        .positions()
        .filter(|p| puzzle.mask.kind(*p) == CellKind::Playable && !users.contains_key(p))
        .collect();
    let spelled: String = free
        .iter()
        .filter_map(|p| puzzle.grid[p.row][p.col])
        .collect();
    if solution.cells != free {
        bad(
            8,
            format!(
                "the solution cells are not the {} free cells in reading order",
                free.len()
            ),
        );
    }
    if spelled != solution.word {
        bad(
            8,
            format!("the free cells spell {spelled}, not {}", solution.word),
        );
    }
}

/// The rules that need the request as well: pre-assigned letters and words
/// kept (rule 9), at most one word of each exclusion group (rule 5), and
/// every listed word from the request's vocabularies.
pub fn verify_against(puzzle: &Puzzle, spec: &PuzzleSpec) -> Vec<Violation> {
    let mut out = Vec::new();
    check_preassigned(puzzle, spec, &mut out);
    let listed: Vec<String> = puzzle.words.iter().map(|w| w.word.clone()).collect();
    for group in &spec.exclusion_groups {
        let present: Vec<String> = group
            .iter()
            .map(|l| l.iter().collect::<String>())
            .filter(|w| listed.contains(w))
            .collect();
        if present.len() > 1 {
            out.push(Violation {
                rule: 5,
                message: format!("{} are in one exclusion group", present.join(" and ")),
            });
        }
    }
    check_vocabulary(puzzle, spec, &mut out);
    check_must_use(puzzle, spec, &listed, &mut out);
    out
}

/// Rule 9: pre-assigned letters and words kept.
fn check_preassigned(puzzle: &Puzzle, spec: &PuzzleSpec, out: &mut Vec<Violation>) {
    for &(pos, letter) in &spec.letters {
        if puzzle.letter(pos) != Some(letter) {
            out.push(Violation {
                rule: 9,
                message: format!("the pre-assigned {letter} at {pos} is not kept"),
            });
        }
    }
    for p in &spec.preassigned_words {
        let text: String = p.word.letters.iter().collect();
        if !puzzle
            .words
            .iter()
            .any(|w| w.word == text && w.start == p.start && w.direction == p.direction)
        {
            out.push(Violation {
                rule: 9,
                message: format!(
                    "the pre-assigned word {text} is not at {} running {}",
                    p.start, p.direction
                ),
            });
        }
    }
}

/// Every listed word from the request's vocabularies (rule 5), its printed
/// clue one of its entry's (rule 2).
fn check_vocabulary(puzzle: &Puzzle, spec: &PuzzleSpec, out: &mut Vec<Violation>) {
    // A Swedish puzzle may also draw from the shipped short-answer list.
    let short_list: Vec<crate::model::Word> = match puzzle.kind() {
        crate::model::PuzzleKind::Swedish if spec.swedish.short_answers => {
            crate::model::lexicon::short_answers(spec.language)
                .words(spec.umlauts)
                .0
        }
        crate::model::PuzzleKind::Swedish
        | crate::model::PuzzleKind::WordSearch
        | crate::model::PuzzleKind::WordRectangle => Vec::new(),
    };
    // The entries of each listed word, in one pass over the vocabularies
    // (a scan per word took 160 ms on the 50,000-answer German import).
    let by_letters: std::collections::HashMap<Vec<char>, Vec<usize>> = puzzle
        .words
        .iter()
        .enumerate()
        .fold(Default::default(), |mut map, (i, w)| {
            map.entry(w.word.chars().collect()).or_default().push(i);
            map
        });
    let mut entries_of: Vec<Vec<&crate::model::Word>> = vec![Vec::new(); puzzle.words.len()];
    for x in spec
        .vocabularies
        .iter()
        .flat_map(|v| &v.words)
        .chain(&short_list)
    {
        if let Some(indices) = by_letters.get(x.letters.as_slice()) {
            for &i in indices {
                entries_of[i].push(x);
            }
        }
    }
    for (w, entries) in puzzle.words.iter().zip(&entries_of) {
        let known = spec
            .preassigned_words
            .iter()
            .any(|p| p.word.letters.iter().collect::<String>() == w.word)
            || !entries.is_empty();
        if !known {
            out.push(Violation {
                rule: 5,
                message: format!("{} is in no vocabulary", w.word),
            });
        }
        // A printed clue is one of the entry's own clues, as written or
        // with the marker its tags call for ("Abk.: …", "ugs.: …"), or
        // one the editor typed (its rules checked by `verify`).
        if let Some(clue) = w.clue.as_ref().filter(|_| !w.clue_edited) {
            let listed = entries.iter().any(|x| {
                x.clue.as_deref().is_some_and(|c| {
                    crate::model::thesaurus::alternatives(c).any(|a| {
                        a == clue
                            || crate::model::tags::marked_clue(a, &x.tags, spec.language) == *clue
                    })
                })
            });
            if !listed {
                out.push(Violation {
                    rule: 2,
                    message: format!("the clue {clue:?} of {} is not in its vocabulary", w.word),
                });
            }
        }
    }
}

/// Rule 5: every must-use word placed, or named as left out.
fn check_must_use(puzzle: &Puzzle, spec: &PuzzleSpec, listed: &[String], out: &mut Vec<Violation>) {
    // A rectangle draws its words from every list: none is must-use.
    let must_use_asked = match puzzle.kind() {
        PuzzleKind::WordSearch | PuzzleKind::Swedish => true,
        PuzzleKind::WordRectangle => false,
    };
    for v in spec
        .vocabularies
        .iter()
        .filter(|v| v.must_use && must_use_asked)
    {
        for x in &v.words {
            let text: String = x.letters.iter().collect();
            if !listed.contains(&text) && !puzzle.report.unplaced.contains(&text) {
                out.push(Violation {
                    rule: 5,
                    message: format!("the must-use word {text} is missing without a reason"),
                });
            }
        }
    }
}

fn span(a: Pos, b: Pos) -> (Pos, Pos) {
    if a <= b { (a, b) } else { (b, a) }
}

fn cells_along(start: Pos, dir: Direction, len: usize, w: usize, h: usize) -> Option<Vec<Pos>> {
    (0..len).map(|i| start.step(dir, i, w, h)).collect()
}

/// Every place `word` can be read, in any of the eight directions, as
/// (first, last) cell pairs in sorted order (a palindrome counts once).
fn readings(puzzle: &Puzzle, word: &str) -> BTreeSet<(Pos, Pos)> {
    let letters: Vec<char> = word.chars().collect();
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut found = BTreeSet::new();
    if letters.is_empty() {
        return found;
    }
    for p in puzzle.mask.positions() {
        if puzzle.grid[p.row][p.col] != Some(letters[0]) {
            continue;
        }
        for dir in Direction::ALL {
            let Some(cells) = cells_along(p, dir, letters.len(), w, h) else {
                continue;
            };
            if cells
                .iter()
                .zip(&letters)
                .all(|(q, c)| puzzle.grid[q.row][q.col] == Some(*c))
            {
                found.insert(span(cells[0], cells[cells.len() - 1]));
            }
        }
    }
    found
}
