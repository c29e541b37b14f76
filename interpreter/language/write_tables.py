"""Write the parser's tables the package ships, after the grammar changed (lark_shipped.py):

    python -m interpreter.language.write_tables
"""

from __future__ import annotations

from .parser import write_packaged_tables

if __name__ == "__main__":
    for made in write_packaged_tables():
        print(made.name)
