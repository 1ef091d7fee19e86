"""scorekeep: a scoresheet and rule-checker for Rook, Oh Hell and Daifugō game records.

The library never prints; its front door is `scorekeep.api` (`load`, `audit`, `sheet`, `replay`,
`explain`). Each game lives in `scorekeep/games/<name>/`; the command line is `scorekeep.cli`.
"""

__version__ = "0.1.0"
