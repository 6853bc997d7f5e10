//! English glosses from WordNet 3.0 (Debian's `wordnet-base`, WordNet
//! licence): per lemma, the first clause of its most frequent sense's
//! definition, when it is short enough to print in a clue cell ("mutual
//! promise to marry", "brightest star in Auriga").

use super::spec::Language;
use super::wiktionary::{Glosses, ShortForm};
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

/// Where Debian's `wordnet-base` puts the database.
pub const WORDNET_DIR: &str = "/usr/share/wordnet";

/// The parts of speech, by their file suffix.
const PARTS: [&str; 4] = ["noun", "verb", "adj", "adv"];

/// Short glosses per lemma (lower case, spaces for WordNet's `_`), each
/// at most `max_chars` characters.
pub fn short_glosses(dir: &Path, max_chars: usize) -> std::io::Result<HashMap<String, String>> {
    Ok(first_glosses(dir)?
        .into_iter()
        .filter_map(|(lemma, (_, gloss, _))| short_gloss(&gloss, max_chars).map(|g| (lemma, g)))
        .collect())
}

/// Each lemma's most frequent sense as [`Glosses`]: its definition's first
/// clause, which tells which MyThes sense is the main one (SANG is a
/// verb's past before it is "American ginseng"). Senses opening with a
/// usage label ("(slang) …") are left out.
pub fn first_senses(dir: &Path) -> std::io::Result<Glosses> {
    let short_forms = short_forms(dir)?;
    // A sense never met in WordNet's tagged texts is first by its number
    // only (LEE: "United States filmmaker").
    let senses: Vec<(String, FirstSense)> = first_glosses(dir)?
        .into_iter()
        .filter(|(_, (tagged, _, _))| *tagged > 0)
        .collect();
    let synonyms = senses
        .iter()
        .map(|(lemma, (_, _, words))| (lemma.clone(), words.clone()))
        .collect();
    Ok(Glosses::new(
        Language::English,
        senses.into_iter().filter_map(|(lemma, (_, gloss, _))| {
            let first = gloss.split(';').next()?.trim().to_string();
            (!first.starts_with('(') && !first.is_empty()).then_some((lemma, first))
        }),
    )
    .with_short_forms(short_forms)
    .with_synonyms(synonyms))
}

/// Lemmas (lower case) that WordNet spells as short forms in some synset
/// (at most six letters, two or more of them capitals: BSE, USAF, EdD,
/// tRNA), each with that synset's other words (lower case, spaces): the
/// clues that read as its expansion. MyThes writes every entry in lower
/// case, so "bse" = "mad cow disease" printed without "abbr." (a
/// 2026-11-27 audit: BSE, USAF, EDD, DOI, TRNA); a word with a short
/// form's sense among others (WIMP, BAR, SEAL) is one only in that
/// synset's clues.
pub fn short_forms(dir: &Path) -> std::io::Result<HashMap<String, ShortForm>> {
    let mut found: HashMap<String, HashSet<String>> = HashMap::new();
    let mut plain: HashSet<String> = HashSet::new();
    for name in PARTS {
        let data = std::fs::read(dir.join(format!("data.{name}")))?;
        for line in data.split(|b| *b == b'\n') {
            let line = String::from_utf8_lossy(line);
            if line.starts_with(' ') {
                continue;
            }
            // offset lex_filenum ss_type w_cnt (word lex_id)…
            let fields: Vec<&str> = line.split_whitespace().collect();
            let Some(count) = fields
                .get(3)
                .and_then(|c| usize::from_str_radix(c, 16).ok())
            else {
                continue;
            };
            let words: Vec<&str> = fields
                .iter()
                .skip(4)
                .step_by(2)
                .take(count)
                .copied()
                .collect();
            for word in &words {
                let letters = word.chars().all(|c| c.is_ascii_alphabetic());
                let capitals = word.chars().filter(char::is_ascii_uppercase).count();
                if capitals < 2 {
                    plain.insert(word.to_lowercase());
                }
                if letters && word.len() <= 6 && capitals >= 2 {
                    found.entry(word.to_lowercase()).or_default().extend(
                        words
                            .iter()
                            .filter(|w| w != &word)
                            .map(|w| w.replace('_', " ").to_lowercase()),
                    );
                }
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|(word, expansions)| {
            let only = !plain.contains(&word);
            (word, ShortForm { only, expansions })
        })
        .collect())
}

/// A lemma's most frequent sense: its tagged count, definition and the
/// synset's other words (lower case).
type FirstSense = (u32, String, Vec<String>);

/// Per lemma (lower case, spaces for WordNet's `_`) the whole definition
/// of the first sense of the part of speech with the most tagged senses
/// (WordNet orders senses by frequency), with that part's tagged count.
fn first_glosses(dir: &Path) -> std::io::Result<HashMap<String, FirstSense>> {
    // lemma → (tagged sense count, part, offset of its first synset)
    let mut best: HashMap<String, (u32, usize, u64)> = HashMap::new();
    for (part, name) in PARTS.iter().enumerate() {
        let index = std::fs::read(dir.join(format!("index.{name}")))?;
        for line in index.split(|b| *b == b'\n') {
            let line = String::from_utf8_lossy(line);
            if line.starts_with(' ') || line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            // lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offsets…
            let Some(pointers) = fields.get(3).and_then(|p| p.parse::<usize>().ok()) else {
                continue;
            };
            let tagged = fields
                .get(5 + pointers)
                .and_then(|t| t.parse::<u32>().ok())
                .unwrap_or(0);
            let Some(offset) = fields.get(6 + pointers).and_then(|o| o.parse::<u64>().ok()) else {
                continue;
            };
            let lemma = fields[0].replace('_', " ");
            let entry = best.entry(lemma).or_insert((tagged, part, offset));
            if tagged > entry.0 {
                *entry = (tagged, part, offset);
            }
        }
    }
    let mut files = Vec::new();
    for name in PARTS {
        files.push(std::fs::File::open(dir.join(format!("data.{name}")))?);
    }
    let mut glosses = HashMap::new();
    let mut line = Vec::new();
    for (lemma, (tagged, part, offset)) in best {
        let file = &mut files[part];
        file.seek(SeekFrom::Start(offset))?;
        line.clear();
        BufReader::new(file.take(4096)).read_until(b'\n', &mut line)?;
        let text = String::from_utf8_lossy(&line);
        if let Some((head, gloss)) = text.split_once('|') {
            // offset lex_filenum ss_type w_cnt (word lex_id)…
            let fields: Vec<&str> = head.split_whitespace().collect();
            let count = fields
                .get(3)
                .and_then(|c| usize::from_str_radix(c, 16).ok())
                .unwrap_or(0);
            let synonyms = fields
                .iter()
                .skip(4)
                .step_by(2)
                .take(count)
                .map(|w| {
                    // Adjectives carry their position: "asleep(p)".
                    let w = w.split('(').next().unwrap_or(w);
                    w.replace('_', " ").to_lowercase()
                })
                .filter(|w| *w != lemma)
                .collect();
            glosses.insert(lemma, (tagged, gloss.trim().to_string(), synonyms));
        }
    }
    Ok(glosses)
}

/// The first clause of a gloss without a leading article, register notes
/// in parentheses or quoted examples; `None` when longer than `max_chars`.
fn short_gloss(gloss: &str, max_chars: usize) -> Option<String> {
    let first = gloss.split(';').next()?.trim();
    if first.contains('"') || first.contains('(') {
        return None;
    }
    let first = ["a ", "an ", "the "]
        .iter()
        .find_map(|a| first.strip_prefix(a))
        .unwrap_or(first)
        .trim();
    // A fragment ("of southern Asia", "not only so, but") names nothing.
    let opening = first.split_whitespace().next().unwrap_or_default();
    if FRAGMENT_OPENINGS.contains(&opening) {
        return None;
    }
    (!first.is_empty() && first.chars().count() <= max_chars).then(|| first.to_string())
}

/// First words of glosses that are fragments, not names of the thing.
const FRAGMENT_OPENINGS: [&str; 14] = [
    "of", "in", "to", "not", "with", "used", "by", "for", "from", "at", "on", "or", "and", "being",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glosses_are_trimmed_to_their_first_clause() {
        assert_eq!(
            short_gloss(" a mutual promise to marry; \"a long betrothal\"", 26).as_deref(),
            Some("mutual promise to marry")
        );
        assert_eq!(short_gloss("(slang) a neighborhood", 26), None);
        assert_eq!(short_gloss("of southern Asia; used in research", 26), None);
        assert_eq!(
            short_gloss("the brightest star in Auriga", 26).as_deref(),
            Some("brightest star in Auriga")
        );
        assert_eq!(
            short_gloss("a very long definition that goes on and on", 26),
            None
        );
    }
}
