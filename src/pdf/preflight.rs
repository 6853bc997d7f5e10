//! An independent PDF/X preflight: reads a PDF with lopdf and lists every
//! rule of PDF/X-1a:2003 or PDF/X-4 it checks that the file breaks. Used by
//! the tests and `gridpress preflight`; it knows nothing of how Gridpress
//! writes files.

use super::PdfStandard;
use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};

/// Every rule `bytes` breaks for `standard`, one message each.
pub fn preflight(bytes: &[u8], standard: PdfStandard) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(version) = standard.version_key() else {
        return problems;
    };
    if !bytes.starts_with(b"%PDF-") {
        problems.push("not a PDF: the file does not start with %PDF-".into());
        return problems;
    }
    header(bytes, standard, &mut problems);
    let doc = match Document::load_mem(bytes) {
        Ok(doc) => doc,
        Err(e) => {
            problems.push(format!("the file does not parse: {e}"));
            return problems;
        }
    };
    if doc.trailer.get(b"Encrypt").is_ok() {
        problems.push("the file is encrypted".into());
    }
    match doc.trailer.get(b"ID").and_then(Object::as_array) {
        Ok(ids)
            if ids.len() == 2
                && ids
                    .iter()
                    .all(|i| matches!(i, Object::String(s, _) if !s.is_empty())) => {}
        _ => problems.push("the trailer has no file /ID of two strings".into()),
    }
    let info = info(&doc, version, &mut problems);
    output_intent(&doc, standard, &mut problems);
    if standard == PdfStandard::X4 {
        metadata(&doc, version, info.as_ref(), &mut problems);
    }
    for (number, id) in doc.get_pages() {
        page(&doc, number, id, standard, &mut problems);
    }
    streams_decompress(&doc, &mut problems);
    problems
}

/// Whether `data` is a whole zlib stream (checksum included); reads at
/// most [`MAX_INFLATED`] bytes, so a bomb costs nothing.
fn inflates(data: &[u8]) -> bool {
    use std::io::Read;
    let mut decoder = flate2::read::ZlibDecoder::new(data).take(MAX_INFLATED);
    let mut sink = [0u8; 1 << 14];
    loop {
        match decoder.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
    }
}

/// Bytes a stream is inflated to at most while checking it (a page's
/// content and an ICC profile are far below).
const MAX_INFLATED: u64 = 256 << 20;

/// Every Flate-compressed stream inflates: a RIP stops at one that does
/// not (a damaged or truncated file still parses).
fn streams_decompress(doc: &Document, problems: &mut Vec<String>) {
    let mut broken = Vec::new();
    for (&(number, generation), object) in &doc.objects {
        let Object::Stream(stream) = object else {
            continue;
        };
        let flate = match stream.dict.get(b"Filter") {
            Ok(Object::Name(name)) => name.as_slice() == b"FlateDecode",
            Ok(Object::Array(filters)) => filters
                .iter()
                .any(|f| matches!(f, Object::Name(n) if n.as_slice() == b"FlateDecode")),
            _ => false,
        };
        if flate && !inflates(&stream.content) {
            broken.push(format!("{number} {generation}"));
        }
    }
    if !broken.is_empty() {
        let shown: Vec<&str> = broken.iter().take(10).map(String::as_str).collect();
        problems.push(format!(
            "{} compressed stream(s) do not decompress (object {}{})",
            broken.len(),
            shown.join(", "),
            if broken.len() > shown.len() {
                ", …"
            } else {
                ""
            }
        ));
    }
}

fn header(bytes: &[u8], standard: PdfStandard, problems: &mut Vec<String>) {
    let declared = bytes
        .get(5..8)
        .and_then(|v| std::str::from_utf8(v).ok())
        .filter(|v| v.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .unwrap_or("?");
    if !bytes.starts_with(b"%PDF-") || declared > standard.pdf_version() {
        problems.push(format!(
            "header declares PDF {declared}; {} allows at most {}",
            standard.version_key().unwrap_or_default(),
            standard.pdf_version()
        ));
    }
    if standard == PdfStandard::X1a {
        for (what, needle) in [
            ("object streams", &b"/ObjStm"[..]),
            ("cross-reference streams", b"/XRef"),
        ] {
            if bytes.windows(needle.len()).any(|w| w == needle) {
                problems.push(format!("PDF/X-1a forbids {what} (PDF 1.5)"));
            }
        }
    }
}

fn text(object: &Object) -> Option<String> {
    match object {
        Object::String(bytes, _) => Some(if bytes.starts_with(&[0xfe, 0xff]) {
            let units: Vec<u16> = bytes[2..]
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            String::from_utf8_lossy(bytes).into_owned()
        }),
        _ => None,
    }
}

fn resolve<'d>(doc: &'d Document, object: &'d Object) -> &'d Object {
    match object {
        Object::Reference(id) => doc.get_object(*id).unwrap_or(object),
        _ => object,
    }
}

fn dict_at<'d>(doc: &'d Document, dict: &'d Dictionary, key: &[u8]) -> Option<&'d Dictionary> {
    dict.get(key)
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_dict().ok())
}

/// The document information's title, dates and trapping, checked.
struct Info {
    title: String,
    date: String,
    trapped: String,
}

fn is_pdf_date(s: &str) -> bool {
    let digits = s.strip_prefix("D:").unwrap_or("");
    digits.len() >= 14 && digits[..14].bytes().all(|b| b.is_ascii_digit())
}

fn info(doc: &Document, version: &str, problems: &mut Vec<String>) -> Option<Info> {
    let Some(info) = doc
        .trailer
        .get(b"Info")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_dict().ok())
    else {
        problems.push("no document information dictionary (/Info)".into());
        return None;
    };
    let get = |key: &[u8]| info.get(key).ok().and_then(text);
    let title = get(b"Title").unwrap_or_default();
    if title.trim().is_empty() {
        problems.push("/Info has no /Title".into());
    }
    let mut date = String::new();
    for key in ["CreationDate", "ModDate"] {
        match get(key.as_bytes()) {
            Some(d) if is_pdf_date(&d) => date = d,
            Some(d) => problems.push(format!("/Info /{key} {d:?} is not a PDF date")),
            None => problems.push(format!("/Info has no /{key}")),
        }
    }
    let trapped = match info.get(b"Trapped").and_then(Object::as_name) {
        Ok(b"True") => "True",
        Ok(b"False") => "False",
        _ => {
            problems.push("/Info /Trapped is not /True or /False".into());
            ""
        }
    };
    let declared = get(b"GTS_PDFXVersion");
    if declared.as_deref() != Some(version) {
        problems.push(format!(
            "/Info /GTS_PDFXVersion is {declared:?}, not {version:?}"
        ));
    }
    Some(Info {
        title,
        date,
        trapped: trapped.into(),
    })
}

fn output_intent(doc: &Document, standard: PdfStandard, problems: &mut Vec<String>) {
    let catalog = match doc.catalog() {
        Ok(c) => c,
        Err(e) => {
            problems.push(format!("no catalog: {e}"));
            return;
        }
    };
    let intents: Vec<&Dictionary> = catalog
        .get(b"OutputIntents")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_array().ok())
        .map(|a| {
            a.iter()
                .filter_map(|o| resolve(doc, o).as_dict().ok())
                .filter(|d| d.get(b"S").and_then(Object::as_name).ok() == Some(b"GTS_PDFX"))
                .collect()
        })
        .unwrap_or_default();
    let [intent] = intents[..] else {
        problems.push(format!(
            "the catalog has {} output intents /S /GTS_PDFX; exactly one is required",
            intents.len()
        ));
        return;
    };
    if intent
        .get(b"OutputConditionIdentifier")
        .ok()
        .and_then(text)
        .is_none_or(|s| s.is_empty())
    {
        problems.push("the output intent has no /OutputConditionIdentifier".into());
    }
    if intent.get(b"RegistryName").ok().and_then(text).is_none() {
        problems.push("the output intent has no /RegistryName".into());
    }
    let profile = intent
        .get(b"DestOutputProfile")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_stream().ok());
    match (standard, profile) {
        (PdfStandard::X4, None) => {
            problems.push("PDF/X-4 requires the output profile (/DestOutputProfile)".into());
        }
        (_, Some(stream)) => {
            let data = stream
                .decompressed_content()
                .unwrap_or_else(|_| stream.content.clone());
            if stream.dict.get(b"N").and_then(Object::as_i64).ok() != Some(4) {
                problems.push("the output profile is not declared /N 4 (CMYK)".into());
            }
            if data.get(36..40) != Some(b"acsp") || data.get(16..20) != Some(b"CMYK") {
                problems.push("the output profile is not a CMYK ICC profile".into());
            }
        }
        _ => {}
    }
}

fn metadata(doc: &Document, version: &str, info: Option<&Info>, problems: &mut Vec<String>) {
    let Some(stream) = doc
        .catalog()
        .ok()
        .and_then(|c| c.get(b"Metadata").ok())
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_stream().ok())
    else {
        problems.push("PDF/X-4 requires XMP metadata (/Metadata in the catalog)".into());
        return;
    };
    let data = stream
        .decompressed_content()
        .unwrap_or_else(|_| stream.content.clone());
    let xmp = String::from_utf8_lossy(&data);
    let field = |name: &str| -> Option<String> {
        let open = format!("<{name}>");
        let start = xmp.find(&open)? + open.len();
        let end = xmp[start..].find(&format!("</{name}>"))? + start;
        Some(xmp[start..end].to_string())
    };
    if field("pdfxid:GTS_PDFXVersion").as_deref() != Some(version) {
        problems.push(format!("XMP pdfxid:GTS_PDFXVersion is not {version:?}"));
    }
    if field("xmpMM:DocumentID").is_none_or(|s| s.is_empty()) {
        problems.push("XMP has no xmpMM:DocumentID".into());
    }
    let Some(info) = info else { return };
    // D:YYYYMMDDHHmmSS… and YYYY-MM-DDTHH:MM:SS… must name the same moment.
    let digits: String = info.date.chars().skip(2).take(14).collect();
    for name in ["xmp:CreateDate", "xmp:ModifyDate"] {
        let xmp_digits: String = field(name)
            .unwrap_or_default()
            .chars()
            .filter(char::is_ascii_digit)
            .take(14)
            .collect();
        if xmp_digits != digits {
            problems.push(format!(
                "XMP {name} differs from /Info's date {:?}",
                info.date
            ));
        }
    }
    if field("pdf:Trapped").as_deref() != Some(info.trapped.as_str()) {
        problems.push("XMP pdf:Trapped differs from /Info /Trapped".into());
    }
    let escaped = info
        .title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;");
    if !xmp.contains(&format!(">{escaped}</rdf:li>")) {
        problems.push(format!(
            "XMP dc:title differs from /Info /Title {:?}",
            info.title
        ));
    }
}

fn page_box(doc: &Document, id: ObjectId, key: &[u8]) -> Option<[f64; 4]> {
    // Boxes may be inherited from the page tree.
    let mut dict = doc.get_dictionary(id).ok()?;
    loop {
        if let Ok(o) = dict.get(key) {
            let values: Vec<f64> = resolve(doc, o)
                .as_array()
                .ok()?
                .iter()
                .filter_map(|v| match resolve(doc, v) {
                    Object::Integer(i) => Some(*i as f64),
                    Object::Real(r) => Some(f64::from(*r)),
                    _ => None,
                })
                .collect();
            let [a, b, c, d] = values[..] else {
                return None;
            };
            return Some([a.min(c), b.min(d), a.max(c), b.max(d)]);
        }
        dict = dict_at(doc, dict, b"Parent")?;
    }
}

fn inside(inner: [f64; 4], outer: [f64; 4]) -> bool {
    const SLACK: f64 = 0.01;
    inner[0] >= outer[0] - SLACK
        && inner[1] >= outer[1] - SLACK
        && inner[2] <= outer[2] + SLACK
        && inner[3] <= outer[3] + SLACK
}

fn page(
    doc: &Document,
    number: u32,
    id: ObjectId,
    standard: PdfStandard,
    problems: &mut Vec<String>,
) {
    let media = page_box(doc, id, b"MediaBox");
    let trim = page_box(doc, id, b"TrimBox");
    let bleed = page_box(doc, id, b"BleedBox").or(media);
    match (media, trim, bleed) {
        (Some(media), Some(trim), Some(bleed)) => {
            if !inside(trim, bleed) {
                problems.push(format!(
                    "page {number}: TrimBox {trim:?} is not inside BleedBox {bleed:?}"
                ));
            }
            if !inside(bleed, media) {
                problems.push(format!(
                    "page {number}: BleedBox {bleed:?} is not inside MediaBox {media:?}"
                ));
            }
        }
        (None, ..) => problems.push(format!("page {number}: no MediaBox")),
        (_, None, _) => problems.push(format!("page {number}: no TrimBox")),
        _ => {}
    }
    if let Ok(page) = doc.get_dictionary(id)
        && standard == PdfStandard::X1a
        && let Some(group) = dict_at(doc, page, b"Group")
        && group.get(b"S").and_then(Object::as_name).ok() == Some(b"Transparency")
    {
        problems.push(format!(
            "page {number}: a transparency group (PDF/X-1a forbids transparency)"
        ));
    }
    let content = Content::decode(&doc.get_page_content(id)).ok();
    let Some(content) = content else {
        problems.push(format!("page {number}: the content stream does not decode"));
        return;
    };
    for op in &content.operations {
        let device_space = |o: Option<&Object>| {
            matches!(
                o.and_then(|o| o.as_name().ok()),
                Some(b"DeviceCMYK" | b"DeviceGray")
            )
        };
        let bad = match op.operator.as_str() {
            "rg" | "RG" => true,
            "cs" | "CS" => !device_space(op.operands.first()),
            "sh" => true,
            _ => false,
        };
        if bad {
            problems.push(format!(
                "page {number}: colour operator {} outside DeviceCMYK/DeviceGray",
                op.operator
            ));
            break;
        }
    }
    // Resources inline or referenced, the page's own or inherited.
    let (inline, referenced) = doc.get_page_resources(id).unwrap_or((None, Vec::new()));
    let mut checked = 0;
    for resources in inline.into_iter().chain(
        referenced
            .iter()
            .filter_map(|r| doc.get_dictionary(*r).ok()),
    ) {
        checked += 1;
        resources_ok(doc, number, resources, standard, problems);
    }
    if checked == 0 {
        problems.push(format!("page {number}: no resources"));
    }
}

fn resources_ok(
    doc: &Document,
    number: u32,
    resources: &Dictionary,
    standard: PdfStandard,
    problems: &mut Vec<String>,
) {
    if let Some(states) = dict_at(doc, resources, b"ExtGState") {
        for (name, state) in states.iter() {
            let Ok(state) = resolve(doc, state).as_dict() else {
                continue;
            };
            let alpha = |key: &[u8]| {
                state.get(key).ok().and_then(|o| match o {
                    Object::Real(r) => Some(f64::from(*r)),
                    Object::Integer(i) => Some(*i as f64),
                    _ => None,
                })
            };
            let soft_mask = state
                .get(b"SMask")
                .is_ok_and(|o| o.as_name().ok() != Some(b"None"));
            let see_through = [b"CA".as_slice(), b"ca"]
                .iter()
                .any(|k| alpha(k).is_some_and(|a| a < 1.0));
            if standard == PdfStandard::X1a && (soft_mask || see_through) {
                problems.push(format!(
                    "page {number}: graphics state {} is transparent (PDF/X-1a forbids transparency)",
                    String::from_utf8_lossy(name)
                ));
            }
        }
    }
    if let Some(fonts) = dict_at(doc, resources, b"Font") {
        for (name, font) in fonts.iter() {
            let Ok(font) = resolve(doc, font).as_dict() else {
                continue;
            };
            if !font_embedded(doc, font) {
                problems.push(format!(
                    "page {number}: font {} is not embedded",
                    String::from_utf8_lossy(name)
                ));
            }
        }
    }
}

fn font_embedded(doc: &Document, font: &Dictionary) -> bool {
    let descendant = font
        .get(b"DescendantFonts")
        .ok()
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_array().ok())
        .and_then(|a| a.first())
        .and_then(|o| resolve(doc, o).as_dict().ok());
    let font = descendant.unwrap_or(font);
    dict_at(doc, font, b"FontDescriptor").is_some_and(|d| {
        [&b"FontFile"[..], b"FontFile2", b"FontFile3"]
            .iter()
            .any(|k| d.get(k).is_ok())
    })
}
