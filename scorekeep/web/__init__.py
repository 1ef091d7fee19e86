"""`scorekeep serve`: the sheet on every phone at the table, and an entry page for the scorer
(`app`: the Starlette application; `live`: `play`'s session asked through forms; `sheet`: the sheet
pushed to every open page). Only `scorekeep.cli.serve_cmd` imports it: the other commands never
load Starlette, uvicorn or segno.
"""
