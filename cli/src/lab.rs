//! Where a job's shards play: on this machine's cores (core's `lab::run_local`), or on a
//! Ray cluster through the Python package's driver (`python -m fairyforge.lab`), which
//! plays each shard with core's `play_shard` and streams its result back as one JSON
//! line. Either way the results are merged by core's `lab::merge` or `InOrder`, so a job
//! gives the same games wherever it runs (docs/scale.md).
//!
//! [`run_merged`] is the entry point of a study that plays several matches at once
//! (`values`): a list of shard specs in, one merged result per match out.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::{Command, Stdio};
use std::time::Instant;

use fairyforge::contract::{ShardResult, ShardSpec};
use fairyforge::lab::{MatchResult, merge, run_local};

use crate::error::Result;

/// Where shards play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Executor {
    /// Threads of this process.
    Local {
        /// How many.
        jobs: usize,
    },
    /// A Ray cluster: `auto` (the cluster this machine belongs to, or a new local one)
    /// or an address (`ray://head:10001`, `head:6379`).
    Ray {
        /// What `ray.init(address=...)` is given.
        address: String,
    },
}

/// The options every lab command takes to say where its games play.
#[derive(clap::Args, Clone, Debug)]
pub struct ExecArgs {
    /// Shards played at once on this machine (default: one per core).
    #[arg(long, visible_alias = "jobs", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: Option<u32>,
    /// Play the shards on a Ray cluster: `auto` or the cluster's address. Runs
    /// `python -m fairyforge.lab` with $FAIRYFORGE_PYTHON (default `python3`), which needs
    /// the fairyforge Python package and Ray (docs/scale.md).
    #[arg(long, value_name = "auto|ADDRESS")]
    pub ray: Option<String>,
}

impl ExecArgs {
    /// The executor these options name.
    pub fn executor(&self) -> Executor {
        match &self.ray {
            Some(address) => Executor::Ray {
                address: address.clone(),
            },
            None => Executor::Local {
                jobs: self
                    .concurrency
                    .map_or_else(fairyforge::lab::default_jobs, |n| n as usize),
            },
        }
    }
}

/// What a shard names for the game of a command: nothing more than its name for a
/// built-in game; the file's text and its directory (where its imports are) for a file.
pub fn game_source(variant: &str) -> Result<(Option<String>, Option<String>)> {
    if fairyforge::builtin::game(variant).is_some() {
        return Ok((None, None));
    }
    let path = std::path::Path::new(variant);
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {variant}: {e}"))?;
    let dir = path
        .parent()
        .map(|d| {
            if d.as_os_str().is_empty() {
                std::path::Path::new(".")
            } else {
                d
            }
        })
        .and_then(|d| d.canonicalize().ok())
        .map(|d| d.to_string_lossy().into_owned());
    Ok((Some(text), dir))
}

/// Cuts games `0 .. games` of a match into shards made from `template` (its `id`,
/// `first` and `count` replaced), numbered from `first_id`. Shards hold whole pairs of
/// games (an opening with either colour) and their size depends on the number of games
/// only, so the same match is cut the same way on every executor.
pub fn shards(template: &ShardSpec, games: u64, first_id: u64) -> Vec<ShardSpec> {
    let size = shard_size(games);
    (0..games.div_ceil(size))
        .map(|i| ShardSpec {
            id: first_id + i,
            first: i * size,
            count: size.min(games - i * size),
            ..template.clone()
        })
        .collect()
}

/// Games per shard: two (one opening) for small matches, up to 16 for large ones,
/// about 64 shards or more in between.
fn shard_size(games: u64) -> u64 {
    let s = games.div_ceil(64).clamp(2, 16);
    s + s % 2
}

/// Plays `specs` on `exec`, handing each result to `on_result` as it comes (in no fixed
/// order; a shard may come twice from a retried Ray task: merge by id). `Break` stops the
/// job early.
pub fn run(
    specs: &[ShardSpec],
    exec: &Executor,
    on_result: impl FnMut(ShardResult) -> ControlFlow<()>,
) -> Result {
    match exec {
        Executor::Local { jobs } => {
            run_local(specs, *jobs, on_result).map_err(|e| e.to_string().into())
        }
        Executor::Ray { address } => run_ray(specs, address, on_result),
    }
}

/// Plays every shard of `specs` (a job of one or several matches, told apart by the
/// shards' `label`) on `exec`, with a progress bar on a terminal, and returns each
/// match's games and tally, merged exactly.
pub fn run_merged(specs: &[ShardSpec], exec: &Executor) -> Result<BTreeMap<String, MatchResult>> {
    let total: u64 = specs.iter().map(|s| s.count).sum();
    let mut bar = Progress::new(total);
    let mut results = Vec::new();
    let mut seen = BTreeSet::new();
    let mut done = 0;
    run(specs, exec, |r| {
        if seen.insert(r.id) {
            done += r.games.len() as u64;
            bar.show(done, "");
            results.push(r);
        }
        ControlFlow::Continue(())
    })?;
    bar.clear();
    Ok(merge(results))
}

/// A progress bar on standard error, drawn only on a terminal.
pub struct Progress {
    total: u64,
    started: Instant,
    on: bool,
}

impl Progress {
    /// A bar for `total` games.
    pub fn new(total: u64) -> Progress {
        Progress {
            total,
            started: Instant::now(),
            on: std::io::stderr().is_terminal(),
        }
    }

    /// Draws `done` games of the total, with `extra` text after the count.
    pub fn show(&mut self, done: u64, extra: &str) {
        if !self.on {
            return;
        }
        let width = 24;
        let fill = (done * width / self.total.max(1)).min(width) as usize;
        eprint!(
            "\r[{}{}] {done}/{}{extra} {:.0} s ",
            "#".repeat(fill),
            ".".repeat(width as usize - fill),
            self.total,
            self.started.elapsed().as_secs_f64()
        );
    }

    /// Wipes the bar.
    pub fn clear(&mut self) {
        if self.on {
            eprint!("\r{}\r", " ".repeat(78));
        }
    }
}

/// The Python interpreter that runs the Ray driver.
fn python() -> String {
    std::env::var("FAIRYFORGE_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Runs the job through `python -m fairyforge.lab --address ADDRESS`: the specs go to its
/// standard input as JSON lines, and each shard's result comes back on its standard
/// output as a JSON line. Its standard error (Ray's messages) passes through.
fn run_ray(
    specs: &[ShardSpec],
    address: &str,
    mut on_result: impl FnMut(ShardResult) -> ControlFlow<()>,
) -> Result {
    let py = python();
    let mut child = Command::new(&py)
        .args(["-m", "fairyforge.lab", "--address", address])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start `{py} -m fairyforge.lab` for --ray: {e} (set FAIRYFORGE_PYTHON to a Python with the fairyforge package and Ray: docs/scale.md)"
            )
        })?;
    let mut stdin = child.stdin.take().expect("piped");
    let mut text = String::new();
    for s in specs {
        text.push_str(&serde_json::to_string(s).expect("a spec is plain data"));
        text.push('\n');
    }
    // The specs are written on a thread, so that results can be read meanwhile.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let stdout = child.stdout.take().expect("piped");
    let wanted: BTreeSet<u64> = specs.iter().map(|s| s.id).collect();
    let mut got = BTreeSet::new();
    let mut stopped = false;
    let mut failure = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("cannot read the Ray driver's output: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let r: ShardResult = match serde_json::from_str(&line) {
            Ok(r) => r,
            Err(e) => {
                failure = Some(format!(
                    "the Ray driver wrote `{line}`, not a shard's result: {e}"
                ));
                break;
            }
        };
        got.insert(r.id);
        if on_result(r).is_break() {
            stopped = true;
            break;
        }
    }
    if stopped || failure.is_some() {
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| format!("the Ray driver: {e}"))?;
    let _ = writer.join();
    if let Some(f) = failure {
        return Err(f.into());
    }
    if stopped {
        return Ok(());
    }
    if !status.success() {
        return Err(format!("the Ray driver (`{py} -m fairyforge.lab`) failed: {status}").into());
    }
    let missing: Vec<String> = wanted.difference(&got).map(|i| i.to_string()).collect();
    if !missing.is_empty() {
        return Err(format!("the Ray driver ended without shards {}", missing.join(", ")).into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once_in_whole_pairs() {
        let template: ShardSpec = serde_json::from_str(
            r#"{"id": 0, "game": "chess", "first": 0, "count": 0, "limit": {"nodes": 1}}"#,
        )
        .unwrap();
        for games in [1, 2, 7, 10, 128, 129, 1000, 5001] {
            let s = shards(&template, games, 5);
            let mut next = 0;
            for (i, sh) in s.iter().enumerate() {
                assert_eq!(sh.id, 5 + i as u64);
                assert_eq!(sh.first, next);
                assert!(sh.first % 2 == 0 && sh.count > 0);
                next += sh.count;
            }
            assert_eq!(next, games);
        }
        assert_eq!(shard_size(10), 2);
        assert_eq!(shard_size(1000), 16);
        assert_eq!(shard_size(200), 4);
    }
}
