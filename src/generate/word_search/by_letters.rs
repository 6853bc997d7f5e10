//! Lexicon words by their letters: the duplicate check while the lexicon
//! is built, and the words of five or more letters a grid line may read
//! by accident.

use super::lexicon::Lexicon;
use hashbrown::{HashTable, hash_table};

/// Words shorter than this are not looked for as accidental readings
/// (RQ.P.02): the JSON's `accidental_words` are the vocabulary's words
/// of 5+ letters (`docs/puzzle-json.md`).
pub(crate) const READ_MIN: usize = 5;

/// The lexicon's words of [`READ_MIN`] or more letters, found by their
/// letters, with a filter of their first two to four letters that ends a
/// reading early: most lines of a grid start no such word, and a sorted
/// index that found this by its prefixes cost a tenth of loading
/// `ngerman` to sort.
pub(crate) struct Readable {
    words: LettersMap,
    /// A bit per [`Readable::prefix_bit`] of every 2-, 3- and 4-letter
    /// prefix of a word of [`READ_MIN`]+ letters.
    prefixes: Vec<u64>,
    /// The most letters of a lexicon word.
    longest: usize,
}

/// Bits of the prefix filter: 2^20 (128 KiB). All of `ngerman` has
/// about 60,000 distinct 2- to 4-letter prefixes of its long words, so
/// about one bit in 17 is set and a prefix no word starts with passes
/// the filter once in 17 times.
const PREFIX_BITS: u32 = 20;

impl Readable {
    /// Indexes `lex`, whose every word `words` holds.
    pub fn new(lex: &Lexicon, words: LettersMap) -> Readable {
        let mut prefixes = vec![0u64; (1usize << PREFIX_BITS) / 64];
        let mut longest = 0;
        for (_, codes) in lex.iter_codes() {
            longest = longest.max(codes.len());
            if codes.len() >= READ_MIN {
                for n in 2..=4 {
                    let bit = Self::prefix_bit(&codes[..n]);
                    prefixes[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        Readable {
            words,
            prefixes,
            longest,
        }
    }

    fn prefix_bit(prefix: &[u8]) -> usize {
        let h = LettersMap::hash(prefix);
        ((h ^ (h >> 32)) & ((1 << PREFIX_BITS) - 1)) as usize
    }

    /// False when no word of [`READ_MIN`]+ letters starts with `prefix`
    /// (2 to 4 letters); true when one may.
    pub fn may_start(&self, prefix: &[u8]) -> bool {
        let bit = Self::prefix_bit(prefix);
        self.prefixes[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// The id of the lexicon word spelled `codes` ([`READ_MIN`]+ letters).
    pub fn word(&self, lex: &Lexicon, codes: &[u8]) -> Option<u32> {
        debug_assert!(codes.len() >= READ_MIN);
        self.words.get(lex, codes)
    }

    /// The most letters of a lexicon word.
    pub fn longest(&self) -> usize {
        self.longest
    }
}

/// Lexicon ids by their letters' codes: a table of ids alone, found by
/// the hash of the codes and compared with the codes the lexicon holds.
/// Keys of their own (a boxed copy of every word's codes, made and freed
/// again, was a tenth of loading `ngerman`; a 64-bit hash beside each id
/// made the table four times the size, 9 MB, and its page faults and
/// cache misses a tenth of preparing the list).
#[derive(Default)]
pub(crate) struct LettersMap {
    ids: HashTable<u32>,
}

impl LettersMap {
    pub fn with_capacity(words: usize) -> LettersMap {
        LettersMap {
            ids: HashTable::with_capacity(words),
        }
    }

    /// FNV-1a over the codes, its bits mixed at the end: the table takes
    /// the bucket from the low bits and a tag from the top seven, and
    /// FNV's last multiplication leaves the low bits weakly mixed. The
    /// table is never iterated, so its order cannot reach a puzzle; its
    /// keys are the editor's own words, not adversarial input (the
    /// standard SipHash took a tenth of loading `ngerman`).
    fn hash(codes: &[u8]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in codes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        h ^= h >> 31;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^ (h >> 29)
    }

    /// The id of the lexicon word spelled `codes`, if any.
    pub fn get(&self, lex: &Lexicon, codes: &[u8]) -> Option<u32> {
        self.ids
            .find(Self::hash(codes), |&id| lex.codes(id as usize) == codes)
            .copied()
    }

    /// Adds lexicon word `id`, spelled `codes` (not yet in the map).
    pub fn insert(&mut self, lex: &Lexicon, codes: &[u8], id: u32) {
        match self.find(lex, codes) {
            Err(slot) => slot.insert(id),
            Ok(_) => debug_assert!(false, "{codes:?} is in the map already"),
        }
    }

    /// The id of the lexicon word spelled `codes`, or the slot it would
    /// take: [`LettersMap::get`] and [`LettersMap::insert`] in one look-up
    /// (two were two-fifths of indexing `ngerman`'s words).
    pub fn find(&mut self, lex: &Lexicon, codes: &[u8]) -> Result<u32, LettersSlot<'_>> {
        let same = |&id: &u32| lex.codes(id as usize) == codes;
        let rehash = |&id: &u32| Self::hash(lex.codes(id as usize));
        match self.ids.entry(Self::hash(codes), same, rehash) {
            hash_table::Entry::Occupied(entry) => Ok(*entry.get()),
            hash_table::Entry::Vacant(slot) => Err(LettersSlot(slot)),
        }
    }
}

/// Where a word not yet in a [`LettersMap`] goes.
pub(crate) struct LettersSlot<'m>(hash_table::VacantEntry<'m, u32>);

impl LettersSlot<'_> {
    pub fn insert(self, id: u32) {
        self.0.insert(id);
    }
}
