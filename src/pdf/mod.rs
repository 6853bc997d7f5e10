//! The only printpdf user: laid-out pages → PDF bytes. Fonts embedded and
//! subset, CMYK (text 100 % K) or greyscale, TrimBox and BleedBox set, and
//! the same bytes for the same pages (fixed or given dates, IDs from the
//! content), PDF/X-1a or X-4 on request.

mod pdfx;
pub mod preflight;

pub use pdfx::{FIXED_DATE, OutputIntent, PdfStandard, profile_for};

use crate::layout::items::capsule_path;
use crate::layout::template::ColourMode;
use crate::layout::{Document, Face, Ink, Item, Page, Point, Stroke};
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

fn page_ops(page: &Page, fonts: &BTreeMap<Face, FontId>, mode: ColourMode) -> Vec<Op> {
    let to_pdf = |p: Point| printpdf::Point {
        x: Mm(p.x).into(),
        y: Mm(page.height - p.y).into(),
    };
    let mut ops = Vec::new();
    let mut in_text = false;
    let mut current_font: Option<(Face, f32)> = None;
    let mut stroke_state: Option<Stroke> = None;
    for item in &page.items {
        if in_text && !matches!(item, Item::Text { .. }) {
            ops.push(Op::EndTextSection);
            in_text = false;
        }
        match item {
            Item::Text {
                origin,
                size_pt,
                face,
                text,
            } => {
                if !in_text {
                    ops.push(Op::StartTextSection);
                    // Text is always solid black: 100 % K in CMYK, black in grey.
                    ops.push(Op::SetFillColor {
                        col: colour(Ink::BLACK, mode),
                    });
                    in_text = true;
                    current_font = None;
                }
                if current_font != Some((*face, *size_pt)) {
                    ops.push(Op::SetFont {
                        font: PdfFontHandle::External(fonts[face].clone()),
                        size: Pt(*size_pt),
                    });
                    current_font = Some((*face, *size_pt));
                }
                let p = to_pdf(*origin);
                ops.push(Op::SetTextMatrix {
                    matrix: TextMatrix::Translate(p.x, p.y),
                });
                ops.push(Op::ShowText {
                    items: vec![TextItem::Text(text.clone())],
                });
            }
            Item::Line { from, to, stroke } => {
                set_stroke(&mut ops, &mut stroke_state, *stroke, mode);
                ops.push(Op::DrawLine {
                    line: Line {
                        points: vec![point(to_pdf(*from), false), point(to_pdf(*to), false)],
                        is_closed: false,
                    },
                });
            }
            Item::Rect { area, fill, stroke } => {
                let corners = [
                    Point::new(area.x, area.y),
                    Point::new(area.right(), area.y),
                    Point::new(area.right(), area.bottom()),
                    Point::new(area.x, area.bottom()),
                ];
                if let Some(fill) = fill {
                    ops.push(Op::SetFillColor {
                        col: colour(*fill, mode),
                    });
                }
                if let Some(stroke) = stroke {
                    set_stroke(&mut ops, &mut stroke_state, *stroke, mode);
                }
                let paint = match (fill.is_some(), stroke.is_some()) {
                    (true, true) => PaintMode::FillStroke,
                    (true, false) => PaintMode::Fill,
                    _ => PaintMode::Stroke,
                };
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: vec![PolygonRing {
                            points: corners.iter().map(|c| point(to_pdf(*c), false)).collect(),
                        }],
                        mode: paint,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            Item::Polygon { points, fill } => {
                ops.push(Op::SetFillColor {
                    col: colour(*fill, mode),
                });
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: vec![PolygonRing {
                            points: points.iter().map(|c| point(to_pdf(*c), false)).collect(),
                        }],
                        mode: PaintMode::Fill,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            Item::Capsule {
                from,
                to,
                radius,
                stroke,
            } => {
                set_stroke(&mut ops, &mut stroke_state, *stroke, mode);
                ops.push(Op::DrawLine {
                    line: Line {
                        points: capsule_path(*from, *to, *radius)
                            .into_iter()
                            .map(|(p, handle)| point(to_pdf(p), handle))
                            .collect(),
                        is_closed: true,
                    },
                });
            }
        }
    }
    if in_text {
        ops.push(Op::EndTextSection);
    }
    ops
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
