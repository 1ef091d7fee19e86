"""scorekeep: a scoresheet and rule-checker for Rook, Oh Hell and Daifugō game records.

The library never prints. Start with `scorekeep.api` (audit a file, score it, replay it);
each game lives in `scorekeep/games/<name>/`; the command line is `scorekeep.cli`.
"""

__version__ = "0.1.0"
