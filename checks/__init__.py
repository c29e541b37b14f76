"""Floor 2 of kozel: the checker — prove or refute every variant's rules with Z3, show each
finding by a game the engine replays, compare variants, write the report.

Users reach it through `kozel` (`kozel.check_variant`, `kozel.diff_variants`); it imports the
rule language and the engine (`interpreter`) and nothing of the application. Its stages, each a
package (docs/architecture.md):

questions/   what to ask of a variant and the asking: conditions, the solver's budget and
             driver, and each kind of question (ending, unreached rules, readings,
             restatements, assumptions, the language's defaults, playouts)
z3_encode/   the only code that imports z3: every expression's symbolic meaning with its
             definedness, the situations of every context, the solver's plan
search/      games through the engine that show a finding: targets, the solver's candidates
             realised as games, whether a game shows its point, the witness as a value
compare/     two variants compared slot by slot (`kozel diff`), the family of every pair,
             claims across variants
reporting/   what is said: the kinds of finding, findings, messages, the report in words, a
             house rule's findings against its parent's
running/     whole runs: a variant end to end, the whole of `kozel check`, each task in a
             process of its own, the cache of results
"""
