//! Swedish-puzzle benchmark: the cases from the German thesaurus
//! (Debian's `openthesaurus-de-text`, imported as `gridpress thesaurus`
//! does), generation only (the list is loaded once), several seeds: median
//! and max time, how many were filled, clue cells per letter, relaxations.
//! `BENCH_THESAURUS=en` uses the English thesaurus (`mythes-en-us`).
//! `BENCH_CASE=text` runs only the cases whose name contains `text`,
//! `BENCH_SEEDS=N` sets the seeds (default 10), `BENCH_WORDS=N` samples N
//! answers evenly; `cargo test --benches`
//! runs a smoke pass (one 9×11). The case "13x17 replace" replaces every
//! fourth answer of each puzzle (`gridpress edit --replace`) with the
//! answers indexed once: time per replacement, rings needed, failures.

use gridpress::generate::Options;
use gridpress::generate::swedish;
use gridpress::model::thesaurus::{MYTHES_EN_PATH, OPENTHESAURUS_PATH, import_with_glosses};
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Word};
use gridpress::project::banned_letters;
use std::time::{Duration, Instant};

/// The German thesaurus, or with `BENCH_THESAURUS=en` the English one
/// (Debian's `mythes-en-us`).
fn words() -> Vec<Word> {
    let (path, package) = if english() {
        (MYTHES_EN_PATH, "mythes-en-us")
    } else {
        (OPENTHESAURUS_PATH, "openthesaurus-de-text")
    };
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("this bench needs Debian's {package}"));
    let imported = import_with_glosses(&text, "thesaurus");
    imported.vocabulary.words(umlauts()).0
}

/// As the app and the CLI make German pages: umlauts written AE, OE, UE.
fn umlauts() -> UmlautMode {
    if english() {
        UmlautMode::Keep
    } else {
        UmlautMode::Expand
    }
}

/// The page's language, as a project with the import sets it
/// (familiarity, short answers and sensitive terms follow it), its
/// umlauts and the shipped offensive words.
fn page_settings(spec: &mut PuzzleSpec) {
    spec.language = if english() {
        gridpress::model::Language::English
    } else {
        gridpress::model::Language::German
    };
    spec.umlauts = umlauts();
    spec.banned = banned_letters(std::iter::empty(), umlauts()).unwrap();
}

/// Whether `BENCH_THESAURUS=en` asks for the English thesaurus.
fn english() -> bool {
    std::env::var("BENCH_THESAURUS").is_ok_and(|t| t == "en")
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
    if !smoke && "13x17 replace".contains(&only) {
        replacements(&words, seeds);
    }
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
        page_settings(&mut spec);
        spec.solution = solution.map(|s| Word::new(s, None, umlauts()).unwrap());
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

/// Replaces every fourth answer of 13×17 puzzles: the median and slowest
/// replacement, the rings each needed, failures; every result verified,
/// every cell outside its region unchanged.
fn replacements(words: &[Word], seeds: u64) {
    use gridpress::edit::{ReplaceOptions, replace_swedish};
    use gridpress::generate::swedish::edit::EditLexicon;
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(13, 17).unwrap(),
        vec![SpecVocabulary {
            name: "thesaurus".into(),
            must_use: false,
            words: words.to_vec(),
            lines: Default::default(),
        }],
    );
    page_settings(&mut spec);
    let t = Instant::now();
    let lexicon = EditLexicon::new(&spec).unwrap();
    let indexed = t.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut rings = [0usize; 5];
    let mut failed = 0;
    let mut changed_counts = Vec::new();
    let (mut new_answers, mut familiar_new) = (0usize, 0usize);
    for seed in 1..=seeds {
        let Ok(puzzle) = swedish::generate(&spec, &Options::seeded(seed)) else {
            continue;
        };
        for index in (0..puzzle.words.len()).step_by(4) {
            let t = Instant::now();
            let result = replace_swedish(
                &lexicon,
                &puzzle,
                index,
                &spec,
                &ReplaceOptions {
                    rings: std::env::var("BENCH_RINGS")
                        .ok()
                        .and_then(|r| r.parse().ok()),
                    ..ReplaceOptions::default()
                },
                &Options::seeded(seed),
            );
            times.push(t.elapsed().as_secs_f64());
            let replaced = match result {
                Ok(replaced) => replaced,
                Err(e) => {
                    if std::env::var("BENCH_VERBOSE").is_ok() {
                        println!("  seed {seed}: {e}");
                    }
                    failed += 1;
                    continue;
                }
            };
            rings[replaced.rings.min(4)] += 1;
            changed_counts.push(replaced.changed.len());
            for (i, _, _) in &replaced.changed {
                let word = &replaced.puzzle.words[*i];
                new_answers += 1;
                familiar_new += usize::from(
                    gridpress::model::lexicon::known_zipf(
                        &word.display,
                        gridpress::model::Language::German,
                    ) >= gridpress::model::lexicon::FAMILIAR_ZIPF,
                );
            }
            for (r, row) in puzzle.grid.iter().enumerate() {
                for (c, letter) in row.iter().enumerate() {
                    let pos = gridpress::model::Pos::new(r, c);
                    if !replaced.region.contains(&pos) {
                        assert_eq!(*letter, replaced.puzzle.grid[r][c], "outside the region");
                    }
                }
            }
            assert_ne!(replaced.puzzle.words[index].word, puzzle.words[index].word);
        }
    }
    times.sort_by(f64::total_cmp);
    changed_counts.sort();
    println!(
        "  answers changed per replacement: median {}, max {}; new answers familiar (Zipf ≥ 2.5): {:.0} %",
        changed_counts[changed_counts.len() / 2],
        changed_counts[changed_counts.len() - 1],
        100.0 * familiar_new as f64 / new_answers.max(1) as f64
    );
    println!(
        "{:<28} median {:>7.1} ms  max {:>7.1} ms  replaced {}/{}  rings 0/1/2/3: {:?}  (answers indexed once in {:.0} ms)",
        "13x17 replace",
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3,
        times.len() - failed,
        times.len(),
        &rings[..4],
        indexed * 1e3
    );
}
