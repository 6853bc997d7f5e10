//! Words to draw from, indexed by length and by letter at each position, so
//! the words matching a slot's fixed letters are one bitset AND away.

use crate::generate::rng::Rng;

/// The words of one length in one vocabulary.
struct Bucket {
    /// Lexicon ids.
    ids: Vec<u32>,
    /// Blocks of 64 words.
    blocks: usize,
    /// `bits[(pos * letters + code - 1) * blocks + block]`.
    bits: Vec<u64>,
}

/// One vocabulary's words by length.
pub(crate) struct PoolIndex {
    letters: usize,
    /// Every lexicon id, in vocabulary order.
    pub all: Vec<u32>,
    by_len: Vec<Option<Bucket>>,
}

impl PoolIndex {
    /// Indexes `(lexicon id, codes)` pairs; codes are 1..=`letters`.
    /// Counted by length first, then written into buckets of their exact
    /// size (the pairs gathered by length first were 8.5 MB for
    /// `ngerman`, made and freed again).
    pub fn new<'a>(letters: usize, words: impl Iterator<Item = (u32, &'a [u8])> + Clone) -> Self {
        let mut all = Vec::new();
        let mut count_by_len: Vec<usize> = Vec::new();
        for (id, codes) in words.clone() {
            all.push(id);
            if count_by_len.len() <= codes.len() {
                count_by_len.resize(codes.len() + 1, 0);
            }
            count_by_len[codes.len()] += 1;
        }
        let mut by_len: Vec<Option<Bucket>> = count_by_len
            .iter()
            .enumerate()
            .map(|(len, &count)| {
                let blocks = count.div_ceil(64);
                (count > 0).then(|| Bucket {
                    ids: Vec::with_capacity(count),
                    blocks,
                    bits: vec![0u64; len * letters * blocks],
                })
            })
            .collect();
        for (id, codes) in words {
            let b = by_len[codes.len()]
                .as_mut()
                .expect("a bucket per counted length");
            let k = b.ids.len();
            for (pos, &code) in codes.iter().enumerate() {
                let row = pos * letters + code as usize - 1;
                b.bits[row * b.blocks + k / 64] |= 1 << (k % 64);
            }
            b.ids.push(id);
        }
        PoolIndex {
            letters,
            all,
            by_len,
        }
    }

    /// Whether any word has this length.
    pub fn has_len(&self, len: usize) -> bool {
        self.by_len.get(len).is_some_and(Option::is_some)
    }

    /// Up to `limit` ids of `len`-letter words with the given letters at the
    /// given positions, starting at a random word and wrapping around.
    pub fn matching(
        &self,
        len: usize,
        pattern: &[(u8, u8)],
        rng: &mut Rng,
        limit: usize,
        scratch: &mut Vec<u64>,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        let Some(Some(b)) = self.by_len.get(len) else {
            return;
        };
        scratch.clear();
        scratch.resize(b.blocks, u64::MAX);
        let tail = b.ids.len() % 64;
        if tail != 0 {
            scratch[b.blocks - 1] = (1u64 << tail) - 1;
        }
        for &(pos, code) in pattern {
            if code as usize > self.letters {
                scratch.fill(0);
                break;
            }
            let row = (pos as usize * self.letters + code as usize - 1) * b.blocks;
            for (s, bits) in scratch.iter_mut().zip(&b.bits[row..row + b.blocks]) {
                *s &= bits;
            }
        }
        let first = rng.below(b.blocks);
        for k in 0..b.blocks {
            let block = (first + k) % b.blocks;
            let mut word = scratch[block];
            while word != 0 && out.len() < limit {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                out.push(b.ids[block * 64 + bit]);
            }
            if out.len() >= limit {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_by_fixed_letters() {
        let words: Vec<(u32, Vec<u8>)> = vec![
            (10, vec![1, 2, 3]),
            (11, vec![1, 3, 3]),
            (12, vec![2, 2, 3]),
            (13, vec![1, 2]),
        ];
        let index = PoolIndex::new(3, words.iter().map(|(i, c)| (*i, c.as_slice())));
        let mut rng = Rng::new(1);
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        index.matching(3, &[(0, 1)], &mut rng, 10, &mut scratch, &mut out);
        out.sort();
        assert_eq!(out, vec![10, 11]);
        index.matching(3, &[(1, 2), (2, 3)], &mut rng, 10, &mut scratch, &mut out);
        out.sort();
        assert_eq!(out, vec![10, 12]);
        index.matching(3, &[], &mut rng, 10, &mut scratch, &mut out);
        assert_eq!(out.len(), 3);
        index.matching(2, &[(0, 2)], &mut rng, 10, &mut scratch, &mut out);
        assert!(out.is_empty());
        index.matching(7, &[], &mut rng, 10, &mut scratch, &mut out);
        assert!(out.is_empty());
        assert!(index.has_len(2) && index.has_len(3) && !index.has_len(4));
    }
}
