//! Helpers of the designer tests.

/// A designer's Pick the Piece game (Step 2 and 3 of docs/pick-the-piece.md).
pub const MY_GAME: &str = r#"extends = "pick-the-piece"
name = "My Game"
description = "Pick the Piece with Ninja Warriors in the slots; drop a Flying Bomber and 2 ninja pawns."
slots.a.piece = "ninja-warrior"
slots.j.piece = "ninja-warrior"
reserve = { flying-bomber = 1, ninja-pawn = 2 }
"#;
