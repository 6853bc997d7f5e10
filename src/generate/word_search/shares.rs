//! How many words each direction of a word search should carry: the
//! share rule (RQ.G.06) that every layout strategy and the driver use.

use crate::model::DirectionSet;

/// Words each enabled direction should carry: 10 % of `words`, as far as
/// the word count allows every direction its share (RQ.G.06).
pub fn direction_shares(words: usize, directions: DirectionSet) -> [usize; 8] {
    let mut req = [0; 8];
    if directions.is_empty() {
        return req;
    }
    let share = words.div_ceil(10).min(words / directions.len());
    for d in directions.iter() {
        req[d.index()] = share;
    }
    req
}
