//! Builds the engine as WebAssembly for the page (`fairyforge site`, `fairyforge publish`,
//! and `fairyforge serve`'s page), when this machine can:
//!
//! - the `wasm32-unknown-unknown` target is installed (`rustup target add
//!   wasm32-unknown-unknown`),
//! - `wasm-bindgen` is on the PATH, of the version the lock file names for the
//!   `wasm-bindgen` crate (`cargo install wasm-bindgen-cli --version X --locked`),
//! - `FAIRYFORGE_NO_WASM` is not set.
//!
//! Then it runs `bindings/wasm/build.sh --target web --out OUT_DIR/wasm` (cargo for the
//! wasm32 target in a target directory of its own, wasm-bindgen, wasm-opt if there is one)
//! and sets the `fairyforge_wasm` cfg under which `cli/src/wasm.rs` embeds the
//! two files. Otherwise the binary builds without them, with a warning; `site` and `publish`
//! then say what to install, and `serve`'s page asks the server over HTTP.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(fairyforge_wasm)");
    println!("cargo:rerun-if-env-changed=FAIRYFORGE_NO_WASM");
    let cli = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = cli
        .parent()
        .expect("the workspace holds cli/")
        .to_path_buf();
    for p in [
        "core",
        "bindings/wasm",
        "Cargo.toml",
        "Cargo.lock",
        "variants",
        "docs/examples",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(p).display());
    }
    let version = locked_version(&root, "wasm-bindgen");
    println!(
        "cargo:rustc-env=FAIRYFORGE_WASM_BINDGEN={}",
        version
            .as_deref()
            .unwrap_or("X (the version of wasm-bindgen in Cargo.lock)")
    );
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("wasm");
    match build(&root, &out) {
        Ok(()) => println!("cargo:rustc-cfg=fairyforge_wasm"),
        Err(why) => {
            println!("cargo:warning=the page's WebAssembly engine is not built in: {why}");
            println!("cargo:rustc-env=FAIRYFORGE_NO_WASM_WHY={why}");
        }
    }
}

fn build(root: &Path, out: &Path) -> Result<(), String> {
    if std::env::var_os("FAIRYFORGE_NO_WASM").is_some() {
        return Err("FAIRYFORGE_NO_WASM is set".into());
    }
    if !root.join("bindings/wasm/build.sh").is_file() {
        return Err("this source tree has no bindings/wasm/build.sh".into());
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    if !sysroot
        .join("lib/rustlib/wasm32-unknown-unknown/lib")
        .is_dir()
    {
        return Err(
            "the wasm32-unknown-unknown target is not installed (rustup target add wasm32-unknown-unknown)"
                .into(),
        );
    }
    let wanted =
        locked_version(root, "wasm-bindgen").ok_or("Cargo.lock names no wasm-bindgen crate")?;
    let install = format!("cargo install wasm-bindgen-cli --version {wanted} --locked");
    let have = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .map_err(|_| format!("wasm-bindgen is not on the PATH ({install})"))?;
    let have = String::from_utf8_lossy(&have.stdout);
    let have = have.split_whitespace().nth(1).unwrap_or("").to_string();
    if have != wanted {
        return Err(format!(
            "wasm-bindgen {have} is on the PATH, the lock file wants {wanted} ({install})"
        ));
    }

    // The build itself is bindings/wasm/build.sh's (one definition of how the module is
    // built: its profile, its target features, wasm-opt when there is one), which builds in
    // a target directory of its own (target/wasm). The outer build's settings are for the
    // host: none of them may leak into it.
    let mut cmd = Command::new("bash");
    cmd.current_dir(root)
        .arg(root.join("bindings/wasm/build.sh"))
        .args(["--target", "web", "--out"])
        .arg(out);
    for (k, _) in std::env::vars_os() {
        let k = k.to_string_lossy();
        let keep = k == "CARGO_HOME"
            || k == "CARGO_MAKEFLAGS"
            || k.starts_with("CARGO_NET_")
            || k.starts_with("CARGO_HTTP_")
            || k.starts_with("CARGO_REGISTRIES_");
        let leaks = k.starts_with("CARGO_")
            || k.starts_with("RUSTC")
            || k.starts_with("RUSTDOC")
            || k.starts_with("__CARGO")
            || matches!(
                &*k,
                "RUSTFLAGS" | "TARGET" | "HOST" | "OUT_DIR" | "OPT_LEVEL" | "PROFILE" | "DEBUG"
            );
        if leaks && !keep {
            cmd.env_remove(&*k);
        }
    }
    // Cargo reads this script's standard output: the build's own output goes to its errors.
    let status = cmd
        .stdout(std::io::stderr())
        .status()
        .map_err(|e| format!("cannot run bash for bindings/wasm/build.sh: {e}"))?;
    if !status.success() {
        return Err(format!(
            "bindings/wasm/build.sh --target web failed ({status}); its output above says why"
        ));
    }
    for f in ["fairyforge.js", "fairyforge_bg.wasm"] {
        if !out.join(f).is_file() {
            return Err(format!("bindings/wasm/build.sh wrote no {f}"));
        }
    }
    Ok(())
}

/// The version of a crate in Cargo.lock.
fn locked_version(root: &Path, name: &str) -> Option<String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).ok()?;
    let mut lines = lock.lines();
    let key = format!("name = \"{name}\"");
    while let Some(l) = lines.next() {
        if l.trim() == key {
            let v = lines.next()?.trim();
            return Some(
                v.strip_prefix("version = \"")?
                    .trim_end_matches('"')
                    .to_string(),
            );
        }
    }
    None
}
