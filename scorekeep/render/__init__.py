"""Library values as strings for every front end: text, Markdown, CSV, JSON (`text`), HTML
pages (`html`), record text made safe to show (`safe`). Nothing here prints: `scorekeep.cli`
writes these strings to the terminal, `scorekeep.web` serves them.

Empty on purpose: every command imports `safe` at start-up, and only that.
"""
