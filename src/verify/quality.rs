//! The quality goals of PRODUCT.md §3, measured on a finished word search
//! from its letters and word list alone: length variety, spread, parallel
//! bundles, compound readings, and the difficulty the solver faces.

use crate::model::quality::BUNDLE_REPORTED;
use crate::model::{CellKind, Direction, PlacedWord, Pos, Puzzle, Quality};
use std::collections::{BTreeMap, BTreeSet};

/// Neighbouring parallel words must run alongside for this many cells to
/// count as bundled.
const BUNDLE_OVERLAP: isize = 3;
/// Decoys: a word's first letters reading elsewhere in the grid.
const DECOY_PREFIX: usize = 3;

/// One word as a run of cells on a line of its axis.
struct Run {
    axis: usize,
    line: isize,
    from: isize,
    to: isize,
}

fn run_of(word: &PlacedWord) -> Run {
    let cells = word.cells();
    let key = |p: &Pos| -> (usize, isize, isize) {
        let (r, c) = (p.row as isize, p.col as isize);
        match word.direction {
            Direction::E | Direction::W => (0, r, c),
            Direction::S | Direction::N => (1, c, r),
            Direction::SE | Direction::NW => (2, c - r, r),
            Direction::SW | Direction::NE => (3, c + r, r),
        }
    };
    let (axis, line, a) = key(&cells[0]);
    let (_, _, b) = key(cells.last().expect("words have letters"));
    Run {
        axis,
        line,
        from: a.min(b),
        to: a.max(b),
    }
}

fn is_reversed(d: Direction) -> bool {
    matches!(
        d,
        Direction::W | Direction::N | Direction::NW | Direction::SW
    )
}

fn is_diagonal(d: Direction) -> bool {
    matches!(
        d,
        Direction::SE | Direction::NW | Direction::SW | Direction::NE
    )
}

/// Measures a word search. Words whose cells leave the grid are skipped
/// (`verify` reports them).
pub fn measure(puzzle: &Puzzle) -> Quality {
    let (w, h) = (puzzle.width(), puzzle.height());
    let inside = |p: &Pos| p.row < h && p.col < w;
    let words: Vec<_> = puzzle
        .words
        .iter()
        .filter(|x| !x.word.is_empty() && x.cells().iter().all(inside))
        .collect();
    let mut q = Quality::default();
    if words.is_empty() {
        return q;
    }
    let lengths: BTreeSet<usize> = words.iter().map(|x| x.word.chars().count()).collect();
    q.length_range = (
        *lengths.first().expect("non-empty"),
        *lengths.last().expect("non-empty"),
    );
    q.distinct_lengths = lengths.len();
    let n = words.len() as f64;
    q.reversed_share = words.iter().filter(|x| is_reversed(x.direction)).count() as f64 / n;
    q.diagonal_share = words.iter().filter(|x| is_diagonal(x.direction)).count() as f64 / n;

    let mut cover = vec![0u8; w * h];
    for x in &words {
        for p in x.cells() {
            cover[p.row * w + p.col] = cover[p.row * w + p.col].saturating_add(1);
        }
    }
    q.crossings = cover.iter().filter(|&&k| k >= 2).count();

    let runs: Vec<Run> = words.iter().map(|x| run_of(x)).collect();
    q.compounds = compounds(&words, &runs);
    (q.largest_bundle, q.bundled_words) = bundles(&runs);
    q.emptiest_region = emptiest_region(puzzle, &cover);
    if let Some(s) = puzzle.solution() {
        let ninths: BTreeSet<(usize, usize)> = s
            .cells
            .iter()
            .filter(|p| inside(p))
            .map(|p| (p.row * 3 / h, p.col * 3 / w))
            .collect();
        q.solution_regions = ninths.len();
        q.solution_letters = s.cells.len();
        q.solution_blocks = crate::model::quality::solution_blocks(&s.cells);
    }
    q.decoys = decoys(puzzle, &words);
    q.difficulty = difficulty(&q, words.len(), puzzle, &cover);
    q
}

/// Pairs of words on one line in one direction, the second starting right
/// after the first ends (RQ.P.01: "BASKET" and "BALL" read as "BASKETBALL").
fn compounds(words: &[&PlacedWord], runs: &[Run]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in words.iter().enumerate() {
        let (dr, dc) = a.direction.delta();
        let last = *a.cells().last().expect("words have letters");
        let next = (last.row as isize + dr, last.col as isize + dc);
        for (j, b) in words.iter().enumerate() {
            if i != j
                && b.direction == a.direction
                && runs[i].line == runs[j].line
                && (b.start.row as isize, b.start.col as isize) == next
            {
                out.push(format!("{}+{}", a.word, b.word));
            }
        }
    }
    out.sort();
    out
}

/// Parallel words on neighbouring lines running alongside each other: the
/// largest group and the words in groups of [`BUNDLE_REPORTED`] or more.
fn bundles(runs: &[Run]) -> (usize, usize) {
    let n = runs.len();
    let mut group: Vec<usize> = (0..n).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&runs[i], &runs[j]);
            let overlap = a.to.min(b.to) - a.from.max(b.from) + 1;
            if a.axis == b.axis && (a.line - b.line).abs() == 1 && overlap >= BUNDLE_OVERLAP {
                let (ra, rb) = (root(&mut group, i), root(&mut group, j));
                group[ra] = rb;
            }
        }
    }
    let mut sizes: BTreeMap<usize, usize> = BTreeMap::new();
    for i in 0..n {
        *sizes.entry(root(&mut group, i)).or_default() += 1;
    }
    let largest = sizes.values().copied().max().unwrap_or(0);
    let bundled = sizes.values().filter(|&&s| s >= BUNDLE_REPORTED).sum();
    (largest, bundled)
}

/// The least covered ninth of the grid (with at least four playable cells),
/// relative to the whole grid's share of cells under words.
fn emptiest_region(puzzle: &Puzzle, cover: &[u8]) -> f64 {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut playable = [[0usize; 3]; 3];
    let mut covered = [[0usize; 3]; 3];
    for p in puzzle.mask.positions() {
        if puzzle.mask.kind(p) == CellKind::Playable {
            let (r, c) = (p.row * 3 / h, p.col * 3 / w);
            playable[r][c] += 1;
            covered[r][c] += usize::from(cover[p.row * w + p.col] > 0);
        }
    }
    let total: usize = playable.iter().flatten().sum();
    let total_covered: usize = covered.iter().flatten().sum();
    if total == 0 || total_covered == 0 {
        return 0.0;
    }
    let average = total_covered as f64 / total as f64;
    let mut least = f64::INFINITY;
    for r in 0..3 {
        for c in 0..3 {
            if playable[r][c] >= 4 {
                least = least.min(covered[r][c] as f64 / playable[r][c] as f64 / average);
            }
        }
    }
    if least.is_finite() { least } else { 1.0 }
}

/// Starts (cell, direction) where some word's first [`DECOY_PREFIX`] letters
/// read but the word itself does not follow.
fn decoys(puzzle: &Puzzle, words: &[&PlacedWord]) -> usize {
    let mut by_prefix: BTreeMap<[char; DECOY_PREFIX], Vec<Vec<char>>> = BTreeMap::new();
    for x in words {
        let letters: Vec<char> = x.word.chars().collect();
        if letters.len() > DECOY_PREFIX {
            let mut key = [' '; DECOY_PREFIX];
            key.copy_from_slice(&letters[..DECOY_PREFIX]);
            by_prefix.entry(key).or_default().push(letters);
        }
    }
    let firsts: BTreeSet<char> = by_prefix.keys().map(|k| k[0]).collect();
    let (w, h) = (puzzle.width() as isize, puzzle.height() as isize);
    let read = |r: isize, c: isize| -> Option<char> {
        if r < 0 || c < 0 || r >= h || c >= w {
            return None;
        }
        puzzle.letter(Pos::new(r as usize, c as usize))
    };
    let mut count = 0;
    for r in 0..h {
        for c in 0..w {
            let Some(first) = read(r, c).filter(|ch| firsts.contains(ch)) else {
                continue;
            };
            'directions: for d in Direction::ALL {
                let (dr, dc) = d.delta();
                let mut key = [first; DECOY_PREFIX];
                for (i, slot) in key.iter_mut().enumerate().skip(1) {
                    match read(r + dr * i as isize, c + dc * i as isize) {
                        Some(ch) => *slot = ch,
                        None => continue 'directions,
                    }
                }
                let Some(list) = by_prefix.get(&key) else {
                    continue;
                };
                for full in list {
                    let whole = full
                        .iter()
                        .enumerate()
                        .all(|(i, &ch)| read(r + dr * i as isize, c + dc * i as isize) == Some(ch));
                    count += usize::from(!whole);
                }
            }
        }
    }
    count
}

/// 0–100: reading against the grain and diagonals weigh most, then decoys,
/// crossings (shared letters hide words) and filler around the words.
fn difficulty(q: &Quality, words: usize, puzzle: &Puzzle, cover: &[u8]) -> u8 {
    let playable = puzzle.mask.playable_count().max(1);
    let filler = cover
        .iter()
        .enumerate()
        .filter(|&(i, &k)| {
            k == 0
                && puzzle
                    .mask
                    .kind(Pos::new(i / puzzle.width(), i % puzzle.width()))
                    == CellKind::Playable
        })
        .count() as f64
        / playable as f64;
    let words = words.max(1) as f64;
    let crossings = (q.crossings as f64 / words).min(1.0);
    let decoys = (q.decoys as f64 / (2.0 * words)).min(1.0);
    let score = 0.30 * q.reversed_share.min(0.5) * 2.0
        + 0.25 * q.diagonal_share.min(0.5) * 2.0
        + 0.20 * decoys
        + 0.15 * crossings
        + 0.10 * (filler * 2.0).min(1.0);
    (score * 100.0).round().clamp(0.0, 100.0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Body, DirectionSet, Mask, Report, Rules};

    fn puzzle(rows: &[&str], words: &[(&str, usize, usize, Direction)]) -> Puzzle {
        let grid: Vec<Vec<Option<char>>> =
            rows.iter().map(|r| r.chars().map(Some).collect()).collect();
        let mask = Mask::rectangle(rows[0].len(), rows.len()).unwrap();
        Puzzle {
            mask,
            directions: DirectionSet::ALL,
            seed: 0,
            grid,
            words: words
                .iter()
                .map(|&(word, row, col, direction)| PlacedWord {
                    word: word.into(),
                    display: word.into(),
                    start: Pos::new(row, col),
                    direction,
                    vocabulary: "v".into(),
                    clue: None,
                    clue_edited: false,
                })
                .collect(),
            body: Body::WordSearch {
                rules: Rules::default(),
                solution: None,
            },
            report: Report::default(),
        }
    }

    #[test]
    fn compounds_bundles_and_crossings_are_found() {
        let p = puzzle(
            &[
                "BASKETBALL", //
                "CATSQQDOGS", //
                "RATSQQQQQQ", //
                "BATSQQQQQQ",
            ],
            &[
                ("BASKET", 0, 0, Direction::E),
                ("BALL", 0, 6, Direction::E),
                ("CATS", 1, 0, Direction::E),
                ("DOGS", 1, 6, Direction::E),
                ("RATS", 2, 0, Direction::E),
                ("BATS", 3, 0, Direction::E),
                ("BCRB", 0, 0, Direction::S),
            ],
        );
        let q = measure(&p);
        assert_eq!(q.compounds, vec!["BASKET+BALL".to_string()]);
        // BASKET, CATS, RATS, BATS side by side; BALL–DOGS only a pair.
        assert_eq!(q.largest_bundle, 4);
        assert_eq!(q.bundled_words, 4);
        assert_eq!(q.crossings, 4);
        assert_eq!(q.length_range, (4, 6));
        assert_eq!(q.distinct_lengths, 2);
        assert!(
            q.shortfalls(p.words.len())
                .iter()
                .any(|s| s.contains("BASKET+BALL"))
        );
    }

    #[test]
    fn solution_letters_bunched_in_a_corner_are_reported() {
        let rows = ["QQQQQQ", "QQQQQQ", "QQQQQQ", "QQQQQQ", "QQQQQQ", "QQQQQQ"];
        let mut p = puzzle(&rows, &[("QQQ", 0, 0, Direction::E)]);
        let solution = |cells: &[(usize, usize)]| crate::model::Solution {
            word: "Q".repeat(cells.len()),
            cells: cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
            groups: vec![cells.len()],
        };
        p.body = Body::WordSearch {
            rules: Rules::default(),
            solution: Some(solution(&[
                (0, 0),
                (0, 1),
                (1, 0),
                (1, 1),
                (0, 2),
                (0, 3),
                (1, 3),
            ])),
        };
        let q = measure(&p);
        assert_eq!((q.solution_regions, q.solution_letters), (2, 7));
        assert!(
            q.shortfalls(1)
                .iter()
                .any(|s| s.contains("2 of the grid's ninths"))
        );
        p.body = Body::WordSearch {
            rules: Rules::default(),
            solution: Some(solution(&[
                (0, 0),
                (0, 3),
                (2, 5),
                (3, 0),
                (4, 4),
                (5, 2),
                (5, 5),
            ])),
        };
        let q = measure(&p);
        assert!(q.solution_regions >= 5);
        assert!(!q.shortfalls(1).iter().any(|s| s.contains("ninths")));
    }

    #[test]
    fn reversed_words_diagonals_and_decoys_raise_the_difficulty() {
        let easy = puzzle(
            &["CATXX", "XXXXX", "DOGXX", "XXXXX", "XXXXX"],
            &[("CAT", 0, 0, Direction::E), ("DOG", 2, 0, Direction::E)],
        );
        let hard = puzzle(
            &["TACGX", "XXOXX", "XDXXX", "LIONX", "LIOXX"],
            &[
                ("CAT", 0, 2, Direction::W),
                ("DOG", 2, 1, Direction::NE),
                ("LION", 3, 0, Direction::E),
            ],
        );
        let (qe, qh) = (measure(&easy), measure(&hard));
        assert_eq!(qe.reversed_share, 0.0);
        assert_eq!(qh.decoys, 1, "LIO without the N in the last row");
        assert!(qh.difficulty > qe.difficulty + 20, "{qe:?} {qh:?}");
        assert_eq!(qe.difficulty_label(), "easy");
    }
}
