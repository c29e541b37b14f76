"""The checker's messages kept through a JSON cache: each `Said` (English text + catalogue key)
is written beside the data, so that a page built from the cache says it in its own language.

The data itself stays exactly what `kozel diff --format json` prints; the messages travel under
one extra key, `said`, as {English text: {"said": key, "args": {...}}}.
"""

from __future__ import annotations

from typing import Any

from checks.catalogue import Said

SAID_KEY = "said"  # the cache's extra key: the messages, by their English text


def _to_json(said: Said) -> dict[str, Any]:
    return {"said": said.key, "args": {name: _to_json(value) if isinstance(value, Said)
                                       else value for name, value in said.args.items()}}


def _from_json(data: dict[str, Any]) -> Said:
    return Said(data["said"], **{name: _from_json(value) if isinstance(value, dict) else value
                                 for name, value in data["args"].items()})


def _saids(data: Any, found: dict[str, Any]) -> None:
    if isinstance(data, Said):
        found[str(data)] = _to_json(data)
    elif isinstance(data, dict):
        for value in data.values():
            _saids(value, found)
    elif isinstance(data, (list, tuple)):
        for value in data:
            _saids(value, found)


def with_saids(data: dict[str, Any]) -> dict[str, Any]:
    """Return the data with every message in it written under `said`, ready to be cached."""
    found: dict[str, Any] = {}
    _saids(data, found)
    return {**data, SAID_KEY: found}


def restored(data: dict[str, Any]) -> dict[str, Any]:
    """Return cached data with its messages as `Said` again (and without the `said` key)."""
    saids = {text: _from_json(said) for text, said in (data.get(SAID_KEY) or {}).items()}

    def back(value: Any) -> Any:
        if isinstance(value, str):
            return saids.get(value, value)
        if isinstance(value, dict):
            return {key: back(item) for key, item in value.items()}
        if isinstance(value, list):
            return [back(item) for item in value]
        return value
    return back({k: v for k, v in data.items() if k != SAID_KEY})
