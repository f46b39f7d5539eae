//! The studio in a real browser: Debian's Chromium, headless, driven through ChromeDriver
//! against `fairyforge serve` on a loopback port. Opens the page, starts Birds and Ninjas,
//! shows a Flying Bomber's marked squares, makes a move and waits for the computer's answer,
//! drops a ninja pawn through the push picker, breaks the edited file and sees the error at
//! its line, fixes it and sees the board change.
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
struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    candidates.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// Starts `fairyforge serve` on a free port; returns it and the page's address.
fn start_server() -> (Kill, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(["serve", "--port", "0", "--workers", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("fairyforge serve starts");
    let stdout = child.stdout.take().expect("its output");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server prints its address");
    // "fairyforge studio: open http://127.0.0.1:PORT/ (Ctrl-C stops it)"
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Kill(child), url)
}

fn start_driver(driver: &Path) -> (Kill, String) {
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
async fn wait(c: &Client, what: &str, js: &str) -> Value {
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

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("the script runs")
}

/// Clicks an element. The boards are redrawn when an answer arrives: an element found just
/// before a redraw is gone, so it is found again (a few times) before giving up.
async fn click(c: &Client, css: &str) {
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

async fn screenshot(c: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("FAIRYFORGE_SCREENSHOTS") {
        js(c, "window.scrollTo(0, 0); return true").await;
        let png = c.screenshot().await.expect("a screenshot");
        let path = Path::new(&dir).join(name);
        std::fs::write(&path, png).expect("the screenshot is written");
        eprintln!("wrote {}", path.display());
    }
}

/// Marks drawn on the play board, as `square:type` sorted.
const MARKS: &str = "[...document.querySelectorAll('#play-board .mark')].map(m => m.dataset.mark + ':' + m.classList[1]).sort().join(' ')";

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
    let (_server, url) = start_server();
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
    let result = drive(&c, &url).await;
    let _ = c.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    result
}

async fn drive(c: &Client, url: &str) {
    open_birds_and_ninjas(c, url).await;
    play_a_move(c).await;
    bomber_and_drop(c).await;
    explore_the_bomber(c).await;
    break_the_file(c).await;
    fix_the_file(c).await;
    a_king_in_check(c, url).await;
}

/// Opens the page on chess, then starts Birds and Ninjas from the game list: the board as it is.
async fn open_birds_and_ninjas(c: &Client, url: &str) {
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
            "return document.querySelector('#reserve-bottom [data-reserve=J]').textContent"
        )
        .await,
        "J×4"
    );
    assert!(
        js(c, "return location.hash")
            .await
            .as_str()
            .unwrap()
            .contains("g=birds-and-ninjas")
    );
    screenshot(c, "studio-start.png").await;
}

/// A pawn's moves marked, the move made, the computer's answer.
async fn play_a_move(c: &Client) {
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
async fn bomber_and_drop(c: &Client) {
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
            "return document.querySelector('#reserve-bottom [data-reserve=J]').textContent"
        )
        .await,
        "J×3"
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
}

/// The editor: a broken file's error at its line, with the text `fairyforge validate`
/// prints.
async fn break_the_file(c: &Client) {
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
    let line = wait(c, "the error", "document.querySelector('#diagnostics li[data-line]') && document.querySelector('#diagnostics li[data-line]').dataset.line").await;
    let setup_line = js(c, "return document.getElementById('source').value.split('\\n').findIndex(l => l.startsWith('setup')) + 1").await;
    assert_eq!(line.as_str().unwrap(), setup_line.to_string());
    let shown = js(
        c,
        "return document.querySelector('#diagnostics li').textContent",
    )
    .await;
    assert!(
        shown.as_str().unwrap().contains(&format!(
            "line {setup_line}, column 68: bad setup: no piece of this game has the letter `Z`"
        )),
        "{shown}"
    );
    // The text `fairyforge validate` prints, with the file name, line and column.
    assert!(
        shown.as_str().unwrap().contains(&format!(
            "birds-and-ninjas.toml:{setup_line}:68: [bad-setup] bad setup"
        )),
        "{shown}"
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
async fn fix_the_file(c: &Client) {
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

/// Replaces text in the editor as typing would (the editor hears an `input` event).
async fn edit(c: &Client, from: &str, to: &str) {
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
