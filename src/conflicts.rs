//! What in a word search's must-use lists would stop Generate, found all
//! at once before generating (Generate names one at a time): words listed
//! twice, words that read inside others, words no line of the shape
//! takes — each with the entry its fix removes.

use crate::model::{PuzzleKind, Word};
use crate::project::Project;

/// A project entry: its vocabulary and its index there, and as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRef {
    pub vocabulary: usize,
    pub index: usize,
    pub word: String,
}

/// One conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The same grid letters as an earlier entry.
    Duplicate { earlier: EntryRef, again: EntryRef },
    /// `shorter` reads inside `longer` (then found twice in the grid).
    Inside {
        longer: EntryRef,
        shorter: EntryRef,
        backwards: bool,
    },
    /// More letters than the longest line of the shape.
    TooLong { entry: EntryRef, longest: usize },
}

impl Conflict {
    /// What is wrong, for the editor.
    pub fn message(&self) -> String {
        match self {
            Conflict::Duplicate { again, .. } => format!("{} is listed twice", again.word),
            Conflict::Inside {
                longer,
                shorter,
                backwards,
            } => format!(
                "{} contains {}{}",
                longer.word,
                shorter.word,
                if *backwards { " (backwards)" } else { "" }
            ),
            Conflict::TooLong { entry, longest } => format!(
                "{} has {} letters; the longest line has {longest}",
                entry.word,
                entry.word.chars().filter(|c| c.is_alphabetic()).count()
            ),
        }
    }

    /// The entry "fix all" removes: the second copy, the shorter word
    /// (the longer is the rarer find), the word too long.
    pub fn default_fix(&self) -> &EntryRef {
        match self {
            Conflict::Duplicate { again, .. } => again,
            Conflict::Inside { shorter, .. } => shorter,
            Conflict::TooLong { entry, .. } => entry,
        }
    }
}

/// Must-use words beyond this are not compared pairwise here (Generate
/// still names a conflict): a theme list has 30–300.
pub const COMPARED_AT_MOST: usize = 3_000;

/// The conflicts among the project's must-use words (word searches only:
/// a rectangle or a Swedish puzzle draws its words).
pub fn word_conflicts(project: &Project) -> Vec<Conflict> {
    match project.generator.kind {
        PuzzleKind::WordSearch => {}
        PuzzleKind::WordRectangle | PuzzleKind::Swedish => return Vec::new(),
    }
    let mode = project.umlaut_mode();
    let mut words: Vec<(EntryRef, Vec<char>)> = Vec::new();
    for (v, vocabulary) in project.vocabularies.iter().enumerate() {
        if !vocabulary.must_use {
            continue;
        }
        for (i, entry) in vocabulary.entries.iter().enumerate() {
            // An entry that is no word is the vocabulary check's to name.
            if let Ok(word) = Word::new(&entry.word, None, mode) {
                let at = EntryRef {
                    vocabulary: v,
                    index: i,
                    word: word.printed.to_string(),
                };
                words.push((at, word.letters));
            }
        }
    }
    if words.len() > COMPARED_AT_MOST {
        return Vec::new();
    }
    let mut out = Vec::new();
    let longest = project
        .to_spec()
        .ok()
        .map(|spec| spec.mask.longest_line(spec.directions));
    let mut duplicate = vec![false; words.len()];
    for b in 0..words.len() {
        if let Some(a) = (0..b).find(|&a| words[a].1 == words[b].1) {
            duplicate[b] = true;
            out.push(Conflict::Duplicate {
                earlier: words[a].0.clone(),
                again: words[b].0.clone(),
            });
        }
    }
    for (l, (longer, long)) in words.iter().enumerate() {
        if duplicate[l] {
            continue;
        }
        if let Some(longest) = longest
            && long.len() > longest
        {
            out.push(Conflict::TooLong {
                entry: longer.clone(),
                longest,
            });
        }
        for (s, (shorter, short)) in words.iter().enumerate() {
            if s == l || duplicate[s] || short.len() > long.len() || short == long {
                continue;
            }
            let forwards = long.windows(short.len()).any(|w| w == short.as_slice());
            let reversed: Vec<char> = short.iter().rev().copied().collect();
            let backwards =
                !forwards && long.windows(short.len()).any(|w| w == reversed.as_slice());
            if forwards || backwards {
                out.push(Conflict::Inside {
                    longer: longer.clone(),
                    shorter: shorter.clone(),
                    backwards,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::vocabulary::Entry;

    #[test]
    fn duplicates_words_inside_others_and_long_words_are_found_at_once() {
        let mut project = Project::sample();
        project.generator.pick = None;
        project.grid.width = 10;
        project.grid.height = 10;
        let v = &mut project.vocabularies[0];
        v.must_use = true;
        v.entries = [
            "Nüsse",
            "Erntedank",
            "Ernte",
            "Nüsse",
            "Laub",
            "Herbstlaternenumzug",
            "Regal",
        ]
        .iter()
        .map(|w| Entry::typed(w, None))
        .collect();
        let found = word_conflicts(&project);
        let messages: Vec<String> = found.iter().map(Conflict::message).collect();
        assert!(
            messages.contains(&"Nüsse is listed twice".to_string()),
            "{messages:?}"
        );
        assert!(messages.contains(&"Erntedank contains Ernte".to_string()));
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("Herbstlaternenumzug has 19 letters"))
        );
        assert_eq!(found.len(), 3, "{messages:?}");
        let fixes: Vec<usize> = found.iter().map(|c| c.default_fix().index).collect();
        assert_eq!(fixes, vec![3, 2, 5]);
    }
}
