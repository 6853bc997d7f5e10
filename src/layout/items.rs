//! Positioned page items in millimetres: what the PDF writer and the app's
//! preview both draw. Origin at the top-left corner of the media box, y down.

use super::fonts::Face;
use serde::{Deserialize, Serialize};

/// A point on the page, in millimetres from the media box's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Millimetres from the left edge.
    pub x: f32,
    /// Millimetres from the top edge.
    pub y: f32,
}

impl Point {
    /// A point at (x, y) mm.
    pub fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// An axis-aligned box in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

impl Area {
    /// A box from its top-left corner and size.
    pub fn new(x: f32, y: f32, width: f32, height: f32) -> Area {
        Area {
            x,
            y,
            width,
            height,
        }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.width
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.height
    }

    /// This box grown by `by` mm on every side.
    pub fn grown(&self, by: f32) -> Area {
        Area::new(
            self.x - by,
            self.y - by,
            self.width + 2.0 * by,
            self.height + 2.0 * by,
        )
    }

    /// True when `other` lies inside this box (with a small tolerance).
    pub fn contains(&self, other: &Area) -> bool {
        const EPS: f32 = 1e-3;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.right() <= self.right() + EPS
            && other.bottom() <= self.bottom() + EPS
    }
}

/// A process colour: cyan, magenta, yellow and black, each 0–1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ink {
    /// Cyan.
    #[serde(default)]
    pub c: f32,
    /// Magenta.
    #[serde(default)]
    pub m: f32,
    /// Yellow.
    #[serde(default)]
    pub y: f32,
    /// Black.
    #[serde(default)]
    pub k: f32,
}

impl Ink {
    /// 100 % black: every text run uses it.
    pub const BLACK: Ink = Ink::grey(1.0);

    /// A tint of black (0 = paper, 1 = solid).
    pub const fn grey(k: f32) -> Ink {
        Ink {
            c: 0.0,
            m: 0.0,
            y: 0.0,
            k,
        }
    }

    /// The ink as a grey level (0 = paper, 1 = solid black), for greyscale output.
    pub fn darkness(&self) -> f32 {
        let colour = 0.3 * self.c + 0.59 * self.m + 0.11 * self.y;
        (self.k + colour * (1.0 - self.k)).clamp(0.0, 1.0)
    }

    /// True when every channel lies in 0–1.
    pub fn is_valid(&self) -> bool {
        [self.c, self.m, self.y, self.k]
            .iter()
            .all(|v| (0.0..=1.0).contains(v))
    }
}

/// A stroke: width in points, ink and dash.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Line width in points.
    pub width_pt: f32,
    /// Colour.
    pub ink: Ink,
    /// Dashed (placeholder frames) instead of solid.
    pub dashed: bool,
}

impl Stroke {
    /// A solid stroke.
    pub fn solid(width_pt: f32, ink: Ink) -> Stroke {
        Stroke {
            width_pt,
            ink,
            dashed: false,
        }
    }
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A run of text; `origin` is the left end of its baseline.
    Text {
        /// Baseline start.
        origin: Point,
        /// Font size in points.
        size_pt: f32,
        /// Font face.
        face: Face,
        /// The characters.
        text: String,
    },
    /// A straight line.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
        /// Stroke.
        stroke: Stroke,
    },
    /// A rectangle, filled and/or outlined.
    Rect {
        /// Where.
        area: Area,
        /// Fill colour.
        fill: Option<Ink>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// A filled polygon (arrows of Swedish clue cells).
    Polygon {
        /// Corners in order; the last joins the first.
        points: Vec<Point>,
        /// Fill colour.
        fill: Ink,
    },
    /// A stadium outline around the segment `from`–`to` (answer-key rings).
    Capsule {
        /// Centre of the first end.
        from: Point,
        /// Centre of the other end.
        to: Point,
        /// Half the capsule's width.
        radius: f32,
        /// Outline.
        stroke: Stroke,
    },
}

/// One laid-out page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Media box width in mm (trim + bleed + room for crop marks).
    pub width: f32,
    /// Media box height in mm.
    pub height: f32,
    /// The finished page size, inside the media box.
    pub trim: Area,
    /// The trim box plus bleed.
    pub bleed: Area,
    /// Drawn in order.
    pub items: Vec<Item>,
    /// Where the letter grid sits, if the page shows one (for the preview's
    /// highlights and hit tests; not drawn).
    pub grid: Option<GridFrame>,
}

/// The position of a drawn letter grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridFrame {
    /// Top-left corner of cell (0, 0), in media-box mm.
    pub origin: Point,
    /// Cell side in mm.
    pub cell: f32,
}

impl Item {
    /// The item moved by (dx, dy) mm.
    pub fn translate(&mut self, dx: f32, dy: f32) {
        let shift = |p: &mut Point| {
            p.x += dx;
            p.y += dy;
        };
        match self {
            Item::Text { origin, .. } => shift(origin),
            Item::Line { from, to, .. } | Item::Capsule { from, to, .. } => {
                shift(from);
                shift(to);
            }
            Item::Rect { area, .. } => {
                area.x += dx;
                area.y += dy;
            }
            Item::Polygon { points, .. } => points.iter_mut().for_each(shift),
        }
    }
}

impl Page {
    /// Every text run on the page, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.items.iter().filter_map(|item| match item {
            Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
    }
}

/// Bezier handle length for a quarter circle, as a fraction of the radius.
const KAPPA: f32 = 0.552_284_8;

/// The outline of a stadium around `from`–`to`: two straight sides and two
/// half circles, each half made of two quarter-circle Bezier curves.
/// Returns points in page millimetres; `true` marks a Bezier handle.
pub fn capsule_path(from: Point, to: Point, radius: f32) -> Vec<(Point, bool)> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = if length > 1e-6 {
        (dx / length, dy / length)
    } else {
        (1.0, 0.0)
    };
    let (nx, ny) = (-uy, ux);
    let at = |c: Point, a: f32, b: f32| {
        Point::new(
            c.x + a * ux * radius + b * nx * radius,
            c.y + a * uy * radius + b * ny * radius,
        )
    };
    let k = KAPPA;
    vec![
        (at(from, 0.0, 1.0), false),
        (at(to, 0.0, 1.0), false),
        // Half circle around `to`, from +n through +u to -n.
        (at(to, k, 1.0), true),
        (at(to, 1.0, k), true),
        (at(to, 1.0, 0.0), false),
        (at(to, 1.0, -k), true),
        (at(to, k, -1.0), true),
        (at(to, 0.0, -1.0), false),
        (at(from, 0.0, -1.0), false),
        // Half circle around `from`, from -n through -u to +n.
        (at(from, -k, -1.0), true),
        (at(from, -1.0, -k), true),
        (at(from, -1.0, 0.0), false),
        (at(from, -1.0, k), true),
        (at(from, -k, 1.0), true),
        (at(from, 0.0, 1.0), false),
    ]
}
