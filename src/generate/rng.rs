//! The portable seeded random source: ChaCha8, sampled only through `u32`
//! ranges so that every platform draws the same numbers.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Deterministic random numbers for one generation.
pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && n <= u32::MAX as usize);
        self.0.random_range(0..n as u32) as usize
    }

    /// A fresh 64-bit seed for a sub-generation.
    pub fn next_seed(&mut self) -> u64 {
        let hi = self.0.random_range(0..=u32::MAX) as u64;
        let lo = self.0.random_range(0..=u32::MAX) as u64;
        hi << 32 | lo
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// An index drawn with probability proportional to `weights` (not all 0).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|w| *w as u64).sum();
        debug_assert!(total > 0);
        let mut x = if total <= u32::MAX as u64 {
            self.below(total as usize) as u64
        } else {
            self.next_seed() % total
        };
        for (i, w) in weights.iter().enumerate() {
            if x < *w as u64 {
                return i;
            }
            x -= *w as u64;
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_sequence_is_stable() {
        // Pinned: if this changes, every seed gives different puzzles.
        let mut rng = Rng::new(42);
        let got: Vec<usize> = (0..8).map(|_| rng.below(1000)).collect();
        let mut again = Rng::new(42);
        let twice: Vec<usize> = (0..8).map(|_| again.below(1000)).collect();
        assert_eq!(got, twice);
        assert_eq!(got, GOLDEN.to_vec(), "ChaCha8 stream changed: {got:?}");
    }

    const GOLDEN: [usize; 8] = [224, 681, 146, 950, 772, 427, 344, 627];

    #[test]
    fn weighted_respects_zero_weights() {
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            assert_eq!(rng.weighted(&[0, 5, 0]), 1);
        }
    }
}
