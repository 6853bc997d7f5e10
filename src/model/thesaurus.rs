//! Clue vocabularies from a thesaurus: OpenThesaurus' text format (one
//! synonym set per line, `a;b;c`) or MyThes' (LibreOffice's thesauri,
//! e.g. Debian's `mythes-en-us`) turned into `WORD=clue1|clue2` entries,
//! the shortest synonyms as clues, never a clue that contains its answer
//! (nor, from MyThes, an antonym).

use super::vocabulary::{Entry, Lines, Vocabulary};
use super::word::{UmlautMode, Word};
use std::collections::BTreeMap;

/// Clues kept per answer: two or three let the generator vary a puzzle
/// from the next without making the vocabulary file long.
pub const CLUES_PER_WORD: usize = 3;
/// Longest clue in characters: a 13×17 page's clue cell (about 9 mm)
/// holds two lines of about 11 characters at the template's smallest clue
/// type; longer synonyms would shrink below it or need three lines.
pub const MAX_CLUE_CHARS: usize = 22;
/// Longest answer: a magazine page is at most about 20 cells wide.
pub const MAX_ANSWER_LETTERS: usize = 20;

/// Where Debian's `mythes-en-us` puts the English thesaurus.
pub const MYTHES_EN_PATH: &str = "/usr/share/mythes/th_en_US_v2.dat";

/// Where Debian's `openthesaurus-de-text` puts the German thesaurus.
pub const OPENTHESAURUS_PATH: &str = "/usr/share/openthesaurus-de/openthesaurus.txt";

/// Separates alternative clues of one word in the text format.
pub const CLUE_SEPARATOR: char = '|';

/// What an import made and what it left out.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The clue vocabulary, answers sorted.
    pub vocabulary: Vocabulary,
    /// Synonym sets read.
    pub sets: usize,
}

/// Reads either format: MyThes files start with their encoding's name
/// (`UTF-8`) and then `word|count` lines; anything else is read as
/// OpenThesaurus.
pub fn import_any(text: &str, name: &str) -> Imported {
    let mut lines = text.lines();
    let encoding = lines.next().unwrap_or_default().trim();
    let entry = lines.next().unwrap_or_default();
    let mythes = !encoding.contains(';')
        && !encoding.contains('|')
        && entry
            .rsplit_once('|')
            .is_some_and(|(_, n)| n.trim().parse::<usize>().is_ok());
    if mythes {
        import_mythes(text, name)
    } else {
        import_openthesaurus(text, name)
    }
}

/// Reads MyThes' data format: a line with the encoding, then entries of a
/// `word|count` line followed by `count` lines `(pos)|syn|syn…`. Labels
/// like `(generic term)` are dropped; `(antonym)`s are never clues.
pub fn import_mythes(text: &str, name: &str) -> Imported {
    let mut clues = Collected::default();
    let mut sets = 0;
    let mut lines = text.lines().skip(1);
    while let Some(head) = lines.next() {
        let Some((word, count)) = head.rsplit_once('|') else {
            continue;
        };
        let count: usize = count.trim().parse().unwrap_or(0);
        sets += 1;
        let senses: Vec<&str> = lines.by_ref().take(count).collect();
        let synonyms = senses
            .iter()
            .flat_map(|sense| sense.split('|').skip(1))
            .filter(|raw| !raw.contains("(antonym)"))
            .filter_map(clean_term);
        clues.add(word.trim(), synonyms);
    }
    clues.into_imported(name, sets)
}

/// Reads OpenThesaurus' text format. Answers are single words of letters
/// only (two to [`MAX_ANSWER_LETTERS`] grid letters); clues are the other
/// terms of their sets without usage labels like `(ugs.)`, shortest first.
pub fn import_openthesaurus(text: &str, name: &str) -> Imported {
    let mut clues = Collected::default();
    let mut sets = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        sets += 1;
        let terms: Vec<String> = line.split(';').filter_map(clean_term).collect();
        for answer in &terms {
            clues.add(answer, terms.iter().filter(|t| *t != answer).cloned());
        }
    }
    clues.into_imported(name, sets)
}

/// Clues gathered per answer (grid letters → clues, printed form) from
/// any thesaurus format.
#[derive(Default)]
struct Collected(BTreeMap<String, (Vec<String>, String)>);

impl Collected {
    /// Adds `candidates` as clues of `answer` (a one-word answer of
    /// letters only; anything else is skipped): short enough, never one
    /// holding the answer, each once.
    fn add(&mut self, answer: &str, candidates: impl Iterator<Item = String>) {
        let Some(letters) = answer_letters(answer) else {
            return;
        };
        let entry = self
            .0
            .entry(letters.clone())
            .or_insert_with(|| (Vec::new(), answer.to_string()));
        for clue in candidates {
            if clue.chars().count() <= MAX_CLUE_CHARS
                && !gives_away(&clue, &letters)
                && !entry.0.contains(&clue)
            {
                entry.0.push(clue);
            }
        }
    }

    /// The vocabulary: answers with at least one clue, shortest clues
    /// first, at most [`CLUES_PER_WORD`].
    fn into_imported(self, name: &str, sets: usize) -> Imported {
        let entries = self
            .0
            .into_values()
            .filter(|(list, _)| !list.is_empty())
            .map(|(mut list, printed)| {
                list.sort_by_key(|c| (c.chars().count(), c.clone()));
                list.truncate(CLUES_PER_WORD);
                Entry {
                    word: printed,
                    clue: Some(list.join(&CLUE_SEPARATOR.to_string())),
                }
            })
            .collect();
        Imported {
            vocabulary: Vocabulary {
                name: name.to_string(),
                must_use: false,
                entries,
                lines: Lines::Both,
            },
            sets,
        }
    }
}

/// A term without usage labels (`(ugs.)`, `(fachspr.)`, `(von etwas)`)
/// and without abbreviations' ellipses; `None` when nothing usable is left.
fn clean_term(raw: &str) -> Option<String> {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in raw.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let term = out.split_whitespace().collect::<Vec<_>>().join(" ");
    (!term.is_empty() && !term.contains("...") && !term.contains('…')).then_some(term)
}

/// The grid letters of a one-word answer made of letters only.
fn answer_letters(term: &str) -> Option<String> {
    if !term.chars().all(char::is_alphabetic) {
        return None;
    }
    let word = Word::new(term, None, UmlautMode::Keep).ok()?;
    (2..=MAX_ANSWER_LETTERS)
        .contains(&word.letters.len())
        .then(|| word.text())
}

/// Whether a clue holds its answer (in any case, umlauts kept).
pub fn gives_away(clue: &str, answer_letters: &str) -> bool {
    let letters: String = clue
        .chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_uppercase)
        .collect();
    letters.contains(answer_letters)
}

/// The alternative clues of an entry's clue text (`a|b|c`), trimmed.
pub fn alternatives(clue: &str) -> impl Iterator<Item = &str> {
    clue.split(CLUE_SEPARATOR)
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synonym_sets_become_clues_that_never_hold_the_answer() {
        let text = "# comment\nAuto;Wagen;Kraftwagen;Karre (ugs.)\nWagen;Fuhrwerk\nGeld;Moneten (ugs.);Kohle (ugs.);Zaster\nDeputat...;Konzession\n";
        let imported = import_openthesaurus(text, "OpenThesaurus");
        assert_eq!(imported.sets, 4);
        let clue = |w: &str| {
            imported
                .vocabulary
                .entries
                .iter()
                .find(|e| e.word == w)
                .and_then(|e| e.clue.clone())
        };
        assert_eq!(clue("Auto").as_deref(), Some("Karre|Wagen|Kraftwagen"));
        // "Kraftwagen" holds WAGEN: never a clue of Wagen.
        assert_eq!(clue("Wagen").as_deref(), Some("Auto|Karre|Fuhrwerk"));
        assert_eq!(clue("Geld").as_deref(), Some("Kohle|Zaster|Moneten"));
        assert_eq!(clue("Konzession"), None);
        for e in &imported.vocabulary.entries {
            let answer = Word::new(&e.word, None, UmlautMode::Keep).unwrap().text();
            for c in alternatives(e.clue.as_deref().unwrap()) {
                assert!(!gives_away(c, &answer), "{c} gives away {answer}");
            }
        }
    }

    #[test]
    fn mythes_entries_give_clues_without_antonyms() {
        let text = "UTF-8\nhot|2\n(adj)|warm (similar term)|cold (antonym)|heated\n(adj)|spicy|hotness\ncold|1\n(adj)|chilly|hot (antonym)\n";
        let imported = import_any(text, "MyThes");
        assert_eq!(imported.sets, 2);
        let clue = |w: &str| {
            imported
                .vocabulary
                .entries
                .iter()
                .find(|e| e.word == w)
                .and_then(|e| e.clue.clone())
        };
        // "hotness" holds HOT; "cold" is an antonym.
        assert_eq!(clue("hot").as_deref(), Some("warm|spicy|heated"));
        assert_eq!(clue("cold").as_deref(), Some("chilly"));
        // An OpenThesaurus file is still read as one.
        assert_eq!(import_any("Auto;Wagen\n", "x").vocabulary.entries.len(), 2);
    }

    #[test]
    fn labels_and_phrases_are_cleaned() {
        assert_eq!(
            clean_term("(eine Regel) mit den Füßen treten (ugs.)").as_deref(),
            Some("mit den Füßen treten")
        );
        assert_eq!(clean_term("(ugs.)"), None);
        assert_eq!(answer_letters("Verbotenes tun"), None);
        assert_eq!(answer_letters("Öl").as_deref(), Some("ÖL"));
    }
}
