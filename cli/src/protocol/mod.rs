//! The engine protocols: UCI and XBoard (CECP v2). Their move text is core's
//! (`Position::gui_text`, `Position::parse_gui_text`).

mod setup;
mod thinker;
pub mod uci;
pub mod xboard;
