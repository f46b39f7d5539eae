//! Numeric options of the engine commands, checked where they are read: a time in seconds
//! and a hash size in megabytes. Out of range, they are refused with a message that says
//! the range, never taken to a panic or a huge allocation.

use std::time::Duration;

use crate::check::MAX_SECONDS;

/// The largest hash table one may ask for (a terabyte); a request the machine cannot hold
/// gets what it can.
pub const MAX_HASH_MB: usize = 1 << 20;

/// A time in seconds: a number from 0 to [`MAX_SECONDS`], fractions allowed.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let t = number_of_seconds(text)?;
    if !(0.0..=MAX_SECONDS).contains(&t) {
        return Err(format!(
            "{text} seconds is out of range: give a number of seconds from 0 to {MAX_SECONDS}"
        ));
    }
    Ok(Duration::from_secs_f64(t))
}

/// A time in seconds that must be more than zero.
pub fn positive_seconds(text: &str) -> Result<Duration, String> {
    let t = number_of_seconds(text)?;
    if !(t > 0.0 && t <= MAX_SECONDS) {
        return Err(format!(
            "{text} seconds is out of range: give a number of seconds above 0, at most {MAX_SECONDS}"
        ));
    }
    Ok(Duration::from_secs_f64(t))
}

fn number_of_seconds(text: &str) -> Result<f64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))
}

/// A hash size in megabytes, from 1 to [`MAX_HASH_MB`].
pub fn hash_mb(text: &str) -> Result<usize, String> {
    let n: u128 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of megabytes"))?;
    if n < 1 || n > MAX_HASH_MB as u128 {
        return Err(format!(
            "{text} MB is out of range: give a size from 1 to {MAX_HASH_MB} megabytes"
        ));
    }
    Ok(n as usize)
}

/// A note when the hash table is smaller than asked (the machine could not hold it).
pub fn hash_note(asked_mb: usize, got_bytes: usize) -> Option<String> {
    let got_mb = got_bytes / (1024 * 1024);
    (got_mb < asked_mb / 2).then(|| {
        format!("note: a hash table of {asked_mb} MB does not fit in this machine's memory; using {got_mb} MB")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_in_range() {
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds("0"), Ok(Duration::ZERO));
        assert_eq!(
            seconds("1e300").unwrap_err(),
            "1e300 seconds is out of range: give a number of seconds from 0 to 31536000"
        );
        assert!(seconds("18446744073709551616").is_err());
        assert!(seconds("-1").is_err());
        assert!(seconds("NaN").is_err());
        assert!(seconds("inf").is_err());
        assert_eq!(
            seconds("soon").unwrap_err(),
            "`soon` is not a number of seconds"
        );
        assert!(positive_seconds("0").is_err());
    }

    #[test]
    fn hash_sizes_in_range() {
        assert_eq!(hash_mb("64"), Ok(64));
        assert_eq!(
            hash_mb("18446744073709551615").unwrap_err(),
            "18446744073709551615 MB is out of range: give a size from 1 to 1048576 megabytes"
        );
        assert!(hash_mb("0").is_err());
        assert!(hash_mb("99999999999999999999999999999999999999999").is_err());
        assert_eq!(hash_note(64, 64 << 20), None);
        assert!(
            hash_note(1_000_000, 8 << 30)
                .unwrap()
                .contains("using 8192 MB")
        );
    }
}
