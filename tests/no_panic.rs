//! No input makes Gridpress panic (issue 12): random bytes through every
//! loader, random projects through the library's one entry point, random
//! flag combinations through the command line. Errors are fine; a panic,
//! or an exit status other than 0, 1 or 2, is not.

use gridpress::model::{Mask, PuzzleKind, Vocabulary, WordCount};
use gridpress::project::{PresetLetter, Project, Rect};
use proptest::prelude::*;
use std::process::Command;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn loaders_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Vocabulary::parse_text("f.txt", &bytes, "f.txt");
        let _ = Vocabulary::parse_text("f.csv", &bytes, "f.csv");
        let _ = Mask::parse(&text, "m.txt");
        let _ = Project::parse(&text, "p.ron");
        let _ = gridpress::export::json::parse(&text, "p.json");
        let _ = gridpress::layout::Template::parse(&text, "t.ron");
        let _ = gridpress::model::thesaurus::import_any(&text, "t.txt");
        let _ = gridpress::pdf::preflight::preflight(&bytes, gridpress::pdf::PdfStandard::X1a);
    }

    /// Mutations of the tool's own valid outputs (issue 35): a flipped,
    /// dropped or repeated stretch of a puzzle's JSON, a project, a
    /// template, a thesaurus and a PDF. A JSON puzzle that still parses
    /// goes through the verifier.
    #[test]
    fn mutated_valid_inputs_never_panic(
        which in 0usize..5,
        at in any::<prop::sample::Index>(),
        len in 0usize..40,
        how in 0usize..4,
        byte in any::<u8>(),
    ) {
        let valid = &valid_inputs()[which];
        let mut bytes = valid.clone();
        let start = at.index(bytes.len().max(1)).min(bytes.len());
        let end = (start + len).min(bytes.len());
        match how {
            0 => bytes[start..end].iter_mut().for_each(|b| *b ^= byte | 1),
            1 => { bytes.drain(start..end); }
            2 => { let copy = bytes[start..end].to_vec(); bytes.splice(start..start, copy); }
            _ => bytes.truncate(start),
        }
        let text = String::from_utf8_lossy(&bytes);
        match which {
            0 => {
                if let Ok(puzzles) = gridpress::export::json::parse(&text, "p.json") {
                    for p in &puzzles {
                        let _ = gridpress::verify::verify(p, &[]);
                        let _ = gridpress::verify::clues::measure(p);
                    }
                }
            }
            1 => { let _ = Project::parse(&text, "p.ron"); }
            2 => { let _ = gridpress::layout::Template::parse(&text, "t.ron"); }
            3 => { let _ = gridpress::model::thesaurus::import_any(&text, "t.txt"); }
            _ => {
                let _ = gridpress::pdf::preflight::preflight(&bytes, gridpress::pdf::PdfStandard::X1a);
                let _ = gridpress::pdf::preflight::preflight(&bytes, gridpress::pdf::PdfStandard::X4);
            }
        }
    }
}

/// Valid inputs of every parser, made once: a puzzle's JSON, the sample
/// project, the A4 template, a few thesaurus lines, a PDF/X-4 page.
fn valid_inputs() -> &'static [Vec<u8>] {
    static INPUTS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    INPUTS.get_or_init(|| {
        let project = Project::sample();
        let puzzles = gridpress::make::make(&project, &Default::default(), |_, _| {}).unwrap();
        let json = gridpress::export::json::to_string(&puzzles[0]).into_bytes();
        let ron = project.to_ron().into_bytes();
        let template = include_bytes!("../templates/a4.ron").to_vec();
        let thesaurus = b"Haus;Heim;Wohnung (ugs.)\nAuto;Wagen;Kfz (Abk\xc3\xbcrzung)\n".to_vec();
        let mut template_x4 = gridpress::layout::Template::find("a4").unwrap();
        template_x4.pdf_standard = gridpress::pdf::PdfStandard::X4;
        let files = gridpress::export::print::render_pdfs(
            &puzzles,
            "Sample",
            &template_x4,
            gridpress::layout::KeyPlacement::NextPage,
            std::path::Path::new("sample.pdf"),
        )
        .unwrap();
        let pdf = files.into_iter().next().unwrap().1;
        vec![json, ron, template, thesaurus, pdf]
    })
}

/// Text that tends to break things: empty, spaces, one letter, letters
/// without capitals or with combining marks, other scripts, very long.
fn awkward_word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("   ".to_string()),
        Just("e".to_string()),
        Just("ǰihad".to_string()),
        Just("Straße".to_string()),
        Just("Ärger".to_string()),
        Just("e\u{301}te".to_string()),
        Just("שלום".to_string()),
        Just("日本語".to_string()),
        Just("a-b c'd".to_string()),
        Just("x".repeat(300)),
        "[a-zA-Zäöüß]{1,12}",
    ]
}

fn time_limit() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(-1.0),
        Just(0.0),
        Just(1e308),
        Just(1.8446744073709552e19),
        0.05f64..0.3,
    ]
}

fn word_count() -> impl Strategy<Value = Option<WordCount>> {
    prop_oneof![
        Just(None),
        Just(Some(WordCount::Auto)),
        (0usize..60).prop_map(|n| Some(WordCount::Exact(n))),
        (0usize..60, 0usize..60).prop_map(|(a, b)| Some(WordCount::Between(a, b))),
        Just(Some(WordCount::Exact(usize::MAX))),
    ]
}

prop_compose! {
    fn project()(
        kind in prop::sample::select(vec![PuzzleKind::WordSearch, PuzzleKind::WordRectangle]),
        width in prop_oneof![Just(0usize), Just(2), 3usize..25, Just(61), Just(usize::MAX)],
        height in prop_oneof![Just(0usize), 3usize..25, Just(1000)],
        shape in prop::sample::select(vec!["rectangle", "heart", "star", "circle", "triangle", "blob", ""]),
        directions in prop::sample::select(vec!["all", "E,S", "e,s", "SE,NW", "", "X", "E,E"]),
        pick in word_count(),
        solution in prop::option::of(awkward_word()),
        words in prop::option::of(prop::collection::vec(awkward_word(), 0..40)),
        per_cell in 0u8..7,
        overlap in prop_oneof![Just(f64::NAN), -1.0f64..2.0],
        seed in any::<u64>(),
        limit in time_limit(),
        count in prop_oneof![0usize..3, Just(usize::MAX)],
        letters in prop::collection::vec((0usize..30, 0usize..30, awkward_word()), 0..3),
        restricted in prop::collection::vec((0usize..30, 0usize..30, 0usize..30, 0usize..30), 0..2),
        banned in prop::collection::vec(awkward_word(), 0..3),
    ) -> Project {
        let mut p = Project::sample();
        p.generator.kind = kind;
        p.grid.width = width;
        p.grid.height = height;
        p.grid.shape = shape.into();
        p.generator.directions = directions.into();
        p.generator.pick = pick;
        p.generator.solution = solution;
        // Half the runs keep the sample's 50 words, so that many requests
        // get as far as generating.
        if let Some(words) = words {
            p.vocabularies[0].entries = words
                .into_iter()
                .map(|word| gridpress::model::Entry {
                    word: word.into(),
                    clue: None,
                    tags: Vec::new(),
                })
                .collect();
        }
        p.generator.max_words_per_cell = per_cell;
        p.generator.max_overlap_fraction = overlap;
        p.generator.seed = seed;
        p.generator.time_limit_seconds = limit;
        p.generator.count = count;
        p.letters = letters
            .into_iter()
            .map(|(row, col, letter)| PresetLetter { row, col, letter })
            .collect();
        p.grid.restricted = restricted
            .into_iter()
            .map(|(col, row, width, height)| Rect { col, row, width, height })
            .collect();
        p.offensive_words = banned;
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_projects_never_panic(project in project()) {
        // A refusal, a puzzle or a best effort: any of them, never a panic.
        let _ = gridpress::make::make(&project, &Default::default(), |_, _| {});
        // The saved form reads back.
        let text = project.to_ron();
        let _ = Project::parse(&text, "saved.ron");
    }
}

fn flag() -> impl Strategy<Value = Vec<String>> {
    let value = prop_oneof![
        Just("0".to_string()),
        Just("-1".to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("18446744073709551616".to_string()),
        Just("1e308".to_string()),
        Just("20,20,5,5".to_string()),
        Just("x".to_string()),
        Just(String::new()),
        Just("30-60".to_string()),
        Just("auto".to_string()),
        Just("15x15".to_string()),
        Just("0x0".to_string()),
        Just("all".to_string()),
        Just("help".to_string()),
        Just("/nonexistent/file".to_string()),
        "[a-z0-9,.-]{1,8}",
    ];
    (
        prop::sample::select(vec![
            "--size",
            "--shape",
            "--restrict",
            "--directions",
            "--difficulty",
            "--solution",
            "--pick",
            "--seed",
            "--count",
            "--time-limit",
            "--language",
            "--kind",
            "--key",
            "--template",
            "--title",
            "--pdf-standard",
            "--banned",
            "--mask",
        ]),
        value,
    )
        .prop_map(|(f, v)| vec![f.to_string(), v])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_command_lines_never_panic(flags in prop::collection::vec(flag(), 0..5)) {
        let words = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sea-life.txt");
        let mut args = vec!["generate".to_string(), "--words".into(), words.into()];
        // A short limit first: a later --time-limit flag overrides it.
        args.extend(["--time-limit".into(), "0.3".into(), "--size".into(), "12x12".into()]);
        args.extend(["--pick".into(), "10".into()]);
        for mut f in flags {
            // Valid but long runs (a 500 s limit, a batch of 4,000) prove
            // nothing here: capped.
            let number = f[1].parse::<f64>().ok().filter(|n| n.is_finite());
            match f[0].as_str() {
                "--time-limit" if number.is_some_and(|n| n > 0.3 && n <= 86_400.0) => f[1] = "0.3".into(),
                "--count" if number.is_some_and(|n| n > 3.0 && n <= 5_000.0) => f[1] = "3".into(),
                _ => {}
            }
            args.extend(f);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_gridpress")).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        prop_assert!(!stderr.contains("panicked"), "{args:?}\n{stderr}");
        prop_assert!(matches!(out.status.code(), Some(0..=2)), "{args:?}: {:?}\n{stderr}", out.status);
    }
}
