//! A one-file page (`fairyforge publish`) opened from the disk (`file://`) in a real
//! browser: the rules are there, a move is played and the computer answers, with nothing
//! fetched and no server anywhere; a game with a network holds it and plays with it.

use crate::browser::{click, js, screenshot, wait};
use crate::chrome::{ONE_AT_A_TIME, chromium, fairyforge, skipped, temp_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_published_page_from_the_disk() {
    if skipped("the published page's test") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().await;
    let dir = temp_dir("publish");
    let page = dir.join("birds.html");
    let said = fairyforge(&["publish", "birds-and-ninjas", "-o", page.to_str().unwrap()]);
    assert!(
        said.starts_with(&format!("wrote {}", page.display())),
        "{said}"
    );
    // The engine (about 2.3 MB in base64) and the game's network (about 0.7 MB).
    let size = std::fs::metadata(&page).unwrap().len();
    assert!(size < 3_300_000, "the page is {size} bytes");
    let html = std::fs::read_to_string(&page).unwrap();
    // Nothing to fetch: outside its scripts' text, no element names a file, and the
    // styles load nothing.
    let markup: String = html
        .split("<script")
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once("</script>").map_or("", |(_, after)| after)
            }
        })
        .collect();
    for outside in [" src=", " href=", "url(", "@import"] {
        assert!(
            !markup.contains(outside),
            "the page refers to a file: {outside}"
        );
    }

    let b = chromium("publish", 1400, 1000).await;
    let c = &b.c;
    c.goto(&format!("file://{}", page.display())).await.unwrap();
    wait(
        c,
        "the page",
        "document.body.dataset.ready === '1' && studio.state",
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('game-title').textContent"
        )
        .await,
        "Birds and Ninjas"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#play-board rect.sq').length"
        )
        .await,
        104
    );
    // The rules as `fairyforge describe` gives them.
    let headings = js(
        c,
        "return [...document.querySelectorAll('#rules h3')].map(h => h.textContent).join('|')",
    )
    .await;
    assert_eq!(
        headings,
        "Board|Setup|Pieces|Promotion|Drops|Castling|Optional rules|End of the game|Perft from the start"
    );
    // Each piece's section with its picture, as the board draws it.
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#rules h4 .picture svg').length"
        )
        .await,
        9
    );
    let rules = js(c, "return document.getElementById('rules').textContent").await;
    let rules = rules.as_str().unwrap();
    for words in [
        "F Flying Bomber (flying-bomber)",
        "example: J@e2, J@e2e5",
        "capture-the-scepter",
        "Checkmate: the side to move has no legal move and its king is attacked; it loses.",
    ] {
        assert!(rules.contains(words), "the rules lack {words:?}");
    }
    // A move, and the computer's answer.
    click(c, "#play-board [data-square=e2]").await;
    click(c, "#play-board [data-square=e5]").await;
    wait(
        c,
        "the computer's answer",
        "studio.state.history.length === 2 && studio.state.turn === 'white'",
    )
    .await;
    screenshot(c, "publish.png").await;
    // At a phone's width (400 px) nothing scrolls sideways, the rules included.
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
        "the published page scrolls sideways at 400 px"
    );
    screenshot(c, "publish-phone.png").await;
    // The Rules button leads to the rules.
    click(c, "#show-rules").await;
    wait(
        c,
        "the rules in view",
        "Math.abs(document.getElementById('rules').getBoundingClientRect().top) < 2",
    )
    .await;
    if let Some(dir) = std::env::var_os("FAIRYFORGE_SCREENSHOTS") {
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(
            std::path::Path::new(&dir).join("publish-phone-rules.png"),
            png,
        )
        .unwrap();
    }
    capablanca_with_its_network(c, &dir).await;
    b.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game with a network: the page holds that one network (and no other game's), and
/// its engine searches with it as the command line does.
async fn capablanca_with_its_network(c: &fantoccini::Client, dir: &std::path::Path) {
    let page = dir.join("capablanca.html");
    fairyforge(&["publish", "capablanca", "-o", page.to_str().unwrap()]);
    let html = std::fs::read_to_string(&page).unwrap();
    let nets: Vec<&str> = html
        .matches("<script type=\"application/octet-stream\" class=\"ff-net\"")
        .collect();
    assert_eq!(nets.len(), 1);
    assert!(html.contains("class=\"ff-net\" data-file=\"capablanca.nnue\">"));
    let birds = std::fs::read_to_string(dir.join("birds.html")).unwrap();
    // Birds and Ninjas' page holds its own network, and not Capablanca's.
    assert_eq!(birds.matches("class=\"ff-net\"").count(), 1);
    assert!(birds.contains("class=\"ff-net\" data-file=\"birds-and-ninjas.nnue\">"));
    c.goto(&format!("file://{}", page.display())).await.unwrap();
    wait(
        c,
        "the Capablanca page",
        "document.body.dataset.ready === '1' && studio.state",
    )
    .await;
    // A worker of the page's own, started as the page starts its engines.
    crate::browser::capablanca_plays_with_its_network(
        c,
        "const inline = globalThis.fairyforgeInline;
         const module = await inline.module();
         const w = new Worker(inline.worker, { type: 'module' });
         const text = await new Promise((resolve) => {
           w.onmessage = (e) => resolve(e.data.text || JSON.stringify({ status: 0, body: e.data.failed }));
           w.postMessage({ module, nets: { files: inline.nets() } });
           w.postMessage({ id: 1, path: '/api/analyse', body });
         });
         w.terminate();
         return JSON.parse(text);",
    )
    .await;
}

/// A page can read no file: a game that imports one of its directory is refused, with the
/// loader's own words and what to do; a game with a mistake gets `validate`'s message.
#[test]
fn a_game_that_reads_its_directory_is_refused() {
    let dir = temp_dir("publish-imports");
    std::fs::write(
        dir.join("mine.toml"),
        "[piece.stone]\nletter = \"S\"\nmoves = [{ leap = \"all\" }]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("game.toml"),
        "extends = \"chess\"\nname = \"Stones\"\nimport = [\"pieces.toml\", \"mine.toml\"]\n",
    )
    .unwrap();
    let game = dir.join("game.toml");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(["validate", game.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(["publish", game.to_str().unwrap(), "-o"])
        .arg(dir.join("game.html"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.starts_with(&format!(
            "error: {} imports or extends a file beside it, and the page can read only the built-in library and games; put what it imports into the file itself:\n",
            game.display()
        )),
        "{err}"
    );
    assert!(err.contains("mine.toml"), "{err}");
    assert!(!dir.join("game.html").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
