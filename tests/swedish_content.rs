//! What a Swedish page prints, read the way an editor reads it: from the
//! German thesaurus import (Debian's openthesaurus-de-text, installed by
//! `.ci/run`) through a project with default settings, every puzzle
//! measured by the independent `verify::clues`: familiar answers, short
//! forms marked, nothing sensitive, umlauts written out and said so.

use gridpress::generate::{Options, swedish};
use gridpress::layout::PageLanguage;
use gridpress::model::thesaurus::{OPENTHESAURUS_PATH, import_with_glosses};
use gridpress::model::{Language, PuzzleKind};
use gridpress::project::{Project, UmlautSetting};
use gridpress::verify::clues;
use std::time::Duration;

fn german_project(width: usize, height: usize) -> Project {
    let text = std::fs::read_to_string(OPENTHESAURUS_PATH)
        .expect("apt-get install openthesaurus-de-text (the tests read the German thesaurus)");
    let imported = import_with_glosses(&text, "thesaurus");
    let mut project = Project::sample();
    project.vocabularies = vec![imported.vocabulary];
    project.language = Language::German;
    project.umlauts = UmlautSetting::Auto;
    project.generator.kind = PuzzleKind::Swedish;
    project.generator.solution = None;
    project.generator.pick = None;
    project.grid.width = width;
    project.grid.height = height;
    project.grid.shape = "rectangle".into();
    project.grid.cells = None;
    project.grid.restricted.clear();
    project.letters.clear();
    project.preassigned_words.clear();
    project
}

fn options(seed: u64) -> Options {
    Options {
        seed,
        time_limit: Duration::from_secs(20),
        cancel: None,
    }
}

#[test]
fn german_pages_print_familiar_marked_and_unoffending_answers_without_umlaut_cells() {
    let project = german_project(13, 17);
    let spec = project.to_spec().unwrap();
    for seed in 0..3u64 {
        let puzzle = swedish::generate(&spec, &options(seed)).unwrap();
        let q = clues::measure(&puzzle).expect("a Swedish puzzle has clues");
        assert_eq!(q.language, Language::German);
        assert!(
            q.familiar_share() >= 0.95,
            "seed {seed}: {:.2} familiar: {}",
            q.familiar_share(),
            q.line()
        );
        assert_eq!(q.short_forms.1, 0, "seed {seed}: unmarked short forms");
        assert!(q.sensitive.is_empty(), "seed {seed}: {:?}", q.sensitive);
        // The default caps hold without relaxing: two-letter answers at
        // most 3 %, three-letter ones 15 %, at least three letters per
        // clue cell.
        assert!(
            puzzle.report.relaxed.is_empty(),
            "seed {seed}: {:?}",
            puzzle.report.relaxed
        );
        assert!(q.two_letter_share() <= 0.03, "seed {seed}: {}", q.line());
        assert!(q.three_letter_share() <= 0.15, "seed {seed}: {}", q.line());
        assert!(q.letters_per_clue >= 3.0, "seed {seed}: {}", q.line());
        // No clue gives its answer or another answer away; the measure
        // sees one that does.
        assert!(q.giveaways.is_empty(), "seed {seed}: {:?}", q.giveaways);
        let mut spoiled = puzzle.clone();
        let long = spoiled
            .words
            .iter()
            .position(|w| w.word.chars().count() >= 5)
            .unwrap();
        let other = (long + 1) % spoiled.words.len();
        spoiled.words[other].clue = Some(spoiled.words[long].display.clone());
        assert_eq!(
            clues::measure(&spoiled).unwrap().giveaways.len(),
            1,
            "seed {seed}"
        );
        assert!(
            gridpress::verify::verify_against(&puzzle, &spec).is_empty(),
            "seed {seed}"
        );
        assert!(
            q.repeated_clues.is_empty(),
            "seed {seed}: {:?}",
            q.repeated_clues
        );
        // A cell holds A–Z only: umlauts written out, no É or Œ.
        for letter in puzzle.grid.iter().flatten().flatten() {
            assert!(letter.is_ascii_uppercase(), "seed {seed}: cell {letter}");
        }
        // The instruction says how umlauts are written when an answer has one.
        let texts = PageLanguage::German.texts();
        let umlaut_answer = puzzle
            .words
            .iter()
            .any(|w| w.display.chars().any(|c| "äöüÄÖÜß".contains(c)));
        assert_eq!(
            texts
                .instructions(&puzzle, gridpress::layout::texts::Register::Formal)
                .contains("ä = ae"),
            umlaut_answer,
            "seed {seed}"
        );
        // Every clue of an abbreviation, symbol or unit says so.
        for w in &puzzle.words {
            let clue = w.clue.as_deref().unwrap();
            assert!(!clue.trim().is_empty() && clue.chars().any(char::is_alphabetic));
        }
    }
}

#[test]
fn the_import_keeps_tags_and_leaves_out_vulgar_and_two_letter_answers() {
    let text = std::fs::read_to_string(OPENTHESAURUS_PATH).unwrap();
    let imported = import_with_glosses(&text, "thesaurus");
    let entries = &imported.vocabulary.entries;
    assert!(entries.len() > 40_000, "{}", entries.len());
    let tagged = entries.iter().filter(|e| !e.tags.is_empty()).count();
    assert!(tagged > 5_000, "{tagged}");
    for e in entries {
        assert!(e.word.chars().count() >= 3, "{}", e.word);
        assert!(!e.tags.iter().any(|t| t.is_unprintable()), "{}", e.word);
    }
    // The text format keeps the tags.
    let round = gridpress::model::Vocabulary::parse_text(
        "t",
        imported.vocabulary.to_text().as_bytes(),
        "t.txt",
    )
    .unwrap()
    .0;
    assert_eq!(&round.entries, entries);
}

/// Wiktionary's first senses (shipped, CC BY-SA) choose the sense a
/// German answer is clued by and give short definitions of their own:
/// before them STEG was clued "Diele", ETAGE "Flur", LAUT "Ruf", KURVE
/// "Bogen" beside the set of "Graf" (audits of 2026-11-26).
#[test]
fn german_first_senses_choose_the_clues() {
    let text = std::fs::read_to_string(OPENTHESAURUS_PATH).unwrap();
    let with = import_with_glosses(&text, "thesaurus");
    let without = gridpress::model::thesaurus::import_openthesaurus(&text, "thesaurus");
    let clues = |imported: &gridpress::model::thesaurus::Imported, word: &str| -> Vec<String> {
        let entry = imported
            .vocabulary
            .entries
            .iter()
            .find(|e| e.word == word)
            .unwrap_or_else(|| panic!("{word} imported"));
        entry
            .clue
            .as_deref()
            .unwrap_or_default()
            .split('|')
            .map(str::to_string)
            .collect()
    };
    assert_eq!(clues(&with, "Steg")[0], "kleine Brücke");
    assert_eq!(clues(&without, "Steg")[0], "Diele");
    assert_ne!(clues(&with, "Etage")[0], "Flur");
    assert!(clues(&with, "Made").iter().any(|c| c.contains("Larve")));
    assert!(clues(&with, "Amor")[0] == "Gott der Liebe");
    // A set that gives the word a register is not its plain first sense:
    // perplex is `(ugs.)` beside "überrascht", plain beside "erstaunt".
    assert!(!clues(&with, "perplex")[0].starts_with("ugs."));
    // The register a set gives stays on its clue (NIX = "ugs.: nichts").
    assert!(clues(&with, "Nix").iter().any(|c| c == "ugs.: nichts"));
    // About as many answers as without: the glosses add clues and drop
    // only the words Wiktionary lists as no headword (inflected forms,
    // names: 4.1 % in November 2026).
    let (a, b) = (
        with.vocabulary.entries.len(),
        without.vocabulary.entries.len(),
    );
    assert!(a < b && b - a < b / 20, "{a} against {b}");
}

/// MyThes writes every entry in lower case; WordNet spells the short
/// forms (BSE, USAF), and their expansions print as "abbr.: …" — but a
/// word that is a short form in one sense only (WIMP) keeps its others.
#[test]
fn english_short_forms_are_known_from_wordnet_spellings() {
    use gridpress::model::Tag;
    use gridpress::model::thesaurus::MYTHES_EN_PATH;
    let text = std::fs::read_to_string(MYTHES_EN_PATH).unwrap();
    let imported = import_with_glosses(&text, "mythes");
    let entry = |word: &str| {
        imported
            .vocabulary
            .entries
            .iter()
            .find(|e| e.word == word)
            .unwrap_or_else(|| panic!("{word} imported"))
    };
    assert!(entry("bse").tags.contains(&Tag::Abbreviation));
    assert_eq!(entry("bse").clue.as_deref(), Some("mad cow disease"));
    assert!(entry("usaf").tags.contains(&Tag::Abbreviation));
    // WordNet knows DNA only as a short form; ASAP's clue spells it.
    assert!(entry("dna").tags.contains(&Tag::Abbreviation));
    assert!(entry("asap").tags.contains(&Tag::Abbreviation));
    // A word of the answer's most frequent WordNet synset confirms a
    // clue and comes first (DESCEND = "go down", not "come").
    assert!(entry("descend").tags.contains(&Tag::Confirmed));
    assert!(
        entry("descend")
            .clue
            .as_deref()
            .unwrap()
            .starts_with("go down")
    );
    for word in ["wimp", "sea", "date", "big", "mar", "ace"] {
        assert!(
            !entry(word).tags.contains(&Tag::Abbreviation),
            "{word}: {:?}",
            entry(word)
        );
    }
}

#[test]
fn english_glosses_come_from_wordnet_and_lead_the_mythes_clues() {
    use gridpress::model::thesaurus::{MAX_CLUE_CHARS, MYTHES_EN_PATH, import_any_with};
    use gridpress::model::wordnet::{WORDNET_DIR, short_glosses};
    let glosses = short_glosses(std::path::Path::new(WORDNET_DIR), MAX_CLUE_CHARS)
        .expect("apt-get install wordnet-base (the tests read WordNet's glosses)");
    assert_eq!(
        glosses.get("aptitude").map(String::as_str),
        Some("inherent ability")
    );
    assert!(glosses.len() > 10_000, "{}", glosses.len());
    let text = std::fs::read_to_string(MYTHES_EN_PATH).unwrap();
    let imported = import_any_with(&text, "mythes", Some(&glosses));
    // 36,300 answers (WordNet's glosses first): those clued only by words
    // few solvers know are left out, a familiar short form is kept.
    let son = imported
        .vocabulary
        .entries
        .iter()
        .find(|e| e.word == "son")
        .unwrap();
    assert!(
        son.clue
            .as_deref()
            .unwrap()
            .starts_with("male human offspring"),
        "{:?}",
        son.clue
    );
}

#[test]
fn difficulty_presets_change_answers_and_clues_and_are_measured() {
    use gridpress::model::Difficulty;
    let mut project = german_project(13, 17);
    let mut zipfs = Vec::new();
    let mut scores = Vec::new();
    for preset in [Difficulty::Easy, Difficulty::Hard] {
        project.generator.swedish.difficulty = preset;
        let spec = project.to_spec().unwrap();
        let (mut zipf, mut score) = (0.0, 0u32);
        for seed in 1..4u64 {
            let puzzle = swedish::generate(&spec, &options(seed)).unwrap();
            let q = clues::measure(&puzzle).unwrap();
            zipf += q.median_zipf;
            score += q.difficulty as u32;
        }
        zipfs.push(zipf / 3.0);
        scores.push(score / 3);
    }
    // The magazine template prints the measured level.
    let mut magazine = gridpress::layout::template::Template::find("magazine").unwrap();
    magazine.language = PageLanguage::German;
    project.generator.swedish.difficulty = Difficulty::Easy;
    let easy = swedish::generate(&project.to_spec().unwrap(), &options(1)).unwrap();
    let line = magazine.instructions_for(&easy);
    assert!(line.ends_with("Schwierigkeit: leicht."), "{line}");
    // Easy pages hold more common answers and score lower.
    assert!(zipfs[0] > zipfs[1] + 0.4, "{zipfs:?}");
    assert!(scores[0] + 20 < scores[1], "{scores:?}");
    assert!(scores[0] < 35, "easy scores {}", scores[0]);
}

/// The same content rules where a word rectangle prints clues: a German
/// 5×5 fill-in from the thesaurus takes familiar words first, prints
/// their marked clues and nothing sensitive.
#[test]
fn clued_word_rectangles_from_the_thesaurus_print_familiar_words() {
    let mut project = german_project(5, 5);
    project.generator.kind = PuzzleKind::WordRectangle;
    project.generator.directions = "E,S".into();
    let spec = project.to_spec().unwrap();
    for seed in 1..4u64 {
        let puzzle = gridpress::generate::rectangle::generate(&spec, &options(seed)).unwrap();
        assert!(gridpress::verify::verify_against(&puzzle, &spec).is_empty());
        let q = clues::measure(&puzzle).expect("the thesaurus words have clues");
        assert!(q.familiar_share() >= 0.95, "seed {seed}: {}", q.line());
        assert!(q.sensitive.is_empty(), "seed {seed}: {:?}", q.sensitive);
        assert_eq!(q.short_forms.1, 0, "seed {seed}");
    }
}

/// The report says how the project's page sets the clues (issue 34): one
/// size of at least 6 pt, and how many print shortened.
#[test]
fn the_report_says_how_the_page_sets_the_clues() {
    let mut project = german_project(13, 17);
    project.template = Some("magazine".into());
    let puzzles = gridpress::make::make(&project, &gridpress::make::Run::default(), |_, _| {})
        .expect("a German 13×17 page");
    let note = puzzles[0]
        .report
        .notes
        .iter()
        .find(|n| n.starts_with("clues set at "))
        .expect("a note on the clue setting");
    let size: f32 = note["clues set at ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(size >= 6.0, "{note}");
    assert!(note.contains("on the magazine page"), "{note}");
    assert!(!note.contains("set smaller"), "{note}");
}
