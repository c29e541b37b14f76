"""`kozel simulate`'s machinery: chunks of matches (tasks), streaming statistics (tally),
where the chunks run (runner, cluster), the figures as JSON, text, CSV and SVG (figures, text,
exports), and how often another reading of a sentence changes a round (readings,
reading_effects).

    spec = SetupSpec.of(prepare(variant, 4))
    run = run_matches(spec, "random", matches=1000, seed=0, workers=2)
    data = report_json(spec.setup(), run, 1000, "random", 0)
"""

from __future__ import annotations

from .figures import report_json, wilson
from .runner import Run, default_workers, run_matches
from .tally import Tally
from .tasks import SetupSpec, match_player
from .text import report_lines

__all__ = ["Run", "SetupSpec", "Tally", "default_workers", "match_player", "report_json",
           "report_lines", "run_matches", "wilson"]
