//! Grid coordinates and the eight reading directions.

use std::fmt;
use std::str::FromStr;

/// A cell position: `row` 0 at the top, `col` 0 at the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Row, 0-based from the top.
    pub row: usize,
    /// Column, 0-based from the left.
    pub col: usize,
}

impl Pos {
    /// A position from row and column.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// The position `steps` cells away in `dir`, or `None` when it leaves a
    /// `width` × `height` grid.
    pub fn step(self, dir: Direction, steps: usize, width: usize, height: usize) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let row = self.row as isize + dr * steps as isize;
        let col = self.col as isize + dc * steps as isize;
        (row >= 0 && col >= 0 && (row as usize) < height && (col as usize) < width)
            .then(|| Pos::new(row as usize, col as usize))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 1-based for people; widened so that `usize::MAX` does not wrap to 0.
        write!(
            f,
            "row {}, column {}",
            self.row as u128 + 1,
            self.col as u128 + 1
        )
    }
}

/// One of the eight compass directions a word can be read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Left to right.
    E,
    /// Right to left.
    W,
    /// Top to bottom.
    S,
    /// Bottom to top.
    N,
    /// Down and right.
    SE,
    /// Up and left.
    NW,
    /// Down and left.
    SW,
    /// Up and right.
    NE,
}

impl Direction {
    /// All eight directions in the order of the JSON contract.
    pub const ALL: [Direction; 8] = [
        Direction::E,
        Direction::W,
        Direction::S,
        Direction::N,
        Direction::SE,
        Direction::NW,
        Direction::SW,
        Direction::NE,
    ];

    /// The step `(drow, dcol)` of one cell in this direction.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::E => (0, 1),
            Direction::W => (0, -1),
            Direction::S => (1, 0),
            Direction::N => (-1, 0),
            Direction::SE => (1, 1),
            Direction::NW => (-1, -1),
            Direction::SW => (1, -1),
            Direction::NE => (-1, 1),
        }
    }

    /// Index 0..8 in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::E => Direction::W,
            Direction::W => Direction::E,
            Direction::S => Direction::N,
            Direction::N => Direction::S,
            Direction::SE => Direction::NW,
            Direction::NW => Direction::SE,
            Direction::SW => Direction::NE,
            Direction::NE => Direction::SW,
        }
    }

    /// The compass name used in JSON and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "E",
            Direction::W => "W",
            Direction::S => "S",
            Direction::N => "N",
            Direction::SE => "SE",
            Direction::NW => "NW",
            Direction::SW => "SW",
            Direction::NE => "NE",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Direction {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        Direction::ALL
            .into_iter()
            .find(|d| d.name() == upper)
            .ok_or_else(|| format!("unknown direction {s:?} (use E, W, S, N, SE, NW, SW, NE)"))
    }
}

/// A set of enabled directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DirectionSet(u8);

impl DirectionSet {
    /// All eight directions.
    pub const ALL: DirectionSet = DirectionSet(0xff);

    /// The empty set.
    pub const fn empty() -> Self {
        DirectionSet(0)
    }

    /// This set with `dir` added.
    pub const fn with(self, dir: Direction) -> Self {
        DirectionSet(self.0 | 1 << dir.index())
    }

    /// The set without `dir`.
    pub const fn without(self, dir: Direction) -> Self {
        DirectionSet(self.0 & !(1 << dir.index()))
    }

    /// Whether `dir` is enabled.
    pub const fn contains(self, dir: Direction) -> bool {
        self.0 & (1 << dir.index()) != 0
    }

    /// Number of enabled directions.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no direction is enabled.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The enabled directions in contract order.
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        Direction::ALL
            .into_iter()
            .filter(move |d| self.contains(*d))
    }

    /// Parses `E,S,SE` or `all`.
    pub fn parse_list(list: &str) -> Result<Self, String> {
        if list.trim().eq_ignore_ascii_case("all") {
            return Ok(DirectionSet::ALL);
        }
        let mut set = DirectionSet::empty();
        for part in list.split(',').filter(|p| !p.trim().is_empty()) {
            set = set.with(part.parse()?);
        }
        if set.is_empty() {
            return Err("no direction given".into());
        }
        Ok(set)
    }

    /// The names, comma separated, or `all` for all eight: the form
    /// project files and `--directions` use, read back by [`Self::parse_list`].
    pub fn to_list(self) -> String {
        if self == DirectionSet::ALL {
            return "all".into();
        }
        self.iter()
            .map(Direction::name)
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl FromIterator<Direction> for DirectionSet {
    fn from_iter<I: IntoIterator<Item = Direction>>(iter: I) -> Self {
        iter.into_iter()
            .fold(DirectionSet::empty(), DirectionSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_is_opposite_step() {
        for d in Direction::ALL {
            let (a, b) = d.delta();
            assert_eq!(d.reverse().delta(), (-a, -b));
            assert_eq!(d.reverse().reverse(), d);
        }
    }

    #[test]
    fn positions_show_one_based_without_wrapping() {
        assert_eq!(Pos::new(0, 4).to_string(), "row 1, column 5");
        assert_eq!(
            Pos::new(usize::MAX, 0).to_string(),
            "row 18446744073709551616, column 1"
        );
    }

    #[test]
    fn parse_lists() {
        let set = DirectionSet::parse_list("e, s,SE").unwrap();
        assert_eq!(set.to_list(), "E,S,SE");
        assert_eq!(DirectionSet::parse_list("all").unwrap().len(), 8);
        assert_eq!(DirectionSet::ALL.to_list(), "all");
        let all_named = DirectionSet::parse_list("E,W,S,N,SE,NW,SW,NE").unwrap();
        assert_eq!(all_named.to_list(), "all");
        assert!(DirectionSet::parse_list("E,UP").is_err());
        assert!(DirectionSet::parse_list("").is_err());
    }

    #[test]
    fn steps_stay_inside() {
        let p = Pos::new(0, 0);
        assert_eq!(p.step(Direction::SE, 2, 3, 3), Some(Pos::new(2, 2)));
        assert_eq!(p.step(Direction::N, 1, 3, 3), None);
        assert_eq!(p.step(Direction::E, 3, 3, 3), None);
    }
}
