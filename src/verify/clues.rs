//! What a clued puzzle (Swedish, or a word rectangle printed with clues)
//! offers its solver and editor, measured from the finished puzzle alone:
//! short answers, familiar answers, short forms and whether their clues say
//! so, clue lengths, repeats, sensitive words, crossing and clue-cell
//! layout. Shares no code with the generator; the frequency and sensitive
//! lists are the shipped ones (`model::lexicon`).

use crate::model::lexicon::{FAMILIAR_ZIPF, sensitive, zipf};
use crate::model::{Direction, Language, Pos, Puzzle};
use std::collections::{BTreeMap, BTreeSet};

/// The content and layout measures of a clued puzzle.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ClueQuality {
    /// The language measured against (guessed from the answers).
    pub language: Language,
    /// Answers.
    pub answers: usize,
    /// Two-letter answers.
    pub two_letter: usize,
    /// Three-letter answers.
    pub three_letter: usize,
    /// Answers of 3+ letters among the language's common words (Zipf ≥
    /// [`FAMILIAR_ZIPF`]), and how many such answers there are.
    pub familiar: (usize, usize),
    /// Median Zipf frequency of the 3+-letter answers.
    pub median_zipf: f64,
    /// Answers that are abbreviations, symbols or units (by their clue's
    /// marker or their spelling), and how many of them are not marked.
    pub short_forms: (usize, usize),
    /// Sensitive answers or clues (the shipped list of the language).
    pub sensitive: Vec<String>,
    /// Clue texts printed more than once.
    pub repeated_clues: Vec<String>,
    /// Answer pairs of one word family (ENTE/ENTEN).
    pub word_families: Vec<String>,
    /// Clues that give an answer away, as "ANSWER = clue": sharing their
    /// own answer's stem or spelling (ROSA = "rosig", MACRO = "Makro") or
    /// naming another answer of the puzzle (REGENT = "Herr" beside HERR).
    pub giveaways: Vec<String>,
    /// Longest and mean clue, in characters.
    pub longest_clue: usize,
    /// See `longest_clue`.
    pub mean_clue: f64,
    /// Swedish: letter cells per clue cell.
    pub letters_per_clue: f64,
    /// Swedish: share of letter cells in an across and a down answer.
    pub checked_share: f64,
    /// Swedish: most clue cells side by side in a row.
    pub adjacent_clue_cells: usize,
    /// 0 (very easy) to 100 (very hard): how common the answers and the
    /// clues' words are, short forms and register hints.
    pub difficulty: u8,
    /// Median Zipf frequency of the clues' rarest words.
    pub clue_zipf: f64,
}

impl ClueQuality {
    /// "easy", "medium" or "hard" for the difficulty score.
    pub fn difficulty_label(&self) -> &'static str {
        match self.difficulty {
            0..=34 => "easy",
            35..=59 => "medium",
            _ => "hard",
        }
    }

    /// Share of two-letter answers.
    pub fn two_letter_share(&self) -> f64 {
        self.two_letter as f64 / self.answers.max(1) as f64
    }

    /// Share of three-letter answers.
    pub fn three_letter_share(&self) -> f64 {
        self.three_letter as f64 / self.answers.max(1) as f64
    }

    /// Share of familiar answers among the 3+-letter ones.
    pub fn familiar_share(&self) -> f64 {
        self.familiar.0 as f64 / self.familiar.1.max(1) as f64
    }

    /// One line for `check` and the app.
    pub fn line(&self) -> String {
        format!(
            "{} ({}), answers {}: two-letter {:.0} %, three-letter {:.0} %, familiar {:.0} % (median zipf {:.1}), short forms {} ({} unmarked), {:.1} letters per clue cell, {:.0} % checked both ways, clues up to {} characters (mean {:.1}), {} repeated clue texts, {} word families, {} giveaways, {} sensitive",
            self.difficulty_label(),
            self.difficulty,
            self.answers,
            self.two_letter_share() * 100.0,
            self.three_letter_share() * 100.0,
            self.familiar_share() * 100.0,
            self.median_zipf,
            self.short_forms.0,
            self.short_forms.1,
            self.letters_per_clue,
            self.checked_share * 100.0,
            self.longest_clue,
            self.mean_clue,
            self.repeated_clues.len(),
            self.word_families.len(),
            self.giveaways.len(),
            self.sensitive.len(),
        )
    }
}

/// Answers shorter than this are not looked for in other answers' clues
/// (two or three letters stand inside many words).
const NAMED_FROM: usize = 4;

/// The clues that give an answer away (see [`ClueQuality::giveaways`]),
/// read without their register or short-form label.
fn giveaways(puzzle: &Puzzle) -> Vec<String> {
    use crate::model::thesaurus::{names_word, shares_stem};
    let mut out = Vec::new();
    for (i, w) in puzzle.words.iter().enumerate() {
        let Some(clue) = w.clue.as_deref() else {
            continue;
        };
        let body = clue.split_once(": ").map_or(clue, |(_, b)| b);
        let own = shares_stem(body, &w.word);
        let other = puzzle.words.iter().enumerate().any(|(j, o)| {
            j != i && o.word.chars().count() >= NAMED_FROM && names_word(body, &o.word)
        });
        if own || other {
            out.push(format!("{} = {clue}", w.word));
        }
    }
    out
}

/// Measures a puzzle's answers and clues; `None` when no word has a clue.
pub fn measure(puzzle: &Puzzle) -> Option<ClueQuality> {
    let clued: Vec<_> = puzzle.words.iter().filter(|w| w.clue.is_some()).collect();
    if clued.is_empty() {
        return None;
    }
    let language = guess_language(puzzle);
    let mut q = ClueQuality {
        language,
        answers: puzzle.words.len(),
        ..ClueQuality::default()
    };
    let list = sensitive(language);
    let mut zipfs = Vec::new();
    let mut clue_count: BTreeMap<&str, usize> = BTreeMap::new();
    let mut clue_chars = 0usize;
    for w in &puzzle.words {
        let len = w.word.chars().count();
        q.two_letter += usize::from(len == 2);
        q.three_letter += usize::from(len == 3);
        if len >= 3 {
            let z = zipf(&w.display, language);
            zipfs.push(z);
            q.familiar.1 += 1;
            q.familiar.0 += usize::from(z >= FAMILIAR_ZIPF);
        }
        let clue = w.clue.as_deref().unwrap_or_default();
        let marked = crate::model::tags::says_short_form(clue);
        if marked || crate::model::tags::looks_abbreviated(&w.display) {
            q.short_forms.0 += 1;
            q.short_forms.1 += usize::from(!marked);
        }
        for text in [w.display.as_str(), clue] {
            if list.matches(text) {
                q.sensitive.push(text.to_string());
            }
        }
        *clue_count.entry(clue).or_default() += 1;
        clue_chars += clue.chars().count();
        q.longest_clue = q.longest_clue.max(clue.chars().count());
    }
    q.mean_clue = clue_chars as f64 / puzzle.words.len() as f64;
    let mut clue_zipfs: Vec<f32> = puzzle
        .words
        .iter()
        .filter_map(|w| w.clue.as_deref())
        .map(|c| {
            c.split(|ch: char| !ch.is_alphabetic())
                .filter(|x| x.chars().count() >= 3)
                .map(|x| zipf(x, language))
                .fold(f32::INFINITY, f32::min)
        })
        .filter(|z| z.is_finite())
        .collect();
    clue_zipfs.sort_by(f32::total_cmp);
    q.clue_zipf = clue_zipfs.get(clue_zipfs.len() / 2).copied().unwrap_or(0.0) as f64;
    zipfs.sort_by(f32::total_cmp);
    q.median_zipf = zipfs.get(zipfs.len() / 2).copied().unwrap_or(0.0) as f64;
    q.repeated_clues = clue_count
        .into_iter()
        .filter(|(c, n)| *n > 1 && !c.is_empty())
        .map(|(c, _)| c.to_string())
        .collect();
    q.word_families = word_families(puzzle);
    q.giveaways = giveaways(puzzle);
    q.difficulty = difficulty(&q, puzzle);
    if !puzzle.clue_cells().is_empty() {
        layout_measures(puzzle, &mut q);
    }
    Some(q)
}

/// The difficulty score: answers with a median Zipf of 4.4 and clues whose
/// rarest words have 3.6 score 0, answers at 2.8 and clues at 2.0 score
/// 100, each 45 % of the weight; short forms and register hints add up to
/// 10 each. Calibrated on German 13×17 pages (4 seeds each): easy answers
/// 4.2–4.4 and clues 3.2–3.8 (scores 18–35), medium 3.4–3.9 and 2.6–3.1
/// (44–59, one 76), hard 3.3–3.7 and 2.6–3.2 with rarer answers (58–66):
/// the labels split at 35 and 60.
fn difficulty(q: &ClueQuality, puzzle: &Puzzle) -> u8 {
    let answers = ((4.4 - q.median_zipf) / 1.6).clamp(0.0, 1.0);
    let clues = ((3.6 - q.clue_zipf) / 1.6).clamp(0.0, 1.0);
    let n = puzzle.words.len().max(1) as f64;
    let hints = puzzle
        .words
        .iter()
        .filter(|w| w.clue.as_deref().is_some_and(|c| c.contains(".:")))
        .count() as f64;
    let score = 45.0 * answers
        + 45.0 * clues
        + 10.0 * (q.short_forms.0 as f64 / n * 10.0).min(1.0)
        + 10.0 * (hints / n * 10.0).min(1.0);
    score.round().clamp(0.0, 100.0) as u8
}

/// Pairs of answers where one is the other plus at most two letters at
/// the end (ENTE/ENTEN, HAUS/HAUSE), from four letters on.
fn word_families(puzzle: &Puzzle) -> Vec<String> {
    let words: BTreeSet<&str> = puzzle.words.iter().map(|w| w.word.as_str()).collect();
    let mut out = Vec::new();
    for a in &words {
        for b in &words {
            let (la, lb) = (a.chars().count(), b.chars().count());
            if la >= 4 && lb > la && lb - la <= 2 && b.starts_with(a) {
                out.push(format!("{a}/{b}"));
            }
        }
    }
    out
}

/// Letters per clue cell, letters crossed both ways, clue cells in a row.
fn layout_measures(puzzle: &Puzzle, q: &mut ClueQuality) {
    let clue_cells: BTreeSet<Pos> = puzzle.clue_cells().iter().map(|c| c.pos).collect();
    let mut across = BTreeSet::new();
    let mut down = BTreeSet::new();
    for w in &puzzle.words {
        let (dr, dc) = w.direction.delta();
        for i in 0..w.word.chars().count() as isize {
            let p = Pos::new(
                (w.start.row as isize + dr * i) as usize,
                (w.start.col as isize + dc * i) as usize,
            );
            match w.direction {
                Direction::E => across.insert(p),
                _ => down.insert(p),
            };
        }
    }
    let letters: Vec<Pos> = puzzle
        .mask
        .positions()
        .filter(|p| puzzle.letter(*p).is_some())
        .collect();
    let checked = letters
        .iter()
        .filter(|p| across.contains(p) && down.contains(p))
        .count();
    q.letters_per_clue = letters.len() as f64 / clue_cells.len().max(1) as f64;
    q.checked_share = checked as f64 / letters.len().max(1) as f64;
    for row in 0..puzzle.height() {
        let mut run = 0;
        for col in 0..puzzle.width() {
            if clue_cells.contains(&Pos::new(row, col)) {
                run += 1;
                q.adjacent_clue_cells = q.adjacent_clue_cells.max(run);
            } else {
                run = 0;
            }
        }
    }
}

/// German when an answer is printed with ä, ö, ü or ß or more answers are
/// common German than common English words; else English.
fn guess_language(puzzle: &Puzzle) -> Language {
    let umlauts = puzzle
        .words
        .iter()
        .any(|w| w.display.chars().any(|c| "äöüÄÖÜß".contains(c)));
    if umlauts {
        return Language::German;
    }
    let familiar = |l: Language| {
        puzzle
            .words
            .iter()
            .filter(|w| zipf(&w.display, l) >= FAMILIAR_ZIPF)
            .count()
    };
    if familiar(Language::German) > familiar(Language::English) {
        Language::German
    } else {
        Language::English
    }
}
