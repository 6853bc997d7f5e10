//! Print output checked by structure, not by trusting the writer: pages and
//! boxes, embedded non-empty subset fonts, colour operators, extractable text
//! (poppler's `pdftotext`), `qpdf --check`, deterministic bytes.

use gridpress::export::print::{extra_path, write_pdfs};
use gridpress::generate::{Generator, Options};
use gridpress::layout::template::ColourMode;
use gridpress::layout::{self, Heading, Item, KeyPlacement, PageSize, Template};
use gridpress::model::Puzzle;
use gridpress::project::{Project, Rect};
use lopdf::{Document, Object};
use std::path::{Path, PathBuf};
use std::process::Command;

const PT_PER_MM: f32 = 72.0 / 25.4;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridpress-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The sample project on a heart with an ad rectangle.
fn heart_puzzles(count: usize, seed: u64) -> Vec<Puzzle> {
    let mut project = Project::sample();
    project.grid.shape = "heart".into();
    project.grid.restricted.push(Rect {
        col: 5,
        row: 9,
        width: 5,
        height: 2,
    });
    // The sample's 50 words shared out over the batch (no word repeats).
    project.generator.pick = Some(gridpress::model::WordCount::Exact((50 / count).min(20)));
    project.generator.seed = seed;
    let generator = Generator::new(project.to_spec().unwrap()).unwrap();
    generator
        .generate_batch(count, &Options::seeded(seed))
        .unwrap()
}

fn solution_puzzle() -> Puzzle {
    let mut project = Project::sample();
    project.generator.pick = Some(gridpress::model::WordCount::Exact(34));
    project.generator.solution = Some("SEAHORSES".into());
    let generator = Generator::new(project.to_spec().unwrap()).unwrap();
    let puzzle = generator.generate(&Options::seeded(2)).unwrap();
    assert!(puzzle.solution().is_some(), "{:?}", puzzle.report.relaxed);
    puzzle
}

fn tool(name: &str) -> Command {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "this test needs `{name}` (apt-get install poppler-utils qpdf; .ci/run installs them)"
    );
    Command::new(name)
}

fn pdftotext(path: &Path) -> String {
    let out = tool("pdftotext").arg(path).arg("-").output().unwrap();
    assert!(
        out.status.success(),
        "pdftotext failed on {}",
        path.display()
    );
    String::from_utf8(out.stdout).unwrap()
}

fn qpdf_check(path: &Path) {
    let out = tool("qpdf").arg("--check").arg(path).output().unwrap();
    assert!(
        out.status.success(),
        "qpdf --check {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stdout)
    );
}

fn numbers(obj: &Object) -> [f32; 4] {
    let array = obj.as_array().unwrap();
    let v: Vec<f32> = array
        .iter()
        .map(|o| {
            o.as_float()
                .or_else(|_| o.as_i64().map(|i| i as f32))
                .unwrap()
        })
        .collect();
    [v[0], v[1], v[2], v[3]]
}

fn inside(outer: [f32; 4], inner: [f32; 4]) -> bool {
    inner[0] >= outer[0] - 0.01
        && inner[1] >= outer[1] - 0.01
        && inner[2] <= outer[2] + 0.01
        && inner[3] <= outer[3] + 0.01
}

/// Checks one PDF's structure; returns its page count.
fn check_structure(path: &Path, template: &Template) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let doc = Document::load_mem(&bytes).unwrap();
    let pages = doc.get_pages();
    assert!(!pages.is_empty());
    for (&number, &id) in &pages {
        let page = doc.get_dictionary(id).unwrap();
        let media = numbers(page.get(b"MediaBox").unwrap());
        let trim = numbers(page.get(b"TrimBox").unwrap());
        let bleed = numbers(page.get(b"BleedBox").unwrap());
        assert!(
            inside(media, bleed) && inside(bleed, trim),
            "{}: boxes not nested",
            path.display()
        );
        let trim_size = (trim[2] - trim[0], trim[3] - trim[1]);
        if let PageSize::Fixed { width, height } = template.page {
            assert!(
                (trim_size.0 - width * PT_PER_MM).abs() < 0.1,
                "{}: trim width",
                template.name
            );
            assert!(
                (trim_size.1 - height * PT_PER_MM).abs() < 0.1,
                "{}: trim height",
                template.name
            );
        }
        let bleed_mm = (trim[0] - bleed[0]) / PT_PER_MM;
        assert!(
            (bleed_mm - template.bleed).abs() < 0.01,
            "{}: bleed {bleed_mm}",
            template.name
        );
        // Every font embedded, subset and non-empty.
        let fonts = doc.get_page_fonts(id).unwrap();
        assert!(!fonts.is_empty(), "page {number} has no fonts");
        for font in fonts.values() {
            let base = font.get(b"BaseFont").unwrap().as_name().unwrap();
            assert!(
                base.len() > 7 && base[6] == b'+',
                "not subset: {}",
                String::from_utf8_lossy(base)
            );
            let descendant = font.get(b"DescendantFonts").unwrap().as_array().unwrap()[0].clone();
            let cid = doc.dereference(&descendant).unwrap().1.as_dict().unwrap();
            let descriptor = doc
                .dereference(cid.get(b"FontDescriptor").unwrap())
                .unwrap()
                .1
                .as_dict()
                .unwrap();
            let file = doc
                .dereference(descriptor.get(b"FontFile2").unwrap())
                .unwrap()
                .1
                .as_stream()
                .unwrap();
            let program = file
                .decompressed_content()
                .unwrap_or_else(|_| file.content.clone());
            assert!(
                program.len() > 1000,
                "font program of {} bytes",
                program.len()
            );
        }
        // Colour operators of the template's colour model only.
        let content = doc.get_and_decode_page_content(id).unwrap();
        let forbidden: &[&str] = match template.colour {
            ColourMode::Cmyk => &["rg", "RG", "g", "G", "sc", "scn", "SC", "SCN"],
            ColourMode::Greyscale => &["rg", "RG", "k", "K", "sc", "scn", "SC", "SCN"],
        };
        for op in &content.operations {
            assert!(
                !forbidden.contains(&op.operator.as_str()),
                "{}: colour operator {} in {:?} mode",
                template.name,
                op.operator,
                template.colour
            );
        }
        // Text is solid black: every non-stroking colour set inside BT…ET is 100 % K.
        let mut in_text = false;
        for op in &content.operations {
            match op.operator.as_str() {
                "BT" => in_text = true,
                "ET" => in_text = false,
                "k" | "g" if in_text => {
                    let values: Vec<f32> =
                        op.operands.iter().map(|o| o.as_float().unwrap()).collect();
                    let black = match values.as_slice() {
                        [c, m, y, k] => *c == 0.0 && *m == 0.0 && *y == 0.0 && *k == 1.0,
                        [g] => *g == 0.0,
                        _ => false,
                    };
                    assert!(black, "text colour {values:?}");
                }
                _ => {}
            }
        }
    }
    qpdf_check(path);
    pages.len()
}

#[test]
fn every_template_prints_a_heart_with_an_ad_area() {
    let puzzles = heart_puzzles(1, 7);
    let words: Vec<&str> = puzzles[0]
        .words
        .iter()
        .map(|w| w.display.as_str())
        .collect();
    for template in Template::shipped() {
        let path = temp(&format!("heart-{}.pdf", template.name));
        let files = write_pdfs(
            &puzzles,
            "Under the Sea",
            &template,
            KeyPlacement::Auto,
            &path,
        )
        .unwrap();
        let pages = check_structure(&path, &template);
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size < 100_000, "{}: {size} bytes", template.name);
        let text = pdftotext(&path);
        if template.page == PageSize::FitContent {
            // Puzzle page alone; grid, word list and key as separate files.
            assert_eq!(pages, 1);
            assert_eq!(files.len(), 4, "{files:?}");
            for suffix in ["grid", "words", "key"] {
                let extra = extra_path(&path, suffix);
                assert!(files.contains(&extra));
                assert_eq!(check_structure(&extra, &template), 1);
            }
            let words_text = pdftotext(&extra_path(&path, "words"));
            for w in &words {
                assert!(
                    words_text.contains(w),
                    "{w} missing from the word list file"
                );
            }
        } else {
            // A single puzzle: its page, then its key.
            assert_eq!(pages, 2, "{}", template.name);
            assert_eq!(files.len(), 1);
            assert!(
                text.contains("Under the Sea"),
                "{}: title not extractable",
                template.name
            );
            assert!(text.contains(template.key_heading()), "{}", template.name);
        }
        for w in &words {
            assert!(
                text.contains(w),
                "{}: {w} missing from the text",
                template.name
            );
        }
    }
}

#[test]
fn same_puzzle_same_bytes() {
    let puzzles = heart_puzzles(1, 3);
    let template = Template::find("magazine").unwrap();
    let a = temp("same-a.pdf");
    let b = temp("same-b.pdf");
    write_pdfs(&puzzles, "Same", &template, KeyPlacement::Auto, &a).unwrap();
    write_pdfs(&puzzles, "Same", &template, KeyPlacement::Auto, &b).unwrap();
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap());
    assert!(
        !String::from_utf8_lossy(&bytes).contains("D:1970"),
        "a 1970 date is written"
    );
    let c = temp("same-c.pdf");
    write_pdfs(&puzzles, "Other title", &template, KeyPlacement::Auto, &c).unwrap();
    assert_ne!(bytes, std::fs::read(&c).unwrap());
}

#[test]
fn a_batch_collects_its_keys_at_the_end() {
    let puzzles = heart_puzzles(7, 11);
    let template = Template::find("a4").unwrap();
    let path = temp("batch.pdf");
    write_pdfs(&puzzles, "Sea", &template, KeyPlacement::Auto, &path).unwrap();
    // 7 puzzle pages, then 7 keys at 6 per page.
    assert_eq!(check_structure(&path, &template), 7 + 2);
    let text = pdftotext(&path);
    for n in 1..=7 {
        assert!(
            text.contains(&format!("{n} · Sea")),
            "puzzle {n} not numbered"
        );
    }
    let separate = temp("batch-separate.pdf");
    let files = write_pdfs(
        &puzzles,
        "Sea",
        &template,
        KeyPlacement::SeparateFile,
        &separate,
    )
    .unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(check_structure(&separate, &template), 7);
    assert_eq!(check_structure(&extra_path(&separate, "key"), &template), 7);
    // Small keys to print in the next issue: the puzzle pages alone, and
    // one key a page, `key.small_width` wide with a millimetre round it.
    let small = temp("batch-small.pdf");
    let files = write_pdfs(&puzzles, "Sea", &template, KeyPlacement::Small, &small).unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(check_structure(&small, &template), 7);
    let key_page = Template {
        page: PageSize::FitContent,
        bleed: 0.0,
        ..template.clone()
    };
    let key_file = extra_path(&small, "key");
    assert_eq!(check_structure(&key_file, &key_page), 7);
    let doc = Document::load(&key_file).unwrap();
    for (_, id) in doc.get_pages() {
        let trim = numbers(doc.get_dictionary(id).unwrap().get(b"TrimBox").unwrap());
        let width_mm = (trim[2] - trim[0]) / PT_PER_MM;
        let expected = template.key.small_width + 2.0;
        assert!(
            (width_mm - expected).abs() < 1.0,
            "small key {width_mm:.1} mm wide, not about {expected} mm"
        );
    }
    let text = pdftotext(&key_file);
    assert!(text.contains("7 · Sea"), "{text}");
}

#[test]
fn the_key_rings_every_word_and_fills_the_solution() {
    let puzzle = solution_puzzle();
    let template = Template::find("a4").unwrap();
    let heading = Heading {
        title: "Sea".into(),
        number: None,
    };
    let page = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::KEY).unwrap();
    let capsules = page
        .items
        .iter()
        .filter(|i| matches!(i, Item::Capsule { .. }))
        .count();
    assert_eq!(capsules, puzzle.words.len());
    let solution = puzzle.solution().unwrap();
    let tinted = page
        .items
        .iter()
        .filter(|i| matches!(i, Item::Rect { fill: Some(_), .. }))
        .count();
    assert_eq!(tinted, solution.cells.len());
    // The solution word's letters stand in its boxes on the key, not on the puzzle.
    let boxes = |page: &layout::Page| {
        page.items
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    Item::Rect {
                        fill: None,
                        stroke: Some(_),
                        ..
                    }
                )
            })
            .count()
    };
    let puzzle_page =
        layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
    assert_eq!(boxes(&page), solution.word.chars().count());
    assert_eq!(boxes(&puzzle_page), solution.word.chars().count());
    let path = temp("solution.pdf");
    write_pdfs(
        std::slice::from_ref(&puzzle),
        "Sea",
        &template,
        KeyPlacement::Auto,
        &path,
    )
    .unwrap();
    check_structure(&path, &template);
    let text = pdftotext(&path);
    assert!(text.contains("Solution:"));
    assert!(text.contains("spell the solution"));
}

#[test]
fn the_cli_writes_a_pdf_and_lists_templates() {
    let exe = env!("CARGO_BIN_EXE_gridpress");
    let words = format!("{}/tests/data/sea-life.txt", env!("CARGO_MANIFEST_DIR"));
    let out_path = temp("cli.pdf");
    let out = Command::new(exe)
        .args([
            "generate", "--words", &words, "--pick", "25", "--size", "15x15", "--seed", "4",
        ])
        .arg("--pdf")
        .arg(&out_path)
        .args(["--template", "letter", "--title", "Fische & Meer"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let template = Template::find("letter").unwrap();
    assert_eq!(check_structure(&out_path, &template), 2);
    assert!(pdftotext(&out_path).contains("Fische & Meer"));

    let listed = Command::new(exe).arg("templates").output().unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    for t in Template::shipped() {
        assert!(listed.contains(&t.name) && listed.contains(&t.description));
    }

    let bad = Command::new(exe)
        .args([
            "generate", "--words", &words, "--pick", "5", "--size", "9x9",
        ])
        .args(["--pdf", "/tmp/never.pdf", "--template", "tabloid"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("tabloid"));
    let bad_key = Command::new(exe)
        .args([
            "generate", "--words", &words, "--pick", "5", "--size", "9x9",
        ])
        .args(["--pdf", "/tmp/never.pdf", "--key", "sideways"])
        .output()
        .unwrap();
    assert_eq!(bad_key.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad_key.stderr).contains("sideways"));
}

#[test]
fn a_word_rectangle_prints_as_a_fill_in_with_its_key() {
    let text: String = std::fs::read_to_string("/usr/share/dict/american-english")
        .expect("needs wamerican")
        .lines()
        .filter(|w| w.len() == 5 && w.chars().all(|c| c.is_ascii_lowercase()))
        .map(|w| format!("{w}\n"))
        .collect();
    let (vocabulary, _) =
        gridpress::model::Vocabulary::parse_text("five", text.as_bytes(), "five").unwrap();
    let (words, _) = vocabulary.words(gridpress::model::UmlautMode::Keep);
    let spec = gridpress::model::PuzzleSpec::new(
        gridpress::model::Mask::rectangle(5, 5).unwrap(),
        vec![gridpress::model::SpecVocabulary {
            name: "five".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    let puzzle = gridpress::generate::rectangle::generate(&spec, &Options::seeded(4)).unwrap();
    let template = Template::find("half-page").unwrap();
    let heading = Heading {
        title: "Block".into(),
        number: None,
    };
    let letters = |page: &layout::Page| page.texts().filter(|t| t.chars().count() == 1).count();
    let blank = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
    let key = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::KEY).unwrap();
    assert_eq!(letters(&blank), 0, "the fill-in shows letters");
    assert_eq!(letters(&key), 25);
    assert!(!key.items.iter().any(|i| matches!(i, Item::Capsule { .. })));
    let path = temp("rectangle.pdf");
    write_pdfs(
        std::slice::from_ref(&puzzle),
        "Block",
        &template,
        KeyPlacement::Auto,
        &path,
    )
    .unwrap();
    assert_eq!(check_structure(&path, &template), 2);
    let text = pdftotext(&path);
    assert!(text.contains("Across:") && text.contains("Down:"), "{text}");
    for w in &puzzle.words {
        assert!(text.contains(&w.display), "{} missing", w.display);
    }
}

/// A German project prints German page text, an English one English; a
/// template may set its own instruction and labels.
#[test]
fn page_text_follows_the_projects_language() {
    let puzzles = vec![solution_puzzle()];
    for (language, expected, absent) in [
        (
            layout::PageLanguage::German,
            ["Finden Sie die", "Lösung:", "Lösungen"],
            "Find the",
        ),
        (
            layout::PageLanguage::English,
            ["Find the", "Solution:", "Solutions"],
            "Lösung",
        ),
    ] {
        let mut template = Template::find("a4").unwrap();
        template.language = language;
        let path = temp(&format!("language-{language:?}.pdf"));
        write_pdfs(&puzzles, "Meer", &template, KeyPlacement::NextPage, &path).unwrap();
        let text = pdftotext(&path);
        for e in expected {
            assert!(text.contains(e), "{language:?}: {e:?} missing in {text}");
        }
        assert!(!text.contains(absent), "{language:?}: {absent:?} in {text}");
    }
    let mut template = Template::find("a4").unwrap();
    template.language = layout::PageLanguage::German;
    template.instructions = Some("Suchen Sie {count} Meerestiere.".into());
    template.solution.label = Some("Lösungswort:".into());
    let path = temp("language-own.pdf");
    write_pdfs(&puzzles, "Meer", &template, KeyPlacement::NextPage, &path).unwrap();
    let text = pdftotext(&path);
    let count = puzzles[0].words.len();
    assert!(
        text.contains(&format!("Suchen Sie {count} Meerestiere.")),
        "{text}"
    );
    assert!(
        text.contains("Lösungswort:") && text.contains("Lösungen"),
        "{text}"
    );
}

/// Every template in both PDF/X standards passes the preflight and `qpdf
/// --check`, gives the same bytes twice, and claims what it keeps.
#[test]
fn every_template_passes_pdfx_preflight() {
    use gridpress::pdf::PdfStandard;
    use gridpress::pdf::preflight::preflight;
    let single = heart_puzzles(1, 7);
    let batch = heart_puzzles(3, 11);
    for mut template in Template::shipped() {
        for standard in [PdfStandard::X1a, PdfStandard::X4] {
            template.pdf_standard = standard;
            for (label, puzzles) in [("single", &single), ("batch", &batch)] {
                let name = format!("pdfx-{}-{standard:?}-{label}.pdf", template.name);
                let path = temp(&name);
                let files = write_pdfs(
                    puzzles,
                    "Salt & <Pepper>",
                    &template,
                    KeyPlacement::Auto,
                    &path,
                )
                .unwrap();
                for file in &files {
                    let bytes = std::fs::read(file).unwrap();
                    let problems = preflight(&bytes, standard);
                    assert!(problems.is_empty(), "{}: {problems:#?}", file.display());
                    qpdf_check(file);
                    check_structure(file, &template);
                    let version = standard.version_key().unwrap();
                    assert!(String::from_utf8_lossy(&bytes).contains(version));
                }
                let again = temp(&format!("again-{name}"));
                write_pdfs(
                    puzzles,
                    "Salt & <Pepper>",
                    &template,
                    KeyPlacement::Auto,
                    &again,
                )
                .unwrap();
                assert_eq!(
                    std::fs::read(&path).unwrap(),
                    std::fs::read(&again).unwrap(),
                    "{name}"
                );
            }
        }
    }
}

/// The preflight is not a rubber stamp: a plain PDF fails it, and each
/// rule fires on a good file broken in exactly that respect.
#[test]
fn the_pdfx_preflight_catches_each_broken_rule() {
    use gridpress::pdf::PdfStandard;
    use gridpress::pdf::preflight::preflight;
    let puzzles = heart_puzzles(1, 5);
    let mut template = Template::find("magazine").unwrap();
    template.pdf_standard = PdfStandard::None;
    let plain = temp("preflight-plain.pdf");
    write_pdfs(&puzzles, "Plain", &template, KeyPlacement::Auto, &plain).unwrap();
    let problems = preflight(&std::fs::read(&plain).unwrap(), PdfStandard::X4);
    for expected in [
        "CreationDate",
        "Trapped",
        "GTS_PDFXVersion",
        "output intents",
        "XMP metadata",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected}: {problems:#?}"
        );
    }
    template.pdf_standard = PdfStandard::X4;
    let good = temp("preflight-good.pdf");
    write_pdfs(&puzzles, "Good", &template, KeyPlacement::Auto, &good).unwrap();
    let good_bytes = std::fs::read(&good).unwrap();
    assert!(preflight(&good_bytes, PdfStandard::X4).is_empty());
    // X-4 allows PDF 1.6; X-1a does not.
    assert!(
        preflight(&good_bytes, PdfStandard::X1a)
            .iter()
            .any(|p| p.contains("header declares PDF 1.6"))
    );

    type Break = fn(&mut Document);
    let breaks: Vec<(&str, Break, &str)> = vec![
        (
            "no Trapped",
            |doc| {
                let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
                doc.get_dictionary_mut(id).unwrap().remove(b"Trapped");
            },
            "Trapped",
        ),
        (
            "a bad date",
            |doc| {
                let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
                doc.get_dictionary_mut(id)
                    .unwrap()
                    .set("ModDate", Object::string_literal("yesterday"));
            },
            "ModDate",
        ),
        (
            "XMP date differs",
            |doc| {
                let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
                doc.get_dictionary_mut(id).unwrap().set(
                    "CreationDate",
                    Object::string_literal("D:20250101000000+00'00'"),
                );
                doc.get_dictionary_mut(id)
                    .unwrap()
                    .set("ModDate", Object::string_literal("D:20250101000000+00'00'"));
            },
            "xmp:CreateDate",
        ),
        (
            "wrong version",
            |doc| {
                let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
                doc.get_dictionary_mut(id)
                    .unwrap()
                    .set("GTS_PDFXVersion", Object::string_literal("PDF/X-3:2002"));
            },
            "GTS_PDFXVersion",
        ),
        (
            "no title",
            |doc| {
                let id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
                doc.get_dictionary_mut(id).unwrap().remove(b"Title");
            },
            "Title",
        ),
        (
            "no output intent",
            |doc| {
                doc.catalog_mut().unwrap().remove(b"OutputIntents");
            },
            "output intents",
        ),
        (
            "no file ID",
            |doc| {
                doc.trailer.remove(b"ID");
            },
            "/ID",
        ),
        (
            "trim outside bleed",
            |doc| {
                let page = *doc.get_pages().values().next().unwrap();
                doc.get_dictionary_mut(page).unwrap().set(
                    "TrimBox",
                    Object::Array(vec![0.into(), 0.into(), 5000.into(), 5000.into()]),
                );
            },
            "TrimBox",
        ),
        (
            "an RGB colour",
            |doc| {
                let page = *doc.get_pages().values().next().unwrap();
                let mut content = doc.get_page_content(page);
                content.extend_from_slice(b"\n1 0 0 rg\n");
                doc.change_page_content(page, content).unwrap();
            },
            "colour operator rg",
        ),
        (
            "a font not embedded",
            |doc| {
                for object in doc.objects.values_mut() {
                    if let Ok(d) = object.as_dict_mut() {
                        d.remove(b"FontFile2");
                    }
                }
            },
            "not embedded",
        ),
        (
            "no XMP",
            |doc| {
                doc.catalog_mut().unwrap().remove(b"Metadata");
            },
            "XMP metadata",
        ),
    ];
    // PDF/X-1a: no transparency, no PDF 1.5 structures.
    template.pdf_standard = PdfStandard::X1a;
    let x1a = temp("preflight-x1a.pdf");
    write_pdfs(&puzzles, "Good", &template, KeyPlacement::Auto, &x1a).unwrap();
    let mut doc = Document::load(&x1a).unwrap();
    let mut state = lopdf::Dictionary::new();
    state.set("ca", Object::Real(0.5));
    let mut states = lopdf::Dictionary::new();
    states.set("GS1", Object::Dictionary(state));
    for object in doc.objects.values_mut() {
        if let Ok(d) = object.as_dict_mut()
            && d.has(b"ExtGState")
        {
            d.set("ExtGState", Object::Dictionary(states.clone()));
        }
    }
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    let problems = preflight(&bytes, PdfStandard::X1a);
    assert!(
        problems.iter().any(|p| p.contains("transparent")),
        "{problems:#?}"
    );
    for (what, break_it, expected) in breaks {
        let mut doc = Document::load_mem(&good_bytes).unwrap();
        break_it(&mut doc);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).unwrap();
        let problems = preflight(&bytes, PdfStandard::X4);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{what}: expected a problem naming {expected:?}, got {problems:#?}"
        );
    }
}

/// `--pdf-standard` on the command line, `SOURCE_DATE_EPOCH` honoured, bad
/// values named; `gridpress preflight` checks a file.
#[test]
fn the_cli_writes_pdfx_with_the_given_date() {
    let exe = env!("CARGO_BIN_EXE_gridpress");
    let words = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sea-life.txt");
    let run = |standard: &str, epoch: Option<&str>, out: &Path| {
        let mut cmd = Command::new(exe);
        cmd.args([
            "generate", "--words", words, "--size", "12x12", "--pick", "12", "--seed", "3",
        ])
        .args(["--pdf-standard", standard, "--pdf"])
        .arg(out)
        .env_remove("SOURCE_DATE_EPOCH");
        if let Some(e) = epoch {
            cmd.env("SOURCE_DATE_EPOCH", e);
        }
        cmd.output().unwrap()
    };
    let out = temp("cli-x4.pdf");
    let o = run("x4", Some("1700000000"), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&std::fs::read(&out).unwrap()).into_owned();
    assert!(
        text.contains("2023-11-14T22:13:20+00:00"),
        "the XMP date is SOURCE_DATE_EPOCH's"
    );
    let check = Command::new(exe)
        .arg("preflight")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    assert!(String::from_utf8_lossy(&check.stdout).contains("PDF/X-4"));
    let plain = temp("cli-plain.pdf");
    assert!(run("none", None, &plain).status.success());
    let check = Command::new(exe)
        .args(["preflight", "--standard", "x1a"])
        .arg(&plain)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stdout).contains("FAIL"));
    let o = run("x9", None, &temp("cli-x9.pdf"));
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--pdf-standard \"x9\""));
    let bad_date = temp("cli-bad-date.pdf");
    let o = run("x1a", Some("yesterday"), &bad_date);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("SOURCE_DATE_EPOCH"));
    assert!(!bad_date.exists(), "nothing written on a bad date");
}

/// The magazine page uses its space (issue 14): a 15×15 grid gets the
/// template's largest cells with the list moved below it, where beside it
/// the grid was narrowed to 8.7 mm cells; a small grid keeps the list
/// beside (both arrangements give it the largest cells).
#[test]
fn the_magazine_page_gives_the_grid_the_larger_cells() {
    let template = Template::find("magazine").unwrap();
    let heading = Heading {
        title: "Space".into(),
        number: None,
    };
    let cell = |size: usize| {
        let mut project = Project::sample();
        project.grid.width = size;
        project.grid.height = size;
        project.generator.pick = Some(gridpress::model::WordCount::Exact(size.min(22)));
        let generator = Generator::new(project.to_spec().unwrap()).unwrap();
        let puzzle = generator.generate(&Options::seeded(1)).unwrap();
        let page =
            layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
        page.grid.unwrap().cell
    };
    let max = match template.grid.cell {
        gridpress::layout::template::CellSize::Fill { max } => max,
        other => panic!("{other:?}"),
    };
    assert!((cell(15) - max).abs() < 0.01, "15×15: {} mm", cell(15));
    assert!((cell(10) - max).abs() < 0.01, "10×10: {} mm", cell(10));
}

/// A list below the grid is set no larger than lets the grid reach its
/// largest cells: while the grid is smaller than the template allows, the
/// list is at its minimum size (issue 14: 69 German words left a 20×20
/// grid 6.3 mm cells on A4 with the list at 10 pt; now 8 mm).
#[test]
fn the_list_below_gives_way_to_the_grid() {
    let heading = Heading {
        title: "Space".into(),
        number: None,
    };
    let mut project = Project::sample();
    project.grid.width = 20;
    project.grid.height = 20;
    project.generator.pick = Some(gridpress::model::WordCount::Exact(50));
    let generator = Generator::new(project.to_spec().unwrap()).unwrap();
    let puzzle = generator.generate(&Options::seeded(1)).unwrap();
    let listed: Vec<&str> = puzzle.words.iter().map(|w| w.display.as_str()).collect();
    for name in ["a4", "letter", "magazine", "large-print"] {
        let template = Template::find(name).unwrap();
        let page =
            layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
        let cell = page.grid.unwrap().cell;
        let PageSize::Fixed { width, .. } = template.page else {
            panic!("{name}: a fixed page")
        };
        let across = (width - template.margins.left - template.margins.right) / 20.0;
        let max = match template.grid.cell {
            gridpress::layout::template::CellSize::Fill { max } => max,
            gridpress::layout::template::CellSize::Fixed(mm) => mm,
        }
        .min(across);
        let list_sizes: Vec<f32> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, size_pt, .. } if listed.contains(&text.as_str()) => {
                    Some(*size_pt)
                }
                _ => None,
            })
            .collect();
        assert!(!list_sizes.is_empty(), "{name}: no list");
        if cell < max - 0.01 {
            let min = template.word_list.min_size;
            assert!(
                list_sizes.iter().all(|s| (s - min).abs() < 0.01),
                "{name}: the grid has {cell:.2} of {max} mm while the list is at {:?} pt (minimum {min})",
                list_sizes[0]
            );
        }
    }
}

/// A Swedish puzzle prints its clues in the grid (every clue's text on the
/// page, hyphen breaks aside), empty letter cells and numbered solution
/// cells; the key has the letters; the PDF passes the structure checks.
#[test]
fn a_swedish_puzzle_prints_its_clues_in_the_grid() {
    let text = std::fs::read_to_string(gridpress::model::thesaurus::OPENTHESAURUS_PATH)
        .expect("needs openthesaurus-de-text");
    let imported = gridpress::model::thesaurus::import_with_glosses(&text, "thesaurus");
    let (words, _) = imported
        .vocabulary
        .words(gridpress::model::UmlautMode::Keep);
    let mut spec = gridpress::model::PuzzleSpec::new(
        gridpress::model::Mask::rectangle(9, 11).unwrap(),
        vec![gridpress::model::SpecVocabulary {
            name: "thesaurus".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.solution = Some(
        gridpress::model::Word::new("Meer", None, gridpress::model::UmlautMode::Keep).unwrap(),
    );
    let puzzle = gridpress::generate::swedish::generate(&spec, &Options::seeded(3)).unwrap();
    let template = Template::find("half-page").unwrap();
    let heading = Heading {
        title: "Schwedenrätsel".into(),
        number: None,
    };
    let letters = |page: &layout::Page| {
        page.texts()
            .filter(|t| t.chars().count() == 1 && t.chars().all(char::is_alphabetic))
            .count()
    };
    let blank = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
    let key = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::KEY).unwrap();
    assert_eq!(
        letters(&blank),
        0,
        "the puzzle page shows letters: {:?}",
        blank
            .texts()
            .filter(|t| t.chars().count() < 3)
            .collect::<Vec<_>>()
    );
    let cells = puzzle.grid.iter().flatten().filter(|c| c.is_some()).count();
    assert_eq!(letters(&key), cells + 4, "every letter cell and the strip");
    let page_text: String = blank
        .texts()
        .collect::<Vec<_>>()
        .join("")
        .replace(['-', ' '], "");
    for w in &puzzle.words {
        let clue = w.clue.as_deref().unwrap().replace(['-', ' '], "");
        assert!(
            page_text.contains(&clue),
            "clue {clue:?} of {} missing",
            w.word
        );
    }
    // The numbers 1–4 stand in the grid and again in the strip.
    for n in ["1", "2", "3", "4"] {
        assert_eq!(blank.texts().filter(|t| *t == n).count(), 2, "number {n}");
    }
    let path = temp("swedish.pdf");
    let again = temp("swedish-again.pdf");
    for p in [&path, &again] {
        write_pdfs(
            std::slice::from_ref(&puzzle),
            "Schwedenrätsel",
            &template,
            KeyPlacement::Auto,
            p,
        )
        .unwrap();
    }
    assert_eq!(check_structure(&path, &template), 2);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&again).unwrap()
    );
}

/// A word rectangle whose words have clues prints a small crossword: the
/// clues numbered under "Across"/"Down", the numbers in the block, the
/// letters only in the key.
#[test]
fn a_clued_word_rectangle_prints_numbered_clues() {
    let text = std::fs::read_to_string(gridpress::model::thesaurus::MYTHES_EN_PATH)
        .expect("needs mythes-en-us");
    let imported = gridpress::model::thesaurus::import_any(&text, "mythes");
    let (words, _) = imported
        .vocabulary
        .words(gridpress::model::UmlautMode::Keep);
    let words: Vec<_> = words.into_iter().filter(|w| w.letters.len() == 4).collect();
    let spec = gridpress::model::PuzzleSpec::new(
        gridpress::model::Mask::rectangle(4, 4).unwrap(),
        vec![gridpress::model::SpecVocabulary {
            name: "mythes".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    let puzzle = gridpress::generate::rectangle::generate(&spec, &Options::seeded(2)).unwrap();
    assert!(puzzle.words.iter().all(|w| w.clue.is_some()));
    assert!(gridpress::verify::verify_against(&puzzle, &spec).is_empty());
    let template = Template::find("half-page").unwrap();
    let heading = Heading {
        title: "Block".into(),
        number: None,
    };
    let blank = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::PUZZLE).unwrap();
    let texts: Vec<&str> = blank.texts().collect();
    assert!(
        texts.iter().any(|t| t.starts_with("Solve the clues")),
        "{texts:?}"
    );
    // Numbers 1–4 along the top, 5–7 down the left side: 7 in the block.
    for n in 1..=7 {
        assert!(
            texts.contains(&n.to_string().as_str()),
            "number {n} missing"
        );
    }
    let joined = texts.join(" ");
    for w in &puzzle.words {
        let first = w
            .clue
            .as_deref()
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap();
        assert!(joined.contains(first), "clue of {} missing", w.word);
        assert!(
            !texts.contains(&w.display.as_str()),
            "{} printed",
            w.display
        );
    }
    let key = layout::puzzle_page(&puzzle, &template, &heading, layout::Parts::KEY).unwrap();
    let letters = key
        .texts()
        .filter(|t| t.chars().count() == 1 && t.chars().all(char::is_alphabetic))
        .count();
    assert_eq!(letters, 16);
}
