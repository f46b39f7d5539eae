//! Optional rules (R25): which are on, and what they add to the game.

use crate::def::VariantDef;
use crate::load::Ctx;
use crate::source::Diagnostic;

/// Turns on the options on by default, then those the user turns on (`NAME`, `NAME=on`) or
/// off (`NAME=off`), the last word for a name winning; adds what the options in force
/// bring (a Capture the Scepter rule, promotions) to the game. Returns their names.
pub(super) fn apply(cx: &mut Ctx, def: &mut VariantDef, options: &[String]) -> Vec<String> {
    let mut enabled: Vec<String> = def
        .options
        .iter()
        .filter(|o| o.default)
        .map(|o| o.name.clone())
        .collect();
    for spec in options {
        let (name, on) = match spec.split_once('=') {
            None => (spec.as_str(), Some(true)),
            Some((n, "on" | "true" | "yes")) => (n, Some(true)),
            Some((n, "off" | "false" | "no")) => (n, Some(false)),
            Some((n, _)) => (n, None),
        };
        if def.options.iter().any(|o| o.name == name) {
            match on {
                Some(true) if !enabled.iter().any(|e| e == name) => enabled.push(name.to_string()),
                Some(true) => {}
                Some(false) => enabled.retain(|e| e != name),
                None => cx.diags.push(Diagnostic::global(format!(
                    "option `{spec}`: write `{name}` or `{name}=on` to turn it on, `{name}=off` to turn it off"
                ))),
            }
        } else {
            cx.diags.push(Diagnostic::global(unknown_option(def, name)));
        }
    }
    for o in def.options.clone() {
        if enabled.contains(&o.name) {
            if o.scepter.is_some() {
                def.scepter = o.scepter.clone();
            }
            def.promotions.extend(o.promotions.iter().cloned());
        }
    }
    enabled
}

/// The message for an option the game does not have.
fn unknown_option(def: &VariantDef, name: &str) -> String {
    let names: Vec<&str> = def.options.iter().map(|o| o.name.as_str()).collect();
    let hint = crate::source::suggest(name, names.iter().copied());
    let avail = if names.is_empty() {
        "it has none".to_string()
    } else {
        format!("its options: {}", names.join(", "))
    };
    format!("{} has no option `{name}`{hint} ({avail})", def.name)
}
