//! Lines of input read as bytes: a line that is not UTF-8 text is refused alone, with the
//! place of its first bad byte, and the lines after it are read on (a Latin-1 file name in
//! `setoption name VariantPath` must not end the conversation).

use std::io::BufRead;

/// One line of input: its text, or where it stops being text.
pub type Line = Result<String, NotText>;

/// A line that is not UTF-8: its first bad byte and that byte's column (1-based).
#[derive(Debug, PartialEq, Eq)]
pub struct NotText {
    pub byte: u8,
    pub column: usize,
}

impl std::fmt::Display for NotText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the line is not UTF-8 text (byte 0x{:02X} at column {}): it was ignored",
            self.byte, self.column
        )
    }
}

/// The lines of `input`, without their line ends; an error only when reading fails.
pub fn lines(input: impl BufRead) -> impl Iterator<Item = std::io::Result<Line>> {
    let mut input = input;
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => None,
            Ok(_) => {
                while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    bytes.pop();
                }
                Some(Ok(text(bytes)))
            }
            Err(e) => Some(Err(e)),
        }
    })
}

/// The line as text, or where it stops being UTF-8.
fn text(bytes: Vec<u8>) -> Line {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        NotText {
            byte: e.as_bytes()[at],
            column: String::from_utf8_lossy(&e.as_bytes()[..at]).chars().count() + 1,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_refused_alone() {
        let input: &[u8] =
            b"uci\r\nsetoption name VariantPath value caf\xe9.toml\n\xc3\xa9t\xe9\nisready";
        let got: Vec<Line> = lines(input).map(|l| l.unwrap()).collect();
        assert_eq!(
            got[1].as_ref().unwrap_err().to_string(),
            "the line is not UTF-8 text (byte 0xE9 at column 37): it was ignored"
        );
        assert_eq!(
            got,
            [
                Ok("uci".to_string()),
                Err(NotText {
                    byte: 0xE9,
                    column: 37
                }),
                Err(NotText {
                    byte: 0xE9,
                    column: 3
                }),
                Ok("isready".to_string()),
            ]
        );
    }
}
