//! How common a word is: the Zipf frequency (log10 of the occurrences per
//! billion words) from the shipped lists derived from `wordfreq`
//! (`derive_frequency.py`), read once per process.

use crate::model::spec::Language;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The Zipf frequency from which an answer counts as familiar: the issue's
/// measure of "words of everyday German/English" (zipf ≥ 2.5). At 2.5 the
/// German thesaurus keeps 23,900 of its 68,100 answers (KURVE 4.1, ETUI
/// 2.9, RHONCHUS and ENAKTIV below 2.0), the English 27,700 of 75,400.
pub const FAMILIAR_ZIPF: f32 = 2.5;

/// Zipf frequency in tenths per lower-case word, borrowing the shipped
/// text (an owned key per line was a tenth of loading a word list).
type Table = HashMap<&'static str, u8>;

fn parse(text: &'static str) -> Table {
    let mut table = HashMap::with_capacity(text.len() / 10);
    let mut tenth = 0u8;
    for line in text.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(z) = line.strip_prefix("zipf ") {
            tenth = (z.parse::<f32>().unwrap_or(0.0) * 10.0).round() as u8;
        } else {
            table.entry(line).or_insert(tenth);
        }
    }
    table
}

fn table(language: Language) -> &'static Table {
    static DE: OnceLock<Table> = OnceLock::new();
    static EN: OnceLock<Table> = OnceLock::new();
    match language {
        Language::German => DE.get_or_init(|| parse(include_str!("frequency-de.txt"))),
        Language::English | Language::FromVocabulary => {
            EN.get_or_init(|| parse(include_str!("frequency-en.txt")))
        }
    }
}

/// The Zipf frequency of a printed word in `language` (for
/// [`Language::FromVocabulary`] the higher of German and English); 0 for
/// a word below the lists' floor of 2.0 or not a single word.
pub fn zipf(printed: &str, language: Language) -> f32 {
    // wordfreq case-folds: "groß" is listed as "gross".
    let key = printed.trim().to_lowercase().replace('ß', "ss");
    let of = |l: Language| table(l).get(key.as_str()).map_or(0.0, |&t| t as f32 / 10.0);
    match language {
        Language::FromVocabulary => of(Language::German).max(of(Language::English)),
        Language::German | Language::English => of(language),
    }
}

/// How well a solver knows a word of a clue: its Zipf frequency, or for a
/// compound the list does not hold, that of its rarer part when both parts
/// are words of the list ("Pflanzenforscher" = Pflanzen + Forscher,
/// "Beutelbär", "Seitengewehr": German prints such compounds as
/// clues every day, and 1,900 familiar answers of the German import had
/// only compound clues). The head may drop a linking -s or -e ("Arbeits-",
/// "Kirch-"); the tail, which names what the compound is, must stand as
/// it is.
pub fn known_zipf(word: &str, language: Language) -> f32 {
    let direct = zipf(word, language);
    // English writes its compounds apart or joins words the list holds;
    // split, its rare words read as compounds ("hebdo" + "mad").
    if direct >= super::FAMILIAR_ZIPF || language != Language::German {
        return direct;
    }
    let lower: Vec<char> = word.trim().to_lowercase().chars().collect();
    if lower.len() < 2 * COMPOUND_PART || !lower.iter().all(|c| c.is_alphabetic()) {
        return direct;
    }
    let known = |part: &[char]| {
        let text: String = part.iter().collect();
        let z = zipf(&text, language);
        (z >= COMPOUND_PART_ZIPF).then_some(z)
    };
    let mut best = direct;
    for split in COMPOUND_PART..=lower.len() - COMPOUND_PART {
        let (head, tail) = lower.split_at(split);
        let Some(tail_zipf) = known(tail) else {
            continue;
        };
        let head_zipf = known(head)
            .or_else(|| {
                head.strip_suffix(&['s'])
                    .filter(|h| h.len() >= COMPOUND_PART)
                    .and_then(known)
            })
            .or_else(|| known(&[head, &['e']].concat()));
        if let Some(head_zipf) = head_zipf {
            best = best.max(head_zipf.min(tail_zipf));
        }
    }
    best
}

/// Where a German compound joins its words, as letter counts before each
/// joint ("Lebensbeschreibung": 6, Lebens|beschreibung): a split whose
/// head and tail are words of the list (Zipf ≥ `COMPOUND_PART_ZIPF`),
/// or two such words themselves, the head maybe with a linking -s or
/// without an -e, as [`known_zipf`] reads compounds. A line break there
/// reads as two words ("Lebens-beschreibung", not "Lebensbe-schreibung",
/// the example). Empty for other languages.
pub fn compound_joints(word: &str, language: Language) -> Vec<usize> {
    if language != Language::German {
        return Vec::new();
    }
    // Remembered per word: a page's clues are fitted at several sizes and
    // the fill tries each clue's fit (finding them anew made a German
    // 13×17 page with its PDF 15 % slower).
    thread_local! {
        static KNOWN: std::cell::RefCell<HashMap<String, Vec<usize>>> =
            std::cell::RefCell::new(HashMap::new());
    }
    if let Some(joints) = KNOWN.with(|known| known.borrow().get(word).cloned()) {
        return joints;
    }
    let joints = german_joints(word);
    KNOWN.with(|known| known.borrow_mut().insert(word.to_string(), joints.clone()));
    joints
}

/// [`compound_joints`] for a German word, found.
fn german_joints(word: &str) -> Vec<usize> {
    let language = Language::German;
    let lower: Vec<char> = word.trim().to_lowercase().chars().collect();
    if lower.len() < 2 * JOINT_PART || !lower.iter().all(|c| c.is_alphabetic()) {
        return Vec::new();
    }
    let word_of_list = |part: &[char]| {
        let text: String = part.iter().collect();
        zipf(&text, language) >= COMPOUND_PART_ZIPF
    };
    let head_word = |head: &[char]| {
        word_of_list(head)
            || head
                .strip_suffix(&['s'])
                .is_some_and(|h| h.len() >= JOINT_PART && word_of_list(h))
            || word_of_list(&[head, &['e']].concat())
    };
    // A part that is a word, or a head word and a tail word.
    let part = |chars: &[char], as_head: bool| {
        let single = if as_head {
            head_word(chars)
        } else {
            word_of_list(chars)
        };
        single
            || chars.len() >= 2 * JOINT_PART
                && (JOINT_PART..=chars.len() - JOINT_PART).any(|at| {
                    let (h, t) = chars.split_at(at);
                    head_word(h)
                        && if as_head {
                            head_word(t)
                        } else {
                            word_of_list(t)
                        }
                })
    };
    let joints: Vec<usize> = (JOINT_PART..=lower.len() - JOINT_PART)
        .filter(|&at| part(&lower[..at], true) && part(&lower[at..], false))
        .collect();
    // Joints closer than a part's length are two readings of one place
    // ("Online|s|tore", "Tiefen|ge|stein" = tief+enge+stein): the list
    // cannot say which is meant, so neither is preferred.
    joints
        .iter()
        .copied()
        .filter(|&at| {
            !joints
                .iter()
                .any(|&o| o != at && o.abs_diff(at) < JOINT_PART)
        })
        .collect()
}

/// The shortest part on either side of a joint, and of the words a part
/// is made of: the frequency list holds three-letter pieces as words
/// ("ung" 3.1, "sch" 4.0, "mer", "zen"), which made "Lebensbeschreib|ung"
/// and "Schmer|zensruf" joints (sch+mer, zen+s+ruf); heads such as "Eis"
/// are left to the patterns.
const JOINT_PART: usize = 4;

/// The shortest part of a compound [`known_zipf`] splits off: three
/// letters keep "Eis", "Tee" and "Uhr" as heads and tails while two-letter
/// parts ("an", "er") would split nearly any word.
const COMPOUND_PART: usize = 3;

/// How common each part of a compound must be: a word of everyday text
/// (Zipf 3). At the familiar 2.5, names and foreign words joined the
/// parts ("hebdo" in "hebdomad"); Beutel, Pflanzen and Marzipan pass.
const COMPOUND_PART_ZIPF: f32 = 3.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_words_are_familiar_and_rare_ones_not() {
        let de = Language::German;
        assert!(zipf("und", de) > 6.0);
        assert!(zipf("Kurve", de) >= 4.0);
        assert!(zipf("Etui", de) >= FAMILIAR_ZIPF);
        assert!(zipf("Rhonchus", de) < FAMILIAR_ZIPF);
        assert!(zipf("house", Language::English) > 5.0);
        // wordfreq writes ß as ss.
        assert!(zipf("Straße", de) > 4.0);
        assert!(zipf("oocyte", Language::English) < FAMILIAR_ZIPF);
        assert_eq!(zipf("Haus", Language::FromVocabulary), zipf("haus", de));
    }

    #[test]
    fn compounds_join_where_their_words_meet() {
        let de = Language::German;
        let joints = compound_joints("Lebensbeschreibung", de);
        assert!(joints.contains(&6) && !joints.contains(&8), "{joints:?}");
        // Three words: both joints ("Frei|körper|kultur").
        let joints = compound_joints("Freikörperkultur", de);
        assert!(joints.contains(&4) && joints.contains(&10), "{joints:?}");
        assert!(!joints.contains(&7), "{joints:?}");
        // Not from three-letter pieces of the list (sch+mer | zen+s+ruf).
        assert!(!compound_joints("Schmerzensruf", de).contains(&6));
        // Two readings of one place: neither.
        assert!(compound_joints("Onlinestore", de).is_empty());
        // A plain word has none, and English none at all.
        assert!(compound_joints("Beschreibung", de).is_empty());
        assert!(compound_joints("Lebensbeschreibung", Language::English).is_empty());
    }

    #[test]
    fn compounds_of_known_words_are_known() {
        let de = Language::German;
        assert!(zipf("Pflanzenforscher", de) < FAMILIAR_ZIPF);
        assert!(known_zipf("Pflanzenforscher", de) >= FAMILIAR_ZIPF);
        assert!(known_zipf("Beutelbär", de) >= FAMILIAR_ZIPF);
        // A linking -s and a dropped -e.
        assert!(known_zipf("Zeitungsstapel", de) >= FAMILIAR_ZIPF);
        assert!(known_zipf("Kirchbank", de) >= FAMILIAR_ZIPF);
        // A known word keeps its own figure; unknown parts stay unknown.
        assert_eq!(known_zipf("Kurve", de), zipf("Kurve", de));
        assert!(known_zipf("Rhonchus", de) < FAMILIAR_ZIPF);
        assert!(known_zipf("Gynander", de) < FAMILIAR_ZIPF);
        assert!(known_zipf("hebdomad", Language::English) < FAMILIAR_ZIPF);
        assert!(known_zipf("hebdomad", de) < FAMILIAR_ZIPF);
    }
}
