//! The puzzle JSON, version 1 (`docs/puzzle-json.md`): writing, and reading
//! back for `gridpress check`.

use crate::error::InputError;
use crate::model::{
    Arrow, Body, ClueCell, CluePointer, Direction, DirectionSet, Mask, PlacedWord, Pos, Puzzle,
    PuzzleKind, Quality, Report, Rules, Solution,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

#[derive(Serialize, Deserialize)]
struct PuzzleJson {
    format: String,
    version: u32,
    kind: String,
    width: usize,
    height: usize,
    seed: u64,
    directions: Vec<String>,
    mask: Vec<String>,
    grid: Vec<Vec<String>>,
    words: Vec<WordJson>,
    solution: Option<SolutionJson>,
    /// Word searches only: how words share cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<RulesJson>,
    /// Swedish puzzles only: the cells holding clues.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clue_cells: Option<Vec<ClueCellJson>>,
    report: Map<String, Value>,
}

#[derive(Serialize, Deserialize)]
struct ClueCellJson {
    cell: [usize; 2],
    clues: Vec<ClueJson>,
}

#[derive(Serialize, Deserialize)]
struct ClueJson {
    /// Index into `words`.
    word: usize,
    arrow: String,
}

#[derive(Serialize, Deserialize)]
struct WordJson {
    word: String,
    display: String,
    start: [usize; 2],
    direction: String,
    vocabulary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clue: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    clue_edited: bool,
}

#[derive(Serialize, Deserialize)]
struct SolutionJson {
    word: String,
    cells: Vec<[usize; 2]>,
    /// Letters per word of the printed solution (absent: one word).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<usize>>,
}

#[derive(Serialize, Deserialize)]
struct RulesJson {
    max_words_per_cell: u8,
    max_overlap_fraction: f64,
}

/// A puzzle as its JSON export.
fn to_json(p: &Puzzle) -> PuzzleJson {
    let report = report_json(p);
    PuzzleJson {
        format: "gridpress-puzzle".into(),
        version: 1,
        kind: p.kind().json_name().into(),
        width: p.width(),
        height: p.height(),
        seed: p.seed,
        directions: p.directions.iter().map(|d| d.name().to_string()).collect(),
        mask: p.mask.to_rows(),
        grid: p
            .grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| c.map(String::from).unwrap_or_default())
                    .collect()
            })
            .collect(),
        words: p
            .words
            .iter()
            .map(|w| WordJson {
                word: w.word.clone(),
                display: w.display.clone(),
                start: [w.start.row, w.start.col],
                direction: w.direction.name().into(),
                vocabulary: w.vocabulary.clone(),
                clue: w.clue.clone(),
                clue_edited: w.clue_edited,
            })
            .collect(),
        solution: p.solution().map(|s| SolutionJson {
            word: s.word.clone(),
            cells: s.cells.iter().map(|c| [c.row, c.col]).collect(),
            groups: (s.groups.len() > 1).then(|| s.groups.clone()),
        }),
        rules: match &p.body {
            Body::WordSearch { rules, .. } => Some(RulesJson {
                max_words_per_cell: rules.max_words_per_cell,
                max_overlap_fraction: rules.max_overlap_fraction,
            }),
            Body::WordRectangle | Body::Swedish { .. } => None,
        },
        clue_cells: match &p.body {
            Body::Swedish { clue_cells, .. } => Some(
                clue_cells
                    .iter()
                    .map(|cell| ClueCellJson {
                        cell: [cell.pos.row, cell.pos.col],
                        clues: cell
                            .clues
                            .iter()
                            .map(|c| ClueJson {
                                word: c.word,
                                arrow: c.arrow.name().into(),
                            })
                            .collect(),
                    })
                    .collect(),
            ),
            Body::WordSearch { .. } | Body::WordRectangle => None,
        },
        report,
    }
}

/// The report object: what was relaxed, the grid's measures, the
/// search's effort and notes, and the quality and clue measures.
fn report_json(p: &Puzzle) -> Map<String, Value> {
    let r = &p.report;
    let mut report = Map::new();
    report.insert("relaxed".into(), json!(r.relaxed));
    report.insert(
        "density".into(),
        json!((r.density * 10_000.0).round() / 10_000.0),
    );
    report.insert("accidental_words".into(), json!(r.accidental_words));
    let counts: Map<String, Value> = r
        .direction_counts
        .iter()
        .map(|(d, n)| (d.name().to_string(), json!(n)))
        .collect();
    report.insert("direction_counts".into(), Value::Object(counts));
    report.insert("nodes".into(), json!(r.nodes));
    report.insert("restarts".into(), json!(r.restarts));
    report.insert("notes".into(), json!(r.notes));
    if !r.unplaced.is_empty() {
        report.insert("unplaced".into(), json!(r.unplaced));
    }
    if r.cut_short {
        report.insert("cut_short".into(), json!(true));
    }
    if let Some(asked) = r.words_asked {
        report.insert(
            "word_count".into(),
            json!({"asked": asked.to_string(), "used": p.words.len()}),
        );
    }
    if p.kind().has_layout_quality() {
        report.insert("quality".into(), quality_json(&r.quality, p.words.len()));
    }
    if let Some(q) = crate::verify::clues::measure(p) {
        report.insert("clues".into(), clues_json(&q));
    }
    report
}

/// The clue measures (`verify::clues`) as the report's `clues` object.
fn clues_json(q: &crate::verify::clues::ClueQuality) -> Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    json!({
        "language": match q.language {
            crate::model::Language::German => "de",
            crate::model::Language::English | crate::model::Language::FromVocabulary => "en",
        },
        "answers": q.answers,
        "two_letter_share": round(q.two_letter_share()),
        "three_letter_share": round(q.three_letter_share()),
        "familiar_share": round(q.familiar_share()),
        "median_zipf": round(q.median_zipf),
        "short_forms": q.short_forms.0,
        "short_forms_unmarked": q.short_forms.1,
        "sensitive": q.sensitive,
        "repeated_clues": q.repeated_clues,
        "word_families": q.word_families,
        "giveaways": q.giveaways,
        "longest_clue": q.longest_clue,
        "mean_clue": round(q.mean_clue),
        "letters_per_clue_cell": round(q.letters_per_clue),
        "checked_share": round(q.checked_share),
        "adjacent_clue_cells": q.adjacent_clue_cells,
        "difficulty": q.difficulty,
        "difficulty_label": q.difficulty_label(),
        "clue_zipf": round(q.clue_zipf),
    })
}

fn quality_json(q: &Quality, words: usize) -> Value {
    let share = |x: f64| (x * 1_000.0).round() / 1_000.0;
    json!({
        "difficulty": q.difficulty,
        "difficulty_label": q.difficulty_label(),
        "word_lengths": [q.length_range.0, q.length_range.1],
        "distinct_lengths": q.distinct_lengths,
        "crossings": q.crossings,
        "reversed_share": share(q.reversed_share),
        "diagonal_share": share(q.diagonal_share),
        "decoys": q.decoys,
        "compounds": q.compounds,
        "largest_bundle": q.largest_bundle,
        "bundled_words": q.bundled_words,
        "emptiest_region": share(q.emptiest_region),
        "solution_regions": q.solution_regions,
        "solution_letters": q.solution_letters,
        "solution_blocks": q.solution_blocks,
        "shortfalls": q.shortfalls(words),
    })
}

/// Clue cells as read; arrows by name, word indices within `words`.
fn clue_cells_from_json(cells: Vec<ClueCellJson>, words: usize) -> Result<Vec<ClueCell>, String> {
    cells
        .into_iter()
        .map(|cell| {
            let pos = Pos::new(cell.cell[0], cell.cell[1]);
            let clues = cell
                .clues
                .into_iter()
                .map(|c| {
                    let arrow = Arrow::ALL
                        .into_iter()
                        .find(|a| a.name() == c.arrow)
                        .ok_or_else(|| {
                            format!("clue cell {pos}: arrow {:?} is unknown", c.arrow)
                        })?;
                    if c.word >= words {
                        return Err(format!(
                            "clue cell {pos}: word {} is not one of the {words} words",
                            c.word
                        ));
                    }
                    Ok(CluePointer {
                        word: c.word,
                        arrow,
                    })
                })
                .collect::<Result<_, String>>()?;
            Ok(ClueCell { pos, clues })
        })
        .collect()
}

/// One puzzle as pretty JSON.
pub fn to_string(puzzle: &Puzzle) -> String {
    serde_json::to_string_pretty(&to_json(puzzle)).expect("puzzle JSON serialises")
}

/// A batch as a JSON list.
pub fn list_to_string(puzzles: &[Puzzle]) -> String {
    let list: Vec<PuzzleJson> = puzzles.iter().map(to_json).collect();
    serde_json::to_string_pretty(&list).expect("puzzle JSON serialises")
}

/// One puzzle as an object, several as a list (what `--json` writes).
pub fn puzzles_to_string(puzzles: &[Puzzle]) -> String {
    match puzzles {
        [one] => to_string(one),
        many => list_to_string(many),
    }
}

/// A direction as the contract writes it: upper case (`E`, `SE`, …).
fn contract_direction(name: &str) -> Result<Direction, String> {
    match name.parse::<Direction>() {
        Ok(d) if d.to_string() == name => Ok(d),
        _ => Err(format!(
            "direction {name:?} is not one of E, SE, S, SW, W, NW, N, NE"
        )),
    }
}

/// Most words one cell may hold (as for projects).
pub const MAX_WORDS_PER_CELL: u8 = crate::model::spec::MAX_WORDS_PER_CELL;

/// Reads one puzzle or a list of puzzles; `source` names the file in errors.
pub fn parse(text: &str, source: &str) -> Result<Vec<Puzzle>, InputError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| InputError::at(source, e.line(), format!("not valid JSON: {e}")))?;
    let items = match value {
        Value::Array(items) => items,
        other => vec![other],
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            let what = format!("{source} (puzzle {})", i + 1);
            let raw: PuzzleJson = serde_json::from_value(v)
                .map_err(|e| InputError::at(&what, 0, format!("not a puzzle: {e}")))?;
            from_json(raw).map_err(|m| InputError::at(&what, 0, m))
        })
        .collect()
}

fn from_json(raw: PuzzleJson) -> Result<Puzzle, String> {
    if raw.format != "gridpress-puzzle" || raw.version != 1 {
        return Err(format!(
            "format {:?} version {} is not gridpress-puzzle 1",
            raw.format, raw.version
        ));
    }
    let kind = kind_from_json(&raw.kind)?;
    let mask = Mask::parse(&raw.mask.join("\n"), "mask").map_err(|e| e.message)?;
    if (mask.width(), mask.height()) != (raw.width, raw.height) {
        return Err(format!(
            "the mask is {}×{}, but width × height is {}×{}",
            mask.width(),
            mask.height(),
            raw.width,
            raw.height
        ));
    }
    let directions: DirectionSet = raw
        .directions
        .iter()
        .map(|d| contract_direction(d))
        .collect::<Result<_, _>>()?;
    if raw.words.is_empty() {
        return Err("the puzzle lists no words".into());
    }
    let grid = grid_from_json(&raw.grid)?;
    let rules = rules_from_json(kind, raw.rules.as_ref(), &mask, raw.words.len())?;
    let words = raw
        .words
        .into_iter()
        .map(|w| {
            Ok(PlacedWord {
                direction: contract_direction(&w.direction)?,
                word: w.word,
                display: w.display,
                start: Pos::new(w.start[0], w.start[1]),
                vocabulary: w.vocabulary,
                clue: w.clue,
                clue_edited: w.clue_edited,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let solution = raw.solution.map(|s| {
        let letters = s.word.chars().count();
        Solution {
            // Groups that do not add up to the word are read as one word.
            groups: s
                .groups
                .filter(|g| g.iter().sum::<usize>() == letters && g.iter().all(|&n| n > 0))
                .unwrap_or_else(|| vec![letters]),
            word: s.word,
            cells: s.cells.iter().map(|c| Pos::new(c[0], c[1])).collect(),
        }
    });
    let body = match (kind, rules) {
        (PuzzleKind::WordSearch, Some(rules)) => Body::WordSearch { rules, solution },
        (PuzzleKind::WordSearch, None) => unreachable!("rules checked above"),
        (PuzzleKind::WordRectangle, _) => Body::WordRectangle,
        (PuzzleKind::Swedish, _) => Body::Swedish {
            clue_cells: clue_cells_from_json(raw.clue_cells.unwrap_or_default(), words.len())?,
            solution,
        },
    };
    Ok(Puzzle {
        mask,
        directions,
        seed: raw.seed,
        grid,
        words,
        body,
        report: report_from_json(&raw.report),
    })
}

/// The puzzle kind a JSON `kind` names.
fn kind_from_json(name: &str) -> Result<PuzzleKind, String> {
    PuzzleKind::ALL
        .into_iter()
        .find(|k| k.json_name() == name)
        .ok_or_else(|| {
            let known: Vec<&str> = PuzzleKind::ALL.iter().map(|k| k.json_name()).collect();
            format!("kind {name:?} is unknown ({})", known.join(" or "))
        })
}

/// The grid's letters: one letter or none a cell.
fn grid_from_json(rows: &[Vec<String>]) -> Result<Vec<Vec<Option<char>>>, String> {
    let mut grid = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let mut cells = Vec::with_capacity(row.len());
        for (c, s) in row.iter().enumerate() {
            let mut chars = s.chars();
            cells.push(match (chars.next(), chars.next()) {
                (None, _) => None,
                (Some(ch), None) => Some(ch),
                _ => {
                    return Err(format!(
                        "grid cell at {} holds {s:?}, not one letter",
                        Pos::new(r, c)
                    ));
                }
            });
        }
        grid.push(cells);
    }
    Ok(grid)
}

/// A word search's rules (required), and the bound they put on the count
/// of words a grid of this mask can list.
fn rules_from_json(
    kind: PuzzleKind,
    raw: Option<&RulesJson>,
    mask: &Mask,
    words: usize,
) -> Result<Option<Rules>, String> {
    // Each word uses a cell at least once and a cell holds at most
    // `max_words_per_cell` words (two, across and down, in fill-ins): more
    // words cannot lie in this grid, and bounding them keeps `check`
    // linear in its input.
    let rules = match (kind, raw) {
        (PuzzleKind::WordSearch, Some(rules)) => Some(Rules {
            max_words_per_cell: rules.max_words_per_cell,
            max_overlap_fraction: rules.max_overlap_fraction,
        }),
        (PuzzleKind::WordSearch, None) => return Err("a word search needs its rules".into()),
        (PuzzleKind::WordRectangle | PuzzleKind::Swedish, _) => None,
    };
    let per_cell = rules.map_or(2, |r| r.max_words_per_cell);
    if !(1..=MAX_WORDS_PER_CELL).contains(&per_cell) {
        return Err(format!(
            "rules.max_words_per_cell is {per_cell}; it must be 1..={MAX_WORDS_PER_CELL}"
        ));
    }
    let most = mask.playable_count() * per_cell as usize;
    if words > most {
        return Err(format!(
            "{words} words are listed, but a grid of {} playable cells with at most {per_cell} words a cell holds at most {most}",
            mask.playable_count(),
        ));
    }
    Ok(rules)
}

/// The report fields a puzzle carries back in: relaxed rules, cut short,
/// unplaced words and density (the rest is the generator's own).
fn report_from_json(report: &Map<String, Value>) -> Report {
    let strings = |key: &str| {
        report
            .get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    Report {
        relaxed: strings("relaxed"),
        cut_short: report
            .get("cut_short")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        unplaced: strings("unplaced"),
        density: report.get("density").and_then(Value::as_f64).unwrap_or(0.0),
        ..Report::default()
    }
}
