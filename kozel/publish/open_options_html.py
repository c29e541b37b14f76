"""An open option's values on its card, in words: any whole number from LOW to HIGH."""

from __future__ import annotations

from html import escape


def open_values_html(values: range, lang: str) -> str:
    """An open option's values in words: any whole number from LOW to HIGH."""
    low, high = values.start, values.stop - 1
    words = ("любое целое число от {low} до {high}" if lang == "ru"
             else "any whole number from {low} to {high}")
    return escape(words).format(low=f"<code>{low}</code>", high=f"<code>{high}</code>")
