//! The generator's promises beyond the property tests: pre-assigned letters
//! and words, exclusion groups, vocabulary priority, solution words, the
//! time limit and the cancel flag, refusals before searching.

mod common;

use gridpress::GenerateError;
use gridpress::generate::{Generator, Options};
use gridpress::model::{
    Direction, DirectionSet, Mask, Pos, PreassignedWord, SpecVocabulary, UmlautMode, Word,
};
use gridpress::verify::{verify, verify_against};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn word(s: &str) -> Word {
    Word::new(s, None, UmlautMode::Keep).unwrap()
}

fn check(puzzle: &gridpress::model::Puzzle, spec: &gridpress::model::PuzzleSpec) {
    let v = verify(puzzle, &common::banned());
    assert!(v.is_empty(), "{v:?}\n{}", puzzle.to_text());
    let v = verify_against(puzzle, spec);
    assert!(v.is_empty(), "{v:?}\n{}", puzzle.to_text());
}

#[test]
fn keeps_pre_assigned_letters_and_words() {
    let mut spec = common::spec(
        Mask::rectangle(12, 12).unwrap(),
        common::words("figure1-14-words.txt"),
        true,
    );
    spec.letters = vec![
        (Pos::new(0, 0), 'X'),
        (Pos::new(11, 11), 'Q'),
        (Pos::new(5, 5), 'E'),
    ];
    spec.preassigned_words = vec![PreassignedWord {
        word: word("Lighthouse"),
        start: Pos::new(11, 0),
        direction: Direction::NE,
    }];
    let generator = Generator::new(spec.clone()).unwrap();
    for seed in 0..20 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert_eq!(p.words.len(), 15);
    }
}

#[test]
fn refuses_a_pre_assigned_word_that_does_not_fit() {
    let mut spec = common::spec(
        Mask::rectangle(8, 8).unwrap(),
        common::words("figure3-12-words.txt"),
        true,
    );
    spec.preassigned_words = vec![PreassignedWord {
        word: word("Lighthouse"),
        start: Pos::new(0, 0),
        direction: Direction::E,
    }];
    let err = Generator::new(spec).err().unwrap().to_string();
    assert!(
        err.contains("Lighthouse") && err.contains("does not fit"),
        "{err}"
    );
}

#[test]
fn at_most_one_word_per_exclusion_group() {
    let sea = common::words("sea-life.txt");
    let mut spec = common::spec(Mask::rectangle(15, 15).unwrap(), sea, false);
    spec.pick = Some(gridpress::model::WordCount::Exact(30));
    spec.exclusion_groups = vec![
        vec![
            "SHARK".chars().collect(),
            "WHALE".chars().collect(),
            "DOLPHIN".chars().collect(),
        ],
        vec!["CRAB".chars().collect(), "LOBSTER".chars().collect()],
    ];
    let generator = Generator::new(spec.clone()).unwrap();
    for seed in 0..20 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
    }
}

#[test]
fn higher_priority_vocabulary_first() {
    let theme: Vec<Word> = ["Shark", "Whale", "Squid", "Octopus", "Dolphin", "Seal"]
        .map(word)
        .to_vec();
    let backup: Vec<Word> = common::words("figure2-34-words.txt");
    let mut spec = common::spec(Mask::rectangle(16, 16).unwrap(), theme, false);
    spec.vocabularies.push(SpecVocabulary {
        name: "backup".into(),
        must_use: false,
        words: backup,
        lines: Default::default(),
    });
    spec.pick = Some(gridpress::model::WordCount::Exact(14));
    let generator = Generator::new(spec.clone()).unwrap();
    let mut theme_words = 0;
    for seed in 0..10 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        theme_words += p.words.iter().filter(|w| w.vocabulary == "test").count();
    }
    // Six theme words fit easily on 16×16: nearly all of them are used.
    assert!(theme_words >= 50, "{theme_words} theme words in 10 puzzles");
}

#[test]
fn solution_word_in_must_use_puzzle() {
    let mut spec = common::spec(
        Mask::rectangle(11, 11).unwrap(),
        common::words("figure1-14-words.txt"),
        true,
    );
    spec.directions = DirectionSet::ALL;
    spec.solution = Some(word("Puzzle"));
    let generator = Generator::new(spec.clone()).unwrap();
    let p = generator.generate(&Options::seeded(3)).unwrap();
    check(&p, &spec);
    match p.solution() {
        Some(s) => assert_eq!(s.word, "PUZZLE"),
        None => assert!(
            p.report.relaxed.iter().any(|r| r.contains("PUZZLE")),
            "{:?}",
            p.report
        ),
    }
}

#[test]
fn impossible_requests_are_refused_before_searching() {
    let words = vec![word("Seahorse"), word("Horse")];
    let err = Generator::new(common::spec(Mask::rectangle(10, 10).unwrap(), words, true))
        .err()
        .unwrap();
    assert!(matches!(err, GenerateError::Impossible(_)), "{err}");
    assert!(err.to_string().contains("\"Seahorse\"") && err.to_string().contains("\"Horse\""));
    // Read backwards counts too: GOLD inside "...DLOG...".
    let words = vec![word("Gold"), word("Bladlogs")];
    assert!(Generator::new(common::spec(Mask::rectangle(10, 10).unwrap(), words, true)).is_err());
    // A word longer than any line of a triangle's enabled directions.
    let mask = gridpress::model::Shape::Triangle.mask(9, 5).unwrap();
    let mut spec = common::spec(mask, vec![word("Lighthouse")], true);
    spec.directions = DirectionSet::parse_list("S,N").unwrap();
    let err = Generator::new(spec).err().unwrap().to_string();
    assert!(
        err.contains("Lighthouse") && err.contains("longest line"),
        "{err}"
    );
}

#[test]
fn proves_impossible_placements() {
    // Three 5-letter words, one direction, a 5×3 grid with a blocked middle
    // row: only two rows can hold a word.
    let mut mask = Mask::rectangle(5, 3).unwrap();
    mask.restrict(2, 1, 1, 1);
    let words = vec![word("Alpha"), word("Bravo"), word("Delta")];
    let mut spec = common::spec(mask, words, true);
    spec.directions = DirectionSet::parse_list("E").unwrap();
    let started = Instant::now();
    let result = Generator::new(spec).unwrap().generate(&Options::seeded(1));
    assert!(
        matches!(result, Err(GenerateError::NoSolution(_))),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn time_limit_returns_best_effort_and_says_so() {
    // 34 words (284 letters) on 17×17, forward only: too dense to finish in 50 ms.
    let mut spec = common::spec(
        Mask::rectangle(17, 17).unwrap(),
        common::words("figure2-34-words.txt"),
        true,
    );
    spec.directions = DirectionSet::parse_list("E,S").unwrap();
    let generator = Generator::new(spec.clone()).unwrap();
    let started = Instant::now();
    let result = generator.generate(&Options {
        time_limit: Duration::from_millis(50),
        ..Options::seeded(1)
    });
    assert!(started.elapsed() < Duration::from_millis(500));
    match result {
        Ok(p) => {
            assert!(p.words.len() < 34);
            assert!(
                p.report.relaxed.iter().any(|r| r.contains("not placed")),
                "{:?}",
                p.report.relaxed
            );
            check(&p, &spec);
        }
        Err(e) => assert!(
            matches!(e, GenerateError::NoSolution(_) | GenerateError::TimedOut(_)),
            "{e}"
        ),
    }
}

#[test]
fn cancel_flag_stops_the_search() {
    let mut spec = common::spec(
        Mask::rectangle(17, 17).unwrap(),
        common::words("figure2-34-words.txt"),
        true,
    );
    spec.directions = DirectionSet::parse_list("E,S").unwrap();
    let generator = Generator::new(spec).unwrap();
    let cancel = Arc::new(AtomicBool::new(true));
    let started = Instant::now();
    let result = generator.generate(&Options {
        time_limit: Duration::from_secs(30),
        cancel: Some(cancel),
        ..Options::seeded(1)
    });
    assert!(
        matches!(result, Err(GenerateError::Cancelled)),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_millis(500));
}

#[test]
fn umlauts_kept_or_written_out() {
    for (mode, expect) in [(UmlautMode::Keep, "ÄPFEL"), (UmlautMode::Expand, "AEPFEL")] {
        let words: Vec<Word> = ["Äpfel", "Birnen", "Kirschen", "Pflaumen", "Straße"]
            .iter()
            .map(|w| Word::new(w, None, mode).unwrap())
            .collect();
        let mut spec = common::spec(Mask::rectangle(10, 10).unwrap(), words, true);
        spec.language = gridpress::model::Language::German;
        let p = Generator::new(spec.clone())
            .unwrap()
            .generate(&Options::seeded(2))
            .unwrap();
        check(&p, &spec);
        assert!(
            p.words
                .iter()
                .any(|w| w.word == expect && w.display == "Äpfel")
        );
        assert!(
            p.words
                .iter()
                .any(|w| w.word == "STRASSE" && w.display == "Straße")
        );
    }
}

/// Debian's `wamerican` as words.
fn american() -> Vec<Word> {
    let text = common::american_text();
    let (v, _) =
        gridpress::model::Vocabulary::parse_text("american", text.as_bytes(), "american").unwrap();
    v.words(UmlautMode::Keep).0
}

#[test]
fn filler_avoids_accidental_vocabulary_words() {
    let mut spec = common::spec(Mask::rectangle(15, 15).unwrap(), american(), false);
    spec.pick = Some(gridpress::model::WordCount::Exact(24));
    let generator = Generator::new(spec.clone()).unwrap();
    let mut accidents = 0;
    for seed in 0..10 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        accidents += p.report.accidental_words.len();
    }
    // 100,000 words make many 5-letter strings risky; the filler still
    // steers around nearly all of them.
    assert!(accidents <= 3, "{accidents} accidental words in 10 puzzles");
}

#[test]
fn solution_word_with_drawn_words_and_pre_assigned_letters() {
    let words = american();
    let mut spec = common::spec(Mask::rectangle(12, 12).unwrap(), words, false);
    spec.pick = Some(gridpress::model::WordCount::Exact(20));
    spec.solution = Some(word("Oceans"));
    spec.letters = vec![(Pos::new(6, 6), 'A'), (Pos::new(2, 9), 'E')];
    let generator = Generator::new(spec.clone()).unwrap();
    for seed in 0..5 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert_eq!(
            p.solution().map(|s| s.word.as_str()),
            Some("OCEANS"),
            "{:?}",
            p.report.relaxed
        );
        assert_eq!(p.words.len(), 20);
    }
}

#[test]
fn big_grid_without_strike_lists() {
    // 284 letters × 3,600 cells × 8 directions is past the size where the
    // search keeps per-cell candidate lists; it must still be correct.
    let spec = common::spec(
        Mask::rectangle(60, 60).unwrap(),
        common::words("figure2-34-words.txt"),
        true,
    );
    let generator = Generator::new(spec.clone()).unwrap();
    for seed in 0..3 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert_eq!(p.words.len(), 34);
        assert!(p.report.relaxed.is_empty(), "{:?}", p.report.relaxed);
    }
}

/// 70,000 German words: every 4th entry of Debian's `wngerman`.
fn german_70k() -> Vec<Word> {
    let list: String = common::german_text()
        .lines()
        .step_by(4)
        .take(70_000)
        .collect::<Vec<_>>()
        .join("\n");
    let path = "wngerman (every 4th entry)";
    let bytes = list.into_bytes();
    let (vocabulary, _) = gridpress::model::Vocabulary::parse_text(path, &bytes, path).unwrap();
    let (words, rejected) = vocabulary.words(UmlautMode::Keep);
    assert!(rejected.is_empty(), "{rejected:?}");
    words
}

#[test]
fn dense_solution_grid_keeps_every_direction_share() {
    // Issue 2's hardest case: 40 of 70,000 German words must cover 388 of
    // 400 cells in all eight directions, each direction with 10 % of the
    // words. The sketched plan (issue 30) meets every share with bundles
    // of at most five parallel words and 0.4 crossings a word or more in
    // most seeds (the tiled plan it replaced: bundles of 12–15, 0.15).
    let words = german_70k();
    let mut spec = common::spec(Mask::rectangle(20, 20).unwrap(), words, false);
    spec.directions = DirectionSet::ALL;
    spec.pick = Some(gridpress::model::WordCount::Exact(40));
    spec.solution = Some(word("Sommerferien"));
    spec.language = gridpress::model::Language::German;
    let generator = Generator::new(spec.clone()).unwrap();
    let (mut bundles, mut crossings) = (Vec::new(), Vec::new());
    for seed in 0..6 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        bundles.push(p.report.quality.largest_bundle);
        crossings.push(p.report.quality.crossings);
        assert_eq!(p.words.len(), 40);
        assert_eq!(p.solution().map(|s| s.word.as_str()), Some("SOMMERFERIEN"));
        assert!(
            p.report.relaxed.is_empty(),
            "seed {seed}: {:?}",
            p.report.relaxed
        );
        for dir in Direction::ALL {
            let n = p.words.iter().filter(|w| w.direction == dir).count();
            assert!(n >= 4, "seed {seed}: {dir} carries {n} words");
        }
    }
    bundles.sort_unstable();
    crossings.sort_unstable();
    assert!(bundles[3] <= 5, "largest bundles {bundles:?}");
    assert!(
        crossings[3] >= 16,
        "crossings {crossings:?} (0.4 a word is 16)"
    );
}

#[test]
fn solution_word_dropped_at_once_when_the_words_cannot_cover_the_grid() {
    // 22 sea-life words have at most 171 letters; 15×15 less 7 solution
    // cells leaves 218 to cover, so the solution word cannot be kept. The
    // puzzle comes without it, says why, and still meets every share.
    let mut spec = common::spec(
        Mask::rectangle(15, 15).unwrap(),
        common::words("sea-life.txt"),
        false,
    );
    spec.pick = Some(gridpress::model::WordCount::Exact(22));
    spec.solution = Some(word("Seaside"));
    let generator = Generator::new(spec.clone()).unwrap();
    let p = generator.generate(&Options::seeded(1)).unwrap();
    check(&p, &spec);
    assert!(p.solution().is_none());
    assert_eq!(p.words.len(), 22);
    assert_eq!(
        p.report.relaxed,
        vec!["solution word SEASIDE (7 letters) left out: 22 words can cover at most 171 of the 218 cells around it; no fewer than 29 words can cover them; about 40 of the vocabularies' mean length (6.5 letters) fill the grid (--pick 40-50)".to_string()]
    );
}

#[test]
fn a_list_too_short_for_its_grid_is_told_how_many_words_it_lacks() {
    // Issue 30: all 50 sea-life words cannot cover a 25×25 grid; the
    // report says so at once and how many more words would.
    let mut spec = common::spec(
        Mask::rectangle(25, 25).unwrap(),
        common::words("sea-life.txt"),
        false,
    );
    spec.pick = Some(gridpress::model::WordCount::Auto);
    spec.solution = Some(word("Seaside"));
    let generator = Generator::new(spec.clone()).unwrap();
    let p = generator.generate(&Options::seeded(1)).unwrap();
    check(&p, &spec);
    assert!(p.solution().is_none());
    let why = &p.report.relaxed[0];
    assert!(
        why.contains("all the words of the vocabularies can cover at most")
            && why.contains("more words of 6.5 letters are needed"),
        "{why}"
    );
}

#[test]
fn word_ranges_of_large_lists_are_sketched_to_bundles_of_four() {
    // Issue 30: 60–80 of 70,000 German words around a 12-letter solution
    // word. Woven and untangled, the median largest bundle was 7 (up to
    // 10); a woven puzzle with bundles over four now has a sketch tried
    // (aiming at four), the better kept: at least 0.5 crossings a word,
    // every direction's share.
    let words = german_70k();
    let mut spec = common::spec(Mask::rectangle(20, 20).unwrap(), words, false);
    spec.directions = DirectionSet::ALL;
    spec.pick = Some(gridpress::model::WordCount::Between(60, 80));
    spec.solution = Some(word("Sonnenschein"));
    spec.language = gridpress::model::Language::German;
    let generator = Generator::new(spec.clone()).unwrap();
    let (mut bundles, mut crossing_rates) = (Vec::new(), Vec::new());
    for seed in 1..=6 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert_eq!(p.solution().map(|s| s.word.as_str()), Some("SONNENSCHEIN"));
        assert!((60..=80).contains(&p.words.len()), "seed {seed}");
        assert!(
            p.report.relaxed.is_empty(),
            "seed {seed}: {:?}",
            p.report.relaxed
        );
        bundles.push(p.report.quality.largest_bundle);
        crossing_rates.push(p.report.quality.crossings as f64 / p.words.len() as f64);
    }
    bundles.sort_unstable();
    crossing_rates.sort_by(f64::total_cmp);
    // Half the seeds sketched to four (before: [5, 6, 6, 7, 8, 10]); a
    // seed whose sketches fail keeps its woven puzzle.
    assert!(bundles[2] <= 4, "largest bundles {bundles:?}");
    assert!(bundles[3] <= 5, "largest bundles {bundles:?}");
    assert!(
        crossing_rates[3] >= 0.5,
        "crossings a word {crossing_rates:?}"
    );
}

#[test]
fn woven_solution_grids_cross_and_spread() {
    // Issue 11: 12 solution letters on 20×20 from 70,000 German words, the
    // word count chosen by the generator. Words cross (≥ 0.4 shared cells
    // a word) and the solution letters reach at least 6 of the 9 ninths
    // (medians); parallel words side by side are broken up (median largest
    // bundle 11 before the woven layout was untangled, 7–8 after); every
    // puzzle passes `verify`.
    let words = german_70k();
    let mut spec = common::spec(Mask::rectangle(20, 20).unwrap(), words, false);
    spec.pick = Some(gridpress::model::WordCount::Auto);
    spec.solution = Some(word("Sommerferien"));
    spec.language = gridpress::model::Language::German;
    let generator = Generator::new(spec.clone()).unwrap();
    let (mut crossing_rates, mut regions, mut bundles) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 0..6 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert_eq!(p.solution().map(|s| s.word.as_str()), Some("SOMMERFERIEN"));
        let q = &p.report.quality;
        crossing_rates.push(q.crossings as f64 / p.words.len() as f64);
        regions.push(q.solution_regions);
        bundles.push(q.largest_bundle);
    }
    // Medians, as the targets: a grid now and then comes from the
    // planned fallback (few crossings).
    crossing_rates.sort_by(f64::total_cmp);
    regions.sort_unstable();
    assert!(crossing_rates[3] >= 0.4, "{crossing_rates:?}");
    assert!(regions[3] >= 6, "{regions:?}");
    bundles.sort_unstable();
    assert!(bundles[3] <= 9, "{bundles:?}");
}

#[test]
fn theme_list_layouts_are_untangled_too() {
    // Issue 11: a list of a few hundred words is laid out by the sweep,
    // whose rows and columns hardly cross (median 0.12 shared cells a word
    // on these seeds before the weave took its layouts over to untangle
    // them, 0.32 after). 173 `wamerican` words of 4–10 letters, 17×15
    // heart, the word count chosen by the generator.
    let list: String = common::american_text()
        .lines()
        .filter(|w| (4..=10).contains(&w.len()))
        .step_by(300)
        .map(|w| format!("{w}\n"))
        .collect();
    let path = "wamerican (every 300th word of 4–10 letters)";
    let (vocabulary, _) =
        gridpress::model::Vocabulary::parse_text(path, list.as_bytes(), path).unwrap();
    let (words, rejected) = vocabulary.words(UmlautMode::Keep);
    assert!(rejected.is_empty(), "{rejected:?}");
    let mut crossing_rates: Vec<f64> = heart_puzzles(words)
        .iter()
        .map(|p| p.report.quality.crossings as f64 / p.words.len() as f64)
        .collect();
    crossing_rates.sort_by(f64::total_cmp);
    assert!(crossing_rates[3] >= 0.25, "{crossing_rates:?}");
}

#[test]
fn small_theme_lists_are_annealed_to_the_layout_goals() {
    // Issue 11: 50 sea-life words on the 17×15 heart (30 used). The sweep's
    // layouts stack 8–18 parallel words and miss diagonal shares; annealed,
    // every seed has all shares, bundles of at most 5, 0.3 crossings a
    // word and solution letters in 5 ninths (before: median bundle 11,
    // shares met in 1 of 30 seeds).
    for p in heart_puzzles(common::words("sea-life.txt")) {
        let q = &p.report.quality;
        let line = format!(
            "seed {}: {:?}, bundle {}, {} crossings for {} words, {} ninths",
            p.seed,
            p.report.relaxed,
            q.largest_bundle,
            q.crossings,
            p.words.len(),
            q.solution_regions
        );
        assert!(p.report.relaxed.is_empty(), "{line}");
        assert!(q.largest_bundle <= 5, "{line}");
        assert!(q.crossings * 10 >= 3 * p.words.len(), "{line}");
        assert!(q.solution_regions >= 5, "{line}");
    }
}

/// Seeds 1–6 of MEERESGRUND on the 17×15 heart, all eight directions, the
/// word count chosen by the generator; each verified, the solution kept.
fn heart_puzzles(words: Vec<Word>) -> Vec<gridpress::model::Puzzle> {
    let mask = gridpress::model::Shape::Heart.mask(17, 15).unwrap();
    let mut spec = common::spec(mask, words, false);
    spec.directions = DirectionSet::ALL;
    spec.pick = Some(gridpress::model::WordCount::Auto);
    spec.solution = Some(word("Meeresgrund"));
    let generator = Generator::new(spec.clone()).unwrap();
    (1..=6)
        .map(|seed| {
            let p = generator.generate(&Options::seeded(seed)).unwrap();
            check(&p, &spec);
            assert_eq!(p.solution().map(|s| s.word.as_str()), Some("MEERESGRUND"));
            p
        })
        .collect()
}

#[test]
fn refuses_clashing_pre_assignments_before_searching() {
    let base = common::spec(
        Mask::rectangle(12, 12).unwrap(),
        common::words("figure1-14-words.txt"),
        true,
    );
    let placed = |text: &str, row, col, direction| PreassignedWord {
        word: word(text),
        start: Pos::new(row, col),
        direction,
    };
    let refused = |spec: gridpress::model::PuzzleSpec, needles: &[&str]| {
        let err = Generator::new(spec).err().expect("refused").to_string();
        for n in needles {
            assert!(err.contains(n), "{err:?} lacks {n:?}");
        }
    };
    let mut spec = base.clone();
    spec.letters = vec![(Pos::new(2, 3), 'A'), (Pos::new(2, 3), 'B')];
    refused(
        spec,
        &["two pre-assigned letters", "row 3, column 4", "A and B"],
    );

    let mut spec = base.clone();
    spec.preassigned_words = vec![
        placed("Lighthouse", 0, 0, Direction::E),
        placed("Harbour", 0, 0, Direction::E),
    ];
    refused(spec, &["Harbour", "Lighthouse", "row 1, column 1"]);

    let mut spec = base.clone();
    spec.preassigned_words = vec![
        placed("Lighthouse", 0, 0, Direction::E),
        placed("Light", 0, 0, Direction::S),
        placed("Lights", 0, 0, Direction::E),
    ];
    refused(spec, &["share more than one cell", "Lights"]);

    let mut spec = base.clone();
    spec.letters = vec![(Pos::new(0, 2), 'Q')];
    spec.preassigned_words = vec![placed("Lighthouse", 0, 0, Direction::E)];
    refused(
        spec,
        &[
            "Lighthouse",
            "puts G at row 1, column 3",
            "Q is pre-assigned",
        ],
    );

    // Crossing in one cell with the same letter is fine.
    let mut spec = base;
    spec.preassigned_words = vec![
        placed("Lighthouse", 0, 0, Direction::E),
        placed("Harbour", 0, 5, Direction::S),
    ];
    let p = Generator::new(spec.clone())
        .unwrap()
        .generate(&Options::seeded(1))
        .unwrap();
    check(&p, &spec);
}

#[test]
fn a_fully_pre_assigned_grid_without_a_readable_word_is_refused_at_once() {
    let words: Vec<Word> = ["kelp", "crab", "seal", "tuna"]
        .iter()
        .map(|w| word(w))
        .collect();
    let mut spec = common::spec(Mask::rectangle(4, 4).unwrap(), words, false);
    spec.pick = Some(gridpress::model::WordCount::Exact(1));
    let rows = ["QXZQ", "XZQX", "ZQXZ", "QXZQ"];
    let with_rows = |spec: &mut gridpress::model::PuzzleSpec, rows: [&str; 4]| {
        spec.letters = rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .map(move |(c, ch)| (Pos::new(r, c), ch))
            })
            .collect();
    };
    with_rows(&mut spec, rows);
    let started = Instant::now();
    let err = Generator::new(spec.clone())
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("every cell is pre-assigned"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(1));
    // The same grid with SEAL spelled in it works.
    with_rows(&mut spec, ["SEAL", "XZQX", "ZQXZ", "QXZQ"]);
    let p = Generator::new(spec.clone())
        .unwrap()
        .generate(&Options::seeded(1))
        .unwrap();
    check(&p, &spec);
    assert_eq!(p.words.len(), 1);
}

/// The 150 `wamerican` words of 9–14 letters `layout_targets` uses.
fn long_american_words() -> Vec<Word> {
    common::american_text()
        .lines()
        .filter(|w| (9..=14).contains(&w.len()))
        .step_by(101)
        .take(150)
        .map(word)
        .collect()
}

/// Cells the words cover over the playable cells.
fn density(p: &gridpress::model::Puzzle, playable: usize) -> f64 {
    let letters: usize = p.words.iter().map(|w| w.word.chars().count()).sum();
    (letters - p.report.quality.crossings) as f64 / playable as f64
}

#[test]
fn an_automatic_count_of_long_words_fills_the_grid_as_short_words_do() {
    // Issue 30: one word per 7.5 cells asked 24 long words of the heart,
    // and the generator spent its time limit placing 16 (bundles of 10,
    // four directions short). Short words keep their count.
    let heart = gridpress::model::Shape::Heart.mask(17, 15).unwrap();
    let playable = heart.playable_count();
    let mut spec = common::spec(heart.clone(), long_american_words(), false);
    spec.directions = DirectionSet::ALL;
    spec.pick = Some(gridpress::model::WordCount::Auto);
    let generator = Generator::new(spec.clone()).unwrap();
    for seed in 1..=3 {
        let p = generator.generate(&Options::seeded(seed)).unwrap();
        check(&p, &spec);
        assert!((12..=16).contains(&p.words.len()), "{}", p.words.len());
        let d = density(&p, playable);
        assert!((0.55..=0.75).contains(&d), "density {d}");
        assert!(p.report.relaxed.iter().all(|r| !r.contains("fewer than")));
    }
    let mut spec = common::spec(heart, common::words("sea-life.txt"), false);
    spec.pick = Some(gridpress::model::WordCount::Auto);
    let p = Generator::new(spec.clone())
        .unwrap()
        .generate(&Options::seeded(1))
        .unwrap();
    check(&p, &spec);
    assert_eq!(p.words.len(), (playable as f64 / 7.5).round() as usize);
}

#[test]
fn a_solution_word_left_out_leaves_a_full_grid_without_it() {
    // Issue 30: when the long words could not be laid around LIGHTHOUSE,
    // the puzzle without it held 7–13 words (about half the heart
    // covered) after 7 s; now the words a grid without a solution holds.
    let heart = gridpress::model::Shape::Heart.mask(17, 15).unwrap();
    let playable = heart.playable_count();
    let mut spec = common::spec(heart, long_american_words(), false);
    spec.directions = DirectionSet::ALL;
    spec.pick = Some(gridpress::model::WordCount::Auto);
    spec.solution = Some(word("Lighthouse"));
    let generator = Generator::new(spec.clone()).unwrap();
    let p = generator.generate(&Options::seeded(1)).unwrap();
    check(&p, &spec);
    if p.solution().is_none() {
        assert!(
            p.report.relaxed[0].contains("the closest arrangement found leaves"),
            "{:?}",
            p.report.relaxed
        );
        assert!(p.words.len() >= 12, "{}", p.words.len());
        let d = density(&p, playable);
        assert!(d >= 0.55, "density {d}");
    }
}
