"""What every command shares: the Typer app, output, failure (the exit codes: `main_options`),
and loading one record.

All text for people goes through `_out` (stdout) and `_err` (stderr), which show control
characters from the record escaped (`clean`): a name holding `\x1b]0;…\x07` must not
retitle the window nor `\x1b[2J` clear the screen.
"""

import errno
import io
import sys
from contextlib import suppress
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, Optional

if TYPE_CHECKING:
    from collections.abc import Sequence

import typer

from .. import __version__
from ..render.safe import clean

app = typer.Typer(
    name="scorekeep",  # the help is main_options' docstring
    rich_markup_mode=None,  # plain help: rich would double the start-up time
    pretty_exceptions_enable=False,
    add_completion=True,  # `import typer` loads the completion code anyway: it costs no start-up
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class CheckFormat(str, Enum):
    text = "text"
    json = "json"


class SheetFormat(str, Enum):
    text = "text"
    markdown = "markdown"
    csv = "csv"
    json = "json"
    html = "html"


# The parameters several commands share, declared once
Record = Annotated[Path, typer.Argument(metavar="FILE", help="A record file (YAML).", show_default=False)]
Output = Annotated[Optional[Path], typer.Option("--output", "-o", show_default=False,
                                                help="Write to this file instead of standard output.")]
TextOrJson = Annotated[CheckFormat, typer.Option("--format", "-f", help="text or json.")]

WRITE_FAILED = 4
CLOSED_PIPE = 141  # 128 + SIGPIPE, as `yes | head`
_FULL = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG)  # the write itself failed: exit 4


class Unwritable(Exception):
    """The output could not be written (the OSError in `error`); not an OSError itself, so that
    nothing between the write and `run` mistakes it for something else."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def _write(text: str) -> None:
    try:
        sys.stdout.write(text)
    except OSError as e:
        raise Unwritable(e) from None


def _out(text: str) -> None:
    """A line (or lines) for people on stdout, control characters escaped."""
    _write(clean(text if text.endswith("\n") else text + "\n"))


def _err(text: str) -> None:
    """A line for people on stderr, control characters escaped (a failing stderr is ignored)."""
    with suppress(OSError, ValueError):
        sys.stderr.write(clean(text if text.endswith("\n") else text + "\n"))


def _fail(message: str, code: int = 2) -> NoReturn:
    _err(f"scorekeep: {message}")
    raise typer.Exit(code)


def write_failed(target: object, e: OSError, after: str = "") -> NoReturn:
    """A file named on the command line (`-o`, the record of `add`) could not be written: one
    line; exit 4 when the write itself failed (disk full, quota, an I/O error), as for
    standard output, else 2 (a wrong path: no such folder, no permission, not a regular file)."""
    _fail(f"{target}: cannot write ({e.strerror or e}){after}", WRITE_FAILED if e.errno in _FULL else 2)


def emit(text: str, output: "Path | None", reads: "Sequence[Path | str]" = (), raw: bool = False) -> None:
    """A command's output to the file `-o` names (atomically, never over a record: a failed
    write is one line and exit 4) or to standard output; `raw`: CSV, whose cells are cleaned
    already (its CRLF stays)."""
    if output is not None and str(output) != "-":
        from ..atomic import write_atomically

        if not raw:
            text = clean(text)  # the file gets what the terminal would: `cat sheet.md` is safe
        refuse_record(output, reads)
        try:
            write_atomically(str(output), text if text.endswith("\n") else text + "\n", overwrite=True)
        except OSError as e:
            write_failed(output, e)
    elif raw:
        _write(text)
    else:
        _out(text)


def refuse_record(output: Path, reads: "Sequence[Path | str]" = ()) -> None:
    """Exit 2 when `-o FILE` would destroy a record: a file the command reads (by any name,
    link or hard link), a record that `play` or `add` has open, any file that reads as a
    record (`game:` and `players:`)."""
    import os

    name = str(output)
    for f in reads:
        try:
            same = str(f) != "-" and os.path.samefile(name, str(f))
        except OSError:
            same = False
        if same:
            _fail(f"-o {output}: that is the record being read ({f}); the output would replace it: "
                  "give another file name")
    folder, base = os.path.split(os.path.realpath(name))
    if os.path.lexists(os.path.join(folder, f".{base}.lock")):
        from ..entry.session import held_elsewhere

        if held_elsewhere(name):
            _fail(f"-o {output}: that record is open in `scorekeep play` or `add`; -o never writes over a record")
    if not os.path.isfile(name):
        return
    from ..errors import InputError
    from ..yamlio import Map, parse, read_text

    try:
        root = parse(read_text(name))
    except InputError:
        return
    if isinstance(root, Map) and root.get("game") is not None and root.get("players") is not None:
        _fail(f"-o {output}: that file is a game record; -o never writes over a record: give another file name")


def _internal(path: str, exc: BaseException | str) -> NoReturn:
    what = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    _fail(f"{path}: internal error ({what}); this is a bug in scorekeep, please report it with the record", 3)


def _version(value: bool) -> None:
    if value:
        _out(f"scorekeep {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Scoresheet and rule-checker for Rook, Oh Hell and Daifugō (大富豪) game records.

    \b
    Records are YAML files describing what happened at the table; the format
    is described in README.md, section "Records" (with an example per game).
    \b
    Exit codes:
      0    no violations
      1    the record breaks a rule (the violations are listed)
      2    unreadable input (file:line: what is wrong) or a wrong option
      3    internal error: a bug in scorekeep, please report it
      4    the output could not be written (disk full, I/O error)
      141  the output was cut off (a closed pipe, e.g. `| head`)
    """


def _load_partial(path: Path, rule: "list[str] | None" = None):  # type: ignore[no-untyped-def]
    """(audit, unreadable): the audit of the part before the first unreadable hand or game (and
    the input errors, empty when it is all readable),
    after writing every warning and input error to stderr; exit 2 if nothing is readable.
    With `rule` (`--rule` overrides): (what-if, unreadable), the record scored under its own
    rules and under the overrides; exit 2 when an override or the header cannot be read."""
    from ..errors import InputError

    name = path_name(path)
    data = read_stdin() if name == STDIN else None  # (the library never touches the streams)
    pairs = _pairs(rule) if rule else {}
    try:
        if rule:
            from ..whatif import compare_partial

            rep = compare_partial(name, pairs, data)
        else:
            from ..report import check_file

            rep = check_file(name, data)  # (input errors are reported, never raised)
    except InputError as e:
        _fail(str(e).removeprefix("scorekeep: "))
    except Exception as e:  # noqa: BLE001
        _internal(name, e)
    said(rep.warnings, rep.errors)
    loaded = rep.what_if if rule else rep.audit
    if loaded is None:
        raise typer.Exit(2)
    return loaded, rep.errors


def _pairs(rule: list[str]) -> dict[str, str]:
    """`--rule KEY=VALUE` as options; a slip there is the command line's, at no place in the record."""
    from ..errors import InputError
    from ..whatif import parse_pairs

    try:
        return parse_pairs(rule)
    except InputError as e:
        _fail(e.message)


STDIN = "<stdin>"  # how standard input (`-`) is named in messages and in JSON


def path_name(path: Path | str) -> str:
    """A record's path as messages and JSON name it: `-` is `<stdin>`, as in `check`."""
    name = str(path)
    return STDIN if name == "-" else name


def read_stdin() -> bytes:
    """Standard input's bytes (one byte past the size limit, so that the reader can say it is
    too big); exit 2 with one line when there is no standard input to read (`<&-`)."""
    from ..yamlio import MAX_BYTES

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        _fail("`-`: standard input is closed: pipe a record in (`cat game.yaml | scorekeep check -`)")
    try:
        return stream.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:
        _fail(f"`-`: cannot read standard input ({getattr(e, 'strerror', None) or e})")


def said(warnings, errors) -> None:  # type: ignore[no-untyped-def]
    """Every warning, then every input error of a file, one `scorekeep: file:line: …` line each
    on stderr (control characters escaped)."""
    for x in (*warnings, *errors):
        _err(f"scorekeep: {x}")


def ascii_output() -> bool:
    """Whether stdout cannot take any Unicode character (then JSON escapes non-ASCII)."""
    import codecs

    try:
        return codecs.lookup(sys.stdout.encoding or "ascii").name not in ("utf-8", "utf-16", "utf-32")
    except (LookupError, AttributeError):
        return True


def run() -> NoReturn:
    """Run the app with writing inside the same error handling as reading: a full disk is
    one line and exit 4, a closed pipe ends quietly (141), never a traceback."""
    _streams()
    _stop_on_signals()
    stdout = sys.stdout
    code: int | str | None = 0
    try:
        try:
            app()
        except SystemExit as e:
            code = e.code
        if sys.stdout is not stdout:  # Click swallowed a broken pipe and replaced stdout
            raise Unwritable(BrokenPipeError(errno.EPIPE, "Broken pipe"))
        try:
            sys.stdout.flush()
        except OSError as e:
            raise Unwritable(e) from None
    except Unwritable as e:
        code = _unwritable(e.error)
    except OSError as e:  # a write elsewhere (Click's echo of the help, a command's own write)
        code = _unwritable(e) if e.errno in (errno.EPIPE, errno.EBADF, *_FULL) else _bug(e)
    except Exception as e:  # noqa: BLE001 - rendering fails like reading does: exit 3, no traceback
        code = _bug(e)
    sys.exit(code)


def _stop_on_signals() -> None:
    """A closed terminal (SIGHUP) or a plain kill (SIGTERM) ends a command as an exit does,
    so that a half-written temporary file and the lock of `play` or `add` are removed (the
    exit code is 128 + the signal's number, as the shell gives)."""
    import signal

    for name in ("SIGTERM", "SIGHUP"):  # (Windows has no SIGHUP)
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, _exit_on_signal)


def _exit_on_signal(signum: int, _frame: object) -> NoReturn:
    raise SystemExit(128 + signum)


class _ClosedOutput(io.TextIOBase):
    """Stands for a standard output the shell closed (`>&-`): Python makes it None, which every
    write would turn into an AttributeError, a "bug" with exit 3; a write fails as an I/O
    error does instead (one line, exit 4)."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _streams() -> None:
    """Stand-ins for standard streams the shell closed: an input at its end at once, as
    /dev/null is (`play` stops and saves; it has no `buffer`, so that `-` says standard input
    is closed), and an error stream that drops what it is given (there is nowhere left to say it).
    Never fail on a character the output's encoding lacks (PYTHONIOENCODING=ascii, a latin-1
    terminal): write it as a backslash escape instead."""
    if sys.stdin is None:
        sys.stdin = io.StringIO()
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stderr is None:
        sys.stderr = io.StringIO()
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError):  # not a text file, detached or closed
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def _bug(e: BaseException) -> int:
    import os

    if os.environ.get("SCOREKEEP_DEBUG"):  # for a developer: the traceback
        raise e
    _err(f"scorekeep: internal error ({type(e).__name__}: {e}); this is a bug in scorekeep, please report "
         "it with the record (SCOREKEEP_DEBUG=1 shows where)")
    return 3


def _unwritable(e: OSError) -> int:
    import os

    with suppress(OSError, ValueError):  # fd 1 to /dev/null: the interpreter's last flush cannot fail again
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(fd)
    if isinstance(e, BrokenPipeError) or e.errno == errno.EPIPE:
        return CLOSED_PIPE
    _err(f"scorekeep: cannot write the output: {e.strerror or e}")
    return WRITE_FAILED
