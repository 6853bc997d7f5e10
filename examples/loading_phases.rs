//! Where the README's example spends its time: the phases of loading a
//! word list and making one word search from it (20×20, SOMMERFERIEN,
//! the count chosen, seed 1), in the library calls the command line
//! makes, each timed on its own and printed in milliseconds, with the
//! process's resident memory after it (every new page is a fault the
//! kernel zeroes: a quarter of loading `ngerman` was the kernel's).
//! `cargo run --release --example loading_phases -- LIST` (the README's
//! `/tmp/de.txt`: every alphabetic word of Debian's `wngerman`); run it
//! several times and compare medians.

use gridpress::generate::{Generator, Options};
use gridpress::model::vocabulary::guess_language;
use gridpress::model::word::check_grid_letters;
use gridpress::model::{Mask, PuzzleSpec, SpecVocabulary, UmlautMode, Vocabulary, Word, WordCount};
use gridpress::project::banned_letters;
use std::time::Instant;

/// Prints the time since `since` under `phase` and the resident memory
/// (Linux's `/proc/self/statm`; 0 elsewhere), and starts the next phase.
fn mark(phase: &str, since: &mut Instant) {
    let rss = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |pages| pages * 4096.0 / 1e6);
    println!(
        "{phase:>10} {:7.1} ms {rss:6.1} MB",
        since.elapsed().as_secs_f64() * 1e3
    );
    *since = Instant::now();
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: loading_phases LIST (a word list, one word a line)");
        std::process::exit(2);
    };
    let start = Instant::now();
    let mut since = start;
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    mark("read", &mut since);
    let (vocabulary, _) = Vocabulary::parse_text("list", &bytes, &path).expect("a word list");
    mark("parse", &mut since);
    // The command line names the first entry no grid can take.
    let unusable = vocabulary
        .entries
        .iter()
        .filter(|e| check_grid_letters(&e.word).is_err())
        .count();
    mark("check", &mut since);
    let language = guess_language(std::slice::from_ref(&vocabulary));
    mark("language", &mut since);
    let (words, _) = vocabulary.words(UmlautMode::Keep);
    mark("words", &mut since);
    let mut spec = PuzzleSpec::new(
        Mask::rectangle(20, 20).expect("a 20×20 grid"),
        vec![SpecVocabulary {
            name: "list".into(),
            must_use: false,
            words,
            lines: Default::default(),
        }],
    );
    spec.pick = Some(WordCount::Auto);
    spec.solution = Some(Word::new("Sommerferien", None, UmlautMode::Keep).expect("a word"));
    spec.banned = banned_letters(std::iter::empty(), UmlautMode::Keep).expect("built-in lists");
    spec.language = language;
    let generator = Generator::new(spec).expect("a request that can work");
    mark("prepare", &mut since);
    let puzzle = generator.generate(&Options::seeded(1)).expect("a puzzle");
    mark("puzzle", &mut since);
    drop((puzzle, generator, vocabulary, bytes));
    mark("free", &mut since);
    mark("total", &mut { start });
    if unusable > 0 {
        eprintln!("({unusable} entries no grid can take)");
    }
}
