//! What every printed clue shares, whatever its source (thesaurus,
//! Wiktionary, WordNet): the longest a clue may be, and its text without
//! asides.

/// Longest clue in characters: a 13×17 page's clue cell (about 9 mm)
/// holds two lines of about 11 characters at the template's smallest clue
/// type; longer synonyms would shrink below it or need three lines.
pub const MAX_CLUE_CHARS: usize = 22;

/// `text` without what stands in parentheses (labels, asides), its words
/// joined by single spaces.
pub fn without_parentheses(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}
