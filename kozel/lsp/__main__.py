"""`python -m kozel.lsp`: the language server, as `kozel-lsp` runs it."""

from .server import main

main()
