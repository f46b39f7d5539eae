//! Standard output that reports a failed write (a full disk, `> /dev/full`) as an error
//! instead of panicking: `say!` writes a line, `say_raw!` text as it is. Both return from
//! the calling function with the error, so a command stops at the first failed write.

use std::io::Write;

use crate::error::{Error, Result};

/// The error of a failed write.
pub fn failed(e: std::io::Error) -> Error {
    Error::Output(e)
}

/// Writes text to standard output.
pub fn write(text: &str) -> Result {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(failed)
}

/// Writes everything still buffered.
pub fn flush() -> Result {
    std::io::stdout().flush().map_err(failed)
}

/// `say!("...", args)`: one line to standard output; `?` on failure.
macro_rules! say {
    () => {
        $crate::out::write("\n")?
    };
    ($($arg:tt)*) => {
        $crate::out::write(&format!("{}\n", format_args!($($arg)*)))?
    };
}

/// `say_raw!("...", args)`: text to standard output, no newline added.
macro_rules! say_raw {
    ($($arg:tt)*) => {
        $crate::out::write(&format!($($arg)*))?
    };
}

/// A line to standard error; a failure to write it is ignored (there is nowhere left to
/// report it).
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
