//! The direction of the arrows between the modules of this crate (docs/architecture.md),
//! checked: each module uses only modules of its own layer or of the layers before it,
//! with no cycle and no exception. The uses are read from the source text (`crate::name`
//! outside comments and test modules).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, first to last. A module of the crate missing here fails the test: add it
/// to the layer it belongs to (and to the table of docs/architecture.md).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &[
            "limits", "types", "moves", "sqset", "geometry", "zobrist", "testrng",
        ],
    ),
    (
        "file text and definition",
        &["code", "source", "diagnostic", "options", "builtin", "def"],
    ),
    ("variant tables", &["atom", "variant"]),
    ("position", &["attack", "setup", "movegen", "position"]),
    ("loading", &["compile", "load"]),
    (
        "rules and text",
        &[
            "outcome", "refusal", "perft", "diagram", "picture", "notation", "xbetza",
        ],
    ),
    (
        "tools",
        &["describe", "testfile", "nnue", "search", "ini", "values"],
    ),
    ("front ends", &["contract", "service", "lab"]),
];

/// The modules of the crate named in `text` as `crate::name` or `crate::{name, ...}`,
/// outside comments and the `#[cfg(test)] mod tests` block.
fn uses(text: &str) -> BTreeSet<String> {
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(inner) = rest.strip_prefix('{') {
            // The first name of each item at the top level of the braces.
            let (mut depth, mut start) = (0usize, true);
            for (j, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && !c.is_whitespace() => {
                        out.insert(ident(&inner[j..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

/// Every module of the crate (a file or folder of `src/`) and the modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut todo = vec![src.clone()];
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "layers" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let entry = g.entry(module.clone()).or_default();
        entry.extend(uses(&text).into_iter().filter(|u| *u != module));
    }
    // Only the crate's modules (`crate::Position` names a re-export of `position`).
    let modules: BTreeSet<String> = g.keys().cloned().collect();
    for used in g.values_mut() {
        used.retain(|u| modules.contains(u));
    }
    g
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

#[test]
fn every_module_is_in_a_layer() {
    for m in graph().keys() {
        assert!(
            layer_of(m).is_some(),
            "module `{m}` is in no layer: add it to LAYERS (core/src/layers.rs) and to docs/architecture.md"
        );
    }
}

#[test]
fn modules_use_only_their_layer_and_the_layers_before() {
    let mut wrong = Vec::new();
    for (m, used) in graph() {
        let Some(lm) = layer_of(&m) else { continue };
        for u in used {
            let lu = layer_of(&u).unwrap_or(usize::MAX);
            if lu > lm {
                wrong.push(format!(
                    "{m} ({}) uses {u} ({})",
                    LAYERS[lm].0,
                    LAYERS.get(lu).map_or("no layer", |l| l.0)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "against the arrows:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_cycles() {
    let g = graph();
    // Depth-first search for a back edge.
    fn visit<'a>(
        m: &'a str,
        g: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if done.contains(m) {
            return;
        }
        if let Some(i) = path.iter().position(|p| *p == m) {
            panic!("a cycle: {} -> {m}", path[i..].join(" -> "));
        }
        path.push(m);
        for u in g.get(m).into_iter().flatten() {
            visit(u, g, path, done);
        }
        path.pop();
        done.insert(m);
    }
    let mut done = BTreeSet::new();
    for m in g.keys() {
        visit(m, &g, &mut Vec::new(), &mut done);
    }
}

#[test]
fn uses_are_read_from_paths_and_braces() {
    let text = "//! [`crate::search`]\nuse crate::{a::X, b::{self, Y}, c};\nfn f() { crate::d::g() }\n#[cfg(test)]\nmod tests {\n    use crate::e;\n}\n";
    let found: Vec<String> = uses(text).into_iter().collect();
    assert_eq!(found, ["a", "b", "c", "d"]);
}

#[test]
fn the_architecture_page_names_every_module() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let page = std::fs::read_to_string(page).unwrap();
    for (_, modules) in LAYERS {
        for m in *modules {
            assert!(
                page.contains(&format!("`{m}`")) || page.contains(&format!("`{m}/`")),
                "docs/architecture.md does not name the module `{m}` in its table"
            );
        }
    }
}
