//! Clue-cell layouts for the planned fill: where the clue cells of a
//! Swedish puzzle stand, chosen before any letter by annealing over the
//! open cells against the rules print keeps — answers of three letters or
//! more, few blind letters (crossed one way only) and never two side by
//! side, every clue cell cluing something, at most two clue cells side by
//! side in a row, runs no longer than the fill can cross.

use super::fill::Cell;
use crate::generate::rng::Rng;

/// What a layout may hold and aims at.
pub(super) struct PatternGoal {
    pub width: usize,
    pub height: usize,
    /// Clue cells in all (frame included) the layout aims at.
    pub clue_target: usize,
    /// Longest run of letters across and down.
    pub longest: usize,
    /// Shortest answer: a shorter run of two or more letters is a broken
    /// rule.
    pub min_len: usize,
    /// Two- and three-letter answers at most, in percent of the layout's
    /// answers: a layout over either cap is not used.
    pub two_percent: u8,
    pub three_percent: u8,
    /// Runs wanted per length (index: letters), for theme answers: a
    /// layout without them is not used, and wanted runs longer than
    /// `longest` cost nothing for their length.
    pub wanted: Vec<usize>,
    /// Per cell: the kind every layout gives it (`true`: a letter,
    /// `false`: a clue cell) for what the editor keeps; empty: none.
    pub fixed: Vec<Option<bool>>,
    /// Two- and three-letter answers the editor keeps: allowed beyond the
    /// caps (8 kept answers with two of three letters left no layout
    /// within the 15 % cap in 3 of 8 German 13×17 seeds).
    pub kept_short: [usize; 2],
}

impl PatternGoal {
    /// The caps on two- and three-letter answers for a layout of
    /// `answers` answers.
    fn caps(&self, answers: usize) -> (usize, usize) {
        let cap = |percent: u8| answers * percent as usize / 100;
        (
            cap(self.two_percent) + self.kept_short[0],
            cap(self.three_percent) + self.kept_short[1],
        )
    }
}

/// Cell kinds of a layout.
const LETTER: u8 = 0;
const CLUE: u8 = 1;
const BLOCKED: u8 = 2;
/// A clue cell the shape needs (`Cell::Frame`): it may clue nothing (the
/// tip of a heart), as the row-by-row fill leaves it.
const FRAME: u8 = 3;

/// A rule the fill cannot work around (an unclued or isolated letter, a
/// clue cell that clues nothing, three clue cells in a row): a layout
/// holding one is not used.
const BROKEN: f32 = 100.0;
/// A two-letter answer: print has almost none (the agency's rule: "if the
/// grid gives enough space, no words with one or two letters").
const TWO_LETTERS: f32 = 24.0;
/// A three-letter answer within the cap (`PatternGoal::three_percent`),
/// and beyond it; a two-letter answer beyond its cap.
const THREE_LETTERS: f32 = 1.0;
const THREE_OVER_CAP: f32 = 12.0;
const TWO_OVER_CAP: f32 = 24.0;
/// A letter crossed one way only (the agency's good grid: 12 % of the
/// fields blind; the edges' letters are blind by design).
const BLIND: f32 = 3.0;
/// Two blind letters side by side (the agency forbids it).
const BLIND_PAIR: f32 = 30.0;
/// Each letter a run is longer than the goal's longest.
const TOO_LONG: f32 = 6.0;
/// Each clue cell above the target (and, less, below it).
const CLUE_OVER: f32 = 4.0;
const CLUE_UNDER: f32 = 0.2;

/// A clue-cell layout for the open cells of `cells` (`Blocked`, `Frame`,
/// `Open`): `Clue` or `Letter(0)` in each open cell; `None` when the
/// annealing ends with a broken rule.
pub(super) fn layout(cells: &[Cell], goal: &PatternGoal, rng: &mut Rng) -> Option<Vec<Cell>> {
    let (w, h) = (goal.width, goal.height);
    let open: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Cell::Open)
        .collect();
    if open.is_empty() {
        return None;
    }
    let mut kind = start_kinds(cells, goal, &open, rng);
    let fixed = |i: usize| goal.fixed.get(i).copied().flatten();
    let mut scratch = Scratch::new(w, h);
    let mut current = cost(&kind, goal, &mut scratch);
    let steps = ANNEAL_STEPS_PER_CELL * open.len();
    for step in 0..steps {
        let heat = START_HEAT * (END_HEAT / START_HEAT).powf(step as f32 / steps as f32);
        let a = open[rng.below(open.len())];
        // Half the moves flip a cell, half move a clue cell one step.
        let flip_only = rng.below(2) == 0;
        if fixed(a).is_some() {
            continue;
        }
        let b = if flip_only {
            None
        } else {
            let (r, c) = (a / w, a % w);
            let near = [
                (r > 0).then(|| a - w),
                (r + 1 < h).then(|| a + w),
                (c > 0).then(|| a - 1),
                (c + 1 < w).then(|| a + 1),
            ];
            near[rng.below(4)]
                .filter(|&n| cells[n] == Cell::Open && kind[n] != kind[a] && fixed(n).is_none())
        };
        let flip = |kind: &mut Vec<u8>| {
            kind[a] ^= 1;
            if let Some(b) = b {
                kind[b] ^= 1;
            }
        };
        flip(&mut kind);
        let next = cost(&kind, goal, &mut scratch);
        let worse = next - current;
        if worse <= 0.0 || (rng.below(1 << 16) as f32 / 65536.0) < (-worse / heat).exp() {
            current = next;
        } else {
            flip(&mut kind);
        }
    }
    let parts = cost_parts(&kind, goal, &mut scratch);
    let (two_cap, three_cap) = goal.caps(parts.answers);
    let kept = parts.broken == 0
        && parts.wanted(goal).0 == 0
        && parts.two <= two_cap
        && parts.three <= three_cap
        && parts.clues <= goal.clue_target;

    kept.then(|| {
        kind.iter()
            .zip(cells)
            .map(|(k, c)| match (k, c) {
                (_, Cell::Open) if *k == CLUE => Cell::Clue,
                (_, Cell::Open) => Cell::Letter(0),
                _ => *c,
            })
            .collect()
    })
}

/// The annealing's start: the edges alternate letters and clue cells;
/// inside, clue cells at random up to the target; fixed cells as fixed.
fn start_kinds(cells: &[Cell], goal: &PatternGoal, open: &[usize], rng: &mut Rng) -> Vec<u8> {
    let w = goal.width;
    let mut kind: Vec<u8> = cells
        .iter()
        .map(|c| match c {
            Cell::Blocked => BLOCKED,
            Cell::Frame => FRAME,
            Cell::Clue => CLUE,
            _ => LETTER,
        })
        .collect();
    // Start: the edges alternate letters and clue cells; inside, clue
    // cells at random up to the target.
    for &i in open {
        let (r, c) = (i / w, i % w);
        if r == 0 && c > 0 {
            kind[i] = if kind[i - 1] == LETTER { CLUE } else { LETTER };
        } else if c == 0 && r > 0 {
            kind[i] = if kind[i - w] == LETTER { CLUE } else { LETTER };
        }
    }
    let inner: Vec<usize> = open
        .iter()
        .copied()
        .filter(|&i| i >= w && i % w > 0)
        .collect();
    let placed = kind.iter().filter(|k| **k == CLUE).count();
    for _ in placed..goal.clue_target {
        if inner.is_empty() {
            break;
        }
        kind[inner[rng.below(inner.len())]] = CLUE;
    }
    let fixed = |i: usize| goal.fixed.get(i).copied().flatten();
    for &i in open {
        if let Some(letter) = fixed(i) {
            kind[i] = if letter { LETTER } else { CLUE };
        }
    }
    kind
}

/// Annealing steps per open cell: 13×17 German layouts had no broken rule
/// and no two-letter run from about 40 on; 60 leaves room for shapes.
pub(super) const ANNEAL_STEPS_PER_CELL: usize = 60;
/// Heat at the start (a broken rule's cost is 100: accepted rarely even
/// then) and at the end (only improvements).
const START_HEAT: f32 = 8.0;
const END_HEAT: f32 = 0.05;

/// Run lengths, reused between evaluations.
struct Scratch {
    across: Vec<u8>,
    down: Vec<u8>,
    width: usize,
}

impl Scratch {
    fn new(width: usize, height: usize) -> Scratch {
        Scratch {
            across: vec![0; width * height],
            down: vec![0; width * height],
            width,
        }
    }
}

/// The parts of a layout's cost.
#[derive(Default)]
pub(super) struct Parts {
    pub broken: usize,
    pub two: usize,
    pub three: usize,
    pub blind: usize,
    pub blind_pairs: usize,
    pub too_long: usize,
    pub clues: usize,
    /// Runs of two or more letters.
    pub answers: usize,
    /// Runs per length, up to [`COUNTED_LENGTHS`] letters.
    pub by_length: [u16; COUNTED_LENGTHS],
}

/// Run lengths counted one by one (longer ones are counted as the last).
const COUNTED_LENGTHS: usize = 32;

/// Each wanted run (a theme answer's) the layout lacks: more than a
/// broken rule's cost would make the annealer break rules to make one.
const WANTED_MISSING: f32 = 40.0;

impl Parts {
    /// Wanted runs the layout lacks, and the letters by which the wanted
    /// runs it has exceed `goal.longest` (not counted as too long).
    fn wanted(&self, goal: &PatternGoal) -> (usize, usize) {
        let mut missing = 0;
        let mut exempt = 0;
        for (len, &want) in goal.wanted.iter().enumerate() {
            let have = self.by_length[len.min(COUNTED_LENGTHS - 1)] as usize;
            missing += want.saturating_sub(have);
            exempt += want.min(have) * len.saturating_sub(goal.longest);
        }
        (missing, exempt)
    }
}

fn cost(kind: &[u8], goal: &PatternGoal, s: &mut Scratch) -> f32 {
    let p = cost_parts(kind, goal, s);
    let (two_cap, three_cap) = goal.caps(p.answers);
    let over = p.clues.saturating_sub(goal.clue_target) as f32;
    let under = goal.clue_target.saturating_sub(p.clues) as f32;
    let (missing, exempt) = p.wanted(goal);
    WANTED_MISSING * missing as f32 - TOO_LONG * exempt as f32
        + BROKEN * p.broken as f32
        + TWO_LETTERS * p.two as f32
        + TWO_OVER_CAP * p.two.saturating_sub(two_cap) as f32
        + THREE_LETTERS * p.three as f32
        + THREE_OVER_CAP * p.three.saturating_sub(three_cap) as f32
        + BLIND * p.blind as f32
        + BLIND_PAIR * p.blind_pairs as f32
        + TOO_LONG * p.too_long as f32
        + CLUE_OVER * over
        + CLUE_UNDER * under
}

/// Counts what the layout breaks and how it reads.
fn cost_parts(kind: &[u8], goal: &PatternGoal, s: &mut Scratch) -> Parts {
    debug_assert_eq!(goal.width, s.width);
    let mut p = Parts::default();
    across_runs(kind, goal, s, &mut p);
    down_runs(kind, goal, s, &mut p);
    cell_parts(kind, goal.width, s, &mut p);
    p
}

/// The across runs: their lengths into the scratch, answers where no
/// answer may run or without a clue cell counted as broken.
fn across_runs(kind: &[u8], goal: &PatternGoal, s: &mut Scratch, p: &mut Parts) {
    let (w, h) = (goal.width, s.across.len() / goal.width);
    let clue = |i: usize| kind[i] == CLUE || kind[i] == FRAME;
    // Across runs.
    for r in 0..h {
        let mut c = 0;
        while c < w {
            if kind[r * w + c] != LETTER {
                c += 1;
                continue;
            }
            let start = c;
            while c < w && kind[r * w + c] == LETTER {
                c += 1;
            }
            let len = c - start;
            for j in start..c {
                s.across[r * w + j] = len as u8;
            }
            if len < 2 {
                continue;
            }
            if r == 0 {
                // The top row holds no answers across.
                p.broken += len - 1;
                continue;
            }
            if start == 0 && !clue((r - 1) * w) {
                // A left-column answer is clued from the cell above.
                p.broken += 1;
            }
            count_length(len, goal, p);
        }
    }
}

/// The down runs, as [`across_runs`].
fn down_runs(kind: &[u8], goal: &PatternGoal, s: &mut Scratch, p: &mut Parts) {
    let (w, h) = (goal.width, s.across.len() / goal.width);
    let clue = |i: usize| kind[i] == CLUE || kind[i] == FRAME;
    // Down runs.
    for c in 0..w {
        let mut r = 0;
        while r < h {
            if kind[r * w + c] != LETTER {
                r += 1;
                continue;
            }
            let start = r;
            while r < h && kind[r * w + c] == LETTER {
                r += 1;
            }
            let len = r - start;
            for i in start..r {
                s.down[i * w + c] = len as u8;
            }
            if len < 2 {
                continue;
            }
            if c == 0 {
                // The left column holds no answers down.
                p.broken += len - 1;
                continue;
            }
            if start == 0 && !clue(c - 1) {
                // A top-row answer is clued from the cell left of it.
                p.broken += 1;
            }
            count_length(len, goal, p);
        }
    }
}

/// Per cell: letters in no answer, blind letters and blind pairs; clue
/// cells, those that clue nothing, three in a row.
fn cell_parts(kind: &[u8], w: usize, s: &Scratch, p: &mut Parts) {
    let h = s.across.len() / w;
    let clue = |i: usize| kind[i] == CLUE || kind[i] == FRAME;
    // Letters: in an answer, blind, blind pairs.
    let blind = |i: usize| kind[i] == LETTER && (s.across[i] < 2 || s.down[i] < 2);
    for i in 0..kind.len() {
        let (r, c) = (i / w, i % w);
        match kind[i] {
            LETTER => {
                if s.across[i] < 2 && s.down[i] < 2 {
                    p.broken += 1;
                } else if blind(i) {
                    p.blind += 1;
                    if c + 1 < w && blind(i + 1) {
                        p.blind_pairs += 1;
                    }
                    if r + 1 < h && blind(i + w) {
                        p.blind_pairs += 1;
                    }
                }
            }
            CLUE | FRAME => {
                p.clues += 1;
                if i == 0 {
                    continue;
                }
                // What it clues: the answer starting right of it (down
                // from it on the top row), the one below it (across from
                // it in the left column).
                let right = c + 1 < w
                    && kind[i + 1] == LETTER
                    && if r == 0 {
                        s.down[i + 1] >= 2
                    } else {
                        s.across[i + 1] >= 2
                    };
                let below = r + 1 < h
                    && kind[i + w] == LETTER
                    && if c == 0 {
                        s.across[i + w] >= 2
                    } else {
                        s.down[i + w] >= 2
                    };
                if !right && !below && kind[i] == CLUE {
                    p.broken += 1;
                }
                // Three clue cells side by side in a row, unless the shape
                // put them all there (the row under an ad area is frame
                // cells from end to end: no layout of a heart with an ad
                // area kept the rule, and the row-by-row fill took over
                // with 17–31 % two-letter answers).
                if c >= 2
                    && clue(i - 1)
                    && clue(i - 2)
                    && [i, i - 1, i - 2].iter().any(|&j| kind[j] == CLUE)
                {
                    p.broken += 1;
                }
            }
            _ => {}
        }
    }
}

fn count_length(len: usize, goal: &PatternGoal, p: &mut Parts) {
    p.answers += 1;
    if len < goal.min_len {
        p.broken += 1;
    }
    match len {
        2 => p.two += 1,
        3 => p.three += 1,
        _ => {}
    }
    p.too_long += len.saturating_sub(goal.longest);
    p.by_length[len.min(COUNTED_LENGTHS - 1)] += 1;
}

/// Annealing steps a layout of `cells` takes (for the work count).
pub(super) fn steps(cells: &[Cell]) -> u64 {
    (ANNEAL_STEPS_PER_CELL * cells.iter().filter(|c| **c == Cell::Open).count()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of two or more letters across (rows 1..) and down (columns
    /// 1..), as (start, length, across), counted afresh from the cells.
    fn runs(cells: &[Cell], w: usize) -> Vec<(usize, usize, bool)> {
        let h = cells.len() / w;
        let letter = |r: usize, c: usize| matches!(cells[r * w + c], Cell::Letter(_));
        let mut out = Vec::new();
        for r in 0..h {
            let mut c = 0;
            while c < w {
                let start = c;
                while c < w && letter(r, c) {
                    c += 1;
                }
                if c - start >= 2 {
                    out.push((r * w + start, c - start, true));
                }
                c = c.max(start + 1);
            }
        }
        for c in 0..w {
            let mut r = 0;
            while r < h {
                let start = r;
                while r < h && letter(r, c) {
                    r += 1;
                }
                if r - start >= 2 {
                    out.push((start * w + c, r - start, false));
                }
                r = r.max(start + 1);
            }
        }
        out
    }

    #[test]
    fn layouts_keep_print_rules_and_the_short_answer_caps() {
        let (w, h) = (13, 17);
        let mut cells = vec![Cell::Open; w * h];
        cells[0] = Cell::Frame;
        let goal = PatternGoal {
            width: w,
            height: h,
            clue_target: w * h / 4,
            longest: 6,
            min_len: 3,
            two_percent: 3,
            three_percent: 15,
            wanted: Vec::new(),
            fixed: Vec::new(),
            kept_short: [0; 2],
        };
        let mut rng = Rng::new(7);
        let mut kept = 0;
        for _ in 0..6 {
            let Some(layout) = layout(&cells, &goal, &mut rng) else {
                continue;
            };
            kept += 1;
            let runs = runs(&layout, w);
            assert!(runs.iter().all(|r| r.1 >= 3), "a run under three letters");
            assert!(runs.iter().filter(|r| r.1 == 3).count() * 100 <= 15 * runs.len());
            // No across run on the top row, no down run in the left column.
            assert!(runs.iter().all(|&(s, _, across)| !(across && s < w)));
            assert!(runs.iter().all(|&(s, _, across)| across || s % w != 0));
            let clues = layout.iter().filter(|c| **c != Cell::Letter(0)).count();
            assert!(clues <= goal.clue_target, "{clues} clue cells");
            for i in 0..layout.len() {
                if layout[i] != Cell::Letter(0) {
                    // Never three clue cells side by side in a row.
                    if i % w >= 2 {
                        assert!(
                            layout[i - 1] == Cell::Letter(0) || layout[i - 2] == Cell::Letter(0)
                        );
                    }
                    continue;
                }
                // Every letter in an answer.
                let inside = |across: bool| {
                    runs.iter().any(|&(s, len, a)| {
                        a == across && (0..len).any(|k| s + if a { k } else { k * w } == i)
                    })
                };
                assert!(inside(true) || inside(false), "letter {i} in no answer");
            }
        }
        assert!(kept >= 4, "{kept} of 6 layouts kept the rules");
    }
}
