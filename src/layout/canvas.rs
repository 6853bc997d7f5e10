//! A canvas that collects items and the box they cover, and turns them into a
//! page: trim, bleed, room for crop marks, and the marks themselves.

use super::fonts::{Face, pt_to_mm};
use super::items::{Area, GridFrame, Ink, Item, Page, Point, Stroke};
use super::template::{PageSize, Template};

/// Crop marks start this far outside the trim (at least the bleed).
const MARK_OFFSET: f32 = 3.0;
/// Crop mark length in mm.
const MARK_LENGTH: f32 = 5.0;
/// Crop mark line width in pt.
const MARK_WIDTH: f32 = 0.25;

/// Items in trim coordinates (origin at the trim box's top-left corner).
#[derive(Default)]
pub struct Canvas {
    items: Vec<Item>,
    bounds: Option<Area>,
    grid: Option<GridFrame>,
}

impl Canvas {
    /// An empty canvas.
    pub fn new() -> Canvas {
        Canvas::default()
    }

    fn cover(&mut self, area: Area) {
        self.bounds = Some(match self.bounds {
            None => area,
            Some(b) => {
                let x = b.x.min(area.x);
                let y = b.y.min(area.y);
                Area::new(
                    x,
                    y,
                    b.right().max(area.right()) - x,
                    b.bottom().max(area.bottom()) - y,
                )
            }
        });
    }

    /// Records where a letter grid was drawn.
    pub fn mark_grid(&mut self, origin: Point, cell: f32) {
        self.grid = Some(GridFrame { origin, cell });
    }

    /// The box everything drawn so far covers.
    pub fn bounds(&self) -> Option<Area> {
        self.bounds
    }

    /// Text with its baseline starting at `origin`; returns its width in mm.
    pub fn text(&mut self, origin: Point, face: Face, size_pt: f32, text: &str) -> f32 {
        if text.is_empty() || size_pt <= 0.0 {
            return 0.0;
        }
        let metrics = face.metrics();
        let size = pt_to_mm(size_pt);
        let width = metrics.advance(text) * size;
        self.cover(Area::new(
            origin.x,
            origin.y - metrics.ascender() * size,
            width,
            (metrics.ascender() - metrics.descender()) * size,
        ));
        self.items.push(Item::Text {
            origin,
            size_pt,
            face,
            text: text.to_string(),
        });
        width
    }

    /// A straight line.
    pub fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let half = pt_to_mm(stroke.width_pt) / 2.0;
        let x = from.x.min(to.x);
        let y = from.y.min(to.y);
        self.cover(Area::new(x, y, (from.x - to.x).abs(), (from.y - to.y).abs()).grown(half));
        self.items.push(Item::Line { from, to, stroke });
    }

    /// A filled and/or outlined rectangle.
    pub fn rect(&mut self, area: Area, fill: Option<Ink>, stroke: Option<Stroke>) {
        let half = stroke.map_or(0.0, |s| pt_to_mm(s.width_pt) / 2.0);
        self.cover(area.grown(half));
        self.items.push(Item::Rect { area, fill, stroke });
    }

    /// A filled polygon through `points`.
    pub fn polygon(&mut self, points: Vec<Point>, fill: Ink) {
        if let Some(area) = bounding(&points) {
            self.cover(area);
        }
        self.items.push(Item::Polygon { points, fill });
    }

    /// A capsule outline around `from`–`to`.
    pub fn capsule(&mut self, from: Point, to: Point, radius: f32, stroke: Stroke) {
        let reach = radius + pt_to_mm(stroke.width_pt) / 2.0;
        let x = from.x.min(to.x);
        let y = from.y.min(to.y);
        self.cover(Area::new(x, y, (from.x - to.x).abs(), (from.y - to.y).abs()).grown(reach));
        self.items.push(Item::Capsule {
            from,
            to,
            radius,
            stroke,
        });
    }

    /// Moves everything drawn so far by (dx, dy).
    pub fn translate(&mut self, dx: f32, dy: f32) {
        for item in &mut self.items {
            item.translate(dx, dy);
        }
        if let Some(b) = &mut self.bounds {
            b.x += dx;
            b.y += dy;
        }
        if let Some(g) = &mut self.grid {
            g.origin.x += dx;
            g.origin.y += dy;
        }
    }

    /// Appends another canvas's items, moved by (dx, dy).
    pub fn append(&mut self, mut other: Canvas, dx: f32, dy: f32) {
        other.translate(dx, dy);
        if let Some(b) = other.bounds {
            self.cover(b);
        }
        self.items.append(&mut other.items);
    }

    /// Turns the canvas into a page of the template's size (or, for
    /// "fit content" templates, of the drawn content plus margins).
    pub fn into_page(mut self, template: &Template) -> Page {
        let (trim_width, trim_height) = match template.page {
            PageSize::Fixed { width, height } => (width, height),
            PageSize::FitContent => {
                let m = template.margins;
                let b = self.bounds.unwrap_or(Area::new(0.0, 0.0, 1.0, 1.0));
                self.translate(m.left - b.x, m.top - b.y);
                (b.width + m.left + m.right, b.height + m.top + m.bottom)
            }
            // The content was laid out in the column: only its height is
            // the content's.
            PageSize::Column { width } => {
                let m = template.margins;
                let b = self.bounds.unwrap_or(Area::new(0.0, 0.0, 1.0, 1.0));
                self.translate(0.0, m.top - b.y);
                (width, b.height + m.top + m.bottom)
            }
        };
        let bleed = template.bleed;
        let mark_offset = bleed.max(MARK_OFFSET);
        let slug = if template.crop_marks {
            mark_offset + MARK_LENGTH + 1.0
        } else {
            bleed
        };
        self.translate(slug, slug);
        let trim = Area::new(slug, slug, trim_width, trim_height);
        if template.crop_marks {
            self.crop_marks(trim, mark_offset);
        }
        Page {
            width: trim_width + 2.0 * slug,
            height: trim_height + 2.0 * slug,
            trim,
            bleed: trim.grown(bleed),
            items: self.items,
            grid: self.grid,
        }
    }

    fn crop_marks(&mut self, trim: Area, offset: f32) {
        let stroke = Stroke::solid(MARK_WIDTH, Ink::BLACK);
        for (x, y, sx, sy) in [
            (trim.x, trim.y, -1.0, -1.0),
            (trim.right(), trim.y, 1.0, -1.0),
            (trim.x, trim.bottom(), -1.0, 1.0),
            (trim.right(), trim.bottom(), 1.0, 1.0),
        ] {
            let near = offset;
            let far = offset + MARK_LENGTH;
            self.items.push(Item::Line {
                from: Point::new(x + sx * near, y),
                to: Point::new(x + sx * far, y),
                stroke,
            });
            self.items.push(Item::Line {
                from: Point::new(x, y + sy * near),
                to: Point::new(x, y + sy * far),
                stroke,
            });
        }
    }
}

/// The smallest area holding every point.
pub fn bounding(points: &[Point]) -> Option<Area> {
    let first = points.first()?;
    let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
    for p in points {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    Some(Area::new(x0, y0, x1 - x0, y1 - y0))
}
