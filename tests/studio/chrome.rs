//! A headless Chromium session for the tests of the static site and of published pages,
//! with the browser test's ChromeDriver helpers (`browser.rs`), and the static file server
//! they are served by.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

use crate::browser::{Kill, find, start_driver};

/// One browser at a time for these tests (the machine may have two cores).
pub static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A Chromium session and what it runs on; `close` ends it.
pub struct Browser {
    pub c: Client,
    _driver: Kill,
    profile: PathBuf,
}

impl Browser {
    pub async fn close(self) {
        let _ = self.c.clone().close().await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Whether the browser tests are skipped on purpose (`FAIRYFORGE_SKIP_BROWSER`).
pub fn skipped(test: &str) -> bool {
    let skip = std::env::var_os("FAIRYFORGE_SKIP_BROWSER").is_some();
    if skip {
        eprintln!("FAIRYFORGE_SKIP_BROWSER is set: {test} is skipped");
    }
    skip
}

/// Starts Chromium (headless, a fresh profile named after `name`) at this window size.
pub async fn chromium(name: &str, width: u32, height: u32) -> Browser {
    let chromium = find(
        "CHROME",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    );
    let driver = find("CHROMEDRIVER", &["/usr/bin/chromedriver"]);
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        panic!(
            "the browser tests need Chromium and ChromeDriver (/usr/bin/chromium and /usr/bin/chromedriver, or CHROME and CHROMEDRIVER): install them with `apt-get install -y chromium chromium-driver`, or set FAIRYFORGE_SKIP_BROWSER=1 to skip these tests"
        );
    };
    let (driver, webdriver) = start_driver(&driver);
    let profile =
        std::env::temp_dir().join(format!("fairyforge-chromium-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let caps = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                format!("--window-size={width},{height}"),
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
    Browser {
        c,
        _driver: driver,
        profile,
    }
}

/// A fresh, empty directory for one test's files, removed when dropped.
pub use fairyforge_tests::temp_dir;

/// Runs `fairyforge ARGS`; fails with its output unless it succeeds. Returns what it
/// printed.
pub fn fairyforge(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fairyforge"))
        .args(args)
        .output()
        .expect("fairyforge runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "fairyforge {args:?} failed: {text}");
    text
}

/// A plain static file server over `dir` (Python's `http.server`) on a free loopback port:
/// the server, the address of the directory and the file its request log is written to.
pub fn static_server(dir: &Path) -> (Kill, String, PathBuf) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let log = dir.with_extension("requests.log");
    let child = Command::new("python3")
        .args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
        ])
        .arg("--directory")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("the request log"))
        .spawn()
        .expect("python3 -m http.server starts (the site's test needs python3)");
    let t = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "python3 -m http.server did not start listening on port {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Kill(child), format!("http://127.0.0.1:{port}/"), log)
}
