//! The Luby restart sequence: the restart budgets of every kind's search
//! grow as 1, 1, 2, 1, 1, 2, 4, … times a unit (the universal strategy
//! for searches whose run times have heavy tails).

/// The `i`-th term (1-based) of the Luby sequence.
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn terms() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
