//! German glosses from Wiktionary (`lexicon/glosses-de.txt`, CC BY-SA 4.0):
//! per headword its first sense's definition, turned into a print clue
//! when it is short (MADE = "Larve einer Fliege", LAUT = "Geräusch",
//! AMOR = "Gott der Liebe") and used to tell which thesaurus set holds a
//! word's main sense (KURVE: "Biegung", not "Graf").

use super::lexicon::zipf;
use super::spec::Language;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The shipped glosses: `Headword<TAB>first sense` lines (see
/// `lexicon/derive_glosses.py`).
const GERMAN: &str = include_str!("lexicon/glosses-de.txt");

/// First senses by headword: Wiktionary's for German (case kept: "Leer"
/// the town, "leer" empty), WordNet's for English (lower case). Senses
/// labelled with a register or figure of speech are not kept: they are
/// not the plain sense a synonym set is weighed against.
pub struct Glosses {
    language: Language,
    first: HashMap<String, String>,
    /// Every headword of the source as spelled, labelled senses too, and
    /// whether its first sense is a name ("deutscher Nachname") (empty:
    /// the source lists no headwords, e.g. WordNet's glosses).
    headwords: HashMap<String, bool>,
    /// The same, lower case.
    folded: HashSet<String>,
    /// Words the source spells as short forms (lower case; WordNet's
    /// BSE, USAF), where the thesaurus writes them in lower case, each
    /// with the words that expand it (lower case).
    short_forms: HashMap<String, ShortForm>,
    /// Per headword the other words of its first sense's synset (lower
    /// case; WordNet's), empty where the source has none.
    synonyms: HashMap<String, Vec<String>>,
}

/// A word a source spells as a short form (see
/// [`crate::model::wordnet::short_forms`]).
pub struct ShortForm {
    /// The source has no other spelling of it (USMC; not WIMP).
    pub only: bool,
    /// The words that expand it (lower case): its synsets' other words.
    pub expansions: HashSet<String>,
}

/// The German glosses, read once.
pub fn german() -> &'static Glosses {
    static GLOSSES: OnceLock<Glosses> = OnceLock::new();
    GLOSSES.get_or_init(|| {
        let lines = || {
            GERMAN
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split_once('\t'))
        };
        let mut glosses = Glosses::new(
            Language::German,
            lines()
                .filter(|(_, gloss)| !labelled_register(gloss))
                .map(|(word, gloss)| (word.to_string(), gloss.to_string())),
        );
        glosses.headwords = lines()
            .map(|(word, gloss)| {
                let gloss = gloss.to_lowercase();
                let name = ["nachname", "familienname", "vorname"]
                    .iter()
                    .any(|n| gloss.contains(n));
                (word.to_string(), name)
            })
            .collect();
        glosses.folded = lines().map(|(word, _)| word.to_lowercase()).collect();
        glosses
    })
}

/// The shipped German glosses hold every headword at least this common
/// (`derive_glosses.py`' `MIN_ZIPF`): a rarer word's absence says
/// nothing.
pub const HEADWORD_ZIPF: f32 = 2.5;

/// A content word of a gloss this common is a function word ("eine",
/// "oder", "etwas", "which": Zipf ≥ 5.5, measured on the glosses of the
/// audited answers), which names no sense.
const FUNCTION_WORD_ZIPF: f32 = 5.5;

impl Glosses {
    /// First senses of `language` from (headword, gloss) pairs.
    pub fn new(language: Language, pairs: impl IntoIterator<Item = (String, String)>) -> Glosses {
        let first = pairs
            .into_iter()
            .map(|(word, gloss)| (key(&word, language), gloss))
            .collect();
        Glosses {
            language,
            first,
            headwords: HashMap::new(),
            folded: HashSet::new(),
            short_forms: HashMap::new(),
            synonyms: HashMap::new(),
        }
    }

    /// These glosses, knowing `short_forms` (lower case, with the words
    /// that expand each).
    pub fn with_short_forms(mut self, short_forms: HashMap<String, ShortForm>) -> Glosses {
        self.short_forms = short_forms;
        self
    }

    /// These glosses, knowing each headword's first-sense synonyms.
    pub fn with_synonyms(mut self, synonyms: HashMap<String, Vec<String>>) -> Glosses {
        self.synonyms = synonyms;
        self
    }

    /// Whether `clue` expands `word` as a short form the source spells
    /// (USAF = "Air Force"; not WIMP = "weakling").
    pub fn expands_short_form(&self, word: &str, clue: &str) -> bool {
        self.short_forms
            .get(&word.to_lowercase())
            .is_some_and(|s| s.expansions.contains(&clue.to_lowercase()))
    }

    /// Whether the source knows `word` only as a short form (USMC, BSE;
    /// not WIMP or ACE, which are words too).
    pub fn only_short_form(&self, word: &str) -> bool {
        self.short_forms
            .get(&word.to_lowercase())
            .is_some_and(|s| s.only)
    }

    /// Whether `word` is a dictionary headword (any case) among words at
    /// least as common as [`HEADWORD_ZIPF`]; `None` when the source lists
    /// no headwords or the word is rarer than those it lists.
    pub fn is_headword(&self, word: &str) -> Option<bool> {
        if self.headwords.is_empty() || zipf(word, self.language) < HEADWORD_ZIPF {
            return None;
        }
        Some(self.folded.contains(&word.to_lowercase()))
    }

    /// Whether `word` is a headword spelled exactly so, other than a
    /// name (German: "Ahnen" the ancestors and "ahnen" to sense are two;
    /// "Lang" the surname is no second reading of LANG).
    pub fn has_headword(&self, word: &str) -> bool {
        self.headwords.get(word) == Some(&false)
    }

    /// Whether a solver reads `word` as a name, its first sense being a
    /// given or family name or a river (Wiktionary: "Elbe",
    /// "mitteleuropäischer Fluss …"; "Fritz", "männlicher Vorname").
    pub fn reads_as_name(&self, word: &str) -> bool {
        self.headwords.get(word) == Some(&true)
            || self.first(word).is_some_and(|gloss| {
                gloss
                    .split(|c: char| !c.is_alphabetic())
                    .take(RIVER_WORDS)
                    .any(|w| w == "Fluss" || w == "Nebenfluss")
            })
    }

    /// The first sense of `word`.
    pub fn first(&self, word: &str) -> Option<&str> {
        self.first
            .get(key(word, self.language).as_str())
            .map(String::as_str)
    }

    /// The first sense of `word` as a print clue, if it makes one.
    pub fn clue(&self, word: &str) -> Option<String> {
        self.first(word).and_then(print_clue)
    }

    /// Whether `term` is named in the first sense of `word` (ETAGE
    /// "Erdgeschoss oder Stockwerk eines Bauwerks" names "Stockwerk", not
    /// "Flur").
    pub fn names_term(&self, word: &str, term: &str) -> bool {
        self.names_sense(word, [term])
    }

    /// Whether the dictionary confirms `clue` for `word`: the word's
    /// first sense names it (ETAGE "… Stockwerk eines Bauwerks" =
    /// "Stockwerk"), or the clue is one word whose first sense names the
    /// word (LENZ = "Frühling", "Jahreszeit … Lenz"). Of 809 audited
    /// German pairs, an editor changed 13 % of those so confirmed and 34 %
    /// of the others.
    pub fn confirms(&self, word: &str, clue: &str) -> bool {
        // English: a word of the answer's most frequent synset (SUE =
        // "litigate"; of 809 audited English pairs, those confirmed by
        // the gloss or the synset were changed at 19 %, the others at 33 %).
        let synonym = || {
            self.synonyms
                .get(&key(word, self.language))
                .is_some_and(|words| words.iter().any(|w| *w == clue.to_lowercase()))
        };
        if self.names_term(word, clue) || synonym() {
            return true;
        }
        let mut words = clue
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty());
        let (Some(single), None) = (words.next(), words.next()) else {
            return false;
        };
        // A German verb's sense names the adjective it is made of
        // ("erübrigen": "unnötig sein"), which clues no adjective: lower
        // case words agree on the infinitive's ending.
        let verb = |w: &str| w.ends_with("en") || w.ends_with("ern") || w.ends_with("eln");
        let lower = |w: &str| w.chars().next().is_some_and(char::is_lowercase);
        if self.language == Language::German
            && lower(word)
            && lower(single)
            && verb(word) != verb(single)
        {
            return false;
        }
        let answer = word.to_lowercase();
        self.first(single).is_some_and(|gloss| {
            gloss
                .split(|c: char| !c.is_alphabetic())
                .any(|w| same_stem(&w.to_lowercase(), &answer))
        })
    }

    /// Whether one of `terms` (a synonym set's other words) is named in
    /// the first sense of `word`: then the set holds the word's main
    /// sense (KURVE "Biegung einer Straße" names the set of Biegung and
    /// Krümmung, not that of Graph and Graf).
    pub fn names_sense<'a>(&self, word: &str, terms: impl IntoIterator<Item = &'a str>) -> bool {
        // A first sense in a register (NEE "umgangssprachlich: nein")
        // is not the plain sense the synonym sets are weighed against.
        let Some(gloss) = self.first(word) else {
            return false;
        };
        let named: Vec<String> = content_words(gloss, self.language).collect();
        if named.is_empty() {
            return false;
        }
        terms
            .into_iter()
            .flat_map(|t| content_words(t, self.language))
            .any(|w| named.iter().any(|n| same_stem(n, &w)))
    }
}

/// A gloss names a river within its first words ("mitteleuropäischer
/// Fluss, Strom …", "rechter Nebenfluss des Rheins"), not in a later
/// clause.
const RIVER_WORDS: usize = 3;

/// How headwords are looked up: WordNet's lemmas are lower case.
fn key(word: &str, language: Language) -> String {
    match language {
        Language::English => word.to_lowercase(),
        Language::German | Language::FromVocabulary => word.to_string(),
    }
}

/// The words of `text` that name something: four letters or more, lower
/// case, not a function word, not a head so wide it names no sense.
fn content_words(text: &str, language: Language) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 4)
        .map(str::to_lowercase)
        .filter(move |w| zipf(w, language) < FUNCTION_WORD_ZIPF)
        // "Person" in TANTE's "Schwester von Mutter oder Vater einer
        // Person" names no sense.
        .filter(|w| !WIDE_HEADS.contains(&w.as_str()) && !WIDE_HEADS_EN.contains(&w.as_str()))
}

/// English heads that name no sense alone ("a person who …", "the act
/// of …").
const WIDE_HEADS_EN: [&str; 12] = [
    "person",
    "someone",
    "something",
    "thing",
    "things",
    "state",
    "quality",
    "condition",
    "having",
    "used",
    "relating",
    "characterized",
];

/// The same word but for an inflection ending: equal, or one starts with
/// the other and is at most three letters longer ("Fliege", "Fliegen";
/// "Brücke", "Brücken"), the shorter at least four letters.
fn same_stem(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    long.starts_with(short)
        && short.chars().count() >= 4
        && long.chars().count() - short.chars().count() <= 3
}

/// Labels before a gloss ("Zoologie:", "übertragen:") whose sense a
/// leisure puzzle does not clue plainly: a register, a figure of speech,
/// a grammatical form. A subject label is dropped, the gloss kept.
const SKIPPED_LABELS: [&str; 32] = [
    "umgangssprach",
    "kindersprach",
    "familiensprach",
    "salopp",
    "veraltet",
    "abwertend",
    "vulgär",
    "derb",
    "scherzhaft",
    "regional",
    "österreich",
    "schweiz",
    "norddeutsch",
    "süddeutsch",
    "landschaftlich",
    "jugendsprach",
    "gehoben",
    "selten",
    "übertragen",
    "figurativ",
    "ironisch",
    "kurz für",
    "kurzform",
    "abkürzung",
    "familiär",
    "dialekt",
    "bildlich",
    "historisch",
    "pejorativ",
    "beleidigend",
    "verhüllend",
    "plural",
];

/// Glosses that describe the word rather than its meaning ("Plural von",
/// "Nachname"): they clue nothing.
const META_GLOSSES: [&str; 16] = [
    "abkürzung",
    "kurzwort",
    "kurzform",
    "variante",
    "nebenform",
    "schreibung",
    "schreibweise",
    "plural",
    "genitiv",
    "dativ",
    "akkusativ",
    "flektierte",
    "form von",
    "buchstabe",
    "deutschsprachiger nachname",
    "familienname",
];

/// A head too wide to clue anything alone ("weibliche Person",
/// "Einrichtung"): the gloss's only noun is one of these.
const WIDE_HEADS: [&str; 28] = [
    "person",
    "frau",
    "mann",
    "mensch",
    "eigenschaft",
    "handlung",
    "ort",
    "art",
    "sache",
    "ding",
    "gegenstand",
    "vorgang",
    "zustand",
    "tätigkeit",
    "begriff",
    "wort",
    "teil",
    "gruppe",
    "menge",
    "stelle",
    "gebiet",
    "bezeichnung",
    "einheit",
    "form",
    "einrichtung",
    "organisation",
    "gerät",
    "ereignis",
];

/// Words that open a relative or dependent clause after a comma: the
/// head before it is a hypernym the clause narrows ("Person, die …").
const CLAUSE_OPENERS: [&str; 16] = [
    "der", "die", "das", "dem", "den", "denen", "deren", "dessen", "welche", "welcher", "welches",
    "wo", "was", "wie", "um", "womit",
];

/// Prepositions a head never starts with when cut at a comma ("aus
/// Wurzel, Stamm und Krone bestehend" is not "aus Wurzel").
const HEAD_PREPOSITIONS: [&str; 22] = [
    "aus", "mit", "von", "vom", "in", "im", "zu", "zum", "zur", "für", "bei", "beim", "nach",
    "über", "unter", "an", "am", "auf", "ohne", "durch", "gegen", "als",
];

/// Articles dropped before a clue: print writes "kleine Brücke".
const ARTICLES: [&str; 12] = [
    "ein", "eine", "einer", "eines", "einem", "einen", "der", "die", "das", "den", "dem", "des",
];

/// The first sense as a print clue: sense notes, parentheses and quotes
/// removed, subject labels dropped, a head before a comma kept when the
/// rest only adds to it ("Stadt in Niedersachsen, Deutschland"), the
/// article dropped. `None` when the sense is labelled with a register,
/// describes the word's form, or names only a wide hypernym.
pub fn print_clue(gloss: &str) -> Option<String> {
    let mut text = gloss.split(';').next().unwrap_or_default().to_string();
    // Parentheses and quotes.
    text = super::clue_text::without_parentheses(&text)
        .chars()
        .filter(|c| !matches!(c, '„' | '“' | '"' | '‚' | '‘'))
        .collect();
    // Labels: "Entomologie: Larve einer Fliege".
    if labelled_register(&text) {
        return None;
    }
    while let Some((label, rest)) = text.split_once(": ") {
        if label.chars().count() > MAX_LABEL_CHARS {
            break;
        }
        text = rest.to_string();
    }
    for prefix in ["Synonym von ", "Synonym zu ", "Synonym für "] {
        if let Some(rest) = text.strip_prefix(prefix) {
            text = rest.to_string();
        }
    }
    let lower = text.to_lowercase();
    if META_GLOSSES.iter().any(|m| lower.starts_with(m)) {
        return None;
    }
    if let Some((head, _)) = text.split_once(" – ") {
        text = head.to_string();
    }
    let text = head_before_comma(text)?;
    // "eine kleine Brücke" → "kleine Brücke"; a definite article goes
    // only before its noun ("die Gesamtheit aller Pflanzen"): before an
    // adjective it keeps the adjective's ending right ("der fünfte
    // Monat", not "fünfte Monat").
    let mut words: Vec<&str> = text.split_whitespace().collect();
    while words.len() > 1
        && ARTICLES.contains(&words[0])
        && (words[0].starts_with("ein") || starts_upper(words[1]))
    {
        words.remove(0);
    }
    // Wiktionary's participle definitions ("wenig Länge habend") read
    // as no clue a magazine prints.
    if words.len() > 1
        && words
            .last()
            .is_some_and(|w| !starts_upper(w) && w.ends_with("end"))
    {
        return None;
    }
    let clue = words
        .join(" ")
        .trim_end_matches(['.', ',', ':'])
        .trim()
        .to_string();
    let nouns: Vec<String> = clue
        .split_whitespace()
        .filter(|w| starts_upper(w))
        .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
        .collect();
    if clue.is_empty()
        || clue.chars().any(|c| c.is_ascii_digit())
        // A word part ("farb-, geschmack- und geruchloses …").
        || clue.ends_with('-')
        || (nouns.len() == 1 && WIDE_HEADS.contains(&nouns[0].as_str()))
    {
        return None;
    }
    if clue.chars().count() > super::clue_text::MAX_CLUE_CHARS
        && let Some(head) = noun_phrase_head(&clue)
    {
        return Some(head);
    }
    Some(clue)
}

/// The text up to its first comma when the rest only adds to a head with
/// a noun ("Stadt in Niedersachsen, Deutschland") or the head is the first
/// of a list of synonyms; the whole text when the comma parts adjectives
/// or a list of nouns; `None` when a clause follows (the definition is
/// the clause, too long to print).
fn head_before_comma(text: String) -> Option<String> {
    if let Some((head, rest)) = text.split_once(", ") {
        let opens_clause = rest
            .split_whitespace()
            .take(2)
            .any(|w| CLAUSE_OPENERS.contains(&w.to_lowercase().as_str()));
        let starts_with_preposition = head
            .split_whitespace()
            .next()
            .is_some_and(|w| HEAD_PREPOSITIONS.contains(&w.to_lowercase().as_str()));
        let has_noun = head.split_whitespace().any(starts_upper);
        if opens_clause {
            // The clause is the definition: too long to print, and the
            // head alone is too wide ("Person", "Einrichtung").
            return None;
        }
        // "Berg mit flacher, tafelartiger Oberseite": the comma parts
        // adjectives of one noun.
        let ends_in_attribute = head
            .split_whitespace()
            .last()
            .is_some_and(|w| !starts_upper(w) && attributive(w));
        // "etwas mit Größe, Wert, Maß oder Nummer 11": the comma parts a
        // list of nouns, which the head alone cuts short.
        let first_rest = rest.split(", ").next().unwrap_or_default();
        let lists_on = first_rest.split_whitespace().count() == 1
            && (rest.contains(" oder ") || rest.contains(" und "));
        let pronoun_head = head
            .split_whitespace()
            .next()
            .is_some_and(|w| w == "etwas" || w.starts_with("jemand"));
        if ends_in_attribute || lists_on || pronoun_head {
        } else if has_noun && !starts_with_preposition {
            return Some(head.to_string());
        } else if !has_noun && !head.contains(' ') && !attributive(head) {
            // A list of synonyms ("mittellos, kein Geld besitzend",
            // "zuvor, vorher"): the first is one. An inflected adjective
            // belongs to a later noun ("mythologischer, weiblicher
            // Wassergeist").
            return Some(head.to_string());
        }
    }
    Some(text)
}

/// Words that attach a genitive or a prepositional phrase to a noun:
/// "staatenbildendes Insekt | der Familie Formicidae".
const ATTACHMENTS: [&str; 5] = ["der", "des", "einer", "eines", "aus"];

/// The ranks a biological definition names ("Vogel aus der Familie der
/// …"): the head before them is the plain word a puzzle prints.
const TAXA: [&str; 6] = [
    "Familie",
    "Unterfamilie",
    "Gattung",
    "Ordnung",
    "Klasse",
    "Unterordnung",
];

/// Heads of biological definitions that name no kind a solver guesses
/// ("Vertreter der Gattung …" for BIRKE, GORILLA; "Tier" for BÄR).
const WIDE_TAXA: [&str; 6] = [
    "Vertreter",
    "Tier",
    "Pflanze",
    "Pflanzenart",
    "Lebewesen",
    "Organismus",
];

/// The head of a biological definition too long to print, cut before
/// its genitive ("staatenbildendes Insekt der Familie Formicidae" →
/// "Insekt", "kleines Raubtier aus der Familie der Marder" → "kleines
/// Raubtier"), never a noun too wide to name anything ([`WIDE_HEADS`]).
/// Other genitives were tried and left: of 1,220 German clues they
/// changed, many heads named nothing ("Albanien" = "Name", "Anwesen" =
/// "Gesamtheit", "Abschlag" = "Spielen", "Alster" = "rechter
/// Nebenfluss"); the taxonomic ones read right (AMEISE = "Insekt", AFFE
/// = "Säugetier", ALBATROS = "Vogel").
fn noun_phrase_head(clue: &str) -> Option<String> {
    let words: Vec<&str> = clue.split_whitespace().collect();
    if words.last().is_some_and(|w| !starts_upper(w)) {
        return None;
    }
    let cut = words.iter().position(|w| ATTACHMENTS.contains(w))?;
    if !words[cut..].iter().take(3).any(|w| TAXA.contains(w)) {
        return None;
    }
    let head = &words[..cut];
    let noun = head.last().filter(|w| starts_upper(w))?;
    if head.iter().any(|w| w.ends_with(','))
        || WIDE_HEADS.contains(&noun.to_lowercase().as_str())
        || WIDE_TAXA.contains(noun)
    {
        return None;
    }
    // Adjectives before the noun, or nothing: "in der Stadt" is no head.
    if !head[..head.len() - 1]
        .iter()
        .all(|w| !starts_upper(w) && attributive(w))
    {
        return None;
    }
    let fits = |h: &str| h.chars().count() <= super::clue_text::MAX_CLUE_CHARS;
    let whole = head.join(" ");
    if fits(&whole) {
        Some(whole)
    } else {
        Some(noun.to_string()).filter(|n| fits(n))
    }
}

/// Longest label before a gloss's colon ("in einer
/// Verwandtschaftsbeziehung ersten Grades:" has 47 characters); a longer
/// text before a colon is the definition itself.
const MAX_LABEL_CHARS: usize = 50;

/// Whether the gloss opens with a label of a register or figure of speech
/// ([`SKIPPED_LABELS`]).
fn labelled_register(gloss: &str) -> bool {
    let mut text = gloss;
    while let Some((label, rest)) = text.split_once(": ") {
        if label.chars().count() > MAX_LABEL_CHARS {
            return false;
        }
        let label = label.to_lowercase();
        if SKIPPED_LABELS.iter().any(|s| label.contains(s)) {
            return true;
        }
        text = rest;
    }
    false
}

/// Whether a lower-case word has an adjective's inflection ending, as an
/// attribute before its noun has ("weiblicher", "kleine").
fn attributive(word: &str) -> bool {
    ["e", "er", "es", "en", "em"]
        .iter()
        .any(|ending| word.ends_with(ending))
}

fn starts_upper(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_senses_make_print_clues() {
        let cases = [
            (
                "Entomologie: Larve einer Fliege",
                Some("Larve einer Fliege"),
            ),
            ("ein Geräusch", Some("Geräusch")),
            ("eine kleine Brücke", Some("kleine Brücke")),
            (
                "Stadt in Niedersachsen, Deutschland; Leer (Ostfriesland)",
                Some("Stadt in Niedersachsen"),
            ),
            (
                "mitteleuropäischer Fluss, Strom in Europa, der im Riesengebirge entspringt",
                Some("mitteleuropäischer Fluss"),
            ),
            ("(fast) ohne (physischen) Inhalt", Some("ohne Inhalt")),
            ("mittellos, kein Geld besitzend", Some("mittellos")),
            ("stark, intensiv", Some("stark")),
            (
                "Mythologie: mythologischer, weiblicher Wassergeist",
                Some("mythologischer, weiblicher Wassergeist"),
            ),
            ("Person, die etwas verwaltet", None),
            ("weibliche Person", None),
            ("der fünfte Monat im Jahr", Some("der fünfte Monat im Jahr")),
            ("wenig Länge habend", None),
            ("etwas mit Größe, Wert, Maß oder Nummer 11", None),
            (
                "Berg mit flacher, tafelartiger Oberseite",
                Some("Berg mit flacher, tafelartiger Oberseite"),
            ),
            (
                "Chemie: farb-, geschmack- und geruchloses chemisches Element",
                None,
            ),
            ("umgangssprachlich: Kopf", None),
            ("Plural von Haus", None),
            ("aus Wurzel, Stamm und Krone bestehende Pflanze", None),
            ("Staat mit 5,7 Mio. Einwohnern", None),
            // Too long to print: the noun phrase's head, or its noun.
            (
                "staatenbildendes Insekt der Familie Formicidae",
                Some("Insekt"),
            ),
            // Not a biological definition: too long, left to the import.
            ("künstlerische Gesamtleitung einer Veranstaltung", None),
            // A head too wide: the whole stays (and is too long to import).
            (
                "Vertreter der Gattung Acer",
                Some("Vertreter der Gattung Acer"),
            ),
            (
                "kleines Raubtier aus der Familie der Marder",
                Some("kleines Raubtier"),
            ),
            // A verb's object is no head (the import drops the whole: too long).
            (
                "Bier aus Getreide herstellen",
                Some("Bier aus Getreide herstellen"),
            ),
        ];
        for (gloss, clue) in cases {
            let made = print_clue(gloss);
            let made = made.as_deref().filter(|c| c.chars().count() <= 40);
            assert_eq!(made, clue, "{gloss}");
        }
    }

    #[test]
    fn headwords_are_known_in_any_case_within_the_frequency_range() {
        let glosses = german();
        assert_eq!(glosses.is_headword("Kurve"), Some(true));
        // "ahnen" is the headword of AHNEN.
        assert_eq!(glosses.is_headword("Ahnen"), Some(true));
        assert_eq!(glosses.is_headword("nominiert"), Some(false));
        // Rarer than the shipped headwords: nothing to go by.
        assert_eq!(glosses.is_headword("Zwiebelfischlein"), None);
    }

    #[test]
    fn a_first_sense_confirms_a_clue_either_way() {
        let glosses = german();
        // ETAGE: "Erdgeschoss oder Stockwerk eines Bauwerks".
        assert!(glosses.confirms("Etage", "Stockwerk"));
        assert!(!glosses.confirms("Etage", "Flur"));
        // LENZ = "Frühling": Frühling's sense does not name Lenz, but
        // Lenz's names Frühling; the clue's own sense works the other way.
        assert!(glosses.confirms("Lenz", "Frühling"));
        // A verb's sense names the adjective it is made of: no clue of it.
        assert!(!glosses.confirms("unnötig", "erübrigen"));
    }

    #[test]
    fn a_set_that_the_first_sense_names_holds_the_main_sense() {
        let glosses = german();
        // "durch eine mathematische Beziehung definierte Linie"
        assert!(glosses.names_sense("Kurve", ["gekrümmte Linie", "Bogen"]));
        assert!(!glosses.names_sense("Kurve", ["Graph", "Graf", "Plot"]));
        assert!(glosses.names_sense("Made", ["Raupe", "Larve", "Engerling"]));
        assert!(!glosses.names_sense("Nichtswort", ["Larve"]));
    }
}
