//! The command line as scripts use it: WoSeCon's puzzles generated and
//! checked, the JSON contract, batches, and bad input answered with a clear
//! message and exit status 1 (2 for wrong usage), never a panic.

mod common;

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn gridpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpress"))
        .args(args)
        .output()
        .unwrap()
}

fn data(file: &str) -> String {
    format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn generate_and_check(words: &str, size: &str, seed: u64, extra: &[&str]) -> Value {
    let json = temp(&format!("{size}-{seed}-{}.json", extra.len()));
    let json_s = json.to_str().unwrap();
    let seed_s = seed.to_string();
    let mut args = vec![
        "generate", "--words", words, "--size", size, "--seed", &seed_s, "--json", json_s,
    ];
    args.extend_from_slice(extra);
    let out = gridpress(&args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let check = gridpress(&["check", json_s]);
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        stderr(&check)
    );
    serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
}

#[test]
fn wosecon_puzzles_generate_and_check() {
    let cases = [
        ("figure1-14-words.txt", "11x11", 14),
        ("figure1-14-words.txt", "11x10", 14),
        ("figure3-12-words.txt", "9x8", 12),
        ("figure2-34-words.txt", "23x23", 34),
        ("figure2-34-words.txt", "20x20", 34),
    ];
    for (file, size, n) in cases {
        for seed in 1..=5 {
            let p = generate_and_check(&data(file), size, seed, &["--directions", "E,S"]);
            let words = p["words"].as_array().unwrap();
            assert_eq!(words.len(), n, "{file} {size}");
            assert!(
                words
                    .iter()
                    .all(|w| w["direction"] == "E" || w["direction"] == "S")
            );
            assert_eq!(
                p["report"]["relaxed"].as_array().unwrap().len(),
                0,
                "{file} {size} seed {seed}: {}",
                p["report"]
            );
        }
    }
}

#[test]
fn json_follows_the_contract() {
    let p = generate_and_check(
        &data("figure1-14-words.txt"),
        "12x11",
        3,
        &["--shape", "heart", "--restrict", "4,5,3,2"],
    );
    assert_eq!(p["format"], "gridpress-puzzle");
    assert_eq!(p["version"], 1);
    assert_eq!(p["kind"], "word_search");
    assert_eq!(
        (p["width"].as_u64(), p["height"].as_u64()),
        (Some(12), Some(11))
    );
    assert_eq!(p["seed"], 3);
    let mask: Vec<&str> = p["mask"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(mask.len(), 11);
    assert!(
        mask.iter()
            .all(|r| r.chars().count() == 12 && r.chars().all(|c| ".#x".contains(c)))
    );
    assert!(mask.iter().any(|r| r.contains('x')) && mask.iter().any(|r| r.contains('#')));
    let grid = p["grid"].as_array().unwrap();
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            let cell = cell.as_str().unwrap();
            let playable = mask[r].as_bytes()[c] == b'.';
            assert_eq!(
                cell.chars().count(),
                usize::from(playable),
                "[{r},{c}] {cell:?}"
            );
        }
    }
    for w in p["words"].as_array().unwrap() {
        for key in ["word", "display", "direction", "vocabulary"] {
            assert!(w[key].is_string(), "{key}");
        }
        assert_eq!(w["start"].as_array().unwrap().len(), 2);
    }
    assert!(p["solution"].is_null());
    assert_eq!(p["rules"]["max_words_per_cell"], 2);
    assert!(p["report"]["relaxed"].is_array());
}

#[test]
fn same_seed_same_bytes() {
    let a = generate_and_check(&data("sea-life.txt"), "14x14", 9, &["--pick", "18"]);
    let b = generate_and_check(&data("sea-life.txt"), "14x14", 9, &["--pick", "18"]);
    assert_eq!(a, b);
}

#[test]
fn batch_repeats_no_word() {
    let json = temp("batch.json");
    let out = gridpress(&[
        "generate",
        "--words",
        &data("sea-life.txt"),
        "--pick",
        "12",
        "--size",
        "13x13",
        "--count",
        "3",
        "--seed",
        "5",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(list.len(), 3);
    let mut seen = std::collections::BTreeSet::new();
    for p in &list {
        for w in p["words"].as_array().unwrap() {
            assert!(
                seen.insert(w["word"].as_str().unwrap().to_string()),
                "{} repeats",
                w["word"]
            );
        }
    }
    let check = gridpress(&["check", json.to_str().unwrap()]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn check_finds_a_broken_puzzle() {
    let p = generate_and_check(&data("figure1-14-words.txt"), "11x11", 2, &[]);
    let mut broken = p.clone();
    // Change the first letter of the first word.
    let start = &p["words"][0]["start"];
    let (r, c) = (
        start[0].as_u64().unwrap() as usize,
        start[1].as_u64().unwrap() as usize,
    );
    let old = broken["grid"][r][c].as_str().unwrap().to_string();
    broken["grid"][r][c] = Value::from(if old == "Q" { "Z" } else { "Q" });
    let path = temp("broken.json");
    std::fs::write(&path, broken.to_string()).unwrap();
    let out = gridpress(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("FAIL") && stdout.contains("rule 1"),
        "{stdout}"
    );
}

fn write(name: &str, bytes: &[u8]) -> String {
    let path = temp(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

fn fails_with(args: &[&str], needles: &[&str]) {
    let out = gridpress(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
}

#[test]
fn bad_input_gets_a_clear_error() {
    let empty = write("empty.txt", b"# nothing here\n\n");
    fails_with(
        &["generate", "--words", &empty, "--size", "10x10"],
        &["empty.txt", "no words"],
    );
    let digits = write("digits.txt", "SEAL\nR2D2\n".as_bytes());
    fails_with(
        &["generate", "--words", &digits, "--size", "10x10"],
        &["digits.txt, line 2", "R2D2", "'2'"],
    );
    let mixed = write("mixed.txt", "SEAL\nMoсква\n".as_bytes());
    fails_with(
        &["generate", "--words", &mixed, "--size", "10x10"],
        &["mixed.txt, line 2", "Latin", "Cyrillic"],
    );
    let long = write(
        "long.txt",
        format!("SEAL\n{}\n", "A".repeat(10_000)).as_bytes(),
    );
    fails_with(
        &["generate", "--words", &long, "--size", "10x10"],
        &["10000 letters", "longest line"],
    );
    let binary = write("binary.txt", b"SEAL\nWH\xff\xfeALE\n");
    fails_with(
        &["generate", "--words", &binary, "--size", "10x10"],
        &["binary.txt, line 2", "UTF-8"],
    );
    let mask = write("mask.txt", b"###\n#x#\n###\n");
    fails_with(
        &[
            "generate",
            "--words",
            &data("sea-life.txt"),
            "--mask",
            &mask,
        ],
        &["mask.txt", "no playable cell"],
    );
    let ragged = write("ragged.txt", b"....\n...\n....\n");
    fails_with(
        &[
            "generate",
            "--words",
            &data("sea-life.txt"),
            "--mask",
            &ragged,
        ],
        &["ragged.txt, line 2"],
    );
    fails_with(
        &[
            "generate",
            "--words",
            &data("sea-life.txt"),
            "--size",
            "2x40",
        ],
        &["width 2"],
    );
    fails_with(
        &[
            "generate",
            "--words",
            &data("sea-life.txt"),
            "--size",
            "ten",
        ],
        &["--size"],
    );
    fails_with(
        &[
            "generate",
            "--words",
            "/nonexistent/words.txt",
            "--size",
            "9x9",
        ],
        &["/nonexistent/words.txt"],
    );
    let twice = write("twice.txt", b"SEAL\nseal\n");
    fails_with(
        &["generate", "--words", &twice, "--size", "10x10"],
        &["listed twice"],
    );
    let inside = write("inside.txt", b"STINGRAY\nRAY\n");
    fails_with(
        &["generate", "--words", &inside, "--size", "10x10"],
        &["STINGRAY", "RAY", "found twice"],
    );
    let rude = write("rude.txt", b"SHITAKE\n");
    fails_with(
        &["generate", "--words", &rude, "--size", "10x10"],
        &["banned word SHIT"],
    );
    // Issue 12: time limits that overflowed the clock crashed both kinds.
    for limit in [
        "NaN",
        "inf",
        "-1",
        "0",
        "1e19",
        "1e308",
        "18446744073709551616",
    ] {
        for kind in ["word-search", "word-rectangle"] {
            fails_with(
                &[
                    "generate",
                    "--kind",
                    kind,
                    "--words",
                    &data("sea-life.txt"),
                    "--size",
                    "5x5",
                    &format!("--time-limit={limit}"),
                ],
                &["time limit must be", "at most 86400"],
            );
        }
    }
    // Sea-life words on 13×13 around `solution`, with the `--banned` file.
    let with_solution = |solution: &str, banned: Option<&str>| -> Vec<String> {
        let mut args: Vec<String> = ["generate", "--words", &data("sea-life.txt")]
            .iter()
            .map(|a| a.to_string())
            .collect();
        args.extend(["--size", "13x13", "--pick", "30", "--solution", solution].map(String::from));
        if let Some(file) = banned {
            args.extend(["--banned".to_string(), file.to_string()]);
        }
        args
    };
    // Issue 17: the solution word is printed too (forwards or backwards).
    for solution in ["SLUT", "Tuls"] {
        let args = with_solution(solution, None);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails_with(&args, &["is on the blacklist (SLUT"]);
    }
    // Issue 30: a solution that merely holds a short banned word is the
    // editor's choice; the grid keeps the banned word from reading (`check`
    // is given the same list).
    let banned = write("tit.txt", b"TIT\n");
    let json = temp("bon-appetit.json");
    let mut args = with_solution("Bon appetit", Some(&banned));
    args.extend(["--seed", "2", "--json", json.to_str().unwrap()].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = gridpress(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let check = gridpress(&["check", json.to_str().unwrap(), "--banned", &banned]);
    assert!(check.status.success(), "{}", stderr(&check));
    let puzzle: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let notes = puzzle["report"]["notes"].to_string();
    assert!(
        notes.contains("contains the banned word TIT: it is kept from reading"),
        "{notes}"
    );
    assert_eq!(puzzle["solution"]["word"], "BONAPPETIT");
    // A whole word of it banned: refused.
    let args = with_solution("Tit for tat", Some(&banned));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    fails_with(
        &args,
        &["solution word Tit for tat is on the blacklist (TIT)"],
    );
    fails_with(
        &[
            "generate",
            "--words",
            &data("figure1-14-words.txt"),
            "--size",
            "9x9",
            "--solution",
            &"A".repeat(90),
        ],
        &["solution word has 90 letters"],
    );
    let not_json = write("not.json", b"{\"format\": ");
    fails_with(&["check", &not_json], &["not.json", "not valid JSON"]);
    let project = write(
        "bad.ron",
        b"(format_version: 1, name: \"x\",\n  grid: (width: \"wide\"))\n",
    );
    fails_with(&["generate", &project], &["bad.ron, line 2", "column"]);
}

#[test]
fn wrong_usage_exits_2() {
    assert_eq!(
        gridpress(&["generate", "--no-such-flag"]).status.code(),
        Some(2)
    );
    assert_eq!(gridpress(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn solution_word_from_a_large_list() {
    let words = common::american_text();
    let file = write("american.txt", words.as_bytes());
    for seed in 1..=3 {
        let p = generate_and_check(
            &file,
            "15x15",
            seed,
            &["--pick", "26", "--solution", "LIGHTHOUSE"],
        );
        assert_eq!(p["solution"]["word"], "LIGHTHOUSE", "{}", p["report"]);
        assert_eq!(p["solution"]["cells"].as_array().unwrap().len(), 10);
    }
}

#[test]
fn word_rectangles_generate_check_and_catch_a_broken_one() {
    let five: String = common::american_text()
        .lines()
        .filter(|w| w.len() == 5)
        .map(|w| format!("{w}\n"))
        .collect();
    let words = write("five.txt", five.as_bytes());
    let out_path = temp("rectangle.json");
    let out = out_path.to_str().unwrap();
    for seed in ["1", "2", "3"] {
        let o = gridpress(&[
            "generate",
            "--kind",
            "word-rectangle",
            "--words",
            &words,
            "--size",
            "5x5",
            "--seed",
            seed,
            "--json",
            out,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let json: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
        assert_eq!(json["kind"], "word_rectangle");
        assert_eq!(json["words"].as_array().unwrap().len(), 10);
        let checked = gridpress(&["check", out]);
        assert!(
            checked.status.success(),
            "{}",
            String::from_utf8_lossy(&checked.stdout)
        );
    }
    // Swap two letters of the last one: rows and columns no longer match the list.
    let mut json: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    let a = json["grid"][0][0].clone();
    json["grid"][0][0] = json["grid"][0][1].clone();
    json["grid"][0][1] = a;
    let broken = write("broken-rectangle.json", json.to_string().as_bytes());
    let checked = gridpress(&["check", &broken]);
    let stdout = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("not listed"), "{stdout}");
    // Too few words: a clear answer, not a hang.
    let tiny = write("tiny.txt", b"cat\ndog\nemu\n");
    fails_with(
        &[
            "generate",
            "--kind",
            "word-rectangle",
            "--words",
            &tiny,
            "--size",
            "3x3",
        ],
        &["no 3×3 rectangle exists"],
    );
    fails_with(
        &[
            "generate",
            "--kind",
            "crossword",
            "--words",
            &tiny,
            "--size",
            "3x3",
        ],
        &["crossword"],
    );
}

#[test]
fn rectangle_rows_and_columns_from_separate_lists() {
    let across = write("across.txt", b"cat\nore\nwed\nemu\n");
    let down = write("down.txt", b"cow\nare\nted\n");
    let out_path = temp("split.json");
    let out = out_path.to_str().unwrap();
    let o = gridpress(&[
        "generate",
        "--kind",
        "word-rectangle",
        "--words",
        &across,
        "--column-words",
        &down,
        "--size",
        "3x3",
        "--json",
        out,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(json["grid"][0], serde_json::json!(["C", "A", "T"]));
    assert!(gridpress(&["check", out]).status.success());
    // Only for rectangles; and rows alone make none.
    fails_with(
        &[
            "generate",
            "--words",
            &across,
            "--column-words",
            &down,
            "--size",
            "3x3",
        ],
        &["--column-words", "word-rectangle"],
    );
    fails_with(
        &[
            "generate",
            "--kind",
            "word-rectangle",
            "--words",
            &across,
            "--column-words",
            &across,
            "--size",
            "3x3",
        ],
        &["no 3×3 rectangle exists"],
    );
}

#[test]
fn difficulty_presets_and_the_measured_difficulty() {
    let words = data("figure2-34-words.txt");
    let easy = generate_and_check(&words, "23x23", 4, &["--difficulty", "easy"]);
    let hard = generate_and_check(
        &words,
        "23x23",
        4,
        &["--difficulty", "HARD", "--pick", "34"],
    );
    assert_eq!(easy["directions"], serde_json::json!(["E", "S"]));
    assert_eq!(hard["directions"].as_array().unwrap().len(), 8);
    let score = |v: &Value| v["report"]["quality"]["difficulty"].as_u64().unwrap();
    assert_eq!(easy["report"]["quality"]["difficulty_label"], "easy");
    assert_eq!(hard["report"]["quality"]["difficulty_label"], "hard");
    assert!(score(&hard) > score(&easy) + 30);
    assert!(easy["report"]["quality"]["shortfalls"].is_array());
    // --directions overrides the preset's directions.
    let medium = generate_and_check(
        &words,
        "23x23",
        4,
        &["--difficulty", "medium", "--directions", "E,S,SE"],
    );
    assert_eq!(medium["directions"], serde_json::json!(["E", "S", "SE"]));
    // `check` reports the difficulty it measures.
    let json = temp("difficulty.json");
    std::fs::write(&json, serde_json::to_string(&hard).unwrap()).unwrap();
    let out = gridpress(&["check", json.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("difficulty"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    fails_with(
        &[
            "generate",
            "--words",
            &words,
            "--size",
            "23x23",
            "--difficulty",
            "brutal",
        ],
        &["difficulty \"brutal\"", "easy, medium or hard"],
    );
}

#[test]
fn word_count_follows_the_grid_with_a_solution_word() {
    // With --solution and no --pick the words are drawn, as many as the
    // grid needs; a range bounds the count; the JSON says what was asked.
    let words = common::american_text();
    let file = write("american-auto.txt", words.as_bytes());
    let p = generate_and_check(&file, "15x15", 4, &["--solution", "LIGHTHOUSE"]);
    assert_eq!(p["solution"]["word"], "LIGHTHOUSE", "{}", p["report"]);
    assert_eq!(p["report"]["word_count"]["asked"], "auto");
    let used = p["report"]["word_count"]["used"].as_u64().unwrap();
    assert_eq!(used as usize, p["words"].as_array().unwrap().len());
    let p = generate_and_check(&file, "15x15", 4, &["--pick", "20-45"]);
    let n = p["words"].as_array().unwrap().len();
    assert!((20..=45).contains(&n), "{n} words");
    assert_eq!(p["report"]["word_count"]["asked"], "20-45");
    // A malformed flag value is wrong usage (exit 2), named.
    let out = gridpress(&["generate", "--words", &file, "--pick", "45-20"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("minimum is larger than the maximum"));
}

/// A folder of its own for one test's outputs.
fn out_dir(name: &str) -> PathBuf {
    let dir = temp(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn small_run(dir: &std::path::Path, extra: &[&str]) -> Output {
    let words = data("sea-life.txt");
    let mut args = vec![
        "generate", "--words", &words, "--pick", "8", "--size", "13x13", "--seed", "1",
    ];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_gridpress"))
        .args(&args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_failed_run_leaves_every_output_as_it_was() {
    let dir = out_dir("all-or-nothing");
    std::fs::write(dir.join("both.pdf"), "old").unwrap();
    let out = small_run(&dir, &["--pdf", "both.pdf", "--json", "nodir/x.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("nodir does not exist"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("both.pdf")).unwrap(),
        "old"
    );

    std::fs::write(dir.join("po.pdf"), "old").unwrap();
    std::fs::create_dir(dir.join("po-grid.pdf")).unwrap();
    let out = small_run(&dir, &["--template", "puzzle-only", "--pdf", "po.pdf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("po-grid.pdf: is a folder"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(dir.join("po.pdf")).unwrap(), "old");

    let out = small_run(&dir, &["--json", "same.out", "--pdf", "./same.out"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("--json and --pdf both write"),
        "{}",
        stderr(&out)
    );
    assert_eq!(files_in(&dir), ["both.pdf", "po-grid.pdf", "po.pdf"]);
}

/// Issue 36: for a layout program, one column wide with its parts as
/// separate files; a column too narrow for the grid is refused before
/// anything is generated.
#[test]
fn column_width_lays_the_puzzle_out_for_a_layout_program() {
    let dir = out_dir("column");
    let out = small_run(&dir, &["--column-width", "60", "--pdf", "col.pdf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        files_in(&dir),
        ["col-grid.pdf", "col-key.pdf", "col-words.pdf", "col.pdf"]
    );
    for file in files_in(&dir) {
        let pdf = String::from_utf8_lossy(&std::fs::read(dir.join(&file)).unwrap()).into_owned();
        // 60 mm = 170.08 pt.
        assert!(pdf.contains("/MediaBox[0 0 170.07"), "{file}");
    }
    let narrow = small_run(&dir, &["--column-width", "40", "--pdf", "narrow.pdf"]);
    assert_eq!(narrow.status.code(), Some(1));
    assert!(
        stderr(&narrow).contains("a grid 13 cells wide needs a column at least 54 mm wide"),
        "{}",
        stderr(&narrow)
    );
    let both = small_run(
        &dir,
        &["--column-width", "60", "--template", "a4", "--pdf", "x.pdf"],
    );
    assert!(
        stderr(&both).contains("leave out --template"),
        "{}",
        stderr(&both)
    );
    let tiny = small_run(&dir, &["--column-width", "5", "--pdf", "x.pdf"]);
    assert!(
        stderr(&tiny).contains("must be 30–400 mm"),
        "{}",
        stderr(&tiny)
    );
    assert_eq!(files_in(&dir).len(), 4, "a refused run wrote nothing");
}

/// Issue 36: a booklet of themes from the command line — one puzzle per
/// --words file, each from its own words and titled with its file's name.
#[test]
fn per_vocabulary_makes_a_booklet_of_themes() {
    let dir = out_dir("themes");
    let mut args: Vec<String> = [
        "generate",
        "--per-vocabulary",
        "--pick",
        "12",
        "--size",
        "12x12",
    ]
    .map(String::from)
    .to_vec();
    for (i, name) in ["Herbst", "Winter", "Zoo"].iter().enumerate() {
        let file = dir.join(format!("{name}.txt"));
        let words = common::common_words(5 + i, 60).join("\n");
        std::fs::write(&file, words).unwrap();
        args.push("--words".into());
        args.push(file.display().to_string());
    }
    let json = dir.join("themes.json");
    let mut run: Vec<&str> = args.iter().map(String::as_str).collect();
    run.extend(["--json", json.to_str().unwrap(), "--template", "booklet-a5"]);
    let pdf = dir.join("themes.pdf");
    run.extend(["--pdf", pdf.to_str().unwrap()]);
    let out = gridpress(&run);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzles: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let puzzles = puzzles.as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    for (i, (puzzle, name)) in puzzles.iter().zip(["Herbst", "Winter", "Zoo"]).enumerate() {
        for word in puzzle["words"].as_array().unwrap() {
            assert_eq!(word["vocabulary"], name);
            assert_eq!(word["word"].as_str().unwrap().len(), 5 + i);
        }
    }
    // Each page carries its theme's title, numbered (the PDF's text).
    let text = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&text.stdout);
    for title in ["1 · Herbst", "2 · Winter", "3 · Zoo"] {
        assert!(text.contains(title), "{title} missing: {text}");
    }
    run.extend(["--title", "Booklet"]);
    let titled = gridpress(&run);
    assert!(
        stderr(&titled).contains("leave out --title"),
        "{}",
        stderr(&titled)
    );
}

/// Issue 36: the last issue's key printed small on this issue's page; a
/// file that is no puzzle is named before anything is generated.
#[test]
fn previous_key_prints_the_last_issue_small_on_the_page() {
    let dir = out_dir("previous");
    let out = small_run(&dir, &["--json", "issue1.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = small_run(
        &dir,
        &["--previous-key", "issue1.json", "--pdf", "issue2.pdf"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = Command::new("pdftotext")
        .args([dir.join("issue2.pdf").to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Last issue's solution"), "{text}");
    std::fs::write(dir.join("broken.json"), "{\"format\": ").unwrap();
    let out = small_run(&dir, &["--previous-key", "broken.json", "--pdf", "x.pdf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("broken.json") && stderr(&out).contains("the last issue's puzzle"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("x.pdf").exists());
}

#[test]
fn outputs_go_through_links_devices_and_stdout() {
    let dir = out_dir("links");
    std::fs::create_dir(dir.join("shared")).unwrap();
    std::fs::write(dir.join("shared/layout.json"), "stale").unwrap();
    std::os::unix::fs::symlink("shared/layout.json", dir.join("link.json")).unwrap();
    let out = small_run(&dir, &["--json", "link.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata(dir.join("link.json")).unwrap();
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    let text = std::fs::read_to_string(dir.join("shared/layout.json")).unwrap();
    assert!(text.contains("gridpress-puzzle"));

    let out = small_run(&dir, &["--json", "/dev/full"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "writing to a full device succeeded"
    );
    assert!(stderr(&out).contains("/dev/full"), "{}", stderr(&out));

    let out = small_run(&dir, &["--json", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "gridpress-puzzle");
    assert!(stderr(&out).contains("to standard output"));

    let out = small_run(&dir, &["--pdf", "-", "--key", "next-page"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.starts_with(b"%PDF-"));

    let out = small_run(&dir, &["--pdf", "-", "--json", "-"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("standard output"), "{}", stderr(&out));
    assert_eq!(files_in(&dir), ["link.json", "shared"]);
}

#[test]
fn check_refuses_more_words_than_the_grid_holds() {
    let dir = out_dir("check-bounded");
    let out = small_run(&dir, &["--json", "one.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut puzzle: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("one.json")).unwrap()).unwrap();
    let first = puzzle["words"][0].clone();
    puzzle["words"] = Value::Array(vec![first.clone(); 20_000]);
    let many = dir.join("many.json");
    std::fs::write(&many, puzzle.to_string()).unwrap();
    fails_with(
        &["check", many.to_str().unwrap()],
        &["20000 words are listed", "holds at most 338"],
    );
    // Within the bound, a broken list gets a capped report.
    puzzle["words"] = Value::Array(vec![first; 300]);
    std::fs::write(&many, puzzle.to_string()).unwrap();
    let out = gridpress(&["check", many.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.lines().count() < 200,
        "{} lines",
        report.lines().count()
    );
    assert!(report.contains("more violations of this rule"), "{report}");
}

#[test]
fn a_list_with_no_drawable_word_is_refused_at_once() {
    let long = write("all-long.txt", b"elephant\ncrocodile\nhippopotamus\n");
    let started = std::time::Instant::now();
    fails_with(
        &["generate", "--words", &long, "--size", "5x5", "--pick", "2"],
        &["no word can be drawn", "all-long", "3 longer than any line"],
    );
    let three = write("three.txt", b"kelp\ncrab\nseal\n");
    fails_with(
        &[
            "generate", "--words", &three, "--banned", &three, "--size", "5x5", "--pick", "2",
        ],
        &["no word can be drawn", "3 containing a banned word"],
    );
    let short = write("all-short.txt", b"ab\ncd\n");
    fails_with(
        &[
            "generate", "--words", &short, "--size", "5x5", "--pick", "2",
        ],
        &["no word can be drawn", "2 shorter than 3 letters"],
    );
    // The default time limit is 10 s a puzzle; these answer before searching.
    assert!(started.elapsed().as_secs() < 9, "{:?}", started.elapsed());
}

#[test]
fn titles_and_letters_the_page_cannot_print_are_refused() {
    let sea = data("sea-life.txt");
    let pdf = temp("refused.pdf");
    let pdf = pdf.to_str().unwrap();
    let run = |title: &str, needles: &[&str]| {
        fails_with(
            &[
                "generate", "--words", &sea, "--pick", "8", "--size", "13x13", "--title", title,
                "--pdf", pdf,
            ],
            needles,
        )
    };
    run(
        &"A".repeat(5000),
        &["title (5000 characters)", "shorten it"],
    );
    run(&"Word ".repeat(1000), &["title", "at most 3 fit"]);
    run("שלום עולם", &["has no 'ש' (U+05E9)", "in the title"]);
    let hebrew = write("hebrew.txt", "Kelp\nשלום\nCrab\nSeal\n".as_bytes());
    fails_with(
        &[
            "generate", "--words", &hebrew, "--pick", "4", "--size", "9x9", "--pdf", pdf,
        ],
        &["has no 'ש'", "in the word \"שלום\""],
    );
    assert!(!std::path::Path::new(pdf).exists());
    // A long title with a word wider than the page is broken and set smaller.
    let long_word = format!("{} sea life", "Supercalifragilistic".repeat(4));
    let out = gridpress(&[
        "generate", "--words", &sea, "--pick", "8", "--size", "13x13", "--title", &long_word,
        "--pdf", pdf,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn batches_are_bounded_and_show_progress() {
    let sea = data("sea-life.txt");
    let base = [
        "generate", "--words", &sea, "--pick", "6", "--size", "13x13",
    ];
    let with = |count: &str| {
        let mut args = base.to_vec();
        args.extend(["--count", count]);
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    fails_with(&refs(&with("0")), &["at least 1"]);
    fails_with(
        &refs(&with("18446744073709551615")),
        &["at most 5000 puzzles", "several runs"],
    );
    let json = temp("batch-progress.json");
    let mut args = with("3");
    args.extend(["--json".into(), json.to_str().unwrap().into()]);
    let out = gridpress(&refs(&args));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("batch: 3 of 3 puzzles"),
        "{}",
        stderr(&out)
    );
}

/// `generate` on 8 sea-life words, 13×13, with `extra` flags.
fn sea_life_13(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["generate", "--words", &data("sea-life.txt"), "--pick", "8"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(
        ["--size", "13x13"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string()),
    );
    args
}

#[test]
fn one_letter_banned_words_and_areas_outside_the_grid_are_refused() {
    let banned = write("one-letter.txt", b"e\n");
    let args = sea_life_13(&["--banned", &banned]);
    fails_with(&refs(&args), &["\"e\"", "fewer than 2 letters"]);
    let args = sea_life_13(&["--restrict", "20,20,5,5"]);
    fails_with(
        &refs(&args),
        &["column 21, row 21", "does not lie inside the 13×13 grid"],
    );
    let out = gridpress(&refs(&sea_life_13(&["--restrict", "8,9,5,4"])));
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn check_holds_files_to_the_contract() {
    let dir = out_dir("check-contract");
    let out = small_run(&dir, &["--json", "one.json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("one.json")).unwrap()).unwrap();
    let file = dir.join("edited.json");
    let mut lower = puzzle.clone();
    lower["directions"][0] = Value::String("e".into());
    std::fs::write(&file, lower.to_string()).unwrap();
    fails_with(&["check", file.to_str().unwrap()], &["direction \"e\""]);
    let mut empty = puzzle;
    empty["words"] = Value::Array(Vec::new());
    std::fs::write(&file, empty.to_string()).unwrap();
    fails_with(&["check", file.to_str().unwrap()], &["lists no words"]);
}

#[test]
fn a_batch_needing_more_words_than_offered_is_refused_at_once() {
    let sea = data("sea-life.txt");
    let started = std::time::Instant::now();
    fails_with(
        &[
            "generate", "--words", &sea, "--pick", "14", "--size", "17x15", "--shape", "heart",
            "--count", "5",
        ],
        &["need 70 words", "offer 50", "at most 3 puzzles"],
    );
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

/// A cell no word can reach (alone below an ad area) is reported before
/// generating, naming it; a grid without one says nothing.
#[test]
fn cells_no_word_can_cover_are_reported_before_generating() {
    let mask = temp("cut-off-mask.txt");
    std::fs::write(&mask, ".....\n.....\nxxx..\n.#...\n.....\n").unwrap();
    let words = data("sea-life.txt");
    let o = gridpress(&[
        "generate",
        "--words",
        &words,
        "--mask",
        mask.to_str().unwrap(),
        "--pick",
        "3",
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let warning = err.lines().next().unwrap_or_default();
    assert!(
        warning.starts_with("warning: 1 cell no word can cover (row 4, column 1)"),
        "{err}"
    );
    let o = gridpress(&[
        "generate", "--words", &words, "--size", "6x6", "--pick", "3", "--seed", "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("no word can cover"), "{}", stderr(&o));
}

/// Word rectangles refuse the word-search flags by name instead of
/// ignoring them, and keep a `--banned` word out of the block (issue 12).
#[test]
fn word_rectangles_refuse_flags_they_do_not_use_and_honour_banned() {
    let four = temp("four-letter.txt");
    let text: String = std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("needs wamerican")
        .lines()
        .filter(|w| w.len() == 4 && w.chars().all(|c| c.is_ascii_lowercase()))
        .map(|w| format!("{w}\n"))
        .collect();
    std::fs::write(&four, text).unwrap();
    let words = four.to_str().unwrap();
    let base = [
        "generate",
        "--kind",
        "word-rectangle",
        "--words",
        words,
        "--size",
        "4x4",
        "--seed",
        "3",
    ];
    for (flag, value) in [
        ("--solution", "sea"),
        ("--pick", "8"),
        ("--directions", "E,S,SE"),
        ("--difficulty", "hard"),
    ] {
        let mut args = base.to_vec();
        args.extend([flag, value]);
        let o = gridpress(&args);
        assert_eq!(o.status.code(), Some(1), "{flag}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(flag) || stderr(&o).contains("decoy_filler"),
            "{flag}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("word rectangle"), "{}", stderr(&o));
    }
    let json = temp("rect.json");
    let mut args = base.to_vec();
    args.extend(["--json", json.to_str().unwrap()]);
    let o = gridpress(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let first = v["words"][0]["word"].as_str().unwrap().to_lowercase();
    let banned = temp("rect-banned.txt");
    std::fs::write(&banned, format!("{first}\n")).unwrap();
    args.extend(["--banned", banned.to_str().unwrap()]);
    let o = gridpress(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(
        !text.to_lowercase().contains(&format!("\"{first}\"")),
        "{first} used"
    );
}

/// `check --project` checks the puzzles against the request they were
/// made from, not only against the rules they declare.
#[test]
fn check_compares_the_puzzle_with_its_project() {
    let project_path = temp("check-project.ron");
    let mut project = gridpress::project::Project::sample();
    project.generator.time_limit_seconds = 5.0;
    project.save(&project_path).unwrap();
    let json = temp("check-project.json");
    let o = gridpress(&[
        "generate",
        project_path.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let check = |project: &std::path::Path| {
        gridpress(&[
            "check",
            json.to_str().unwrap(),
            "--project",
            project.to_str().unwrap(),
        ])
    };
    let o = check(&project_path);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    // The same puzzle against a request it does not meet.
    let other_path = temp("check-other.ron");
    let mut other = project.clone();
    other.generator.directions = "E,S".into();
    other.letters.push(gridpress::project::PresetLetter {
        row: 0,
        col: 0,
        letter: "Q".into(),
    });
    other.save(&other_path).unwrap();
    let o = check(&other_path);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("direction set is not the project's"), "{out}");
    assert!(out.contains("pre-assigned Q"), "{out}");
}

/// `edit` (issue 29): a Swedish answer replaced and a clue typed, the
/// result checked; a refused clue exits 1 naming why; the same seed writes
/// the same bytes; a word the puzzle lacks is named.
#[test]
fn edit_replaces_an_answer_and_sets_a_clue() {
    let words = temp("edit-de.txt");
    let words_s = words.to_str().unwrap();
    let out = gridpress(&["thesaurus", "--out", words_s]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json = temp("edit-puzzle.json");
    let json_s = json.to_str().unwrap();
    let request = [
        "--kind", "swedish", "--size", "9x11", "--words", words_s, "--seed", "3",
    ];
    let mut args = vec!["generate"];
    args.extend_from_slice(&request);
    args.extend_from_slice(&["--json", json_s]);
    let out = gridpress(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let answers: Vec<String> = puzzle["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();
    let target = answers.iter().find(|w| w.len() >= 4).unwrap().clone();
    let edit = |out_name: &str, extra: &[&str]| {
        let path = temp(out_name);
        let mut args = vec!["edit", json_s];
        args.extend_from_slice(&request);
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--json", path.to_str().unwrap()]);
        (gridpress(&args), path)
    };
    let (out, edited) = edit("edited.json", &["--replace", &target]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains(&format!("replaced {target} by")));
    let check = gridpress(&["check", edited.to_str().unwrap()]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let text = std::fs::read_to_string(&edited).unwrap();
    assert!(!text.contains(&format!("\"word\": \"{target}\"")));
    let (_, again) = edit("edited-again.json", &["--replace", &target]);
    assert_eq!(text, std::fs::read_to_string(&again).unwrap());
    // A typed clue is marked; one holding its answer is refused by name.
    let other = answers
        .iter()
        .find(|w| **w != target && w.len() >= 3)
        .unwrap();
    let (out, clued) = edit(
        "clued.json",
        &["--clue", &format!("{other}=Rätsel des Tages")],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&clued).unwrap();
    assert!(text.contains("\"clue_edited\": true") && text.contains("Rätsel des Tages"));
    let (out, _) = edit("refused.json", &["--clue", &format!("{other}=ein {other}")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("gives away"), "{}", stderr(&out));
    let (out, _) = edit("missing.json", &["--replace", "QQQQ"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no word QQQQ"), "{}", stderr(&out));
    // Lock and regenerate: the locked answers (one with a typed clue) stay
    // where they are with their clues, the rest is new; checked.
    let lock = format!("{target},{other}");
    let (out, fresh) = edit(
        "regenerated.json",
        &[
            "--lock",
            &lock,
            "--clue",
            &format!("{other}=Rätsel des Tages"),
            "--regenerate",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let check = gridpress(&["check", fresh.to_str().unwrap()]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let fresh: Value = serde_json::from_str(&std::fs::read_to_string(&fresh).unwrap()).unwrap();
    // The request's --seed 3 is the new puzzle's seed too.
    assert_eq!(fresh["seed"], 3);
    let placed = |p: &Value, word: &str| {
        p["words"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["word"] == word)
            .map(|w| {
                (
                    w["start"].clone(),
                    w["direction"].clone(),
                    w["clue"].clone(),
                )
            })
    };
    for word in [&target, other] {
        let (start, direction, clue) = placed(&fresh, word).expect("kept");
        let (old_start, old_direction, old_clue) = placed(&puzzle, word).unwrap();
        assert_eq!((start, direction), (old_start, old_direction), "{word}");
        if word == other {
            assert_eq!(clue, "Rätsel des Tages");
        } else {
            assert_eq!(clue, old_clue);
        }
    }
    assert_ne!(fresh["grid"], puzzle["grid"]);
    let (out, _) = edit("both.json", &["--replace", &target, "--regenerate"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--regenerate"), "{}", stderr(&out));
}

/// A reader that stops early (`gridpress generate … | head -1`) ends the
/// program quietly, with SIGPIPE's status 141: before, the closed pipe
/// made `println!` panic. 300 puzzles write more than a pipe buffers.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let words = data("figure1-14-words.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridpress"))
        .args([
            "generate", "--count", "300", "--size", "11x11", "--words", &words,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone: the rest of the 30 puzzles meet a closed pipe.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!first.is_empty());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        out.status.code(),
        Some(gridpress::cli::BROKEN_PIPE_STATUS),
        "{stderr}"
    );
}

/// Issue 36: a magazine's puzzle number (`--first-number`) is printed
/// before the title, and a batch counts on from it, on the puzzle pages
/// and their keys.
#[test]
fn puzzles_are_numbered_from_the_first_number() {
    let pdf = temp("numbered.pdf");
    let out = gridpress(&[
        "generate",
        "--words",
        &data("autumn.txt"),
        "--size",
        "12x12",
        "--pick",
        "10",
        "--directions",
        "E,S",
        "--count",
        "2",
        "--first-number",
        "47",
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("47 · ") && text.contains("48 · "), "{text}");
    assert!(!text.contains("1 · "), "{text}");
}
