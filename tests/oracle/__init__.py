"""The independent second reading of the rules: judges written from the digests on their
own, not from the engine in `scorekeep/`. When the two disagree, one has misread a rule."""
