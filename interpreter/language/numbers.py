"""Numbers for people, by a real i18n library (Babel): the plural form a count takes in a
language («1 правило, 2 правила, 5 правил»), and decimals and percents as the language writes
them («25,0 %»). Babel is imported when first used, so a short command does not pay for it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from .catalogue import LANGS

LOCALES = {lang: lang for lang in LANGS}  # Babel's locale of each language the program says


@lru_cache(maxsize=4)
def _locale(lang: str) -> Any:
    from babel import Locale  # imported late: only text output with counts needs it

    return Locale.parse(LOCALES.get(lang, "en"))


def plural_category(count: int, lang: str) -> str:
    """Return the CLDR plural category of a count in a language: one, few, many or other."""
    return str(_locale(lang).plural_form(abs(count)))


def plural_word(count: int, forms: Mapping[str, str], lang: str) -> str:
    """Return the form of a word agreeing with a count; `forms` maps CLDR categories (one, few,
    many, other) to words, and a category it lacks falls back to `other`, then `many`."""
    category = plural_category(count, lang)
    return forms.get(category) or forms.get("other") or forms["many"]


def counted(count: int, forms: Mapping[str, str], lang: str) -> str:
    """Return a count with its word in the agreeing form: «5 правил», "1 rule"."""
    return f"{count} {plural_word(count, forms, lang)}"


def decimal(number: float, lang: str, digits: int = 1) -> str:
    """Return a number with a fixed count of decimals as the language writes it: 4,05 / 4.05."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return str(format_decimal(number, format=pattern, locale=_locale(lang)))


def percent(fraction: float, lang: str, digits: int = 1) -> str:
    """Return a fraction as a percent as the language writes it: «25,0 %», "25.0%"."""
    from babel.numbers import format_percent

    locale = _locale(lang)
    # the language's own pattern (Russian puts a no-break space before %), with fixed decimals
    pattern = str(locale.percent_formats[None].pattern)
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return str(format_percent(fraction, format=pattern, locale=locale))
