//! Theme answers of a Swedish puzzle (the must-use words): which runs of a
//! planned clue-cell layout they take — a run of exactly their length,
//! crossing another theme only where the letters agree — so that the fill
//! is given their letters and fills the rest around them.

use crate::generate::rng::Rng;

/// Assigns the answers `themes` (their letter codes, longest first) to
/// runs of the layout (`runs`: each run's cells in reading order), each at
/// a random run of its length (seeded by `rng`), around the letters
/// already `given` per cell and the runs already `taken` (what the editor
/// keeps); per cell the letter code given to the fill and the runs taken,
/// or `None` when a theme finds no run.
/// Among the runs that fit, the one whose crossings keep the most
/// candidates (`room(run, codes)`) is taken: a theme letter that leaves a
/// crossing few answers (K in the middle of a three-letter run) is what
/// made the fill fail.
pub(super) fn assign(
    runs: &[Vec<usize>],
    mut given: Vec<Option<u8>>,
    mut taken: Vec<bool>,
    themes: &[&[u8]],
    room: impl Fn(usize, &[u8]) -> u32,
    rng: &mut Rng,
) -> Option<(Vec<Option<u8>>, Vec<usize>)> {
    for codes in themes {
        let fitting: Vec<usize> = (0..runs.len())
            .filter(|&r| !taken[r] && runs[r].len() == codes.len())
            .filter(|&r| {
                runs[r]
                    .iter()
                    .zip(codes.iter())
                    .all(|(&cell, &code)| given[cell].is_none_or(|g| g == code))
            })
            .collect();
        if fitting.is_empty() {
            return None;
        }
        // Random among equals: the seed still varies the page.
        let offset = rng.below(fitting.len());
        let run = (0..fitting.len())
            .map(|k| fitting[(k + offset) % fitting.len()])
            .max_by_key(|&r| room(r, codes))?;
        taken[run] = true;
        for (&cell, &code) in runs[run].iter().zip(codes.iter()) {
            given[cell] = Some(code);
        }
    }
    let runs_taken = (0..runs.len()).filter(|&r| taken[r]).collect();
    Some((given, runs_taken))
}

/// The runs the layout must offer: per length, the theme answers of it.
pub(super) fn wanted(themes: &[&[u8]]) -> Vec<usize> {
    let mut wanted = vec![0; themes.iter().map(|t| t.len() + 1).max().unwrap_or(0)];
    for t in themes {
        wanted[t.len()] += 1;
    }
    wanted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_take_runs_of_their_length_and_agree_where_they_cross() {
        // A 5-letter run across cells 0..5 and one down through cell 2.
        let runs = vec![
            vec![0, 1, 2, 3, 4],
            vec![2, 7, 12, 17, 22],
            vec![10, 11, 12],
        ];
        let themes: [&[u8]; 2] = [&[1, 2, 3, 4, 5], &[3, 9, 1, 9, 9]];
        for seed in 0..20 {
            let (given, taken) = assign(
                &runs,
                vec![None; 25],
                vec![false; 3],
                &themes,
                |_, _| 1,
                &mut Rng::new(seed),
            )
            .expect("both fit");
            assert_eq!(taken.len(), 2, "seed {seed}");
            assert_eq!(given.iter().flatten().count(), 9, "seed {seed}");
            assert!(
                matches!(given[2], Some(1 | 3)),
                "seed {seed}: the crossing letter agrees"
            );
        }
        // Letters that disagree at the crossing leave the second no run.
        let clash: [&[u8]; 2] = [&[1, 2, 3, 4, 5], &[7, 9, 9, 9, 9]];
        assert!(
            assign(
                &runs,
                vec![None; 25],
                vec![false; 3],
                &clash,
                |_, _| 1,
                &mut Rng::new(1)
            )
            .is_none()
        );
        // No run of six letters.
        assert!(
            assign(
                &runs,
                vec![None; 25],
                vec![false; 3],
                &[&[1, 2, 3, 4, 5, 6]],
                |_, _| 1,
                &mut Rng::new(1)
            )
            .is_none()
        );
    }
}
