//! Generates many puzzles from a words file and prints timing and what was
//! relaxed: `cargo run --release --example generate_many -- WORDS COLSxROWS
//! DIRECTIONS [PICK|-] [SOLUTION|-] [SEEDS]`. Every puzzle is verified unless
//! `NOVERIFY` is set (for profiling the generator alone).

use gridpress::generate::{Generator, Options};
use gridpress::model::{DirectionSet, Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary};
use gridpress::verify::verify;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [words, size, dirs, rest @ ..] = &args[..] else {
        eprintln!("usage: WORDS COLSxROWS DIRECTIONS [PICK|-] [SOLUTION|-] [SEEDS]");
        std::process::exit(2);
    };
    let bytes = std::fs::read(words).expect("words file");
    let (vocabulary, _) = Vocabulary::parse_text("words", &bytes, words).expect("words");
    let (words, rejected) = vocabulary.words(UmlautMode::Keep);
    assert!(rejected.is_empty(), "{rejected:?}");
    let pick = rest.first().and_then(|p| p.parse().ok());
    let (w, h) = size.split_once('x').expect("COLSxROWS");
    let mask = Mask::rectangle(w.parse().unwrap(), h.parse().unwrap()).unwrap();
    let mut spec = PuzzleSpec::new(
        mask,
        vec![SpecVocabulary {
            name: "words".into(),
            must_use: pick.is_none(),
            words,
            lines: Default::default(),
        }],
    );
    spec.directions = DirectionSet::parse_list(dirs).unwrap();
    spec.banned = gridpress::project::banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
    spec.pick = pick.map(gridpress::model::WordCount::Exact);
    spec.solution = rest
        .get(1)
        .filter(|s| *s != "-")
        .map(|s| gridpress::model::Word::new(s, None, UmlautMode::Keep).unwrap());
    let seeds: u64 = rest.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let t = Instant::now();
    let generator = Generator::new(spec).expect("spec");
    println!("prepare: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let mut times = Vec::new();
    for seed in 0..seeds {
        let t = Instant::now();
        let p = generator.generate(&Options::seeded(seed)).expect("puzzle");
        let ms = t.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        let v = if std::env::var("NOVERIFY").is_ok() {
            Vec::new()
        } else {
            verify(&p, &[])
        };
        if !v.is_empty() || !p.report.relaxed.is_empty() || ms > 20.0 {
            println!(
                "seed {seed}: {ms:.2} ms, nodes {}, restarts {}, relaxed {:?}, violations {:?}",
                p.report.nodes, p.report.restarts, p.report.relaxed, v
            );
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    println!(
        "{n} seeds: median {:.3} ms, p95 {:.3} ms, max {:.3} ms",
        times[n / 2],
        times[(n * 95 / 100).min(n - 1)],
        times[n - 1]
    );
}
