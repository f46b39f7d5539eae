//! Shards' results merged exactly: each shard counts once, however often it is
//! delivered (a retried worker may deliver it twice), and each match's games are put
//! back in their order.

use std::collections::{BTreeMap, BTreeSet};

use crate::contract::{GameRecord, ShardResult};

use super::stats::Tally;

/// The games of one match, in order, and their tally.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// The games, by their number.
    pub games: Vec<GameRecord>,
    /// Their tally.
    pub tally: Tally,
}

/// Merges shards' results into one result per match (by the shards' `label`; a single
/// match's label is empty). A shard id seen again is ignored, and so is a game number
/// seen again within a match.
pub fn merge(results: impl IntoIterator<Item = ShardResult>) -> BTreeMap<String, MatchResult> {
    let mut seen = BTreeSet::new();
    let mut games: BTreeMap<String, BTreeMap<u64, GameRecord>> = BTreeMap::new();
    for r in results {
        if !seen.insert(r.id) {
            continue;
        }
        let m = games.entry(r.label).or_default();
        for g in r.games {
            m.entry(g.index).or_insert(g);
        }
    }
    games
        .into_iter()
        .map(|(label, games)| {
            let games: Vec<GameRecord> = games.into_values().collect();
            let mut tally = Tally::default();
            for g in &games {
                tally.add(g);
            }
            (label, MatchResult { games, tally })
        })
        .collect()
}

/// The games of one match as its shards arrive, handed on in the match's order: what
/// a running match counts, reports and writes while later shards are still playing.
#[derive(Clone, Debug, Default)]
pub struct InOrder {
    seen: BTreeSet<u64>,
    next: u64,
    pending: BTreeMap<u64, GameRecord>,
}

impl InOrder {
    /// Takes a shard's result and returns the games that now follow the games handed on
    /// before without a gap (none when the shard was seen already).
    pub fn add(&mut self, r: ShardResult) -> Vec<GameRecord> {
        if !self.seen.insert(r.id) {
            return Vec::new();
        }
        for g in r.games {
            if g.index >= self.next {
                self.pending.entry(g.index).or_insert(g);
            }
        }
        let mut out = Vec::new();
        while let Some(g) = self.pending.remove(&self.next) {
            out.push(g);
            self.next += 1;
        }
        out
    }

    /// The number of games handed on.
    pub fn done(&self) -> u64 {
        self.next
    }
}
