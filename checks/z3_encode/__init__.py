"""The Z3 encoding: the only code that imports z3.

Every expression of the language gets a symbolic meaning with a definedness formula
(expressions.py), every context a situation (contexts.py, play_end.py, sides.py), every
condition of checks/questions/conditions.py a formula (questions.py); session.py runs Z3 within a
counted budget (checks/questions/budget.py) and reads models back as witnesses in domino terms
(reading.py).
"""

from .expressions import EncodingError
from .questions import diff_query, queries_for
from .rules import VariantEnc
from .session import Answer, Query, Session
from .tables import Undecided

__all__ = ["Session", "Query", "Answer", "EncodingError", "Undecided", "VariantEnc",
           "diff_query", "queries_for"]
