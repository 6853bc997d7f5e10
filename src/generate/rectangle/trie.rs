//! The word lists of a rectangle as tries, one per word length, with the
//! letters below each node as a bitmask: the letters a cell can take are
//! the AND of its row's and its column's masks.

use std::collections::VecDeque;

/// Marks a node that ends no word.
pub(super) const NO_WORD: u32 = u32::MAX;

/// Words of one length as a trie; children of a node are contiguous and
/// ordered by letter, so a child's index is `first + rank of the letter`.
pub(super) struct Trie {
    pub masks: Vec<u64>,
    pub first: Vec<u32>,
    /// The word id at a full-length node ([`NO_WORD`] elsewhere).
    pub word: Vec<u32>,
    /// Words below each node.
    pub count: Vec<u32>,
}

impl Trie {
    /// `words`: (letter codes, id), any order; duplicates keep the first id.
    pub fn new(mut words: Vec<(Vec<u8>, u32)>, len: usize) -> Trie {
        words.sort();
        words.dedup_by(|b, a| a.0 == b.0);
        let mut trie = Trie {
            masks: vec![0],
            first: vec![0],
            word: vec![NO_WORD],
            count: Vec::new(),
        };
        // Breadth first, so that a node's children get consecutive indices.
        let mut queue = VecDeque::from([(0usize, 0..words.len(), 0usize)]);
        while let Some((node, range, depth)) = queue.pop_front() {
            if range.is_empty() {
                continue;
            }
            if depth == len {
                trie.word[node] = words[range.start].1;
                continue;
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
        // Children come after their parent: count bottom-up.
        trie.count = vec![0; trie.masks.len()];
        for node in (0..trie.masks.len()).rev() {
            let children = trie.first[node]..trie.first[node] + trie.masks[node].count_ones();
            trie.count[node] = u32::from(trie.word[node] != NO_WORD)
                + children.map(|c| trie.count[c as usize]).sum::<u32>();
        }
        trie
    }

    /// The child of `node` for `letter` (which must be in its mask).
    pub fn child(&self, node: u32, letter: u8) -> u32 {
        let below = self.masks[node as usize] & ((1u64 << letter) - 1);
        self.first[node as usize] + below.count_ones()
    }
}
