//! Property tests: the generator over random shapes, sizes, direction sets,
//! word sets, solution words and seeds; every puzzle it returns must pass
//! the independent verifier.

mod common;

use gridpress::GenerateError;
use gridpress::generate::{Generator, Options};
use gridpress::model::{Direction, DirectionSet, Shape, UmlautMode, Word};
use gridpress::verify::verify;
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
    let generator = Generator::new(spec)?;
    generator.generate(&Options {
        seed: case.seed,
        time_limit,
        cancel: None,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_puzzle_passes_verify(case in case()) {
        match run(&case, Duration::from_millis(300)) {
            Ok(puzzle) => {
                let violations = verify(&puzzle, &common::banned());
                prop_assert!(violations.is_empty(), "{case:?}\n{}\n{violations:?}", puzzle.to_text());
                // Nothing dropped silently: fewer words always comes with a reason.
                let wanted = match case.words { Words::Must(n) => n, Words::Pick(n) => n };
                if puzzle.words.len() < wanted {
                    prop_assert!(!puzzle.report.relaxed.is_empty(), "{case:?}");
                }
                if case.solution.is_some() && puzzle.solution.is_none() {
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
