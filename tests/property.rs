//! Property tests: the generator over random shapes, sizes, direction sets,
//! word sets, solution words and seeds; every puzzle it returns must pass
//! the independent verifier.

mod common;

use gridpress::GenerateError;
use gridpress::generate::{Generator, Options};
use gridpress::model::{Direction, DirectionSet, Shape, UmlautMode, Word};
use gridpress::verify::{verify, verify_against};
use proptest::prelude::*;
use std::time::Duration;

#[derive(Debug, Clone)]
enum Words {
    /// Every one of the first `n` WoSeCon words must be placed.
    Must(usize),
    /// Draw `n` words from the sea-life list.
    Pick(usize),
}

#[derive(Debug, Clone)]
struct Case {
    shape: Shape,
    width: usize,
    height: usize,
    directions: DirectionSet,
    words: Words,
    solution: Option<&'static str>,
    restrict: Option<(usize, usize, usize, usize)>,
    decoy_filler: bool,
    seed: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::sample::select(Shape::ALL.to_vec()),
        6usize..=20,
        6usize..=20,
        prop::collection::vec(prop::sample::select(Direction::ALL.to_vec()), 1..=8),
        prop_oneof![
            (2usize..=12).prop_map(Words::Must),
            (3usize..=16).prop_map(Words::Pick)
        ],
        prop::option::weighted(
            0.3,
            prop::sample::select(vec!["SEA", "OCEAN", "TIDES", "WATERS", "HARBOUR"]),
        ),
        prop::option::weighted(0.3, (0usize..6, 0usize..6, 1usize..4, 1usize..4)),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(
            |(shape, width, height, dirs, words, solution, restrict, decoy_filler, seed)| Case {
                shape,
                width,
                height,
                directions: dirs.into_iter().collect(),
                words,
                solution,
                restrict,
                decoy_filler,
                seed,
            },
        )
}

fn run(case: &Case, time_limit: Duration) -> Result<gridpress::model::Puzzle, GenerateError> {
    run_with_spec(case, time_limit).map(|(p, _)| p)
}

/// Generates `case`; the puzzle with the spec it was asked for.
fn run_with_spec(
    case: &Case,
    time_limit: Duration,
) -> Result<(gridpress::model::Puzzle, gridpress::model::PuzzleSpec), GenerateError> {
    let mut mask = case.shape.mask(case.width, case.height)?;
    if let Some((c, r, w, h)) = case.restrict {
        mask.restrict(c, r, w, h);
        if mask.playable_count() == 0 {
            return Err(GenerateError::Impossible("restricted everything".into()));
        }
    }
    let (words, must) = match case.words {
        Words::Must(n) => (
            common::words("figure2-34-words.txt")
                .into_iter()
                .take(n)
                .collect(),
            true,
        ),
        Words::Pick(_) => (common::words("sea-life.txt"), false),
    };
    let mut spec = common::spec(mask, words, must);
    spec.directions = case.directions;
    spec.decoy_filler = case.decoy_filler;
    if let Words::Pick(n) = case.words {
        spec.pick = Some(gridpress::model::WordCount::Exact(n));
    }
    spec.solution = case
        .solution
        .map(|s| Word::new(s, None, UmlautMode::Keep).unwrap());
    let generator = Generator::new(spec.clone())?;
    let puzzle = generator.generate(&Options {
        seed: case.seed,
        time_limit,
        cancel: None,
    })?;
    Ok((puzzle, spec))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_puzzle_passes_verify(case in case()) {
        match run_with_spec(&case, Duration::from_millis(300)) {
            Ok((puzzle, spec)) => {
                let violations = verify(&puzzle, &common::banned());
                prop_assert!(violations.is_empty(), "{case:?}\n{}\n{violations:?}", puzzle.to_text());
                // Against the request, not only the rules the puzzle declares.
                let against = verify_against(&puzzle, &spec);
                prop_assert!(against.is_empty(), "{case:?}\n{against:?}");
                prop_assert_eq!(&puzzle.mask, &spec.mask);
                prop_assert_eq!(puzzle.directions, spec.directions);
                let gridpress::model::Body::WordSearch { rules, .. } = &puzzle.body else {
                    panic!("a word search came back as {:?}", puzzle.kind());
                };
                prop_assert_eq!(rules, &spec.rules);
                // Nothing dropped silently: fewer words always comes with a reason.
                let wanted = match case.words { Words::Must(n) => n, Words::Pick(n) => n };
                if puzzle.words.len() < wanted {
                    prop_assert!(!puzzle.report.relaxed.is_empty(), "{case:?}");
                }
                if case.solution.is_some() && puzzle.solution().is_none() {
                    prop_assert!(puzzle.report.relaxed.iter().any(|r| r.contains("solution")), "{case:?}");
                }
            }
            Err(GenerateError::Impossible(_) | GenerateError::NoSolution(_) | GenerateError::TimedOut(_)) => {}
            Err(e) => prop_assert!(false, "{case:?}: unexpected error {e}"),
        }
    }
}

/// Easy requests must succeed in full, so the property above cannot pass
/// by refusing everything.
#[test]
fn easy_requests_succeed_in_full() {
    for seed in 0..40 {
        for (w, h, dirs) in [
            (12, 12, DirectionSet::ALL),
            (10, 14, DirectionSet::parse_list("E,S").unwrap()),
        ] {
            let case = Case {
                shape: Shape::Rectangle,
                width: w,
                height: h,
                directions: dirs,
                words: Words::Must(10),
                solution: None,
                restrict: Some((2, 2, 3, 2)),
                decoy_filler: seed % 2 == 1,
                seed,
            };
            // A generous limit: this checks completeness, not speed.
            let puzzle = run(&case, Duration::from_secs(20)).unwrap();
            assert_eq!(puzzle.words.len(), 10);
            let v = verify(&puzzle, &common::banned());
            assert!(v.is_empty(), "seed {seed}: {v:?}\n{}", puzzle.to_text());
            assert!(
                puzzle.report.relaxed.is_empty(),
                "{:?}",
                puzzle.report.relaxed
            );
        }
    }
}

/// Same spec and seed, same puzzle; another seed, another puzzle.
#[test]
fn deterministic_for_a_seed() {
    let make = |seed| {
        let case = Case {
            shape: Shape::Heart,
            width: 15,
            height: 15,
            directions: DirectionSet::ALL,
            words: Words::Pick(14),
            solution: None,
            restrict: None,
            decoy_filler: true,
            seed,
        };
        gridpress::export::json::to_string(&run(&case, Duration::from_secs(20)).unwrap())
    };
    assert_eq!(make(7), make(7));
    assert_ne!(make(7), make(8));
}

/// The property above cannot pass by refusing: over a fixed sample of its
/// random cases, at least this share comes back as a verified puzzle
/// (measured: MEASURED of 200; see the test).
#[test]
fn most_random_requests_give_a_puzzle() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = case();
    let (mut made, mut refused, mut no_solution, mut timed_out) = (0, 0, 0, 0);
    let mut cross_checked = 0;
    for _ in 0..200 {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        match run_with_spec(&case, Duration::from_millis(300)) {
            Ok((puzzle, spec)) => {
                assert!(verify(&puzzle, &common::banned()).is_empty(), "{case:?}");
                assert!(verify_against(&puzzle, &spec).is_empty(), "{case:?}");
                made += 1;
            }
            Err(GenerateError::Impossible(_)) => refused += 1,
            Err(GenerateError::NoSolution(_)) => {
                no_solution += 1;
                // A proof of impossibility, cross-checked where small enough.
                let spec = no_solution_spec(&case);
                if let Some(found) = brute_force(&spec, 3_000_000) {
                    assert!(!found, "{case:?}: claimed impossible, but the words fit");
                    cross_checked += 1;
                }
            }
            Err(GenerateError::TimedOut(_)) => timed_out += 1,
            Err(e) => panic!("{case:?}: {e}"),
        }
    }
    eprintln!(
        "made {made}, refused {refused}, no solution {no_solution} ({cross_checked} cross-checked), timed out {timed_out}"
    );
    assert!(
        made >= 140,
        "only {made} of 200 random requests gave a puzzle"
    );
    assert!(
        cross_checked >= 1,
        "no impossibility claim was small enough to cross-check"
    );
}

/// The spec of a case that was found impossible (must-use words only).
fn no_solution_spec(case: &Case) -> gridpress::model::PuzzleSpec {
    let mut mask = case.shape.mask(case.width, case.height).unwrap();
    if let Some((c, r, w, h)) = case.restrict {
        mask.restrict(c, r, w, h);
    }
    let Words::Must(n) = case.words else {
        panic!("drawn words never end in NoSolution: {case:?}")
    };
    let words = common::words("figure2-34-words.txt")
        .into_iter()
        .take(n)
        .collect();
    let mut spec = common::spec(mask, words, true);
    spec.directions = case.directions;
    spec
}

/// Whether the must-use words of `spec` fit the shape under the sharing
/// rules with no word readable twice among the placed letters, by plain
/// exhaustive search (no generator code); `None` past `budget` nodes.
/// The solution word and filler are ignored: the generator's last level
/// drops the solution, and filler only has to avoid readings.
fn brute_force(spec: &gridpress::model::PuzzleSpec, budget: u64) -> Option<bool> {
    use gridpress::model::{CellKind, Pos};
    let mask = &spec.mask;
    let (w, h) = (mask.width(), mask.height());
    let words: Vec<Vec<char>> = spec.vocabularies[0]
        .words
        .iter()
        .map(|x| x.letters.clone())
        .collect();
    let cells_of = |start: Pos, dir: Direction, len: usize| -> Option<Vec<Pos>> {
        (0..len)
            .map(|i| start.step(dir, i, w, h))
            .map(|p| p.filter(|p| mask.kind(*p) == CellKind::Playable))
            .collect()
    };
    let mut candidates: Vec<Vec<Vec<Pos>>> = words
        .iter()
        .map(|word| {
            mask.positions()
                .flat_map(|p| spec.directions.iter().map(move |d| (p, d)))
                .filter_map(|(p, d)| cells_of(p, d, word.len()))
                .collect()
        })
        .collect();
    let mut order: Vec<usize> = (0..words.len()).collect();
    order.sort_by_key(|&i| candidates[i].len());
    let words: Vec<Vec<char>> = order.iter().map(|&i| words[i].clone()).collect();
    candidates = order.iter().map(|&i| candidates[i].clone()).collect();

    struct State {
        letter: Vec<Option<char>>,
        users: Vec<u8>,
        placed: Vec<Vec<Pos>>,
        nodes: u64,
    }
    let index = |p: &Pos| p.row * w + p.col;
    fn fits(
        s: &State,
        word: &[char],
        cells: &[Pos],
        rules: &gridpress::model::Rules,
        index: &dyn Fn(&Pos) -> usize,
    ) -> bool {
        let limit = |len: usize| (len as f64 * rules.max_overlap_fraction + 1e-9).floor() as usize;
        let mut overlapped = 0;
        for (p, c) in cells.iter().zip(word) {
            let i = index(p);
            if s.letter[i].is_some_and(|l| l != *c) || s.users[i] >= rules.max_words_per_cell {
                return false;
            }
            overlapped += usize::from(s.users[i] > 0);
        }
        if overlapped > limit(word.len()) {
            return false;
        }
        s.placed.iter().all(|other| {
            let shared = other.iter().filter(|p| cells.contains(p)).count();
            let already = other.iter().filter(|p| s.users[index(p)] > 1).count();
            let newly = other
                .iter()
                .filter(|p| s.users[index(p)] == 1 && cells.contains(p))
                .count();
            shared <= 1 && already + newly <= limit(other.len())
        })
    }
    fn readings(s: &State, word: &[char], w: usize, h: usize, dirs: &[Direction]) -> usize {
        let mut n = 0;
        for row in 0..h {
            for col in 0..w {
                for &d in dirs {
                    let ok = word.iter().enumerate().all(|(i, c)| {
                        Pos::new(row, col)
                            .step(d, i, w, h)
                            .is_some_and(|p| s.letter[p.row * w + p.col] == Some(*c))
                    });
                    n += usize::from(ok);
                }
            }
        }
        n
    }
    #[allow(clippy::too_many_arguments)]
    fn go(
        s: &mut State,
        k: usize,
        words: &[Vec<char>],
        candidates: &[Vec<Vec<Pos>>],
        rules: &gridpress::model::Rules,
        index: &dyn Fn(&Pos) -> usize,
        (w, h, budget): (usize, usize, u64),
    ) -> Option<bool> {
        s.nodes += 1;
        if s.nodes > budget {
            return None;
        }
        if k == words.len() {
            let all: Vec<Direction> = Direction::ALL.to_vec();
            return Some(words.iter().all(|word| readings(s, word, w, h, &all) == 1));
        }
        for cells in &candidates[k] {
            if !fits(s, &words[k], cells, rules, index) {
                continue;
            }
            let before: Vec<Option<char>> = cells.iter().map(|p| s.letter[index(p)]).collect();
            for (p, c) in cells.iter().zip(&words[k]) {
                s.letter[index(p)] = Some(*c);
                s.users[index(p)] += 1;
            }
            s.placed.push(cells.clone());
            let found = go(s, k + 1, words, candidates, rules, index, (w, h, budget));
            s.placed.pop();
            for (p, b) in cells.iter().zip(before) {
                s.letter[index(p)] = b;
                s.users[index(p)] -= 1;
            }
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
    let mut state = State {
        letter: vec![None; w * h],
        users: vec![0; w * h],
        placed: Vec::new(),
        nodes: 0,
    };
    go(
        &mut state,
        0,
        &words,
        &candidates,
        &spec.rules,
        &index,
        (w, h, budget),
    )
}
