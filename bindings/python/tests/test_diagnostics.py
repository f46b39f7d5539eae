"""Diagnostics of broken files: exact lines and columns, the same as `fairyforge validate`;
validation never raises for a user's mistake, and runs from many threads at once."""

import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import fairyforge
from conftest import BAD, cli_path

# Ten broken files of the repository's test data and every error they have: line,
# column, stable code, message.
TEN = {
    "bad-castling-square.toml": [
        (12, 16, "bad-castling", "castling rook `h2` is not on the king's rank")
    ],
    "bad-letter.toml": [
        (11, 10, "bad-letter", "the letter of piece `nightrider` must be one letter, found `NN`"),
        (4, 27, "bad-setup", "bad setup: no piece of this game has the letter `N`"),
    ],
    "bad-square-name.toml": [
        (11, 8, "bad-square", "`E1` is not a square name: did you mean `e1`?")
    ],
    "duplicate-letter.toml": [
        (
            11,
            10,
            "duplicate-letter",
            "two pieces of this game have the letter `A`: `archbishop` and `amazon`",
        )
    ],
    "syntax-error.toml": [
        (4, 40, "syntax-error", 'TOML syntax error: invalid basic string, expected `"`')
    ],
    "two-royals.toml": [(10, 8, "royal-count", "piece `prince` is a second royal piece")],
    "unknown-direction.toml": [
        (
            12,
            20,
            "unknown-direction",
            "unknown direction `orthogonl`: did you mean `orthogonal`?",
        )
    ],
    "unknown-primitive.toml": [
        (12, 12, "unknown-primitive", "unknown primitive `slidee`: did you mean `slide`?")
    ],
    "unknown-setup-letter.toml": [
        (4, 30, "bad-setup", "bad setup: no piece of this game has the letter `M`")
    ],
    "wrong-type.toml": [
        (7, 9, "wrong-type", "`files` must be a whole number from 1 to 16, found a string")
    ],
}


def errors(diags):
    return [(d.line, d.column, d.code, d.message) for d in diags if d.severity == "error"]


@pytest.mark.parametrize("name", sorted(TEN))
def test_broken_file_diagnostics_at_exact_places(name):
    text = (BAD / name).read_text()
    diags = fairyforge.validate(text, name=name)
    assert errors(diags) == TEN[name]
    for d in diags:
        assert d.file == name
        assert d.hint, d  # every problem says how to fix it
        assert d.rendered.startswith(f"{name}:{d.line}:{d.column}: [{d.code}] {d.message}\n")


@pytest.mark.parametrize("name", sorted(TEN))
def test_diagnostics_equal_the_cli(name):
    # Run beside the file, so that the command line names it as the package does.
    r = subprocess.run(
        [cli_path(), "validate", name], cwd=BAD, capture_output=True, text=True
    )
    assert r.returncode == 1
    want = [
        (int(l), int(c), code or None, m)
        for l, c, code, m in re.findall(
            rf"^{re.escape(name)}:(\d+):(\d+): (?:\[([a-z-]+)\] )?(.*)$", r.stdout, re.M
        )
    ]
    assert want
    diags = fairyforge.validate((BAD / name).read_text(), name=name)
    assert [(d.line, d.column, d.code, d.message) for d in diags] == want
    # The whole report as the command line prints it.
    assert "".join(d.rendered for d in diags) == r.stdout


def test_from_text_raises_with_the_same_diagnostics():
    name = "bad-letter.toml"
    text = (BAD / name).read_text()
    with pytest.raises(fairyforge.VariantError) as e:
        fairyforge.Variant.from_text(text, name=name)
    assert errors(e.value.diagnostics) == TEN[name]
    assert all(isinstance(d, fairyforge.Diagnostic) for d in e.value.diagnostics)


def test_a_good_file_has_no_diagnostics(repo):
    text = (repo / "variants" / "chess.toml").read_text()
    assert fairyforge.validate(text, name="chess.toml") == []


def test_diagnostic_to_dict_is_the_contract_shape():
    d = fairyforge.validate((BAD / "wrong-type.toml").read_text(), name="w.toml")[0]
    got = d.to_dict()
    assert set(got) >= {
        "severity", "file", "line", "column", "end_line", "end_column",
        "message", "label", "rendered",
    }
    assert (got["line"], got["column"], got["label"]) == (d.line, d.column, d.hint)


def test_validation_from_eight_threads_at_once():
    texts = [(n, (BAD / n).read_text()) for n in sorted(TEN)]
    # Sixteen rounds of the ten files, eight threads at a time.
    jobs = texts * 16
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda nt: errors(fairyforge.validate(nt[1], name=nt[0])), jobs))
    assert got == [TEN[n] for n, _ in jobs]


def test_a_huge_file_is_an_answer_not_a_crash():
    text = "name = 'x'\n" + "# padding\n" * 200_000
    diags = fairyforge.validate(text, name="huge.toml")
    assert diags and diags[0].severity == "error"
