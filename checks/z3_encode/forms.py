"""The encoder's symbolic forms of the built-in functions, held to the engine's one list of them.

Each built-in function is defined once with its meaning in interpreter/engine/functions.py; the
engine and the compiled match call that meaning. Z3 cannot run it on symbols, so the encoder
writes each function's form over symbols itself (expressions.py for the functions of tiles and
numbers, contexts.py, order.py, play_end.py, ties.py and sides.py for those of a context).
Every table of forms is registered here under the engine's names: a form of no built-in
function is refused when it is made, and a context whose environment lacks the form of one of
its functions is refused when its situation is built (Session.situation), so a function added
to the language cannot go unencoded. tests/checks/test_function_meanings.py evaluates every
function in all three readers on random situations and finds them equal.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from interpreter.engine.functions import MEANINGS
from interpreter.language.slots import GENERAL_FUNCTIONS, functions_for

from .expressions import GENERAL_FORMS, EncodingError

Form = TypeVar("Form", bound=Callable[..., Any])


def registered(forms: dict[str, Form]) -> dict[str, Form]:
    """The forms, each under the name of a built-in function (EncodingError for another)."""
    unknown = sorted(set(forms) - set(MEANINGS))
    if unknown:
        raise EncodingError(f"symbolic forms of no built-in function: {', '.join(unknown)}")
    return forms


def missing_forms(context: str, encoded: Iterable[str]) -> list[str]:
    """The functions of a context that have no symbolic form among `encoded` (the context's
    own) and the general ones."""
    have = set(encoded) | set(GENERAL_FUNCTIONS)
    return sorted(name for name in functions_for(context) if name not in have)


def check_complete(context: str, encoded: Iterable[str]) -> None:
    """Refuse an environment that lacks the form of one of its context's functions."""
    missing = missing_forms(context, encoded)
    if missing:
        raise EncodingError(f"no symbolic form of {', '.join(missing)} in the `{context}` "
                            "context")


if set(GENERAL_FORMS) != set(GENERAL_FUNCTIONS):  # every context has these: checked once, here
    raise ImportError("the functions of tiles and numbers without a symbolic form: "
                      f"{sorted(set(GENERAL_FUNCTIONS) - set(GENERAL_FORMS))}; forms of no "
                      f"such function: {sorted(set(GENERAL_FORMS) - set(GENERAL_FUNCTIONS))}")
