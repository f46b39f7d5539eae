//! The static studio (`fairyforge site DIR`) in a real browser, with no fairyforge process
//! running: Python's `http.server` serves the directory, and Chromium starts Birds and
//! Ninjas, shows a Flying Bomber's moves, plays and sees the computer answer, drops a ninja
//! pawn through the picker, opens a file from the disk, breaks it and sees the error at its
//! line, fixes it and plays the new game; searches Capablanca with the network it loads
//! when it first needs it. The server's log shows that the page asked no
//! API: the engine in the page (WebAssembly, in Web Workers) answered everything.

use std::path::Path;

use fantoccini::{Client, Locator};

use crate::browser::{self, click, js, screenshot, wait};
use crate::chrome::{ONE_AT_A_TIME, chromium, fairyforge, skipped, static_server, temp_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_site_in_chromium() {
    if skipped("the static site's test") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = temp_dir("site");
    let site = dir.join("site");
    let said = fairyforge(&["site", site.to_str().unwrap()]);
    assert!(said.starts_with("wrote the studio to "), "{said}");
    for f in [
        "index.html",
        "static/app.js",
        "static/api.js",
        "static/engine.js",
        "static/worker.js",
        "static/fairyforge.js",
        "static/fairyforge_bg.wasm",
        "static/capablanca.nnue",
        "static/birds-and-ninjas.nnue",
        "static/stealth-ninja.nnue",
        "static/flying-bombers-grand.nnue",
        "static/insane-ninja.nnue",
        "static/pick-the-piece.nnue",
    ] {
        assert!(site.join(f).is_file(), "the site has no {f}");
    }
    let (server, url, log) = static_server(&site);
    let b = chromium("site", 1400, 1000).await;
    drive(&b.c, &url, &dir).await;
    b.close().await;
    drop(server);
    // Only files were asked for: the page's engine answered every request of the API.
    let requests = std::fs::read_to_string(&log).expect("the server's log");
    assert!(
        requests.contains("GET /static/fairyforge_bg.wasm"),
        "{requests}"
    );
    let api: Vec<&str> = requests.lines().filter(|l| l.contains("/api/")).collect();
    assert!(api.is_empty(), "the page asked the server: {api:?}");
    // Each game's network was fetched when the game was first searched (Birds and
    // Ninjas' again by the worker that replaced a stopped one), and no other.
    let nets: Vec<&str> = requests.lines().filter(|l| l.contains(".nnue")).collect();
    let fetched = |file: &str| {
        let get = format!("GET /static/{file} ");
        nets.iter().filter(|l| l.contains(&get)).count()
    };
    assert_eq!(fetched("capablanca.nnue"), 1, "{nets:?}");
    assert!(fetched("birds-and-ninjas.nnue") >= 1, "{nets:?}");
    assert_eq!(
        fetched("capablanca.nnue") + fetched("birds-and-ninjas.nnue"),
        nets.len(),
        "{nets:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

async fn drive(c: &Client, url: &str, dir: &Path) {
    browser::open_birds_and_ninjas(c, url).await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('meta[name=fairyforge-engine]').content"
        )
        .await,
        "wasm"
    );
    browser::play_a_move(c).await;
    screenshot(c, "site.png").await;
    browser::bomber_and_drop(c).await;
    open_a_file(c, dir).await;
    break_the_file(c).await;
    browser::fix_the_file(c).await;
    play_the_new_game(c).await;
    stop_and_go_on(c).await;
    at_phone_width(c).await;
    // A game with a network: the page loads the file beside the module (`static/`).
    browser::capablanca_plays_with_its_network(
        c,
        "const m = await import(new URL('static/engine.js', location.href).href);
         return await m.pageEngine().call('/api/analyse', body, new AbortController().signal);",
    )
    .await;
}

/// A long request stopped (its worker ended) and the next one answered (by a new worker).
async fn stop_and_go_on(c: &Client) {
    click(c, "#tab-analysis").await;
    c.find(Locator::Css("#analyse-time"))
        .await
        .unwrap()
        .select_by_value("30000")
        .await
        .unwrap();
    click(c, "#analyse-run").await;
    wait(
        c,
        "the analysis running",
        "!document.getElementById('analyse-stop').disabled",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    click(c, "#analyse-stop").await;
    wait(
        c,
        "the analysis stopped",
        "document.getElementById('analyse-stop').disabled && !document.getElementById('analyse-run').disabled",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#analyse-lines tbody tr').length"
        )
        .await,
        0
    );
    js(
        c,
        "document.getElementById('perft-depth').value = '1'; return true",
    )
    .await;
    click(c, "#perft-run").await;
    let total = wait(
        c,
        "perft after the stop",
        "document.getElementById('perft-total').textContent.startsWith('perft 1: ') && document.getElementById('perft-total').textContent",
    )
    .await;
    // As many paths as the position has moves.
    let moves = js(c, "return String(studio.state.legal.length)").await;
    assert!(
        total
            .as_str()
            .unwrap()
            .starts_with(&format!("perft 1: {} paths", moves.as_str().unwrap())),
        "{total} ({moves} moves)"
    );
    click(c, "#tab-play").await;
}

/// The static studio at a phone's width (400 px): nothing scrolls sideways.
async fn at_phone_width(c: &Client) {
    c.set_window_size(400, 900).await.unwrap();
    c.refresh().await.unwrap();
    wait(
        c,
        "the page at 400 px",
        "document.body.dataset.ready === '1' && studio.state && document.querySelector('#play-board svg')",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        .await,
        0,
        "the static studio scrolls sideways at 400 px"
    );
    screenshot(c, "site-phone.png").await;
}

/// Opens a variant file from the disk in the Design pane (the browser reads it).
async fn open_a_file(c: &Client, dir: &Path) {
    let text = include_str!("../../variants/birds-and-ninjas.toml");
    let file = dir.join("ninjas-at-home.toml");
    std::fs::write(&file, format!("# Opened from the disk.\n{text}")).unwrap();
    click(c, "#tab-design").await;
    // The pane shows the game's file first.
    wait(
        c,
        "the game's file in the editor",
        "document.getElementById('source').value.includes('name = \"Birds and Ninjas\"') && document.querySelector('#diagnostics li.ok')",
    )
    .await;
    c.find(Locator::Css("#design-file"))
        .await
        .expect("the Open button's file input")
        .send_keys(file.to_str().unwrap())
        .await
        .expect("the file is chosen");
    wait(
        c,
        "the opened file in the editor",
        "document.getElementById('source').value.startsWith('# Opened from the disk.\\n')",
    )
    .await;
}

/// The opened file broken: the error at its line, in the words of `fairyforge validate`
/// with the file's name.
async fn break_the_file(c: &Client) {
    wait(
        c,
        "the file's board",
        "document.querySelectorAll('#design-board rect.sq').length === 104 && document.querySelector('#diagnostics li.ok')",
    )
    .await;
    browser::edit(c, "/GRNBQKBNRG/", "/GRNBZKBNRG/").await;
    let line = wait(
        c,
        "the error",
        "document.querySelector('#source-marks .inline') && document.querySelector('#source-marks .inline').dataset.line",
    )
    .await;
    let setup_line = js(
        c,
        "return document.getElementById('source').value.split('\\n').findIndex(l => l.startsWith('setup')) + 1",
    )
    .await;
    assert_eq!(line.as_str().unwrap(), setup_line.to_string());
    assert_eq!(setup_line, 7, "the opened file's setup is on its line 7");
    let tip = js(
        c,
        "return document.querySelector('#source-marks .squiggle').title",
    )
    .await;
    assert!(
        tip.as_str().unwrap().starts_with(
            "ninjas-at-home.toml:7:68: [bad-setup] bad setup: no piece of this game has the letter `Z`"
        ),
        "{tip}"
    );
}

/// A new game of the edited file: a move and the computer's answer.
async fn play_the_new_game(c: &Client) {
    click(c, "#new-game").await;
    wait(
        c,
        "a new game",
        "studio.state.history.length === 0 && studio.state.turn === 'white'",
    )
    .await;
    click(c, "#play-board [data-square=e2]").await;
    click(c, "#play-board [data-square=e5]").await;
    wait(
        c,
        "the computer's answer in the new game",
        "studio.state.history.length === 2 && studio.state.turn === 'white'",
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('game-select').value").await,
        "edited"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelector('#play-board [data-on=e1]').dataset.piece"
        )
        .await,
        "F"
    );
}

/// The figures of docs/js.md, measured (not a test: `cargo test --release -p
/// fairyforge-cli --test studio -- --ignored --nocapture site_figures`): how long the static
/// studio takes to open (the WebAssembly module compiled, the game loaded, the board
/// drawn), and how long a click in the piece explorer waits for the engine's answer, with
/// the computer thinking and without.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: run it on purpose"]
async fn site_figures() {
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = temp_dir("site-figures");
    let site = dir.join("site");
    fairyforge(&["site", site.to_str().unwrap()]);
    let (_server, url, _log) = static_server(&site);
    let b = chromium("site-figures", 1400, 1000).await;
    let c = &b.c;
    let mut opened = Vec::new();
    for i in 0..6 {
        // A fresh page each time (the browser may keep the files, as it would for a user).
        c.goto(&format!("{url}?{i}#g=birds-and-ninjas&w=h&b=h"))
            .await
            .unwrap();
        let ms = wait(
            c,
            "the page",
            "document.body.dataset.ready === '1' && performance.getEntriesByName('fairyforge-ready').length && performance.getEntriesByName('fairyforge-ready')[0].startTime",
        )
        .await;
        opened.push(ms.as_f64().unwrap());
    }
    println!("opening the studio (navigation to board drawn), ms: {opened:?}");
    let idle = explorer_clicks(c, 10).await;
    println!("a click in the piece explorer, answered in ms (nothing thinking): {idle:?}");
    // The computer thinks for 10 s as White; the explorer is clicked meanwhile.
    c.goto(&format!("{url}?t#g=birds-and-ninjas&w=c&b=h&t=10000"))
        .await
        .unwrap();
    wait(
        c,
        "the page",
        "document.body.dataset.ready === '1' && studio.state",
    )
    .await;
    wait(
        c,
        "the computer thinking",
        "document.getElementById('status').textContent.includes('thinking')",
    )
    .await;
    let busy = explorer_clicks(c, 10).await;
    let still = js(c, "return document.getElementById('status').textContent").await;
    println!("the same while the computer thinks, ms: {busy:?} (status after: {still})");
    b.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clicks squares of the explorer's board and times each answer (click to the piece shown
/// on its new square).
async fn explorer_clicks(c: &Client, n: usize) -> Vec<f64> {
    click(c, "#tab-pieces").await;
    wait(
        c,
        "the explorer",
        "document.querySelectorAll('#piece-board .mark').length > 0",
    )
    .await;
    let mut out = Vec::new();
    for i in 0..n {
        let sq = ["d4", "e5", "f6", "c3", "g4"][i % 5];
        let ms = c
            .execute_async(
                r#"const [sq, done] = arguments;
                const el = document.querySelector(`#piece-board [data-square=${sq}]`);
                const t0 = performance.now();
                const summary = document.getElementById('piece-summary');
                const seen = () => summary.textContent.includes('from ' + sq);
                const obs = new MutationObserver(() => { if (seen()) { obs.disconnect(); done(performance.now() - t0); } });
                obs.observe(document.getElementById('pane-pieces'), { subtree: true, childList: true, characterData: true });
                el.dispatchEvent(new MouseEvent('click', { bubbles: true }));"#,
                vec![sq.into()],
            )
            .await
            .expect("the explorer answers");
        out.push((ms.as_f64().unwrap() * 10.0).round() / 10.0);
    }
    click(c, "#tab-play").await;
    out
}
