//! The studio in a real browser: Debian's Chromium, headless, driven through ChromeDriver
//! against `fairyforge serve` on a loopback port. Opens the page, starts Birds and Ninjas
//! (pieces drawn as pictures, the pawn unlike the ninja pawn), shows a Flying Bomber's
//! marked squares, makes a move and waits for the computer's answer, drops a ninja pawn
//! through the push picker (choices in words, beside the squares), breaks the edited file
//! and sees the error once beside its line, fixes it and sees the board change; castles
//! through the picker and reads the castling in the move list; opens a file through the
//! file input, downloads it, undoes a load, sees both reserves in the design preview and
//! what a shared file extends; at 400 px nothing scrolls sideways. Then `fairyforge serve
//! FILE`: the file in the Design pane, saved back to the disk, reloaded when the disk
//! changes.
//!
//! Needs `chromium` and `chromedriver` (Debian: `apt-get install -y chromium
//! chromium-driver`; `.ci/run` installs them). Without them the test fails and says so;
//! `FAIRYFORGE_SKIP_BROWSER=1` skips it on purpose. `FAIRYFORGE_SCREENSHOTS=DIR` saves the
//! README's screenshots there.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// A child process killed when the test ends, however it ends.
pub(crate) struct Kill(pub(crate) Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn find(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    candidates.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// Starts `fairyforge serve [FILE]` on a free port; returns it and the page's address.
fn start_server(file: Option<&Path>) -> (Kill, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fairyforge"));
    cmd.args(["serve", "--port", "0", "--workers", "2"]);
    if let Some(f) = file {
        cmd.arg(f);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("fairyforge serve starts");
    let stdout = child.stdout.take().expect("its output");
    let mut reader = BufReader::new(stdout);
    let mut line = String::new();
    reader
        .read_line(&mut line)
        .expect("the server prints its address");
    // Keep reading what it prints, so that it never writes to a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    // "fairyforge studio: open http://127.0.0.1:PORT/ (Ctrl-C stops it)"
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Kill(child), url)
}

pub(crate) fn start_driver(driver: &Path) -> (Kill, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()));
    let t = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "chromedriver did not start listening on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Kill(child), format!("http://127.0.0.1:{port}"))
}

/// Evaluates `js` (an expression) until it is truthy; fails with `what` and the page's
/// status line after 30 s.
pub(crate) async fn wait(c: &Client, what: &str, js: &str) -> Value {
    let t = Instant::now();
    let script = format!("try {{ return ({js}); }} catch (e) {{ return null; }}");
    loop {
        let v = c.execute(&script, vec![]).await.expect("the page answers");
        let truthy = match &v {
            Value::Null | Value::Bool(false) => false,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return v;
        }
        if t.elapsed() > Duration::from_secs(30) {
            let page = c
                .execute(
                    "return [document.getElementById('status').textContent, document.getElementById('notice').textContent].join(' | ')",
                    vec![],
                )
                .await
                .unwrap_or_default();
            panic!("timed out waiting for {what} ({js}); the page says: {page}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// Clicks an element. The boards are redrawn when an answer arrives: an element found just
/// before a redraw is gone, so it is found again (a few times) before giving up.
pub(crate) async fn click(c: &Client, css: &str) {
    let mut tries = 0;
    loop {
        let found = c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        match found.click().await {
            Ok(()) => return,
            Err(e) if e.to_string().contains("stale element") && tries < 5 => tries += 1,
            Err(e) => panic!("cannot click {css}: {e}"),
        }
    }
}

pub(crate) async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("FAIRYFORGE_SCREENSHOTS") {
        js(c, "window.scrollTo(0, 0); return true").await;
        let png = c.screenshot().await.expect("a screenshot");
        let path = Path::new(&dir).join(name);
        std::fs::write(&path, png).expect("the screenshot is written");
        eprintln!("wrote {}", path.display());
    }
}

/// Marks drawn on the play board, as `square:type` sorted.
pub(crate) const MARKS: &str = "[...document.querySelectorAll('#play-board .mark')].map(m => m.dataset.mark + ':' + m.classList[1]).sort().join(' ')";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_studio_in_chromium() {
    if std::env::var_os("FAIRYFORGE_SKIP_BROWSER").is_some() {
        eprintln!("FAIRYFORGE_SKIP_BROWSER is set: the browser test is skipped");
        return;
    }
    let chromium = find(
        "CHROME",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    );
    let driver = find("CHROMEDRIVER", &["/usr/bin/chromedriver"]);
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        panic!(
            "the browser test needs Chromium and ChromeDriver (/usr/bin/chromium and /usr/bin/chromedriver, or CHROME and CHROMEDRIVER): install them with `apt-get install -y chromium chromium-driver`, or set FAIRYFORGE_SKIP_BROWSER=1 to skip this test"
        );
    };
    let (_server, url) = start_server(None);
    let folder = fairyforge_tests::temp_dir("studio");
    let served = folder.join("mine.toml");
    std::fs::write(&served, MINE).unwrap();
    let (_served_server, served_url) = start_server(Some(&served));
    let (_driver, webdriver) = start_driver(&driver);
    let profile = std::env::temp_dir().join(format!("fairyforge-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let caps = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    });
    let Value::Object(caps) = caps else {
        unreachable!()
    };
    let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&webdriver)
        .await
        .expect("a Chromium session");
    drive(&c, &url).await;
    drive_served(&c, &served_url, &served, &folder).await;
    let _ = c.close().await;
    let _ = std::fs::remove_dir_all(&profile);
}

/// The file of `fairyforge serve FILE` and of the file input.
const MINE: &str = "extends = \"birds-and-ninjas\"\nname = \"Mine\"\n";

async fn drive(c: &Client, url: &str) {
    open_birds_and_ninjas(c, url).await;
    play_a_move(c).await;
    bomber_and_drop(c).await;
    explore_the_bomber(c).await;
    break_the_file(c).await;
    fix_the_file(c).await;
    castle_in_words(c, url).await;
    files_in_and_out(c, url).await;
    at_phone_width(c, url).await;
    a_king_in_check(c, url).await;
}

/// Opens the page on chess, then starts Birds and Ninjas from the game list: the board as it is.
pub(crate) async fn open_birds_and_ninjas(c: &Client, url: &str) {
    // Open the page on another game, then start Birds and Ninjas from the game list.
    c.goto(&format!("{url}#g=chess&w=h&b=c&t=300"))
        .await
        .unwrap();
    wait(
        c,
        "the page",
        "document.body.dataset.ready === '1' && studio.state",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#play-board rect.sq').length"
        )
        .await,
        64
    );
    c.find(Locator::Css("#game-select"))
        .await
        .unwrap()
        .select_by_value("g:birds-and-ninjas")
        .await
        .unwrap();
    wait(c, "Birds and Ninjas", "document.getElementById('game-title').textContent === 'Birds and Ninjas' && studio.state.fen.startsWith('ff/')").await;
    // The board as it is: 104 squares, the rear squares there, the holes beside them not.
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#play-board rect.sq').length"
        )
        .await,
        104
    );
    for (sq, there) in [("e0", true), ("f11", true), ("d0", false), ("g11", false)] {
        let n = js(
            c,
            &format!("return document.querySelectorAll('#play-board [data-square={sq}]').length"),
        )
        .await;
        assert_eq!(n, there as u64, "{sq}");
    }
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#play-board .piece').length"
        )
        .await,
        44
    );
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-board [data-on=e0]').dataset.piece"
        )
        .await,
        "F"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelector('#reserve-bottom [data-reserve=J]').lastChild.textContent"
        )
        .await,
        "×4"
    );
    assert!(
        js(c, "return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("g=birds-and-ninjas")
    );
    // Pieces are core's pictures: the pawn on e2 and the ninja pawn in reserve differ, and
    // the reserve shows the same picture as the board would.
    wait(
        c,
        "the pictures",
        "document.querySelector('#play-board [data-on=e2] svg')",
    )
    .await;
    let pawn = js(
        c,
        "return document.querySelector('#play-board [data-on=e2] svg').innerHTML",
    )
    .await;
    let ninja = js(
        c,
        "return document.querySelector('#reserve-bottom [data-reserve=J] svg').innerHTML",
    )
    .await;
    assert!(pawn.as_str().unwrap().contains("White Pawn"), "{pawn}");
    assert!(
        ninja.as_str().unwrap().contains("White Ninja Pawn"),
        "{ninja}"
    );
    assert_ne!(
        pawn.as_str().unwrap().replace("White Pawn", ""),
        ninja.as_str().unwrap().replace("White Ninja Pawn", "")
    );
    screenshot(c, "studio-start.png").await;
}

/// A pawn's moves marked, the move made, the computer's answer.
pub(crate) async fn play_a_move(c: &Client) {
    // A pawn's moves, then the move; the computer answers.
    click(c, "#play-board [data-square=e2]").await;
    assert_eq!(
        js(c, &format!("return {MARKS}")).await,
        "e3:mark-move e4:mark-move e5:mark-move"
    );
    click(c, "#play-board [data-square=e5]").await;
    wait(
        c,
        "the computer's answer",
        "studio.state.history.length === 2 && studio.state.turn === 'white'",
    )
    .await;
    assert!(
        js(c, "return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("m=e2e5.")
    );
    assert!(
        js(c, "return document.getElementById('move-list').textContent")
            .await
            .as_str()
            .unwrap()
            .starts_with("e5")
    );
}

/// A Flying Bomber's marked squares; a ninja pawn dropped through the push picker.
pub(crate) async fn bomber_and_drop(c: &Client) {
    // The Flying Bomber on e0 jumps over the queen onto the emptied e2.
    click(c, "#play-board [data-square=e0]").await;
    let marks = js(c, &format!("return {MARKS}")).await;
    assert!(
        marks
            .as_str()
            .unwrap()
            .split(' ')
            .any(|m| m == "e2:mark-move"),
        "{marks}"
    );
    click(c, "#play-board [data-square=e0]").await;
    assert_eq!(js(c, &format!("return {MARKS}")).await, "");

    // Drop a ninja pawn on e2 and push it to e4: the picker offers the pushes.
    click(c, "#reserve-bottom [data-reserve=J]").await;
    let marks = js(c, &format!("return {MARKS}")).await;
    assert!(
        marks
            .as_str()
            .unwrap()
            .split(' ')
            .any(|m| m == "e2:mark-move"),
        "{marks}"
    );
    click(c, "#play-board [data-square=e2]").await;
    wait(
        c,
        "the push picker",
        "!document.getElementById('picker').hidden",
    )
    .await;
    let choices = js(c, "return [...document.querySelectorAll('#picker [data-move]')].map(b => b.dataset.move).join(' ')").await;
    assert_eq!(choices, "J@e2 J@e2e3 J@e2e4");
    let words = js(c, "return [...document.querySelectorAll('#picker [data-move]')].map(b => b.textContent).join(' | ')").await;
    assert_eq!(
        words,
        "Drop the Ninja Pawn on e2 | Drop the Ninja Pawn on e2, push to e3 | Drop the Ninja Pawn on e2, push to e4"
    );
    assert_eq!(
        covered(c, &["e2", "e3", "e4"]).await,
        "",
        "the picker covers a square"
    );
    click(c, "#picker [data-move='J@e2e4']").await;
    wait(
        c,
        "the drop",
        "studio.state.history.length >= 3 && studio.state.history[2].move === 'J@e2e4'",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#reserve-bottom [data-reserve=J]').lastChild.textContent"
        )
        .await,
        "×3"
    );
    wait(
        c,
        "the computer's second answer",
        "studio.state.history.length === 4",
    )
    .await;
}

/// The piece explorer: the bomber with enemies to jump and fly over (a screenshot).
async fn explore_the_bomber(c: &Client) {
    // A piece's marked moves in the explorer, for the README.
    click(c, "#tab-pieces").await;
    wait(
        c,
        "the explorer",
        "document.querySelectorAll('#piece-board .mark').length > 0",
    )
    .await;
    click(c, "#piece-list [data-piece=flying-bomber]").await;
    wait(
        c,
        "the bomber",
        "document.getElementById('piece-title').textContent === 'Flying Bomber (F)'",
    )
    .await;
    click(c, "#piece-board [data-square=e5]").await;
    wait(
        c,
        "the bomber on e5",
        "document.getElementById('piece-summary').textContent.includes('from e5')",
    )
    .await;
    click(c, "input[name=piece-mode][value=enemy]").await;
    click(c, "#piece-board [data-square=h5]").await;
    wait(
        c,
        "a blocker on h5",
        "document.querySelector('#piece-board [data-on=h5]')",
    )
    .await;
    click(c, "#piece-board [data-square=e6]").await;
    wait(
        c,
        "a blocker on e6",
        "document.querySelector('#piece-board [data-on=e6]')",
    )
    .await;
    click(c, "#piece-board [data-square=e7]").await;
    wait(c, "the double capture", "document.querySelector('#piece-board .mark-victim[data-mark=e6]') && document.querySelector('#piece-board .mark-victim[data-mark=h5]')").await;
    screenshot(c, "studio-piece.png").await;
    // A library piece not in the game is drawn with its own picture, not a game piece's.
    click(c, "#library-list [data-piece=super-cannon]").await;
    wait(
        c,
        "the Super Cannon",
        "document.getElementById('piece-title').textContent === 'Super Cannon (C)'",
    )
    .await;
    let title = wait(c, "its picture", "document.querySelector('#piece-board .piece svg title') && document.querySelector('#piece-board .piece:not(.blocker) svg title').textContent").await;
    assert_eq!(title, "White Super Cannon");
}

/// The editor: a broken file's error at its line, with the text `fairyforge validate`
/// prints.
pub(crate) async fn break_the_file(c: &Client) {
    // Break the file: the error is shown at its line; fix it: the board follows.
    click(c, "#tab-design").await;
    wait(
        c,
        "the game's file in the editor",
        "document.getElementById('source').value.includes('name = \"Birds and Ninjas\"')",
    )
    .await;
    wait(c, "the file's board", "document.querySelectorAll('#design-board rect.sq').length === 104 && document.querySelector('#diagnostics li.ok')").await;
    edit(c, "/GRNBQKBNRG/", "/GRNBZKBNRG/").await;
    let line = wait(c, "the error", "document.querySelector('#source-marks .inline') && document.querySelector('#source-marks .inline').dataset.line").await;
    let setup_line = js(c, "return document.getElementById('source').value.split('\\n').findIndex(l => l.startsWith('setup')) + 1").await;
    assert_eq!(line.as_str().unwrap(), setup_line.to_string());
    // Shown once: beside its line, not again in the list below.
    let shown = js(
        c,
        "return [...document.querySelectorAll('#source-marks .inline')].map(e => e.textContent).join(' | ')",
    )
    .await;
    assert_eq!(
        shown,
        "bad setup: no piece of this game has the letter `Z`: the letters are K Q R B N G F P J"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#diagnostics li').length"
        )
        .await,
        0
    );
    // The squiggle's tooltip is the text `fairyforge validate` prints, the file named
    // untitled.toml (it has no name yet), not after the game it started from.
    let tip = js(
        c,
        "return document.querySelector('#source-marks .squiggle').title",
    )
    .await;
    assert!(
        tip.as_str().unwrap().starts_with(&format!(
            "untitled.toml:{setup_line}:68: [bad-setup] bad setup"
        )),
        "{tip}"
    );
    assert_eq!(
        js(
            c,
            &format!(
                "return document.querySelector('#gutter [data-line=\"{setup_line}\"]').className"
            )
        )
        .await,
        "err"
    );
    // The line is marked in the editor itself (18 px lines below a 6 px margin).
    let top = js(
        c,
        "return document.querySelector('#source-marks .line').style.top",
    )
    .await;
    assert_eq!(
        top,
        format!("{}px", 6 + 18 * (setup_line.as_u64().unwrap() - 1))
    );
    assert!(
        js(
            c,
            "return document.getElementById('design-board').classList.contains('disabled')"
        )
        .await
        .as_bool()
        .unwrap()
    );
    screenshot(c, "studio-error.png").await;
}

/// The fixed file: its board in the editor's pane and in play; the text in the address.
pub(crate) async fn fix_the_file(c: &Client) {
    edit(c, "/GRNBZKBNRG/", "/GRNBFKBNRG/").await;
    wait(c, "the fixed board", "document.querySelector('#design-board [data-on=e1]') && document.querySelector('#design-board [data-on=e1]').dataset.piece === 'F'").await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#diagnostics li.ok').length"
        )
        .await,
        1
    );
    // The play pane follows the edited file: a bomber where the queen stood.
    click(c, "#tab-play").await;
    wait(c, "the edited game in play", "document.querySelector('#play-board [data-on=e1]') && document.querySelector('#play-board [data-on=e1]').dataset.piece === 'F'").await;
    assert_eq!(
        js(c, "return document.getElementById('game-select').value").await,
        "edited"
    );
    // The edited text lives in the address: a reload loses nothing.
    assert!(
        js(c, "return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("x=z")
    );
    c.refresh().await.unwrap();
    wait(
        c,
        "the page after a reload",
        "document.body.dataset.ready === '1' && studio.state",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-board [data-on=e1]').dataset.piece"
        )
        .await,
        "F"
    );
    assert_eq!(
        js(c, "return document.getElementById('game-select').value").await,
        "edited"
    );
}

/// A script giving the gaps in pixels between the board as drawn (its squares and the file
/// letters below them) and the reserves above and below it.
fn gaps_js(board: &str, top: &str, bottom: &str) -> String {
    format!(
        "const r = [...document.querySelectorAll('#{board} rect.sq, #{board} text.coord')].map(e => e.getBoundingClientRect()); const t = document.getElementById('{top}').getBoundingClientRect(); const u = document.getElementById('{bottom}').getBoundingClientRect(); return [Math.min(...r.map(x => x.top)) - t.bottom, u.top - Math.max(...r.map(x => x.bottom))]"
    )
}

/// The squares among `squares` that the open picker covers, as a list.
async fn covered(c: &Client, squares: &[&str]) -> Value {
    let list = serde_json::to_string(squares).unwrap();
    js(
        c,
        &format!(
            "const p = document.getElementById('picker').getBoundingClientRect(); return {list}.filter(n => {{ const r = document.querySelector('#play-board [data-square=' + n + ']').getBoundingClientRect(); return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom; }}).join(' ')"
        ),
    )
    .await
}

/// Castling beside the king's step to the same square: the picker says which is which in
/// words and covers neither the king's square nor the rook; the move list writes the
/// castling as O-O with the king's square, not as four squares.
async fn castle_in_words(c: &Client, url: &str) {
    c.goto(&format!(
        "{url}#g=birds-and-ninjas&f={}&w=h&b=h",
        "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/FF[JJJJjjjj]%20w%20BIbi%20-%200%201"
    ))
    .await
    .unwrap();
    c.refresh().await.unwrap();
    wait(c, "the castling position", "document.body.dataset.ready === '1' && studio.state && studio.state.fen.includes('GR3K2RG')").await;
    click(c, "#play-board [data-square=f1]").await;
    click(c, "#play-board [data-square=g1]").await;
    wait(c, "the picker", "!document.getElementById('picker').hidden").await;
    let words = js(c, "return [...document.querySelectorAll('#picker [data-move]')].map(b => b.dataset.move + ': ' + b.textContent).join(' | ')").await;
    assert_eq!(
        words,
        "f1g1: King to g1 | f1g1i1f1: Castle: king to g1, rook i1 to f1"
    );
    assert_eq!(covered(c, &["f1", "g1", "i1"]).await, "");
    screenshot(c, "studio-castle.png").await;
    click(c, "#picker [data-move=f1g1i1f1]").await;
    wait(c, "the castling", "studio.state.history.length === 1").await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#move-list li span').textContent"
        )
        .await,
        "O-O-g1"
    );
    // A castling with a short form of its own keeps it.
    click(c, "#undo").await;
    wait(
        c,
        "the castling taken back",
        "studio.state.history.length === 0",
    )
    .await;
    click(c, "#play-board [data-square=f1]").await;
    click(c, "#play-board [data-square=h1]").await;
    wait(c, "the castling to h1", "studio.state.history.length === 1").await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#move-list li span').textContent"
        )
        .await,
        "Kh1"
    );
}

/// Open a file through the file input, Download it, Undo a load over edited text, the
/// reserves in the design preview, and "Start from" showing what a file extends.
async fn files_in_and_out(c: &Client, url: &str) {
    // Pick the Piece, half of whose design is its reserve: the reserves sit against the
    // preview, without a gap.
    c.set_window_size(1300, 900).await.unwrap();
    c.goto(&format!("{url}#g=pick-the-piece&w=h&b=h&tab=design"))
        .await
        .unwrap();
    c.refresh().await.unwrap();
    wait(c, "Pick the Piece's preview", "document.body.dataset.ready === '1' && document.querySelectorAll('#design-board rect.sq').length === 100 && !document.getElementById('design-reserve-top').hidden").await;
    let gaps = js(
        c,
        &gaps_js(
            "design-board",
            "design-reserve-top",
            "design-reserve-bottom",
        ),
    )
    .await;
    for g in gaps.as_array().unwrap() {
        assert!(
            g.as_f64().unwrap() < 30.0,
            "a gap of {g} px between the preview and a reserve"
        );
    }
    c.set_window_size(1400, 1000).await.unwrap();
    c.goto(&format!("{url}#g=birds-and-ninjas&w=h&b=h&tab=design"))
        .await
        .unwrap();
    c.refresh().await.unwrap();
    wait(
        c,
        "the design pane",
        "document.body.dataset.ready === '1' && document.querySelector('#diagnostics li.ok')",
    )
    .await;
    // Both reserves beside the design preview.
    wait(c, "the preview's reserves", "document.querySelector('#design-reserve-top [data-reserve=j]') && document.querySelector('#design-reserve-bottom [data-reserve=J]')").await;
    assert_eq!(
        js(c, "return document.querySelector('#design-reserve-top [data-reserve=j]').lastChild.textContent").await,
        "×4"
    );
    // Open a file from the disk.
    let open_dir = fairyforge_tests::temp_dir("open");
    let path = open_dir.join("opened.toml");
    std::fs::write(&path, MINE).unwrap();
    edit(c, "name = \"Birds and Ninjas\"", "name = \"Typed\"").await;
    c.find(Locator::Css("#design-file"))
        .await
        .unwrap()
        .send_keys(&path.display().to_string())
        .await
        .unwrap();
    let name = path.file_name().unwrap().to_str().unwrap().to_string();
    wait(c, "the opened file", &format!("document.querySelector('#diagnostics li.ok') && document.querySelector('#diagnostics li.ok').textContent === '{name}: ok (Mine)'")).await;
    assert_eq!(
        js(c, "return document.getElementById('source').value").await,
        MINE
    );
    // Start from shows what it extends.
    assert_eq!(
        js(c, "return document.getElementById('design-start').value").await,
        "birds-and-ninjas"
    );
    // Download: the text under the file's own name.
    js(c, "window.__dl = null; const made = URL.createObjectURL; URL.createObjectURL = (b) => { window.__blob = b; return made(b); }; const click = HTMLAnchorElement.prototype.click; HTMLAnchorElement.prototype.click = function () { if (this.download) { const a = this; window.__blob.text().then(t => { window.__dl = { name: a.download, text: t }; }); return; } return click.call(this); }; return true").await;
    click(c, "#design-download").await;
    let dl = wait(c, "the download", "window.__dl").await;
    assert_eq!(dl["name"], name.as_str());
    assert_eq!(dl["text"], MINE);
    // The text typed before the file was opened is not lost: Undo load brings it back.
    wait(
        c,
        "the undo button",
        "!document.getElementById('design-undo').hidden",
    )
    .await;
    click(c, "#design-undo").await;
    wait(
        c,
        "the typed text",
        "document.getElementById('source').value.includes('name = \"Typed\"')",
    )
    .await;
    // Loading a game over edited text keeps it for Undo too.
    edit(c, "name = \"Typed\"", "name = \"Typed again\"").await;
    c.find(Locator::Css("#design-start"))
        .await
        .unwrap()
        .select_by_value("chess")
        .await
        .unwrap();
    click(c, "#design-load").await;
    wait(
        c,
        "chess in the editor",
        "document.querySelectorAll('#design-board rect.sq').length === 64",
    )
    .await;
    click(c, "#design-undo").await;
    wait(
        c,
        "the text before the load",
        "document.getElementById('source').value.includes('name = \"Typed again\"')",
    )
    .await;
    // A shared link of a file that extends chess: Start from says chess.
    js(c, "window.__before = location.hash; return true").await;
    js(c, "const s = document.getElementById('source'); s.value = 'extends = \"chess\"\\nname = \"Shared\"\\n'; s.dispatchEvent(new Event('input')); return true").await;
    wait(c, "the shared file's address", "location.hash !== window.__before && location.hash.includes('x=z') && studio.addr.text.includes('Shared') && document.querySelector('#diagnostics li.ok') && document.querySelector('#diagnostics li.ok').textContent.includes('Shared')").await;
    let link = js(c, "return location.href").await;
    c.goto("about:blank").await.unwrap();
    c.goto(link.as_str().unwrap()).await.unwrap();
    wait(c, "the shared link", "document.body.dataset.ready === '1' && document.getElementById('source').value.includes('Shared')").await;
    wait(
        c,
        "Start from",
        "document.getElementById('design-start').value === 'chess'",
    )
    .await;
}

/// At 400 px wide nothing scrolls sideways, and the board and its reserves sit together.
async fn at_phone_width(c: &Client, url: &str) {
    // Narrower than tall, the board still fills its width, and its reserves touch it.
    c.set_window_size(700, 1150).await.unwrap();
    c.goto(&format!("{url}#g=pick-the-piece&w=h&b=h"))
        .await
        .unwrap();
    c.refresh().await.unwrap();
    wait(c, "Pick the Piece", "document.body.dataset.ready === '1' && studio.state && document.querySelectorAll('#play-board rect.sq').length === 100").await;
    let gaps = js(c, &gaps_js("play-board", "reserve-top", "reserve-bottom")).await;
    for g in gaps.as_array().unwrap() {
        assert!(
            g.as_f64().unwrap() < 30.0,
            "a gap of {g} px between the board and a reserve at 700 px"
        );
    }
    c.set_window_size(400, 900).await.unwrap();
    c.goto(&format!("{url}#g=birds-and-ninjas&m=e2e5.e9e6&w=h&b=h"))
        .await
        .unwrap();
    c.refresh().await.unwrap();
    wait(c, "the page", "document.body.dataset.ready === '1' && studio.state && document.querySelector('#play-board svg')").await;
    for tab in ["play", "design", "pieces", "analysis"] {
        click(c, &format!("#tab-{tab}")).await;
        wait(
            c,
            tab,
            &format!("!document.getElementById('pane-{tab}').hidden"),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let wide = js(
            c,
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
        )
        .await;
        assert_eq!(wide, 0, "the {tab} pane scrolls sideways at 400 px");
        if tab == "design" {
            screenshot(c, "studio-phone-design.png").await;
        }
    }
    click(c, "#tab-play").await;
    // The reserves touch the board: no more than a line's height between them.
    let gaps = js(c, &gaps_js("play-board", "reserve-top", "reserve-bottom")).await;
    for g in gaps.as_array().unwrap() {
        assert!(
            g.as_f64().unwrap() < 30.0,
            "a gap of {g} px between the board and a reserve"
        );
    }
    screenshot(c, "studio-phone.png").await;
    // The push picker fits the window and leaves the drop's squares in view.
    click(c, "#reserve-bottom [data-reserve=J]").await;
    click(c, "#play-board [data-square=e2]").await;
    wait(
        c,
        "the picker at 400 px",
        "!document.getElementById('picker').hidden",
    )
    .await;
    let fits = js(c, "const p = document.getElementById('picker').getBoundingClientRect(); return p.left >= 0 && p.right <= document.documentElement.clientWidth && p.top >= 0 && p.bottom <= innerHeight").await;
    assert_eq!(fits, true, "the picker does not fit the window at 400 px");
    assert_eq!(
        covered(c, &["e2", "e3", "e4"]).await,
        "",
        "the picker covers a square at 400 px"
    );
    click(c, "#picker [data-move='J@e2e4']").await;
    wait(c, "the drop at 400 px", "studio.state.history.length === 3").await;
    c.set_window_size(1400, 1000).await.unwrap();
}

/// `fairyforge serve FILE`: the file in the Design pane, named by its own name; Save writes
/// it back; a change on disk reloads the pane.
async fn drive_served(c: &Client, url: &str, path: &Path, folder: &Path) {
    c.goto(url).await.unwrap();
    wait(
        c,
        "the served file",
        "document.body.dataset.ready === '1' && document.querySelector('#diagnostics li.ok')",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#diagnostics li.ok').textContent"
        )
        .await,
        "mine.toml: ok (Mine)"
    );
    assert_eq!(
        js(
            c,
            "return document.getElementById('tab-design').getAttribute('aria-selected')"
        )
        .await,
        "true"
    );
    assert_eq!(
        js(c, "return document.getElementById('source').value").await,
        MINE
    );
    wait(
        c,
        "saved",
        "document.getElementById('design-state').textContent.startsWith('mine.toml: saved')",
    )
    .await;
    edit(c, "name = \"Mine\"", "name = \"Saved\"").await;
    wait(c, "unsaved", "document.getElementById('design-state').textContent.startsWith('mine.toml: unsaved changes')").await;
    click(c, "#design-save").await;
    wait(
        c,
        "saved again",
        "document.getElementById('design-state').textContent.startsWith('mine.toml: saved')",
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(path).unwrap(),
        MINE.replace("Mine", "Saved")
    );
    // Another program changes the file: the pane follows.
    let other = "extends = \"chess\"\nname = \"From the disk\"\n";
    let temp = folder.join("next.toml");
    std::fs::write(&temp, other).unwrap();
    std::fs::rename(&temp, path).unwrap();
    wait(c, "the file reloaded", "document.getElementById('source').value.includes('From the disk') && document.querySelectorAll('#design-board rect.sq').length === 64").await;
    screenshot(c, "studio-file.png").await;
}

/// Replaces text in the editor as typing would (the editor hears an `input` event).
pub(crate) async fn edit(c: &Client, from: &str, to: &str) {
    js(
        c,
        &format!(
            "const s = document.getElementById('source'); s.value = s.value.replace('{from}', '{to}'); s.dispatchEvent(new Event('input')); return true"
        ),
    )
    .await;
}

/// A mated king is ringed where the studio's state says it stands.
async fn a_king_in_check(c: &Client, url: &str) {
    c.goto(&format!("{url}#g=chess&m=f2f3.e7e5.g2g4.Qh4&w=h&b=h"))
        .await
        .unwrap();
    c.refresh().await.unwrap();
    wait(
        c,
        "the mated king",
        "document.body.dataset.ready === '1' && studio.state && studio.state.ply === 4 && document.querySelector('#play-board circle.check')",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-board circle.check').dataset.check"
        )
        .await,
        "e1"
    );
}

/// A Capablanca position searched to a fixed depth in a page and natively: the game ships
/// a network, which the page's engine (carrying none) loads when it first searches it.
const CAPA_FEN: &str = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1";
const CAPA_DEPTH: u32 = 5;

/// The deepest line (score in centipawns, moves) of `/api/analyse` on [`CAPA_FEN`] to
/// [`CAPA_DEPTH`], answered in the page: `call` is the body of an async JavaScript
/// function of `body` (the request's JSON text) that returns the reply (`{status, body}`).
pub(crate) async fn capablanca_in_the_page(c: &Client, call: &str) -> (i64, Vec<String>) {
    let body = json!({
        "variant": { "game": "capablanca" },
        "fen": CAPA_FEN,
        "depth": CAPA_DEPTH,
        "time_ms": 30000,
    })
    .to_string();
    let script = format!(
        "window.__ffAnswer = null;
         (async (body) => {{ {call} }})({body:?})
           .then((r) => {{ window.__ffAnswer = JSON.stringify(r); }},
                 (e) => {{ window.__ffAnswer = 'failed: ' + e.message; }});
         return true;"
    );
    js(c, &script).await;
    let text = wait(c, "the page's analysis", "window.__ffAnswer").await;
    let text = text.as_str().expect("a text");
    let reply: Value = serde_json::from_str(text).unwrap_or_else(|_| panic!("{text}"));
    assert_eq!(reply["status"], 200, "{text}");
    let last = reply["body"]["lines"]
        .as_array()
        .and_then(|l| l.last())
        .unwrap_or_else(|| panic!("no line: {text}"));
    assert_eq!(last["depth"], CAPA_DEPTH, "{text}");
    let pv = last["pv"].as_array().expect("a line").iter();
    (
        last["score"]["cp"].as_i64().expect("a score in centipawns"),
        pv.map(|m| m.as_str().expect("a move").to_string())
            .collect(),
    )
}

/// The same line from `fairyforge analyse` (the studio's table size), with `extra`
/// arguments.
pub(crate) fn capablanca_natively(extra: &[&str]) -> (i64, Vec<String>) {
    let depth = CAPA_DEPTH.to_string();
    let mut args = vec![
        "analyse",
        "capablanca",
        "--fen",
        CAPA_FEN,
        "--depth",
        &depth,
        "--hash",
        "16",
    ];
    args.extend_from_slice(extra);
    let out = crate::chrome::fairyforge(&args);
    let last = out
        .lines()
        .rfind(|l| l.starts_with(&format!("depth {CAPA_DEPTH} ")))
        .unwrap_or_else(|| panic!("no depth {CAPA_DEPTH}: {out}"));
    let cp = last
        .split(" score cp ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no score: {last}"));
    let pv = last.split(" pv ").nth(1).unwrap_or_default();
    (cp, pv.split(' ').map(str::to_string).collect())
}

/// The page's engine searches Capablanca with its built-in network: exactly as the
/// command line does by default, and not as it does by hand.
pub(crate) async fn capablanca_plays_with_its_network(c: &Client, call: &str) {
    let page = capablanca_in_the_page(c, call).await;
    let native = capablanca_natively(&[]);
    let by_hand = capablanca_natively(&["--engine", "nnue=off"]);
    assert_ne!(native, by_hand, "the network changes this search");
    assert_eq!(
        page, native,
        "the page searched otherwise than the command line"
    );
}
