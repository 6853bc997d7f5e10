//! Clue vocabularies from a thesaurus: OpenThesaurus' text format (one
//! synonym set per line, `a;b;c`) or MyThes' (LibreOffice's thesauri,
//! e.g. Debian's `mythes-en-us`) turned into `WORD {tags}=clue1|clue2`
//! entries: usage labels kept as tags, the closest and most familiar
//! synonyms as clues, never a clue that contains its answer, is vulgar or
//! sensitive, a bare number or symbol, or a hypernym that names nothing.

use super::clue_text::without_parentheses;
use super::lexicon::{FAMILIAR_ZIPF, closed_class, known_zipf, sensitive, zipf};
use super::spec::Language;
use super::tags::{Tag, looks_abbreviated, marked_clue};
use super::vocabulary::{Entry, Lines, Vocabulary};
use super::wiktionary::Glosses;
use super::word::{UmlautMode, Word};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Clues kept per answer: two or three let the generator vary a puzzle
/// from the next without making the vocabulary file long.
pub const CLUES_PER_WORD: usize = 3;
pub use super::clue_text::MAX_CLUE_CHARS;
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
    /// The format the file was read as.
    pub format: ThesaurusFormat,
    /// Answers left out because every clue was unusable, or the answer
    /// itself is vulgar, sensitive or shorter than [`MIN_ANSWER_LETTERS`].
    pub left_out: usize,
    /// Synonym sets (or MyThes senses) longer than [`MAX_SET_TERMS`], read
    /// only up to it.
    pub cut_sets: usize,
    /// The line at which reading stopped, the file holding more synonym
    /// pairs than [`MAX_SYNONYM_PAIRS`].
    pub stopped_at: Option<usize>,
}

/// Answer–clue pairs an OpenThesaurus import weighs at most (each term
/// of a set clues every other): the German thesaurus has 0.96 million
/// and imports in 1.4 s, so four times that bounds a damaged or hostile
/// file to a few seconds.
pub const MAX_SYNONYM_PAIRS: usize = 4_000_000;

/// Terms of one synonym set (or MyThes sense) read at most. The largest
/// real ones: OpenThesaurus 90 terms, MyThes 393; a set of 5,000 (a
/// damaged file) took over 60 s, every term cluing every other.
pub const MAX_SET_TERMS: usize = 500;

/// The thesaurus formats Gridpress reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThesaurusFormat {
    /// OpenThesaurus' text format: `a;b (ugs.);c` per line.
    OpenThesaurus,
    /// MyThes (LibreOffice): `word|count` then `(pos)|syn|syn` lines.
    MyThes,
}

impl ThesaurusFormat {
    /// What a file of this format looks like, for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            ThesaurusFormat::OpenThesaurus => {
                "OpenThesaurus' text format (one synonym set per line, terms separated by ';', e.g. Debian's openthesaurus-de-text)"
            }
            ThesaurusFormat::MyThes => {
                "MyThes' data format (an encoding line, then 'word|count' and '(pos)|synonym|synonym' lines, e.g. Debian's mythes-en-us)"
            }
        }
    }
}

/// Answers shorter than this are left out of imports: a thesaurus'
/// two-letter terms are nearly all abbreviations (the German one: 129 of
/// 136 — CS, TC, KM, NC, SU, PK); short answers come from the shipped
/// short-answer lists, clued as print clues them.
pub const MIN_ANSWER_LETTERS: usize = 3;

impl Imported {
    /// The import as a result: an import that yields no answer is an
    /// error naming the format it expected.
    pub fn nonempty(self, file: &str) -> Result<Imported, String> {
        if self.vocabulary.entries.is_empty() {
            return Err(format!(
                "{file}: no answer with a usable clue from {} lines read as {}; give a file in {} or {}",
                self.sets,
                match self.format {
                    ThesaurusFormat::OpenThesaurus => "OpenThesaurus",
                    ThesaurusFormat::MyThes => "MyThes",
                },
                ThesaurusFormat::OpenThesaurus.describe(),
                ThesaurusFormat::MyThes.describe()
            ));
        }
        Ok(self)
    }
}

/// Reads either format: MyThes files start with their encoding's name
/// (`UTF-8`) and then `word|count` lines; anything else is read as
/// OpenThesaurus.
pub fn import_any(text: &str, name: &str) -> Imported {
    import_any_with(text, name, None)
}

/// [`import_any`], with English glosses (see [`crate::model::wordnet`])
/// as the first clue of MyThes answers that have a short one.
pub fn import_any_with(
    text: &str,
    name: &str,
    glosses: Option<&HashMap<String, String>>,
) -> Imported {
    if is_mythes(text) {
        import_mythes_with(text, name, glosses)
    } else {
        import_openthesaurus(text, name)
    }
}

/// Reads either format with every gloss source there is: WordNet's for
/// MyThes where Debian's `wordnet-base` is installed, Wiktionary's
/// (shipped) for OpenThesaurus. What `gridpress thesaurus` and the app
/// import with.
pub fn import_with_glosses(text: &str, name: &str) -> Imported {
    if is_mythes(text) {
        let wordnet = std::path::Path::new(crate::model::wordnet::WORDNET_DIR);
        let glosses = wordnet
            .is_dir()
            .then(|| crate::model::wordnet::short_glosses(wordnet, MAX_CLUE_CHARS).ok())
            .flatten();
        let senses = wordnet
            .is_dir()
            .then(|| crate::model::wordnet::first_senses(wordnet).ok())
            .flatten();
        import_mythes_senses(text, name, glosses.as_ref(), senses.as_ref())
    } else {
        import_openthesaurus_with(text, name, Some(crate::model::wiktionary::german()))
    }
}

/// Whether `text` is in MyThes' format: its encoding's name on the first
/// line, then a `word|count` line.
fn is_mythes(text: &str) -> bool {
    let mut lines = text.lines();
    let encoding = lines.next().unwrap_or_default().trim();
    let entry = lines.next().unwrap_or_default();
    !encoding.contains(';')
        && !encoding.contains('|')
        && entry
            .rsplit_once('|')
            .is_some_and(|(_, n)| n.trim().parse::<usize>().is_ok())
}

/// Reads MyThes' data format: a line with the encoding, then entries of a
/// `word|count` line followed by `count` lines `(pos)|syn|syn…`.
/// `(antonym)`s are never clues, nor `(generic term)`s: a hypernym so
/// wide it names nothing ("metal", "alphabetic character").
pub fn import_mythes(text: &str, name: &str) -> Imported {
    import_mythes_with(text, name, None)
}

/// [`import_mythes`] with glosses: a short definition clues better than
/// MyThes' synonyms (SON = "boy", TACO = "greaser"), so it comes first.
pub fn import_mythes_with(
    text: &str,
    name: &str,
    glosses: Option<&HashMap<String, String>>,
) -> Imported {
    import_mythes_senses(text, name, glosses, None)
}

/// [`import_mythes_with`] with WordNet's first senses: a MyThes sense that
/// the word's most frequent WordNet sense names weighs `SENSE_FACTOR`
/// times, and the terms it names count once more.
pub fn import_mythes_senses(
    text: &str,
    name: &str,
    glosses: Option<&HashMap<String, String>>,
    first_senses: Option<&Glosses>,
) -> Imported {
    let mut collected = Collected::new(Language::English);
    collected.senses = first_senses;
    let mut sets = 0;
    let mut lines = text.lines().skip(1);
    while let Some(head) = lines.next() {
        let Some((word, count)) = head.rsplit_once('|') else {
            continue;
        };
        let count: usize = count.trim().parse().unwrap_or(0);
        sets += 1;
        let senses: Vec<&str> = lines.by_ref().take(count).collect();
        let answer = Term::parse(word);
        if let (Some(answer), Some(gloss)) = (
            &answer,
            glosses.and_then(|g| g.get(&word.trim().to_lowercase())),
        ) && let Some(term) = Term::parse(gloss)
        {
            collected.add_clues(answer, std::slice::from_ref(&term), GLOSS_AFFINITY);
        }
        for sense in senses {
            if sense.split('|').count() > MAX_SET_TERMS + 1 {
                collected.cut_sets += 1;
            }
            // A sense named by a sensitive generic term ("cocaine (generic
            // term)" under SNOW) is that term's sense.
            if sense
                .split('|')
                .skip(1)
                .filter(|raw| raw.contains("(generic term)"))
                .filter_map(Term::parse)
                .any(|t| sensitive(Language::English).matches(&t.text))
            {
                continue;
            }
            let terms: Vec<Term> = sense
                .split('|')
                .skip(1)
                .take(MAX_SET_TERMS)
                .filter(|raw| !raw.contains("(antonym)") && !raw.contains("(generic term)"))
                .filter_map(Term::parse)
                .collect();
            if let Some(answer) = &answer {
                collected.add_set_by_first_sense(answer, &terms, first_senses);
            }
        }
    }
    collected.into_imported(name, sets, ThesaurusFormat::MyThes)
}

/// Reads OpenThesaurus' text format. Answers are single words of letters
/// only ([`MIN_ANSWER_LETTERS`] to [`MAX_ANSWER_LETTERS`] grid letters),
/// tagged from their labels (`(Abkürzung)` → abbr, `(ugs.)` →
/// colloquial …; see [`Tag::from_openthesaurus`]); clues are the other
/// terms of their sets without labels.
pub fn import_openthesaurus(text: &str, name: &str) -> Imported {
    import_openthesaurus_with(text, name, None)
}

/// [`import_openthesaurus`] with Wiktionary's first senses (see
/// [`crate::model::wiktionary`]): a set that the first sense names weighs
/// `SENSE_FACTOR` times, and a short first sense is a clue of its own.
pub fn import_openthesaurus_with(text: &str, name: &str, glosses: Option<&Glosses>) -> Imported {
    let mut collected = Collected::new(Language::German);
    collected.dictionary = glosses;
    collected.senses = glosses;
    let mut glossed = BTreeSet::new();
    let mut sets = 0;
    let mut pairs = 0usize;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let size = line.split(';').count().min(MAX_SET_TERMS);
        pairs += size * size;
        if pairs > MAX_SYNONYM_PAIRS {
            collected.stopped_at = Some(number + 1);
            break;
        }
        sets += 1;
        if line.split(';').count() > MAX_SET_TERMS {
            collected.cut_sets += 1;
        }
        let terms: Vec<Term> = line
            .split(';')
            .take(MAX_SET_TERMS)
            .filter_map(Term::parse)
            .collect();
        for answer in &terms {
            collected.add_set_by_first_sense(answer, &terms, glosses);
            let Some(glosses) = glosses else { continue };
            if glossed.insert(answer.text.clone())
                && let Some(clue) = glosses.clue(&answer.text).and_then(|c| Term::parse(&c))
            {
                collected.add_plain_clues(answer, std::slice::from_ref(&clue), WIKTIONARY_AFFINITY);
            }
        }
    }
    collected.into_imported(name, sets, ThesaurusFormat::OpenThesaurus)
}

/// A thesaurus term: its text without labels and the tags its labels
/// (and its spelling: LZB, kg) give.
#[derive(Clone, Debug, PartialEq)]
struct Term {
    text: String,
    tags: Vec<Tag>,
}

impl Term {
    fn parse(raw: &str) -> Option<Term> {
        let text = clean_term(raw)?;
        let mut tags: Vec<Tag> = labels(raw)
            .flat_map(|l| l.split(',').map(str::trim).collect::<Vec<_>>())
            .filter_map(Tag::from_openthesaurus)
            .collect();
        if !tags.iter().any(|t| t.is_short_form()) && looks_abbreviated(&text) {
            tags.push(Tag::Abbreviation);
        }
        tags.sort();
        tags.dedup();
        Some(Term { text, tags })
    }

    fn unprintable(&self) -> bool {
        self.tags.iter().any(|t| t.is_unprintable())
    }
}

/// The parenthesised labels of a raw term.
fn labels(raw: &str) -> impl Iterator<Item = &str> {
    raw.split('(')
        .skip(1)
        .filter_map(|part| part.split_once(')').map(|(label, _)| label))
}

/// Whether `clue` is the expansion of `answer` word by word: its words'
/// initials spell it (ASAP = "as soon as possible", RBI = "run batted
/// in"): MyThes writes such answers in lower case. (Letters in order
/// anywhere in the clue, the rule before, took 28 words for short forms
/// on the English import: MAR = "abbr.: make imperfect", PRAM, SOB.)
fn initials_spell(answer: &str, clue: &str) -> bool {
    let initials: String = clue
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter_map(|w| w.chars().next())
        .flat_map(char::to_lowercase)
        .collect();
    initials.chars().count() >= 2 && initials == answer.to_lowercase()
}

/// Too wide to clue anything: a clue must name its answer.
const WIDE_CLUES: [&str; 43] = [
    "ding",
    "sache",
    "fall",
    "art",
    "form",
    "teil",
    "stück",
    "zustand",
    "status",
    "gegenstand",
    "objekt",
    "element",
    "einheit",
    "person",
    "mensch",
    "etwas",
    "alle",
    "alles",
    "wenn",
    "dies",
    "thing",
    "form",
    "status",
    "day",
    "metal",
    "object",
    "entity",
    "act",
    "state",
    "group",
    "part",
    "person",
    "matter",
    "unit",
    "kind",
    "type",
    "word",
    "being",
    "one",
    "it",
    "cardinal",
    "ordinal",
    // Every colour's adjective in MyThes (CORAL, DUN, AUBURN).
    "chromatic",
];

/// Where a clue's sense comes from: a synonym set (with the register
/// the set gives the word) or the word's plain first sense.
#[derive(Clone, Copy)]
enum Sense {
    OfTheSet,
    Plain,
}

/// An answer's tags and its candidate clues with their affinity.
type Candidates = (Vec<Tag>, Vec<Candidate>);

/// A clue for an answer: the term, its affinity, and the register tags the
/// answer carries in the sets it shares with the clue (NEST is colloquial
/// for "Kaff", not for "Horst"; shared in several sets, those of all).
#[derive(Clone, Debug)]
struct Candidate {
    term: Term,
    affinity: f32,
    sense: Vec<Tag>,
    /// Whether a synonym set gave it (its `sense` then is the sets'), or
    /// only a gloss.
    in_sets: bool,
}

/// A register tag (see [`Tag::is_register`]).
fn is_register(tag: &Tag) -> bool {
    tag.is_register()
}

/// Per answer: its printed form, tags, and candidate clues with their
/// affinity (shared sets, smaller sets weighing more).
struct Collected<'g> {
    language: Language,
    /// The dictionary whose headwords an answer must be (see
    /// `into_imported`), if there is one.
    dictionary: Option<&'g Glosses>,
    /// The first senses that confirm a clue (see [`Glosses::confirms`]):
    /// Wiktionary's for German, WordNet's for English.
    senses: Option<&'g Glosses>,
    answers: BTreeMap<String, Candidates>,
    left_out: usize,
    /// Answers of a closed word class, left out (see `add_clues`).
    closed: BTreeSet<String>,
    /// Sets read only up to [`MAX_SET_TERMS`].
    cut_sets: usize,
    stopped_at: Option<usize>,
    /// (answer, term) pairs a first sense named, counted once.
    named_pairs: BTreeSet<(String, String)>,
}

impl<'g> Collected<'g> {
    fn new(language: Language) -> Collected<'g> {
        Collected {
            language,
            dictionary: None,
            senses: None,
            answers: BTreeMap::new(),
            left_out: 0,
            closed: BTreeSet::new(),
            cut_sets: 0,
            stopped_at: None,
            named_pairs: BTreeSet::new(),
        }
    }

    /// Adds the set `terms` as clues of `answer` (a one-word answer of
    /// letters only; anything else is skipped).
    fn add_set(&mut self, answer: &Term, terms: &[Term], factor: f32) {
        // A set holding a sensitive term is that term's sense: its other
        // words clue nothing from it (SCHNEE = "ugs.: Koks" beside
        // "Kokain"; audit of 2026-11-26).
        let list = sensitive(self.language);
        if terms.iter().any(|t| list.matches(&t.text)) {
            return;
        }
        // Smaller sets are closer synonyms: KURVE shares a four-term set
        // with Biegung and Krümmung, but Graf only through a wide one.
        let weight = factor / ((terms.len().max(2) - 1) as f32).sqrt();
        self.add_clues(answer, terms, weight);
    }

    /// [`add_set`](Self::add_set) weighed by the answer's first sense (if
    /// there are first senses): a
    /// set it names weighs [`SENSE_FACTOR`] times, and a term it names
    /// counts once more ([`NAMED_AFFINITY`], plain), except in a set that
    /// gives the word a register (perplex is `(ugs.)` beside "überrascht":
    /// not the plain first sense) or holds a sensitive term (no clue).
    fn add_set_by_first_sense(&mut self, answer: &Term, terms: &[Term], first: Option<&Glosses>) {
        let Some(first) = first else {
            self.add_set(answer, terms, 1.0);
            return;
        };
        let others = terms
            .iter()
            .filter(|t| t.text != answer.text)
            .map(|t| t.text.as_str());
        let factor = if first.names_sense(&answer.text, others) {
            SENSE_FACTOR
        } else {
            1.0
        };
        self.add_set(answer, terms, factor);
        let list = sensitive(self.language);
        if answer.tags.iter().any(is_register) || terms.iter().any(|t| list.matches(&t.text)) {
            return;
        }
        let named: Vec<Term> = terms
            .iter()
            .filter(|t| t.text != answer.text && first.names_term(&answer.text, &t.text))
            .filter(|t| {
                self.named_pairs
                    .insert((answer.text.clone(), t.text.clone()))
            })
            .cloned()
            .collect();
        self.add_plain_clues(answer, &named, NAMED_AFFINITY);
    }

    /// Adds `terms` (all but the answer itself) as clues of `answer`, each
    /// with `weight` of affinity.
    fn add_clues(&mut self, answer: &Term, terms: &[Term], weight: f32) {
        self.add_clues_in(answer, terms, weight, Sense::OfTheSet);
    }

    /// Adds clues named by the word's plain first sense (Wiktionary's,
    /// unlabelled): they carry no register, and they leave the word's own
    /// tags as its synonym sets give them (NEE stays colloquial).
    fn add_plain_clues(&mut self, answer: &Term, terms: &[Term], weight: f32) {
        self.add_clues_in(answer, terms, weight, Sense::Plain);
    }

    fn add_clues_in(&mut self, answer: &Term, terms: &[Term], weight: f32, of: Sense) {
        let Some(letters) = answer_letters(&answer.text) else {
            return;
        };
        // Articles, pronouns, prepositions and auxiliaries are clued from
        // the short-answer list, as print clues them.
        if closed_class(&answer.text, self.language) {
            self.closed.insert(answer.text.clone());
            return;
        }
        let dictionary = self.dictionary;
        let entry = self
            .answers
            .entry(answer.text.clone())
            .or_insert_with(|| (answer.tags.clone(), Vec::new()));
        // A register holds for the word only when every set says so; a
        // set's own register goes with the clues it gives.
        let sense: Vec<Tag> = match of {
            Sense::OfTheSet => {
                entry
                    .0
                    .retain(|t| !is_register(t) || answer.tags.contains(t));
                answer.tags.iter().copied().filter(is_register).collect()
            }
            Sense::Plain => Vec::new(),
        };
        // A word tagged vulgar anywhere stays tagged.
        for tag in &answer.tags {
            if tag.is_unprintable() && !entry.0.contains(tag) {
                entry.0.push(*tag);
            }
        }
        for clue in terms.iter().filter(|t| t.text != answer.text) {
            if clue.text.chars().count() > MAX_CLUE_CHARS
                || other_word_class(answer, clue, self.language)
                || other_phrase_class(dictionary, self.language, answer, clue)
                || names_instead(dictionary, answer, clue)
                || clause_fragment(clue, self.language)
                || gives_away(&clue.text, &letters)
                || shares_stem(&clue.text, &letters)
                || clue.unprintable()
            {
                continue;
            }
            let from_set = matches!(of, Sense::OfTheSet);
            match entry.1.iter_mut().find(|c| c.term.text == clue.text) {
                Some(c) => {
                    c.affinity += weight;
                    // The first sense adds weight, not a register's
                    // absence: NIX = "nichts" stays "ugs." as its set says.
                    if from_set && c.in_sets {
                        c.sense.retain(|t| sense.contains(t));
                    } else if from_set {
                        c.sense = sense.clone();
                    }
                    c.in_sets |= from_set;
                }
                None => entry.1.push(Candidate {
                    term: clue.clone(),
                    affinity: weight,
                    sense: sense.clone(),
                    in_sets: from_set,
                }),
            }
        }
    }

    /// How good `clue` is for an answer: affinity first, then how familiar
    /// the clue's words are; `None` when it should never print (no letters,
    /// digits, a lone function word, too wide, an abbreviation). The flag
    /// says whether the solver knows every word of the clue.
    fn clue_score(&self, answer: &str, clue: &Term, affinity: f32) -> Option<(f32, bool)> {
        let text = &clue.text;
        let letters = text.chars().filter(|c| c.is_alphabetic()).count();
        if letters < 3
            || text.chars().any(|c| c.is_ascii_digit())
            || clue.tags.iter().any(|t| t.is_short_form())
            || sensitive(self.language).matches(text)
        {
            return None;
        }
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.len() == 1 && WIDE_CLUES.contains(&words[0].as_str()) {
            return None;
        }
        // A Roman numeral is a number ("iii" for THREE on an English page).
        if words.len() == 1 && words[0].chars().all(|c| "ivxlcdm".contains(c)) {
            return None;
        }
        // The rarest content word decides how well the solver knows the
        // clue; a lone function word (zipf ≥ 6: "wenn", "an") names nothing.
        let content: Vec<f32> = words
            .iter()
            .filter(|w| w.chars().count() >= 3)
            .map(|w| known_zipf(w, self.language))
            .collect();
        let familiar = content.iter().copied().fold(f32::INFINITY, f32::min);
        if words.len() == 1 && familiar >= FUNCTION_WORD_ZIPF {
            return None;
        }
        let familiar = if familiar.is_finite() { familiar } else { 0.0 };
        // A Latin binomial ("Bufo marinus", "Pongo pygmaeus": three on the
        // audited pages) tells a leisure solver nothing: two words, a
        // capital, then an epithet no frequency list knows. (Dropping
        // every clue of unknown words cost the German import 12,700
        // answers clued by compounds such as "Pistenfahrzeug".)
        let pair: Vec<&str> = text.split_whitespace().collect();
        if let [genus, epithet] = pair[..]
            && genus.chars().next().is_some_and(char::is_uppercase)
            && epithet.chars().next().is_some_and(char::is_lowercase)
            && zipf(epithet, self.language) <= 0.0
        {
            return None;
        }
        // Beyond "known", more common is not better: the most frequent
        // synonyms are the most ambiguous (KURVE = "Graf", the title).
        let known = familiar.min(KNOWN_CLUE_ZIPF);
        // A tagged clue (colloquial, jargon) relates to its answer only in
        // that register (NULL = "Flasche"); a phrase is fine but a single
        // word is what print prefers; a clue the solver does not know
        // (ROT = "Alizarinviolett") helps nobody.
        let register = clue.tags.len() as f32 * REGISTER_PENALTY;
        let phrase = (words.len() as f32 - 1.0) * 0.3;
        let unknown = if familiar < FAMILIAR_ZIPF {
            UNKNOWN_CLUE_PENALTY
        } else {
            0.0
        };
        // English capitalises names only: a capitalised clue for a
        // lower-case answer names one person or place of a wider word
        // (ruler = "Urban II", son = "Logos"), which few solvers get.
        let name = match self.language {
            Language::English => {
                let capital = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
                if capital(text) && !capital(answer) {
                    NAME_CLUE_PENALTY
                } else {
                    0.0
                }
            }
            Language::German | Language::FromVocabulary => 0.0,
        };
        Some((
            AFFINITY_WEIGHT * affinity + known - register - phrase - unknown - name,
            familiar >= FAMILIAR_ZIPF,
        ))
    }

    /// The vocabulary: answers with at least one printable clue, best
    /// clues first, at most [`CLUES_PER_WORD`].
    fn into_imported(mut self, name: &str, sets: usize, format: ThesaurusFormat) -> Imported {
        let answers = merge_spellings(std::mem::take(&mut self.answers));
        self.left_out += self.closed.len();
        let mut entries = Vec::new();
        for (printed, (mut tags, mut candidates)) in answers {
            sets_own_registers(&mut tags, &mut candidates);
            let (mut scored, known_clue) = self.scored_clues(&printed, &mut tags, &candidates);
            if self.language == Language::English && !tags.iter().any(|t| t.is_short_form()) {
                self.mark_short_form(&printed, &mut tags, &mut scored);
            }
            if scored.is_empty() || !self.printable(&printed, &tags, &candidates, known_clue) {
                self.left_out += 1;
                continue;
            }
            scored.truncate(CLUES_PER_WORD);
            tags.sort();
            entries.push(Entry {
                word: printed.into(),
                clue: Some(
                    scored
                        .into_iter()
                        .map(|(_, c, _)| c)
                        .collect::<Vec<_>>()
                        .join(&CLUE_SEPARATOR.to_string()),
                ),
                tags,
            });
        }
        // A word before a short form of the same letters: a list read in
        // order gives TEE = "Aufgussgetränk" before "Abk.:
        // Trans-Europ-Express" (capitals sort first).
        entries.sort_by_cached_key(|e| {
            (
                answer_letters(&e.word).unwrap_or_default(),
                e.tags.iter().any(|t| t.is_short_form()),
            )
        });
        Imported {
            vocabulary: Vocabulary {
                name: name.to_string(),
                must_use: false,
                entries,
                lines: Lines::Both,
            },
            sets,
            format,
            left_out: self.left_out,
            cut_sets: self.cut_sets,
            stopped_at: self.stopped_at,
        }
    }

    /// An answer's printable clues with their scores and whether a
    /// dictionary sense confirms them, best first and only those near the
    /// best; and whether any clue is one the solver knows.
    fn scored_clues(
        &self,
        printed: &str,
        tags: &mut Vec<Tag>,
        candidates: &[Candidate],
    ) -> (Vec<(f32, String, bool)>, bool) {
        // A clue from a sense in a register the word does not have
        // everywhere says so ("ugs.: Kaff"), and comes after the
        // plain senses' clues.
        let mut known_clue = false;
        let mut scored: Vec<(f32, String, bool)> = candidates
            .iter()
            .filter_map(|c| {
                let extra: Vec<Tag> = c
                    .sense
                    .iter()
                    .copied()
                    .filter(|t| !tags.contains(t))
                    .collect();
                self.clue_score(printed, &c.term, c.affinity)
                    .map(|(s, known)| {
                        known_clue |= known;
                        (
                            s - extra.len() as f32 * REGISTER_PENALTY,
                            marked_clue(&c.term.text, &extra, self.language),
                            // A clue from a set in a register is not
                            // the plain first sense (perplex is "ugs."
                            // beside "überrascht", which its sense names).
                            extra.is_empty()
                                && self
                                    .senses
                                    .is_some_and(|d| d.confirms(printed, &c.term.text)),
                        )
                    })
            })
            .collect();
        // Equal scores: the shorter clue fits its cell better (AUTO =
        // "Wagen" before "Kraftwagen").
        scored.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then_with(|| a.1.chars().count().cmp(&b.1.chars().count()))
                .then_with(|| a.1.cmp(&b.1))
        });
        // A puzzle may print any alternative: keep only those nearly
        // as good as the best (lee: "downwind", not "Rose Louise
        // Hovick"; son: not "Logos").
        let best = scored.first().map_or(0.0, |s| s.0);
        scored.retain(|(score, _, _)| *score >= best - CLUE_SPREAD);
        // The best clue a dictionary sense confirms comes first (of
        // 12,300 familiar German answers, 4,700 had their best clue
        // confirmed, 5,300 one of the kept ones); the answer says so.
        // (Taking a confirmed clue from beyond the spread changed
        // 186 answers, mostly for the worse: RANGE = "läufiges
        // Mutterschwein", WDR = "Wellendichtring".)
        if let Some(at) = scored.iter().position(|(_, _, confirmed)| *confirmed) {
            let confirmed = scored.remove(at);
            scored.insert(0, confirmed);
            tags.push(Tag::Confirmed);
        }
        (scored, known_clue)
    }

    /// English: tags a short form and keeps only the clues that expand it.
    fn mark_short_form(
        &self,
        printed: &str,
        tags: &mut Vec<Tag>,
        scored: &mut Vec<(f32, String, bool)>,
    ) {
        // MyThes marks no abbreviation and writes short forms in lower
        // case (OpenThesaurus marks them, and its nouns would read as
        // ones: BERG = "Bodenerhebung"). One whose best clue
        // expands it (WordNet's spelling: BSE = "mad cow disease", or
        // initials: ASAP) is tagged and keeps only such clues; a word
        // keeps none of them (ACE = "nail", not "angiotensin-converting
        // enzyme"); one WordNet knows only as a short form (USMC) is
        // tagged whatever its clue ("Marines").
        let expansion = |clue: &str| {
            initials_spell(printed, clue)
                || self
                    .senses
                    .is_some_and(|g| g.expands_short_form(printed, clue))
        };
        let only = self.senses.is_some_and(|g| g.only_short_form(printed));
        let short_form = only || scored.first().is_some_and(|(_, c, _)| expansion(c));
        if !only {
            scored.retain(|(_, c, _)| expansion(c) == short_form);
        }
        if short_form {
            tags.push(Tag::Abbreviation);
        }
    }

    /// Whether an answer with clues goes into the vocabulary: a clue the
    /// solver knows, a headword, long enough, printable and not sensitive.
    fn printable(
        &self,
        printed: &str,
        tags: &[Tag],
        candidates: &[Candidate],
        known_clue: bool,
    ) -> bool {
        let letters = answer_letters(printed).map_or(0, |l| l.chars().count());
        // An answer whose every clue is a word the solver does not
        // know (WEEK = "hebdomad", ZWITTER = "Gynander", PPP =
        // "palatopharyngoplasty") is a riddle nobody solves; a
        // familiar short form is solved from its expansion, however
        // rare its words (DNA = "abbr.: deoxyribonucleic acid").
        let known_short_form =
            tags.iter().any(|t| t.is_short_form()) && zipf(printed, self.language) >= FAMILIAR_ZIPF;
        // A word the dictionary does not list (any case) is an
        // inflected form, a name or a loan that the thesaurus links
        // loosely: GEFREUT = "günstig", NOMINIERT = "kommend", BÜHNEN
        // = "Wölfe". Of 50 such familiar German answers read, about
        // half had a clue an editor changes; a short form has its own
        // rules.
        let no_headword = !tags.iter().any(|t| t.is_short_form())
            && self.dictionary.and_then(|d| d.is_headword(printed)) == Some(false);
        (known_clue || known_short_form)
            && !no_headword
            && letters >= MIN_ANSWER_LETTERS
            && !tags.iter().any(|t| t.is_unprintable())
            && !sensitive(self.language).matches(printed)
            && !roman_numeral(printed, candidates)
    }
}

/// A register every synonym set gives the word is the sets' alone when a
/// first sense clues it too: GENT is `(geh.)` for "Gentleman" but plain as
/// "belgische Stadt".
fn sets_own_registers(tags: &mut Vec<Tag>, candidates: &mut [Candidate]) {
    if candidates.iter().any(|c| !c.in_sets) {
        let registers: Vec<Tag> = tags.iter().copied().filter(is_register).collect();
        for c in candidates.iter_mut().filter(|c| c.in_sets) {
            for tag in &registers {
                if !c.sense.contains(tag) {
                    c.sense.push(*tag);
                }
            }
        }
        tags.retain(|t| !is_register(t));
    }
}

/// Whether a German clue of several words is a phrase of another word
/// class than its answer, as the capital of its last word tells (a
/// noun phrase ends in its noun, a verb or adjective phrase in a
/// lower-case word): AUTOR = "verfasst von", LANG = "große Ausmaße"
/// (a 2026-11-27 audit). An answer whose other spelling is a headword
/// too reads either way in the grid (AHNEN = "Befürchtung haben" for
/// "ahnen"): kept. Needs the dictionary's headwords.
fn other_phrase_class(
    dictionary: Option<&Glosses>,
    language: Language,
    answer: &Term,
    clue: &Term,
) -> bool {
    let Some(dictionary) = dictionary else {
        return false;
    };
    if language != Language::German
        || !clue.text.contains(' ')
        || clue.text.contains(',')
        || answer.tags.iter().any(|t| t.is_short_form())
        || clue.tags.iter().any(|t| t.is_short_form())
    {
        return false;
    }
    let capital = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
    let words: Vec<&str> = clue
        .text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let mismatch = if capital(&answer.text) {
        // A noun clued by a phrase without a noun: "veranlasst haben",
        // "nicht erforscht" ("Beenden von etwas" has its noun first).
        !words.iter().any(|w| capital(w))
    } else {
        // An adjective, adverb or verb clued by an adjective and its
        // noun: "große Ausmaße" ("zu keiner Zeit", "schwach an Verstand"
        // are adverbial or adjective phrases).
        matches!(words[..], [adjective, noun]
            if !capital(adjective)
                && ["e", "er", "es", "en", "em"].iter().any(|e| adjective.ends_with(e))
                && !NOT_ADJECTIVES.contains(&adjective)
                && capital(noun))
    };
    if !mismatch {
        return false;
    }
    let mut other: String = answer.text.clone();
    let first = other.remove(0);
    let other = if first.is_uppercase() {
        first
            .to_lowercase()
            .chain(other.chars())
            .collect::<String>()
    } else {
        first
            .to_uppercase()
            .chain(other.chars())
            .collect::<String>()
    };
    !dictionary.has_headword(&other)
}

/// Whether a one-word clue reads as a name (a given or family name, a
/// river) where the answer is none: FEE = "Elbe", DIENSTBOTE = "Boy",
/// ERDMOND = "Luna" (140 German first clues name a place or person; the
/// rivers and given names among them were the ones an editor changes).
fn names_instead(dictionary: Option<&Glosses>, answer: &Term, clue: &Term) -> bool {
    dictionary.is_some_and(|d| {
        !clue.text.contains(' ') && d.reads_as_name(&clue.text) && !d.reads_as_name(&answer.text)
    })
}

/// Whether a German clue is a clause without its subject: a noun and a
/// finite verb ("Name ist" for NENNEN, "Luft steht", "Zukunft hat";
/// OpenThesaurus' "(jemandes) Name ist" without its parentheses).
fn clause_fragment(clue: &Term, language: Language) -> bool {
    const FINITE: [&str; 7] = ["ist", "sind", "hat", "lautet", "steht", "wird", "war"];
    let words: Vec<&str> = clue.text.split_whitespace().collect();
    language == Language::German
        && matches!(words[..], [noun, verb]
            if noun.chars().next().is_some_and(char::is_uppercase) && FINITE.contains(&verb))
}

/// Prepositions, articles and determiners with an adjective's ending:
/// "ohne Umwege", "wider Erwarten", "voller Argwohn", "des Nachts",
/// "jedes Mal", "viele Male" are adverbial or adjective phrases, and
/// ALLES = "die Gesamtheit" a paraphrase print uses.
const NOT_ADJECTIVES: [&str; 37] = [
    "ohne", "über", "unter", "gegen", "hinter", "neben", "zwischen", "wegen", "seitens", "wider",
    "per", "gen", "die", "das", "den", "dem", "eine", "einen", "einem", "außer", "voller", "des",
    "der", "jede", "jedes", "jeden", "jeder", "viele", "vieler", "etliche", "welche", "welcher",
    "weitere", "weiteres", "einige", "manche", "alle",
];

/// Whether a one-word German clue is of another word class than its
/// answer, as German capitals show: a noun for a verb or adjective
/// (RENDERN = "Bildsynthese", STEIGEN = "Aufgang") or the other way
/// round (Offenbarung = "sagenhaft"). 2,096 of the thesaurus' 435,814
/// one-word pairs; an audit of three pages counted them among the
/// clues an editor changes.
/// Short forms have no word class (kWh = "Kilowattstunde").
fn other_word_class(answer: &Term, clue: &Term, language: Language) -> bool {
    let capital = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
    let short = |t: &Term| t.tags.iter().any(|t| t.is_short_form());
    match language {
        Language::German => {
            !short(answer)
                && !short(clue)
                && !clue.text.contains(' ')
                && clue.text.chars().all(char::is_alphabetic)
                && capital(&answer.text) != capital(&clue.text)
        }
        Language::English | Language::FromVocabulary => false,
    }
}

/// Whether the answer is a Roman numeral — letters I, V, X, L, C, D, M
/// only, with a number written out among its clues (MyThes: III =
/// "three", CLV = "one hundred fifty-five", 130 such answers): a number,
/// not a word, however it is clued. MIX and LID keep their clues.
fn roman_numeral(answer: &str, candidates: &[Candidate]) -> bool {
    const NUMBERS: [&str; 30] = [
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "seventy",
        "eighty",
        "ninety",
        "hundred",
        "thousand",
        "and",
    ];
    answer
        .chars()
        .all(|c| "ivxlcdm".contains(c.to_ascii_lowercase()))
        && candidates.iter().any(|c| {
            let text = c.term.text.to_lowercase();
            let mut words = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_empty());
            words.clone().next().is_some() && words.all(|w| NUMBERS.contains(&w))
        })
}

/// A WordNet gloss counts as three close synonym sets: it names the
/// answer's most frequent sense, where MyThes lists every sense's words.
const GLOSS_AFFINITY: f32 = 3.0;

/// A Wiktionary first sense counts as one and a half close synonym sets
/// (a set of three terms weighs 0.7): it names the main sense, but print
/// prefers a synonym to a definition where one names the same sense.
const WIKTIONARY_AFFINITY: f32 = 1.5;

/// A synonym the answer's first sense names counts as one close set
/// more: ETAGE's set holds Flur, Stock and Stockwerk, and "Erdgeschoss
/// oder Stockwerk eines Bauwerks" says which one a solver expects.
const NAMED_AFFINITY: f32 = 1.0;

/// A synonym set that the answer's first sense names weighs this many
/// times its size's weight: enough that KURVE's set with "Biegung" (four
/// terms) outweighs its set with "Graf" (five terms) and its clue's
/// frequency, not so much that one shared word outweighs two sets.
const SENSE_FACTOR: f32 = 2.0;

/// One entry per grid spelling: "Morgen" (noun) and "morgen" (adverb)
/// both print MORGEN, so their clues are pooled under the first spelling
/// (capitals sort first); a short form stays apart from a word (its clue
/// is marked), and a vulgar variant taints the entry.
fn merge_spellings(answers: BTreeMap<String, Candidates>) -> Vec<(String, Candidates)> {
    let mut merged: Vec<(String, Candidates)> = Vec::new();
    let mut index: HashMap<(String, bool), usize> = HashMap::new();
    for (printed, (tags, candidates)) in answers {
        let key = (
            answer_letters(&printed).unwrap_or_default(),
            tags.iter().any(|t| t.is_short_form()),
        );
        match index.get(&key) {
            Some(&i) => {
                let (_, (kept_tags, kept)) = &mut merged[i];
                kept_tags.retain(|t| !is_register(t) || tags.contains(t));
                for tag in tags {
                    if tag.is_unprintable() && !kept_tags.contains(&tag) {
                        kept_tags.push(tag);
                    }
                }
                for candidate in candidates {
                    match kept.iter_mut().find(|c| c.term.text == candidate.term.text) {
                        Some(c) => {
                            c.affinity += candidate.affinity;
                            if c.in_sets && candidate.in_sets {
                                c.sense.retain(|t| candidate.sense.contains(t));
                            } else if candidate.in_sets {
                                c.sense = candidate.sense;
                            }
                            c.in_sets |= candidate.in_sets;
                        }
                        None => kept.push(candidate),
                    }
                }
            }
            None => {
                index.insert(key, merged.len());
                merged.push((printed, (tags, candidates)));
            }
        }
    }
    merged
}

/// Shared synonym sets weigh this much against a clue's familiarity (a
/// Zipf point): two close sets outweigh a clue two points more common.
const AFFINITY_WEIGHT: f32 = 2.0;
/// A clue this common is known to every solver; above it, frequency no
/// longer ranks clues (half a Zipf point above [`FAMILIAR_ZIPF`]).
const KNOWN_CLUE_ZIPF: f32 = 3.0;
/// Per tag of a clue term, in Zipf points: a colloquial synonym loses to a
/// plain one a point and a half rarer.
const REGISTER_PENALTY: f32 = 1.5;
/// A clue whose rarest word is below [`FAMILIAR_ZIPF`] loses 3 points: it
/// prints only when the answer has no better clue.
const UNKNOWN_CLUE_PENALTY: f32 = 3.0;
/// How far below the best clue an alternative may score and still be kept
/// (a Zipf point and a half, or one close synonym set less).
const CLUE_SPREAD: f32 = 2.5;
/// An English name clue for a common word (see `clue_score`) loses as much
/// as an unknown one: it prints only when nothing else is left.
const NAME_CLUE_PENALTY: f32 = 3.0;
/// A single-word clue this common is a function word ("wenn", "alle",
/// "an"): it names nothing.
const FUNCTION_WORD_ZIPF: f32 = 6.0;

/// A term without usage labels (`(ugs.)`, `(fachspr.)`, `(von etwas)`)
/// and without abbreviations' ellipses; `None` when nothing usable is left.
fn clean_term(raw: &str) -> Option<String> {
    let term = without_parentheses(raw);
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

/// Whether a word of the clue shares its answer's stem, which gives the
/// answer away as surely as the answer itself: the answer holds a clue
/// word of four letters or more (LAUFSTEG = "Steg", EMAIL = "electronic
/// mail", or a one-word clue of three: OVERSEAS = "sea"), or a clue word
/// begins with the answer's first `STEM_LETTERS` letters or more (ROSA =
/// "rosig", DATUM = "Datierung", SEIDIG = "seidenartig") — unless what
/// they share is no more than a prefix and a letter (VERTRAG =
/// "Vereinbarung"); or the clue is the answer spelled another way (GHENT =
/// "Gent", MACRO = "Makro", BYLAW = "bye law"). Umlauts
/// and ß compare as written out (UEBER = "über"). Checked on the clue
/// before its register label is added.
pub fn shares_stem(clue: &str, answer_letters: &str) -> bool {
    let answer = folded(answer_letters);
    // Folding keeps every separator: the folded clue's words are its
    // words folded.
    let clue = folded(clue);
    if spelled_otherwise(&clue, &answer) {
        return true;
    }
    let words: Vec<&str> = clue
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .collect();
    let one_word = words.len() == 1;
    words.iter().any(|w| {
        let letters = w.chars().count();
        if (letters >= 4 || one_word) && answer.contains(w) {
            return true;
        }
        let shared = answer
            .chars()
            .zip(w.chars())
            .take_while(|(a, b)| a == b)
            .count();
        shared >= STEM_LETTERS
            && !BOUND_PREFIXES
                .iter()
                .any(|p| answer.starts_with(p) && p.len() + 1 >= shared)
    })
}

/// Whether a word of the clue names `word` (another answer of the page):
/// it is the word, or shares its first `NAMING_PREFIX` letters (REGENT = "Herr" beside HERR,
/// TEILUNG = "Spaltung" beside SPALTEN). Looser than [`shares_stem`],
/// which holds for an answer and its own clue: on a page, letters inside
/// a word ("zerstreut" holds ERST) and short shared starts ("Werber",
/// WERT) are chance, and so is a letter changed (GAME / SAME, RUTE /
/// ROUTE: tried, and 4 of 9 replacements on four pages were such).
pub fn names_word(clue: &str, word: &str) -> bool {
    let word = folded(word);
    // A word that is a prefix of many (UNTER, DURCH, OVER) is named only
    // as itself: "Unterfeder" says nothing of UNTER.
    let prefix = BOUND_PREFIXES.contains(&word.as_str());
    clue.split(|c: char| !c.is_alphabetic())
        .map(folded)
        .filter(|w| w.chars().count() >= 3)
        .any(|w| {
            let shared = w
                .chars()
                .zip(word.chars())
                .take_while(|(a, b)| a == b)
                .count();
            w == word || shared >= NAMING_PREFIX && !prefix
        })
}

/// Letters a clue word and another answer share at their start from
/// which the clue names that answer: five (SPALT-), where three or four
/// are chance on a page (WER-bung / WER-t, TAGE-sordnung / TAGE-n).
const NAMING_PREFIX: usize = 5;

/// Whether the clue (folded, like the answer), or one of its words of
/// four letters or more, is the answer with a letter changed, or two in words of seven
/// letters or more (FOTOMETER = "Photometer"). Read on the second audit
/// of three pages (2026-11-26): 7 of 199 clues were spelling variants
/// (FES = "Fez", GAIA = "Gaea", MACRO = "Makro"). Two changes from four
/// letters also caught TSAR = "czar" but struck real synonyms in the
/// imports (TONE = "note", HARDLY = "barely").
fn spelled_otherwise(clue: &str, answer: &str) -> bool {
    let allowed = |len: usize| match len {
        0..=2 => 0,
        3..=6 => 1,
        _ => 2,
    };
    let whole: String = clue.chars().filter(|c| c.is_alphabetic()).collect();
    let shorter = whole.chars().count().min(answer.chars().count());
    let allowed = allowed(shorter);
    // Rewriting a letter group shortens a word by one at most per group:
    // beyond two letters' difference, neither spelling is within reach
    // (the check runs on every clue of a loaded list).
    if allowed > 0
        && whole.len().abs_diff(answer.len()) <= allowed + 2
        && (within(&whole, answer, allowed) || within(&sounded(&whole), &sounded(answer), allowed))
    {
        return true;
    }
    clue.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 4)
        .any(|w| within(w, answer, 1))
}

/// Whether `a` and `b` are at most `most` edits apart; words whose
/// lengths differ by more are, without counting.
fn within(a: &str, b: &str, most: usize) -> bool {
    if a.is_ascii() && b.is_ascii() {
        // Each edit changes the letter counts by two at most (a swap by
        // none): words whose counts differ by more are further apart,
        // which tells most pairs apart without the table.
        if a.len().abs_diff(b.len()) > most {
            return false;
        }
        let mut counts = [0i32; 128];
        for x in a.bytes() {
            counts[x as usize] += 1;
        }
        for x in b.bytes() {
            counts[x as usize] -= 1;
        }
        let apart: i32 = counts.iter().map(|c| c.abs()).sum();
        if apart as usize > 2 * most {
            return false;
        }
    }
    a.chars().count().abs_diff(b.chars().count()) <= most && edits(a, b) <= most
}

/// A spelling (folded, upper case) with the letter groups that German
/// and English write two ways made one: SCH and SK (SKI = "Schi"), PH and
/// F, TH and T, C, CK and K (CODE = "Kode", AMOK = "amuck"): two changes
/// in three letters, or three in five, are beyond the edit count of
/// [`spelled_otherwise`] on the letters as written.
fn sounded(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let chars: Vec<char> = word.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let next = |k: usize| chars.get(i + k).copied();
        match (chars[i], next(1), next(2)) {
            ('S', Some('C'), Some('H')) => {
                out.push_str("SK");
                i += 3;
            }
            ('P', Some('H'), _) => {
                out.push('F');
                i += 2;
            }
            ('T', Some('H'), _) => {
                out.push('T');
                i += 2;
            }
            ('C', Some('K'), _) => {
                out.push('K');
                i += 2;
            }
            ('C', next, _) if next != Some('H') => {
                out.push('K');
                i += 1;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Edit distance between `a` and `b`: single-character inserts,
/// deletes and changes, and two neighbours swapped (MITRE = "miter" is one
/// edit, not two).
fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the optimal-string-alignment table, reused (a row per
    // letter was most of the time of loading a large list).
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut above: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (above[j - 1] + change)
                .min(above[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        std::mem::swap(&mut before, &mut above);
        std::mem::swap(&mut above, &mut row);
    }
    above[b.len()]
}

/// Letters an answer and a clue word share at their start from which the
/// clue gives the answer away. Read on an audit of three pages (German
/// and English, 2026-11-26, 199 clues): of 14 clues that shared a stem
/// with their answer this rule and the held word catch 11 (not EIGELB =
/// "Eidotter", OMI = "Oma", MAMA = "momma"); four shared letters would
/// have caught 2 of the 7 it catches by their start.
const STEM_LETTERS: usize = 3;

/// Prefixes (written out, upper case) that many unrelated words share:
/// a clue word sharing no more than one of them and a letter keeps its
/// answer's secret (VERTRAG = "Vereinbarung", CONTEST = "competition").
/// Two-letter prefixes (GE-, ER-) are not among them: ERDE = "Erdball"
/// shares three letters and gives it away.
const BOUND_PREFIXES: [&str; 23] = [
    "VER", "ENT", "ZER", "AUS", "EIN", "AUF", "VOR", "MIT", "NACH", "UEBER", "UNTER", "DURCH",
    "CON", "COM", "PRE", "PRO", "DIS", "MIS", "SUB", "INTER", "OVER", "OUT", "UNDER",
];

/// Upper case with umlauts and ß written out, as German grids write them.
fn folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_uppercase) {
        match c {
            'Ä' => out.push_str("AE"),
            'Ö' => out.push_str("OE"),
            'Ü' => out.push_str("UE"),
            'ß' => out.push_str("SS"),
            c => out.push(c),
        }
    }
    out
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
    fn roman_numerals_and_latin_binomials_never_clue() {
        let text = "Kröte;Bufo marinus;Lurch\nDrei;iii;Trio\n";
        let imported = import_openthesaurus(text, "OpenThesaurus");
        assert_eq!(
            entry(&imported, "Kröte").unwrap().clue.as_deref(),
            Some("Lurch")
        );
        assert_eq!(
            entry(&imported, "Drei").unwrap().clue.as_deref(),
            Some("Trio")
        );
    }

    #[test]
    fn a_clue_names_another_answer_by_the_word_or_its_long_start() {
        assert!(names_word("Herr", "HERR"));
        assert!(names_word("Spaltung", "SPALTEN"));
        assert!(names_word("ugs.: Nerd", "NERD"));
        assert!(!names_word("zerstreut", "ERST"));
        assert!(!names_word("Werber", "WERT"));
        assert!(!names_word("Tagesordnung", "TAGEN"));
        assert!(!names_word("game", "SAME"));
    }

    #[test]
    fn a_register_holds_for_the_sense_it_is_given_in() {
        // NEST is colloquial for a backwater, not for an eyrie.
        let text = "Horst;Nest\nKaff;Nest (ugs.)\nKnarre (ugs.);Pistole\n";
        let imported = import_openthesaurus(text, "OpenThesaurus");
        let nest = entry(&imported, "Nest").unwrap();
        assert!(nest.tags.is_empty(), "{:?}", nest.tags);
        assert_eq!(nest.clue.as_deref(), Some("Horst|ugs.: Kaff"));
        // A register in every set stays the word's.
        let knarre = entry(&imported, "Knarre").unwrap();
        assert_eq!(knarre.tags, vec![Tag::Colloquial]);
        assert_eq!(knarre.clue.as_deref(), Some("Pistole"));
    }

    #[test]
    fn clues_sharing_the_answers_stem_are_told_apart_from_prefixes() {
        for (clue, answer) in [
            ("rosig", "ROSA"),
            ("Datierung", "DATUM"),
            ("Radfahrer", "RADLER"),
            ("seidenartig", "SEIDIG"),
            ("Steg", "LAUFSTEG"),
            ("electronic mail", "EMAIL"),
            ("sea", "OVERSEAS"),
            ("Erdball", "ERDE"),
            ("über dem Boden", "UEBERM"),
            ("Gent", "GHENT"),
            ("Makro", "MACRO"),
            ("bye law", "BYLAW"),
            ("Fez", "FES"),
            ("Stadt Gent", "GHENT"),
            ("miter", "MITRE"),
            ("Schi", "SKI"),
            ("Kode", "CODE"),
            ("amuck", "AMOK"),
        ] {
            assert!(shares_stem(clue, answer), "{answer} = {clue}");
        }
        for (clue, answer) in [
            ("Vereinbarung", "VERTRAG"),
            ("Ausweg", "AUSGANG"),
            ("competition", "CONTEST"),
            ("Zweig", "AST"),
            ("robber and thief", "BANDIT"),
            ("note", "TONE"),
            ("barely", "HARDLY"),
            ("Kahn", "BOOT"),
            ("Sitz", "STUHL"),
        ] {
            assert!(!shares_stem(clue, answer), "{answer} = {clue}");
        }
    }

    fn entry<'a>(imported: &'a Imported, word: &str) -> Option<&'a Entry> {
        imported.vocabulary.entries.iter().find(|e| e.word == word)
    }

    #[test]
    fn german_phrases_of_another_word_class_are_no_clues() {
        let text = "Autor;Verfasser;verfasst von\nlang;große Ausmaße;ausgedehnt\ndirekt;ohne Umwege;geradewegs\nAhnen;Befürchtung haben\n";
        let with = import_openthesaurus_with(text, "x", Some(crate::model::wiktionary::german()));
        let clues = |word: &str| entry(&with, word).unwrap().clue.clone().unwrap();
        // A noun clued by a phrase without a noun, an adjective by an
        // adjective and its noun: left out.
        assert!(
            !clues("Autor").contains("verfasst von"),
            "{}",
            clues("Autor")
        );
        assert!(
            !clues("lang").contains("große Ausmaße"),
            "{}",
            clues("lang")
        );
        // An adverbial phrase clues an adverb; AHNEN reads as the verb
        // "ahnen" too.
        assert!(
            clues("direkt").contains("ohne Umwege"),
            "{}",
            clues("direkt")
        );
        assert!(
            clues("Ahnen").contains("Befürchtung haben"),
            "{}",
            clues("Ahnen")
        );
    }

    #[test]
    fn german_answers_the_dictionary_lists_as_no_headword_are_left_out() {
        let text = "gefreut;günstig;froh\nBühnen;Wölfe\nfroh;heiter\nLED (Abkürzung);Leuchtdiode\n";
        let with = import_openthesaurus_with(text, "x", Some(crate::model::wiktionary::german()));
        // Inflected forms go; headwords and short forms stay.
        assert_eq!(entry(&with, "gefreut"), None);
        assert_eq!(entry(&with, "Bühnen"), None);
        assert!(entry(&with, "froh").is_some());
        assert!(entry(&with, "LED").is_some());
        // Without a dictionary the rule has nothing to go by.
        let without = import_openthesaurus(text, "x");
        assert!(entry(&without, "gefreut").is_some());
    }

    #[test]
    fn names_and_subjectless_clauses_are_no_clues() {
        let text =
            "Fee;Elbe;Luftgeist\nnennen;(jemandes) Name ist;Namen haben\nlauten;Wortlaut haben\n";
        let imported =
            import_openthesaurus_with(text, "x", Some(crate::model::wiktionary::german()));
        let clues = |w: &str| entry(&imported, w).and_then(|e| e.clue.clone()).unwrap();
        // Elbe is a river before it is an elf.
        assert_eq!(clues("Fee"), "Luftgeist");
        // "Name ist" lacks its subject; "Wortlaut haben" is an infinitive.
        assert_eq!(clues("nennen"), "Namen haben");
        assert_eq!(clues("lauten"), "Wortlaut haben");
    }

    #[test]
    fn a_clue_the_first_sense_confirms_comes_first_and_tags_the_answer() {
        // Flur is the commoner word, in the smaller set; Etage's first
        // sense names "Stockwerk".
        let text = "Etage;Flur\nEtage;Stockwerk;Geschoss;Ebene\nFlur;Gang;Korridor\n";
        let imported =
            import_openthesaurus_with(text, "x", Some(crate::model::wiktionary::german()));
        let etage = entry(&imported, "Etage").unwrap();
        assert_eq!(
            etage.clue.as_deref().unwrap().split('|').next(),
            Some("Stockwerk")
        );
        assert!(etage.tags.contains(&Tag::Confirmed), "{:?}", etage.tags);
        // No dictionary, no confirmation.
        let without = import_openthesaurus(text, "x");
        assert!(
            !entry(&without, "Etage")
                .unwrap()
                .tags
                .contains(&Tag::Confirmed)
        );
    }

    #[test]
    fn closed_classes_and_answers_clued_only_by_unknown_words_are_left_out() {
        let text = "Berg;Bodenerhebung;Hügel\nbei;im Zuge;nahe\nSein;Dasein;Existenz\nsein;darstellen\nZwitter;Gynander\nLübeck;Marzipanstadt\n";
        let imported = import_openthesaurus(text, "OpenThesaurus");
        // A German noun is no abbreviation for holding a long clue's
        // letters in order.
        assert_eq!(entry(&imported, "Berg").unwrap().tags, vec![]);
        // Prepositions and auxiliaries are the short-answer list's; the
        // noun of the same letters stays, with its own clues.
        assert_eq!(entry(&imported, "bei"), None);
        let sein = entry(&imported, "Sein").unwrap().clue.clone().unwrap();
        assert!(!sein.contains("darstellen"), "{sein}");
        // Nobody solves ZWITTER from "Gynander"; a compound of known
        // words is known.
        assert_eq!(entry(&imported, "Zwitter"), None);
        assert!(entry(&imported, "Lübeck").is_some());
        // bei, sein, Zwitter, and DARSTELLEN (its one clue, "sein", a
        // lone function word).
        assert_eq!(imported.left_out, 4);
        // The word before the short form of its letters.
        let tea = import_openthesaurus("TEE (Abkürzung);Trans-Europ-Express\nTee;Getränk\n", "x");
        let words: Vec<&str> = tea
            .vocabulary
            .entries
            .iter()
            .map(|e| e.word.as_str())
            .collect();
        let at = |w: &str| words.iter().position(|x| *x == w).unwrap();
        assert!(at("Tee") < at("TEE"), "{words:?}");
    }

    #[test]
    fn synonym_sets_become_tagged_entries_whose_clues_never_hold_the_answer() {
        let text = "# comment\nAuto;Wagen;Kraftwagen;Karre (ugs.)\nWagen;Fuhrwerk\nGeld;Moneten (ugs.);Kohle (ugs.);Zaster\nDeputat...;Konzession\nCm (Symbol);Curium\nkWh (Einheitenzeichen);Kilowattstunde\nHure (derb);Prostituierte\nKurve;Biegung;Krümmung\nGraf;Kurve;Graph;Diagramm;Schaubild;Darstellung\n";
        let imported = import_openthesaurus(text, "OpenThesaurus");
        assert_eq!(imported.sets, 9);
        assert_eq!(imported.format, ThesaurusFormat::OpenThesaurus);
        let clue = |w: &str| entry(&imported, w).and_then(|e| e.clue.clone());
        // Plain synonyms before colloquial ones; "Kraftwagen" holds WAGEN.
        assert!(clue("Auto").unwrap().starts_with("Wagen|"));
        assert_eq!(
            clue("Wagen").as_deref().map(|c| c.contains("Kraftwagen")),
            Some(false)
        );
        assert_eq!(
            entry(&imported, "Karre").unwrap().tags,
            vec![Tag::Colloquial]
        );
        assert_eq!(clue("Konzession"), None);
        // Labels become tags; two-letter terms (Cm, cm) are left to the
        // short-answer list.
        assert_eq!(entry(&imported, "kWh").unwrap().tags, vec![Tag::Unit]);
        assert_eq!(clue("kWh").as_deref(), Some("Kilowattstunde"));
        assert_eq!(entry(&imported, "Cm"), None);
        // Vulgar and sensitive terms are neither answers nor clues.
        assert_eq!(entry(&imported, "Hure"), None);
        assert!(clue("Prostituierte").is_none());
        // The closer set wins: KURVE is clued Biegung before Graf.
        assert!(
            clue("Kurve").unwrap().starts_with("Biegung")
                || clue("Kurve").unwrap().starts_with("Krümmung")
        );
        for e in &imported.vocabulary.entries {
            let answer = Word::new(&e.word, None, UmlautMode::Keep).unwrap().text();
            for c in alternatives(e.clue.as_deref().unwrap()) {
                assert!(!gives_away(c, &answer), "{c} gives away {answer}");
            }
        }
    }

    #[test]
    fn mythes_entries_give_clues_without_antonyms_or_hypernyms() {
        let text = "UTF-8\nhot|2\n(adj)|warm (similar term)|cold (antonym)|heated\n(adj)|spicy|hotness\ncold|1\n(adj)|chilly|hot (antonym)\nlead|1\n(noun)|metal (generic term)|Pb\n";
        let imported = import_any(text, "MyThes");
        assert_eq!(imported.sets, 3);
        assert_eq!(imported.format, ThesaurusFormat::MyThes);
        let clue = |w: &str| entry(&imported, w).and_then(|e| e.clue.clone());
        // "hotness" holds HOT; "cold" is an antonym.
        let hot = clue("hot").unwrap();
        assert!(!hot.contains("cold") && !hot.contains("hotness"), "{hot}");
        assert_eq!(clue("cold").as_deref(), Some("chilly"));
        // "metal" is a generic term, "Pb" a symbol: no clue is left.
        assert_eq!(clue("lead"), None);
        // A Roman numeral is a number, however it is clued; MIX a word.
        let numerals = import_any(
            "UTF-8\niii|1\n(adj)|three|trio\nmix|1\n(noun)|mixture|blend\n",
            "MyThes",
        );
        assert!(entry(&numerals, "iii").is_none());
        assert!(entry(&numerals, "mix").is_some());
        // A colour clued "chromatic" is clued by nothing.
        let colour = import_any("UTF-8\ncoral|1\n(adj)|chromatic\n", "MyThes");
        assert!(entry(&colour, "coral").is_none());
        // An OpenThesaurus file is still read as one.
        assert_eq!(import_any("Auto;Wagen\n", "x").vocabulary.entries.len(), 2);
        // A common word is no abbreviation of a clue holding its letters
        // in order (SEA = "ocean"); a rare one is (GPA).
        let short = import_any(
            "UTF-8\nsea|1\n(noun)|ocean\ngpa|1\n(noun)|grade point average\n",
            "MyThes",
        );
        assert!(entry(&short, "sea").unwrap().tags.is_empty());
        assert_eq!(entry(&short, "gpa").unwrap().tags, vec![Tag::Abbreviation]);
    }

    #[test]
    fn an_import_without_answers_names_the_formats() {
        let err = import_any("nothing here\n", "x")
            .nonempty("f.txt")
            .unwrap_err();
        assert!(
            err.contains("f.txt") && err.contains("OpenThesaurus") && err.contains("MyThes"),
            "{err}"
        );
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
        let term = Term::parse("Schlitten (ugs., österr.)").unwrap();
        assert_eq!(term.tags, vec![Tag::Colloquial, Tag::Austrian]);
        assert_eq!(Term::parse("LZB").unwrap().tags, vec![Tag::Abbreviation]);
        assert_eq!(Term::parse("kg").unwrap().tags, vec![Tag::Abbreviation]);
        assert!(Term::parse("Uhu").unwrap().tags.is_empty());
    }
}
