"""Terminal tables that fit the screen: cells wrap, columns that cannot fit are named, nothing is cut.

One small wrapper of ours (no table library: the commands need wrapping, a width budget,
East-Asian double-width characters — the sources' Japanese — and a footer naming hidden
columns, which is a screenful of code).

* :func:`terminal_width` — ``--width N`` if given, else the terminal's width, else 100
  (not a TTY: pipes, files, tests);
* :func:`display_width` — columns a string takes (CJK ideographs and kana count 2);
* :func:`wrap` — a string broken into lines of at most ``width`` columns, at spaces where it
  can, inside a word only when the word alone is wider;
* :func:`table` — lines of a table within a width: columns shrink (wrapping their cells) down
  to their minimum, and when even the minima do not fit, the columns given as droppable go,
  last first, and the table says so in a footer line.
"""
from __future__ import annotations

import shutil
import sys
import unicodedata

#: width used when the output is not a terminal and no ``--width`` is given
DEFAULT_WIDTH = 100
#: the narrowest ``--width`` the tables accept (below this no listing is readable)
MIN_WIDTH = 40
GAP = "  "


def terminal_width(requested: int | None = None, stream=None) -> int:
    """``requested`` if given; the terminal's columns when ``stream`` (stdout) is a TTY; else 100.

    ``COLUMNS`` in the environment counts as the terminal's width (as ``shutil`` reads it)
    only when the output is a TTY, so piped output and tests get 100 whatever the shell set.
    """
    if requested is not None:
        if requested < MIN_WIDTH:
            raise ValueError(f"--width must be at least {MIN_WIDTH}, got {requested}")
        return requested
    stream = sys.stdout if stream is None else stream
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return DEFAULT_WIDTH
    return max(MIN_WIDTH, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


def char_width(c: str) -> int:
    if unicodedata.combining(c) or c in "\u200b\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def display_width(s: str) -> int:
    """Terminal columns of ``s`` (wide East-Asian characters count 2, combining marks 0)."""
    if s.isascii():
        return len(s)
    return sum(char_width(c) for c in s)


#: characters after which a word too long for its cell is preferably broken (ids, lists, paths)
BREAK_AFTER = "/,-_]);:=|"


def _split_word(word: str, width: int) -> list[str]:
    out = []
    while display_width(word) > width:
        cut, w = 0, 0
        for k, c in enumerate(word):  # the longest prefix that fits
            if w + char_width(c) > width:
                break
            w += char_width(c)
            cut = k + 1
        nice = max((k + 1 for k in range(cut) if word[k] in BREAK_AFTER), default=0)
        cut = nice if nice > cut // 2 else max(cut, 1)
        out.append(word[:cut])
        word = word[cut:]
    return [*out, word] if word else out


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns (at least one line; newlines kept).

    Breaks at spaces; a word wider than ``width`` is broken inside (every character kept).
    """
    width = max(1, width)
    lines: list[str] = []
    for para in str(text).split("\n"):
        cur, w, started = "", 0, False
        for word in para.split(" "):
            ww = display_width(word)
            if started and w + 1 + ww <= width:
                cur, w = cur + " " + word, w + 1 + ww
                continue
            if started:
                lines.append(cur)
            if ww <= width:
                cur, w = word, ww
            else:
                *full, cur = _split_word(word, width)
                lines += full
                w = display_width(cur)
            started = True
        lines.append(cur)
    return lines or [""]


def _pad(s: str, width: int, right: bool = False) -> str:
    fill = " " * max(0, width - display_width(s))
    return fill + s if right else s + fill


def fit_widths(natural: list[int], minimum: list[int], avail: int) -> list[int]:
    """Column widths: each at least its minimum, at most its natural width, summing to at most
    ``avail`` when the minima allow — the room above the minima is shared evenly (one column at
    a time, the one with the least extra so far), so a column that needs little gets all it needs."""
    widths = [min(m, n) for m, n in zip(minimum, natural)]
    room = avail - sum(widths)
    while room > 0:
        short = [i for i, (w, n) in enumerate(zip(widths, natural)) if w < n]
        if not short:
            break
        i = min(short, key=lambda j: widths[j] - minimum[j])
        widths[i] += 1
        room -= 1
    return widths


def table(columns: list[str], rows: list[list[str]], width: int, *, minimum: dict[str, int] | None = None,
          droppable: tuple[str, ...] = (), right: tuple[str, ...] = (),
          details: list[str] | None = None) -> tuple[list[str], list[str], int]:
    """``(lines, hidden_columns, width_for_all)``: the table in at most ``width`` columns, and the
    width at which no column would be hidden.

    ``minimum[col]`` is the narrowest a column may wrap to (default: its header's longest word,
    at least 4); ``droppable`` columns, dropped last-named first, go only when the minima of the
    rest do not fit; ``right`` columns are right-aligned.  Cells wrap; none is cut.  ``details[k]``
    (optional, one per row) is printed under row ``k``, indented, wrapped to the table's width.
    """
    minimum = minimum or {}
    cols = list(range(len(columns)))
    hidden: list[str] = []

    def mins(idx):
        return [max(4, minimum.get(columns[i], max(display_width(w) for w in columns[i].split()))) for i in idx]

    width_for_all = sum(mins(cols)) + len(GAP) * (len(cols) - 1)
    drop = [columns.index(c) for c in droppable if c in columns]
    while sum(mins(cols)) + len(GAP) * (len(cols) - 1) > width and drop:
        i = drop.pop()
        cols.remove(i)
        hidden.insert(0, columns[i])
    natural = [max([display_width(columns[i])] + [display_width(line) for r in rows
                                                  for line in str(r[i]).split("\n")]) for i in cols]
    widths = fit_widths(natural, mins(cols), width - len(GAP) * (len(cols) - 1))
    out = []
    header = [wrap(columns[i], w) for i, w in zip(cols, widths)]
    body = [[wrap(str(r[i]), w) for i, w in zip(cols, widths)] for r in rows]
    for k, cells in enumerate([header, None, *body]):
        if cells is None:
            out.append(GAP.join("-" * w for w in widths).rstrip())
            continue
        for j in range(max(len(c) for c in cells)):
            out.append(GAP.join(_pad(c[j] if j < len(c) else "", w, columns[i] in right)
                                for c, w, i in zip(cells, widths, cols)).rstrip())
        if k >= 2 and details and details[k - 2]:
            out += ["    " + line for line in wrap(details[k - 2], width - 4)]
    return out, hidden, width_for_all


def hidden_columns_line(hidden: list[str], width_for_all: int) -> str:
    """The footer naming the columns left out for width (empty when none were)."""
    if not hidden:
        return ""
    return f"columns hidden: {', '.join(hidden)}; --width {width_for_all} to show"



def labelled(label: str, text: str, width: int, indent: int = 2, label_width: int = 12) -> list[str]:
    """``label : text`` with the text wrapped under itself (a hanging indent) within ``width``."""
    head = " " * indent + label.ljust(label_width) + " : "
    body = wrap(text, max(10, width - len(head)))
    return [head + body[0], *(" " * len(head) + b for b in body[1:])]


def fit_lines(lines: list[str], width: int) -> list[str]:
    """Every line wrapped to ``width``: a ``label : text`` line (the colon within its first 14
    columns) hangs under its text, any other under its own indentation plus two."""
    out = []
    for line in lines:
        if display_width(line) <= width:
            out.append(line)
            continue
        colon = line.find(": ")
        lead = colon + 2 if 0 < colon < 14 and line[:colon].strip() else len(line) - len(line.lstrip()) + 2
        lead = min(lead, width // 2)
        head, rest = line[:lead], line[lead:]
        body = wrap(rest, width - lead)
        out += [head + body[0], *(" " * lead + b for b in body[1:])]
    return out
