//! `fairyforge serve FILE`: `/api/file` reads and saves that one file and no other, refuses
//! a file grown past the limit, a link put in its place and a save over a newer version.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::StatusCode;
use serde_json::json;

use super::*;
use crate::serve::file::Served;
use crate::serve::limits;

const TEXT: &str = "extends = \"chess\"\nname = \"Mine\"\n";

/// A fresh folder under the system's temporary folder, removed at the end.
struct Folder(PathBuf);

impl Folder {
    fn new() -> Folder {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "fairyforge-serve-file-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).unwrap();
        Folder(p)
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

async fn serving(path: &std::path::Path) -> Server {
    let served = Served::open(path).expect("the file is served");
    Server::with_state(AppState::new(Config::with_workers(1)).with_file(served)).await
}

#[tokio::test]
async fn without_a_file_there_is_none_to_read_or_save() {
    let s = Server::start().await;
    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(v["kind"], "no-file");
    assert_eq!(
        v["error"],
        "the studio was started without a file: `fairyforge serve FILE` opens one"
    );
    let (status, v) = s
        .put("/api/file", json!({ "text": TEXT, "base": null }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(v["kind"], "no-file");
}

#[tokio::test]
async fn reads_the_file_and_says_when_it_changed_on_disk() {
    let d = Folder::new();
    let path = d.file("mine.toml", TEXT);
    let s = serving(&path).await;
    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["name"], "mine.toml");
    assert_eq!(v["text"], TEXT);
    assert_eq!(v["changed"], true);
    let version = v["version"].as_str().unwrap().to_string();

    // Asked with the version it has, the page gets no text back.
    let (_, v) = s.get(&format!("/api/file?known={version}")).await;
    assert_eq!(v["changed"], false, "{v}");
    assert_eq!(v["version"], version.as_str());
    assert!(v.get("text").is_none(), "{v}");

    // Another program (an editor, `fairyforge snapshot`) changes it.
    fs::write(&path, "name = \"Changed\"\n").unwrap();
    let (_, v) = s.get(&format!("/api/file?known={version}")).await;
    assert_eq!(v["changed"], true, "{v}");
    assert_eq!(v["text"], "name = \"Changed\"\n");
    assert_ne!(v["version"], version.as_str());

    let (status, v) = s.get("/api/file?path=/etc/passwd").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["kind"], "bad-request");
}

#[tokio::test]
async fn saves_to_the_file_and_refuses_to_overwrite_a_newer_version() {
    let d = Folder::new();
    let path = d.file("mine.toml", TEXT);
    let s = serving(&path).await;
    let (_, v) = s.get("/api/file").await;
    let base = v["version"].as_str().unwrap().to_string();

    let edited = "extends = \"chess\"\nname = \"Edited\"\n";
    let (status, v) = s
        .put("/api/file", json!({ "text": edited, "base": base }))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(fs::read_to_string(&path).unwrap(), edited);
    let saved = v["version"].as_str().unwrap().to_string();
    let (_, v) = s.get(&format!("/api/file?known={saved}")).await;
    assert_eq!(v["changed"], false, "the saved version is the file's: {v}");
    // No temporary file is left beside it.
    assert_eq!(fs::read_dir(&d.0).unwrap().count(), 1);

    // Saving again from the old version would lose the edit: refused, the file kept.
    let (status, v) = s
        .put("/api/file", json!({ "text": "lost", "base": base }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["kind"], "changed-on-disk");
    assert_eq!(
        v["error"],
        "mine.toml changed on disk since it was loaded; reload it, or save again to overwrite it"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), edited);

    // `base: null` overwrites on purpose.
    let (status, _) = s
        .put("/api/file", json!({ "text": "kept", "base": null }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
}

#[tokio::test]
async fn refuses_texts_and_files_past_the_limit() {
    let d = Folder::new();
    let path = d.file("mine.toml", TEXT);
    let s = serving(&path).await;
    let big = "#".repeat(limits::TEXT_BYTES + 1);
    let (status, v) = s
        .put("/api/file", json!({ "text": big, "base": null }))
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(
        v["error"],
        format!(
            "mine.toml is {} bytes; the studio takes files up to {} bytes",
            limits::TEXT_BYTES + 1,
            limits::TEXT_BYTES
        )
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), TEXT);

    fs::write(&path, &big).unwrap();
    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["kind"], "too-large");

    fs::write(&path, [b'a', 0xff, b'\n']).unwrap();
    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"], "mine.toml is not UTF-8 text (byte 2 is not)");
}

#[cfg(unix)]
#[tokio::test]
async fn a_link_swapped_in_is_neither_read_nor_written_through() {
    let d = Folder::new();
    let path = d.file("mine.toml", TEXT);
    let secret = d.file("secret.txt", "not for the page\n");
    let s = serving(&path).await;
    fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink(&secret, &path).unwrap();

    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["kind"], "bad-file");
    assert_eq!(
        v["error"],
        "mine.toml is a symbolic link; the studio reads and saves only a regular file"
    );
    let (status, v) = s
        .put("/api/file", json!({ "text": "overwritten", "base": null }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["error"],
        "mine.toml is not a regular file; the studio saves only over a regular file"
    );
    assert_eq!(fs::read_to_string(&secret).unwrap(), "not for the page\n");

    // Removed: said so.
    fs::remove_file(&path).unwrap();
    let (status, v) = s.get("/api/file").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(v["kind"], "file-missing");
}

#[test]
fn only_an_existing_regular_file_can_be_served() {
    let d = Folder::new();
    let e = Served::open(&d.0).unwrap_err();
    assert!(e.contains("is not a regular file"), "{e}");
    let e = Served::open(&d.0.join("none.toml")).unwrap_err();
    assert!(
        e.ends_with("cannot open none.toml: it is not there any more"),
        "{e}"
    );
    #[cfg(unix)]
    {
        let target = d.file("real.toml", TEXT);
        let link = d.0.join("link.toml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let e = Served::open(&link).unwrap_err();
        assert!(
            e.ends_with(
                "link.toml is a symbolic link; the studio reads and saves only a regular file"
            ),
            "{e}"
        );
    }
}
