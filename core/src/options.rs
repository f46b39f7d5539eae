//! Optional rules turned on or off by name when a game is loaded: what the loader is
//! given and the compiler applies.

use std::str::FromStr;

/// One optional rule of a game turned on or off: `capture-the-scepter` on, `hill` off.
///
/// As the command line writes it (`--option NAME`), it parses from `NAME`, `NAME=on`
/// (or `true`, `yes`) and `NAME=off` (or `false`, `no`).
///
/// ```
/// use fairyforge::OptionSetting;
/// let on: OptionSetting = "capture-the-scepter".parse().unwrap();
/// assert_eq!((on.name(), on.is_on()), ("capture-the-scepter", true));
/// let off: OptionSetting = "hill=off".parse().unwrap();
/// assert!(!off.is_on());
/// assert_eq!(
///     "hill=maybe".parse::<OptionSetting>().unwrap_err().to_string(),
///     "option `hill=maybe`: write `hill` or `hill=on` to turn it on, `hill=off` to turn it off"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OptionSetting {
    name: String,
    on: bool,
}

impl OptionSetting {
    /// The rule `name` turned on (`on`) or off.
    pub fn new(name: impl Into<String>, on: bool) -> OptionSetting {
        OptionSetting {
            name: name.into(),
            on,
        }
    }

    /// The rule's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether it is turned on.
    pub fn is_on(&self) -> bool {
        self.on
    }
}

/// An option setting that is neither `NAME`, `NAME=on` nor `NAME=off`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "option `{text}`: write `{name}` or `{name}=on` to turn it on, `{name}=off` to turn it off"
)]
pub struct OptionError {
    text: String,
    name: String,
}

impl FromStr for OptionSetting {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<OptionSetting, OptionError> {
        let (name, on) = match text.split_once('=') {
            None => (text, true),
            Some((n, "on" | "true" | "yes")) => (n, true),
            Some((n, "off" | "false" | "no")) => (n, false),
            Some((n, _)) => {
                return Err(OptionError {
                    text: text.to_string(),
                    name: n.to_string(),
                });
            }
        };
        Ok(OptionSetting::new(name, on))
    }
}
