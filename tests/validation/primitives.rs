//! The keys of a move primitive: each primitive takes its own keys only, and a key it does
//! not take is an error at the key saying which keys the primitive takes (and which
//! primitives take the key, when some do).

use fairyforge::Variant;

/// The report of a game whose piece `X` has these moves.
fn report(moves: &str) -> String {
    let text = format!(
        "name = \"Keys\"\nimport = \"pieces.toml\"\npieces = [\"king\", \"x\"]\nsetup = \"4k3/8/8/8/8/8/8/3XK3 w - - 0 1\"\n\n[board]\nfiles = 8\nranks = 8\n\n[piece.x]\nletter = \"X\"\nmoves = {moves}\n"
    );
    Variant::parse("mine.toml", &text)
        .map(|_| "ok".to_string())
        .unwrap_or_else(|e| e.render())
}

#[test]
fn a_cannon_s_key_on_a_leap() {
    assert_eq!(
        report("[{ leap = [1, 2], capture-screen = true }]"),
        "mine.toml:12:27: unknown key `capture-screen` in a `leap` move: only `cannon` takes it
   |
12 | moves = [{ leap = [1, 2], capture-screen = true }]
   |                           ^^^^^^^^^^^^^^ a `leap` takes `mode`, `symmetry`, `from`, `to` and `en-passant`
"
    );
}

#[test]
fn a_key_of_two_primitives_on_a_leap() {
    assert_eq!(
        report("[{ leap = \"all\", max = 2 }]"),
        "mine.toml:12:26: unknown key `max` in a `leap` move: only `slide` and `bent` take it
   |
12 | moves = [{ leap = \"all\", max = 2 }]
   |                          ^^^ a `leap` takes `mode`, `symmetry`, `from`, `to` and `en-passant`
"
    );
}

#[test]
fn a_misspelt_key() {
    assert_eq!(
        report("[{ jump = \"orthogonal\", ovr = \"enemy\" }]"),
        "mine.toml:12:33: unknown key `ovr` in a `jump` move: did you mean `over`?
   |
12 | moves = [{ jump = \"orthogonal\", ovr = \"enemy\" }]
   |                                 ^^^ a `jump` takes `mode`, `symmetry`, `distance`, `over`, `capture-over`, `from` and `to`
"
    );
}

/// The key is reported once: not also as an en-passant role the jump cannot have.
#[test]
fn en_passant_on_a_jump_is_one_mistake() {
    assert_eq!(
        report("[{ jump = [0, 1], en-passant = \"create\" }]"),
        "mine.toml:12:27: unknown key `en-passant` in a `jump` move: only `leap` and `slide` take it
   |
12 | moves = [{ jump = [0, 1], en-passant = \"create\" }]
   |                           ^^^^^^^^^^ a `jump` takes `mode`, `symmetry`, `distance`, `over`, `capture-over`, `from` and `to`
"
    );
}

/// Every key of every primitive, read without a mistake.
#[test]
fn each_primitive_takes_its_keys() {
    assert_eq!(
        report(
            "[{ leap = [1, 2], mode = \"capture\", en-passant = \"capture\", symmetry = \"left-right\", from = \"all\", to = \"all\" }, { slide = \"forward\", min = 1, max = 2, mode = \"move\", en-passant = \"create\" }, { flyover = \"diagonal\", symmetry = \"none\" }, { jump = \"all\", distance = 2, over = \"enemy\", capture-over = true, mode = \"move\" }, { cannon = \"orthogonal\", capture-screen = true }, { bent = \"diagonal\", then = \"orthogonal\", min = 2, max = 3, mode = \"both\" }]"
        ),
        "ok"
    );
}
