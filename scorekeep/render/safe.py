"""Record text made safe to show: control and direction characters escaped.

Imported by every command at start-up (`_out` writes through `clean`): only `re` and `sys`.
"""

import re
import sys

# C0 but newline, DEL, C1, and the invisible direction controls (LRM/RLM/ALM, the
# embeddings and overrides U+202A–202E, the isolates U+2066–2069), and the line and
# paragraph separators: none of them may reach a terminal raw from a record (nor JSON output:
# `text.to_json`, where json.dumps has escaped C0 already).
# Compiled on first use (`re` caches it): str.isprintable() is false for every one of them,
# so text that is printable but for its newlines never needs the pattern.
CONTROL = ("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
           "\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\t": "\\t", "\r": "\\r"}


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    named = _NAMED.get(c)
    if named is not None:
        return named
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: str) -> str:
    """`text` with control and direction characters shown as `\\x1b`, `\\u202e`, `\\t`; newlines
    stay. Idempotent and printable, so cleaned table cells keep their width."""
    if text.isprintable() or text.replace("\n", "").isprintable():
        return text
    return re.sub(CONTROL, _escape, text)


def cell(text: str) -> str:
    """A table cell as it will be written: cleaned, and where stdout's encoding lacks a
    character (PYTHONIOENCODING=ascii) already backslash-escaped, so tabulate measures the
    text that is really written and the columns stay aligned."""
    text = clean(text)
    if text.isascii():
        return text
    enc = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(enc)
        return text
    except UnicodeEncodeError:
        return text.encode(enc, "backslashreplace").decode(enc)
    except LookupError:  # pragma: no cover
        return text
