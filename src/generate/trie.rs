//! Word lists as tries (word rectangles: one per length; Swedish puzzles:
//! one over all lengths): each node knows its letters below (a bitmask,
//! so the letters a cell can take are the AND of its row's and column's
//! masks), the word it ends (if any), how many words lie below, and at
//! which distances below words end — so a column's prefix can be asked
//! "can you still end within k cells?". Also the letter coding they share.

/// Marks a node that ends no answer.
pub(crate) const NO_WORD: u32 = u32::MAX;

/// Answers (letter codes < 64) as a trie with contiguous children.
pub(crate) struct Trie {
    pub masks: Vec<u64>,
    pub first: Vec<u32>,
    /// The answer id ending at a node ([`NO_WORD`] elsewhere).
    pub word: Vec<u32>,
    /// Answers below each node (itself included).
    pub count: Vec<u32>,
    /// Bit d: an answer ends d letters below this node (bit 0: here).
    pub ends: Vec<u32>,
    /// log2(1 + count), the filler's measure of a prefix's freedom.
    pub freedom: Vec<f32>,
}

impl Trie {
    /// `words`: (letter codes, id); equal words keep the first id.
    pub fn new(mut words: Vec<(Vec<u8>, u32)>) -> Trie {
        words.sort();
        words.dedup_by(|b, a| a.0 == b.0);
        let mut trie = Trie {
            masks: vec![0],
            first: vec![0],
            word: vec![NO_WORD],
            count: Vec::new(),
            ends: Vec::new(),
            freedom: Vec::new(),
        };
        // Breadth first, so that a node's children get consecutive indices;
        // sorted words put a word before the longer words it begins.
        let mut queue = std::collections::VecDeque::from([(0usize, 0..words.len(), 0usize)]);
        while let Some((node, mut range, depth)) = queue.pop_front() {
            if range.is_empty() {
                continue;
            }
            if words[range.start].0.len() == depth {
                trie.word[node] = words[range.start].1;
                range.start += 1;
            }
            trie.first[node] = trie.masks.len() as u32;
            let mut i = range.start;
            while i < range.end {
                let letter = words[i].0[depth];
                let j = (i..range.end)
                    .find(|&j| words[j].0[depth] != letter)
                    .unwrap_or(range.end);
                trie.masks[node] |= 1 << letter;
                queue.push_back((trie.masks.len(), i..j, depth + 1));
                trie.masks.push(0);
                trie.first.push(0);
                trie.word.push(NO_WORD);
                i = j;
            }
        }
        let n = trie.masks.len();
        trie.count = vec![0; n];
        trie.ends = vec![0; n];
        // Children come after their parent: fill bottom-up.
        for node in (0..n).rev() {
            let here = trie.word[node] != NO_WORD;
            let mut count = u32::from(here);
            let mut ends = u32::from(here);
            for child in trie.children(node as u32) {
                count += trie.count[child as usize];
                ends |= trie.ends[child as usize] << 1;
            }
            trie.count[node] = count;
            trie.ends[node] = ends;
        }
        trie.freedom = trie
            .count
            .iter()
            .map(|&c| (c as f32 + 1.0).log2())
            .collect();
        trie
    }

    /// The id of the word `codes` spell, if the trie holds it.
    pub fn find(&self, codes: &[u8]) -> Option<u32> {
        let mut node = 0u32;
        for &letter in codes {
            if self.masks[node as usize] & (1u64 << letter) == 0 {
                return None;
            }
            node = self.child(node, letter);
        }
        Some(self.word[node as usize]).filter(|&id| id != NO_WORD)
    }

    /// The child of `node` for `letter` (which must be in its mask).
    pub fn child(&self, node: u32, letter: u8) -> u32 {
        let below = self.masks[node as usize] & ((1u64 << letter) - 1);
        self.first[node as usize] + below.count_ones()
    }

    fn children(&self, node: u32) -> std::ops::Range<u32> {
        let first = self.first[node as usize];
        first..first + self.masks[node as usize].count_ones()
    }
}

/// `letters` as codes into `alphabet` (extended with new letters); the
/// tries' letter masks are 64 bits wide.
pub(crate) fn letter_codes(
    alphabet: &mut Vec<char>,
    letters: &[char],
) -> Result<Vec<u8>, crate::error::GenerateError> {
    let mut codes = Vec::with_capacity(letters.len());
    for c in letters {
        let code = match alphabet.iter().position(|a| a == c) {
            Some(i) => i,
            None => {
                alphabet.push(*c);
                alphabet.len() - 1
            }
        };
        if code >= 64 {
            return Err(crate::error::GenerateError::Impossible(
                "the vocabularies use more than 64 different letters".into(),
            ));
        }
        codes.push(code as u8);
    }
    Ok(codes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_where_words_end_below() {
        // AB, ABC, ABCDE, BA
        let trie = Trie::new(vec![
            (vec![0, 1, 2, 3, 4], 2),
            (vec![0, 1], 0),
            (vec![0, 1, 2], 1),
            (vec![1, 0], 3),
        ]);
        let a = trie.child(0, 0);
        let ab = trie.child(a, 1);
        assert_eq!(trie.word[ab as usize], 0);
        assert_eq!(trie.ends[a as usize], 0b10110);
        assert_eq!(trie.count[0], 4);
        assert_eq!(trie.ends[0], 0b101100);
        let abc = trie.child(ab, 2);
        assert_eq!(trie.word[abc as usize], 1);
    }
}
