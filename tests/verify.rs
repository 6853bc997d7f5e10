//! The verifier proven rule by rule (issue 12): a valid puzzle of each
//! kind passes; broken in exactly one respect, exactly that rule fires.
//! Removing a rule's check from `verify` makes its test here fail.

use gridpress::model::{
    Body, CellKind, Direction, DirectionSet, Mask, PlacedWord, Pos, Puzzle, PuzzleSpec, Report,
    Rules, Solution, SpecVocabulary, UmlautMode, Word,
};
use gridpress::verify::{Violation, verify, verify_against};
use std::collections::BTreeSet;

fn rules(violations: &[Violation]) -> BTreeSet<u8> {
    violations.iter().map(|v| v.rule).collect()
}

fn placed(word: &str, row: usize, col: usize, direction: Direction) -> PlacedWord {
    PlacedWord {
        word: word.into(),
        display: word.into(),
        start: Pos::new(row, col),
        direction,
        vocabulary: "v".into(),
        clue: None,
        clue_edited: false,
    }
}

/// Writes `word` into the grid from (row, col) along `direction`.
fn write(grid: &mut [Vec<Option<char>>], word: &str, row: usize, col: usize, d: Direction) {
    let (dr, dc) = d.delta();
    for (i, ch) in word.chars().enumerate() {
        let r = (row as isize + dr * i as isize) as usize;
        let c = (col as isize + dc * i as isize) as usize;
        grid[r][c] = Some(ch);
    }
}

/// 12×6, all directions, filler Q: PLANET across the top, DOG down the
/// right-hand side. Valid.
fn base() -> Puzzle {
    let (w, h) = (12, 6);
    let mut grid = vec![vec![Some('Q'); w]; h];
    write(&mut grid, "PLANET", 0, 0, Direction::E);
    write(&mut grid, "DOG", 2, 11, Direction::S);
    Puzzle {
        mask: Mask::rectangle(w, h).unwrap(),
        directions: DirectionSet::ALL,
        seed: 1,
        grid,
        words: vec![
            placed("PLANET", 0, 0, Direction::E),
            placed("DOG", 2, 11, Direction::S),
        ],
        body: Body::WordSearch {
            rules: Rules::default(),
            solution: None,
        },
        report: Report::default(),
    }
}

/// `puzzle` with `word` written into its grid and listed.
fn with_word(mut puzzle: Puzzle, word: &str, row: usize, col: usize, d: Direction) -> Puzzle {
    write(&mut puzzle.grid, word, row, col, d);
    puzzle.words.push(placed(word, row, col, d));
    puzzle
}

fn spec_for(puzzle: &Puzzle) -> PuzzleSpec {
    let words = puzzle
        .words
        .iter()
        .map(|w| Word::new(&w.word, None, UmlautMode::Keep).unwrap())
        .collect();
    PuzzleSpec::new(
        puzzle.mask.clone(),
        vec![SpecVocabulary {
            name: "v".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    )
}

#[track_caller]
fn only(puzzle: &Puzzle, banned: &[String], rule: u8) {
    let v = verify(puzzle, banned);
    assert_eq!(
        rules(&v),
        BTreeSet::from([rule]),
        "{v:#?}\n{}",
        puzzle.to_text()
    );
}

#[test]
fn the_valid_puzzle_passes() {
    let p = base();
    assert_eq!(verify(&p, &[]), vec![]);
    assert_eq!(verify_against(&p, &spec_for(&p)), vec![]);
}

#[test]
fn rule_0_letters_exactly_on_playable_cells() {
    let mut p = base();
    p.grid[5][0] = Some('q');
    only(&p, &[], 0);
    let mut p = base();
    p.grid[5][1] = None;
    only(&p, &[], 0);
    let mut p = base();
    p.grid.pop();
    only(&p, &[], 0);
}

#[test]
fn rule_1_words_on_playable_cells_matching_letters_in_enabled_directions() {
    let mut p = base();
    p.directions = DirectionSet::parse_list("E,W,N,SE,NW,SW,NE").unwrap();
    only(&p, &[], 1);
    let mut p = base();
    p.mask.set(Pos::new(5, 5), CellKind::Outside);
    only(&p, &[], 1);
    let mut p = base();
    p.grid[3][11] = Some('X');
    only(&p, &[], 1);
    let mut p = base();
    p.words[1].start = Pos::new(4, 11);
    p.grid[2][11] = Some('Q');
    p.grid[3][11] = Some('Q');
    p.grid[4][11] = Some('D');
    p.grid[5][11] = Some('O');
    only(&p, &[], 1);
}

#[test]
fn rule_2_two_words_share_at_most_one_cell() {
    // ETUDES runs on from PLANET's E and T: two shared cells, each word
    // within its overlap limit (2 of 6).
    let p = with_word(base(), "ETUDES", 0, 4, Direction::E);
    only(&p, &[], 2);
}

#[test]
fn rule_3_at_most_two_words_a_cell() {
    // ANT and ASK both start on PLANET's A: three words on one cell.
    let p = with_word(base(), "ANT", 0, 2, Direction::S);
    let p = with_word(p, "ASK", 0, 2, Direction::SE);
    only(&p, &[], 3);
}

#[test]
fn rule_4_a_word_overlapped_on_at_most_a_third() {
    // LUX crosses PLANET and AXIS: 2 of its 3 letters shared.
    let p = with_word(base(), "LUX", 0, 1, Direction::S);
    let p = with_word(p, "AXIS", 2, 0, Direction::E);
    only(&p, &[], 4);
}

#[test]
fn rule_5_each_word_once_and_from_the_request() {
    // Listed twice, in two places: it also reads twice (rule 6) — a word
    // listed twice cannot break rule 5 alone.
    let p = with_word(base(), "DOG", 5, 0, Direction::E);
    assert_eq!(rules(&verify(&p, &[])), BTreeSet::from([5, 6]));
    // Against the request: two words of one exclusion group.
    let p = base();
    let mut spec = spec_for(&p);
    spec.exclusion_groups = vec![vec!["PLANET".chars().collect(), "DOG".chars().collect()]];
    let v = verify_against(&p, &spec);
    assert_eq!(rules(&v), BTreeSet::from([5]), "{v:?}");
    // A word from no vocabulary.
    let mut spec = spec_for(&p);
    spec.vocabularies[0].words.pop();
    let v = verify_against(&p, &spec);
    assert_eq!(rules(&v), BTreeSet::from([5]), "{v:?}");
    // A must-use word missing without a reason in the report.
    let mut spec = spec_for(&p);
    spec.vocabularies[0].must_use = true;
    spec.vocabularies[0]
        .words
        .push(Word::new("Comet", None, UmlautMode::Keep).unwrap());
    let v = verify_against(&p, &spec);
    assert_eq!(rules(&v), BTreeSet::from([5]), "{v:?}");
    // A message naming it is no excuse; the report's list of unplaced
    // must-use words is.
    let mut p = base();
    p.report.relaxed = vec!["COMET did not fit".into()];
    assert_eq!(rules(&verify_against(&p, &spec)), BTreeSet::from([5]));
    p.report.unplaced = vec!["COMET".into()];
    assert_eq!(verify_against(&p, &spec), vec![]);
}

#[test]
fn rule_6_each_word_reads_exactly_once() {
    let mut p = base();
    write(&mut p.grid, "GOD", 5, 0, Direction::E);
    only(&p, &[], 6);
}

#[test]
fn rule_7_no_banned_word_anywhere() {
    let mut p = base();
    write(&mut p.grid, "ZAP", 4, 2, Direction::NE);
    only(&p, &["ZAP".to_string()], 7);
    // Forward, backward, any direction: the reversed reading counts too.
    only(&p, &["PAZ".to_string()], 7);
}

#[test]
fn rule_8_the_free_cells_spell_the_solution() {
    let with_solution = || {
        let mut p = base();
        let covered: BTreeSet<Pos> = p.words.iter().flat_map(|w| w.cells()).collect();
        let cells: Vec<Pos> = p
            .mask
            .positions()
            .filter(|c| !covered.contains(c))
            .collect();
        let word = cells
            .iter()
            .map(|c| p.grid[c.row][c.col].unwrap())
            .collect();
        let groups = vec![cells.len()];
        *p.solution_slot().unwrap() = Some(Solution {
            word,
            cells,
            groups,
        });
        p
    };
    assert_eq!(verify(&with_solution(), &[]), vec![]);
    let mut p = with_solution();
    p.solution_slot().unwrap().as_mut().unwrap().word.pop();
    p.solution_slot().unwrap().as_mut().unwrap().word.push('Z');
    only(&p, &[], 8);
    let mut p = with_solution();
    p.solution_slot().unwrap().as_mut().unwrap().cells.pop();
    only(&p, &[], 8);
    let mut p = with_solution();
    p.grid[5][11] = Some('Z');
    only(&p, &[], 8);
}

#[test]
fn rule_9_pre_assigned_letters_and_words_kept() {
    let p = base();
    let mut spec = spec_for(&p);
    spec.letters = vec![(Pos::new(0, 0), 'P')];
    assert_eq!(verify_against(&p, &spec), vec![]);
    spec.letters = vec![(Pos::new(0, 0), 'B')];
    let v = verify_against(&p, &spec);
    assert_eq!(rules(&v), BTreeSet::from([9]), "{v:?}");
    let mut spec = spec_for(&p);
    spec.preassigned_words = vec![gridpress::model::PreassignedWord {
        word: Word::new("Dog", None, UmlautMode::Keep).unwrap(),
        start: Pos::new(1, 11),
        direction: Direction::S,
    }];
    let v = verify_against(&p, &spec);
    assert_eq!(rules(&v), BTreeSet::from([9]), "{v:?}");
}

/// PAL / OHO / LAP with POL, AHA, LOP down: valid but for its fill-in,
/// which has two solutions (LAP / OHO / PAL fits the same words).
fn rectangle(rows: [&str; 3], across: &[&str], down: &[&str]) -> Puzzle {
    let grid = rows.iter().map(|r| r.chars().map(Some).collect()).collect();
    let mut words: Vec<PlacedWord> = across
        .iter()
        .enumerate()
        .map(|(r, w)| placed(w, r, 0, Direction::E))
        .collect();
    words.extend(
        down.iter()
            .enumerate()
            .map(|(c, w)| placed(w, 0, c, Direction::S)),
    );
    Puzzle {
        mask: Mask::rectangle(3, 3).unwrap(),
        directions: DirectionSet::parse_list("E,S").unwrap(),
        seed: 1,
        grid,
        words,
        body: Body::WordRectangle,
        report: Report::default(),
    }
}

fn cat_ore_wed() -> Puzzle {
    rectangle(
        ["CAT", "ORE", "WED"],
        &["CAT", "ORE", "WED"],
        &["COW", "ARE", "TED"],
    )
}

#[test]
fn word_rectangles_rule_by_rule() {
    let good = cat_ore_wed();
    assert_eq!(verify(&good, &[]), vec![]);
    // 0: a full block of upper-case letters.
    let mut p = cat_ore_wed();
    p.grid[1][1] = Some('r');
    only(&p, &[], 0);
    // 1: every row and column listed.
    let mut p = cat_ore_wed();
    p.words.pop();
    only(&p, &[], 1);
    let mut p = cat_ore_wed();
    p.words[0].word = "COT".into();
    only(&p, &[], 1);
    // 3: no word twice (a word square lists each word across and down).
    let p = rectangle(
        ["CAT", "ARE", "TEN"],
        &["CAT", "ARE", "TEN"],
        &["CAT", "ARE", "TEN"],
    );
    only(&p, &[], 3);
    // 4: no offensive word, listed or read anywhere in the block (the
    // diagonal C-R-D backwards here).
    only(&good, &["ORE".to_string()], 4);
    only(&good, &["DRC".to_string()], 4);
    // 9: exactly one fill-in.
    let p = rectangle(
        ["PAL", "OHO", "LAP"],
        &["PAL", "OHO", "LAP"],
        &["POL", "AHA", "LOP"],
    );
    only(&p, &[], 9);
}
