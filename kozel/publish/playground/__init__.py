"""The playground: the project's own modules run in the browser (Pyodide) behind one page.

api.py is what the page's worker calls (JSON in, JSON out); files.py the editor's file and its
errors, book.py the rulebook preview, choices.py the variant's options, runs.py `kozel
simulate`'s run, plots.py its charts, table.py a table against the bots; bundle.py writes the
zip of Python the page loads. Nothing here imports Z3, Hypothesis, mkdocs, multiprocessing,
sockets or subprocess.
"""
