//! A magazine series' memory (issues 28 and 36): the answers of its recent
//! puzzles are kept out of the next ones, for every kind, through the one
//! entry point and the command line; must-use words stay.

mod common;

use gridpress::make::{Run, generate, request};
use gridpress::model::PuzzleKind;
use gridpress::project::Project;
use gridpress::series::{Series, folded};
use gridpress::verify::verify;
use std::collections::HashMap;
use std::process::Command;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-series-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Makes `count` puzzles of `project` one after another, each with the
/// answers of the ones before kept out; the puzzles.
fn series_of(project: &mut Project, count: u64) -> Vec<gridpress::model::Puzzle> {
    let mut series = Series::default();
    let mut made = Vec::new();
    for seed in 1..=count {
        project.generator.seed = seed;
        let run = Run {
            kept_out: series.recent(25),
            ..Run::default()
        };
        let spec = request(project, &run).unwrap();
        let puzzle = generate(project, spec, &run, |_, _| {})
            .unwrap()
            .pop()
            .unwrap();
        assert!(verify(&puzzle, &[]).is_empty(), "seed {seed}");
        if seed > 1 {
            assert!(
                puzzle.report.notes.iter().any(|n| n.contains("kept out")),
                "seed {seed}: {:?}",
                puzzle.report.notes
            );
        }
        series.record(&format!("Week {seed}"), &puzzle);
        made.push(puzzle);
    }
    made
}

/// Answers of four letters or more that stand in more than one puzzle.
fn repeated(puzzles: &[gridpress::model::Puzzle]) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for p in puzzles {
        for w in &p.words {
            if w.word.chars().count() >= 4 {
                *seen.entry(folded(&w.word)).or_default() += 1;
            }
        }
    }
    seen.into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(w, _)| w)
        .collect()
}

#[test]
fn swedish_puzzles_of_a_series_repeat_no_long_answer() {
    let text = std::fs::read_to_string(gridpress::model::thesaurus::OPENTHESAURUS_PATH)
        .expect("apt-get install openthesaurus-de-text");
    let imported = gridpress::model::thesaurus::import_with_glosses(&text, "thesaurus");
    let mut project = Project::sample();
    project.vocabularies = vec![imported.vocabulary];
    project.exclusion_groups.clear();
    project.language = gridpress::model::Language::German;
    project.generator.kind = PuzzleKind::Swedish;
    project.generator.directions = "E,S".into();
    project.generator.pick = None;
    project.grid.width = 11;
    project.grid.height = 13;
    let puzzles = series_of(&mut project, 5);
    assert_eq!(repeated(&puzzles), Vec::<String>::new());
}

#[test]
fn word_searches_draw_no_recent_word_and_keep_must_use_words() {
    let mut project = Project::sample();
    // A must-use list beside the drawn one: its words come back every time.
    let mut theme = project.vocabularies[0].clone();
    theme.name = "theme".into();
    theme.must_use = true;
    theme.entries.truncate(3);
    let theme_words: Vec<String> = theme.entries.iter().map(|e| e.word.to_string()).collect();
    project.vocabularies[0].entries.drain(..3);
    // Enough words for three puzzles of 12 drawn words.
    project.vocabularies[0]
        .entries
        .extend(
            common::common_words(6, 60)
                .into_iter()
                .map(|word| gridpress::model::Entry {
                    word: word.into(),
                    clue: None,
                    tags: Vec::new(),
                }),
        );
    project.vocabularies.insert(0, theme);
    project.generator.pick = Some(gridpress::model::WordCount::Exact(15));
    let puzzles = series_of(&mut project, 3);
    let themed: Vec<String> = theme_words.iter().map(|w| folded(w)).collect();
    for p in &puzzles {
        for t in &themed {
            assert!(
                p.words.iter().any(|w| folded(&w.word) == *t),
                "{t} in every puzzle"
            );
        }
    }
    let again: Vec<String> = repeated(&puzzles)
        .into_iter()
        .filter(|w| !themed.contains(w))
        .collect();
    assert!(again.is_empty(), "{again:?}");
}

/// `gridpress generate` of a `size`×`size` rectangle from `wamerican`
/// with `seed`, recorded in the series file `series`.
fn rectangle_with_series(size: usize, seed: &str, series: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridpress"));
    command.args([
        "generate",
        "--kind",
        "word-rectangle",
        "--size",
        &format!("{size}x{size}"),
        "--words",
        "/usr/share/dict/american-english",
        "--seed",
        seed,
        "--series",
        series.to_str().unwrap(),
    ]);
    command
}

#[test]
fn the_command_line_keeps_a_series_file() {
    let series = temp("series.txt");
    let _ = std::fs::remove_file(&series);
    let gridpress = |seed: &str| {
        rectangle_with_series(4, seed, &series)
            .args(["--json", temp(&format!("r{seed}.json")).to_str().unwrap()])
            .output()
            .unwrap()
    };
    for seed in ["1", "2"] {
        let out = gridpress(seed);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let kept = Series::load(&series).unwrap();
    assert_eq!(kept.puzzles.len(), 2);
    assert_eq!(kept.puzzles[0].1.len(), 8, "four rows and four columns");
    let second: Vec<&String> = kept.puzzles[1].1.iter().collect();
    assert!(!kept.puzzles[0].1.iter().any(|w| second.contains(&w)));
    // A broken line is named with its file and line; nothing is made.
    std::fs::write(&series, "Week 1: HAUS\nWeek 2 BAUM\n").unwrap();
    let out = gridpress("3");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("series.txt") && err.contains('2'), "{err}");
}

/// Editors generating at the same moment share one series file: eight
/// processes at once, and four threads appending 200 puzzles each, lose
/// no line and break none.
#[test]
fn writers_at_the_same_time_lose_nothing() {
    let series = temp("shared.txt");
    let _ = std::fs::remove_file(&series);
    let children: Vec<_> = (1..=8)
        .map(|seed| {
            rectangle_with_series(3, &seed.to_string(), &series)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let kept = Series::load(&series).unwrap();
    assert_eq!(kept.puzzles.len(), 8);
    assert!(kept.puzzles.iter().all(|(_, words)| words.len() == 6));
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let series = series.clone();
            std::thread::spawn(move || {
                for n in 0..200 {
                    let words = vec![format!("THREAD{}", "X".repeat(t)); 40];
                    Series::append(&series, &[(format!("t{t} n{n}"), words)]).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let kept = Series::load(&series).unwrap();
    assert_eq!(kept.puzzles.len(), 8 + 800);
    assert!(kept.puzzles[8..].iter().all(|(_, words)| words.len() == 40));
}
