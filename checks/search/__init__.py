"""Games through the engine that show a finding: what a game must show, the solver's candidates
realised as games, the witness as a value."""
