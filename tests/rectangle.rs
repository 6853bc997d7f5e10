//! Word rectangles from a real list over sizes and seeds, each checked by
//! the independent verifier (including the unique fill-in); the same seed
//! gives the same rectangle; offensive words are never used.

mod common;

use gridpress::generate::Options;
use gridpress::generate::rectangle::generate;
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary};
use gridpress::verify::verify;

fn spec(width: usize, height: usize, extra_banned: &[&str]) -> PuzzleSpec {
    spec_from(
        "wamerican",
        &common::american_text(),
        width,
        height,
        extra_banned,
    )
}

/// A rectangle spec from a list's words of the two lengths (in grid
/// letters: ß counts two).
fn spec_from(
    name: &str,
    list: &str,
    width: usize,
    height: usize,
    extra_banned: &[&str],
) -> PuzzleSpec {
    let (vocabulary, _) = Vocabulary::parse_text(name, list.as_bytes(), name).unwrap();
    let (words, _) = vocabulary.words(UmlautMode::Keep);
    let words = words
        .into_iter()
        .filter(|w| w.letters.len() == width || w.letters.len() == height)
        .collect();
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(width, height).unwrap(),
        vec![SpecVocabulary {
            name: name.into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.banned =
        gridpress::project::banned_letters(extra_banned.iter().copied(), UmlautMode::Keep).unwrap();
    spec
}

#[test]
fn rectangles_over_sizes_and_seeds_verify() {
    let banned = common::banned();
    for (width, height) in [(3, 3), (4, 3), (4, 4), (5, 4), (5, 5)] {
        let spec = spec(width, height, &[]);
        for seed in 1..=4 {
            let puzzle = generate(&spec, &Options::seeded(seed)).unwrap();
            let violations = verify(&puzzle, &banned);
            assert!(
                violations.is_empty(),
                "{width}×{height} seed {seed}: {violations:?}"
            );
            assert_eq!(
                puzzle,
                generate(&spec, &Options::seeded(seed)).unwrap(),
                "not deterministic"
            );
        }
    }
}

#[test]
fn banned_words_are_never_used() {
    let free = generate(&spec(4, 4, &[]), &Options::seeded(5)).unwrap();
    let first = free.words[0].word.to_lowercase();
    let spec = spec(4, 4, &[&first]);
    let puzzle = generate(&spec, &Options::seeded(5)).unwrap();
    assert!(
        puzzle.words.iter().all(|w| w.word.to_lowercase() != first),
        "{first} used"
    );
}

#[test]
fn german_rectangles_verify() {
    let banned = common::banned();
    let list = common::german_text();
    for (width, height) in [(4, 4), (5, 4), (5, 5)] {
        let spec = spec_from("ngerman", &list, width, height, &[]);
        for seed in 1..=2 {
            let puzzle = generate(&spec, &Options::seeded(seed)).unwrap();
            let violations = verify(&puzzle, &banned);
            assert!(
                violations.is_empty(),
                "{width}×{height} seed {seed}: {violations:?}"
            );
        }
    }
}

/// Offensive words read nowhere in the block (issue 12): not as listed
/// words and not along a diagonal or backwards either.
#[test]
fn banned_words_read_nowhere_in_the_block() {
    let free = generate(&spec(4, 4, &[]), &Options::seeded(5)).unwrap();
    // The main diagonal, backwards: no listed word, only a reading.
    let diagonal: String = (0..4).rev().map(|i| free.grid[i][i].unwrap()).collect();
    let banned = diagonal.to_lowercase();
    assert!(
        !verify(&free, std::slice::from_ref(&diagonal)).is_empty(),
        "the verifier sees it"
    );
    let spec = spec(4, 4, &[&banned]);
    let puzzle = generate(&spec, &Options::seeded(5)).unwrap();
    assert_ne!(puzzle.grid, free.grid);
    let violations = verify(&puzzle, std::slice::from_ref(&diagonal));
    assert!(violations.is_empty(), "{diagonal}: {violations:?}");
}

/// A batch never repeats a word: the later rectangles draw from what the
/// earlier ones left.
#[test]
fn a_batch_repeats_no_word() {
    let spec = spec(4, 4, &[]);
    let options = Options {
        seed: 3,
        time_limit: std::time::Duration::from_secs(20),
        cancel: None,
    };
    let batch =
        gridpress::generate::rectangle::generate_batch(&spec, &options, 6, |_, _| {}).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for (i, p) in batch.iter().enumerate() {
        assert!(verify(p, &[]).is_empty(), "rectangle {i}");
        for w in &p.words {
            assert!(
                seen.insert(w.word.clone()),
                "{} again in rectangle {i}",
                w.word
            );
        }
    }
    assert_eq!(batch[0], generate(&spec, &options).unwrap());
}

/// Lock and regenerate (issue 29): the rows and columns the editor keeps
/// (pre-assigned words that fill their line) stay where they are in every
/// new rectangle; the rest is made anew, verified against the request; a
/// kept word that fills no line is refused by name.
#[test]
fn kept_rows_and_columns_stay_when_generating_anew() {
    use gridpress::model::{Direction, PreassignedWord, Word};
    use gridpress::verify::verify_against;
    for (width, height) in [(5, 5), (4, 6)] {
        let spec = spec(width, height, &[]);
        let first = generate(&spec, &Options::seeded(1)).unwrap();
        let row = first
            .words
            .iter()
            .find(|w| w.direction == Direction::E)
            .unwrap();
        let column = first
            .words
            .iter()
            .rfind(|w| w.direction == Direction::S)
            .unwrap();
        let mut locked = spec.clone();
        for w in [row, column] {
            locked.preassigned_words.push(PreassignedWord {
                word: Word::new(&w.display, None, UmlautMode::Keep).unwrap(),
                start: w.start,
                direction: w.direction,
            });
        }
        for seed in 2..=4 {
            let again = generate(&locked, &Options::seeded(seed)).unwrap();
            assert!(verify(&again, &common::banned()).is_empty());
            assert!(
                verify_against(&again, &locked).is_empty(),
                "{width}×{height} seed {seed}"
            );
            for w in [row, column] {
                assert!(
                    again.words.iter().any(|n| n.word == w.word
                        && n.start == w.start
                        && n.direction == w.direction),
                    "{width}×{height} seed {seed}: {} kept",
                    w.word
                );
            }
        }
        // A row and a column may leave one block (SWAMP and PREYS do);
        // the first row alone leaves many: the rest is made anew.
        let mut one_row = spec.clone();
        one_row.preassigned_words = locked.preassigned_words[..1].to_vec();
        let different = (2..=4)
            .map(|seed| generate(&one_row, &Options::seeded(seed)).unwrap())
            .inspect(|again| assert_eq!(again.words[0].word, row.word))
            .filter(|again| again.grid != first.grid)
            .count();
        assert!(different > 0, "{width}×{height}: the rest made anew");
    }
    let mut odd = spec(5, 5, &[]);
    odd.preassigned_words.push(PreassignedWord {
        word: Word::new("cat", None, UmlautMode::Keep).unwrap(),
        start: gridpress::model::Pos::new(1, 1),
        direction: Direction::E,
    });
    let refused = generate(&odd, &Options::seeded(1)).unwrap_err().to_string();
    assert!(
        refused.contains("cat") && refused.contains("does not fill"),
        "{refused}"
    );
}

/// Vocabulary priority (issue 36): a short first list (everyday five-letter
/// words, too few for a 5×5 block alone) before all of `wamerican`: the
/// block takes as many words of the first list as it finds, not the
/// general list's at random (before: 0–3 of 10, median 0.5; now 4–7).
#[test]
fn the_first_vocabulary_comes_first_when_later_ones_join() {
    use gridpress::model::Language;
    use gridpress::model::lexicon::zipf;
    let general = spec(5, 5, &[]);
    let everyday: Vec<gridpress::model::Word> = general.vocabularies[0]
        .words
        .iter()
        .filter(|w| w.printed.chars().all(|c| c.is_ascii_lowercase()))
        .filter(|w| zipf(&w.printed, Language::English) >= 4.6)
        .cloned()
        .collect();
    assert!(everyday.len() > 300, "{}", everyday.len());
    let mut both = general.clone();
    both.vocabularies.insert(
        0,
        SpecVocabulary {
            name: "everyday".into(),
            must_use: false,
            words: everyday,
            lines: Default::default(),
        },
    );
    let mut firsts = Vec::new();
    for seed in 1..=6 {
        let puzzle = generate(&both, &Options::seeded(seed)).unwrap();
        assert!(verify(&puzzle, &common::banned()).is_empty());
        firsts.push(
            puzzle
                .words
                .iter()
                .filter(|w| w.vocabulary == "everyday")
                .count(),
        );
    }
    firsts.sort();
    assert!(firsts[2] >= 3, "words of the first list: {firsts:?}");
}
