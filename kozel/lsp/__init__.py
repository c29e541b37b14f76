"""The language server for .kozel rule files (`kozel-lsp`, server.py): errors and findings in
the editor, completion and hover; it needs the `lsp` extra (pygls)."""
