//! Word-search benchmark: in-process time per puzzle over many seeds, as
//! median / p95 / max, for WoSeCon's published puzzles and a 20×20 German
//! puzzle drawn from 70,000 words. Every puzzle is checked by `verify`
//! (outside the timed part). `cargo bench` runs it; `BENCH_SEEDS=N` sets the
//! seed count (default 1000) and
//! `BENCH_CASE=text` runs only the cases whose name contains `text`.

use gridpress::generate::{Generator, Options};
use gridpress::model::{
    DirectionSet, Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary, Word,
};
use gridpress::project::banned_letters;
use gridpress::verify::verify;
use std::time::{Duration, Instant};

struct Case {
    name: &'static str,
    target: &'static str,
    spec: PuzzleSpec,
    seeds: u64,
}

fn words_from(text: &str, name: &str) -> Vec<Word> {
    let (v, _) = Vocabulary::parse_text(name, text.as_bytes(), name).unwrap();
    let (words, rejected) = v.words(UmlautMode::Keep);
    assert!(rejected.is_empty(), "{rejected:?}");
    words
}

fn wosecon(file: &str, cols: usize, rows: usize) -> PuzzleSpec {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(cols, rows).unwrap(),
        vec![SpecVocabulary {
            name: file.into(),
            must_use: true,
            words: words_from(&text, file),
            lines: Default::default(),
        }],
    );
    spec.directions = DirectionSet::parse_list("E,S").unwrap();
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec
}

/// 70,000 German words: every 4th alphabetic entry of 3+ letters of
/// Debian's `wngerman`.
fn german() -> Option<PuzzleSpec> {
    let text = std::fs::read_to_string("/usr/share/dict/ngerman").ok()?;
    let list: String = text
        .lines()
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .step_by(4)
        .take(70_000)
        .map(|w| format!("{w}\n"))
        .collect();
    let words = words_from(&list, "ngerman");
    assert_eq!(words.len(), 70_000);
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(20, 20).unwrap(),
        vec![SpecVocabulary {
            name: "ngerman".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.pick = Some(40);
    spec.solution = Some(Word::new("Sommerferien", None, UmlautMode::Keep).unwrap());
    spec.language = gridpress::model::Language::German;
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    Some(spec)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs a smoke test.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let seeds: u64 = std::env::var("BENCH_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if smoke { 5 } else { 1000 });
    let mut cases = vec![
        Case {
            name: "Figure 1, 14 words, 11×11, E+S",
            target: "≤ 0.2 ms / ≤ 1 ms",
            spec: wosecon("figure1-14-words.txt", 11, 11),
            seeds,
        },
        Case {
            name: "Figure 1, 14 words, 10×11, E+S",
            target: "≤ 0.3 ms / ≤ 5 ms",
            spec: wosecon("figure1-14-words.txt", 11, 10),
            seeds,
        },
        Case {
            name: "Figure 3, 12 words, 8×9, E+S",
            target: "≤ 0.5 ms / ≤ 5 ms",
            spec: wosecon("figure3-12-words.txt", 9, 8),
            seeds,
        },
        Case {
            name: "Figure 2, 34 words, 23×23, E+S",
            target: "≤ 5 ms / ≤ 20 ms",
            spec: wosecon("figure2-34-words.txt", 23, 23),
            seeds,
        },
        Case {
            name: "Figure 2, 34 words, 20×20, E+S",
            target: "≤ 50 ms / ≤ 1 s",
            spec: wosecon("figure2-34-words.txt", 20, 20),
            seeds,
        },
    ];
    match german() {
        Some(spec) => cases.push(Case {
            name: "20×20, 8 directions, 12-letter solution, 40 of 70,000 German words",
            target: "≤ 50 ms / ≤ 500 ms",
            spec,
            seeds,
        }),
        None => eprintln!(
            "skipping the German case: install Debian's wngerman (/usr/share/dict/ngerman)"
        ),
    }
    let banned: Vec<String> = banned_letters(std::iter::empty(), UmlautMode::Keep)
        .unwrap()
        .into_iter()
        .map(|w| w.into_iter().collect())
        .collect();
    println!(
        "| case | seeds | prepare | median | p95 | max | nothing relaxed | exact solution | all shares | target (median / max) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let only = std::env::var("BENCH_CASE").ok();
    let mut quality_rows = Vec::new();
    for case in cases
        .into_iter()
        .filter(|c| only.as_ref().is_none_or(|o| c.name.contains(o.as_str())))
    {
        let t = Instant::now();
        let generator = Generator::new(case.spec).expect("valid spec");
        let prepare = t.elapsed();
        let mut times = Vec::with_capacity(case.seeds as usize);
        let mut full = 0;
        let mut exact = 0;
        let mut shares = 0;
        let wants_solution = generator.spec().solution.is_some();
        let (mut difficulty, mut bundles, mut decoys) = (Vec::new(), Vec::new(), Vec::new());
        let mut compounds = 0;
        let mut emptiest = Vec::new();
        for seed in 0..case.seeds {
            let t = Instant::now();
            let puzzle = generator
                .generate(&Options::seeded(seed))
                .expect("a puzzle");
            times.push(t.elapsed());
            let violations = verify(&puzzle, &banned);
            assert!(
                violations.is_empty(),
                "{}: seed {seed}: {violations:?}",
                case.name
            );
            let relaxed = &puzzle.report.relaxed;
            full += usize::from(relaxed.is_empty());
            exact += usize::from(puzzle.solution.is_some());
            shares += usize::from(!relaxed.iter().any(|r| r.starts_with("direction")));
            let q = &puzzle.report.quality;
            difficulty.push(q.difficulty as usize);
            bundles.push(q.largest_bundle);
            decoys.push(q.decoys);
            compounds += usize::from(!q.compounds.is_empty());
            emptiest.push((q.emptiest_region * 100.0).round() as usize);
        }
        times.sort();
        let n = times.len();
        let at = |q: f64| times[((n as f64 * q) as usize).min(n - 1)];
        let exact = if wants_solution {
            format!("{exact}/{n}")
        } else {
            "–".into()
        };
        println!(
            "| {} | {n} | {} | {} | {} | {} | {full}/{n} | {exact} | {shares}/{n} | {} |",
            case.name,
            ms(prepare),
            ms(at(0.5)),
            ms(at(0.95)),
            ms(times[n - 1]),
            case.target
        );
        quality_rows.push(format!(
            "| {} | {} | {} | {} | {} % | {compounds}/{n} |",
            case.name,
            median(&mut difficulty),
            median(&mut bundles),
            median(&mut decoys),
            median(&mut emptiest),
        ));
    }
    println!(
        "\n| case | difficulty (median) | largest bundle (median) | decoys (median) | emptiest ninth (median) | puzzles with a compound |"
    );
    println!("|---|---|---|---|---|---|");
    for row in quality_rows {
        println!("{row}");
    }
}

fn median(values: &mut [usize]) -> usize {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
