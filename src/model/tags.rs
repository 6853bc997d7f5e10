//! Usage tags of a vocabulary entry — what kind of word an answer is
//! (abbreviation, symbol, unit) and its register (colloquial, dated,
//! Austrian, vulgar …) — their text form (`Km {unit}=Kilometer`) and the
//! markers print puts before a clue ("Abk.: …", "ugs.: …").

use super::language::Language;
use serde::{Deserialize, Serialize};

/// One usage tag. The text format writes [`Tag::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tag {
    /// An abbreviation (km, NASA): clued "Abk.: …".
    Abbreviation,
    /// A symbol (Cs, π): clued "Zeichen für …".
    Symbol,
    /// A unit sign (kWh): clued "Einheit: … (Abk.)".
    Unit,
    /// Colloquial (ugs.).
    Colloquial,
    /// Elevated, literary (geh.).
    Elevated,
    /// Dated or obsolete (veraltet).
    Dated,
    /// Technical jargon (fachspr.).
    Technical,
    /// Regional.
    Regional,
    /// Austrian (österr.).
    Austrian,
    /// Swiss (schweiz.).
    Swiss,
    /// Latin.
    Latin,
    /// English (in a German list).
    English,
    /// Coarse (derb): never printed by default.
    Coarse,
    /// Vulgar: never printed by default.
    Vulgar,
    /// Derogatory (abwertend): never printed by default.
    Derogatory,
    /// Not a usage: a dictionary's first sense of the answer confirms its
    /// first clue (set by `gridpress thesaurus`). Audited German pairs so
    /// confirmed were changed by an editor half as often (13 % against
    /// 34 %): the Swedish fill prefers them.
    Confirmed,
}

impl Tag {
    /// Every tag, in the order markers are printed.
    pub const ALL: [Tag; 16] = [
        Tag::Abbreviation,
        Tag::Symbol,
        Tag::Unit,
        Tag::Colloquial,
        Tag::Elevated,
        Tag::Dated,
        Tag::Technical,
        Tag::Regional,
        Tag::Austrian,
        Tag::Swiss,
        Tag::Latin,
        Tag::English,
        Tag::Coarse,
        Tag::Vulgar,
        Tag::Derogatory,
        Tag::Confirmed,
    ];

    /// The name in the text format.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Abbreviation => "abbr",
            Tag::Symbol => "symbol",
            Tag::Unit => "unit",
            Tag::Colloquial => "colloquial",
            Tag::Elevated => "elevated",
            Tag::Dated => "dated",
            Tag::Technical => "technical",
            Tag::Regional => "regional",
            Tag::Austrian => "austrian",
            Tag::Swiss => "swiss",
            Tag::Latin => "latin",
            Tag::English => "english",
            Tag::Coarse => "coarse",
            Tag::Vulgar => "vulgar",
            Tag::Derogatory => "derogatory",
            Tag::Confirmed => "confirmed",
        }
    }

    /// The tag named `name` (case-insensitive).
    pub fn parse(name: &str) -> Result<Tag, String> {
        let name = name.trim();
        Tag::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let known: Vec<&str> = Tag::ALL.iter().map(|t| t.name()).collect();
                format!("unknown tag {name:?} (known: {})", known.join(", "))
            })
    }

    /// The tag an OpenThesaurus label stands for (`Abkürzung`, `ugs.`,
    /// `österr.` …); `None` for labels that are not usage (`sich`, `fig.`).
    pub fn from_openthesaurus(label: &str) -> Option<Tag> {
        Some(match label.trim() {
            "Abkürzung" | "Kurzform" => Tag::Abbreviation,
            "Symbol" => Tag::Symbol,
            "Einheitenzeichen" => Tag::Unit,
            "ugs." | "salopp" | "Jargon" | "jugendsprachlich" => Tag::Colloquial,
            "geh." | "bildungssprachlich" | "poetisch" | "literarisch" => Tag::Elevated,
            "veraltet" | "veraltend" | "historisch" | "altertümelnd" => Tag::Dated,
            "fachspr." | "medizinisch" | "med." | "jur." | "juristisch" | "bot." | "botanisch"
            | "biologisch" | "zoologisch" | "wissenschaftlich" | "Amtsdeutsch" => Tag::Technical,
            "regional" | "bair." | "süddt." | "norddeutsch" | "schwäbisch" | "ruhrdt."
            | "rheinisch" | "berlinerisch" | "kölsch" | "fränk." | "niederdt."
            | "landschaftlich" | "DDR" => Tag::Regional,
            "österr." => Tag::Austrian,
            "schweiz." => Tag::Swiss,
            "lat." => Tag::Latin,
            "engl." => Tag::English,
            "derb" | "vulg." => Tag::Vulgar,
            "abwertend" | "stark abwertend" => Tag::Derogatory,
            _ => return None,
        })
    }

    /// Whether an entry with this tag is left out of puzzles by default
    /// (never an answer, never a clue).
    pub fn is_unprintable(self) -> bool {
        match self {
            Tag::Coarse | Tag::Vulgar | Tag::Derogatory => true,
            Tag::Abbreviation
            | Tag::Symbol
            | Tag::Unit
            | Tag::Colloquial
            | Tag::Elevated
            | Tag::Dated
            | Tag::Technical
            | Tag::Regional
            | Tag::Austrian
            | Tag::Swiss
            | Tag::Latin
            | Tag::English
            | Tag::Confirmed => false,
        }
    }

    /// Whether a word with this tag is known to few solvers (dialect, dated
    /// words, jargon, Latin, and the unprintable ones): a large list's
    /// familiar tier leaves it out however common its spelling (ERN, NAA,
    /// ENTER "Fohlen").
    pub fn is_specialist(self) -> bool {
        match self {
            Tag::Regional
            | Tag::Dated
            | Tag::Technical
            | Tag::Latin
            | Tag::Coarse
            | Tag::Vulgar
            | Tag::Derogatory => true,
            Tag::Abbreviation
            | Tag::Symbol
            | Tag::Unit
            | Tag::Colloquial
            | Tag::Elevated
            | Tag::Austrian
            | Tag::Swiss
            | Tag::English
            | Tag::Confirmed => false,
        }
    }

    /// Whether the answer is a short form (abbreviation, symbol, unit),
    /// which the clue must say.
    pub fn is_short_form(self) -> bool {
        matches!(self, Tag::Abbreviation | Tag::Symbol | Tag::Unit)
    }

    /// Whether the tag is a register: one that holds for a sense of a
    /// word (colloquial for "Kaff", not for "Horst"), not for its
    /// spelling (short forms), everywhere (the unprintable ones) or for
    /// its clue (confirmed).
    pub fn is_register(self) -> bool {
        match self {
            Tag::Colloquial
            | Tag::Elevated
            | Tag::Dated
            | Tag::Technical
            | Tag::Regional
            | Tag::Austrian
            | Tag::Swiss
            | Tag::Latin
            | Tag::English => true,
            Tag::Abbreviation
            | Tag::Symbol
            | Tag::Unit
            | Tag::Coarse
            | Tag::Vulgar
            | Tag::Derogatory
            | Tag::Confirmed => false,
        }
    }

    /// The register hint printed before a clue, in the page's language;
    /// `None` for tags that print no hint.
    fn hint(self, language: Language) -> Option<&'static str> {
        let german = language == Language::German;
        Some(match self {
            Tag::Colloquial => pick(german, "ugs.", "inf."),
            Tag::Elevated => pick(german, "geh.", "lit."),
            Tag::Dated => pick(german, "veraltet", "dated"),
            Tag::Regional => pick(german, "regional", "dial."),
            Tag::Austrian => pick(german, "österr.", "Austrian"),
            Tag::Swiss => pick(german, "schweiz.", "Swiss"),
            Tag::Latin => pick(german, "lat.", "Lat."),
            Tag::English => pick(german, "engl.", "Engl."),
            Tag::Abbreviation
            | Tag::Symbol
            | Tag::Unit
            | Tag::Technical
            | Tag::Coarse
            | Tag::Vulgar
            | Tag::Derogatory
            | Tag::Confirmed => return None,
        })
    }
}

fn pick(german: bool, de: &'static str, en: &'static str) -> &'static str {
    if german { de } else { en }
}

/// A printed clue without the marker [`marked_clue`] puts before (and
/// after) it for `tags`: what a vocabulary holds ("ugs.: Kaff" → "Kaff").
/// A clue without that marker is returned as it is.
pub fn unmarked_clue(printed: &str, tags: &[Tag], language: Language) -> String {
    const PLACE: &str = "\u{1}";
    let template = marked_clue(PLACE, tags, language);
    let (before, after) = template.split_once(PLACE).unwrap_or(("", ""));
    printed
        .strip_prefix(before)
        .and_then(|rest| rest.strip_suffix(after))
        .filter(|raw| !raw.is_empty())
        .filter(|_| !(before.is_empty() && after.is_empty()))
        .unwrap_or(printed)
        .to_string()
}

/// The clue as printed for an answer with `tags`: short forms say so
/// ("Abk.: Kilometer", "Zeichen für Caesium", "Einheit: Wattstunde
/// (Abk.)"; English "abbr.: …", "symbol for …", "unit: … (abbr.)"), and
/// register hints stand before the clue ("ugs.: Auto"). A clue that
/// already says it (an editor's "Abk. für …") is left as it is.
pub fn marked_clue(clue: &str, tags: &[Tag], language: Language) -> String {
    let german = language == Language::German;
    let already = says_short_form(clue);
    let short = if already {
        None
    } else if tags.contains(&Tag::Unit) {
        Some(if german {
            format!("Einheit: {clue} (Abk.)")
        } else {
            format!("unit: {clue} (abbr.)")
        })
    } else if tags.contains(&Tag::Symbol) {
        Some(if german {
            format!("Zeichen für {clue}")
        } else {
            format!("symbol for {clue}")
        })
    } else if tags.contains(&Tag::Abbreviation) {
        Some(if german {
            format!("Abk.: {clue}")
        } else {
            format!("abbr.: {clue}")
        })
    } else {
        None
    };
    if let Some(text) = short {
        return text;
    }
    let hints: Vec<&str> = Tag::ALL
        .iter()
        .filter(|t| tags.contains(t))
        .filter_map(|t| t.hint(language))
        .collect();
    if hints.is_empty() || already {
        clue.to_string()
    } else {
        format!("{}: {clue}", hints.join(", "))
    }
}

/// Whether a clue says its answer is a short form, as print marks one
/// ("Abk.: …", "Zeichen für …", "Einheit: …", "abbr.: …", "symbol for
/// …", "unit: …", an editor's "Abk. für …" or "Kurzwort für …"); a word
/// that merely begins so ("Zeichenfolge", "united") does not.
pub fn says_short_form(clue: &str) -> bool {
    const MARKERS: [&str; 10] = [
        "abk.",
        "abk ",
        "abbr.",
        "abbr ",
        "zeichen für",
        "symbol for",
        "symbol of",
        "einheit:",
        "unit:",
        "kurzw",
    ];
    let lower = clue.trim_start().to_lowercase();
    MARKERS.iter().any(|m| lower.starts_with(m))
}

/// Whether a term reads as an abbreviation by its spelling: capitals only (LZB,
/// NASA), a short term with two capitals (MfS, EdT), or a short term
/// without a vowel (kg, km).
pub fn looks_abbreviated(text: &str) -> bool {
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    let capitals = letters.iter().filter(|c| c.is_uppercase()).count();
    let vowel = letters.iter().any(|c| "aeiouyäöüAEIOUYÄÖÜ".contains(*c));
    (letters.len() >= 2 && capitals == letters.len())
        || (letters.len() <= 5 && capitals >= 2)
        || (letters.len() <= 4 && !vowel)
}

/// Tags as written after a word in the text format: ` {abbr,colloquial}`
/// (empty when there are none).
pub fn format_tags(tags: &[Tag]) -> String {
    if tags.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = tags.iter().map(|t| t.name()).collect();
    format!(" {{{}}}", names.join(","))
}

/// Splits `word {tag,tag}` into the word and its tags.
pub fn split_tags(text: &str) -> Result<(&str, Vec<Tag>), String> {
    let text = text.trim();
    let Some(open) = text.rfind('{') else {
        return Ok((text, Vec::new()));
    };
    let Some(inner) = text[open + 1..].strip_suffix('}') else {
        return Err(format!(
            "{text:?}: a tag list starts with {{ but does not end with }}"
        ));
    };
    let mut tags = Vec::new();
    for name in inner.split(',').filter(|n| !n.trim().is_empty()) {
        let tag = Tag::parse(name)?;
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    tags.sort();
    Ok((text[..open].trim_end(), tags))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_clue_loses_its_marker_and_only_that() {
        let de = Language::German;
        for (tags, raw) in [
            (vec![Tag::Colloquial], "Kaff"),
            (vec![Tag::Unit], "Wattstunde"),
            (vec![Tag::Abbreviation], "Kilometer"),
            (vec![], "Gott der Liebe"),
        ] {
            let printed = marked_clue(raw, &tags, de);
            assert_eq!(unmarked_clue(&printed, &tags, de), raw, "{printed}");
        }
        // A clue typed without the marker stays as it is.
        assert_eq!(unmarked_clue("Kaff", &[Tag::Colloquial], de), "Kaff");
    }

    #[test]
    fn tags_round_trip_and_unknown_ones_are_named() {
        let (word, tags) = split_tags("Km {unit, abbr}").unwrap();
        assert_eq!(word, "Km");
        assert_eq!(tags, vec![Tag::Abbreviation, Tag::Unit]);
        assert_eq!(format_tags(&tags), " {abbr,unit}");
        assert_eq!(split_tags("Auto").unwrap(), ("Auto", vec![]));
        let err = split_tags("Auto {slang}").unwrap_err();
        assert!(
            err.contains("\"slang\"") && err.contains("colloquial"),
            "{err}"
        );
        assert!(split_tags("Auto {ugs").is_err());
        for tag in Tag::ALL {
            assert_eq!(Tag::parse(tag.name()), Ok(tag));
        }
    }

    #[test]
    fn short_forms_and_registers_are_marked_as_print_does() {
        let de = Language::German;
        let en = Language::English;
        assert_eq!(
            marked_clue("Kilometer", &[Tag::Abbreviation], de),
            "Abk.: Kilometer"
        );
        assert_eq!(
            marked_clue("Caesium", &[Tag::Symbol], de),
            "Zeichen für Caesium"
        );
        assert_eq!(
            marked_clue("Wattstunde", &[Tag::Abbreviation, Tag::Unit], de),
            "Einheit: Wattstunde (Abk.)"
        );
        assert_eq!(
            marked_clue("caesium", &[Tag::Symbol], en),
            "symbol for caesium"
        );
        assert_eq!(
            marked_clue("Auto", &[Tag::Colloquial, Tag::Austrian], de),
            "ugs., österr.: Auto"
        );
        assert_eq!(marked_clue("Auto", &[Tag::Technical], de), "Auto");
        assert_eq!(
            marked_clue("Abk. für Kilometer", &[Tag::Abbreviation], de),
            "Abk. für Kilometer"
        );
        assert_eq!(Tag::from_openthesaurus("Einheitenzeichen"), Some(Tag::Unit));
        assert_eq!(Tag::from_openthesaurus("sich"), None);
        // A clue that begins like a marker is no marker: STRING =
        // "Zeichenfolge" is a word, and an abbreviation clued so is marked.
        assert!(!says_short_form("Zeichenfolge"));
        assert!(!says_short_form("united"));
        assert!(says_short_form("Zeichen für Eisen"));
        assert_eq!(
            marked_clue("Zeichenfolge", &[Tag::Abbreviation], de),
            "Abk.: Zeichenfolge"
        );
    }
}
