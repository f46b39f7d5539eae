//! A piece's move primitives as its variant file writes them: the elements of the `moves`
//! array of its `[piece.<id>]` table, read from the file's text (comments dropped, spaces
//! collapsed). The piece explorer lists them beside the board.

/// Where to look for a piece: the game's own text, the built-in games it extends (by
/// `extends = "name"`, up to 8 deep), then the built-in piece library.
pub fn of(id: &str, own: Option<&str>) -> Vec<String> {
    let mut texts: Vec<&str> = Vec::new();
    let mut next = own;
    while let Some(t) = next {
        if texts.len() > 8 {
            break;
        }
        texts.push(t);
        next = extends(t).and_then(fairyforge::builtin::game);
    }
    texts.extend(fairyforge::builtin::library("pieces"));
    texts
        .into_iter()
        .find_map(|t| moves_in(t, id))
        .unwrap_or_default()
}

/// The built-in game a text extends (`extends = "chess"`), if it says so on a line.
fn extends(text: &str) -> Option<&str> {
    text.lines().find_map(|l| {
        let v = l
            .trim()
            .strip_prefix("extends")?
            .trim_start()
            .strip_prefix('=')?;
        let v = v.trim().strip_prefix('"')?;
        Some(&v[..v.find('"')?])
    })
}

/// What a character of the text is, given what came before.
#[derive(Clone, Copy, PartialEq, Eq)]
enum In {
    Code,
    Basic,
    Literal,
    Comment,
}

/// The text split into code characters (strings kept, comments blanked), with the bracket
/// depth at each character.
fn scan(text: &str) -> Vec<(char, u32, bool)> {
    let mut out = Vec::with_capacity(text.len());
    let mut state = In::Code;
    let mut depth: u32 = 0;
    let mut escaped = false;
    for c in text.chars() {
        let code = match state {
            In::Code => match c {
                '"' => {
                    state = In::Basic;
                    true
                }
                '\'' => {
                    state = In::Literal;
                    true
                }
                '#' => {
                    state = In::Comment;
                    false
                }
                '[' | '{' => {
                    depth += 1;
                    true
                }
                ']' | '}' => {
                    depth = depth.saturating_sub(1);
                    true
                }
                _ => true,
            },
            In::Basic => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' || c == '\n' {
                    state = In::Code;
                }
                true
            }
            In::Literal => {
                if c == '\'' || c == '\n' {
                    state = In::Code;
                }
                true
            }
            In::Comment => {
                if c == '\n' {
                    state = In::Code;
                    true
                } else {
                    false
                }
            }
        };
        out.push((c, depth, code));
    }
    out
}

/// The primitives of `[piece.<id>]` in one text, if it defines the piece there.
fn moves_in(text: &str, id: &str) -> Option<Vec<String>> {
    let chars = scan(text);
    let headers = [format!("[piece.{id}]"), format!("[piece.\"{id}\"]")];
    // Lines at bracket depth 0 (depth before the line's first character).
    let mut lines: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for (i, (c, _, _)) in chars.iter().enumerate() {
        if *c == '\n' {
            lines.push((start, i));
            start = i + 1;
        }
    }
    lines.push((start, chars.len()));
    let depth_before = |i: usize| if i == 0 { 0 } else { chars[i - 1].1 };
    let line_text = |(a, b): (usize, usize)| -> String {
        chars[a..b].iter().filter(|x| x.2).map(|x| x.0).collect()
    };
    let header = lines.iter().position(|&l| {
        depth_before(l.0) == 0 && headers.contains(&line_text(l).split_whitespace().collect())
    })?;
    for &l in &lines[header + 1..] {
        if depth_before(l.0) != 0 {
            continue;
        }
        let t = line_text(l);
        let t = t.trim_start();
        if t.starts_with('[') {
            break;
        }
        let Some(rest) = t.strip_prefix("moves") else {
            continue;
        };
        if !rest.trim_start().starts_with('=') {
            continue;
        }
        let open = (l.0..chars.len()).find(|&i| chars[i].2 && chars[i].0 == '[')?;
        return Some(elements(&chars, open));
    }
    None
}

/// The top-level elements of the array that opens at `open`, as text.
fn elements(chars: &[(char, u32, bool)], open: usize) -> Vec<String> {
    let inner = chars[open].1;
    let mut out = Vec::new();
    let mut cur = String::new();
    for &(c, depth, code) in &chars[open + 1..] {
        if !code {
            continue;
        }
        if depth < inner {
            break;
        }
        if depth == inner && c == ',' {
            out.push(std::mem::take(&mut cur));
            continue;
        }
        cur.push(c);
    }
    out.push(cur);
    out.into_iter()
        .map(|e| e.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|e| !e.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_s_flying_bomber() {
        assert_eq!(
            of("flying-bomber", None),
            [
                "{ slide = \"orthogonal\", mode = \"move\" }",
                "{ flyover = \"orthogonal\" }",
                "{ jump = \"orthogonal\", capture-over = true }"
            ]
        );
    }

    #[test]
    fn a_piece_of_the_file_first_comments_dropped() {
        let own = "extends = \"pick-the-piece\"\n[piece.dive-bomber]\nletter = \"D\"\nmoves = [\n  { slide = \"diagonal\", mode = \"move\" }, # quiet\n  { flyover = \"diagonal\" },\n  { jump = [1, 1], over = \"any\" },\n]\n[piece.x]\nmoves = [{ leap = \"all\" }]\n";
        assert_eq!(
            of("dive-bomber", Some(own)),
            [
                "{ slide = \"diagonal\", mode = \"move\" }",
                "{ flyover = \"diagonal\" }",
                "{ jump = [1, 1], over = \"any\" }"
            ]
        );
        assert_eq!(of("x", Some(own)), ["{ leap = \"all\" }"]);
        // Not in the file: the library's.
        assert_eq!(of("knight", Some(own)), ["{ leap = [1, 2] }"]);
        assert!(of("no-such-piece", Some(own)).is_empty());
    }
}
