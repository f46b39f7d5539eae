//! Issue 14: the engine protocols as transcripts, commands in and answers out: `fairyforge
//! uci` and `fairyforge xboard`, with bad commands (answered with an error line, never a
//! crash) and a stop during a search. Searches that the transcripts show are forced (a
//! mate in one, a single legal move) so that the answers do not depend on the engine's
//! taste; counters that depend on the machine (nodes, speed, time) are masked.

use std::time::{Duration, Instant};

use fairyforge_tests::pos;

use super::FAIRYFORGE;

/// Runs `fairyforge PROTOCOL` with these lines as input; returns its output.
fn session(protocol: &str, lines: &[&str]) -> String {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, out, err) = FAIRYFORGE.run_with_stdin(&[protocol], &input);
    assert_eq!(code, 0, "{protocol} failed: {err}\n{out}");
    assert!(err.is_empty(), "{protocol} wrote to standard error: {err}");
    out
}

/// The output with machine-dependent numbers replaced by `N`.
fn mask(out: &str) -> String {
    let mut lines = Vec::new();
    for line in out.lines() {
        let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
        for i in 1..words.len() {
            if ["nodes", "nps", "time", "seldepth"].contains(&words[i - 1].as_str()) {
                words[i] = "N".into();
            }
        }
        lines.push(words.join(" "));
    }
    lines.join("\n") + "\n"
}

#[test]
fn uci_transcript() {
    let out = session(
        "uci",
        &[
            "uci",
            "isready",
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "go depth 4",
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8",
            "go depth 2",
            "setoption name UCI_Variant value capablanca",
            "position startpos moves e2e4 e7e5",
            "d",
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1",
            "setoption name UCI_Variant value chess",
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1",
            "d",
            "quit",
        ],
    );
    let options: Vec<&str> = out.lines().filter(|l| l.starts_with("option ")).collect();
    assert!(
        options.contains(&"option name Hash type spin default 64 min 1 max 1048576"),
        "{out}"
    );
    assert!(
        options.iter().any(|o| o.starts_with(
            "option name UCI_Variant type combo default chess var chess var capablanca var birds-and-ninjas"
        )),
        "{out}"
    );
    let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("option ")).collect();
    assert_eq!(
        mask(&answers.join("\n")),
        format!(
            "id name fairyforge 0.1.0\n\
             id author the fairyforge authors\n\
             uciok\n\
             readyok\n\
             info depth 1 seldepth N score mate 1 nodes N nps N time N pv a1a8\n\
             bestmove a1a8\n\
             bestmove (none)\n\
             info string variant Capablanca Chess\n\
             info string position {}\n\
             info string error: bad position for Capablanca Chess: rank 8 has 10 squares, the position string gives 8\n\
             info string variant Chess\n\
             info string position r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n",
            capablanca_after()
        )
    );
}

/// The Capablanca position after e2e4 e7e5, as fairyforge writes it.
fn capablanca_after() -> String {
    let mut p = fairyforge::Position::start(&fairyforge_tests::game("capablanca"));
    p.play_text(&["e2e4", "e7e5"]).unwrap();
    p.fen()
}

#[test]
fn uci_bad_commands_get_an_error_line() {
    let out = session(
        "uci",
        &[
            "bogus",
            "position startpos moves e2e5",
            "position sideways",
            "setoption name Hash value 0",
            "setoption name UCI_Variant value nonsense",
            "setoption name Colour value blue",
            "setoption name Engine value lmr=maybe",
            "go depth x",
            "isready",
            "quit",
        ],
    );
    let games = fairyforge::builtin::game_names().join(", ");
    assert_eq!(
        out,
        format!(
            "info string error: unknown command `bogus`\n\
             info string error: move 1 `e2e5` is not a legal move in this position\n\
             info string error: expected `position startpos` or `position fen FEN`, then `moves ...`\n\
             info string error: Hash: 0 MB is out of range: give a size from 1 to 1048576 megabytes\n\
             info string error: UCI_Variant: no built-in game `nonsense` (the games are {games})\n\
             info string error: no option `Colour`\n\
             info string error: engine setting `lmr=maybe`: `maybe` is neither `on` nor `off`\n\
             info string error: go depth x: not a whole number\n\
             readyok\n"
        )
    );
}

#[test]
fn uci_stop_during_an_infinite_search() {
    let t = Instant::now();
    let out = session(
        "uci",
        &[
            "setoption name UCI_Variant value birds-and-ninjas",
            "position startpos",
            "go infinite",
            "stop",
            "isready",
            "quit",
        ],
    );
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let lines: Vec<&str> = out.lines().collect();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove after stop:\n{out}"));
    let mv = lines[best].strip_prefix("bestmove ").unwrap();
    let start = pos(
        "birds-and-ninjas",
        "ff/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/FF[JJJJjjjj] w BIbi - 0 1",
    );
    assert!(start.parse_move(mv).is_ok(), "{mv} is legal");
    assert!(
        lines[..best].iter().all(|l| l.starts_with("info ")),
        "{out}"
    );
    assert_eq!(lines[best + 1..], ["readyok"], "{out}");
}

#[test]
fn xboard_transcript() {
    let out = session(
        "xboard",
        &[
            "xboard",
            "protover 2",
            "new",
            "force",
            "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "sd 4",
            "go",
            "ping 7",
            "new",
            "usermove e2e5",
            "force",
            "usermove e2e4",
            "usermove e7e5",
            "undo",
            "usermove d7d5",
            "setboard 4k3/8/8/8/8/8/8/R3K2R w K - 0 1",
            "usermove e1g1",
            "variant capablanca",
            "ping 8",
            "quit",
        ],
    );
    assert_eq!(
        out,
        format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 san=0 name=0 memory=1 highlight=1 myname=\"fairyforge 0.1.0\" variants=\"normal,capablanca,{}\"\n\
             feature option=\"Engine -string modern\"\n\
             feature option=\"EvalFile -file <empty>\"\n\
             feature option=\"Use NNUE -check 1\"\n\
             feature done=1\n\
             move a1a8\n\
             1-0 {{White wins by checkmate}}\n\
             pong 7\n\
             Illegal move: e2e5\n\
             pong 8\n",
            fairyforge::builtin::game_names()
                .iter()
                .filter(|g| **g != "chess" && **g != "capablanca")
                .copied()
                .collect::<Vec<_>>()
                .join(",")
        )
    );
}

#[test]
fn xboard_bad_commands_get_an_error_line() {
    let out = session(
        "xboard",
        &[
            "protover 2",
            "bogus",
            "setboard garbage",
            "variant nonsense",
            "sd 0",
            "st forever",
            "level 40",
            "memory 0",
            "option Colour=blue",
            "usermove e2",
            "ping 1",
            "quit",
        ],
    );
    let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("feature")).collect();
    assert_eq!(
        answers,
        [
            "Error (unknown command): bogus",
            "tellusererror Illegal position",
            "Error (unsupported variant): nonsense",
            "Error (bad depth, give 1 to 64): sd 0",
            "Error (bad st: `forever` is not a number of seconds): st forever",
            "Error (bad level): level 40",
            "Error (bad memory: 0 MB is out of range: give a size from 1 to 1048576 megabytes): memory 0",
            "Error (unknown option): option Colour=blue",
            "Illegal move: e2",
            "pong 1",
        ]
    );
}

#[test]
fn xboard_move_now_during_a_search() {
    // Thirty seconds a move, then `?`: the engine moves at once.
    let t = Instant::now();
    let out = session(
        "xboard",
        &[
            "protover 2",
            "new",
            "variant capablanca",
            "st 30",
            "go",
            "?",
            "ping 2",
            "quit",
        ],
    );
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("feature")).collect();
    assert_eq!(answers.len(), 2, "{out}");
    let mv = answers[0]
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{out}"));
    let start = fairyforge::Position::start(&fairyforge_tests::game("capablanca"));
    assert!(start.parse_move(mv).is_ok(), "{mv}");
    assert_eq!(answers[1], "pong 2");
}

#[test]
fn xboard_describes_a_game_it_does_not_know() {
    let out = session(
        "xboard",
        &["protover 2", "variant birds-and-ninjas", "quit"],
    );
    let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("feature")).collect();
    assert_eq!(
        answers[0],
        "setup (PNBRQJF........G.....Kpnbrqjf........g.....k) 10x12+6_bughouse \
         ****ff****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****FF****[JJJJjjjj] w BIbi - 0 1"
    );
    // Pieces with an XBetza form get a piece command; fly-over and double captures have
    // none.
    assert!(answers.contains(&"piece N& N"), "{out}");
    assert!(answers.contains(&"piece R& R"), "{out}");
    assert!(!answers.iter().any(|l| l.starts_with("piece F&")), "{out}");
    assert!(!answers.iter().any(|l| l.starts_with("piece G&")), "{out}");
}

/// A line that is not UTF-8 (a Latin-1 file name) gets an error line, and the session
/// goes on.
#[test]
fn a_line_that_is_not_utf8_gets_an_error_line() {
    let (code, out, err) = FAIRYFORGE.run_with_bytes(
        &["uci"],
        b"setoption name VariantPath value variants/caf\xe9.toml\nisready\nquit\n",
    );
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert_eq!(
        out,
        "info string error: the line is not UTF-8 text (byte 0xE9 at column 46): it was ignored\n\
         readyok\n"
    );
    let (code, out, err) =
        FAIRYFORGE.run_with_bytes(&["xboard"], b"xboard\nnew\nvariant caf\xe9\nping 7\nquit\n");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(
        out.ends_with("Error (not UTF-8 text): byte 0xE9 at column 12\npong 7\n"),
        "{out}"
    );
}
/// XBoard's name of a square: ranks counted from 1.
fn xboard_square(v: &fairyforge::Variant, sq: fairyforge::Square) -> String {
    let g = v.geometry();
    let (f, r) = g.coords(sq);
    let lowest = *g.rank_range().start();
    format!("{}{}", (b'a' + f) as char, r - lowest + 1)
}

/// The squares a `highlight` line marks, as (file, rank from the top) with their colour.
fn marked(line: &str) -> Vec<(usize, usize, char)> {
    let fen = line
        .strip_prefix("highlight ")
        .unwrap_or_else(|| panic!("{line}"));
    let mut out = Vec::new();
    for (row, rank) in fen.split('/').enumerate() {
        let (mut file, mut run) = (0, 0);
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
            } else {
                file += run;
                run = 0;
                out.push((file, row, c));
                file += 1;
            }
        }
    }
    out
}

/// What XBoard sends while a person plays Birds and Ninjas by hand, as its debug log shows
/// it (XBoard 4.9.1, `-variant birds-and-ninjas -testLegality false`): the pawns' long
/// steps, a drop from the holdings, a promotion with its choice of pieces, castling, and
/// a position set up in XBoard's own position string.
#[test]
fn xboard_birds_and_ninjas_by_hand() {
    let out = session(
        "xboard",
        &[
            "xboard",
            "protover 2",
            "accepted highlight",
            "new",
            "variant birds-and-ninjas",
            "force",
            // The e-pawn (XBoard's e3: its ranks count from 1) lifted: one, two or three
            // squares; then moved three.
            "lift e3",
            "put e6",
            "usermove e3e6",
            "usermove e10e7",
            // A ninja pawn lifted from White's holdings (the column right of the board,
            // its sixth row from the bottom: P N B R Q J): the empty second-rank square
            // and the pushes from it.
            "lift l6",
            "hover e4",
            "put e4",
            "usermove J@e4",
            // Black's holdings are the column left of the board, counted from the top.
            "lift _7",
            // The king on f2 may step to e2 or g2, or castle (to h2 with the i-rook);
            // the a-pawn promotes by taking on b11, to one of the pieces of `choice`.
            "setboard ****ff****/grnbqkbnrg/P9/10/10/10/10/10/10/1PPPPPPPPP/GR3K2RG/****FF****[JJJJjjjj] w BIbi - 0 1",
            "lift f2",
            "lift a10",
            "usermove a10b11q",
            "ping 1",
            "quit",
        ],
    );
    let answers: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("feature") && !l.starts_with("piece") && !l.starts_with("setup"))
        .collect();
    assert_eq!(
        answers,
        [
            "highlight 10/10/10/10/10/10/4Y5/4Y5/4Y5/10/10/10",
            "highlight 10/10/10/10/10/10/10/4Y5/4Y5/4Y5/10/10",
            "highlight 10/10/4Y5/4Y5/4Y5/10/10/10/10/10/10/10",
            "highlight 10/10/10/10/10/10/10/10/10/10/1YYYY1YYY1/10",
            "highlight 10/1M8/10/10/10/10/10/10/10/10/10/10",
            "choice QRBNGF",
            "pong 1",
        ],
        "{out}"
    );
}

/// Every built-in game played by hand through XBoard's commands: in random games, each
/// move is lifted (its destination must be marked: XBoard refuses a move to a square
/// that is not) and sent as XBoard sends it; none is refused.
#[test]
fn xboard_takes_every_move_of_every_game_by_hand() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for name in fairyforge::builtin::game_names() {
        let v = fairyforge_tests::game(name);
        let xboard_name = match name {
            "chess" => "normal",
            n => n,
        };
        let mut pos = fairyforge::Position::start(&v);
        let mut lines = vec![
            "xboard".to_string(),
            "protover 2".into(),
            format!("variant {xboard_name}"),
            "force".into(),
        ];
        // The destination each lift must mark, as (file, rank from the top).
        let mut expected = Vec::new();
        let ranks = v.geometry().rank_range().len();
        for _ in 0..40 {
            let legal: Vec<fairyforge::Move> = pos
                .legal_moves()
                .into_iter()
                // A castling whose king's move is also another move cannot be made with
                // the mouse (the GUI sends the king's move).
                .filter(|m| !m.is_castle() || pos.gui_text(m).len() <= 5)
                .collect();
            if legal.is_empty() || pos.outcome().is_some() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = legal[(seed % legal.len() as u64) as usize];
            let to = xboard_square(&v, m.to());
            let text = match m.dropped() {
                Some(k) => format!("{}@{to}", v.piece(k).letter()),
                None => {
                    let from = xboard_square(&v, m.from());
                    lines.push(format!("lift {from}"));
                    let (f, r) = v.geometry().coords(m.to());
                    let top = *v.geometry().rank_range().end();
                    expected.push((f as usize, (top - r) as usize, m));
                    // A shogi-style promotion is sent as `+` (`c1c5+`), as the engine
                    // writes it; others as the new piece's letter (`e7e8q`).
                    // A gating move is sent as the engine writes it too, with the gated
                    // piece's letter (`b1c3h`, and `h1e1h` for a castling that gates on
                    // the rook's square).
                    let promo = if m.gate().is_some() {
                        pos.gui_text(&m)
                    } else if m.promotion().is_some() && pos.gui_text(&m).ends_with('+') {
                        "+".to_string()
                    } else {
                        m.promotion()
                            .map(|k| v.piece(k).letter().to_ascii_lowercase().to_string())
                            .unwrap_or_default()
                    };
                    if m.gate().is_some() {
                        promo
                    } else {
                        format!("{from}{to}{promo}")
                    }
                }
            };
            lines.push(format!("usermove {text}"));
            pos.play_unchecked(&m);
        }
        lines.push("ping 9".into());
        lines.push("quit".into());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let out = session("xboard", &refs);
        assert!(!out.contains("Illegal move"), "{name}: {out}");
        assert!(!out.contains("Error"), "{name}: {out}");
        let highlights: Vec<&str> = out.lines().filter(|l| l.starts_with("highlight")).collect();
        assert_eq!(highlights.len(), expected.len(), "{name}: {out}");
        for (line, (file, row, m)) in highlights.iter().zip(&expected) {
            let marks = marked(line);
            assert!(marks.iter().all(|(_, r, _)| *r < ranks), "{name}: {line}");
            let mark = marks
                .iter()
                .find(|(f, r, _)| f == file && r == row)
                .map(|(_, _, c)| *c);
            let want = if m.promotion().is_some() {
                'M'
            } else {
                mark.unwrap_or('?')
            };
            assert_eq!(mark, Some(want), "{name}: {line} for {m:?}");
        }
        assert!(out.ends_with("pong 9\n"), "{name}: {out}");
    }
}
