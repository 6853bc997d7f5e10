//! Editing finished puzzles (issue 29): Swedish answers replaced with
//! every cell outside the named region unchanged, locked answers kept,
//! the same seed giving the same replacement, clues typed by the editor
//! checked; every result verified independently and against the request.

mod common;

use gridpress::edit::{
    EditError, ReplaceOptions, check_clue, find_word, replace_swedish, set_clue,
};
use gridpress::export::json;
use gridpress::generate::Options;
use gridpress::generate::swedish;
use gridpress::generate::swedish::edit::EditLexicon;
use gridpress::model::thesaurus::{OPENTHESAURUS_PATH, import_with_glosses};
use gridpress::model::{Mask, Pos, Puzzle, PuzzleSpec, UmlautMode, Word};
use gridpress::verify::{verify, verify_against};
use std::collections::HashSet;
use std::sync::OnceLock;

fn clue_words() -> &'static Vec<Word> {
    static WORDS: OnceLock<Vec<Word>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let text = std::fs::read_to_string(OPENTHESAURUS_PATH)
            .expect("apt-get install openthesaurus-de-text (the tests read the German thesaurus)");
        import_with_glosses(&text, "thesaurus")
            .vocabulary
            .words(UmlautMode::Keep)
            .0
    })
}

fn spec(width: usize, height: usize, solution: Option<&str>) -> PuzzleSpec {
    let mut spec = common::spec(
        Mask::rectangle(width, height).unwrap(),
        clue_words().clone(),
        false,
    );
    spec.language = gridpress::model::Language::German;
    spec.solution = solution.map(|s| Word::new(s, None, UmlautMode::Keep).unwrap());
    spec
}

fn assert_valid(puzzle: &Puzzle, spec: &PuzzleSpec, what: &str) {
    let mut violations = verify(puzzle, &common::banned());
    violations.extend(verify_against(puzzle, spec));
    assert!(
        violations.is_empty(),
        "{what}: {violations:#?}\n{}",
        puzzle.to_text()
    );
}

#[test]
fn replacing_changes_only_the_named_region_and_keeps_every_rule() {
    for (seed, solution) in [(1, None), (2, None), (3, Some("Herbstlaub"))] {
        let spec = spec(13, 17, solution);
        let puzzle = swedish::generate(&spec, &Options::seeded(seed)).unwrap();
        let lexicon = EditLexicon::new(&spec).unwrap();
        let (mut replaced_count, mut tried) = (0, 0);
        for index in (0..puzzle.words.len()).step_by(7) {
            tried += 1;
            let result = replace_swedish(
                &lexicon,
                &puzzle,
                index,
                &spec,
                &ReplaceOptions::default(),
                &Options::seeded(seed),
            );
            let replaced = match result {
                Ok(r) => r,
                // Said plainly, never a broken puzzle.
                Err(EditError::Generate(e)) => {
                    assert!(e.to_string().contains("no other answer fits"), "{e}");
                    continue;
                }
                Err(e) => panic!("seed {seed}, {}: {e}", puzzle.words[index].word),
            };
            replaced_count += 1;
            let edited = &replaced.puzzle;
            let what = format!("seed {seed}, {} replaced", puzzle.words[index].word);
            assert_valid(edited, &spec, &what);
            // No clue names another answer where its entry has another.
            let giveaways = gridpress::verify::clues::measure(edited)
                .unwrap()
                .giveaways
                .len();
            let before = gridpress::verify::clues::measure(&puzzle)
                .unwrap()
                .giveaways
                .len();
            assert!(
                giveaways <= before,
                "{what}: {giveaways} giveaways, {before} before: {:?}",
                gridpress::verify::clues::measure(edited).unwrap().giveaways
            );
            // The clue cells, the solution and every cell outside the
            // region are as they were.
            assert_eq!(edited.clue_cells(), puzzle.clue_cells(), "{what}");
            assert_eq!(edited.solution(), puzzle.solution(), "{what}");
            let region: HashSet<Pos> = replaced.region.iter().copied().collect();
            for p in puzzle.mask.positions() {
                if !region.contains(&p) {
                    assert_eq!(edited.letter(p), puzzle.letter(p), "{what}: cell {p}");
                }
            }
            // The replaced answer is gone; the report names every change.
            let old = &puzzle.words[index].word;
            assert!(edited.words.iter().all(|w| &w.word != old), "{what}");
            assert!(replaced.changed.iter().any(|c| c.0 == index), "{what}");
            for (i, word) in edited.words.iter().enumerate() {
                let listed = replaced.changed.iter().any(|c| c.0 == i);
                assert_eq!(
                    listed,
                    word.word != puzzle.words[i].word,
                    "{what}: {}",
                    word.word
                );
                if !listed && !replaced.reclued.contains(&i) {
                    assert_eq!(word.clue, puzzle.words[i].clue, "{what}: clue kept");
                }
            }
        }
        // Most answers of a page can be replaced (10 seeds, every fourth
        // answer: 171 of 174; BENCHMARKS.md).
        assert!(
            replaced_count * 4 >= tried * 3,
            "seed {seed}: {replaced_count} of {tried} replaced"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_replacement_and_locked_answers_stay() {
    let spec = spec(13, 17, None);
    let puzzle = swedish::generate(&spec, &Options::seeded(5)).unwrap();
    let lexicon = EditLexicon::new(&spec).unwrap();
    let target = puzzle.words.len() / 2;
    let run = |how: &ReplaceOptions, seed: u64| {
        replace_swedish(
            &lexicon,
            &puzzle,
            target,
            &spec,
            how,
            &Options::seeded(seed),
        )
    };
    let first = run(&ReplaceOptions::default(), 9).unwrap();
    let again = run(&ReplaceOptions::default(), 9).unwrap();
    assert_eq!(first.puzzle, again.puzzle);
    assert_eq!(
        json::to_string(&first.puzzle),
        json::to_string(&again.puzzle)
    );
    // Lock every answer the first replacement changed besides the target:
    // they keep their letters, or the replacement says it cannot.
    let locked: Vec<usize> = first
        .changed
        .iter()
        .map(|c| c.0)
        .filter(|&i| i != target)
        .collect();
    let how = ReplaceOptions {
        locked: locked.clone(),
        ..ReplaceOptions::default()
    };
    match run(&how, 9) {
        Ok(r) => {
            assert_valid(&r.puzzle, &spec, "locked");
            for &i in &locked {
                assert_eq!(r.puzzle.words[i].word, puzzle.words[i].word);
            }
        }
        Err(e) => assert!(e.to_string().contains("locked"), "{e}"),
    }
    // A locked answer is not replaced.
    let how = ReplaceOptions {
        locked: vec![target],
        ..ReplaceOptions::default()
    };
    assert!(run(&how, 9).unwrap_err().to_string().contains("locked"));
    // Banned answers do not come back.
    let banned = first
        .changed
        .iter()
        .map(|c| c.2.clone())
        .collect::<Vec<_>>();
    let how = ReplaceOptions {
        banned: banned.clone(),
        ..ReplaceOptions::default()
    };
    if let Ok(r) = run(&how, 9) {
        for word in &banned {
            assert!(r.puzzle.words.iter().all(|w| &w.word != word), "{word}");
        }
    }
}

#[test]
fn typed_clues_are_checked_and_kept_as_the_editors() {
    let spec = spec(9, 11, None);
    let puzzle = swedish::generate(&spec, &Options::seeded(2)).unwrap();
    let index = puzzle
        .words
        .iter()
        .position(|w| w.word.chars().count() >= 4)
        .unwrap();
    let answer = puzzle.words[index].word.clone();
    assert_eq!(find_word(&puzzle, &answer.to_lowercase()).unwrap(), index);
    assert!(find_word(&puzzle, "QQQQQ").is_err());
    // Its own clue again changes nothing, not even whose it is.
    let current = puzzle.words[index].clue.clone().unwrap();
    assert_eq!(set_clue(&puzzle, index, &current, &spec).unwrap(), puzzle);
    let edited = set_clue(&puzzle, index, "  Rätsel   des Tages ", &spec).unwrap();
    assert_eq!(
        edited.words[index].clue.as_deref(),
        Some("Rätsel des Tages")
    );
    assert!(edited.words[index].clue_edited);
    assert_valid(&edited, &spec, "typed clue");
    // The JSON keeps whose clue it is; `check --project` accepts it.
    let back = json::parse(&json::to_string(&edited), "edited").unwrap();
    assert_eq!(back[0].words, edited.words);
    assert!(!json::to_string(&puzzle).contains("clue_edited"));
    // Refused, saying why: empty, its own answer, an offensive or
    // sensitive word, too long.
    for (clue, why) in [
        ("   ", "empty"),
        (
            format!("Das {}", answer.to_lowercase()).as_str(),
            "gives away",
        ),
        ("ein Arschloch", "offensive"),
        ("Konzentrationslager", "sensitive"),
        (&"x".repeat(80), "characters"),
    ] {
        let refused = check_clue(&puzzle, index, clue, &spec).unwrap_err();
        assert!(refused.contains(why), "{clue:?}: {refused}");
        assert!(set_clue(&puzzle, index, clue, &spec).is_err());
    }
}
