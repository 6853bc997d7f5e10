//! Checks a word rectangle from its letters and word list alone: a full
//! block of upper-case letters; every row listed as a word across (E from
//! column 0) and every column as a word down (S from row 0); no word twice;
//! no offensive word; and the fill-in has exactly one solution — found by a
//! plain backtracking over the across words (independent of the
//! generator's tries).

use super::Violation;
use crate::model::{Direction, Pos, Puzzle};
use std::collections::BTreeSet;

/// Every broken rule of a word rectangle.
pub fn verify(puzzle: &Puzzle, banned: &[String]) -> Vec<Violation> {
    let mut out = Vec::new();
    let (w, h) = (puzzle.width(), puzzle.height());
    if puzzle.grid.len() != h || puzzle.grid.iter().any(|r| r.len() != w) {
        bad(&mut out, 0, format!("the grid is not {w} × {h}"));
        return out;
    }
    let rows = row_texts(puzzle, &mut out);
    if !out.is_empty() || puzzle.mask.playable_count() != w * h {
        bad(
            &mut out,
            0,
            "a word rectangle fills every cell of its block".into(),
        );
        return out;
    }
    let columns: Vec<String> = (0..w)
        .map(|c| {
            rows.iter()
                .map(|r| r.chars().nth(c).unwrap_or(' '))
                .collect()
        })
        .collect();
    check_lines_listed(puzzle, &rows, &columns, &mut out);
    let across: Vec<&str> = puzzle
        .words
        .iter()
        .filter(|x| x.direction == Direction::E)
        .map(|x| x.word.as_str())
        .collect();
    let down: Vec<&str> = puzzle
        .words
        .iter()
        .filter(|x| x.direction == Direction::S)
        .map(|x| x.word.as_str())
        .collect();
    if across.len() != h || down.len() != w || puzzle.words.len() != w + h {
        bad(
            &mut out,
            1,
            format!(
                "{} words listed; a {w}×{h} rectangle has {h} across and {w} down",
                puzzle.words.len()
            ),
        );
    }
    check_words(&across, &down, &rows, banned, &mut out);
    if !out.is_empty() {
        return out;
    }
    let solutions = count_fills(&across, &down, w, h);
    if solutions != 1 {
        bad(
            &mut out,
            9,
            format!(
                "the fill-in has {} solutions from its word list, not exactly one",
                if solutions > 1 {
                    "several".to_string()
                } else {
                    "no".to_string()
                }
            ),
        );
    }
    out
}

/// Rules 3 and 4: no word twice, no offensive word listed or reading
/// anywhere in the block, in any direction.
fn check_words(
    across: &[&str],
    down: &[&str],
    rows: &[String],
    banned: &[String],
    out: &mut Vec<Violation>,
) {
    let mut seen = BTreeSet::new();
    for word in across.iter().chain(down) {
        if !seen.insert(*word) {
            bad(out, 3, format!("{word} is used twice"));
        }
        if banned.iter().any(|b| b == word) {
            bad(out, 4, format!("{word} is an offensive word"));
        }
    }
    // 4 also: no offensive word reads anywhere in the block, any direction.
    for b in banned.iter().filter(|b| !b.is_empty()) {
        if across.iter().chain(down).any(|w| w == b) {
            continue;
        }
        if let Some((p, d)) = reading(rows, b) {
            bad(
                out,
                4,
                format!("the offensive word {b} reads from {p} running {d}"),
            );
        }
    }
}

/// Each row's letters; a cell without a capital letter is reported.
fn row_texts(puzzle: &Puzzle, out: &mut Vec<Violation>) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    for (r, row) in puzzle.grid.iter().enumerate() {
        let mut text = String::new();
        for (c, cell) in row.iter().enumerate() {
            match cell {
                Some(ch) if crate::model::word::is_grid_letter(*ch) => text.push(*ch),
                other => bad(
                    out,
                    0,
                    format!(
                        "cell at {} holds {other:?}, not an upper-case letter",
                        Pos::new(r, c)
                    ),
                ),
            }
        }
        rows.push(text);
    }
    rows
}

/// Rule 1: every row listed across from its first cell, every column down.
fn check_lines_listed(
    puzzle: &Puzzle,
    rows: &[String],
    columns: &[String],
    out: &mut Vec<Violation>,
) {
    for (r, row) in rows.iter().enumerate() {
        let listed = puzzle
            .words
            .iter()
            .any(|x| x.direction == Direction::E && x.start == Pos::new(r, 0) && &x.word == row);
        if !listed {
            bad(
                out,
                1,
                format!("row {} reads {row}, which is not listed across", r + 1),
            );
        }
    }
    for (c, column) in columns.iter().enumerate() {
        let listed = puzzle
            .words
            .iter()
            .any(|x| x.direction == Direction::S && x.start == Pos::new(0, c) && &x.word == column);
        if !listed {
            bad(
                out,
                1,
                format!("column {} reads {column}, which is not listed down", c + 1),
            );
        }
    }
}

/// Where `word` reads in the block of `rows`, in any of the eight
/// directions: its first cell and direction.
fn reading(rows: &[String], word: &str) -> Option<(Pos, Direction)> {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (grid.len(), grid.first().map_or(0, Vec::len));
    let word: Vec<char> = word.chars().collect();
    for r in 0..h {
        for c in 0..w {
            for d in Direction::ALL {
                let reads = word.iter().enumerate().all(|(i, ch)| {
                    Pos::new(r, c)
                        .step(d, i, w, h)
                        .is_some_and(|p| grid[p.row][p.col] == *ch)
                });
                if reads {
                    return Some((Pos::new(r, c), d));
                }
            }
        }
    }
    None
}

fn bad(out: &mut Vec<Violation>, rule: u8, message: String) {
    out.push(Violation { rule, message });
}

/// Fills the block row by row from the across words (each once) so that
/// every column stays the start of an unused down word; counts up to 2.
fn count_fills(across: &[&str], down: &[&str], w: usize, h: usize) -> usize {
    let across: Vec<Vec<char>> = across.iter().map(|s| s.chars().collect()).collect();
    let down: Vec<Vec<char>> = down.iter().map(|s| s.chars().collect()).collect();
    let mut used = vec![false; across.len()];
    let mut chosen: Vec<usize> = Vec::new();
    // Column by column over the chosen rows; an iterator would hide the index.
    #[allow(clippy::needless_range_loop)]
    fn columns_ok(
        across: &[Vec<char>],
        down: &[Vec<char>],
        chosen: &[usize],
        w: usize,
        h: usize,
    ) -> bool {
        let depth = chosen.len();
        let mut used_down = vec![false; down.len()];
        for c in 0..w {
            let prefix: Vec<char> = chosen.iter().map(|&r| across[r][c]).collect();
            // A column is complete at the last row: it must be a distinct down word.
            let found = (0..down.len())
                .find(|&d| !used_down[d] && down[d].len() == h && down[d][..depth] == prefix[..]);
            match found {
                Some(d) if depth == h => used_down[d] = true,
                Some(_) => {}
                None => return false,
            }
        }
        true
    }
    fn go(
        across: &[Vec<char>],
        down: &[Vec<char>],
        used: &mut [bool],
        chosen: &mut Vec<usize>,
        w: usize,
        h: usize,
    ) -> usize {
        if chosen.len() == h {
            return 1;
        }
        let mut total = 0;
        for i in 0..across.len() {
            if used[i] || across[i].len() != w {
                continue;
            }
            used[i] = true;
            chosen.push(i);
            if columns_ok(across, down, chosen, w, h) {
                total += go(across, down, used, chosen, w, h);
            }
            chosen.pop();
            used[i] = false;
            if total >= 2 {
                break;
            }
        }
        total
    }
    go(&across, &down, &mut used, &mut chosen, w, h)
}
