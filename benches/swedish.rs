//! Swedish-puzzle benchmark: the cases from the German thesaurus
//! (Debian's `openthesaurus-de-text`, imported as `gridpress thesaurus`
//! does), generation only (the list is loaded once), several seeds: median
//! and max time, how many were filled, clue cells per letter, relaxations.
//! `BENCH_THESAURUS=en` uses the English thesaurus (`mythes-en-us`).
//! `BENCH_CASE=text` runs only the cases whose name contains `text`,
//! `BENCH_SEEDS=N` sets the seeds (default 10), `BENCH_WORDS=N` samples N
//! answers evenly; `cargo test --benches`
//! runs a smoke pass (one 9×11).

use gridpress::generate::Options;
use gridpress::generate::swedish;
use gridpress::model::thesaurus::{MYTHES_EN_PATH, OPENTHESAURUS_PATH, import_any};
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Word};
use gridpress::project::banned_letters;
use std::time::{Duration, Instant};

/// The German thesaurus, or with `BENCH_THESAURUS=en` the English one
/// (Debian's `mythes-en-us`).
fn words() -> Vec<Word> {
    let english = std::env::var("BENCH_THESAURUS").is_ok_and(|t| t == "en");
    let (path, package) = if english {
        (MYTHES_EN_PATH, "mythes-en-us")
    } else {
        (OPENTHESAURUS_PATH, "openthesaurus-de-text")
    };
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("this bench needs Debian's {package}"));
    let imported = import_any(&text, "thesaurus");
    imported.vocabulary.words(UmlautMode::Keep).0
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let only = std::env::var("BENCH_CASE").unwrap_or_default();
    let seeds: u64 = std::env::var("BENCH_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if smoke { 1 } else { 10 });
    let started = Instant::now();
    let mut words = words();
    // BENCH_WORDS=N: an even sample of N answers (every k-th), to see the
    // filler on a smaller list than the whole thesaurus.
    if let Some(n) = std::env::var("BENCH_WORDS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        let step = words.len() as f64 / n.max(1) as f64;
        words = (0..n.min(words.len()))
            .map(|i| words[(i as f64 * step) as usize].clone())
            .collect();
    }
    println!(
        "{} answers with clues loaded in {:.0} ms (sampled: BENCH_WORDS)",
        words.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    type Case = (
        &'static str,
        usize,
        usize,
        Option<(usize, usize, usize, usize)>,
        Option<&'static str>,
    );
    let all: &[Case] = &[
        ("9x11", 9, 11, None, None),
        ("13x17", 13, 17, None, None),
        (
            "13x17 solution + picture",
            13,
            17,
            Some((5, 6, 4, 4)),
            Some("Sommerzeit"),
        ),
        ("18x23", 18, 23, None, None),
    ];
    let cases: Vec<&Case> = if smoke {
        all.iter().take(1).collect()
    } else {
        all.iter().filter(|c| c.0.contains(&only)).collect()
    };
    for &&(name, width, height, area, solution) in &cases {
        let mut mask = Mask::rectangle(width, height).unwrap();
        if let Some((c, r, w, h)) = area {
            mask.restrict(c, r, w, h);
        }
        let mut spec = PuzzleSpec::new(
            mask,
            vec![SpecVocabulary {
                name: "thesaurus".into(),
                must_use: false,
                words: words.clone(),
                lines: Default::default(),
            }],
        );
        spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).unwrap();
        spec.solution = solution.map(|s| Word::new(s, None, UmlautMode::Keep).unwrap());
        if let Some(r) = std::env::var("BENCH_RATIO")
            .ok()
            .and_then(|r| r.parse().ok())
        {
            spec.swedish.letters_per_clue = r;
        }
        let mut times = Vec::new();
        let (mut filled, mut relaxed, mut kept) = (0, 0, 0);
        let mut ratios = Vec::new();
        let mut nodes = Vec::new();
        for seed in 1..=seeds {
            let options = Options {
                seed,
                time_limit: Duration::from_secs(10),
                cancel: None,
            };
            let t = Instant::now();
            let result = swedish::generate(&spec, &options);
            times.push(t.elapsed().as_secs_f64());
            if let Ok(p) = result {
                assert!(gridpress::verify::verify(&p, &[]).is_empty());
                filled += 1;
                relaxed += usize::from(!p.report.relaxed.is_empty());
                kept += usize::from(p.solution().is_some());
                nodes.push((p.report.nodes, p.report.restarts));
                let letters = p.grid.iter().flatten().filter(|c| c.is_some()).count();
                ratios.push(letters as f64 / p.clue_cells().len() as f64);
            }
        }
        times.sort_by(f64::total_cmp);
        ratios.sort_by(f64::total_cmp);
        nodes.sort();
        println!(
            "{name:<28} median {:>7.0} ms  max {:>7.0} ms  filled {filled}/{seeds}  relaxed {relaxed}  solution {kept}  letters/clue {:.2}–{:.2}  nodes/restarts (median) {:?}",
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3,
            ratios.first().copied().unwrap_or(0.0),
            ratios.last().copied().unwrap_or(0.0),
            nodes.get(nodes.len() / 2),
        );
    }
}
