//! PDF/X-1a:2003 and PDF/X-4 conformance: what a print shop's preflight
//! checks (version, document information, output intent and profile, XMP,
//! trapping key, dates) added to printpdf's output with lopdf.

pub use crate::layout::template::{OutputIntent, PdfStandard};
use lopdf::{Dictionary, Object, Stream, StringFormat};

/// The CMYK output profile shipped with Gridpress: FOGRA39L (coated
/// offset), free of copyright restrictions (see `profiles/README.md`).
pub const FOGRA39_PROFILE: &[u8] = include_bytes!("../../profiles/FOGRA39L_coated.icc");

/// The creation and modification date when `SOURCE_DATE_EPOCH` is not
/// set: a fixed date, so the same puzzle gives the same bytes on every
/// machine (2026-01-01 00:00 UTC).
pub const FIXED_DATE: i64 = 1_767_225_600;

/// The ICC profile for `intent`'s condition, where Gridpress has one.
pub fn profile_for(intent: &OutputIntent) -> Option<&'static [u8]> {
    (intent.identifier == "FOGRA39").then_some(FOGRA39_PROFILE)
}

/// A PDF date, `D:YYYYMMDDHHmmSS+00'00'`, and its XMP form.
pub(crate) struct Dates {
    pub pdf: String,
    pub xmp: String,
}

impl Dates {
    /// The dates for `epoch` seconds since 1970 (UTC).
    pub fn at(epoch: i64) -> Dates {
        let days = epoch.div_euclid(86_400);
        let secs = epoch.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        let (hh, mm, ss) = (secs / 3600, secs / 60 % 60, secs % 60);
        Dates {
            pdf: format!("D:{y:04}{m:02}{d:02}{hh:02}{mm:02}{ss:02}+00'00'"),
            xmp: format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}+00:00"),
        }
    }
}

/// Year, month, day of a day count from 1970-01-01 (Howard Hinnant's
/// civil-from-days algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// What the file claims, for [`apply`].
pub(crate) struct Claims<'a> {
    pub standard: PdfStandard,
    pub intent: &'a OutputIntent,
    pub title: &'a str,
    pub creator: String,
    pub producer: String,
    pub dates: Dates,
    /// Written where the file's ID goes, replaced by its hash after saving.
    pub id_placeholder: &'a str,
}

/// Makes `doc` claim and keep `claims.standard`.
pub(crate) fn apply(doc: &mut lopdf::Document, claims: &Claims) -> Result<(), String> {
    let standard = claims.standard;
    doc.version = standard.pdf_version().into();
    let Some(version) = standard.version_key() else {
        return Ok(());
    };
    set_info(doc, claims, version);
    let output_intent = add_output_intent(doc, claims)?;

    let metadata = match standard {
        PdfStandard::None | PdfStandard::X1a => None,
        PdfStandard::X4 => {
            let mut dict = Dictionary::new();
            dict.set("Type", Object::Name(b"Metadata".to_vec()));
            dict.set("Subtype", Object::Name(b"XML".to_vec()));
            // Left uncompressed so that the ID placeholder in it is found
            // and replaced, and tools can read it without inflating.
            let stream =
                Stream::new(dict, xmp(claims, version).into_bytes()).with_compression(false);
            Some(doc.add_object(stream))
        }
    };
    let catalog = doc.catalog_mut().map_err(|e| e.to_string())?;
    catalog.set("OutputIntents", Object::Array(vec![output_intent.into()]));
    if let Some(metadata) = metadata {
        catalog.set("Metadata", metadata);
    }
    Ok(())
}

/// The information dictionary the standard asks for (title, tools, dates,
/// not trapped, the PDF/X version), in place of printpdf's.
fn set_info(doc: &mut lopdf::Document, claims: &Claims, version: &str) {
    let text = |s: &str| Object::String(utf16(s), StringFormat::Hexadecimal);
    let mut info = Dictionary::new();
    info.set("Title", text(claims.title));
    info.set("Creator", text(&claims.creator));
    info.set("Producer", text(&claims.producer));
    info.set(
        "CreationDate",
        Object::string_literal(claims.dates.pdf.as_str()),
    );
    info.set("ModDate", Object::string_literal(claims.dates.pdf.as_str()));
    info.set("Trapped", Object::Name(b"False".to_vec()));
    info.set("GTS_PDFXVersion", Object::string_literal(version));
    // In place of printpdf's information dictionary, so none is left over.
    match doc.trailer.get(b"Info").and_then(Object::as_reference) {
        Ok(id) => {
            doc.objects.insert(id, Object::Dictionary(info));
        }
        Err(_) => {
            let id = doc.add_object(info);
            doc.trailer.set("Info", id);
        }
    }
}

/// The output intent (the printing condition; with PDF/X-4 its ICC
/// profile embedded), added to `doc`.
fn add_output_intent(
    doc: &mut lopdf::Document,
    claims: &Claims,
) -> Result<lopdf::ObjectId, String> {
    let intent = claims.intent;
    intent.check()?;
    let mut output_intent = Dictionary::new();
    output_intent.set("Type", Object::Name(b"OutputIntent".to_vec()));
    output_intent.set("S", Object::Name(b"GTS_PDFX".to_vec()));
    output_intent.set(
        "OutputConditionIdentifier",
        Object::string_literal(intent.identifier.as_str()),
    );
    output_intent.set(
        "OutputCondition",
        Object::string_literal(intent.condition.as_str()),
    );
    output_intent.set("Info", Object::string_literal(intent.condition.as_str()));
    output_intent.set(
        "RegistryName",
        Object::string_literal(intent.registry.as_str()),
    );
    match claims.standard {
        PdfStandard::None | PdfStandard::X1a => {}
        PdfStandard::X4 => {
            let profile = profile_for(intent).ok_or_else(|| {
                format!(
                    "PDF/X-4 embeds the output profile, and Gridpress has none for {:?} (only FOGRA39): use pdf_standard X1a or output_intent FOGRA39",
                    intent.identifier
                )
            })?;
            let mut dict = Dictionary::new();
            dict.set("N", 4);
            let stream = Stream::new(dict, profile.to_vec());
            output_intent.set("DestOutputProfile", doc.add_object(stream));
        }
    }
    Ok(doc.add_object(output_intent))
}

fn utf16(s: &str) -> Vec<u8> {
    let mut out = vec![0xfe, 0xff];
    for unit in s.encode_utf16() {
        out.extend(unit.to_be_bytes());
    }
    out
}

fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The XMP packet matching the document information.
fn xmp(claims: &Claims, version: &str) -> String {
    let date = &claims.dates.xmp;
    let id = claims.id_placeholder;
    format!(
        r#"<?xpacket begin="{bom}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<xmp:CreatorTool>{creator}</xmp:CreatorTool>
<pdf:Producer>{producer}</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{id}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{id}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>"#,
        bom = '\u{feff}',
        title = xml_escape(claims.title),
        creator = xml_escape(&claims.creator),
        producer = xml_escape(&claims.producer),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_pdf_and_xmp_form() {
        let d = Dates::at(FIXED_DATE);
        assert_eq!(d.pdf, "D:20260101000000+00'00'");
        assert_eq!(d.xmp, "2026-01-01T00:00:00+00:00");
        let d = Dates::at(951_825_845); // 2000-02-29 12:04:05
        assert_eq!(d.pdf, "D:20000229120405+00'00'");
        assert_eq!(Dates::at(0).xmp, "1970-01-01T00:00:00+00:00");
    }

    #[test]
    fn standards_parse() {
        assert_eq!(PdfStandard::parse("X4"), Some(PdfStandard::X4));
        assert_eq!(PdfStandard::parse("x1a"), Some(PdfStandard::X1a));
        assert_eq!(PdfStandard::parse("none"), Some(PdfStandard::None));
        assert_eq!(PdfStandard::parse("x3"), None);
    }

    #[test]
    fn titles_are_escaped_in_xmp() {
        let intent = OutputIntent::default();
        let claims = Claims {
            standard: PdfStandard::X4,
            intent: &intent,
            title: "Salt & <Pepper>",
            creator: "c".into(),
            producer: "p".into(),
            dates: Dates::at(0),
            id_placeholder: "ID",
        };
        let x = xmp(&claims, "PDF/X-4");
        assert!(x.contains("Salt &amp; &lt;Pepper&gt;"));
        assert!(!x.contains("<Pepper>"));
    }
}
