//! Page templates (RON, `templates/*.ron`): page size, margins, bleed, fonts,
//! grid, word list, solution boxes and answer-key style. The shipped ones are
//! compiled in; `--template FILE` reads any other.

use super::fonts::Face;
use super::items::Ink;
use super::texts::{PageLanguage, PageTexts};
use crate::error::InputError;
use crate::model::Puzzle;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The template format this build reads.
pub const TEMPLATE_VERSION: u32 = 1;

/// The templates shipped in `templates/`, compiled in.
const SHIPPED: [(&str, &str); 9] = [
    ("a4.ron", include_str!("../../templates/a4.ron")),
    ("letter.ron", include_str!("../../templates/letter.ron")),
    ("magazine.ron", include_str!("../../templates/magazine.ron")),
    (
        "half-page.ron",
        include_str!("../../templates/half-page.ron"),
    ),
    (
        "large-print.ron",
        include_str!("../../templates/large-print.ron"),
    ),
    (
        "puzzle-only.ron",
        include_str!("../../templates/puzzle-only.ron"),
    ),
    ("children.ron", include_str!("../../templates/children.ron")),
    (
        "booklet-a5.ron",
        include_str!("../../templates/booklet-a5.ron"),
    ),
    (
        "booklet-6x9.ron",
        include_str!("../../templates/booklet-6x9.ron"),
    ),
];

/// The name of the template used when none is chosen.
pub const DEFAULT_TEMPLATE: &str = "a4";

/// A page template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// Must equal [`TEMPLATE_VERSION`].
    pub format_version: u32,
    /// Short name used on the command line (`--template NAME`).
    pub name: String,
    /// One line for `gridpress templates`.
    pub description: String,
    /// The trimmed page size, or the puzzle's own size.
    pub page: PageSize,
    /// Margins inside the trim box, in mm.
    #[serde(default)]
    pub margins: Margins,
    /// Bleed beyond the trim box on every side, in mm.
    #[serde(default)]
    pub bleed: f32,
    /// Crop marks at the trim corners.
    #[serde(default)]
    pub crop_marks: bool,
    /// CMYK (text in 100 % K) or greyscale.
    #[serde(default)]
    pub colour: ColourMode,
    /// The PDF/X standard the print files keep: `None`, `X1a` or `X4`.
    #[serde(default)]
    pub pdf_standard: PdfStandard,
    /// The printing condition a PDF/X file names (default FOGRA39, coated
    /// offset; PDF/X-4 embeds its profile, which Gridpress has for FOGRA39).
    #[serde(default)]
    pub output_intent: OutputIntent,
    /// The title line.
    #[serde(default = "default_title")]
    pub title: TextStyle,
    /// The instruction line under the title.
    #[serde(default = "default_subtitle")]
    pub subtitle: TextStyle,
    /// The letter grid.
    #[serde(default)]
    pub grid: GridStyle,
    /// The word list.
    #[serde(default)]
    pub word_list: WordListStyle,
    /// The row of boxes for the solution word.
    #[serde(default)]
    pub solution: SolutionStyle,
    /// The answer key.
    #[serde(default)]
    pub key: KeyStyle,
    /// Clue text in Swedish puzzles' clue cells.
    #[serde(default)]
    pub clues: ClueStyle,
    /// The instruction line, in place of the language's (`{count}`: the
    /// number of words).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    /// Whether the instruction line ends with the puzzle's measured
    /// difficulty ("Schwierigkeit: leicht"). [default: false]
    #[serde(default)]
    pub show_difficulty: bool,
    /// Extra inner margin in mm for a bound booklet: beside the fold, on
    /// the left of right-hand (odd) pages and the right of left-hand
    /// (even) ones; the first page is a right-hand page. Fixed pages
    /// only. [default: 0]
    #[serde(default)]
    pub gutter: f32,
    /// A page number at the foot of every page of the main document, in
    /// the outer corner (from 1). Fixed pages only. [default: false]
    #[serde(default)]
    pub page_numbers: bool,
    /// The number printed before the first puzzle's title (a magazine's
    /// puzzle number, a booklet's first number); a batch counts on from it.
    /// `None`: numbers in a batch only, from 1. [default: None]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_number: Option<usize>,
    /// How the instructions address the solver: formal (German "Sie",
    /// the default) or informal ("du": the children's page).
    #[serde(default)]
    pub register: super::texts::Register,
    /// The language of the page text: the project's, set by the caller.
    #[serde(skip)]
    pub language: PageLanguage,
    /// The last issue's puzzle, whose key prints small at the foot of each
    /// puzzle page (a magazine series): set by the caller from the
    /// project.
    #[serde(skip)]
    pub previous_key: Option<Box<Puzzle>>,
}

impl Template {
    /// The page text in this template's language.
    pub fn texts(&self) -> &'static PageTexts {
        self.language.texts()
    }

    /// The instruction line for `puzzle`: the template's own, or the
    /// language's.
    pub fn instructions_for(&self, puzzle: &Puzzle) -> String {
        let mut text = match &self.instructions {
            Some(text) => text.replace("{count}", &puzzle.words.len().to_string()),
            None => self.texts().instructions(puzzle, self.register),
        };
        if self.show_difficulty
            && let Some(level) = self.texts().difficulty(puzzle)
        {
            text.push(' ');
            text.push_str(&level);
        }
        text
    }

    /// The text before the solution boxes.
    pub fn solution_label(&self) -> &str {
        self.solution
            .label
            .as_deref()
            .unwrap_or(&self.texts().solution_label)
    }

    /// The heading of answer-key pages.
    pub fn key_heading(&self) -> &str {
        self.key
            .heading
            .as_deref()
            .unwrap_or(&self.texts().key_heading)
    }
}

/// Largest page side with its bleed, in mm: PDF's limit of 14,400 pt
/// (200 inches), which PDF readers and RIPs keep.
const MAX_PAGE_MM: f32 = 5080.0;
/// Largest bleed: print shops ask for 3–5 mm, posters up to 10.
const MAX_BLEED_MM: f32 = 25.0;
/// Largest text size: a poster headline; a size of 10 million pt once ran
/// the page layout for over 30 s (issue 35).
const MAX_TEXT_PT: f32 = 400.0;
/// Largest line or capsule width.
const MAX_LINE_PT: f32 = 20.0;
/// Largest grid cell or solution box.
const MAX_CELL_MM: f32 = 100.0;
/// The narrowest small key in mm: a 13-column grid still gets the 1.5 mm
/// cells the collected keys allow at the least (`page::MIN_KEY_CELL`).
const MIN_SMALL_KEY_MM: f32 = 20.0;
/// Most columns of a word list or keys on a page.
const MAX_COLUMNS: usize = 20;

/// Column widths a layout program's page may have: a narrow newspaper
/// column to a double-page spread.
pub const COLUMN_WIDTHS_MM: std::ops::RangeInclusive<f32> = 30.0..=400.0;

/// Largest cell of a grid filling a column: a wide column with a small
/// grid keeps the magazine's cell size (the shipped magazine template's
/// largest cell) instead of letters 15 mm high.
pub const COLUMN_CELL_MAX_MM: f32 = 9.0;

/// Page size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum PageSize {
    /// A fixed trimmed size in mm.
    Fixed {
        /// Width in mm.
        width: f32,
        /// Height in mm.
        height: f32,
    },
    /// The page is the content's bounding box plus margins ("puzzle only");
    /// grid, word list and key also come as separate files.
    FitContent,
    /// One column of a layout program wide (mm, margins included) and as
    /// tall as the content; grid, word list and key also come as separate
    /// files (see [`Template::for_column`]).
    Column {
        /// Width in mm.
        width: f32,
    },
}

impl PageSize {
    /// Whether the page takes its height from what it holds (and its
    /// parts also come as separate files).
    pub fn fits_content(self) -> bool {
        match self {
            PageSize::Fixed { .. } => false,
            PageSize::FitContent | PageSize::Column { .. } => true,
        }
    }
}

/// Margins in mm.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margins {
    /// Top.
    pub top: f32,
    /// Right.
    pub right: f32,
    /// Bottom.
    pub bottom: f32,
    /// Left.
    pub left: f32,
}

impl Default for Margins {
    fn default() -> Margins {
        Margins {
            top: 15.0,
            right: 15.0,
            bottom: 15.0,
            left: 15.0,
        }
    }
}

/// Colour model of the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourMode {
    /// DeviceCMYK; text always 100 % K.
    #[default]
    Cmyk,
    /// DeviceGray only.
    Greyscale,
}

/// Which PDF/X standard a file claims and keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PdfStandard {
    /// Plain PDF 1.3, no PDF/X claims.
    #[default]
    None,
    /// PDF/X-1a:2003 (ISO 15930-4): PDF 1.4, CMYK/grey only, no
    /// transparency, an output intent naming the print condition.
    X1a,
    /// PDF/X-4 (ISO 15930-7): PDF 1.6, the output profile embedded, XMP
    /// metadata matching the document information.
    X4,
}

impl PdfStandard {
    /// The names `--pdf-standard` accepts.
    pub const NAMES: &str = "none, x1a or x4";

    /// Parses `none`, `x1a` or `x4`.
    pub fn parse(name: &str) -> Option<PdfStandard> {
        match name.to_ascii_lowercase().as_str() {
            "none" => Some(PdfStandard::None),
            "x1a" | "x-1a" => Some(PdfStandard::X1a),
            "x4" | "x-4" => Some(PdfStandard::X4),
            _ => None,
        }
    }

    /// The version string the file declares (`GTS_PDFXVersion`).
    pub fn version_key(self) -> Option<&'static str> {
        match self {
            PdfStandard::None => None,
            PdfStandard::X1a => Some("PDF/X-1a:2003"),
            PdfStandard::X4 => Some("PDF/X-4"),
        }
    }

    /// The PDF header version.
    pub fn pdf_version(self) -> &'static str {
        match self {
            PdfStandard::None => "1.3",
            PdfStandard::X1a => "1.4",
            PdfStandard::X4 => "1.6",
        }
    }
}

/// The printing condition the file is made for (the output intent).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputIntent {
    /// The condition's name in the ICC registry, e.g. `FOGRA39`.
    pub identifier: String,
    /// A readable description of the condition.
    pub condition: String,
    /// The registry that defines `identifier`.
    pub registry: String,
}

impl OutputIntent {
    /// PDF/X names its printing condition: an identifier of printable
    /// ASCII (a file with an empty one fails every preflight).
    pub fn check(&self) -> Result<(), String> {
        let id = &self.identifier;
        let printable = id.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        if id.trim().is_empty() || id.len() > 127 || !printable {
            return Err(format!(
                "output_intent.identifier must name the printing condition in ASCII (e.g. \"FOGRA39\"), not {:?}: PDF/X requires it",
                crate::error::excerpt(id)
            ));
        }
        Ok(())
    }
}

impl Default for OutputIntent {
    fn default() -> OutputIntent {
        OutputIntent {
            identifier: "FOGRA39".into(),
            condition: "Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (coated art), 115 g/m2, tone value increase curves A (CMY) and B (K)".into(),
            registry: "http://www.color.org".into(),
        }
    }
}

/// A font and size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextStyle {
    /// Font face name ("Lato", "Lato Bold").
    pub font: Face,
    /// Size in points; 0 hides the line.
    pub size: f32,
}

fn default_title() -> TextStyle {
    TextStyle {
        font: Face::Bold,
        size: 22.0,
    }
}

fn default_subtitle() -> TextStyle {
    TextStyle {
        font: Face::Regular,
        size: 10.0,
    }
}

/// How big the grid's cells are.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum CellSize {
    /// This many mm (smaller only when the page cannot hold it).
    Fixed(f32),
    /// As large as the space allows, at most `max` mm.
    Fill {
        /// Largest cell in mm.
        max: f32,
    },
}

/// Which grid lines to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GridLines {
    /// Every cell boxed, the shape's outline heavier.
    #[default]
    All,
    /// Only the shape's outline.
    Outline,
    /// Letters only.
    None,
}

/// The letter grid's style.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GridStyle {
    /// Cell size.
    pub cell: CellSize,
    /// Cell size for puzzles the solver writes into (word rectangles,
    /// Swedish puzzles, whose cells also hold clue text); absent: `cell`.
    /// A 5×5 word rectangle at a word search's 11 mm took a fifth of an A4
    /// page; handwritten letters want bigger boxes.
    pub write_in_cell: Option<CellSize>,
    /// Letter face.
    pub font: Face,
    /// Capital height as a fraction of the cell.
    pub letter_height: f32,
    /// Lines drawn.
    pub lines: GridLines,
    /// Inner line width in pt.
    pub line_width: f32,
    /// Outline width in pt.
    pub outline_width: f32,
    /// Line colour.
    pub line_colour: Ink,
    /// A thin dashed frame where the restricted (ad) areas are; off for print.
    pub restricted_frame: bool,
}

impl Default for GridStyle {
    fn default() -> GridStyle {
        GridStyle {
            cell: CellSize::Fill { max: 10.0 },
            write_in_cell: None,
            font: Face::Bold,
            letter_height: 0.42,
            lines: GridLines::All,
            line_width: 0.4,
            outline_width: 1.2,
            line_colour: Ink::grey(0.6),
            restricted_frame: false,
        }
    }
}

/// Where the word list goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListPosition {
    /// Under the grid, in columns across the page.
    #[default]
    Below,
    /// To the right of the grid.
    Beside,
    /// In the grid's largest restricted area, when the words fit there at
    /// the list's smallest size (the area then holds the list instead of
    /// an ad or a picture, as word-search magazines print it); below the
    /// grid otherwise.
    InRestrictedArea,
}

impl ListPosition {
    /// The names `--word-list` takes, with their positions.
    pub const NAMES: [(&'static str, ListPosition); 3] = [
        ("below", ListPosition::Below),
        ("beside", ListPosition::Beside),
        ("in-area", ListPosition::InRestrictedArea),
    ];

    /// The position named `name` (see [`ListPosition::NAMES`]).
    pub fn parse(name: &str) -> Option<ListPosition> {
        Self::NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, p)| p)
    }
}

/// The word list's style.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WordListStyle {
    /// Below or beside the grid, or in its restricted area.
    pub position: ListPosition,
    /// Columns (at least; more when the words do not fit).
    pub columns: usize,
    /// Face.
    pub font: Face,
    /// Size in pt (shrunk down to `min_size` when the words do not fit).
    pub size: f32,
    /// Smallest size in pt.
    pub min_size: f32,
    /// Width of the list beside the grid, in mm.
    pub beside_width: f32,
    /// Gap between grid and list, in mm.
    pub gap: f32,
}

impl Default for WordListStyle {
    fn default() -> WordListStyle {
        WordListStyle {
            position: ListPosition::Below,
            columns: 4,
            font: Face::Regular,
            size: 11.0,
            min_size: 7.0,
            beside_width: 50.0,
            gap: 8.0,
        }
    }
}

/// The solution-word boxes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolutionStyle {
    /// Box side in mm.
    pub box_size: f32,
    /// Text before the boxes (the language's "Solution:" when not given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Default for SolutionStyle {
    fn default() -> SolutionStyle {
        SolutionStyle {
            box_size: 8.0,
            label: None,
        }
    }
}

/// Clue text in the clue cells of Swedish puzzles: the largest size, and
/// the smallest it may shrink to before words are hyphenated.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClueStyle {
    /// Largest type, pt: every clue of a page is set in one size, the
    /// largest at which all of them fit. [default: 7]
    pub size: f32,
    /// Smallest type, pt; a clue that fits at no size from `size` down to
    /// this is shortened with print abbreviations. [default: 6]
    pub min_size: f32,
    /// The face. [default: Roboto Condensed]
    pub font: Face,
}

impl Default for ClueStyle {
    /// 7 pt reads like a magazine's clue text (larger leaves most clues on
    /// one short line in a 10 mm cell); 6 pt is the smallest a leisure
    /// magazine's reader reads without effort (issue 34: pages had clues
    /// down to 4.5 pt, 118 of 665 lines below 6). Narrow: Roboto
    /// Condensed sets about 30 % more letters a line than Lato.
    fn default() -> ClueStyle {
        ClueStyle {
            size: 7.0,
            min_size: 6.0,
            font: Face::Condensed,
        }
    }
}

/// Where answer keys go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeyPlacement {
    /// Compact keys collected on pages after the puzzles (a separate file
    /// for "fit content" templates).
    #[default]
    Auto,
    /// A full-size key page after each puzzle page.
    NextPage,
    /// Reduced keys collected on pages at the end of the document.
    Collected,
    /// Full-size keys in a second file (`NAME-key.pdf`).
    SeparateFile,
    /// Small keys in a second file (`NAME-key.pdf`), one to a page the
    /// size of the key, [`KeyStyle::small_width`] wide: to print beside
    /// the next issue's puzzle, as magazines do.
    Small,
    /// No key.
    None,
}

/// The answer key's style.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KeyStyle {
    /// Where keys go.
    pub placement: KeyPlacement,
    /// Heading of key pages (the language's "Solutions" when not given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    /// Capsule outline width in pt.
    pub capsule_width: f32,
    /// Capsule colour.
    pub capsule_colour: Ink,
    /// Fill of the cells that spell the solution word.
    pub solution_fill: Ink,
    /// Collected keys per page: columns.
    pub columns: usize,
    /// Collected keys per page: rows.
    pub rows: usize,
    /// Width in mm of a small key ([`KeyPlacement::Small`]): one column
    /// of a magazine page (A4 magazines set 3–4 columns of 43–60 mm).
    pub small_width: f32,
}

impl Default for KeyStyle {
    fn default() -> KeyStyle {
        KeyStyle {
            placement: KeyPlacement::Auto,
            heading: None,
            capsule_width: 0.9,
            capsule_colour: Ink::BLACK,
            solution_fill: Ink::grey(0.2),
            columns: 2,
            rows: 3,
            small_width: 55.0,
        }
    }
}

impl Template {
    /// Parses and checks a template; errors name the source and line.
    pub fn parse(text: &str, source: &str) -> Result<Template, InputError> {
        let template: Template = ron::from_str(text).map_err(|e| InputError::ron(source, &e))?;
        template
            .check()
            .map_err(|message| InputError::at(source, 0, message))?;
        Ok(template)
    }

    /// Reads a template file.
    pub fn load(path: &Path) -> Result<Template, InputError> {
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| InputError::at(&name, 0, e.to_string()))?;
        Template::parse(&text, &name)
    }

    /// The shipped templates, in listing order.
    pub fn shipped() -> Vec<Template> {
        SHIPPED
            .iter()
            .map(|(file, text)| {
                Template::parse(text, &format!("templates/{file}"))
                    .expect("shipped templates are valid")
            })
            .collect()
    }

    /// The puzzle-only template one layout-program column wide: page
    /// [`PageSize::Column`], the grid filling the width (cells up to
    /// [`COLUMN_CELL_MAX_MM`]), the word list or clues and the key set in
    /// it; grid, list and key also as separate files.
    pub fn for_column(width_mm: f32) -> Result<Template, InputError> {
        let mut template = Template::find("puzzle-only")?;
        template.name = format!("puzzle-only, {width_mm} mm column");
        template.page = PageSize::Column { width: width_mm };
        template.grid.cell = CellSize::Fill {
            max: COLUMN_CELL_MAX_MM,
        };
        template
            .check()
            .map_err(|e| InputError::msg(format!("column width: {e}")))?;
        Ok(template)
    }

    /// A shipped template by name, or a template file by path.
    pub fn find(name_or_path: &str) -> Result<Template, InputError> {
        if let Some(template) = Template::shipped()
            .into_iter()
            .find(|t| t.name.eq_ignore_ascii_case(name_or_path))
        {
            return Ok(template);
        }
        let path = Path::new(name_or_path);
        if path.exists() {
            return Template::load(path);
        }
        let names: Vec<String> = Template::shipped().into_iter().map(|t| t.name).collect();
        Err(InputError::at(
            name_or_path,
            0,
            format!(
                "no such template or file (shipped templates: {})",
                names.join(", ")
            ),
        ))
    }

    /// Checks values serde cannot: sizes, counts and colour ranges. The
    /// checks run in this order, so a template with several mistakes is
    /// told the same first one every time.
    fn check(&self) -> Result<(), String> {
        if self.format_version != TEMPLATE_VERSION {
            return Err(format!(
                "format_version {} is not supported (this Gridpress reads version {TEMPLATE_VERSION})",
                self.format_version
            ));
        }
        self.check_upper_bounds()?;
        if self.pdf_standard != PdfStandard::None {
            self.output_intent.check()?;
        }
        self.check_page_room()?;
        self.check_signs()?;
        self.check_relations()
    }

    /// Bounds that no print job comes near, so that a typo cannot ask for
    /// a page PDF cannot hold or a layout that never ends.
    fn check_upper_bounds(&self) -> Result<(), String> {
        non_negative(self.bleed, "bleed")?;
        at_most(self.bleed, MAX_BLEED_MM, "bleed (mm)")?;
        for (value, field) in [
            (self.margins.top, "margins.top (mm)"),
            (self.margins.right, "margins.right (mm)"),
            (self.margins.bottom, "margins.bottom (mm)"),
            (self.margins.left, "margins.left (mm)"),
            (self.word_list.gap, "word_list.gap (mm)"),
            (self.word_list.beside_width, "word_list.beside_width (mm)"),
        ] {
            non_negative(value, field)?;
            at_most(value, MAX_PAGE_MM, field)?;
        }
        for (value, field) in [
            (self.title.size, "title.size (pt)"),
            (self.subtitle.size, "subtitle.size (pt)"),
            (self.word_list.size, "word_list.size (pt)"),
            (self.clues.size, "clues.size (pt)"),
        ] {
            non_negative(value, field)?;
            at_most(value, MAX_TEXT_PT, field)?;
        }
        for (value, field) in [
            (self.grid.line_width, "grid.line_width (pt)"),
            (self.grid.outline_width, "grid.outline_width (pt)"),
            (self.key.capsule_width, "key.capsule_width"),
        ] {
            non_negative(value, field)?;
            at_most(value, MAX_LINE_PT, field)?;
        }
        for cell in [Some(self.grid.cell), self.grid.write_in_cell]
            .into_iter()
            .flatten()
        {
            match cell {
                CellSize::Fixed(mm) | CellSize::Fill { max: mm } => {
                    at_most(mm, MAX_CELL_MM, "grid.cell (mm)")?
                }
            }
        }
        at_most(
            self.solution.box_size,
            MAX_CELL_MM,
            "solution.box_size (mm)",
        )?;
        for (count, field) in [
            (self.word_list.columns, "word_list.columns"),
            (self.key.columns, "key.columns"),
            (self.key.rows, "key.rows"),
        ] {
            if count > MAX_COLUMNS {
                return Err(format!(
                    "{field} must be at most {MAX_COLUMNS}, not {count}"
                ));
            }
        }
        Ok(())
    }

    /// The page, its margins and gutter leave room for content.
    fn check_page_room(&self) -> Result<(), String> {
        if let PageSize::Fixed { width, height } = self.page {
            positive(width, "page width")?;
            positive(height, "page height")?;
            for (side, field) in [(width, "page width (mm)"), (height, "page height (mm)")] {
                at_most(
                    side + 2.0 * self.bleed,
                    MAX_PAGE_MM,
                    &format!("{field} with the bleed"),
                )?;
            }
            let m = self.margins;
            if m.left + m.right >= width * 0.8 || m.top + m.bottom >= height * 0.8 {
                return Err("the margins leave too little room on the page".into());
            }
        }
        non_negative(self.gutter, "gutter")?;
        if self.page.fits_content() && (self.gutter > 0.0 || self.page_numbers) {
            return Err(
                "gutter and page_numbers are for fixed pages (a booklet's), not pages that fit their content"
                    .into(),
            );
        }
        if let PageSize::Fixed { width, .. } = self.page
            && self.margins.left + self.margins.right + self.gutter >= width * 0.8
        {
            return Err("the margins and the gutter leave too little room on the page".into());
        }
        if let PageSize::Column { width } = self.page {
            if !COLUMN_WIDTHS_MM.contains(&width) {
                return Err(format!(
                    "page column width must be {}–{} mm, not {width}",
                    COLUMN_WIDTHS_MM.start(),
                    COLUMN_WIDTHS_MM.end()
                ));
            }
            if self.margins.left + self.margins.right >= width * 0.8 {
                return Err("the margins leave too little room in the column".into());
            }
        }
        Ok(())
    }

    /// Lengths that may be zero are not negative; sizes are positive.
    fn check_signs(&self) -> Result<(), String> {
        for (value, field) in [
            (self.margins.top, "margins.top"),
            (self.margins.right, "margins.right"),
            (self.margins.bottom, "margins.bottom"),
            (self.margins.left, "margins.left"),
            (self.bleed, "bleed"),
            (self.title.size, "title.size"),
            (self.subtitle.size, "subtitle.size"),
            (self.grid.line_width, "grid.line_width"),
            (self.grid.outline_width, "grid.outline_width"),
            (self.word_list.gap, "word_list.gap"),
        ] {
            non_negative(value, field)?;
        }
        for (cell, field) in [
            (Some(self.grid.cell), "grid.cell"),
            (self.grid.write_in_cell, "grid.write_in_cell"),
        ] {
            match cell {
                Some(CellSize::Fixed(mm)) => positive(mm, field)?,
                Some(CellSize::Fill { max }) => positive(max, &format!("{field} max"))?,
                None => {}
            }
        }
        for (value, field) in [
            (self.grid.letter_height, "grid.letter_height"),
            (self.word_list.size, "word_list.size"),
            (self.word_list.min_size, "word_list.min_size"),
            (self.word_list.beside_width, "word_list.beside_width"),
            (self.solution.box_size, "solution.box_size"),
            (self.key.capsule_width, "key.capsule_width"),
            (self.clues.size, "clues.size"),
            (self.clues.min_size, "clues.min_size"),
        ] {
            positive(value, field)?;
        }
        Ok(())
    }

    /// Values that must agree with each other, counts and inks.
    fn check_relations(&self) -> Result<(), String> {
        if self.clues.min_size > self.clues.size {
            return Err("clues.min_size is larger than clues.size".into());
        }
        if self.grid.letter_height > 0.9 {
            return Err("grid.letter_height must be at most 0.9 of the cell".into());
        }
        if self.word_list.min_size > self.word_list.size {
            return Err("word_list.min_size is larger than word_list.size".into());
        }
        if !(MIN_SMALL_KEY_MM..=MAX_PAGE_MM).contains(&self.key.small_width) {
            return Err(format!(
                "key.small_width must lie in {MIN_SMALL_KEY_MM}–{MAX_PAGE_MM} mm, not {}",
                self.key.small_width
            ));
        }
        if self.word_list.columns == 0 || self.key.columns == 0 || self.key.rows == 0 {
            return Err("word_list.columns, key.columns and key.rows must be at least 1".into());
        }
        for (ink, field) in [
            (self.grid.line_colour, "grid.line_colour"),
            (self.key.capsule_colour, "key.capsule_colour"),
            (self.key.solution_fill, "key.solution_fill"),
        ] {
            if !ink.is_valid() {
                return Err(format!("{field}: every ink value must lie in 0–1"));
            }
        }
        Ok(())
    }
}

/// `Ok` for a finite number above zero, else an error naming the field.
fn positive(value: f32, field: &str) -> Result<(), String> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(format!("{field} must be a positive number, not {value}"))
    }
}

/// `Ok` for a finite number of zero or more, else an error naming the field.
fn non_negative(value: f32, field: &str) -> Result<(), String> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(format!("{field} must be 0 or more, not {value}"))
    }
}

/// `Ok` for a value at most `limit`, else an error naming the field.
fn at_most(value: f32, limit: f32, field: &str) -> Result<(), String> {
    if value <= limit {
        Ok(())
    } else {
        Err(format!("{field} must be at most {limit}, not {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_templates_parse_with_unique_names() {
        let templates = Template::shipped();
        assert_eq!(templates.len(), SHIPPED.len());
        let mut names: Vec<&str> = templates.iter().map(|t| t.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), templates.len());
        assert!(templates.iter().any(|t| t.name == DEFAULT_TEMPLATE));
    }

    #[test]
    fn bad_templates_name_the_fault() {
        let base = include_str!("../../templates/a4.ron");
        let unknown_font = base.replace("\"Lato Bold\"", "\"Comic Sans\"");
        let err = Template::parse(&unknown_font, "t.ron").unwrap_err();
        assert!(err.to_string().contains("Comic Sans"), "{err}");
        assert!(err.line > 0, "{err}");
        let bad_field = base.replace("bleed:", "bleeed:");
        let err = Template::parse(&bad_field, "t.ron").unwrap_err();
        assert!(err.to_string().contains("bleeed"), "{err}");
        let negative = base.replace("bleed: 0.0", "bleed: -3.0");
        let err = Template::parse(&negative, "t.ron").unwrap_err();
        assert!(err.to_string().contains("bleed"), "{err}");
        assert!(Template::find("no-such-template").is_err());
    }
}
