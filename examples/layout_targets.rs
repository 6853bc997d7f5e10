//! Issue 30's table, measured the same way in every session: each row's
//! request over seeds 1..=N (default 6; `SEEDS=30` for the issue's
//! figures), with its word list derived from Debian's `wngerman` and
//! `wamerican` by fixed steps (no random sample that a session could not
//! rebuild), every puzzle checked by `verify`. Per row: how many kept the
//! solution word, the largest bundle of parallel words (median and most),
//! crossings a word (median), how many met every direction share, and the
//! median time of a puzzle in-process (the list prepared once, as the app
//! does). `cargo run --release --example layout_targets [-- TEXT]` runs
//! the rows whose name contains TEXT; `PER_SEED=1` also prints each
//! seed's puzzle; `FIRST_SEED=K` starts at seed K.

use gridpress::generate::{Generator, Options};
use gridpress::model::{
    Language, Mask, PuzzleSpec, Shape, SpecVocabulary, UmlautMode, Vocabulary, Word, WordCount,
};
use gridpress::project::banned_letters;
use gridpress::verify::verify;
use std::time::Instant;

/// One row of the table.
struct Row {
    name: &'static str,
    target: &'static str,
    spec: PuzzleSpec,
}

fn words_from(lines: &[&str], name: &str) -> Vec<Word> {
    let text: String = lines.iter().map(|w| format!("{w}\n")).collect();
    let (vocabulary, _) = Vocabulary::parse_text(name, text.as_bytes(), name).expect("a list");
    let (words, rejected) = vocabulary.words(UmlautMode::Keep);
    assert!(rejected.is_empty(), "{rejected:?}");
    words
}

/// The words of a list in `tests/data`.
fn test_list(file: &str) -> Vec<Word> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("a test list");
    let (vocabulary, _) = Vocabulary::parse_text(file, &bytes, &path).expect("a list");
    vocabulary.words(UmlautMode::Keep).0
}

fn spec(
    mask: Mask,
    words: Vec<Word>,
    count: WordCount,
    solution: &str,
    german: bool,
) -> PuzzleSpec {
    let mut spec = PuzzleSpec::new(
        mask,
        vec![SpecVocabulary {
            name: "list".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.pick = Some(count);
    spec.solution = Some(Word::new(solution, None, UmlautMode::Keep).expect("a solution word"));
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).expect("built-in lists");
    if german {
        spec.language = Language::German;
    }
    spec
}

fn rows() -> Vec<Row> {
    let german = std::fs::read_to_string("/usr/share/dict/ngerman")
        .expect("install wngerman (apt-get install wngerman)");
    let english = std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("install wamerican (apt-get install wamerican)");
    let de: Vec<&str> = german
        .lines()
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .collect();
    let en: Vec<&str> = english
        .lines()
        .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    let length = |range: std::ops::RangeInclusive<usize>| {
        move |w: &&&str| range.contains(&w.chars().count())
    };
    // The bench's 70,000: every fourth word.
    let de70: Vec<&str> = de.iter().copied().step_by(4).take(70_000).collect();
    // The thesis' application form (as `tests/reproducible.rs` builds it).
    let long_de: Vec<&str> = de
        .iter()
        .filter(length(12..=16))
        .step_by(97)
        .take(86)
        .chain(de.iter().filter(length(4..=5)).step_by(89).take(25))
        .copied()
        .collect();
    let long_en: Vec<&str> = en
        .iter()
        .filter(length(9..=14))
        .step_by(101)
        .take(150)
        .copied()
        .collect();
    let theme_en: Vec<&str> = en
        .iter()
        .filter(length(4..=10))
        .step_by(271)
        .take(200)
        .copied()
        .collect();
    let theme_de: Vec<&str> = de
        .iter()
        .filter(length(4..=10))
        .step_by(600)
        .take(200)
        .copied()
        .collect();
    let square = |n| Mask::rectangle(n, n).expect("a square");
    let heart = || Shape::Heart.mask(17, 15).expect("the heart");
    vec![
        Row {
            name: "70k German, 20×20, --pick 40, SONNENSCHEIN",
            target: "kept or refused at once; bundle ≤ 5, ≥ 0.4 crossings, every share",
            spec: spec(
                square(20),
                words_from(&de70, "de70"),
                WordCount::Exact(40),
                "Sonnenschein",
                true,
            ),
        },
        Row {
            name: "70k German, 20×20, --pick 60-80, SONNENSCHEIN",
            target: "bundle ≤ 4, ≥ 0.5 crossings",
            spec: spec(
                square(20),
                words_from(&de70, "de70"),
                WordCount::Between(60, 80),
                "Sonnenschein",
                true,
            ),
        },
        Row {
            name: "70k German, 20×20, auto count, SOMMERFERIEN",
            target: "bundle 4, 0.5–0.7 crossings: not worse, not slower",
            spec: spec(
                square(20),
                words_from(&de70, "de70"),
                WordCount::Auto,
                "Sommerferien",
                true,
            ),
        },
        Row {
            name: "86 long + 25 short German, 18×18, LEBENSLAUF",
            target: "kept 30/30, bundle ≤ 5, every share, ≤ 1 s",
            spec: spec(
                square(18),
                words_from(&long_de, "long"),
                WordCount::Auto,
                "Lebenslauf",
                true,
            ),
        },
        Row {
            name: "150 long wamerican, 17×15 heart, LIGHTHOUSE",
            target: "kept where a bound says it fits",
            spec: spec(
                heart(),
                words_from(&long_en, "long"),
                WordCount::Auto,
                "Lighthouse",
                false,
            ),
        },
        Row {
            name: "200 wamerican words of 4–10 letters, 17×15 heart, LIGHTHOUSE",
            target: "bundle ≤ 5, every share",
            spec: spec(
                heart(),
                words_from(&theme_en, "theme"),
                WordCount::Auto,
                "Lighthouse",
                false,
            ),
        },
        Row {
            name: "200 German words of 4–10 letters, 17×15 heart, MEERESGRUND",
            target: "bundle ≤ 5, every share",
            spec: spec(
                heart(),
                words_from(&theme_de, "theme"),
                WordCount::Auto,
                "Meeresgrund",
                true,
            ),
        },
        Row {
            // Not one of the rows: the theme list of
            // `tests/generator.rs`, which the sweep closes, kept in view.
            name: "50 sea-life words (test list), 17×15 heart, MEERESGRUND, auto count",
            target: "bundle ≤ 5, every share (as the test asks)",
            spec: spec(
                heart(),
                test_list("sea-life.txt"),
                WordCount::Auto,
                "Meeresgrund",
                false,
            ),
        },
    ]
}

fn median<T: Copy + PartialOrd>(values: &mut [T]) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).expect("comparable"));
    values[values.len() / 2]
}

fn main() {
    let only = std::env::args().nth(1);
    let seeds: u64 = std::env::var("SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    // `FIRST_SEED=k` runs seeds k..k+N-1 (one seed traced alone).
    let first: u64 = std::env::var("FIRST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    println!(
        "| request | kept | largest bundle, median (most) | crossings a word | every share | median time | target |"
    );
    println!("|---|---|---|---|---|---|---|");
    let per_seed = std::env::var_os("PER_SEED").is_some();
    for row in rows() {
        if only.as_deref().is_some_and(|text| !row.name.contains(text)) {
            continue;
        }
        let generator = Generator::new(row.spec).expect("a valid request");
        let (mut kept, mut shares) = (0, 0);
        let (mut bundles, mut crossings, mut times) = (Vec::new(), Vec::new(), Vec::new());
        for seed in first..first + seeds {
            let started = Instant::now();
            let puzzle = generator
                .generate(&Options::seeded(seed))
                .expect("a puzzle");
            times.push(started.elapsed().as_secs_f64());
            let broken = verify(&puzzle, &[]);
            assert!(broken.is_empty(), "{} seed {seed}: {broken:?}", row.name);
            let quality = &puzzle.report.quality;
            kept += usize::from(puzzle.solution().is_some());
            shares += usize::from(
                !puzzle
                    .report
                    .relaxed
                    .iter()
                    .any(|r| r.starts_with("direction")),
            );
            if per_seed {
                eprintln!(
                    "seed {seed}: bundle {}, {} words, {:.2} s, {:?}",
                    quality.largest_bundle,
                    puzzle.words.len(),
                    times.last().expect("this seed's time"),
                    puzzle.report.relaxed
                );
            }
            bundles.push(quality.largest_bundle);
            crossings.push(quality.crossings as f64 / puzzle.words.len().max(1) as f64);
        }
        let most = *bundles.iter().max().expect("a seed");
        println!(
            "| {} | {kept}/{seeds} | {} ({most}) | {:.2} | {shares}/{seeds} | {:.2} s | {} |",
            row.name,
            median(&mut bundles),
            median(&mut crossings),
            median(&mut times),
            row.target
        );
    }
}
