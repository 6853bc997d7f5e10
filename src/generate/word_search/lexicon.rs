//! The generator's lexicon: every word it may place, with the letter codes
//! of all of them held in one byte arena (a boxed slice per word was a
//! fifth of preparing `ngerman`'s 356,000 words, allocated and freed).

use std::ops::Index;

/// A word the generator may place.
pub(crate) struct LexWord {
    /// Its codes in the arena.
    start: u32,
    len: u32,
    /// Index into `spec.vocabularies` (or `usize::MAX` for pre-assigned words).
    pub vocab: usize,
    /// Index into that vocabulary's words (or `spec.preassigned_words`).
    pub index: usize,
}

/// The words by id (their order of adding), their codes side by side.
#[derive(Default)]
pub(crate) struct Lexicon {
    arena: Vec<u8>,
    /// Where the staged word's codes start (the arena's end when none).
    staged: usize,
    words: Vec<LexWord>,
}

impl Lexicon {
    /// Room for `words` words of `codes` codes in all.
    pub fn with_capacity(words: usize, codes: usize) -> Lexicon {
        Lexicon {
            arena: Vec::with_capacity(codes),
            staged: 0,
            words: Vec::with_capacity(words),
        }
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// The codes of word `id`.
    pub fn codes(&self, id: usize) -> &[u8] {
        let w = &self.words[id];
        &self.arena[w.start as usize..(w.start + w.len) as usize]
    }

    /// Adds a word; returns its id.
    pub fn push(&mut self, codes: impl IntoIterator<Item = u8>, vocab: usize, index: usize) -> u32 {
        self.stage(codes);
        self.commit(vocab, index)
    }

    /// Writes a candidate word's codes after the last word (replacing any
    /// candidate not committed), to be checked ([`Lexicon::staged`])
    /// before [`Lexicon::commit`] adds it.
    pub fn stage(&mut self, codes: impl IntoIterator<Item = u8>) {
        self.arena.truncate(self.staged);
        self.arena.extend(codes);
    }

    /// Adds the staged word; returns its id.
    pub fn commit(&mut self, vocab: usize, index: usize) -> u32 {
        let id = self.words.len() as u32;
        self.words.push(LexWord {
            start: self.staged as u32,
            len: (self.arena.len() - self.staged) as u32,
            vocab,
            index,
        });
        self.staged = self.arena.len();
        id
    }

    /// The staged word's codes.
    pub fn staged(&self) -> &[u8] {
        &self.arena[self.staged..]
    }

    /// Every word's codes with its id, in id order.
    pub fn iter_codes(&self) -> impl Iterator<Item = (u32, &[u8])> + Clone + '_ {
        (0..self.words.len()).map(|id| (id as u32, self.codes(id)))
    }
}

impl Index<usize> for Lexicon {
    type Output = LexWord;

    fn index(&self, id: usize) -> &LexWord {
        &self.words[id]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_words_are_replaced_until_committed() {
        let mut lex = Lexicon::default();
        assert_eq!(lex.push([1, 2, 3], 0, 0), 0);
        lex.stage([4, 4]);
        assert_eq!(lex.staged(), &[4, 4]);
        lex.stage([5, 6, 7, 8]);
        assert_eq!(lex.staged(), &[5, 6, 7, 8]);
        assert_eq!(lex.commit(1, 7), 1);
        lex.stage([9]);
        assert_eq!(lex.len(), 2);
        assert_eq!(lex.codes(0), &[1, 2, 3]);
        assert_eq!(lex.codes(1), &[5, 6, 7, 8]);
        assert_eq!((lex[1].vocab, lex[1].index), (1, 7));
        assert_eq!(lex.push([2], 0, 1), 2);
        assert_eq!(lex.codes(2), &[2]);
        let all: Vec<(u32, Vec<u8>)> = lex.iter_codes().map(|(i, c)| (i, c.to_vec())).collect();
        assert_eq!(
            all,
            vec![(0, vec![1, 2, 3]), (1, vec![5, 6, 7, 8]), (2, vec![2])]
        );
    }
}
