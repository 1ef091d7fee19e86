"""scorekeep: a scoresheet and rule-checker for Rook, Oh Hell and Daifugō game records.

The library never prints. Its front door is `scorekeep.api`: `load` a record (every input
error kept in `errors`, with file and line), `audit` it, score it (`sheet`), `replay` it,
`explain` a move:

    >>> from scorekeep import api
    >>> loaded = api.load("samples/oh-hell-seed-example.yaml")
    >>> audit = api.audit(loaded)          # raises the first of loaded.errors, if any
    >>> api.sheet(audit).totals, api.explain(audit)

Each game lives in `scorekeep/games/<name>/`; the command line is `scorekeep.cli`.
"""

__version__ = "0.1.0"
