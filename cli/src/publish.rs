//! `fairyforge publish GAME [-o PAGE.html]`: one self-contained HTML page for a game. The
//! engine compiled to WebAssembly, the studio's scripts and styles and the game itself are
//! all inside it, and nothing is fetched: it works opened from disk, attached to an e-mail
//! or uploaded beside a rules page, and can be shown in an `<iframe>`.
//!
//! The page shows the game's rules as `fairyforge describe` writes them (the board, the
//! setup, each piece with its moves in words and diagrams, promotion, drops, castling, the
//! optional rules, the end of the game), with the studio's Play, Pieces and Analysis panes
//! on the game: the same scripts as the studio's, loaded from the page itself.

use std::path::{Path, PathBuf};

use fairyforge::Variant;
use fairyforge::describe::Description;

use crate::error::{Error, Result};
use crate::game::{GameArgs, settings};
use crate::serve::assets;
use crate::wasm;

#[derive(clap::Args)]
pub struct PublishArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The page to write (default: the game's file name with `.html`, in the current
    /// directory).
    #[arg(short = 'o', long = "output", value_name = "PAGE.html")]
    output: Option<PathBuf>,
}

/// What the page plays: a built-in game by name, or a file's text.
enum Game {
    Builtin(String),
    Text { name: String, text: String },
}

pub fn run(a: PublishArgs) -> Result {
    let spec = &a.game.variant;
    let (game, variant) = load(spec, &a.game.options)?;
    let engine = wasm::required("publish")?;
    let pictures = pictures(&variant);
    let net = network(&variant);
    let page = page(
        engine,
        &game,
        &a.game.options,
        &Description::of(&variant),
        &pictures,
        net.as_ref(),
    )?;
    let out = a.output.unwrap_or_else(|| {
        let stem = Path::new(spec)
            .file_stem()
            .map_or_else(|| spec.clone(), |s| s.to_string_lossy().into_owned());
        PathBuf::from(format!("{stem}.html"))
    });
    std::fs::write(&out, &page).map_err(|source| Error::Write {
        path: out.display().to_string(),
        source,
    })?;
    say!(
        "wrote {} ({} kB): open it in a browser, or embed it with <iframe src=\"{}\" width=\"100%\" height=\"900\"></iframe>",
        out.display(),
        page.len() / 1000,
        out.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    );
    Ok(())
}

/// Loads the game as the page will: a file may import only the built-in library and games
/// (the page has no other files to read).
fn load(spec: &str, options: &[String]) -> Result<(Game, std::sync::Arc<Variant>)> {
    let path = Path::new(spec);
    if !path.is_file() && fairyforge::builtin::game(spec).is_some() {
        let v = crate::game::load(spec, options)?;
        return Ok((Game::Builtin(spec.to_string()), v));
    }
    if !path.is_file() {
        // Not a file nor a built-in game: the loader says so, with its suggestions.
        crate::game::load(spec, options)?;
        return Err(format!("{spec}: no such file").into());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {spec}: {e}"))?;
    let name = path
        .file_name()
        .map_or_else(|| spec.to_string(), |n| n.to_string_lossy().into_owned());
    let loaded = Variant::loader()
        .builtin_only()
        .options(settings(options)?)
        .parse(&name, &text);
    match loaded {
        Ok(v) => Ok((Game::Text { name, text }, v)),
        // It loads from its directory but not alone: it imports a file of its own.
        Err(e) if crate::game::load(spec, options).is_ok() => Err(format!(
            "{spec} imports or extends a file beside it, and the page can read only the built-in library and games; put what it imports into the file itself:\n{}",
            e.render().trim_end()
        )
        .into()),
        Err(e) => Err(Error::Load(e)),
    }
}

/// The built-in network the game plays with, if it has one: its file name and bytes, for
/// the page to hand to its engine (which carries none). Only this game's goes in.
fn network(v: &std::sync::Arc<Variant>) -> Option<(String, Vec<u8>)> {
    let file = fairyforge::nnue::builtin_file(v)?;
    let net = fairyforge::nnue::builtin(v)?;
    Some((file, net.to_bytes()))
}

/// The whole page.
fn page(
    engine: &wasm::Engine,
    game: &Game,
    options: &[String],
    d: &Description,
    pictures: &[(String, String)],
    net: Option<&(String, Vec<u8>)>,
) -> Result<String> {
    let body = studio_body(&d.name)?;
    let mut modules = serde_json::Map::new();
    for (name, kind, text) in assets::FILES {
        if *kind == assets::JS && *name != "worker.js" {
            modules.insert(name.to_string(), (*text).into());
        }
    }
    modules.insert("worker".into(), worker_source(engine)?.into());
    let modules = serde_json::to_string(&modules)
        .map_err(|e| e.to_string())?
        .replace('<', "\\u003c");
    let style = assets::FILES
        .iter()
        .find(|(n, _, _)| *n == "style.css")
        .map_or("", |(_, _, t)| t);
    let mut html = String::with_capacity(engine.wasm.len() * 4 / 3 + 200_000);
    html.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    html.push_str("<meta name=\"generator\" content=\"fairyforge publish\">\n");
    html.push_str(&format!("<title>{}</title>\n", escape(&d.name)));
    html.push_str("<style>\n");
    html.push_str(style);
    html.push_str(PUBLISH_CSS);
    html.push_str("</style>\n</head>\n<body class=\"published\">\n");
    html.push_str(&body);
    html.push_str("<article id=\"rules\" class=\"rules\">\n");
    html.push_str(&rules_html(&d.text(), pictures));
    html.push_str("</article>\n");
    html.push_str("<script type=\"application/json\" id=\"ff-modules\">");
    html.push_str(&modules);
    html.push_str("</script>\n<script type=\"application/octet-stream\" id=\"ff-wasm\">");
    html.push_str(&base64(engine.wasm));
    html.push_str("</script>\n");
    if let Some((file, bytes)) = net {
        html.push_str(&format!(
            "<script type=\"application/octet-stream\" class=\"ff-net\" data-file=\"{}\">",
            escape(file)
        ));
        html.push_str(&base64(bytes));
        html.push_str("</script>\n");
    }
    html.push_str("<script>\n");
    html.push_str(&BOOT.replace("HASH", &start_hash(game, options)));
    html.push_str("</script>\n</body>\n</html>\n");
    Ok(html)
}

/// The studio's page body with this game's name as its heading and a button to the rules.
fn studio_body(name: &str) -> Result<String> {
    let index = assets::INDEX;
    let inner = index
        .split_once("<body>")
        .and_then(|(_, rest)| rest.split_once("</body>"))
        .map(|(b, _)| b)
        .ok_or("the studio's page has no <body>")?;
    let mut body = replace_between(
        inner,
        "<h1>",
        "</h1>",
        &format!(
            "{} <button id=\"show-rules\" type=\"button\">Rules</button>",
            escape(name)
        ),
    );
    body = replace_between(
        &body,
        "<footer class=\"muted\">",
        "</footer>",
        "Made with <code>fairyforge publish</code>: the whole game is in this one page. Its rules are below the board.",
    );
    Ok(body)
}

/// `text` with what stands between the first `open` and the next `close` replaced (`text`
/// as it is when they are not there).
fn replace_between(text: &str, open: &str, close: &str, with: &str) -> String {
    let Some(i) = text.find(open) else {
        return text.to_string();
    };
    let from = i + open.len();
    let Some(j) = text[from..].find(close) else {
        return text.to_string();
    };
    format!("{}{with}{}", &text[..from], &text[from + j..])
}

/// The worker's one script: wasm-bindgen's glue, then `worker.js` without its import of it.
fn worker_source(engine: &wasm::Engine) -> Result<String> {
    let worker = assets::FILES
        .iter()
        .find(|(n, _, _)| *n == "worker.js")
        .map(|(_, _, t)| *t)
        .ok_or("the page has no worker.js")?;
    let import = format!(
        "import {{ initSync, Studio, supplyNetwork }} from './{}';",
        wasm::GLUE_FILE
    );
    if !worker.contains(&import) {
        return Err(format!("worker.js does not start with `{import}`").into());
    }
    Ok(format!(
        "{}\n{}",
        engine.glue,
        worker.replacen(&import, "", 1)
    ))
}

/// The address the page opens on: the game (its name, or its text) and its options, in the
/// studio's address format (cli/web/address.js: `u` and base64url for an unpacked text).
fn start_hash(game: &Game, options: &[String]) -> String {
    let mut parts = match game {
        Game::Builtin(name) => vec![format!("g={}", enc(name))],
        Game::Text { name, text } => vec![
            format!("x=u{}", base64url(text.as_bytes())),
            format!("n={}", enc(name)),
        ],
    };
    if !options.is_empty() {
        let o: Vec<String> = options.iter().map(|o| enc(o)).collect();
        parts.push(format!("o={}", o.join(",")));
    }
    parts.join("&")
}

/// Percent-encodes all but the characters address.js leaves as they are.
fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"@._~-".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base64url(bytes: &[u8]) -> String {
    base64(bytes)
        .trim_end_matches('=')
        .replace('+', "-")
        .replace('/', "_")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Each piece's id and its picture (White's, as core draws it for the studio), for the
/// rules.
fn pictures(v: &Variant) -> Vec<(String, String)> {
    v.kinds()
        .map(|k| {
            let p = v.piece(k);
            (
                p.id().to_string(),
                fairyforge::picture::piece_svg(v, k, fairyforge::Color::White),
            )
        })
        .collect()
}

/// `describe`'s Markdown as HTML: headings (one level down: the page's title is the
/// `<h1>`), `key: value` lines, lists, paragraphs and the diagrams' text blocks, with
/// `code` spans. Lines indented by two spaces continue the line before them. A heading that
/// ends with a piece's id in brackets (`### K King (king)`) gets the piece's picture.
fn rules_html(md: &str, pictures: &[(String, String)]) -> String {
    let mut html = String::new();
    let mut lines = md.lines().peekable();
    let mut in_list = false;
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            if in_list {
                html.push_str("</ul>\n");
                in_list = false;
            }
            html.push_str("<pre class=\"diagram\">");
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                html.push_str(&escape(l));
                html.push('\n');
            }
            html.push_str("</pre>\n");
            continue;
        }
        let mut line = line.to_string();
        while let Some(next) = lines.peek() {
            match next.strip_prefix("  ") {
                Some(more) if !next.trim().is_empty() => {
                    line.push(' ');
                    line.push_str(more.trim());
                    lines.next();
                }
                _ => break,
            }
        }
        if let Some(item) = line.strip_prefix("- ") {
            if !in_list {
                html.push_str("<ul>\n");
                in_list = true;
            }
            html.push_str(&format!("<li>{}</li>\n", inline(item)));
            continue;
        }
        if in_list {
            html.push_str("</ul>\n");
            in_list = false;
        }
        let level = line.chars().take_while(|&c| c == '#').count();
        if (1..=5).contains(&level) && line[level..].starts_with(' ') {
            let n = level + 1;
            let text = line[level..].trim();
            let picture = pictures
                .iter()
                .find(|(id, _)| text.ends_with(&format!("({id})")))
                .map_or(String::new(), |(_, svg)| {
                    format!("<span class=\"picture\" aria-hidden=\"true\">{svg}</span>")
                });
            html.push_str(&format!("<h{n}>{picture}{}</h{n}>\n", inline(text)));
        } else if let Some((key, value)) = line
            .split_once(": ")
            .filter(|(k, _)| !k.is_empty() && k.len() < 40 && !k.contains('.'))
        {
            html.push_str(&format!(
                "<p class=\"fact\"><b>{}:</b> {}</p>\n",
                inline(key),
                inline(value)
            ));
        } else if !line.trim().is_empty() {
            html.push_str(&format!("<p>{}</p>\n", inline(&line)));
        }
    }
    if in_list {
        html.push_str("</ul>\n");
    }
    html
}

/// Escapes a line and makes its `code` spans.
fn inline(s: &str) -> String {
    let mut out = String::new();
    for (i, part) in s.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str(&format!("<code>{}</code>", escape(part)));
        } else {
            out.push_str(&escape(part));
        }
    }
    out
}

/// What the page adds to the studio's styles.
const PUBLISH_CSS: &str = r#"
.published .game-pick, .published #tab-design { display: none; }
.published h1 button { margin-left: 1em; font-size: 0.6em; vertical-align: middle; }
.rules { max-width: 60em; margin: 1em auto; padding: 0 1em 2em; line-height: 1.45; }
.rules h2 { font-size: 1.6em; }
.rules h3 { font-size: 1.3em; margin-top: 1.4em; border-bottom: 1px solid #ccc; }
.rules h4 { font-size: 1.1em; }
.rules h4, .rules h5 { margin-bottom: 0.2em; }
.rules p.fact { margin: 0.15em 0; }
.rules p, .rules li { overflow-wrap: anywhere; }
.rules pre.diagram { display: inline-block; margin: 0.3em 1em 0.8em 0; padding: 0.4em 0.6em; font-size: 0.8em; line-height: 1.15; overflow-x: auto; max-width: 100%; }
.rules code { overflow-wrap: anywhere; }
.rules .picture svg { width: 2em; height: 2em; vertical-align: middle; margin-right: 0.4em; }
"#;

/// Starts the page: its address (the game), the engine (the module and the worker's script
/// from the page itself) and the studio's scripts as modules whose imports name each other.
const BOOT: &str = r#"(function () {
  'use strict';
  if (!location.hash || location.hash === '#') history.replaceState(null, '', '#HASH');
  var modules = JSON.parse(document.getElementById('ff-modules').textContent);
  globalThis.fairyforgeInline = {
    module: function () {
      var b64 = document.getElementById('ff-wasm').textContent.trim();
      return fetch('data:application/wasm;base64,' + b64)
        .then(function (r) { return r.arrayBuffer(); })
        .then(function (b) { return WebAssembly.compile(b); });
    },
    worker: 'data:text/javascript;charset=utf-8,' + encodeURIComponent(modules.worker),
    // The game's network, if it has one: its bytes by file name.
    nets: function () {
      var files = {};
      document.querySelectorAll('script.ff-net').forEach(function (s) {
        var text = atob(s.textContent.trim());
        var b = new Uint8Array(text.length);
        for (var i = 0; i < text.length; i++) b[i] = text.charCodeAt(i);
        files[s.dataset.file] = b.buffer;
      });
      return files;
    },
  };
  var urls = {};
  function url(name) {
    if (urls[name]) return urls[name];
    if (!(name in modules)) throw new Error('the page has no script ' + name);
    var src = modules[name].replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])\.\/([\w.-]+\.js)\2/g,
      function (_, before, q, dep) { return before + q + url(dep) + q; });
    urls[name] = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    return urls[name];
  }
  import(url('app.js')).catch(function (e) {
    var n = document.getElementById('notice');
    n.textContent = 'The page could not start: ' + e.message;
    n.hidden = false;
  });
  document.getElementById('show-rules').addEventListener('click', function () {
    document.getElementById('rules').scrollIntoView({ behavior: 'smooth' });
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_the_browser_reads_it() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(&[0xfb, 0xff, 0xbf]), "+/+/");
        assert_eq!(base64url(&[0xfb, 0xff, 0xbf, 0x01]), "-_-_AQ");
    }

    #[test]
    fn options_are_encoded_as_the_address_writes_them() {
        let hash = start_hash(
            &Game::Builtin("birds-and-ninjas".into()),
            &["capture-the-scepter=on".into()],
        );
        assert_eq!(hash, "g=birds-and-ninjas&o=capture-the-scepter%3Don");
    }

    #[test]
    fn the_rules_in_html() {
        let md = "# Game\n\n## Board\n\nsize: 8 files\n\n### K King (king)\n\nmoves:\n- leaps `one` square\n- slides <far>\n\nmoves (3): a1a2 a1b1\n  a1b2\n\n```text\n 1 [K] *\n```\n\nA drop is a whole move.\n";
        assert_eq!(
            rules_html(md, &[("king".into(), "<svg/>".into())]),
            "<h2>Game</h2>\n<h3>Board</h3>\n<p class=\"fact\"><b>size:</b> 8 files</p>\n<h4><span class=\"picture\" aria-hidden=\"true\"><svg/></span>K King (king)</h4>\n<p>moves:</p>\n<ul>\n<li>leaps <code>one</code> square</li>\n<li>slides &lt;far&gt;</li>\n</ul>\n<p class=\"fact\"><b>moves (3):</b> a1a2 a1b1 a1b2</p>\n<pre class=\"diagram\"> 1 [K] *\n</pre>\n<p>A drop is a whole move.</p>\n"
        );
    }
}
