//! Whether a word holds any of a set of words, read either way: one pass
//! over its letters through an Aho–Corasick automaton, for the banned
//! words checked against every word of a large list.

/// A state of the automaton.
type State = u32;

/// A deterministic automaton over letter codes (`0..width`) that reaches
/// a matching state as soon as the letters read so far end with one of
/// its words or their reverse.
///
/// By the first two letters (`FirstLetterIndex`) each word of `ngerman`
/// was compared with the banned words starting at each of its letters
/// that shared them: about 45 ms of loading its 356,000 words, a tenth.
/// The automaton reads each letter once with one table look-up.
pub(crate) struct ContainsAny {
    width: usize,
    /// `next[state * width + code]`.
    next: Vec<State>,
    /// Whether reaching the state means a word was read.
    matches: Vec<bool>,
}

/// The most table cells (states × letters) an automaton may take: 16 MiB.
/// The built-in offensive lists need at most 1,650 states, about 51,000
/// cells over a German list's 31 letters; an editor's own list of 10,000
/// words of 8 letters would need 5 million, and the words are then
/// searched by their first two letters instead (`None` from
/// [`ContainsAny::new`]).
const MOST_CELLS: usize = 1 << 22;

impl ContainsAny {
    /// An automaton for `words` (codes below `width`) and their reverses;
    /// `None` when its table could exceed [`MOST_CELLS`].
    pub fn new<'a>(
        width: usize,
        words: impl Iterator<Item = &'a [u8]> + Clone,
    ) -> Option<ContainsAny> {
        // Each letter read either way adds at most one state.
        let most_states = 1 + 2 * words.clone().map(<[u8]>::len).sum::<usize>();
        if most_states.saturating_mul(width) > MOST_CELLS {
            return None;
        }
        let mut next: Vec<State> = vec![0; width];
        let mut matches = vec![false];
        // The trie of every word both ways; 0 in `next` is "no edge yet"
        // (no edge leads back to the root).
        for word in words {
            let reversed: Vec<u8> = word.iter().rev().copied().collect();
            for letters in [word, &reversed[..]] {
                let mut state = 0usize;
                for &code in letters {
                    let edge = state * width + code as usize;
                    if next[edge] == 0 {
                        next[edge] = matches.len() as State;
                        next.extend(std::iter::repeat_n(0, width));
                        matches.push(false);
                    }
                    state = next[edge] as usize;
                }
                matches[state] = true;
            }
        }
        complete(width, &mut next, &mut matches);
        Some(ContainsAny {
            width,
            next,
            matches,
        })
    }

    /// Whether `hay` holds one of the words, either way.
    pub fn found_in(&self, hay: &[u8]) -> bool {
        let mut state = 0usize;
        for &code in hay {
            state = self.next[state * self.width + code as usize] as usize;
            if self.matches[state] {
                return true;
            }
        }
        false
    }
}

/// Turns the trie into the automaton, breadth first: a missing edge goes
/// where the longest proper suffix of the state's letters would go, and a
/// state matches when a suffix of its letters is a word.
fn complete(width: usize, next: &mut [State], matches: &mut [bool]) {
    // The suffix state of each state, and the states in breadth-first order.
    let mut suffix: Vec<State> = vec![0; matches.len()];
    let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    queue.extend(
        next[..width]
            .iter()
            .filter(|&&child| child != 0)
            .map(|&child| child as usize),
    );
    while let Some(state) = queue.pop_front() {
        let fallback = suffix[state] as usize;
        matches[state] |= matches[fallback];
        for code in 0..width {
            let child = next[state * width + code] as usize;
            let via_suffix = next[fallback * width + code];
            if child == 0 {
                next[state * width + code] = via_suffix;
            } else {
                suffix[child] = via_suffix;
                queue.push_back(child);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain answer: some word or its reverse is a window of `hay`.
    fn plain(words: &[Vec<u8>], hay: &[u8]) -> bool {
        words.iter().any(|w| {
            let reversed: Vec<u8> = w.iter().rev().copied().collect();
            hay.windows(w.len())
                .any(|s| s == &w[..] || s == &reversed[..])
        })
    }

    #[test]
    fn finds_words_either_way_and_agrees_with_a_plain_search() {
        let words: Vec<Vec<u8>> = vec![vec![1, 2, 3], vec![2, 3], vec![3, 1, 3, 1], vec![4, 4]];
        let automaton = ContainsAny::new(5, words.iter().map(|w| &w[..])).unwrap();
        assert!(automaton.found_in(&[1, 2, 3]));
        assert!(automaton.found_in(&[3, 2, 1]));
        assert!(automaton.found_in(&[1, 1, 3, 2]));
        assert!(automaton.found_in(&[1, 3, 1, 3, 4]));
        assert!(!automaton.found_in(&[1, 2, 1, 3, 1]));
        assert!(!automaton.found_in(&[]));
        // Every word of up to six letters over four codes.
        let mut hay = Vec::new();
        for n in 0..4096u32 {
            for len in 1..=6 {
                hay.clear();
                hay.extend((0..len).map(|k| (n >> (2 * k) & 3) as u8 + 1));
                assert_eq!(automaton.found_in(&hay), plain(&words, &hay), "{hay:?}");
            }
        }
    }

    #[test]
    fn without_words_nothing_is_found() {
        let automaton = ContainsAny::new(3, std::iter::empty()).unwrap();
        assert!(!automaton.found_in(&[1, 2, 1, 2]));
    }

    #[test]
    fn a_table_too_large_is_declined() {
        let long = vec![1u8; MOST_CELLS / 2];
        assert!(ContainsAny::new(2, std::iter::once(&long[..])).is_none());
        assert!(ContainsAny::new(2, std::iter::once(&long[..100])).is_some());
    }
}
