//! The fenced code blocks of a Markdown page, for tests that keep the docs true.

/// A fenced code block of a page, with the marker comment on the line before it.
pub struct Block {
    /// The language after the opening fence (`toml`, `text`, `console`, ...).
    pub lang: String,
    /// The `<!-- ... -->` comment on the line before the fence, without its markers
    /// (`file: NAME`, `snippet of: GAME`, ...).
    pub marker: Option<String>,
    /// The lines between the fences, each ending with a newline.
    pub text: String,
    /// 1-based line of the opening fence, for messages.
    pub line: usize,
}

/// Every fenced code block of a page, in order.
pub fn blocks(md: &str) -> Vec<Block> {
    let lines: Vec<&str> = md.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(lang) = lines[i].strip_prefix("```") else {
            i += 1;
            continue;
        };
        let marker = i
            .checked_sub(1)
            .and_then(|j| lines[j].trim().strip_prefix("<!--"))
            .and_then(|m| m.strip_suffix("-->"))
            .map(|m| m.trim().to_string());
        let start = i;
        let mut text = String::new();
        i += 1;
        while i < lines.len() && !lines[i].starts_with("```") {
            text.push_str(lines[i]);
            text.push('\n');
            i += 1;
        }
        out.push(Block {
            lang: lang.trim().to_string(),
            marker,
            text,
            line: start + 1,
        });
        i += 1;
    }
    out
}
