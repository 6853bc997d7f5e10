//! Print benchmark: a batch of 100 puzzles (15×15, 20 words each from
//! Debian's `wamerican`, all eight directions) with collected answer keys
//! laid out and written as one PDF; and a single puzzle page + key. Reports
//! medians over repeated runs (`BENCH_RUNS`, default 15), the file sizes,
//! and the end-to-end time including generation. `cargo test --benches`
//! runs one quick pass as a smoke test.

use gridpress::export::print::headings;
use gridpress::generate::{Generator, Options};
use gridpress::layout::{self, Heading, KeyPlacement, Template};
use gridpress::model::{Mask, Puzzle, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary};
use gridpress::pdf::{self, PdfOptions};
use gridpress::project::banned_letters;
use std::time::{Duration, Instant};

fn spec() -> PuzzleSpec {
    let text = std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("the print benchmark needs Debian's wamerican (apt-get install wamerican)");
    let list: String = text
        .lines()
        .filter(|w| (4..=10).contains(&w.len()) && w.chars().all(|c| c.is_ascii_lowercase()))
        .step_by(7)
        .map(|w| format!("{w}\n"))
        .collect();
    let (vocabulary, _) =
        Vocabulary::parse_text("wamerican", list.as_bytes(), "wamerican").unwrap();
    let (words, _) = vocabulary.words(UmlautMode::Keep);
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(15, 15).unwrap(),
        vec![SpecVocabulary {
            name: "wamerican".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.pick = Some(gridpress::model::WordCount::Exact(20));
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn pdf_bytes(puzzles: &[Puzzle], template: &Template) -> Vec<u8> {
    let entries: Vec<(Heading, &Puzzle)> = headings("Word Search", puzzles.len(), None)
        .into_iter()
        .zip(puzzles)
        .collect();
    let output = layout::lay_out(&entries, template, KeyPlacement::Auto).unwrap();
    pdf::write(&output.main, &PdfOptions::plain(template.colour)).unwrap()
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if smoke { 1 } else { 15 });
    let generator = Generator::new(spec()).unwrap();
    let template = Template::find("a4").unwrap();

    let start = Instant::now();
    let puzzles = generator.generate_batch(100, &Options::seeded(1)).unwrap();
    let generation = start.elapsed();

    let mut batch_times = Vec::new();
    let mut batch = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        batch = pdf_bytes(&puzzles, &template);
        batch_times.push(start.elapsed());
    }
    let mut single_times = Vec::new();
    let mut single = Vec::new();
    for _ in 0..runs * 4 {
        let start = Instant::now();
        single = pdf_bytes(&puzzles[..1], &template);
        single_times.push(start.elapsed());
    }
    let batch_median = median(batch_times);
    println!("print benchmark (A4 template, 15×15, 20 words, {runs} runs)");
    println!(
        "  batch of 100 puzzles + collected keys → one PDF: median {:.1} ms (target < 1000 ms), {} pages, {} kB",
        batch_median.as_secs_f64() * 1e3,
        100 + 100usize.div_ceil(6),
        batch.len() / 1024
    );
    println!(
        "  single puzzle page + key: median {:.2} ms, {} kB (target < 100 kB)",
        median(single_times).as_secs_f64() * 1e3,
        single.len() / 1024
    );
    println!(
        "  generating the 100 puzzles: {:.1} ms; end to end {:.1} ms",
        generation.as_secs_f64() * 1e3,
        (generation + batch_median).as_secs_f64() * 1e3
    );
    assert!(
        single.len() < 100_000,
        "single puzzle PDF of {} bytes",
        single.len()
    );
}
