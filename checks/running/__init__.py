"""Whole runs of the checker: a variant end to end, the whole of `kozel check`, each task in a
process of its own, and the results kept in the cache."""
