//! Word-rectangle benchmark: m×n blocks from Debian's `wamerican` (its
//! lower-case alphabetic entries), median time per rectangle over several
//! seeds (each result has a unique fill-in), and the 7×7 case, which has no
//! solution in that list: the time to prove it. `BENCH_CASE=text` runs only
//! the cases whose name contains `text`; `cargo test --benches` runs a smoke
//! pass (a 4×4).

use gridpress::generate::Options;
use gridpress::generate::rectangle;
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary};
use gridpress::project::banned_letters;
use std::time::{Duration, Instant};

fn spec(width: usize, height: usize) -> PuzzleSpec {
    let text = std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("this bench needs Debian's wamerican (apt-get install wamerican)");
    let list: String = text
        .lines()
        .filter(|w| {
            (w.len() == width || w.len() == height) && w.chars().all(|c| c.is_ascii_lowercase())
        })
        .map(|w| format!("{w}\n"))
        .collect();
    let (vocabulary, _) =
        Vocabulary::parse_text("wamerican", list.as_bytes(), "wamerican").unwrap();
    let (words, _) = vocabulary.words(UmlautMode::Keep);
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(width, height).unwrap(),
        vec![SpecVocabulary {
            name: "wamerican".into(),
            must_use: false,
            words,
        }],
    );
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let only = std::env::var("BENCH_CASE").unwrap_or_default();
    let cases: &[(&str, usize, usize, u64, &str)] = if smoke {
        &[("4×4", 4, 4, 2, "-")]
    } else {
        &[
            ("5×6 (5 columns, 6 rows)", 5, 6, 15, "median ≤ 50 ms"),
            ("6×6", 6, 6, 15, "median ≤ 1 s"),
            ("5×7 (5 columns, 7 rows)", 5, 7, 9, "median ≤ 2 s"),
            ("7×7 (none exists)", 7, 7, 1, "proof ≤ 60 s"),
        ]
    };
    println!("word rectangles from wamerican");
    for &(name, width, height, seeds, target) in cases {
        if !name.contains(&only) {
            continue;
        }
        let spec = spec(width, height);
        let mut times = Vec::new();
        let mut outcome = String::new();
        for seed in 1..=seeds {
            let options = Options {
                time_limit: Duration::from_secs(if smoke { 10 } else { 120 }),
                ..Options::seeded(seed)
            };
            let start = Instant::now();
            let result = rectangle::generate(&spec, &options);
            times.push(start.elapsed());
            outcome = match result {
                Ok(p) => {
                    let rows: Vec<String> = p
                        .grid
                        .iter()
                        .map(|r| r.iter().flatten().collect())
                        .collect();
                    format!("e.g. {}", rows.join("/"))
                }
                Err(e) => e.to_string(),
            };
        }
        times.sort();
        println!(
            "  {name:<26} median {:>9.1} ms  max {:>9.1} ms  over {seeds} seed(s)  (target {target})  {outcome}",
            times[times.len() / 2].as_secs_f64() * 1e3,
            times.last().unwrap().as_secs_f64() * 1e3,
        );
    }
}
