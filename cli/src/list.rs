//! `fairyforge list`: the built-in games, or the pieces of the shared library.

use fairyforge::{Variant, builtin};

pub fn list(pieces: bool) -> String {
    let mut out = String::new();
    if pieces {
        let lib = fairyforge::library_pieces();
        let width = lib.iter().map(|p| p.name().len()).max().unwrap_or(0);
        out.push_str("The shared piece library (variants/pieces.toml):\n");
        for p in lib {
            let royal = if p.is_royal() { "  royal" } else { "" };
            out.push_str(&format!(
                "  {}  {:<width$}  {:>5}  {}{}\n",
                p.letter(),
                p.name(),
                format_value(p.value() as f64 / 100.0),
                p.id(),
                royal
            ));
        }
        return out;
    }
    let names = builtin::game_names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    for name in names {
        let Some(v) = Variant::builtin(name) else {
            continue;
        };
        out.push_str(&format!("{name:<width$}  {}\n", v.description()));
        for (opt, desc, _) in v.options() {
            out.push_str(&format!("{:<width$}    --option {opt}: {desc}\n", ""));
        }
    }
    out
}

fn format_value(v: f64) -> String {
    if v == 0.0 {
        "-".to_string()
    } else {
        format!("{v}")
    }
}
