//! The engine protocols: UCI and XBoard (CECP v2). Their move text is core's
//! (`Position::gui_text`, `Position::parse_gui_text`).

pub mod lines;
mod net;
mod setup;
mod thinker;
pub mod uci;
pub mod xboard;

/// The protocols' arguments.
#[derive(clap::Args)]
pub struct ProtocolArgs {
    /// A network file to evaluate with (docs/engine.md, "The learned evaluation"): the
    /// `EvalFile` option's first value, used in the game it was made for.
    #[arg(long, value_name = "FILE")]
    pub net: Option<std::path::PathBuf>,
}
