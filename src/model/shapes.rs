//! Built-in shape masks, scaled to any grid size.

use super::geometry::Pos;
use super::mask::Mask;
use crate::error::InputError;
use std::f64::consts::PI;

/// A built-in shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Every cell playable.
    Rectangle,
    /// A circle or ellipse filling the grid.
    Ellipse,
    /// A heart.
    Heart,
    /// A diamond (rhombus) touching the grid's edge midpoints.
    Diamond,
    /// A triangle pointing up.
    Triangle,
    /// A five-pointed star.
    Star,
    /// A hexagon with points left and right.
    Hexagon,
    /// A cloud: overlapping round puffs.
    Cloud,
}

impl Shape {
    /// Every built-in shape.
    pub const ALL: [Shape; 8] = [
        Shape::Rectangle,
        Shape::Ellipse,
        Shape::Heart,
        Shape::Diamond,
        Shape::Triangle,
        Shape::Star,
        Shape::Hexagon,
        Shape::Cloud,
    ];

    /// The name used on the command line and in project files.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Rectangle => "rectangle",
            Shape::Ellipse => "circle",
            Shape::Heart => "heart",
            Shape::Diamond => "diamond",
            Shape::Triangle => "triangle",
            Shape::Star => "star",
            Shape::Hexagon => "hexagon",
            Shape::Cloud => "cloud",
        }
    }

    /// Looks a shape up by name (`ellipse` is accepted for `circle`).
    pub fn from_name(name: &str) -> Option<Shape> {
        let name = name.trim().to_ascii_lowercase();
        if name == "ellipse" {
            return Some(Shape::Ellipse);
        }
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The mask of this shape on a `width` × `height` grid.
    pub fn mask(self, width: usize, height: usize) -> Result<Mask, InputError> {
        let (x0, x1, y0, y1) = self.bounds();
        Mask::from_fn(width, height, |p: Pos| {
            // Cell centre mapped into the shape's bounding box, y pointing up.
            let x = x0 + (p.col as f64 + 0.5) / width as f64 * (x1 - x0);
            let y = y1 - (p.row as f64 + 0.5) / height as f64 * (y1 - y0);
            self.contains(x, y)
        })
        .map_err(|e| InputError::msg(format!("shape {} on {width}x{height}: {e}", self.name())))
    }

    fn bounds(self) -> (f64, f64, f64, f64) {
        match self {
            Shape::Heart => (-1.16, 1.16, -1.02, 1.26),
            Shape::Star => {
                let ys: Vec<f64> = star_polygon().iter().map(|p| p.1).collect();
                let lo = ys.iter().cloned().fold(f64::MAX, f64::min);
                let hi = ys.iter().cloned().fold(f64::MIN, f64::max);
                (-0.96, 0.96, lo, hi)
            }
            _ => (-1.0, 1.0, -1.0, 1.0),
        }
    }

    fn contains(self, x: f64, y: f64) -> bool {
        match self {
            Shape::Rectangle => true,
            Shape::Ellipse => x * x + y * y <= 1.0,
            Shape::Heart => {
                let a = x * x + y * y - 1.0;
                a * a * a - x * x * y * y * y <= 0.0
            }
            Shape::Diamond => x.abs() + y.abs() <= 1.0,
            Shape::Triangle => x.abs() <= (1.0 - y) / 2.0,
            Shape::Star => point_in_polygon(&star_polygon(), x, y),
            Shape::Hexagon => x.abs() <= 1.0 - y.abs() / 2.0,
            Shape::Cloud => {
                let puffs = [
                    (-0.55, -0.2, 0.45),
                    (0.0, 0.15, 0.55),
                    (0.55, -0.15, 0.45),
                    (-0.25, -0.45, 0.5),
                    (0.3, -0.5, 0.45),
                ];
                puffs
                    .iter()
                    .any(|&(cx, cy, r)| (x - cx).powi(2) + (y - cy).powi(2) <= r * r)
            }
        }
    }
}

fn star_polygon() -> Vec<(f64, f64)> {
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { 1.0 } else { 0.45 };
            let a = PI / 2.0 + i as f64 * PI / 5.0;
            (r * a.cos(), r * a.sin())
        })
        .collect()
}

fn point_in_polygon(poly: &[(f64, f64)], x: f64, y: f64) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (xi, yi) = poly[i];
        let (xj, yj) = poly[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_every_size_has_cells() {
        for shape in Shape::ALL {
            for (w, h) in [(3, 3), (5, 7), (15, 15), (60, 40), (60, 60)] {
                let mask = shape.mask(w, h).unwrap();
                assert!(mask.playable_count() > 0, "{} {w}x{h}", shape.name());
            }
        }
    }

    #[test]
    fn heart_looks_like_a_heart() {
        let rows = Shape::Heart.mask(11, 10).unwrap().to_rows();
        // Two lobes at the top, a point at the bottom.
        assert_eq!(rows[0].chars().nth(5), Some('#'), "{rows:#?}");
        assert!(
            rows[1].starts_with('#') || rows[1].contains(".#."),
            "{rows:#?}"
        );
        assert_eq!(rows[9].matches('.').count(), 1, "{rows:#?}");
    }

    #[test]
    fn circle_is_symmetric_and_cut() {
        let rows = Shape::Ellipse.mask(9, 9).unwrap().to_rows();
        assert!(rows[0].starts_with('#') && rows[0].contains('.'));
        assert_eq!(rows[4], ".........");
        let flipped: Vec<String> = rows.iter().rev().cloned().collect();
        assert_eq!(rows, flipped);
    }

    #[test]
    fn names_round_trip() {
        for shape in Shape::ALL {
            assert_eq!(Shape::from_name(shape.name()), Some(shape));
        }
        assert_eq!(Shape::from_name("Ellipse"), Some(Shape::Ellipse));
        assert_eq!(Shape::from_name("blob"), None);
    }
}
