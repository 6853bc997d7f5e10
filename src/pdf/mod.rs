//! The only printpdf user: laid-out pages → PDF bytes. Fonts embedded and
//! subset, CMYK (text 100 % K) or greyscale, TrimBox and BleedBox set, and
//! the same bytes for the same pages (fixed or given dates, IDs from the
//! content), PDF/X-1a or X-4 on request.

mod pdfx;
pub mod preflight;

pub use pdfx::{FIXED_DATE, OutputIntent, PdfStandard, profile_for};

use crate::layout::items::capsule_path;
use crate::layout::template::ColourMode;
use crate::layout::{Area, Document, Face, Ink, Item, Page, Point, Stroke};
use lopdf::Object;
use printpdf::{
    Cmyk, Color, FontId, Greyscale, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Polygon, PolygonRing, Pt,
    TextItem, TextMatrix, WindingOrder,
};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// Written into the trailer first, replaced by a hash of the file.
const ID_PLACEHOLDER: &str = "GRIDPRESS-DOCUMENT-ID-PLACEHOLDR";

/// Options for writing a PDF.
#[derive(Clone, Debug, PartialEq)]
pub struct PdfOptions {
    /// CMYK or greyscale.
    pub colour: ColourMode,
    /// The PDF/X standard the file keeps, if any.
    pub standard: PdfStandard,
    /// The printing condition a PDF/X file names.
    pub intent: OutputIntent,
    /// Creation date of a PDF/X file, seconds since 1970 (UTC).
    pub date: i64,
}

impl PdfOptions {
    /// Plain PDF in `colour`.
    pub fn plain(colour: ColourMode) -> PdfOptions {
        PdfOptions {
            colour,
            standard: PdfStandard::None,
            intent: OutputIntent::default(),
            date: FIXED_DATE,
        }
    }
}

/// The PDF could not be written.
#[derive(Debug, thiserror::Error)]
#[error("PDF output failed: {0}")]
pub struct PdfError(String);

fn parsed(face: Face) -> &'static ParsedFont {
    static FONTS: [OnceLock<ParsedFont>; Face::ALL.len()] =
        [const { OnceLock::new() }; Face::ALL.len()];
    FONTS[face as usize].get_or_init(|| {
        ParsedFont::from_bytes(face.bytes(), 0, &mut Vec::new()).expect("shipped fonts parse")
    })
}

/// A stable six-letter subset tag (and resource name) for a face and the
/// characters it shows, so equal documents get equal bytes.
fn font_id(face: Face, used: &BTreeSet<char>) -> FontId {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in face
        .name()
        .bytes()
        .chain(used.iter().flat_map(|c| (*c as u32).to_le_bytes()))
    {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let tag: String = (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
        .collect();
    FontId(format!("{tag}{}", face as usize))
}

fn colour(ink: Ink, mode: ColourMode) -> Color {
    match mode {
        ColourMode::Cmyk => Color::Cmyk(Cmyk::new(ink.c, ink.m, ink.y, ink.k, None)),
        ColourMode::Greyscale => Color::Greyscale(Greyscale::new(1.0 - ink.darkness(), None)),
    }
}

/// Writes `document` as PDF bytes.
pub fn write(document: &Document, options: &PdfOptions) -> Result<Vec<u8>, PdfError> {
    let mut used: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    for page in &document.pages {
        for item in &page.items {
            if let Item::Text { face, text, .. } = item {
                used.entry(*face).or_default().extend(text.chars());
            }
        }
    }
    let mut pdf = PdfDocument::new(&document.title);
    let creator = format!("Gridpress {}", env!("CARGO_PKG_VERSION"));
    let producer = "Gridpress (printpdf, lopdf)".to_string();
    let info = &mut pdf.metadata.info;
    info.creator = creator.clone();
    info.producer = producer.clone();
    let ids: BTreeMap<Face, FontId> = used
        .iter()
        .map(|(face, chars)| {
            let id = font_id(*face, chars);
            pdf.resources.fonts.map.insert(
                id.clone(),
                printpdf::font::PdfFont::new(parsed(*face).clone()),
            );
            (*face, id)
        })
        .collect();
    let pages = document
        .pages
        .iter()
        .map(|page| {
            PdfPage::new(
                Mm(page.width),
                Mm(page.height),
                page_ops(page, &ids, options.colour),
            )
        })
        .collect();
    pdf.with_pages(pages);
    let mut warnings = Vec::new();
    let save = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut doc = pdf.to_lopdf_document(&save, &mut warnings);
    finish(&mut doc, &document.pages)?;
    let title = if document.title.trim().is_empty() {
        "Puzzle"
    } else {
        document.title.as_str()
    };
    pdfx::apply(
        &mut doc,
        &pdfx::Claims {
            standard: options.standard,
            intent: &options.intent,
            title,
            creator,
            producer,
            dates: pdfx::Dates::at(options.date),
            id_placeholder: ID_PLACEHOLDER,
        },
    )
    .map_err(PdfError)?;
    doc.compress();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes)
        .map_err(|e| PdfError(e.to_string()))?;
    stamp_id(&mut bytes);
    Ok(bytes)
}

/// Sets TrimBox/BleedBox on every page and tidies the document information.
fn finish(doc: &mut lopdf::Document, pages: &[Page]) -> Result<(), PdfError> {
    let page_ids: Vec<_> = doc.get_pages().into_values().collect();
    if page_ids.len() != pages.len() {
        return Err(PdfError(format!(
            "{} pages written, {} laid out",
            page_ids.len(),
            pages.len()
        )));
    }
    for (id, page) in page_ids.into_iter().zip(pages) {
        let dict = doc
            .get_object_mut(id)
            .and_then(Object::as_dict_mut)
            .map_err(|e| PdfError(e.to_string()))?;
        let pdf_box = |area: &crate::layout::Area| {
            let to_pt =
                |mm: f32| Object::Real(((Pt::from(Mm(mm)).0 * 1000.0).round() / 1000.0) as _);
            Object::Array(vec![
                to_pt(area.x),
                to_pt(page.height - area.bottom()),
                to_pt(area.right()),
                to_pt(page.height - area.y),
            ])
        };
        dict.set("TrimBox", pdf_box(&page.trim));
        dict.set("BleedBox", pdf_box(&page.bleed));
    }
    if let Ok(info_ref) = doc.trailer.get(b"Info").and_then(Object::as_reference)
        && let Ok(info) = doc.get_object_mut(info_ref).and_then(Object::as_dict_mut)
    {
        // printpdf writes 1970 dates and an empty PDF/X label: no date beats a false one.
        for key in ["CreationDate", "ModDate", "GTS_PDFXVersion", "Trapped"] {
            info.remove(key.as_bytes());
        }
        let empty: Vec<Vec<u8>> = info
            .iter()
            .filter(|(_, value)| matches!(value, Object::String(s, _) if s.is_empty() || s == &[0xfe, 0xff]))
            .map(|(key, _)| key.clone())
            .collect();
        for key in empty {
            info.remove(&key);
        }
    }
    let placeholder = Object::string_literal(ID_PLACEHOLDER);
    doc.trailer
        .set("ID", Object::Array(vec![placeholder.clone(), placeholder]));
    Ok(())
}

/// Replaces the placeholder file ID with a hash of the file itself.
fn stamp_id(bytes: &mut [u8]) {
    let mut hash: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    for &byte in bytes.iter() {
        hash = (hash ^ u128::from(byte)).wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
    }
    let id = format!("{hash:032x}");
    let needle = ID_PLACEHOLDER.as_bytes();
    let mut at = 0;
    while let Some(found) = bytes[at..].windows(needle.len()).position(|w| w == needle) {
        let start = at + found;
        bytes[start..start + needle.len()].copy_from_slice(id.as_bytes());
        at = start + needle.len();
    }
}

/// A page's items as PDF operators.
fn page_ops(page: &Page, fonts: &BTreeMap<Face, FontId>, mode: ColourMode) -> Vec<Op> {
    let mut out = PageOps {
        ops: Vec::new(),
        page_height: page.height,
        mode,
        in_text: false,
        current_font: None,
        stroke_state: None,
    };
    for item in &page.items {
        if out.in_text && !matches!(item, Item::Text { .. }) {
            out.ops.push(Op::EndTextSection);
            out.in_text = false;
        }
        match item {
            Item::Text {
                origin,
                size_pt,
                face,
                text,
            } => out.text(*origin, *size_pt, *face, fonts[face].clone(), text),
            Item::Line { from, to, stroke } => {
                out.set_stroke(*stroke);
                let points = vec![out.point(*from, false), out.point(*to, false)];
                out.ops.push(Op::DrawLine {
                    line: Line {
                        points,
                        is_closed: false,
                    },
                });
            }
            Item::Rect { area, fill, stroke } => out.rect(*area, *fill, *stroke),
            Item::Polygon { points, fill } => {
                out.ops.push(Op::SetFillColor {
                    col: colour(*fill, mode),
                });
                out.polygon(points, PaintMode::Fill);
            }
            Item::Capsule {
                from,
                to,
                radius,
                stroke,
            } => {
                out.set_stroke(*stroke);
                let points = capsule_path(*from, *to, *radius)
                    .into_iter()
                    .map(|(p, handle)| out.point(p, handle))
                    .collect();
                out.ops.push(Op::DrawLine {
                    line: Line {
                        points,
                        is_closed: true,
                    },
                });
            }
        }
    }
    if out.in_text {
        out.ops.push(Op::EndTextSection);
    }
    out.ops
}

/// The operators of one page as they are written, and the graphics state
/// they leave (so that a font or stroke is set only when it changes).
struct PageOps {
    ops: Vec<Op>,
    /// The page's height, mm: PDF counts y up from the bottom.
    page_height: f32,
    mode: ColourMode,
    in_text: bool,
    current_font: Option<(Face, f32)>,
    stroke_state: Option<Stroke>,
}

impl PageOps {
    /// A page point (mm from the top left) in PDF space.
    fn point(&self, p: Point, bezier: bool) -> LinePoint {
        point(
            printpdf::Point {
                x: Mm(p.x).into(),
                y: Mm(self.page_height - p.y).into(),
            },
            bezier,
        )
    }

    fn set_stroke(&mut self, stroke: Stroke) {
        set_stroke(&mut self.ops, &mut self.stroke_state, stroke, self.mode);
    }

    fn text(&mut self, origin: Point, size_pt: f32, face: Face, font: FontId, text: &str) {
        if !self.in_text {
            self.ops.push(Op::StartTextSection);
            // Text is always solid black: 100 % K in CMYK, black in grey.
            self.ops.push(Op::SetFillColor {
                col: colour(Ink::BLACK, self.mode),
            });
            self.in_text = true;
            self.current_font = None;
        }
        if self.current_font != Some((face, size_pt)) {
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(font),
                size: Pt(size_pt),
            });
            self.current_font = Some((face, size_pt));
        }
        let p = self.point(origin, false).p;
        self.ops.push(Op::SetTextMatrix {
            matrix: TextMatrix::Translate(p.x, p.y),
        });
        self.ops.push(Op::ShowText {
            items: vec![TextItem::Text(text.to_string())],
        });
    }

    fn rect(&mut self, area: Area, fill: Option<Ink>, stroke: Option<Stroke>) {
        let corners = [
            Point::new(area.x, area.y),
            Point::new(area.right(), area.y),
            Point::new(area.right(), area.bottom()),
            Point::new(area.x, area.bottom()),
        ];
        if let Some(fill) = fill {
            self.ops.push(Op::SetFillColor {
                col: colour(fill, self.mode),
            });
        }
        if let Some(stroke) = stroke {
            self.set_stroke(stroke);
        }
        let paint = match (fill.is_some(), stroke.is_some()) {
            (true, true) => PaintMode::FillStroke,
            (true, false) => PaintMode::Fill,
            _ => PaintMode::Stroke,
        };
        self.polygon(&corners, paint);
    }

    fn polygon(&mut self, points: &[Point], mode: PaintMode) {
        let points = points.iter().map(|c| self.point(*c, false)).collect();
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points }],
                mode,
                winding_order: WindingOrder::NonZero,
            },
        });
    }
}

fn point(p: printpdf::Point, bezier: bool) -> LinePoint {
    LinePoint { p, bezier }
}

fn set_stroke(ops: &mut Vec<Op>, state: &mut Option<Stroke>, stroke: Stroke, mode: ColourMode) {
    let previous = *state;
    if previous.map(|s| s.ink) != Some(stroke.ink) {
        ops.push(Op::SetOutlineColor {
            col: colour(stroke.ink, mode),
        });
    }
    if previous.map(|s| s.width_pt) != Some(stroke.width_pt) {
        ops.push(Op::SetOutlineThickness {
            pt: Pt(stroke.width_pt),
        });
    }
    if previous.map(|s| s.dashed) != Some(stroke.dashed) {
        let dash = if stroke.dashed {
            LineDashPattern::new(0.0, &[2.0, 2.0])
        } else {
            LineDashPattern::solid()
        };
        ops.push(Op::SetLineDashPattern { dash });
    }
    *state = Some(stroke);
}
