//! Helpers of the designer tests.

use std::path::PathBuf;

/// A fresh empty directory under the system's temporary directory.
pub fn temp_dir(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "fairyforge-designer-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// A designer's Pick the Piece game (Step 2 and 3 of docs/pick-the-piece.md).
pub const MY_GAME: &str = r#"extends = "pick-the-piece"
name = "My Game"
description = "Pick the Piece with Ninja Warriors in the slots; drop a Flying Bomber and 2 ninja pawns."
slots.a.piece = "ninja-warrior"
slots.j.piece = "ninja-warrior"
reserve = { flying-bomber = 1, ninja-pawn = 2 }
"#;
