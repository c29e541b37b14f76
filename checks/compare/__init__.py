"""Two variants compared slot by slot (`kozel diff`), every pair of a family, and claims across
variants."""
