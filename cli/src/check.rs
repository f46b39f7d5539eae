//! The numbers of the command line, checked before any work starts: each has a range that
//! the program can honour, and a number outside it is an error that says the range.

use std::time::Duration;

use crate::{Cli, Command};

use fairyforge::limits::MAX_PERFT_DEPTH;

/// The longest thinking time: a year, in seconds.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The most runs of `bench`.
pub const MAX_RUNS: usize = 1000;

/// A perft depth, 0 to [`MAX_PERFT_DEPTH`] (also clap's parser of the argument).
pub fn depth(s: &str) -> Result<u32, String> {
    let t = s.trim();
    match t.parse::<u64>() {
        Ok(d) if d <= MAX_PERFT_DEPTH as u64 => Ok(d as u32),
        Ok(_) => Err(format!(
            "a depth of {t} plies is too deep: perft counts to depth {MAX_PERFT_DEPTH} at most (depth 7 of chess is already 3 billion paths)"
        )),
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "a depth of {t} plies is too deep: perft counts to depth {MAX_PERFT_DEPTH} at most"
        )),
        Err(_) => Err(format!(
            "`{s}` is not a depth: expected a whole number of plies from 0 to {MAX_PERFT_DEPTH}"
        )),
    }
}

/// A thinking time in seconds: a number from `min` (excluded when `positive`) to
/// [`MAX_SECONDS`], as a duration.
pub fn seconds(option: &str, t: f64, positive: bool) -> Result<Duration, String> {
    let low_ok = if positive { t > 0.0 } else { t >= 0.0 };
    if !(low_ok && t <= MAX_SECONDS) {
        let from = if positive { "more than 0" } else { "from 0" };
        // As typed, short: `1e300`, not three hundred digits.
        let t = if t != 0.0 && !(1e-3..1e9).contains(&t.abs()) {
            format!("{t:e}")
        } else {
            format!("{t}")
        };
        return Err(format!(
            "{option} {t}: expected a number of seconds {from} up to {MAX_SECONDS} (a year)"
        ));
    }
    Duration::try_from_secs_f64(t).map_err(|e| format!("{option} {t}: {e}"))
}

/// Checks every number of the command line against its range.
pub fn check(cli: &Cli) -> crate::error::Result {
    match &cli.command {
        Command::Play(a) => a.check(),
        Command::Analyse(a) => a.check(),
        Command::Bench(a) if a.runs() > MAX_RUNS => {
            Err(format!("--runs {}: at most {MAX_RUNS} runs per position", a.runs()).into())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    //! A fuzz target for the numbers of the command line: every numeric option of every
    //! command gets random and extreme values through clap and the checks above; nothing
    //! may panic, and whatever passes must be in range. It runs in CI with a bounded number
    //! of cases (`PROPTEST_CASES` raises it for a long run).

    use super::*;
    use clap::Parser;
    use proptest::prelude::*;

    /// (command line before the number, the option or `` for a positional)
    const NUMERIC: &[(&[&str], &str)] = &[
        (&["perft", "chess"], ""),
        (&["perft", "chess", "--moves", "e2e4", "e7e5"], ""),
        (&["perft", "chess", "--divide"], ""),
        (&["play", "chess"], "--time"),
        (&["play", "chess"], "--nodes"),
        (&["play", "chess"], "--plies"),
        (&["analyse", "chess"], "--time"),
        (&["analyse", "chess"], "--depth"),
        (&["analyse", "chess"], "--nodes"),
        (&["analyse", "chess"], "--hash"),
        (&["bench"], "--runs"),
    ];

    /// Numbers as people and programs write them, and the extremes.
    fn number() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<i64>().prop_map(|n| n.to_string()),
            any::<u64>().prop_map(|n| n.to_string()),
            any::<u128>().prop_map(|n| n.to_string()),
            any::<f64>().prop_map(|x| x.to_string()),
            any::<f64>().prop_map(|x| format!("{x:e}")),
            (0u32..100).prop_map(|n| n.to_string()),
            prop::sample::select(vec![
                "0",
                "-0",
                "1",
                "-1",
                "64",
                "65",
                "100000",
                "4294967295",
                "4294967296",
                "18446744073709551615",
                "18446744073709551616",
                "1e300",
                "-1e300",
                "1e-300",
                "inf",
                "-inf",
                "NaN",
                "nan",
                "infinity",
                "0x10",
                "1_000",
                " 3",
                "3 ",
                "",
                "+5",
                "1.5",
                "9999999999999999999999999999999999999999",
            ])
            .prop_map(str::to_string),
            "[0-9eE.+-]{1,40}",
        ]
    }

    fn cases() -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3000)
    }

    /// Parses and checks a command line; never panics. `Ok` means the program would run.
    fn parse_and_check(args: &[String]) -> Result<(), String> {
        let cli = Cli::try_parse_from(args).map_err(|e| e.to_string())?;
        check(&cli).map_err(|e| e.to_string())?;
        // The depth that `--moves` took as a move, checked as `perft` does.
        if let Command::Perft { start, depth, .. } = &cli.command
            && depth.is_none()
            && let Some(d) = start.moves.last()
        {
            super::depth(d)?;
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

        #[test]
        fn command_line_numbers_never_panic(which in 0..NUMERIC.len(), n in number()) {
            let (head, option) = NUMERIC[which];
            let mut args: Vec<String> = std::iter::once("fairyforge")
                .chain(head.iter().copied())
                .map(str::to_string)
                .collect();
            if !option.is_empty() {
                args.push(option.to_string());
            }
            args.push(n.clone());
            if parse_and_check(&args).is_ok() {
                // What passes is in range.
                match (head[0], option) {
                    // `--` ends the options and gives no depth (perft then says it needs one).
                    ("perft", _) if n == "--" => {}
                    ("perft", _) => prop_assert!(n.trim().parse::<u32>().is_ok_and(|d| d <= MAX_PERFT_DEPTH)),
                    (_, "--time") => {
                        let t: f64 = n.trim().parse().unwrap();
                        prop_assert!((0.0..=MAX_SECONDS).contains(&t));
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn the_reproducers_are_errors_that_say_the_range() {
        let err = |args: &[&str]| {
            let mut all = vec!["fairyforge"];
            all.extend_from_slice(args);
            let all: Vec<String> = all.iter().map(|s| s.to_string()).collect();
            parse_and_check(&all).expect_err("out of range")
        };
        assert!(err(&["perft", "chess", "100000"]).contains("perft counts to depth 64 at most"));
        assert!(err(&["perft", "chess", "4294967295"]).contains("at most"));
        assert!(err(&["perft", "chess", "99999999999999999999"]).contains("at most"));
        assert!(err(&["perft", "chess", "--moves", "e2e4", "100000"]).contains("at most"));
        assert!(err(&["play", "chess", "--time", "1e300"]).contains("up to 31536000"));
        assert!(err(&["analyse", "chess", "--time", "18446744073709551616"]).contains("a year"));
        assert!(err(&["play", "chess", "--time", "0"]).contains("more than 0"));
    }
}
