"""Why a diff's games found no moment where two rules answer differently, saying only what the
games observed: how many moments asked both rules, and where games broke off. (A game that
stopped at `wins` had already asked every rule of its rounds: it did reach them.)"""

from __future__ import annotations

from ..reporting.catalogue import Said, said_list
from ..search.games import Searched


def unfound_words(searched: Searched, asked: int) -> str:
    """What the games of a diff's search saw, in words (`asked`: moments both rules answered)."""
    if asked:
        text = Said("diffopts.unfound", played=searched.played, asked=asked)
    else:
        text = Said("diffopts.unfound never", played=searched.played)
    if searched.stops:
        common = sorted(searched.stops.items(), key=lambda kv: -kv[1])[:2]
        stops = said_list([Said("unfound.stop", rule=r, count=n) for r, n in common])
        text = Said("diffopts.unfound stops", text=text, stops=stops)
    return text
