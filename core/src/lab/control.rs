//! How long each side may think: a time per move, a node budget, a depth, or a game
//! clock (`40/20`: 40 moves in 20 seconds, repeating; `60+0.5`: 60 seconds plus half a
//! second a move).

use std::time::Duration;

use crate::contract::MoveLimit;

/// A game clock's time control.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves per period (`None`: the whole game).
    pub moves: Option<u32>,
    /// The time of a period (or of the game).
    pub base: Duration,
    /// The time added after each move.
    pub inc: Duration,
}

/// The budget of every move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Control {
    /// A time per move.
    MoveTime(Duration),
    /// Nodes searched per move.
    Nodes(u64),
    /// Plies searched per move.
    Depth(u32),
    /// A game clock.
    Clock(TimeControl),
}

impl From<MoveLimit> for Control {
    fn from(l: MoveLimit) -> Control {
        match l {
            MoveLimit::Nodes(n) => Control::Nodes(n),
            MoveLimit::Depth(d) => Control::Depth(d),
            MoveLimit::MovetimeMs(ms) => Control::MoveTime(Duration::from_millis(ms)),
        }
    }
}

impl Control {
    /// The budget as a shard's move limit; `None` for a game clock, which a shard does
    /// not take.
    pub fn move_limit(&self) -> Option<MoveLimit> {
        match *self {
            Control::Nodes(n) => Some(MoveLimit::Nodes(n)),
            Control::Depth(d) => Some(MoveLimit::Depth(d)),
            Control::MoveTime(t) => Some(MoveLimit::MovetimeMs(t.as_millis().max(1) as u64)),
            Control::Clock(_) => None,
        }
    }

    /// The budget in words: `2000 nodes a move`, `depth 4 a move`, `0.1 s a move`,
    /// `clock 40 moves in 20 s`.
    pub fn describe(&self) -> String {
        match self {
            Control::MoveTime(t) => format!("{} s a move", t.as_secs_f64()),
            Control::Nodes(n) => format!("{n} nodes a move"),
            Control::Depth(d) => format!("depth {d} a move"),
            Control::Clock(tc) => match tc.moves {
                Some(m) => format!("clock {m} moves in {} s", tc.base.as_secs_f64()),
                None => format!(
                    "clock {} s + {} s a move",
                    tc.base.as_secs_f64(),
                    tc.inc.as_secs_f64()
                ),
            },
        }
    }
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    fn from_str(s: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "`{s}` is not a time control: write MOVES/SECONDS (40/20), SECONDS+INCREMENT (60+0.5) or SECONDS"
            )
        };
        let secs = |t: &str| seconds(t).map_err(|e| format!("{}: {e}", bad()));
        if let Some((m, b)) = s.split_once('/') {
            let moves: u32 = m.parse().map_err(|_| bad())?;
            if moves == 0 || moves > 1000 {
                return Err(bad());
            }
            return Ok(TimeControl {
                moves: Some(moves),
                base: nonzero(secs(b)?, s)?,
                inc: Duration::ZERO,
            });
        }
        let (b, i) = s.split_once('+').unwrap_or((s, "0"));
        let (base, inc) = (secs(b)?, secs(i)?);
        if base.is_zero() && inc.is_zero() {
            return Err(format!("`{s}`: a clock needs some time"));
        }
        Ok(TimeControl {
            moves: None,
            base,
            inc,
        })
    }
}

/// The longest clock: a year.
pub const MAX_CLOCK_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A time in seconds, from 0 to [`MAX_CLOCK_SECONDS`], fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    let t: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.0..=MAX_CLOCK_SECONDS).contains(&t) {
        return Err(format!(
            "{text} seconds is out of range: give a number of seconds from 0 to {MAX_CLOCK_SECONDS}"
        ));
    }
    Ok(Duration::from_secs_f64(t))
}

fn nonzero(d: Duration, s: &str) -> Result<Duration, String> {
    if d.is_zero() {
        Err(format!("`{s}`: a clock needs some time"))
    } else {
        Ok(d)
    }
}

/// A side's clock during a game.
#[derive(Copy, Clone, Debug)]
pub struct SideClock {
    /// The time left.
    pub left: Duration,
    /// Moves until the next period (when the control has periods).
    pub to_go: Option<u32>,
}

impl TimeControl {
    /// A side's clock at the start of a game.
    pub fn start(&self) -> SideClock {
        SideClock {
            left: self.base,
            to_go: self.moves,
        }
    }

    /// Charges a move that took `used`; `false` when the flag fell (beyond `margin`).
    pub fn charge(&self, c: &mut SideClock, used: Duration, margin: Duration) -> bool {
        if used > c.left + margin {
            c.left = Duration::ZERO;
            return false;
        }
        c.left = c.left.saturating_sub(used) + self.inc;
        if let Some(n) = c.to_go.as_mut() {
            *n -= 1;
            if *n == 0 {
                *n = self.moves.unwrap_or(1);
                c.left += self.base;
            }
        }
        true
    }

    /// The control in XBoard's `level` form: `40 0:20 0`.
    pub fn xboard_level(&self) -> String {
        let s = self.base.as_secs_f64();
        let (m, sec) = ((s / 60.0).floor() as u64, s % 60.0);
        let base = if sec.fract() == 0.0 {
            format!("{m}:{:02}", sec as u64)
        } else {
            format!("{m}:{sec:05.2}")
        };
        let inc = self.inc.as_secs_f64();
        format!("{} {base} {}", self.moves.unwrap_or(0), trim_float(inc))
    }
}

fn trim_float(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        let tc: TimeControl = "40/20".parse().unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.inc),
            (Some(40), Duration::from_secs(20), Duration::ZERO)
        );
        assert_eq!(tc.xboard_level(), "40 0:20 0");
        let tc: TimeControl = "90+0.5".parse().unwrap();
        assert_eq!(tc.xboard_level(), "0 1:30 0.5");
        assert!("0/20".parse::<TimeControl>().is_err());
        assert!("0+0".parse::<TimeControl>().is_err());
        assert!("1e300".parse::<TimeControl>().is_err());
        assert!("fast".parse::<TimeControl>().is_err());
    }

    #[test]
    fn clocks_run_down_and_refill() {
        let tc: TimeControl = "2/10".parse().unwrap();
        let mut c = tc.start();
        let m = Duration::from_millis(50);
        assert!(tc.charge(&mut c, Duration::from_secs(3), m));
        assert_eq!((c.left, c.to_go), (Duration::from_secs(7), Some(1)));
        assert!(tc.charge(&mut c, Duration::from_secs(4), m));
        // The period ends: ten more seconds for two more moves.
        assert_eq!((c.left, c.to_go), (Duration::from_secs(13), Some(2)));
        assert!(!tc.charge(&mut c, Duration::from_secs(14), m));
        let inc: TimeControl = "1+1".parse().unwrap();
        let mut c = inc.start();
        assert!(inc.charge(&mut c, Duration::from_millis(1040), m));
        assert_eq!(c.left, Duration::from_secs(1));
    }
}
