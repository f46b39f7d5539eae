//! The npm package in Node: builds it (`bindings/wasm/build.sh --package`), packs it
//! (`npm pack`), installs the tarball into a temporary project and runs Node's own test
//! runner (`node --test`) there on the `*.test.mjs` files beside this one, which import
//! the package by its name as a user's project does.
//!
//! Needs Node (18 or later, with npm), the wasm32 target (`rustup target add
//! wasm32-unknown-unknown`) and wasm-bindgen-cli at the version of Cargo.lock
//! (`cargo install wasm-bindgen-cli --version V --locked`); `.ci/run` installs them.
//! Without them the test fails and says what to install.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The fairyforge binary: the Node tests compare the package's perft counts with it.
const FAIRYFORGE: &str = env!("CARGO_BIN_EXE_fairyforge");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn run(what: &str, cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    if !out.status.success() {
        panic!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out
}

/// Node's major version, or the advice to install it.
fn node_major() -> u32 {
    let out = Command::new("node")
        .arg("--version")
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "Node.js is needed to test the npm package (`node`: {e}); install Node 18 or \
             later with npm (Debian: `apt-get install -y nodejs npm`)"
            )
        });
    let v = String::from_utf8_lossy(&out.stdout);
    v.trim()
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("cannot read Node's version from {v:?}"))
}

#[test]
fn npm_package_in_node() {
    let major = node_major();
    assert!(
        major >= 18,
        "Node {major} is too old to test the npm package: its test runner needs Node 18 or later"
    );
    if Command::new("npm").arg("--version").output().is_err() {
        panic!("npm is needed to pack and install the package (Debian: `apt-get install -y npm`)");
    }
    let root = root();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("js");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("a scratch directory");

    // build.sh says what is missing (the wasm32 target, wasm-bindgen at the right version).
    let package = work.join("package");
    run(
        "bindings/wasm/build.sh --package",
        Command::new("bash")
            .arg(root.join("bindings/wasm/build.sh"))
            .arg("--package")
            .arg(&package),
    );
    let packed = run(
        "npm pack",
        Command::new("npm")
            .args(["pack", "--silent", "--pack-destination"])
            .arg(&work)
            .arg(&package),
    );
    let tarball = work.join(String::from_utf8_lossy(&packed.stdout).trim());
    assert!(tarball.is_file(), "npm pack made no {}", tarball.display());

    // A user's project: the tarball installed, the tests beside it.
    let project = work.join("project");
    std::fs::create_dir_all(&project).expect("the project directory");
    std::fs::write(
        project.join("package.json"),
        "{ \"name\": \"fairyforge-js-test\", \"private\": true, \"type\": \"module\" }\n",
    )
    .expect("package.json");
    run(
        "npm install (the packed tarball)",
        Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--ignore-scripts"])
            .arg(&tarball)
            .current_dir(&project),
    );
    let here = root.join("tests/js");
    let mut tests = Vec::new();
    for e in std::fs::read_dir(&here).expect("tests/js") {
        let p = e.expect("an entry").path();
        if p.to_string_lossy().ends_with(".test.mjs") {
            let to = project.join(p.file_name().expect("a name"));
            std::fs::copy(&p, &to).expect("copy a test");
            tests.push(to);
        }
    }
    tests.sort();
    assert!(!tests.is_empty(), "no *.test.mjs in {}", here.display());
    // Networks for network.test.mjs, written with core's `Network`.
    let chess_net = fairyforge_tests::tiny_network_file(&project, "chess", 16, 21);
    let capa_net = fairyforge_tests::tiny_network_file(&project, "capablanca", 8, 5);

    let out = Command::new("node")
        .args(["--test", "--test-reporter=tap"])
        .args(&tests)
        .current_dir(&project)
        .env("FAIRYFORGE", FAIRYFORGE)
        .env("FAIRYFORGE_NET_CHESS", &chess_net)
        .env("FAIRYFORGE_NET_CAPABLANCA", &capa_net)
        .output()
        .expect("node --test runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "node --test failed (see its report above)"
    );
    // Each file's tests ran (a file that fails to import reports no test).
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("# pass ") && l != "# pass 0"),
        "node --test ran no test"
    );
}
