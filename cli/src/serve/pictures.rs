//! `POST /api/pictures`: the pictures of a game's pieces, as core draws them (the same set
//! as `fairyforge show --svg` and the published pages), for the page to show.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use fairyforge::Color;
use fairyforge::picture::piece_svg;
use serde::Serialize;

use super::api::{AppState, Body, variant};
use super::error::ApiError;
use super::model::VariantRequest;

#[derive(Serialize)]
pub struct PiecePictures {
    /// The piece's letter (upper case).
    letter: char,
    /// White's and Black's picture: standalone SVG documents in a 100 x 100 box.
    white: String,
    black: String,
}

#[derive(Serialize)]
pub struct Pictures {
    pieces: Vec<PiecePictures>,
}

pub async fn pictures(
    State(st): State<Arc<AppState>>,
    Body(r): Body<VariantRequest>,
) -> Result<Json<Pictures>, ApiError> {
    let v = variant(&st, &r.variant).await?;
    let pieces = v
        .kinds()
        .map(|k| PiecePictures {
            letter: v.piece(k).letter(),
            white: piece_svg(&v, k, Color::White),
            black: piece_svg(&v, k, Color::Black),
        })
        .collect();
    Ok(Json(Pictures { pieces }))
}
