"""`scorekeep serve`: the sheet on every phone at the table, and an entry page for the scorer.

- `live`: the web front end of the same session `play` drives (`LiveTable`: the game's
  questions, asked as forms; `Desk`: where the worker thread running the game's flow and the
  HTTP handlers meet, one answer at a time);
- `sheet`: the sheet as the HTML sheet shows it, rendered once per change and pushed to every
  open page (`Hub`, server-sent events), and the read-only watcher of `serve --watch`;
- `app`: the Starlette application: the two secret addresses, cookies, CSRF, limits, pages.

Only `scorekeep.cli.serve_cmd` imports this package: Starlette, uvicorn and segno are never
loaded by the other commands (Jinja2 also by their HTML outputs: these pages' environment is an
overlay of `scorekeep.render.html.templates()`).
"""
