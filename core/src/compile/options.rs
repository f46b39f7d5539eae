//! Optional rules (rules.md § Optional rules): which are on, and what they add to the game.

use crate::code::Code;
use crate::def::VariantDef;
use crate::options::OptionSetting;
use crate::source::{Ctx, Problem};

/// Turns on the options on by default, then those the user turns on or off, the last word
/// for a name winning; adds what the options in force bring (a Capture the Scepter rule,
/// promotions) to the game. Returns their names.
pub(super) fn apply(cx: &mut Ctx, def: &mut VariantDef, options: &[OptionSetting]) -> Vec<String> {
    let mut enabled: Vec<String> = def
        .options
        .iter()
        .filter(|o| o.default)
        .map(|o| o.name.clone())
        .collect();
    for setting in options {
        let name = setting.name();
        if def.options.iter().any(|o| o.name == name) {
            if !setting.is_on() {
                enabled.retain(|e| e != name);
            } else if !enabled.iter().any(|e| e == name) {
                enabled.push(name.to_string());
            }
        } else {
            cx.diags.push(Problem::global(
                Code::UnknownOption,
                unknown_option(def, name),
            ));
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
