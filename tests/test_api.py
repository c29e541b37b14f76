"""The public Python API: the README's example runs as written, a Game plays exactly the engine's
match, and `import kozel` names its API without loading it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kozel
from interpreter import language
from kozel.publish.api_reference import api_page, readme_example
from interpreter.engine.players import seat_players
from shared_runs import computing_cache

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ("minsk", "pairs", "kozel-classic", "gambler-1v1")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOZEL_CACHE_DIR": str(computing_cache())}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_readme_example_runs_as_written() -> None:
    done = _run(readme_example(ROOT))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "minsk: " in lines[-2] and " proved; " in lines[-2]  # the check's summary
    assert " same, " in lines[-1] and " different" in lines[-1]  # the comparison's


def _options(variant: kozel.Variant) -> dict[str, object]:
    """A value for every option that has no default (pairs leaves three to the table)."""
    return {o.name: o.values[0] for o in variant.options if o.default is None}


def _engine_record(variant: kozel.Variant, players: int, seed: int, strategy_seed: int) -> object:
    setup = kozel.prepare(variant, players, _options(variant))
    try:
        result = kozel.play_match(setup, seat_players("random", players, strategy_seed),
                                  seed=seed)
    except kozel.RuleStop as stop:
        return ("stop", str(stop))
    return kozel.record_json(result)


def _game_record(variant: kozel.Variant, players: int, seed: int, strategy_seed: int) -> object:
    """The same match driven from outside: each seat's strategy asked through the Game."""
    strategies = seat_players("random", players, strategy_seed)
    try:
        game = kozel.Game(variant, players=players, options=_options(variant), seed=seed)
        while not game.over:
            strategy = strategies[game.seat]
            if game.question == "redeal":
                game.redeal(strategy.accept_redeal(game.view))  # type: ignore[arg-type]
            else:
                game.play(strategy.choose(game.view, game.legal_moves()))  # type: ignore[arg-type]
    except kozel.RuleStop as stop:
        return ("stop", str(stop))
    return game.record()


@pytest.mark.parametrize("name", SEEDS)
def test_a_game_played_move_by_move_is_the_engines_match(name: str) -> None:
    variant = kozel.load_variant(name)
    players = max(variant.players)
    for seed in range(8):
        assert _game_record(variant, players, seed, 100 + seed) == \
            _engine_record(variant, players, seed, 100 + seed)


def test_a_game_asks_only_for_choices_and_its_record_replays() -> None:
    variant = kozel.load_variant("minsk")
    game = kozel.Game(variant, players=4, seed=7)
    hand = game.view.hand
    while not game.over:
        assert len(game.legal_moves()) >= 2 and set(game.view.hand) <= set(hand) | set(
            game.view.hand)
        game.play(game.legal_moves()[-1].text())  # a move may be given by its text
        hand = game.view.hand if not game.over else hand
    replayed = kozel.replay(variant, kozel.parse_record(json.loads(
        kozel.record_text(game.record()))))
    assert replayed.scores == game.result.scores and replayed.goat == game.result.goat


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    game = kozel.Game(kozel.load_variant("minsk"), players=4, seed=7)
    seat, moves = game.seat, game.legal_moves()
    with pytest.raises(kozel.IllegalMove, match="legal moves are"):
        game.play("play 6-6 left")
    assert (game.seat, game.legal_moves(), game.moves) == (seat, moves, [])


def test_a_server_reads_moves_and_hands_left_as_tiles() -> None:
    """A match played through the API: every tile shown is a Tile, every move's text and repr
    read back, and each round's hands left are what the record says was dealt, drawn, not laid."""
    game = kozel.Game(kozel.load_variant("minsk"), players=4, seed=11)
    while not game.over:
        if game.question == "redeal":
            game.redeal(False)
            continue
        hand = game.view.hand
        for move in game.legal_moves():
            assert all(isinstance(tile, kozel.Tile) and tile in hand for tile in move.tiles)
            assert kozel.Move.parse(str(move)) == move
            assert eval(repr(move), {"Move": kozel.Move}) == move  # noqa: S307 (its own repr)
        game.play(kozel.Move.parse(str(game.legal_moves()[-1])))
    record = game.record()
    assert len(game.result.rounds) == len(record["rounds"]) > 1
    for played, written in zip(game.result.rounds, record["rounds"]):
        held = [set(hand) for hand in written["hands"]]
        for entry in written["moves"]:
            laid = entry.get("play", [])
            held[entry["seat"]] -= set([laid] if isinstance(laid, str) else laid)
            held[entry["seat"]] |= {entry["draw"]} if "draw" in entry else set()
        assert [sorted(map(str, hand)) for hand in played.left] == [sorted(h) for h in held]
        assert all(isinstance(t, kozel.Tile) for hand in played.left for t in hand)
    parsed = kozel.parse_record(record)  # a record read back holds Tiles too
    for read, written in zip(parsed.rounds, record["rounds"]):
        assert [[str(t) for t in hand] for hand in read.hands] == [
            sorted(hand, key=kozel.Tile.parse) for hand in written["hands"]]
        assert [str(t) for t in read.pile] == written["stock"]
        assert all(isinstance(t, kozel.Tile) for move in read.moves for t in move.tiles)


def test_a_moves_text_that_is_no_move_is_refused_with_the_text() -> None:
    for text in ("play 7-7", "play 3-5 north", "jump", "play 1-1+2-3", "play 1-1+2-2 left"):
        with pytest.raises(ValueError, match=re.escape(repr(text))):
            kozel.Move.parse(text)


def test_an_illegal_move_says_its_seat_as_the_value_and_as_people_count() -> None:
    game = kozel.Game(kozel.load_variant("minsk"), players=4, seed=7)
    seats_seen = set()
    while not game.over and len(seats_seen) < 3:
        if game.question == "redeal":
            game.redeal(False)
            continue
        seat, legal = game.seat, game.legal_moves()
        foreign = next(kozel.Tile(a, b) for a in range(7) for b in range(a, 7)
                       if kozel.Tile(a, b) not in game.view.hand)
        attempt = kozel.Move.parse(f"play {foreign} left")
        with pytest.raises(kozel.IllegalMove) as refused:
            game.play(attempt)
        error = refused.value
        assert (error.seat, error.move, error.legal) == (seat, attempt, tuple(legal))
        assert f"seat {seat + 1} (index {seat}) cannot make the move" in str(error)
        assert (game.seat, game.legal_moves()) == (seat, legal)  # nothing changed
        seats_seen.add(seat)
        game.play(legal[0])
    assert len(seats_seen) == 3  # seat 0 and others: the value is never the number people read


def test_a_record_is_written_only_for_a_finished_match() -> None:
    game = kozel.Game(kozel.load_variant("minsk"), players=4, seed=7)
    with pytest.raises(ValueError, match="not over"):
        game.record()


@pytest.mark.parametrize("facade", [kozel, language])
def test_every_public_name_exists_and_says_what_it_is(facade: object) -> None:
    names = facade.__all__  # type: ignore[attr-defined]
    assert names and sorted(names) == sorted(facade._PUBLIC)  # type: ignore[attr-defined]
    for name in names:
        value = getattr(facade, name)
        assert (getattr(value, "__doc__", None) or "").strip(), f"{name} has no docstring"


def test_importing_kozel_loads_nothing_else() -> None:
    done = _run("import json, sys, kozel\n"
                "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
                "('kozel', 'interpreter', 'checks', 'z3', 'lark', 'typst'))))")
    assert json.loads(done.stdout) == ["interpreter", "interpreter.language",
                                       "interpreter.language.lazy", "kozel"]


def test_every_public_name_is_in_one_part_of_the_api() -> None:
    """The API page's sections (play, check, publish) hold every public name once."""
    grouped = [name for names in kozel.GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(kozel.__all__)


def test_the_rulebook_a_program_prints_is_the_commands(tmp_path: Path) -> None:
    """kozel.rulebook_pdf gives the bytes `kozel rulebook --pdf` writes, in either language."""
    variant = kozel.load_variant("minsk")
    out = tmp_path / "minsk.pdf"
    done = subprocess.run([sys.executable, "-m", "kozel.cli", "rulebook", "minsk", "--lang",
                           "ru", "--pdf", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    pdf = kozel.rulebook_pdf(variant, lang="ru")
    assert pdf.startswith(b"%PDF") and pdf == out.read_bytes()
    assert pdf != kozel.rulebook_pdf(variant, lang="en")
    html = kozel.rulebook_html(variant, lang="ru")
    assert html.startswith("<!DOCTYPE html>") and "Минск" in html


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_api_page_lists_every_public_name_and_the_example(lang: str) -> None:
    page = api_page(lang)
    for name in kozel.__all__:
        assert f"<code>{name}" in page or f"<code>class {name}" in page
    assert readme_example(ROOT) in page


def test_the_api_page_shows_moves_hands_left_and_seats_as_values() -> None:
    page = api_page("en")
    for shown in ("<code>.tiles: tuple[Tile, ...]</code>", "<code>.parse(text: str) -&gt; Move",
                  "<code>.left</code> | The tiles left in each hand", "<code>.seat: int</code>",
                  "<code>.legal: tuple[Move, ...]</code>"):
        assert shown in page
    assert "<code>.held" not in page  # the engine's bit masks stay inside
