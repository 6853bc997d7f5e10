//! Draws a Swedish puzzle's grid: clue cells tinted with their clue text
//! fitted inside (two clues split by a line), arrows as vector strokes
//! (straight and bent) into the cells where answers start, empty letter
//! cells with the solution cells' numbers; the key shows the letters.

use super::canvas::Canvas;
use super::fonts::{Face, mm_to_pt, pt_to_mm};
use super::items::{Area, Ink, Point, Stroke};
use super::template::{ClueStyle, GridLines, GridStyle, Template};
use super::texts::PageLanguage as Language;
use crate::model::{Arrow, Pos, Puzzle};

/// Steps tried between the largest and the smallest type.
const CLUE_PT_STEP: f32 = 0.25;
/// Inner margin of a clue box, as a share of the cell: 0.27 mm in a 9 mm
/// cell, as close as magazines set clue text to the lines; at 0.05 two
/// lines of 6 pt no longer fitted half of the 9 mm cells of an 18×23 grid
/// with a solution strip on the magazine page, and no fill was found.
const CLUE_PAD: f32 = 0.03;
/// Line spacing of clue text, times the type size: set solid, as
/// magazines set clue text (two lines of 6 pt Roboto Condensed then fit
/// the 4.3 mm half of an 18×23 grid's 9.3 mm cell on the magazine page;
/// at 1.08 only one did, and 18×23 found no fill with clues that fit).
const CLUE_LEADING: f32 = 1.0;
/// Clue-cell tint: light enough for black 4.5 pt text to stay crisp.
const CLUE_TINT: Ink = Ink::grey(0.14);
/// Arrow size as a share of the cell.
const ARROW: f32 = 0.16;

/// Draws the grid with its top-left corner at `origin`, `cell` mm a side;
/// `key`: the letters instead of clue text and numbers.
pub fn draw(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    template: &Template,
    origin: Point,
    cell: f32,
    key: bool,
) {
    let (style, clue_style, language) = (&template.grid, &template.clues, template.language);
    let corner = |pos: Pos| {
        Point::new(
            origin.x + pos.col as f32 * cell,
            origin.y + pos.row as f32 * cell,
        )
    };
    for clue_cell in puzzle.clue_cells() {
        let c = corner(clue_cell.pos);
        canvas.rect(Area::new(c.x, c.y, cell, cell), Some(CLUE_TINT), None);
    }
    if key && let Some(solution) = puzzle.solution() {
        for &pos in &solution.cells {
            let c = corner(pos);
            canvas.rect(Area::new(c.x, c.y, cell, cell), Some(Ink::grey(0.25)), None);
        }
    }
    // Every cell boxed, whatever the template's grid lines.
    let boxed = GridStyle {
        lines: GridLines::All,
        line_colour: Ink::BLACK,
        ..*style
    };
    let scale = (cell / 8.0).min(1.0);
    super::grid::draw_lines(canvas, &puzzle.mask, &boxed, origin, cell, scale);
    let thin = Stroke::solid(0.35 * scale.max(0.5), Ink::BLACK);
    for clue_cell in puzzle.clue_cells() {
        let c = corner(clue_cell.pos);
        let parts = clue_cell.clues.len().max(1);
        let part = cell / parts as f32;
        if parts == 2 {
            canvas.line(
                Point::new(c.x, c.y + part),
                Point::new(c.x + cell, c.y + part),
                thin,
            );
        }
        // The key shows the letters; arrows there would sit on them.
        if !key {
            for (i, clue) in clue_cell.clues.iter().enumerate() {
                arrow(canvas, clue.arrow, c, cell, (i as f32 + 0.5) * part);
            }
        }
    }
    if !key {
        let boxes = clue_boxes(puzzle, origin, cell);
        for (b, (size, lines)) in boxes.iter().zip(set_page(&boxes, clue_style, language)) {
            draw_clue(canvas, clue_style.font, size, &lines, b.area);
        }
    }
    if key {
        letters(canvas, puzzle, style, &corner, cell);
    } else if let Some(solution) = puzzle.solution() {
        let numbered = solution.cells.iter().copied().zip(1..);
        super::grid::place_numbers(
            canvas,
            numbered,
            origin,
            cell,
            super::grid::NumberCorner::BottomRight,
        );
    }
}

fn letters(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    style: &GridStyle,
    corner: &dyn Fn(Pos) -> Point,
    cell: f32,
) {
    let metrics = style.font.metrics();
    let size_mm = style.letter_height * cell / metrics.cap_height();
    let mut buffer = [0u8; 4];
    for pos in puzzle.mask.positions() {
        let Some(letter) = puzzle.letter(pos) else {
            continue;
        };
        let c = corner(pos);
        let x = c.x + cell / 2.0 - metrics.ink_centre(letter) * size_mm;
        let y = c.y + cell / 2.0 + metrics.cap_height() * size_mm / 2.0;
        canvas.text(
            Point::new(x, y),
            style.font,
            mm_to_pt(size_mm),
            letter.encode_utf8(&mut buffer),
        );
    }
}

/// An arrow from the clue cell at `c` (top-left corner) into the cell its
/// answer starts in, level with the clue at `mid` mm below the top: a
/// filled head in the neighbour's top or left margin (clear of its letter
/// and of the solution number in its bottom-right corner), bent arrows
/// with a short stem.
fn arrow(canvas: &mut Canvas, arrow: Arrow, c: Point, cell: f32, mid: f32) {
    let a = ARROW * cell;
    let right = c.x + cell;
    let bottom = c.y + cell;
    let centre_x = c.x + cell / 2.0;
    let stem = Stroke::solid(mm_to_pt(a * STEM), Ink::BLACK);
    match arrow {
        Arrow::Right => head(canvas, Point::new(right, c.y + mid), (1.0, 0.0), a),
        Arrow::Down => head(canvas, Point::new(centre_x, bottom), (0.0, 1.0), a),
        Arrow::DownThenRight => {
            let x = c.x + a;
            let turn = Point::new(x, bottom + a);
            canvas.line(Point::new(x, bottom), turn, stem);
            head(
                canvas,
                Point::new(x - a * STEM / 2.0, bottom + a),
                (1.0, 0.0),
                a,
            );
        }
        Arrow::RightThenDown => {
            let y = c.y + mid.min(cell - 2.0 * a);
            let turn = Point::new(right + a, y);
            canvas.line(Point::new(right, y), turn, stem);
            head(
                canvas,
                Point::new(right + a, y - a * STEM / 2.0),
                (0.0, 1.0),
                a,
            );
        }
    }
}

/// A bent arrow's stem width, as a share of the arrow's length.
const STEM: f32 = 0.12;

/// A filled arrowhead, its base centred on `from`, pointing along `dir`.
fn head(canvas: &mut Canvas, from: Point, dir: (f32, f32), a: f32) {
    let tip = Point::new(from.x + dir.0 * a, from.y + dir.1 * a);
    let (nx, ny) = (-dir.1, dir.0);
    let half = a * 0.5;
    canvas.polygon(
        vec![
            Point::new(from.x + nx * half, from.y + ny * half),
            tip,
            Point::new(from.x - nx * half, from.y - ny * half),
        ],
        Ink::BLACK,
    );
}

/// A clue to set: its text and the box it goes in.
struct ClueBox<'a> {
    text: &'a str,
    area: Area,
}

/// Every clue's box, in the order drawn.
fn clue_boxes<'a>(puzzle: &'a Puzzle, origin: Point, cell: f32) -> Vec<ClueBox<'a>> {
    let mut out = Vec::new();
    for clue_cell in puzzle.clue_cells() {
        let c = Point::new(
            origin.x + clue_cell.pos.col as f32 * cell,
            origin.y + clue_cell.pos.row as f32 * cell,
        );
        let part = cell / clue_cell.clues.len().max(1) as f32;
        for (i, clue) in clue_cell.clues.iter().enumerate() {
            if let Some(text) = puzzle.words.get(clue.word).and_then(|w| w.clue.as_deref()) {
                out.push(ClueBox {
                    text,
                    area: Area::new(c.x, c.y + i as f32 * part, cell, part),
                });
            }
        }
    }
    out
}

/// How a page sets its clues: the page's size, how many clues are set
/// smaller and the smallest size, how many print shortened (print
/// abbreviations, or squeezed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClueSetting {
    pub size_pt: f32,
    pub smaller: usize,
    pub smallest_pt: f32,
    pub shortened: usize,
}

/// The setting of `puzzle`'s clues in cells `cell` mm a side, as
/// [`draw`] sets them; `None` without clues.
pub fn setting(
    puzzle: &Puzzle,
    style: &ClueStyle,
    language: Language,
    cell: f32,
) -> Option<ClueSetting> {
    let boxes = clue_boxes(puzzle, Point::new(0.0, 0.0), cell);
    let set = set_page(&boxes, style, language);
    let size_pt = set.iter().map(|s| s.0).reduce(f32::max)?;
    let smallest_pt = set.iter().map(|s| s.0).fold(size_pt, f32::min);
    let shortened = boxes
        .iter()
        .zip(&set)
        .filter(|(b, (size, _))| {
            let (w, h) = inner(b.area);
            clue_lines(b.text, style.font, *size, w, h, language, Joints::FitOnly).is_none()
        })
        .count();
    Some(ClueSetting {
        size_pt,
        smaller: set.iter().filter(|s| s.0 < size_pt).count(),
        smallest_pt,
        shortened,
    })
}

/// The inner box (width, height in mm) of one of `clues` clues in a clue
/// cell `cell` mm a side.
pub fn clue_box(cell: f32, clues: usize) -> (f32, f32) {
    inner(Area::new(0.0, 0.0, cell, cell / clues.max(1) as f32))
}

/// The inner box clue text may fill: `area` less its padding.
fn inner(area: Area) -> (f32, f32) {
    let pad = CLUE_PAD * area.width;
    (area.width - 2.0 * pad, area.height - pad)
}

/// How every clue of a page is set: one size for the page, the largest
/// from the style's size down to its minimum at which every clue fits;
/// clues that fit at none (the fill picks clues that fit; only when it
/// found no fill with them) share a second, smaller size. Returns each
/// clue's size and lines.
fn set_page(
    boxes: &[ClueBox<'_>],
    style: &ClueStyle,
    language: Language,
) -> Vec<(f32, Vec<String>)> {
    let below = ClueStyle {
        size: style.min_size - CLUE_PT_STEP,
        min_size: FLOOR_PT,
        ..*style
    };
    // Each clue's largest size within the style, or below it.
    let largest: Vec<Result<f32, Option<f32>>> = boxes
        .iter()
        .map(|b| {
            let (w, h) = inner(b.area);
            match fit_clue(b.text, style, w, h, language) {
                Some((size, _)) => Ok(size),
                None => Err(fit_clue(b.text, &below, w, h, language).map(|(size, _)| size)),
            }
        })
        .collect();
    let page = largest.iter().flatten().fold(style.size, |a, &b| a.min(b));
    let second = largest
        .iter()
        .filter_map(|l| l.err().flatten())
        .fold(below.size, f32::min);
    boxes
        .iter()
        .zip(&largest)
        .map(|(b, own)| {
            let (w, h) = inner(b.area);
            let size = if own.is_ok() { page } else { second };
            let short = shortened(b.text, language);
            std::iter::once(b.text)
                .chain(short.as_deref())
                .find_map(|text| {
                    clue_lines(text, style.font, size, w, h, language, Joints::Preferred)
                })
                .map(|lines| (size, lines))
                .unwrap_or_else(|| squeezed(b.text, style.font, w, h, language))
        })
        .collect()
}

/// Clue text set in `area` at `size` pt, centred.
fn draw_clue(canvas: &mut Canvas, face: Face, size: f32, lines: &[String], area: Area) {
    let size_mm = pt_to_mm(size);
    let leading = CLUE_LEADING * size_mm;
    let metrics = face.metrics();
    // The ink from the first line's capitals to the last line's
    // descenders, as `clue_lines` measures it: centred on the cap height
    // alone, a two-line clue's descenders reached past a half cell's edge
    // onto the arrowhead below it.
    let block = leading * (lines.len() as f32 - 1.0)
        + (metrics.cap_height() - metrics.descender()) * size_mm;
    let mut baseline = area.y + (area.height - block) / 2.0 + metrics.cap_height() * size_mm;
    for line in lines {
        let w = metrics.advance(line) * size_mm;
        canvas.text(
            Point::new(area.x + (area.width - w) / 2.0, baseline),
            face,
            size,
            line,
        );
        baseline += leading;
    }
}

/// Most lines of one clue: four reads as a clue, five as a paragraph.
const MAX_CLUE_LINES: usize = 4;
/// The smallest type any clue is ever set in, when its text fits at no
/// size the style allows even shortened (none did in the pages measured).
const FLOOR_PT: f32 = 4.5;

/// The largest size from the style's size down to its minimum at which
/// `text` (or its shortened form) fits a `width` × `height` mm box, with
/// its lines.
pub fn fit_clue(
    text: &str,
    style: &ClueStyle,
    width: f32,
    height: f32,
    language: Language,
) -> Option<(f32, Vec<String>)> {
    // The shortened text only when the clue as written does not fit
    // (shortening every clue of a loaded list was a fifth of its time).
    let mut short: Option<Option<String>> = None;
    let mut size = style.size;
    while size >= style.min_size - 1e-3 {
        let lines_of = |text: &str| {
            let preferred = Joints::Preferred;
            clue_lines(text, style.font, size, width, height, language, preferred)
        };
        if let Some(lines) = lines_of(text) {
            return Some((size, lines));
        }
        let short = short.get_or_insert_with(|| shortened(text, language));
        if let Some(lines) = short.as_deref().and_then(lines_of) {
            return Some((size, lines));
        }
        size -= CLUE_PT_STEP;
    }
    None
}

/// Whether [`fit_clue`] finds a size for `text`. Most clues fit as
/// written at the smallest size it tries: one setting tells, where the
/// sizes from the largest down take several (a loaded list's clues are
/// all asked).
pub fn fits(text: &str, style: &ClueStyle, width: f32, height: f32, language: Language) -> bool {
    let steps = ((style.size - style.min_size + 1e-3) / CLUE_PT_STEP)
        .floor()
        .max(0.0);
    let smallest = style.size - steps * CLUE_PT_STEP;
    let fit = Joints::FitOnly;
    clue_lines(text, style.font, smallest, width, height, language, fit).is_some()
        || fit_clue(text, style, width, height, language).is_some()
}

/// The last resort: the size (down to [`FLOOR_PT`]) and lines at which
/// the shortened text fits, letters broken anywhere if they must.
fn squeezed(
    text: &str,
    face: Face,
    width: f32,
    height: f32,
    language: Language,
) -> (f32, Vec<String>) {
    let text = shortened(text, language).unwrap_or_else(|| text.to_string());
    let metrics = face.metrics();
    let mut size = FLOOR_PT + 1.0;
    while size > FLOOR_PT {
        if let Some(lines) = clue_lines(
            &text,
            face,
            size,
            width,
            height,
            language,
            Joints::Preferred,
        ) {
            return (size, lines);
        }
        size -= CLUE_PT_STEP;
    }
    let size_mm = pt_to_mm(FLOOR_PT);
    let lines = force_wrap(&text, &|s: &str| metrics.advance(s) * size_mm, width);
    (FLOOR_PT, lines)
}

/// Print's abbreviations for common clue words, tried when a clue does
/// not fit: the standard forms of German and English puzzle magazines.
fn shortened(text: &str, language: Language) -> Option<String> {
    let table: &[(&str, &str)] = match language {
        Language::German => &[
            ("Abkürzung", "Abk."),
            ("Hauptstadt", "Hptst."),
            ("umgangssprachlich", "ugs."),
            ("beziehungsweise", "bzw."),
            ("zum Beispiel", "z. B."),
            ("Einheitenzeichen", "Zeichen"),
        ],
        Language::English => &[
            ("abbreviation", "abbr."),
            ("for example", "e.g."),
            ("capital of", "cap. of"),
            ("informal", "inf."),
        ],
    };
    let mut out = text.to_string();
    for (long, short) in table {
        out = out.replace(long, short);
    }
    (out != text).then_some(out)
}

/// The lines of `text` at `size` pt in a `width` × `height` mm box, or
/// `None` when it does not fit: whole words first; only if they take too
/// many lines, words broken where the language allows
/// ([`super::hyphenate`]).
fn clue_lines(
    text: &str,
    face: Face,
    size: f32,
    width: f32,
    height: f32,
    language: Language,
    joints: Joints,
) -> Option<Vec<String>> {
    let metrics = face.metrics();
    let size_mm = pt_to_mm(size);
    let leading = CLUE_LEADING * size_mm;
    // The first line's ink: capitals down to descenders (accents on
    // capitals reach into the padding).
    let first = (metrics.cap_height() - metrics.descender()) * size_mm;
    if first > height {
        return None;
    }
    let room = (((height - first) / leading).floor() as usize + 1).min(MAX_CLUE_LINES);
    let advance = |s: &str| metrics.advance(s) * size_mm;
    // Whole words when they fit the lines there are room for, else
    // broken words: "ugs.: psychiatrische Klinik" took three whole-word
    // lines at 6.25 pt where two broken ones fit, and was set smaller.
    // Broken between a compound's words first ("Lebens-beschreibung"),
    // then at any syllable when that takes too many lines.
    let passes: &[Breaking] = match joints {
        Joints::Preferred => &[
            Breaking::WholeWords,
            Breaking::JointsFirst,
            Breaking::AnySyllable,
        ],
        Joints::FitOnly => &[Breaking::WholeWords, Breaking::AnySyllable],
    };
    passes.iter().find_map(|&breaking| {
        wrap(text, &advance, width, language, breaking).filter(|lines| lines.len() <= room)
    })
}

/// Whether [`clue_lines`] sets the lines (a compound broken between its
/// words first) or only finds whether the text fits: the greedy break at
/// the last syllable that fits takes the fewest lines, so a text fits with
/// joints first only if it fits without them, and the fit tests (every
/// clue of the vocabulary, at each size) skip the frequency lookups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Joints {
    Preferred,
    FitOnly,
}

/// Where [`wrap`] may break a word that does not fit its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Breaking {
    /// Nowhere: whole words only.
    WholeWords,
    /// At the last break that fits between two words of a compound (or at
    /// the word's own hyphen), else at the last syllable that fits.
    JointsFirst,
    /// At the last syllable that fits.
    AnySyllable,
}

/// Greedy line breaking into lines at most `width` wide; unless
/// `breaking` says whole words, a word that does not fit breaks at an
/// allowed point that does (after its own hyphen, or at the language's
/// patterns with a hyphen added), the last one, or with
/// [`Breaking::JointsFirst`] the last between two words. `None` when a
/// piece that may not break is wider than a line.
fn wrap(
    text: &str,
    advance: &dyn Fn(&str) -> f32,
    width: f32,
    language: Language,
    breaking: Breaking,
) -> Option<Vec<String>> {
    let fits = |s: &str| advance(s) <= width + 1e-3;
    let join = |line: &str, piece: &str| {
        if line.is_empty() {
            piece.to_string()
        } else {
            format!("{line} {piece}")
        }
    };
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        // Found only for a word that does not fit: most fit whole.
        let mut breaks: Option<Vec<super::hyphenate::Break>> = None;
        let mut from = 0;
        loop {
            let rest = &word[from..];
            let joined = join(&current, rest);
            if fits(&joined) {
                current = joined;
                break;
            }
            let breaks = breaks.get_or_insert_with(|| match breaking {
                Breaking::WholeWords => Vec::new(),
                Breaking::JointsFirst | Breaking::AnySyllable => {
                    super::hyphenate::breaks(word, language, breaking == Breaking::JointsFirst)
                }
            });
            let fitting = |b: &&super::hyphenate::Break| {
                let head = &word[from..b.at];
                let hyphen = if b.adds_hyphen { "-" } else { "" };
                let line = format!("{}{hyphen}", join(&current, head));
                fits(&line).then_some((b.at, line))
            };
            let after = || breaks.iter().rev().filter(|b| b.at > from);
            let joint = match breaking {
                Breaking::JointsFirst => {
                    after().filter(|b| b.joins_words).find_map(|b| fitting(&b))
                }
                Breaking::WholeWords | Breaking::AnySyllable => None,
            };
            // A compound whose first joint does not fit after the line's
            // words starts a line of its own ("Abk.:" / "Bundes-" /
            // "gerichtshof", not "Abk.: Bun-" / "des-" / "gerichtshof").
            if joint.is_none()
                && breaking == Breaking::JointsFirst
                && !current.is_empty()
                && after().any(|b| b.joins_words)
            {
                lines.push(std::mem::take(&mut current));
                continue;
            }
            let piece = joint.or_else(|| after().find_map(|b| fitting(&b)));
            match piece {
                Some((at, line)) => {
                    lines.push(line);
                    current.clear();
                    from = at;
                }
                None if !current.is_empty() => lines.push(std::mem::take(&mut current)),
                None => return None,
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    Some(lines)
}

/// Letters broken wherever the line is full (with a hyphen): only for a
/// clue that fits nowhere else.
fn force_wrap(text: &str, advance: &dyn Fn(&str) -> f32, width: f32) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut lines = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let mut next = current.clone();
        next.push(c);
        if advance(&format!("{next}-")) > width && !current.is_empty() {
            // Never a line of one or two letters after the break
            // ("Amerikane-" / "r"): letters move down with it.
            let left = chars.len() - i;
            let mut carried = String::new();
            if left < MIN_TAIL && c != ' ' {
                let keep = current.chars().count().saturating_sub(MIN_TAIL - left);
                let moved: String = current.chars().skip(keep).collect();
                if keep > 0 && moved.chars().all(char::is_alphabetic) {
                    current = current.chars().take(keep).collect();
                    carried = moved;
                }
            }
            // No hyphen at a space, and none after the clue's own.
            let hyphen = if c == ' ' || current.ends_with([' ', '-']) {
                ""
            } else {
                "-"
            };
            lines.push(format!("{}{hyphen}", current.trim_end()));
            current = format!("{carried}{c}").trim_start().to_string();
        } else {
            current = next;
        }
    }
    if !current.trim().is_empty() {
        lines.push(current.trim().to_string());
    }
    lines
}

/// Fewest characters a forced break leaves for the last line.
const MIN_TAIL: usize = 3;

#[cfg(test)]
mod tests {
    #[test]
    fn words_break_when_whole_ones_take_too_many_lines() {
        // A box where the whole words take three lines, two fit, and the
        // middle word breaks; one size up it must break too.
        let (w, h) = (12.64, 6.32);
        let text = "ugs.: psychiatrische Klinik";
        for size in [6.25, 6.5] {
            let lines = clue_lines(
                text,
                Face::Condensed,
                size,
                w,
                h,
                Language::German,
                Joints::Preferred,
            );
            assert_eq!(
                lines.as_deref().map(<[String]>::len),
                Some(2),
                "{size} pt: {lines:?}"
            );
        }
    }

    use super::*;

    #[test]
    fn forced_breaks_leave_no_lone_letter_and_no_doubled_hyphen() {
        // One unit a character: six fit a line with its hyphen.
        let advance = |s: &str| s.chars().count() as f32;
        let lines = force_wrap("abbr.: US-Amerikaner", &advance, 7.0);
        assert!(lines.iter().all(|l| !l.contains("--")), "{lines:?}");
        assert!(
            lines
                .iter()
                .all(|l| l.trim_end_matches('-').chars().count() >= 2),
            "{lines:?}"
        );
        assert_eq!(
            lines.concat().replace('-', ""),
            "abbr.: USAmerikaner".replace(' ', "")
        );
    }

    #[test]
    fn clues_fit_whole_words_first_then_break_where_the_language_does() {
        let style = ClueStyle::default();
        let (size, lines) = fit_clue("Auto", &style, 9.0, 9.0, Language::German).unwrap();
        assert_eq!((size, lines.len()), (style.size, 1));
        let (size, lines) = fit_clue(
            "Bildungsmaßnahme für Erwachsene",
            &style,
            12.0,
            9.0,
            Language::German,
        )
        .unwrap();
        assert!(size >= style.min_size, "{size}");
        let advance = |s: &str| style.font.metrics().advance(s) * pt_to_mm(size);
        for line in &lines {
            assert!(advance(line) <= 12.0 + 1e-3, "{line}");
            assert!(!line.ends_with("--"), "{line}");
        }
        let narrow = |s: &str| style.font.metrics().advance(s) * pt_to_mm(6.0);
        let width = narrow("Herrschafts-");
        let any = Breaking::AnySyllable;
        let lines = wrap("Herrschaftsfreiheit", &narrow, width, Language::German, any).unwrap();
        assert_eq!(lines, ["Herrschafts-", "freiheit"]);
        let width = narrow("Low-T3-").max(narrow("Syndrom"));
        let lines = wrap("Low-T3-Syndrom", &narrow, width, Language::German, any).unwrap();
        assert_eq!(lines, ["Low-T3-", "Syndrom"]);
        // An abbreviation never breaks: too wide, it does not fit.
        let width = narrow("UdS");
        assert!(wrap("UdSSR", &narrow, width, Language::German, any).is_none());
    }

    #[test]
    fn compounds_break_between_their_words_first() {
        let narrow = |s: &str| Face::Condensed.metrics().advance(s) * pt_to_mm(6.0);
        // "Lebensbe-" fits the line too; the joint reads as two words.
        let width = narrow("Lebensbe-").max(narrow("beschreibung"));
        let joints = Breaking::JointsFirst;
        let lines = wrap(
            "Lebensbeschreibung",
            &narrow,
            width,
            Language::German,
            joints,
        );
        assert_eq!(lines.unwrap(), ["Lebens-", "beschreibung"]);
        let any = wrap(
            "Lebensbeschreibung",
            &narrow,
            width,
            Language::German,
            Breaking::AnySyllable,
        );
        assert_eq!(any.unwrap(), ["Lebensbe-", "schreibung"]);
        // The last joint that fits, not the first.
        let width = narrow("Freikörperkul-");
        let lines = wrap("Freikörperkultur", &narrow, width, Language::German, joints);
        assert_eq!(lines.unwrap(), ["Freikörper-", "kultur"]);
        // A compound whose joint does not fit after a word starts a line.
        let width = narrow("gerichtshof");
        let lines = wrap(
            "Abk.: Bundesgerichtshof",
            &narrow,
            width,
            Language::German,
            joints,
        );
        assert_eq!(lines.unwrap(), ["Abk.:", "Bundes-", "gerichtshof"]);
    }
}
