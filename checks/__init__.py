"""The checker: prove or refute every variant's rules with Z3, play them out with Hypothesis.

conditions.py  what to prove, as data (one Condition per question, no solver)
z3_encode/     the only code that imports z3: the symbolic meaning of every expression with
               its definedness, the situations of every context, the solver plan, witnesses
solver.py      the driver: every condition with a time limit, three-way results
kinds.py       the kinds of finding, each with its words, terminal style, --strict and site
findings.py    a finding: kind, slot, position, message, witness, and what it is about as data
named.py       what the checker's words name at the table (tiles, seats, the line's ends)
report.py      results → findings (kind, slot, position, message, witness); text output
messages.py    what each finding says, in words for rule authors (rules by their text)
rule_text.py   a rule's syntax tree read as data (its parts, the part written at a place, whether
               the goat rule looks at other sides than its own)
witness.py     witnesses drawn as tiles; kozel-record/1 for a first deal
playouts.py    dynamic properties through the engine (Hypothesis chooses the matches)
run.py         a variant end to end (static + playouts), variants in parallel
diff.py        two variants compared slot by slot over one shared situation
"""
