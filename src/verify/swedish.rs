//! Checks a Swedish puzzle from its cells, clue cells and word list alone:
//! every letter cell in an answer, every run of two or more letters an
//! answer that a clue cell's arrow points at, each word once, with a clue
//! that does not give the answer away, and the numbered cells spelling the
//! solution. Shares no code with the generator.

use super::Violation;
use crate::model::{CellKind, ClueCell, Direction, Pos, Puzzle, Solution};
use std::collections::{BTreeMap, BTreeSet};

/// Every broken rule of a Swedish puzzle. Rules: 0 malformed cells,
/// 1 letters and answers, 2 clues and arrows, 3 a word twice, 4 offensive,
/// 8 the solution.
pub fn verify(
    puzzle: &Puzzle,
    clue_cells: &[ClueCell],
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
    let clue_at: BTreeMap<Pos, &ClueCell> = clue_cells.iter().map(|c| (c.pos, c)).collect();
    if clue_at.len() != clue_cells.len() {
        out.push(Violation {
            rule: 0,
            message: "a clue cell is listed twice".into(),
        });
    }
    let cells = Cells { puzzle, clue_at };
    check_cells(&cells, &mut out);
    check_answers(&cells, &mut out);
    check_clues(puzzle, clue_cells, &mut out);
    check_repeats(puzzle, &mut out);
    check_offensive(puzzle, banned, &mut out);
    if let Some(solution) = solution {
        check_solution(&cells, solution, &mut out);
    }
    out
}

/// The grid as the checks read it: which cells are clue cells.
struct Cells<'a> {
    puzzle: &'a Puzzle,
    clue_at: BTreeMap<Pos, &'a ClueCell>,
}

impl Cells<'_> {
    /// A letter cell: inside the grid, holding a letter, no clue cell.
    fn is_letter(&self, p: Pos) -> bool {
        let puzzle = self.puzzle;
        p.row < puzzle.height()
            && p.col < puzzle.width()
            && puzzle.grid[p.row][p.col].is_some()
            && !self.clue_at.contains_key(&p)
    }
}

/// Rule 0: each playable cell is a clue cell or holds one upper-case
/// letter (rule 1: no empty letter cell).
fn check_cells(cells: &Cells, out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let (puzzle, clue_at) = (cells.puzzle, &cells.clue_at);
    for p in puzzle.mask.positions() {
        let letter = puzzle.grid[p.row][p.col];
        let playable = puzzle.mask.kind(p) == CellKind::Playable;
        match (playable, clue_at.contains_key(&p), letter) {
            (false, true, _) => bad(0, format!("the clue cell at {p} is outside the puzzle")),
            (false, false, Some(c)) => bad(0, format!("{c} stands outside the puzzle at {p}")),
            (true, true, Some(c)) => bad(0, format!("the clue cell at {p} also holds {c}")),
            (true, false, None) => bad(1, format!("the letter cell at {p} is empty")),
            (true, false, Some(c)) if !crate::model::word::is_grid_letter(c) => bad(
                0,
                format!("the cell at {p} holds {c:?}, not an upper-case letter"),
            ),
            _ => {}
        }
    }
}

/// Rule 1: the maximal runs of two or more letters, read from the
/// letters, are the listed answers, and every letter is in one.
fn check_answers(cells: &Cells, out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let puzzle = cells.puzzle;
    let is_letter = |p: Pos| cells.is_letter(p);
    let mut runs: BTreeMap<(Pos, Direction), String> = BTreeMap::new();
    for dir in [Direction::E, Direction::S] {
        let (dr, dc) = dir.delta();
        for p in puzzle.mask.positions() {
            let before = (p.row as isize - dr, p.col as isize - dc);
            let starts = is_letter(p)
                && (before.0 < 0
                    || before.1 < 0
                    || !is_letter(Pos::new(before.0 as usize, before.1 as usize)));
            if !starts {
                continue;
            }
            let mut text = String::new();
            let mut q = p;
            while is_letter(q) {
                text.extend(puzzle.grid[q.row][q.col]);
                q = Pos::new(q.row + dr as usize, q.col + dc as usize);
            }
            if text.chars().count() >= 2 {
                runs.insert((p, dir), text);
            }
        }
    }
    let mut listed: BTreeMap<(Pos, Direction), usize> = BTreeMap::new();
    for (i, word) in puzzle.words.iter().enumerate() {
        let key = (word.start, word.direction);
        match runs.get(&key) {
            Some(run) if *run == word.word => {
                listed.insert(key, i);
            }
            Some(run) => bad(
                1,
                format!(
                    "{} is listed at {} {}, but the letters there read {run}",
                    word.word, word.start, word.direction
                ),
            ),
            None => bad(
                1,
                format!(
                    "{} is listed at {} {}, where no run of letters starts",
                    word.word, word.start, word.direction
                ),
            ),
        }
    }
    for ((start, dir), run) in &runs {
        if !listed.contains_key(&(*start, *dir)) {
            bad(1, format!("{run} at {start} {dir} is no listed answer"));
        }
    }
    let mut covered: BTreeSet<Pos> = BTreeSet::new();
    for ((start, dir), run) in &runs {
        let (dr, dc) = dir.delta();
        for i in 0..run.chars().count() {
            covered.insert(Pos::new(
                start.row + dr as usize * i,
                start.col + dc as usize * i,
            ));
        }
    }
    for p in puzzle.mask.positions() {
        if is_letter(p) && !covered.contains(&p) {
            bad(1, format!("the letter at {p} belongs to no answer"));
        }
    }
}

/// Rule 2: each answer has exactly one clue whose arrow points at its
/// start, and a clue text that does not give it away.
fn check_clues(puzzle: &Puzzle, clue_cells: &[ClueCell], out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let mut clued = vec![0usize; puzzle.words.len()];
    for cell in clue_cells {
        if cell.clues.len() > 2 {
            bad(
                2,
                format!(
                    "the clue cell at {} holds {} clues",
                    cell.pos,
                    cell.clues.len()
                ),
            );
        }
        for clue in &cell.clues {
            let Some(word) = puzzle.words.get(clue.word) else {
                bad(
                    2,
                    format!("the clue cell at {} points at no word", cell.pos),
                );
                continue;
            };
            clued[clue.word] += 1;
            let (start, dir) = (clue.arrow.start(cell.pos), clue.arrow.direction());
            if (start, dir) != (word.start, word.direction) {
                bad(
                    2,
                    format!(
                        "the arrow at {} starts {start} {dir}, but {} starts {} {}",
                        cell.pos, word.word, word.start, word.direction
                    ),
                );
            }
        }
    }
    for (i, word) in puzzle.words.iter().enumerate() {
        if clued[i] != 1 {
            bad(2, format!("{} has {} clues, not one", word.word, clued[i]));
        }
        match &word.clue {
            None => bad(2, format!("{} has no clue text", word.word)),
            Some(clue) if clue.trim().is_empty() => {
                bad(2, format!("{} has an empty clue", word.word))
            }
            Some(clue) if letters_of(clue).contains(&word.word) => bad(
                2,
                format!("the clue {clue:?} gives away its answer {}", word.word),
            ),
            Some(_) => {}
        }
    }
}

/// Rule 3: each word once.
fn check_repeats(puzzle: &Puzzle, out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let mut seen = BTreeSet::new();
    for word in &puzzle.words {
        if !seen.insert(&word.word) {
            bad(3, format!("{} is an answer twice", word.word));
        }
    }
}

/// Rule 4: no offensive answer, no offensive word in a clue.
fn check_offensive(puzzle: &Puzzle, banned: &[String], out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    for word in &puzzle.words {
        let clue_words: Vec<String> = word
            .clue
            .as_deref()
            .unwrap_or_default()
            .split(|c: char| !c.is_alphabetic())
            .map(letters_of)
            .collect();
        for b in banned {
            if word.word == *b {
                bad(
                    4,
                    format!("the answer {} is on an offensive-word list", word.word),
                );
            }
            if clue_words.contains(b) {
                bad(
                    4,
                    format!("the clue of {} holds the offensive {b}", word.word),
                );
            }
        }
    }
}

/// Rule 8: the numbered cells are letter cells that spell the solution.
fn check_solution(cells: &Cells, solution: &Solution, out: &mut Vec<Violation>) {
    let mut bad = |rule: u8, message: String| out.push(Violation { rule, message });
    let puzzle = cells.puzzle;
    let distinct: BTreeSet<&Pos> = solution.cells.iter().collect();
    if distinct.len() != solution.cells.len() {
        bad(8, "a solution cell is numbered twice".into());
    }
    if let Some(p) = solution.cells.iter().find(|p| !cells.is_letter(**p)) {
        bad(8, format!("the solution cell at {p} is no letter cell"));
    } else {
        let spelled: String = solution
            .cells
            .iter()
            .filter_map(|p| puzzle.grid[p.row][p.col])
            .collect();
        if spelled != solution.word {
            bad(
                8,
                format!("the numbered cells spell {spelled}, not {}", solution.word),
            );
        }
    }
}

/// The letters of a text in upper case, as a grid would hold them.
fn letters_of(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_uppercase)
        .collect()
}
