//! Word-rectangle benchmark: m×n blocks from Debian's `wamerican` (its
//! lower-case alphabetic entries) and `wngerman`, median time per rectangle
//! over several seeds (each result has a unique fill-in), and the 7×7 case,
//! which has no solution in `wamerican`: the time to prove it. `BENCH_CASE=text` runs only
//! the cases whose name contains `text`; `cargo test --benches` runs a smoke
//! pass (a 4×4).

use gridpress::generate::Options;
use gridpress::generate::rectangle;
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary};
use gridpress::project::banned_letters;
use std::time::{Duration, Instant};

/// A rectangle spec from Debian's `wamerican` (lower-case alphabetic
/// entries) or `wngerman` (alphabetic entries, umlauts kept, ß as SS), the
/// words of the two lengths in grid letters.
fn spec(list: &str, width: usize, height: usize) -> PuzzleSpec {
    let (path, package) = match list {
        "wamerican" => ("/usr/share/dict/american-english", "wamerican"),
        _ => ("/usr/share/dict/ngerman", "wngerman"),
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!("this bench needs Debian's {package} (apt-get install {package})")
    });
    let english = list == "wamerican";
    let entries: String = text
        .lines()
        .filter(|w| {
            if english {
                w.chars().all(|c| c.is_ascii_lowercase())
            } else {
                w.chars().all(char::is_alphabetic)
            }
        })
        .map(|w| format!("{w}\n"))
        .collect();
    let (vocabulary, _) = Vocabulary::parse_text(list, entries.as_bytes(), list).unwrap();
    let (words, _) = vocabulary.words(UmlautMode::Keep);
    let words = words
        .into_iter()
        .filter(|w| w.letters.len() == width || w.letters.len() == height)
        .collect();
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(width, height).unwrap(),
        vec![SpecVocabulary {
            name: list.into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let only = std::env::var("BENCH_CASE").unwrap_or_default();
    type Case = (&'static str, &'static str, usize, usize, u64, &'static str);
    let cases: &[Case] = if smoke {
        &[("wamerican", "4×4", 4, 4, 2, "-")]
    } else {
        &[
            (
                "wamerican",
                "5×6 (5 columns, 6 rows)",
                5,
                6,
                15,
                "median ≤ 50 ms",
            ),
            ("wamerican", "6×6", 6, 6, 31, "median ≤ 1 s"),
            (
                "wamerican",
                "5×7 (5 columns, 7 rows)",
                5,
                7,
                9,
                "median ≤ 2 s",
            ),
            ("wamerican", "7×7 (none exists)", 7, 7, 1, "proof ≤ 60 s"),
            ("wngerman", "5×5", 5, 5, 15, "-"),
            ("wngerman", "5×6 (5 columns, 6 rows)", 5, 6, 15, "-"),
            ("wngerman", "6×6", 6, 6, 15, "-"),
            ("wngerman", "7×7", 7, 7, 5, "-"),
        ]
    };
    println!("word rectangles");
    for &(list, name, width, height, seeds, target) in cases {
        if !format!("{list} {name}").contains(&only) {
            continue;
        }
        let spec = spec(list, width, height);
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
            "  {list:<9} {name:<26} median {:>9.1} ms  max {:>9.1} ms  over {seeds} seed(s)  (target {target})  {outcome}",
            times[times.len() / 2].as_secs_f64() * 1e3,
            times.last().unwrap().as_secs_f64() * 1e3,
        );
    }
}
