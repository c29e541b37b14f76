"""What the checker asks of a variant, and the asking: the conditions (as data), the solver's
budget and driver, and each kind of question with its findings."""
