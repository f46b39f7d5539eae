//! `POST /api/pictures`: the pictures of a game's pieces, as core draws them (the same set
//! as `fairyforge show --svg` and the published pages), for the page to show: the
//! library's studio answers it.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use fairyforge::contract::{Pictures, VariantRequest};

use super::api::{AppState, Body, ready};
use super::error::ApiError;

pub async fn pictures(
    State(st): State<Arc<AppState>>,
    Body(r): Body<VariantRequest>,
) -> Result<Json<Pictures>, ApiError> {
    ready(&st, &r.variant).await?;
    Ok(Json(st.studio.pictures(&r)?))
}
