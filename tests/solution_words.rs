//! Solution-word puzzles whose word count the grid chooses (issue 11): over
//! random shapes, ad areas, vocabularies and solution words every result
//! passes `verify` and `verify_against` its request, and every request
//! listed in `tests/data/solution-requests.txt` (each kept its solution
//! word when it was recorded) still keeps it.

mod common;

use gridpress::GenerateError;
use gridpress::generate::{Generator, Options};
use gridpress::model::{DirectionSet, Puzzle, Shape, UmlautMode, Vocabulary, Word, WordCount};
use gridpress::verify::{verify, verify_against};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use std::time::Duration;

/// A request in the one-line form of `solution-requests.txt`:
/// `SHAPE COLSxROWS DIRECTIONS VOCABULARY SOLUTION RESTRICT COUNT SEED`.
#[derive(Debug, Clone)]
struct Request {
    shape: Shape,
    width: usize,
    height: usize,
    directions: String,
    /// `sea-life`, or `+`-joined `am:MIN-MAX:STEP:N` parts: the first N
    /// of every STEP-th lower-case `wamerican` word of MIN–MAX letters.
    vocabulary: String,
    solution: String,
    /// `none` or `COL,ROW,W,H`.
    restrict: String,
    /// `auto` or `MIN-MAX`.
    count: String,
    seed: u64,
}

impl Request {
    fn parse(line: &str) -> Request {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 8, "a request has 8 fields: {line}");
        let (w, h) = f[1].split_once('x').unwrap();
        Request {
            shape: Shape::from_name(f[0]).unwrap(),
            width: w.parse().unwrap(),
            height: h.parse().unwrap(),
            directions: f[2].into(),
            vocabulary: f[3].into(),
            solution: f[4].into(),
            restrict: f[5].into(),
            count: f[6].into(),
            seed: f[7].parse().unwrap(),
        }
    }

    fn line(&self) -> String {
        format!(
            "{} {}x{} {} {} {} {} {} {}",
            self.shape.name(),
            self.width,
            self.height,
            self.directions,
            self.vocabulary,
            self.solution,
            self.restrict,
            self.count,
            self.seed
        )
    }

    fn words(&self) -> Vec<Word> {
        if self.vocabulary == "sea-life" {
            return common::words("sea-life.txt");
        }
        let american = common::american_text();
        let mut text = String::new();
        for part in self.vocabulary.split('+') {
            let f: Vec<&str> = part.strip_prefix("am:").unwrap().split(':').collect();
            let (min, max) = f[0].split_once('-').unwrap();
            let (min, max): (usize, usize) = (min.parse().unwrap(), max.parse().unwrap());
            let (step, n): (usize, usize) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            american
                .lines()
                .filter(|w| (min..=max).contains(&w.len()))
                .step_by(step)
                .take(n)
                .for_each(|w| {
                    text.push_str(w);
                    text.push('\n');
                });
        }
        let (v, _) = Vocabulary::parse_text("list", text.as_bytes(), "list").unwrap();
        v.words(UmlautMode::Keep).0
    }

    fn generate(&self, time_limit: Duration) -> Result<(Puzzle, Generator), GenerateError> {
        let mut mask = self.shape.mask(self.width, self.height)?;
        if self.restrict != "none" {
            let r: Vec<usize> = self
                .restrict
                .split(',')
                .map(|n| n.parse().unwrap())
                .collect();
            mask.restrict(r[0], r[1], r[2], r[3]);
        }
        let mut spec = common::spec(mask, self.words(), false);
        spec.directions = DirectionSet::parse_list(&self.directions).unwrap();
        spec.pick = Some(match self.count.split_once('-') {
            None => WordCount::Auto,
            Some((a, b)) => WordCount::Between(a.parse().unwrap(), b.parse().unwrap()),
        });
        spec.solution = Some(Word::new(&self.solution, None, UmlautMode::Keep).unwrap());
        let generator = Generator::new(spec)?;
        let puzzle = generator.generate(&Options {
            seed: self.seed,
            time_limit,
            cancel: None,
        })?;
        Ok((puzzle, generator))
    }
}

/// Checks a result against the independent verifier and the request; true
/// when the solution word was kept.
fn check(request: &Request, puzzle: &Puzzle, generator: &Generator) -> bool {
    let line = request.line();
    let violations = verify(puzzle, &common::banned());
    assert!(
        violations.is_empty(),
        "{line}\n{}\n{violations:?}",
        puzzle.to_text()
    );
    let against = verify_against(puzzle, generator.spec());
    assert!(against.is_empty(), "{line}\n{against:?}");
    match puzzle.solution() {
        Some(solution) => {
            assert_eq!(solution.word, request.solution.to_uppercase(), "{line}");
            let free = puzzle
                .grid
                .iter()
                .flatten()
                .flatten()
                .count()
                .saturating_sub(
                    puzzle
                        .words
                        .iter()
                        .flat_map(|w| w.cells())
                        .collect::<std::collections::BTreeSet<_>>()
                        .len(),
                );
            assert_eq!(
                free,
                solution.word.chars().count(),
                "{line}: exactly the solution's cells stay free"
            );
            true
        }
        None => {
            // Never dropped silently.
            assert!(
                puzzle.report.relaxed.iter().any(|r| r.contains("solution")),
                "{line}: {:?}",
                puzzle.report.relaxed
            );
            false
        }
    }
}

fn request() -> impl Strategy<Value = Request> {
    let vocabulary = prop_oneof![
        Just("sea-life".to_string()),
        // Theme-sized lists of every length mix.
        (3usize..=6, 30usize..=100, 101usize..=997)
            .prop_map(|(min, n, step)| format!("am:{min}-9:{step}:{n}")),
        // Skewed to long words, with a few short ones.
        (20usize..=60, 5usize..=25)
            .prop_map(|(long, short)| format!("am:10-20:211:{long}+am:4-5:401:{short}")),
        // Large: thousands of words.
        (3usize..=9).prop_map(|step| format!("am:3-15:{step}:100000")),
    ];
    (
        prop::sample::select(Shape::ALL.to_vec()),
        10usize..=20,
        10usize..=20,
        prop::sample::select(vec!["all", "E,S", "E,S,SE,NE", "E,W,S,N", "E,S,SE"]),
        vocabulary,
        prop::sample::select(vec![
            "Sea",
            "Ocean",
            "Harbour",
            "Seashore",
            "Lighthouse",
            "Meeresgrund",
        ]),
        prop::option::weighted(0.3, (0usize..8, 0usize..8, 2usize..5, 2usize..4)),
        prop_oneof![
            Just("auto".to_string()),
            (10usize..=30).prop_map(|a| format!("{a}-{}", a + 30))
        ],
        0u64..1_000_000,
    )
        .prop_map(
            |(shape, width, height, directions, vocabulary, solution, restrict, count, seed)| {
                Request {
                    shape,
                    width,
                    height,
                    directions: directions.into(),
                    vocabulary,
                    solution: solution.into(),
                    restrict: restrict
                        .map_or("none".into(), |(c, r, w, h)| format!("{c},{r},{w},{h}")),
                    count,
                    seed,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_solution_word_puzzle_passes_verify(request in request()) {
        match request.generate(Duration::from_millis(800)) {
            Ok((puzzle, generator)) => {
                check(&request, &puzzle, &generator);
            }
            Err(GenerateError::Impossible(_) | GenerateError::NoSolution(_) | GenerateError::TimedOut(_)) => {}
            Err(e) => prop_assert!(false, "{}: unexpected error {e}", request.line()),
        }
    }
}

fn recorded() -> Vec<Request> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/solution-requests.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(Request::parse)
        .collect()
}

/// No request that kept its solution word before loses it now, and none
/// reads it as a block (four solution letters side by side). The time
/// limit is generous: each took under a second when recorded (release
/// build); this guards the method, not the speed.
#[test]
fn recorded_requests_keep_their_solution_word() {
    let requests = recorded();
    assert!(requests.len() >= 40, "the corpus has {}", requests.len());
    let mut blocked = Vec::new();
    let lost: Vec<String> = requests
        .iter()
        .filter(|r| {
            let (puzzle, generator) = r.generate(Duration::from_secs(30)).unwrap();
            // Issue 34: no four solution letters side by side.
            if let Some(s) = puzzle.solution()
                && gridpress::model::quality::solution_blocks(&s.cells) > 0
            {
                blocked.push(r.line());
            }
            !check(r, &puzzle, &generator)
        })
        .map(Request::line)
        .collect();
    assert!(lost.is_empty(), "solution word lost: {lost:#?}");
    assert!(
        blocked.is_empty(),
        "solution readable as a block: {blocked:#?}"
    );
}

/// Prints random requests that keep their solution word within a second,
/// in the corpus format: `cargo test --release --test solution_words --
/// --ignored --nocapture record`, then review and append the lines.
#[test]
#[ignore]
fn record() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = request();
    for _ in 0..120 {
        let request = strategy.new_tree(&mut runner).unwrap().current();
        let started = std::time::Instant::now();
        match request.generate(Duration::from_secs(1)) {
            Ok((puzzle, generator)) => {
                let kept = check(&request, &puzzle, &generator);
                let took = started.elapsed();
                if kept && took < Duration::from_millis(900) {
                    println!("{}", request.line());
                } else {
                    eprintln!(
                        "# {} kept={kept} {took:?} {:?}",
                        request.line(),
                        puzzle.report.relaxed
                    );
                }
            }
            Err(e) => eprintln!("# {}: {e}", request.line()),
        }
    }
}

/// Measures the solution blocks (issue 34: runs of four solution letters
/// side by side), relaxed rules and kept solutions of the recorded
/// requests and 60 random ones, at a 1 s limit: `cargo test --release --test solution_words --
/// --ignored --nocapture solution_blocks`.
#[test]
#[ignore]
fn solution_blocks() {
    let (mut kept, mut blocked, mut blocks, mut relaxed) = (0, 0, 0, 0);
    // The recorded requests and 60 random ones.
    let mut requests = recorded();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = request();
    requests.extend((0..60).map(|_| strategy.new_tree(&mut runner).unwrap().current()));
    for r in &requests {
        let Ok((puzzle, _)) = r.generate(Duration::from_secs(1)) else {
            continue;
        };
        let n = puzzle
            .solution()
            .map_or(0, |s| gridpress::model::quality::solution_blocks(&s.cells));
        kept += usize::from(puzzle.solution().is_some());
        blocked += usize::from(n > 0);
        blocks += n;
        relaxed += puzzle.report.relaxed.len();
        println!(
            "{n:2} blocks, {} relaxed: {}",
            puzzle.report.relaxed.len(),
            r.line()
        );
    }
    println!(
        "{} requests: solution kept {kept}, with blocks {blocked} ({blocks} in all), {relaxed} rules relaxed",
        requests.len()
    );
}

/// Issue 34's request: 32 long German autumn words drawn (tests/data/autumn.txt),
/// 18×18 around a 9×9 ad corner, "Bunt sind schon die Wälder". Its layouts
/// come from the rescue annealing, which the level's budget may cut short;
/// the seeds are those that read the solution as a block before the
/// annealer ranked blocks first and polished them away (1, 5 at the default
/// time limit; 10 at 20 s). No run of four solution letters side by side,
/// the solution kept, the puzzle verified.
#[test]
fn autumn_list_never_reads_the_solution_as_a_block() {
    let mut mask = Shape::Rectangle.mask(18, 18).unwrap();
    mask.restrict(9, 9, 9, 9);
    let mut spec = common::spec(mask, common::words("autumn.txt"), false);
    spec.pick = Some(WordCount::Auto);
    spec.solution = Some(Word::new("Bunt sind schon die Wälder", None, UmlautMode::Keep).unwrap());
    let generator = Generator::new(spec).unwrap();
    for seed in [1, 5, 10] {
        let puzzle = generator.generate(&Options::seeded(seed)).unwrap();
        let violations = verify(&puzzle, &common::banned());
        assert!(violations.is_empty(), "seed {seed}: {violations:?}");
        assert!(verify_against(&puzzle, generator.spec()).is_empty());
        let solution = puzzle.solution().expect("the solution word kept");
        assert_eq!(
            gridpress::model::quality::solution_blocks(&solution.cells),
            0,
            "seed {seed}:\n{}",
            puzzle.to_text()
        );
    }
}
