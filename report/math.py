"""Mathematics for the HTML report: MathML that Chromium and Firefox render natively.

Three kinds of text carry formulas, and each has its own route to MathML (no network, no
script at view time):

* a claim statement written by sympy (``sp.sstr``: ``alpha*(x1 - y1) <= V(x) - V(y)``) is parsed
  back with sympy, printed as LaTeX by ``sp.latex`` and converted by ``latex2mathml``
  (:func:`statement_html`);
* text with TeX between dollars (the sources' own ``$…$`` and ``$$…$$``) — each formula through
  ``latex2mathml`` (:func:`tex_text_html`);
* prose with formulas typed in Unicode (errata, procedure claims: ``2 t^{−2α}``,
  ``sqrt(α log t / n_i(t))``, ``Σ_(e=K+1)^L``) — every sub/superscripted atom and every
  ``sqrt(…)`` becomes a small inline ``<math>``; the rest stays text, with ``<=``/``>=``/``!=``
  printed as ≤, ≥, ≠ (:func:`prose_html`).

Every function returns HTML that is safe to embed (text escaped); when a formula cannot be
converted the escaped text is kept, so nothing is lost and nothing raises.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

#: a sympy statement longer than this is folded (a K = 5 instance expands to kilobytes of MathML)
LONG_STATEMENT = 400
#: characters a sympy statement may hold before we try to parse it (names, numbers, operators)
_SYMPY_CHARS = re.compile(r"^[\w\s+\-*/().,<>=!\[\]]+$")
_GIVEN = "  given  "


@lru_cache(maxsize=4096)
def latex_mathml(tex: str, display: bool = False) -> str | None:
    """``latex2mathml``'s MathML for ``tex``, or None when it cannot convert it."""
    from latex2mathml.converter import (
        convert,  # a declared dependency: missing means a broken install
    )
    try:
        out = convert(tex, display="block" if display else "inline")
    except Exception:  # noqa: BLE001 - a converter error means: keep the source text
        return None
    return _compact(out) if "<merror" not in out else None


_XMLNS = ' xmlns="http://www.w3.org/1998/Math/MathML"'
_CHARREF = re.compile(r"&#x([0-9A-Fa-f]+);")


def _compact(mml: str) -> str:
    """Shorter MathML for an HTML page: no namespace attribute (the HTML parser puts ``<math>`` in
    it) and characters instead of numeric references (except ``<``, ``>``, ``&``, ``"``)."""
    def char(m):
        c = chr(int(m.group(1), 16))
        return m.group(0) if c in '<>&"' else c

    return _CHARREF.sub(char, mml.replace(_XMLNS, ""))


@lru_cache(maxsize=4096)
def sympy_latex(text: str) -> str | None:
    """LaTeX of a sympy-printed relational or expression (``Eq(a, b)``, ``x1 - y1 <= 0``), or None."""
    if not text or not _SYMPY_CHARS.match(text) or "__" in text or "lambda" in text:
        return None
    import sympy as sp
    from sympy.parsing.sympy_parser import parse_expr

    try:
        expr = parse_expr(text, evaluate=False)
        if not isinstance(expr, (sp.core.relational.Relational, sp.Eq)):
            return None  # a bare name ("DCM-L2") or expression is not a statement
        return sp.latex(expr)
    except Exception:  # noqa: BLE001 - not a sympy expression: the caller keeps the text
        return None


def statement_html(text: str) -> str:
    """A claim statement as HTML: MathML when sympy can read it back, prose with math otherwise.

    ``"… given …"`` (the engine's assumptions) keeps its word; each side is converted.
    """
    head, _, given = text.partition(_GIVEN)
    out = _relation_html(head)
    if given:
        out += ' <span class="given">given</span> ' + ", ".join(_relation_html(g) for g in given.split(", "))
    return out


def _relation_html(text: str) -> str:
    tex = sympy_latex(text.strip())
    mml = latex_mathml(tex) if tex else None
    return mml if mml else prose_html(text)


def is_long(text: str) -> bool:
    return len(text) > LONG_STATEMENT


# ------------------------------------------------------------------ TeX between dollars

_TEX = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$", re.DOTALL)


#: TeX commands that mark a formula a source prints without ``$`` (the blogs' text lost its delimiters
#: when extracted); only these start one, so a ``\\n`` in code never does
_TEX_COMMANDS = frozenset(["mathbf", "mathcal", "mathrm", "mathbb", "boldsymbol", "bm", "bar", "hat", "tilde", "widehat", "overline", "sum", "prod", "frac", "dfrac", "tfrac", "sqrt", "in", "notin", "le", "leq", "ge", "geq", "neq", "approx", "sim", "simeq", "equiv", "propto", "left", "right", "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega", "cdot", "cdots", "ldots", "dots", "times", "infty", "to", "mapsto", "log", "exp", "max", "min", "argmax", "argmin", "arg", "sup", "inf", "lim", "forall", "exists", "subset", "subseteq", "begin", "underbrace", "quad", "cup", "cap", "partial", "nabla", "mid", "top", "operatorname", "text", "mathop"])
#: a run of formula text: no newline, nothing outside ASCII but Greek letters and math symbols
_RUN_CHAR = re.compile(r"[\x20-\x7e\u00b7\u00d7\u0370-\u03ff\u2200-\u22ff\u2032\u2212]")
_PROSE_WORD = re.compile(r" (?:[A-Za-z]{3,})\b")


def _bare_spans(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of TeX printed without delimiters: from a known command to where the formula's
    characters end (a Japanese or Russian letter, a newline, or an English word after a space),
    braces balanced; never inside a ``$…$`` span."""
    out, i = [], 0
    inside = lambda k: any(a <= k < b for a, b in taken)
    for m in re.finditer(r"\\([A-Za-z]+)", text):
        a = m.start()
        if a < i or m.group(1) not in _TEX_COMMANDS or inside(a):
            continue
        while a > 0 and _RUN_CHAR.match(text[a - 1]) and not text[a - 1].isspace():
            a -= 1  # "E=\\{…" starts at E
        b = m.end()
        env = re.match(r"\{(\w+\*?)\}", text[b:]) if m.group(1) == "begin" else None
        end = text.find(f"\\end{{{env.group(1)}}}", b) if env else -1
        if end >= 0 and end - b < 4000 and not inside(end):  # an environment spans lines
            out.append((a, end + len(env.group(1)) + 6))
            i = out[-1][1]
            continue
        while b < len(text) and _RUN_CHAR.match(text[b]) and not inside(b):
            if text[b] == " " and _PROSE_WORD.match(text, b) and text[b + 1] != "\\":
                break
            b += 1
        while b > a and text[b - 1] in " ,.;:":
            b -= 1
        seg = text[a:b]
        depth, ok, last_zero = 0, True, a
        for k, c in enumerate(seg):
            depth += (c == "{") - (c == "}")
            if depth < 0:
                ok = False
                break
            if depth == 0:
                last_zero = a + k + 1
        if not ok or depth != 0:
            b = last_zero
        if b > m.end() - 1:
            out.append((a, b))
            i = b
    return out


def tex_spans(text: str) -> list[tuple[int, int]]:
    """Character spans ``[a, b)`` of every ``$$…$$`` and ``$…$`` formula of ``text``, and of TeX
    printed without delimiters (from a known command on, :func:`_bare_spans`)."""
    delimited = [m.span() for m in _TEX.finditer(text)]
    return sorted(delimited + _bare_spans(text, delimited))


#: an inline formula with more TeX than this gets its own horizontally scrolling box
WIDE_TEX = 60
_BLOCK = "display:block;overflow-x:auto;overflow-y:hidden;max-width:100%"
_INLINE_BOX = "display:inline-block;overflow-x:auto;overflow-y:hidden;max-width:100%;vertical-align:middle"
#: environments latex2mathml prints as text ("&" and a newline that never breaks) -> ones it tables
_ENVIRONMENTS = {"aligned": "split", "alignedat": "split", "eqnarray": "align*", "eqnarray*": "align*",
                 "align": "align*", "gathered": "split", "gather": "split", "gather*": "split"}


def _environments(tex: str) -> str:
    return re.sub(r"\\(begin|end)\{(\w+\*?)\}(\{\d+\})?",
                  lambda m: (f"\\{m.group(1)}{{{_ENVIRONMENTS[m.group(2)]}}}" if m.group(2) in _ENVIRONMENTS
                             else m.group(0)), tex)


def _unconverted(tex: str) -> str:
    """TeX that latex2mathml cannot read (the sources' extraction damaged some: ``\\right`` cut into
    a newline and ``ight``): shown as printed, marked, and counted by the browser check."""
    return (f'<code class="tex verbatim" title="TeX as the source prints it (not convertible)">'
            f"{html.escape(tex)}</code>")


def snap_to_formulas(spans, formulas) -> list:
    """``(a, b, tag)`` spans widened so that no end falls strictly inside a formula ``[s, e)``."""
    out = []
    for a, b, tag in spans:
        for s, e in formulas:
            if s < a < e:
                a = s
            if s < b < e:
                b = e
        out.append((a, b, tag))
    return out


#: TeX commands whose backslash and first letter the text extraction of the sources ate: ``\b``,
#: ``\f``, ``\t``, ``\r``, ``\a``, ``\v`` and ``\n`` were read as control characters and dropped, so the
#: DCM slides print ``$$egin{aligned} & orall ilde{v}`` for ``\begin{aligned} & \forall \tilde{v}``.
#: damaged spelling -> command; ``True``: the command takes a ``{…}`` argument (required after it,
#: so a short spelling like ``ar`` is only read as ``\bar`` in ``ar{w}``)
DAMAGED = {"egin": ("begin", True), "orall": ("forall", False), "rac": ("frac", True),
           "ilde": ("tilde", True), "ext": ("text", True), "extbf": ("textbf", True),
           "extit": ("textit", True), "extrm": ("textrm", True), "imes": ("times", False),
           "heta": ("theta", False), "ightarrow": ("rightarrow", False), "ight": ("right", False),
           "abla": ("nabla", False), "lpha": ("alpha", False), "rg": ("arg", False), "ar": ("bar", True),
           "ec": ("vec", True), "arepsilon": ("varepsilon", False), "arphi": ("varphi", False),
           "oldsymbol": ("boldsymbol", True), "inom": ("binom", True), "au": ("tau", False),
           "ot": ("not", False), "eq": ("neq", False)}
_DAMAGE = re.compile(r"(?<![\\A-Za-z])(" + "|".join(sorted(DAMAGED, key=len, reverse=True)) + r")(?![A-Za-z])(\s*\{)?")
#: spellings that are words of their own inside a formula too: read as damage only next to other damage
_WEAK = frozenset({"ot", "eq", "au", "rg"})


def extraction_damage(tex: str) -> tuple[str, list[tuple[str, str]]]:
    """The likely original of ``tex`` (a formula as a source prints it) and the damaged spellings
    found, ``[("egin", "\\begin"), …]``; ``(tex, [])`` when nothing looks damaged."""
    found = []
    for m in _DAMAGE.finditer(tex):
        cmd, takes_arg = DAMAGED[m.group(1)]
        if takes_arg and not m.group(2):
            continue
        found.append((m.start(1), m.group(1), cmd))
    if not found or all(w in _WEAK for _, w, _ in found):
        return tex, []
    out, last = [], 0
    for a, w, cmd in found:
        out += [tex[last:a], "\\" + cmd]
        last = a + len(w)
    out.append(tex[last:])
    return "".join(out), [(w, "\\" + cmd) for _, w, cmd in found]


def damage_html(tex: str) -> str:
    """A small marker after a formula the text extraction damaged: what was lost and the likely
    original TeX (rendered, when it converts); empty when ``tex`` looks intact.  The quoted text
    itself is never changed."""
    fixed, found = extraction_damage(tex)
    if not found:
        return ""
    pairs = ", ".join(dict.fromkeys(f"{w} → {c}" for w, c in found))
    mml = latex_mathml(_environments(fixed.strip("$").strip()))
    shown = f"<br>{mml}" if mml else ""
    return ('<details class="damage"><summary title="a backslash and the letter after it were lost when '
            'the source text was extracted (\\b, \\f, \\t read as control characters)">'
            "⚠ extraction damage</summary>"
            f"extraction damage in the source text: {html.escape(pairs)}; likely original TeX: <code class=\"verbatim\">{html.escape(fixed)}</code>"
            f"{shown}</details>")


def tex_text_html(text: str) -> str:
    """Text with ``$…$`` / ``$$…$$`` formulas (and TeX printed without them, from a known command on):
    each formula as MathML, the rest escaped."""
    out, last = [], 0
    for a, b in tex_spans(text):
        if a < last:
            continue
        out.append(html.escape(text[last:a]))
        m = _TEX.fullmatch(text, a, b)
        if m is None:  # a bare formula
            block = "\n" in text[a:b]  # an environment over several lines is a displayed formula
            mml = latex_mathml(_environments(text[a:b].strip()), display=block)
            if mml and block:
                mml = f'<span style="{_BLOCK}">{mml}</span>'
            out.append((mml if mml else _unconverted(text[a:b])) + damage_html(text[a:b]))
            last = b
            continue
        display = m.group(1) is not None
        tex = m.group(1) if display else m.group(2)
        mml = latex_mathml(_environments(tex.strip()), display=display)
        if mml and (display or len(tex) > WIDE_TEX):  # a wide formula scrolls in its own box
            mml = f'<span style="{_BLOCK if display else _INLINE_BOX}">{mml}</span>'
        out.append((mml if mml else _unconverted(m.group(0))) + damage_html(tex))
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


# ------------------------------------------------------------- prose with Unicode math

_LETTERS = r"[^\W_]"  # a letter or digit (Unicode), never the underscore
_ATOM = re.compile(rf"(({_LETTERS}[\u0300-\u036f]*)+|[∏∑Σ∫⋃⋂])(?=[_^])")
_RELS = (("<=", "≤"), (">=", "≥"), ("!=", "≠"), ("->", "→"))
#: multi-letter bases that are one operator name, not a code identifier
_NAMES = {"log", "exp", "max", "min", "argmax", "argmin", "sup", "inf", "lim", "Pr", "KL", "sqrt"}


def _balanced(text: str, i: int, open_: str, close: str) -> int:
    """Index just past the bracket matching ``text[i] == open_``, or -1."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def _script(text: str, i: int, strict: bool = False) -> tuple[str, int] | None:
    """The argument of a ``_``/``^`` at ``text[i-1]``: ``{…}``, ``(…)`` or a run of letters/digits.

    ``strict`` (prose): a bare run must be short (``x_init`` is code, ``a^t_k`` is not).
    """
    if i >= len(text):
        return None
    c = text[i]
    for o, cl in (("{", "}"), ("(", ")")):
        if c == o:
            j = _balanced(text, i, o, cl)
            return (text[i + 1:j - 1], j) if j > 0 else None
    m = re.compile(rf"[−\-]?({_LETTERS}[\u0300-\u036f]*|[*ᵀ'′])+").match(text, i)
    if m:
        if strict and len(m.group(0)) > 3:
            return None
        return m.group(0), m.end()
    return None


def _mrow(text: str) -> str:
    """MathML content (no ``<math>``) of a short formula: identifiers, numbers, operators, scripts."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if text.startswith("sqrt(", i):
            j = _balanced(text, i + 4, "(", ")")
            if j > 0:
                out.append(f"<msqrt>{_mrow(text[i + 5:j - 1])}</msqrt>")
                i = j
                continue
        m = re.compile(r"\d+(\.\d+)?").match(text, i)
        if m:
            tok, i = f"<mn>{html.escape(m.group(0))}</mn>", m.end()
        else:
            m = re.compile(rf"(?:{_LETTERS}[\u0300-\u036f]*)+").match(text, i)
            if m:
                word = m.group(0)
                # a multi-letter word that is not a function name is a product of letters only in
                # textbooks; here names like "log", "KL", "argmax" are one identifier
                tok, i = f"<mi>{html.escape(word)}</mi>", m.end()
            else:
                tok, i = f"<mo>{html.escape(c)}</mo>", i + 1
        tok, i = _attach_scripts(text, i, tok)
        out.append(tok)
    return "<mrow>" + "".join(out) + "</mrow>"


def _attach_scripts(text: str, i: int, base: str, strict: bool = False) -> tuple[str, int]:
    sub = sup = None
    while i < len(text) and text[i] in "_^":
        got = _script(text, i + 1, strict)
        if got is None:
            break
        arg, j = got
        if text[i] == "_" and sub is None:
            sub = _mrow(arg)
        elif text[i] == "^" and sup is None:
            sup = _mrow(arg)
        else:
            break
        i = j
    if sub and sup:
        return f"<msubsup>{base}{sub}{sup}</msubsup>", i
    if sub:
        return f"<msub>{base}{sub}</msub>", i
    if sup:
        return f"<msup>{base}{sup}</msup>", i
    return base, i


def _inline(content: str) -> str:
    return f'<math display="inline">{content}</math>'


#: TeX quoted in prose: ``'\hat{mu}'`` in quotes, or a command named alone (``\bar mangled to 'ar'``)
_QUOTED_TEX = re.compile(r"'(?=\S)([^'\n]*\\[A-Za-z][^'\n]*)(?<=\S)'|(?<![\w\\])(\\[A-Za-z]+)(?![\w{])")


def prose_html(text: str) -> str:
    """Prose with Unicode formulas: scripted atoms and ``sqrt(…)`` as inline MathML, the rest text.

    TeX quoted in prose (``'\\hat{mu}' lacks its backslash``) is a quotation, shown verbatim.
    """
    if _QUOTED_TEX.search(text):
        parts, last = [], 0
        for m in _QUOTED_TEX.finditer(text):
            parts.append(prose_html(text[last:m.start()]))
            parts.append(f'<code class="verbatim">{html.escape(m.group(1) or m.group(2))}</code>')
            last = m.end()
        return "".join(parts) + prose_html(text[last:])
    for a, b in _RELS:
        text = text.replace(a, b)
    out, i, last = [], 0, 0
    while i < len(text):
        if text.startswith("sqrt(", i) and (i == 0 or not text[i - 1].isalnum()):
            j = _balanced(text, i + 4, "(", ")")
            if j > 0:
                out.append(html.escape(text[last:i]))
                out.append(_inline(f"<msqrt>{_mrow(text[i + 5:j - 1])}</msqrt>"))
                i = last = j
                continue
        m = _ATOM.match(text, i)
        if m and (i == 0 or not re.match(_LETTERS, text[i - 1])) and \
                (len(m.group(0)) <= 3 or m.group(0) in _NAMES):
            tag = "mo" if m.group(0) in "∏∑Σ∫⋃⋂" else "mi"
            base = f"<{tag}>{html.escape(m.group(0))}</{tag}>"
            tok, j = _attach_scripts(text, m.end(), base, strict=True)
            if j > m.end():
                out.append(html.escape(text[last:i]))
                out.append(_inline(tok))
                i = last = j
                continue
        i += 1
    out.append(html.escape(text[last:]))
    return "".join(out)


def auto_html(text: str) -> str:
    """Whichever route fits: dollars → TeX, a sympy statement → MathML, else prose with math."""
    if "$" in text and tex_spans(text):
        return tex_text_html(text)
    return statement_html(text)


# ------------------------------------------------------------------ a little Markdown with math

_INLINE_MD = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$|`([^`\n]+)`|\*\*(.+?)\*\*", re.DOTALL)


def _md_inline(text: str) -> str:
    out, last = [], 0
    for m in _INLINE_MD.finditer(text):
        out.append(html.escape(text[last:m.start()]))
        if m.group(1) is not None or m.group(2) is not None:
            out.append(tex_text_html(m.group(0)))
        elif m.group(3) is not None:
            out.append(f"<code>{html.escape(m.group(3))}</code>")
        else:
            out.append(f"<strong>{_md_inline(m.group(4))}</strong>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def markdown_html(text: str) -> str:
    """HTML of the Markdown a notebook's findings cell holds: headings, bullet lists, paragraphs,
    ``code``, **bold** and ``$…$`` formulas (as MathML).  Enough for findings cells, not a full parser."""
    out, items, para = [], [], []

    def flush():
        if para:
            out.append(f"<p>{_md_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_md_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        s = line.strip()
        if not s:
            flush()
        elif s.startswith("#"):
            flush()
            level = min(6, len(s) - len(s.lstrip("#")) + 2)
            out.append(f"<h{level}>{_md_inline(s.lstrip('#').strip())}</h{level}>")
        elif s[:2] in ("* ", "- "):
            if para:
                flush()
            items.append(s[2:])
        elif items and line[:1].isspace():
            items[-1] += " " + s
        else:
            if items:
                flush()
            para.append(s)
    flush()
    return "".join(out)
