//! `fairyforge serve --net FILE`: a search of a game that has a network evaluates with
//! it, exactly as core's searcher given the network does; other games keep the hand-set
//! evaluation; files that cannot be used stop the server before it starts, with core's
//! reason.

use std::sync::Arc;
use std::time::Duration;

use fairyforge::nnue::Network;
use fairyforge::search::Searcher;
use fairyforge::service::{ThinkLimits, engine};
use fairyforge::{Position, Variant};
use serde_json::{Value, json};

use super::*;
use crate::serve::nets::Networks;

const FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const DEPTH: u32 = 4;

/// Core's search to `DEPTH` with the pool's table size: the last line's score and line.
fn core_line(game: &str, fen: Option<&str>, net: Option<Arc<Network>>) -> (Value, Value) {
    core_lines(game, fen, net, 1)
}

/// The same search made `times` times by one searcher, its table kept from one to the
/// next as a studio worker keeps it: the last search's score and line.
fn core_lines(
    game: &str,
    fen: Option<&str>,
    net: Option<Arc<Network>>,
    times: usize,
) -> (Value, Value) {
    let v = Variant::builtin(game).unwrap();
    let pos = match fen {
        Some(f) => Position::from_fen(&v, f).unwrap(),
        None => Position::start(&v),
    };
    let mut s = Searcher::new(16);
    s.set_network(net);
    let limits = ThinkLimits {
        time: Duration::from_secs(30),
        depth: Some(DEPTH),
        nodes: None,
    };
    let mut lines = engine::think(&mut s, &pos, limits);
    for _ in 1..times {
        lines = engine::think(&mut s, &pos, limits);
    }
    let last = serde_json::to_value(lines.last().unwrap()).unwrap();
    (last["score"].clone(), last["pv"].clone())
}

async fn served_line(s: &Server, body: Value) -> (Value, Value) {
    let v = s.ok("/api/think", body).await;
    assert_eq!(v["depth"], DEPTH, "{v}");
    (v["score"].clone(), v["pv"].clone())
}

#[tokio::test]
async fn a_game_with_a_network_is_searched_with_it() {
    let dir = fairyforge_tests::temp_dir("serve-net");
    let chess_file = fairyforge_tests::tiny_network_file(&dir, "chess", 16, 21);
    let capa = fairyforge_tests::tiny_network_file(&dir, "capablanca", 8, 5);
    let (nets, said) = Networks::open(&[chess_file.clone().into(), capa.clone().into()]).unwrap();
    assert_eq!(
        said,
        [
            format!("network for Chess: {chess_file} (16 hidden units)"),
            format!("network for Capablanca Chess: {capa} (8 hidden units)"),
        ]
    );
    let s = Server::with_state(AppState::new(Config::with_workers(1)).with_networks(nets)).await;
    let chess_net = Arc::new(fairyforge_tests::tiny_network("chess", 16, 21));
    let with = core_line("chess", Some(FEN), Some(chess_net.clone()));
    let without = core_line("chess", Some(FEN), None);
    assert_ne!(with, without, "the network changes the search");
    let body = json!({ "variant": chess(), "fen": FEN, "depth": DEPTH, "time_ms": 30000 });
    assert_eq!(served_line(&s, body.clone()).await, with);
    // Again, on the same worker (its table kept, and the network with it): the answer of
    // core's searcher asked twice.
    let again = core_lines("chess", Some(FEN), Some(chess_net), 2);
    assert_eq!(served_line(&s, body).await, again);
    // A game without a network: the hand-set evaluation.
    let birds = json!({ "variant": birds(), "depth": DEPTH, "time_ms": 30000 });
    assert_eq!(
        served_line(&s, birds).await,
        core_line("birds-and-ninjas", None, None)
    );
    // A server without networks searches chess by hand.
    let plain = Server::with(Config::with_workers(1)).await;
    let body = json!({ "variant": chess(), "fen": FEN, "depth": DEPTH, "time_ms": 30000 });
    assert_eq!(served_line(&plain, body).await, without);
}

#[test]
fn files_that_cannot_be_used_are_refused_with_the_reason() {
    let dir = fairyforge_tests::temp_dir("serve-net-bad");
    let chess = fairyforge_tests::tiny_network_file(&dir, "chess", 4, 1);
    let again = fairyforge_tests::tiny_network_file(&dir, "chess", 4, 2);
    let missing = dir.join("missing.nnue");
    let zip = dir.join("zip.nnue");
    std::fs::write(&zip, b"PK\x03\x04").unwrap();
    let err = |paths: &[std::path::PathBuf]| Networks::open(paths).err().unwrap();
    assert_eq!(
        err(std::slice::from_ref(&missing)),
        format!(
            "cannot read the network {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    assert_eq!(
        err(std::slice::from_ref(&zip)),
        format!(
            "the network {}: not a fairyforge network file: it does not begin with `FFNNUE`",
            zip.display()
        )
    );
    assert_eq!(
        err(&[chess.into(), again.clone().into()]),
        format!("--net {again}: a second network for `Chess`: give one network per game")
    );
}
