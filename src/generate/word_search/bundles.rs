//! Bundles of parallel words side by side, measured on the board: the
//! objective the layout search improves after a woven layout is found.

use super::board::{BUNDLE_CELLS, Geometry, Placement, axis_of};
use crate::model::Direction;

/// A placement as a stretch of one line of its axis.
#[derive(Clone)]
struct Stretch {
    axis: usize,
    line: isize,
    from: isize,
    to: isize,
}

fn stretch(geo: &Geometry, p: &Placement) -> Stretch {
    let key = |cell: u16| -> (isize, isize) {
        let pos = geo.pos(cell);
        let (r, c) = (pos.row as isize, pos.col as isize);
        match p.dir {
            Direction::E | Direction::W => (r, c),
            Direction::S | Direction::N => (c, r),
            Direction::SE | Direction::NW => (c - r, r),
            Direction::SW | Direction::NE => (c + r, r),
        }
    };
    let (line, a) = key(p.start);
    let (_, b) = key(p.end(geo));
    Stretch {
        axis: axis_of(p.dir),
        line,
        from: a.min(b),
        to: a.max(b),
    }
}

/// Whether two stretches lie on neighbouring lines of one axis, alongside
/// for [`BUNDLE_CELLS`] cells or more.
fn alongside(a: &Stretch, b: &Stretch) -> bool {
    let shared = a.to.min(b.to) - a.from.max(b.from) + 1;
    a.axis == b.axis && (a.line - b.line).abs() == 1 && shared >= BUNDLE_CELLS as isize
}

/// The bundles of a layout, kept to ask what a further word would join.
pub(crate) struct BundleMap {
    stretches: Vec<Stretch>,
    /// Per placement, the bundle it belongs to (an index into `sizes`).
    of: Vec<usize>,
    sizes: Vec<usize>,
}

impl BundleMap {
    /// Parallel words on neighbouring lines running alongside for
    /// [`BUNDLE_CELLS`] cells or more, joined transitively.
    pub fn new(geo: &Geometry, placements: &[Placement]) -> Self {
        let stretches: Vec<Stretch> = placements.iter().map(|p| stretch(geo, p)).collect();
        let n = stretches.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        // Sorted by axis and line, a stretch's neighbours on the next line
        // follow it closely: no pair of far-apart lines is compared.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_unstable_by_key(|&i| (stretches[i].axis, stretches[i].line));
        for (k, &i) in order.iter().enumerate() {
            let a = &stretches[i];
            for &j in &order[k + 1..] {
                let b = &stretches[j];
                if b.axis != a.axis || b.line > a.line + 1 {
                    break;
                }
                if alongside(a, b) {
                    let (ra, rb) = (root(&mut parent, i), root(&mut parent, j));
                    parent[ra] = rb;
                }
            }
        }
        let mut sizes = vec![0usize; n];
        let of: Vec<usize> = (0..n).map(|i| root(&mut parent, i)).collect();
        for &r in &of {
            sizes[r] += 1;
        }
        BundleMap {
            stretches,
            of,
            sizes,
        }
    }

    /// The size of the bundle a word placed at `start` would belong to
    /// (1 when it runs alongside no parallel word).
    pub fn joined_size(&self, geo: &Geometry, start: u16, dir: Direction, len: usize) -> usize {
        let word = stretch(
            geo,
            &Placement {
                word: 0,
                start,
                dir,
                len: len as u8,
                overlaps: 0,
            },
        );
        let mut joined: Vec<usize> = Vec::new();
        for (i, s) in self.stretches.iter().enumerate() {
            if alongside(&word, s) && !joined.contains(&self.of[i]) {
                joined.push(self.of[i]);
            }
        }
        1 + joined.iter().map(|&r| self.sizes[r]).sum::<usize>()
    }
}

/// Per placement, the bundle it belongs to (an index into the sizes), and
/// the size of each bundle: parallel words on neighbouring lines running
/// alongside for [`BUNDLE_CELLS`] cells or more, joined transitively.
pub(crate) fn bundles(geo: &Geometry, placements: &[Placement]) -> (Vec<usize>, Vec<usize>) {
    let map = BundleMap::new(geo, placements);
    (map.of, map.sizes)
}

/// How bundled a layout is, smaller is better: the largest bundle first,
/// then the sum of squared bundle sizes (a few pairs beat one trio).
pub(crate) fn bundle_score(geo: &Geometry, placements: &[Placement]) -> (usize, usize) {
    BundleCounter::default().score(geo, placements)
}

/// [`bundle_score`] with buffers kept between calls (the annealing
/// scores every step's layout) and the stretches bucketed by line instead
/// of sorted as [`BundleMap`] does (a fifth of the annealing's time on the
/// long German list went to that sort and the allocations).
#[derive(Clone, Default)]
pub(crate) struct BundleCounter {
    stretches: Vec<Stretch>,
    /// Per bucket (axis and line), where its stretches start in `order`.
    starts: Vec<usize>,
    order: Vec<usize>,
    parent: Vec<usize>,
    sizes: Vec<usize>,
}

impl BundleCounter {
    /// The largest bundle and the sum of squared bundle sizes (see
    /// [`bundle_score`]).
    pub fn score(&mut self, geo: &Geometry, placements: &[Placement]) -> (usize, usize) {
        let n = placements.len();
        // Lines of an axis, offset by height - 1 to start at 0 (column
        // minus row runs from 1 - height); column plus row reaches
        // width + height - 2, so an axis takes width + 2 × height buckets.
        let height = geo.height;
        let per_axis = geo.width + 2 * height;
        let offset = height as isize - 1;
        let bucket = |s: &Stretch| s.axis * per_axis + (s.line + offset) as usize;
        self.stretches.clear();
        self.stretches
            .extend(placements.iter().map(|p| stretch(geo, p)));
        self.starts.clear();
        self.starts.resize(4 * per_axis + 2, 0);
        for s in &self.stretches {
            self.starts[bucket(s) + 2] += 1;
        }
        for b in 2..self.starts.len() {
            self.starts[b] += self.starts[b - 1];
        }
        self.order.clear();
        self.order.resize(n, 0);
        for (i, s) in self.stretches.iter().enumerate() {
            let slot = &mut self.starts[bucket(s) + 1];
            self.order[*slot] = i;
            *slot += 1;
        }
        // Now bucket b's stretches are `order[starts[b]..starts[b + 1]]`.
        self.parent.clear();
        self.parent.extend(0..n);
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        // Each stretch against those of the next line of its axis: the
        // loop runs over the stretches, not the mostly empty buckets.
        for k in 0..n {
            let i = self.order[k];
            let b = bucket(&self.stretches[i]);
            for &j in &self.order[self.starts[b + 1]..self.starts[b + 2]] {
                if alongside(&self.stretches[i], &self.stretches[j]) {
                    let (ri, rj) = (root(&mut self.parent, i), root(&mut self.parent, j));
                    self.parent[ri] = rj;
                }
            }
        }
        self.sizes.clear();
        self.sizes.resize(n, 0);
        for i in 0..n {
            let r = root(&mut self.parent, i);
            self.sizes[r] += 1;
        }
        let largest = self.sizes.iter().copied().max().unwrap_or(0);
        (largest, self.sizes.iter().map(|s| s * s).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mask;

    fn word(geo: &Geometry, row: usize, col: usize, dir: Direction, len: u8) -> Placement {
        Placement {
            word: 0,
            start: geo.cell(crate::model::Pos::new(row, col)),
            dir,
            len,
            overlaps: 0,
        }
    }

    #[test]
    fn neighbouring_parallel_words_bundle_transitively() {
        let mask = Mask::rectangle(10, 10).unwrap();
        let geo = Geometry::new(&mask);
        let words = [
            word(&geo, 0, 0, Direction::E, 5),
            // Reversed on the next row, alongside for 4 cells.
            word(&geo, 1, 4, Direction::W, 4),
            // Next row, alongside the second for only 2 cells: apart.
            word(&geo, 2, 3, Direction::E, 5),
            // Columns 8 and 9, alongside for 3 cells.
            word(&geo, 5, 8, Direction::S, 4),
            word(&geo, 9, 9, Direction::N, 4),
        ];
        let (of, sizes) = bundles(&geo, &words);
        assert_eq!(of[0], of[1]);
        assert_ne!(of[1], of[2]);
        assert_eq!(of[3], of[4]);
        assert_eq!(sizes[of[0]], 2);
        assert_eq!(bundle_score(&geo, &words), (2, 4 + 1 + 4));
        assert_eq!(BundleCounter::default().score(&geo, &words), (2, 4 + 1 + 4));
    }

    /// The counter scores random layouts of every direction as the
    /// bundles [`BundleMap`] finds, on a square, a tall and a wide grid.
    #[test]
    fn counter_scores_as_bundle_score() {
        let mut rng = crate::generate::rng::Rng::new(7);
        let mut counter = BundleCounter::default();
        for (rows, cols) in [(12, 12), (17, 9), (8, 15)] {
            let mask = Mask::rectangle(cols, rows).unwrap();
            let geo = Geometry::new(&mask);
            for _ in 0..500 {
                let mut words = Vec::new();
                for _ in 0..rng.below(40) {
                    let dir = Direction::ALL[rng.below(8)];
                    let len = 3 + rng.below(6);
                    let (r, c) = (rng.below(rows) as isize, rng.below(cols) as isize);
                    let (dr, dc) = dir.delta();
                    let (er, ec) = (r + dr * (len as isize - 1), c + dc * (len as isize - 1));
                    if (0..rows as isize).contains(&er) && (0..cols as isize).contains(&ec) {
                        words.push(word(&geo, r as usize, c as usize, dir, len as u8));
                    }
                }
                let (_, sizes) = bundles(&geo, &words);
                let largest = sizes.iter().copied().max().unwrap_or(0);
                let squares = sizes.iter().map(|s| s * s).sum();
                assert_eq!(counter.score(&geo, &words), (largest, squares));
            }
        }
    }
}
