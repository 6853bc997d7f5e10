//! The shipped fonts (from `fonts/`) and the metrics layout needs: advance
//! widths, glyph bounds and cap height, read with `ttf-parser`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A font face Gridpress ships and embeds; templates name it ("Lato", "Lato Bold").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Face {
    /// Lato Regular: word lists, subtitles.
    Regular,
    /// Lato Bold: titles and grid letters.
    Bold,
    /// Roboto Condensed (Apache 2.0, from Debian's fonts-roboto-unhinted):
    /// clue text in Swedish clue cells, narrow as magazines set it.
    Condensed,
}

impl Face {
    /// Every shipped face.
    pub const ALL: [Face; 3] = [Face::Regular, Face::Bold, Face::Condensed];

    /// The name templates use for this face.
    pub fn name(self) -> &'static str {
        match self {
            Face::Regular => "Lato",
            Face::Bold => "Lato Bold",
            Face::Condensed => "Roboto Condensed",
        }
    }

    /// Looks a face up by its template name (case-insensitive).
    pub fn by_name(name: &str) -> Option<Face> {
        Face::ALL
            .into_iter()
            .find(|face| face.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The TrueType file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => include_bytes!("../../fonts/Lato-Regular.ttf"),
            Face::Bold => include_bytes!("../../fonts/Lato-Bold.ttf"),
            Face::Condensed => include_bytes!("../../fonts/RobotoCondensed-Regular.ttf"),
        }
    }

    /// Metrics of this face (parsed once per process).
    pub fn metrics(self) -> &'static Metrics {
        static METRICS: [OnceLock<Metrics>; Face::ALL.len()] =
            [const { OnceLock::new() }; Face::ALL.len()];
        METRICS[self as usize].get_or_init(|| Metrics::parse(self))
    }
}

impl TryFrom<String> for Face {
    type Error = String;

    fn try_from(name: String) -> Result<Face, String> {
        Face::by_name(&name).ok_or_else(|| {
            let known: Vec<&str> = Face::ALL.iter().map(|f| f.name()).collect();
            format!(
                "unknown font {:?} (shipped fonts: {})",
                crate::error::excerpt(&name),
                known.join(", ")
            )
        })
    }
}

impl From<Face> for String {
    fn from(face: Face) -> String {
        face.name().to_string()
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Horizontal bounds of one glyph, in font units.
#[derive(Clone, Copy, Debug, Default)]
struct Glyph {
    advance: u16,
    x_min: i16,
    x_max: i16,
}

/// The metrics of one face, in em fractions where they are returned.
#[derive(Debug)]
pub struct Metrics {
    units_per_em: f32,
    cap_height: f32,
    ascender: f32,
    descender: f32,
    /// Glyphs of the Latin-1 and Latin Extended-A ranges, indexed by code point.
    common: Vec<Option<Glyph>>,
    face: Face,
}

const COMMON_RANGE: u32 = 0x180;

impl Metrics {
    fn parse(face: Face) -> Metrics {
        let font = ttf_parser::Face::parse(face.bytes(), 0).expect("shipped fonts parse");
        let common = (0..COMMON_RANGE)
            .map(|code| char::from_u32(code).and_then(|c| glyph(&font, c)))
            .collect();
        Metrics {
            units_per_em: f32::from(font.units_per_em()),
            cap_height: f32::from(font.capital_height().unwrap_or(font.ascender())),
            ascender: f32::from(font.ascender()),
            descender: f32::from(font.descender()),
            common,
            face,
        }
    }

    fn glyph(&self, c: char) -> Option<Glyph> {
        if (c as u32) < COMMON_RANGE {
            return self.common[c as usize];
        }
        let font = ttf_parser::Face::parse(self.face.bytes(), 0).ok()?;
        glyph(&font, c)
    }

    /// True when the face has a glyph for `c`.
    pub fn covers(&self, c: char) -> bool {
        c == ' ' || self.glyph(c).is_some()
    }

    /// Cap height as a fraction of the em.
    pub fn cap_height(&self) -> f32 {
        self.cap_height / self.units_per_em
    }

    /// Ascender as a fraction of the em.
    pub fn ascender(&self) -> f32 {
        self.ascender / self.units_per_em
    }

    /// Descender (negative) as a fraction of the em.
    pub fn descender(&self) -> f32 {
        self.descender / self.units_per_em
    }

    /// Advance width of `text` in em (missing glyphs count as a space-wide gap).
    pub fn advance(&self, text: &str) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| u32::from(self.glyph(c).map_or(self.space(), |g| g.advance)))
            .sum();
        units as f32 / self.units_per_em
    }

    fn space(&self) -> u16 {
        self.common[' ' as usize].map_or(0, |g| g.advance)
    }

    /// Horizontal offset (em) from the pen position to the middle of the
    /// glyph's ink, used to centre letters optically in their cells.
    pub fn ink_centre(&self, c: char) -> f32 {
        match self.glyph(c) {
            Some(g) if g.x_max > g.x_min => {
                (f32::from(g.x_min) + f32::from(g.x_max)) / 2.0 / self.units_per_em
            }
            Some(g) => f32::from(g.advance) / 2.0 / self.units_per_em,
            None => 0.0,
        }
    }
}

fn glyph(font: &ttf_parser::Face, c: char) -> Option<Glyph> {
    let id = font.glyph_index(c)?;
    let advance = font.glyph_hor_advance(id)?;
    let (x_min, x_max) = font
        .glyph_bounding_box(id)
        .map_or((0, advance as i16), |b| (b.x_min, b.x_max));
    Some(Glyph {
        advance,
        x_min,
        x_max,
    })
}

/// Converts a size in points to millimetres.
pub fn pt_to_mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// Converts millimetres to points.
pub fn mm_to_pt(mm: f32) -> f32 {
    mm * 72.0 / 25.4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_faces_cover_western_european_letters() {
        for face in Face::ALL {
            for c in "AÄÖÜßÉÈÀÇÑÅØÆŒÊÎÔÛËÏŸáéíóúñçåøæœ".chars() {
                assert!(face.metrics().covers(c), "{face} lacks {c}");
            }
        }
    }

    #[test]
    fn metrics_are_plausible() {
        let m = Face::Bold.metrics();
        assert!((0.6..0.8).contains(&m.cap_height()), "{}", m.cap_height());
        assert!(m.advance("W") > m.advance("I"));
        let centre = m.ink_centre('I');
        assert!(centre > 0.0 && centre < m.advance("I"));
        assert_eq!(Face::by_name("lato bold"), Some(Face::Bold));
        assert_eq!(Face::by_name("Comic"), None);
    }
}
