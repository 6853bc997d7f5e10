//! What ten thousand bad inputs found (issue 35), each pinned: the
//! verifier never passes a broken puzzle, `generate` never writes one,
//! hostile sizes are refused or bounded, outputs never replace inputs,
//! and every refusal names what it refuses.

use gridpress::layout::Template;
use gridpress::model::{UmlautMode, Word};
use gridpress::project::{PresetWord, Project};
use std::path::PathBuf;
use std::process::{Command, Output};

fn gridpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridpress"))
        .args(args)
        .output()
        .unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn data(file: &str) -> String {
    format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// A valid word-search puzzle's JSON from the command line.
fn puzzle_json() -> serde_json::Value {
    let json = temp("valid.json");
    let out = gridpress(&[
        "generate",
        "--words",
        &data("figure3-12-words.txt"),
        "--size",
        "8x7",
        "--seed",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}

fn check(value: &serde_json::Value, name: &str) -> Output {
    let path = temp(name);
    std::fs::write(&path, value.to_string()).unwrap();
    gridpress(&["check", path.to_str().unwrap()])
}

#[test]
fn check_refuses_a_word_without_letters() {
    let mut p = puzzle_json();
    let mut empty = p["words"][0].clone();
    empty["word"] = "".into();
    empty["display"] = "".into();
    p["words"].as_array_mut().unwrap().push(empty);
    let out = check(&p, "empty-word.json");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("has no letters"), "{}", text(&out));
}

#[test]
fn check_refuses_an_empty_list() {
    let out = check(&serde_json::json!([]), "empty-list.json");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("no puzzle to check"), "{}", text(&out));
}

#[test]
fn check_refuses_a_bare_combining_mark_in_a_cell() {
    for mark in ['\u{064E}', '\u{05B8}', '\u{05B9}', '\u{05C1}', '\u{0301}'] {
        let mut p = puzzle_json();
        // The first cell: a filler or word letter, replaced by the mark.
        p["grid"][0][0] = mark.to_string().into();
        let out = check(&p, "mark.json");
        assert_eq!(out.status.code(), Some(1), "{mark:?}: {}", text(&out));
        assert!(
            text(&out).contains("not an upper-case letter"),
            "{}",
            text(&out)
        );
    }
}

#[test]
fn vowel_points_stay_out_of_the_grid_and_loose_accents_are_refused() {
    // Hebrew with points and Arabic with harakat: the base letters.
    let shalom = Word::new("שָׁלוֹם", None, UmlautMode::Keep).unwrap();
    assert_eq!(shalom.letters.iter().collect::<String>(), "שלום");
    let kataba = Word::new("كَتَبَ", None, UmlautMode::Keep).unwrap();
    assert_eq!(kataba.letters.iter().collect::<String>(), "كتب");
    // n + combining diaeresis forms no letter of its own.
    let err = Word::new("n\u{308}o", None, UmlautMode::Keep).unwrap_err();
    assert!(err.to_string().contains("U+0308"), "{err}");
}

#[test]
fn a_preassigned_word_in_a_disabled_direction_is_refused_before_generating() {
    let mut project = Project::sample();
    project.generator.directions = "E,S".into();
    project.preassigned_words.push(PresetWord {
        word: "Reef".into(),
        row: 5,
        col: 2,
        direction: "N".into(),
        clue: None,
    });
    let path = temp("reef.ron");
    std::fs::write(&path, project.to_ron()).unwrap();
    let json = temp("reef.json");
    let out = gridpress(&[
        "generate",
        path.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("Reef runs N"), "{}", text(&out));
    assert!(!json.exists(), "a refused run wrote its output");
}

/// The shipped A4 template with `field: old` replaced by `field: new`.
fn template_with(old: &str, new: &str) -> String {
    let base = include_str!("../templates/a4.ron");
    assert!(base.contains(old), "{old}");
    base.replacen(old, new, 1)
}

#[test]
fn hostile_template_sizes_are_refused_at_once() {
    let title = "size: 24.0".to_string();
    for (old, new, named) in [
        (
            title.clone(),
            "size: 18446744073709551615.0".to_string(),
            "title.size",
        ),
        (title, "size: 10000000.0".to_string(), "title.size"),
        ("bleed: 0.0".into(), "bleed: 1e30".into(), "bleed"),
        (
            "width: 210.0".into(),
            "width: 1000000.0".into(),
            "page width",
        ),
        (
            "\"Lato Bold\"".into(),
            format!("\"{}\"", "x".repeat(100_000)),
            "unknown font",
        ),
    ] {
        let t = template_with(&old, &new);
        let err = Template::parse(&t, "t.ron").unwrap_err().to_string();
        assert!(err.contains(named), "{new:.40}: {err:.300}");
        assert!(
            err.len() < 400,
            "the message echoes the input: {} chars",
            err.len()
        );
    }
}

#[test]
fn a_pdfx_template_needs_an_output_condition() {
    let t = template_with(
        "bleed: 0.0,",
        "bleed: 0.0,\n    pdf_standard: X1a,\n    output_intent: (identifier: \"\", condition: \"x\", registry: \"x\"),",
    );
    let err = Template::parse(&t, "t.ron").unwrap_err().to_string();
    assert!(err.contains("output_intent.identifier"), "{err}");
}

#[test]
fn an_output_never_replaces_an_input() {
    let words = temp("words.txt");
    std::fs::write(&words, "Apfel\nBirne\nKirsche\nPflaume\n").unwrap();
    let before = std::fs::read(&words).unwrap();
    for flag in ["--json", "--pdf"] {
        let out = gridpress(&[
            "generate",
            "--words",
            words.to_str().unwrap(),
            "--size",
            "8x8",
            flag,
            words.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(text(&out).contains("--words file"), "{}", text(&out));
        assert_eq!(std::fs::read(&words).unwrap(), before);
    }
}

#[test]
fn directions_for_a_word_rectangle_are_refused() {
    let out = gridpress(&[
        "generate",
        "--kind",
        "word-rectangle",
        "--size",
        "3x3",
        "--words",
        &data("figure3-12-words.txt"),
        "--directions",
        "all",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("--directions"), "{}", text(&out));
}

#[test]
fn preflight_fails_broken_streams_and_never_quotes_raw_bytes() {
    let pdf = temp("x1a.pdf");
    let out = gridpress(&[
        "generate",
        "--words",
        &data("figure3-12-words.txt"),
        "--size",
        "8x7",
        "--pdf",
        pdf.to_str().unwrap(),
        "--pdf-standard",
        "x1a",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let ok = gridpress(&["preflight", pdf.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", text(&ok));
    // Damage the first compressed stream a little after its start.
    let mut bytes = std::fs::read(&pdf).unwrap();
    let flate = bytes.windows(11).position(|w| w == b"FlateDecode").unwrap();
    let start = bytes[flate..]
        .windows(6)
        .position(|w| w == b"stream")
        .unwrap()
        + flate
        + 7;
    for b in &mut bytes[start + 20..start + 40] {
        *b ^= 0x5a;
    }
    let broken = temp("broken.pdf");
    std::fs::write(&broken, &bytes).unwrap();
    let out = gridpress(&["preflight", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("do not decompress"), "{}", text(&out));
    // A PNG: said plainly, no control characters quoted.
    let png = temp("x.png");
    std::fs::write(&png, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
    let out = gridpress(&["preflight", "--standard", "x1a", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("not a PDF"), "{}", text(&out));
    assert!(
        !text(&out).chars().any(|c| c.is_control() && c != '\n'),
        "{:?}",
        text(&out)
    );
}

#[test]
fn a_huge_synonym_set_is_read_up_to_its_cap() {
    let set: Vec<String> = (0..5_000)
        .map(|i| {
            let letters: String = (0..3)
                .map(|k| char::from(b'a' + (i / 26usize.pow(k) % 26) as u8))
                .collect();
            format!("Wort{letters}")
        })
        .collect();
    let imported = gridpress::model::thesaurus::import_any(&set.join(";"), "big");
    assert_eq!(imported.cut_sets, 1);
    assert!(
        imported.vocabulary.entries.len() <= gridpress::model::thesaurus::MAX_SET_TERMS,
        "{}",
        imported.vocabulary.entries.len()
    );
}
