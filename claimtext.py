"""A claim from text: ``clickbound check --expr/--latex ... --where ... --assume ...``.

Two input forms, one result (:func:`claim_from_text`, a :class:`clickbound.lemmas.Claim`, or an
:class:`clickbound.integers.IntegerClaim` when ``--where`` names an integer range):

* ``--expr "p*log(p/q) + (1-p)*log((1-p)/(1-q)) >= 2*(p-q)**2"`` — Python/sympy syntax (``^`` is
  also a power), parsed by :func:`sympy.parsing.sympy_parser.parse_expr` with a restricted
  namespace: only the functions of :data:`FUNCTIONS`, numbers and names (which become symbols).
  sympy's parser evaluates the string with ``eval``, so the text is screened first (its Python
  tokens): no attribute access (``.`` outside a number), no dunder or private names, no
  keywords, brackets, strings, lambdas or assignments reach it.
* ``--latex "D(p\\|q) \\ge 2(p-q)^2"`` — as copied from a paper, parsed by sympy's LaTeX parser
  (``parse_latex(..., backend="antlr")``; it needs ``antlr4-python3-runtime`` 4.11, a dependency
  of this package).  On the displayed formulas (``$$…$$`` blocks) of the five shipped sources the
  ANTLR back end parses 108 of 150, the pure-Python Lark back end 15 of 150 (sympy 1.14), hence
  the choice.  Before parsing, common notation is normalised: ``D(p\\|q)``, ``D_{KL}(p\\|q)``,
  ``\\mathrm{kl}(p,q)``, ``\\operatorname{KL}(p, q)`` → the Bernoulli KL divergence
  (:func:`clickbound.bounds.kl.kl_sym`, the project's one KL), ``\\geqslant``/``\\leqslant``,
  spacing commands and ``\\left``/``\\right`` dropped; ``\\pi`` is π; ``x_{1}`` is the symbol ``x_1``;
  ``x(1-x)`` is a product when ``x`` is a variable of the formula (else ``f(x)`` is an unknown function).

``--where "p in [1/100, 99/100], q in [1/100, 99/100], K in 1..6"`` gives each symbol a closed
box (``[lo, hi]``) or an integer range (``lo..hi``); ``--assume "p <= q"`` adds relational
assumptions.  Anything that cannot be turned into a claim is a ``ValueError`` that names it: an
unknown function, a symbol without a domain, a statement that is not one relation.
"""
from __future__ import annotations

import io
import keyword
import re
import tokenize

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.parsing.sympy_parser import (
    auto_number,
    auto_symbol,
    convert_xor,
    factorial_notation,
    parse_expr,
    rationalize,
    repeated_decimals,
)

from clickbound.bounds.kl import kl_sym


def _kl(p, q):
    return kl_sym(p, q)


#: the functions a statement may use (name -> sympy callable); any other applied function is an error
FUNCTIONS = {"log": sp.log, "ln": sp.log, "exp": sp.exp, "sqrt": sp.sqrt, "Abs": sp.Abs, "abs": sp.Abs,
             "Min": sp.Min, "Max": sp.Max, "min": sp.Min, "max": sp.Max, "floor": sp.floor,
             "ceiling": sp.ceiling, "kl": _kl, "KL": _kl, "D": _kl, "sin": sp.sin, "cos": sp.cos}
CONSTANTS = {"pi": sp.pi, "E": sp.E, "oo": sp.oo}
_ARITY = {"kl": 2, "KL": 2, "D": 2}
#: relational operators, longest first (split at the top level of the text)
_RELS = (("<=", sp.Le), (">=", sp.Ge), ("==", sp.Eq), ("<", sp.Lt), (">", sp.Gt), ("=", sp.Eq))
#: decimals become exact rationals (``0.1`` is 1/10): the engine decides in exact arithmetic
_TRANSFORMS = (auto_symbol, repeated_decimals, auto_number, rationalize, factorial_notation, convert_xor)
_ALLOWED_OPS = set("+-*/^(),!") | {"**"}


def _screen(text: str) -> None:
    """Reject anything but numbers, names, arithmetic and parentheses (the text reaches ``eval``)."""
    if "__" in text:
        raise ValueError(f"cannot parse {text!r}: double underscores are not allowed")
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError) as exc:
        raise ValueError(f"cannot parse {text!r}: {exc}") from None
    for tok in toks:
        if tok.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
            continue
        if tok.type == tokenize.NUMBER:
            if re.search(r"[jJ]$|^0[xXoObB]", tok.string):
                raise ValueError(f"cannot parse {text!r}: {tok.string!r} is not a real number literal")
            continue
        if tok.type == tokenize.NAME:
            if keyword.iskeyword(tok.string) or tok.string.startswith("_"):
                raise ValueError(f"cannot parse {text!r}: {tok.string!r} is not allowed in a formula")
            continue
        if tok.type == tokenize.OP and tok.string in _ALLOWED_OPS:
            continue
        what = "attribute access" if tok.string == "." else repr(tok.string)
        raise ValueError(f"cannot parse {text!r}: {what} is not allowed in a formula "
                         f"(numbers, names, + - * / ** ^ and parentheses only)")


def _split_relation(text: str) -> tuple[str, type, str]:
    depth, hits, i = 0, [], 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            for op, cls in _RELS:
                if text.startswith(op, i):
                    hits.append((i, op, cls))
                    i += len(op) - 1
                    break
        i += 1
    if not hits:
        raise ValueError(f"{text!r} is not a relation: a claim needs one of <=, >=, <, >, = between two sides")
    if len(hits) > 1:
        raise ValueError(f"{text!r} chains {len(hits)} relations: state one relation per claim "
                         "(put ranges of single symbols into --where)")
    i, op, cls = hits[0]
    lhs, rhs = text[:i].strip(), text[i + len(op):].strip()
    if not lhs or not rhs:
        raise ValueError(f"{text!r}: the relation {op!r} needs an expression on both sides")
    return lhs, cls, rhs


def parse_math(text: str, symbols: dict | None = None):
    """One expression in Python/sympy syntax, restricted namespace (module docstring)."""
    _screen(text)
    local = dict(symbols or {})
    glob = {"Integer": sp.Integer, "Float": sp.Float, "Rational": sp.Rational, "Symbol": sp.Symbol,
            "Function": sp.Function, "factorial": sp.factorial, **FUNCTIONS, **CONSTANTS}
    glob["__builtins__"] = {}
    try:
        expr = parse_expr(text, local_dict=local, global_dict=glob, transformations=_TRANSFORMS)
    except (SyntaxError, TypeError, NameError, AttributeError, ZeroDivisionError) as exc:
        raise ValueError(f"cannot parse {text!r}: {type(exc).__name__}: {exc}") from None
    return _finish(expr, text)


def _finish(expr, text: str):
    if not isinstance(expr, sp.Basic):
        raise ValueError(f"cannot parse {text!r}: it is not a formula (got {type(expr).__name__})")  # noqa: TRY004
    bad = sorted({f.func.__name__ for f in expr.atoms(AppliedUndef)})
    if bad:
        raise ValueError(f"unknown function {', '.join(bad)} in {text!r} (known: {', '.join(sorted(FUNCTIONS))})")
    return expr


def parse_relation(text: str, symbols: dict | None = None):
    """``lhs REL rhs`` in Python/sympy syntax → a sympy relational."""
    lhs, cls, rhs = _split_relation(text)
    return cls(parse_math(lhs, symbols), parse_math(rhs, symbols))


# ------------------------------------------------------------------ LaTeX

_KL_PATTERNS = (r"D_\{\s*\\?(?:mathrm\{)?KL\}?\s*\}", r"\\(?:mathrm|operatorname|text|mathsf)\{\s*(?:kl|KL|d)\s*\}",
                r"\\?\bkl\b", r"\\?\bKL\b", r"D_\{\s*KL\s*\}", r"D_KL")


def normalise_latex(text: str) -> str:
    """Notation as papers write it → what the LaTeX parser reads (module docstring)."""
    s = text.strip().strip("$").strip()
    for a, b in ((r"\geqslant", r"\geq"), (r"\leqslant", r"\leq"), (r"\dfrac", r"\frac"), (r"\tfrac", r"\frac"),
                 (r"\left", ""), (r"\right", ""), (r"\Big", ""), (r"\big", ""), (r"\displaystyle", "")):
        s = s.replace(a, b)
    s = re.sub(r"\\[,;:! ]", " ", s)
    for pat in _KL_PATTERNS:
        s = re.sub(pat, "D", s)
    s = re.sub(r"\\\|", ",", s)  # D(p\|q)
    s = re.sub(r"(?<=[\w}])\s*\|\|\s*", ",", s)  # D(p||q)
    s = re.sub(r"\\mid", ",", s)
    return s


def parse_latex_relation(text: str):
    """A relation copied from a paper (LaTeX) → a sympy relational with known functions resolved."""
    try:
        from sympy.parsing.latex import parse_latex
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ValueError(f"--latex needs sympy's LaTeX parser: {exc}") from None
    s = normalise_latex(text)
    try:
        expr = parse_latex(s, backend="antlr")
    except Exception as exc:  # noqa: BLE001 - the parser raises its own error types; say what failed
        msg = str(exc).strip().splitlines()
        raise ValueError(f"cannot parse the LaTeX {text!r} (as {s!r}): {msg[0] if msg else type(exc).__name__}"
                         ) from None
    if not isinstance(expr, sp.core.relational.Relational) or isinstance(expr, sp.core.relational.Ne):
        raise ValueError(  # noqa: TRY004 - bad input text, reported as the CLI's ValueError
            f"{text!r} is not a relation: a claim needs one of \\le, \\ge, <, >, = between two sides")
    return _resolve_latex(expr, text)


def _resolve_latex(expr, text: str):
    """Map the parser's undefined functions to :data:`FUNCTIONS`, ``pi`` to π, ``x_{1}`` to ``x_1``."""
    expr = expr.doit()  # log(x, E) -> log(x)
    rep = {}
    names = {s.name for s in expr.free_symbols}
    for f in expr.atoms(AppliedUndef):
        name = f.func.__name__
        if name not in FUNCTIONS:
            # ``x(1-x)``: the parser reads a function call; a paper means x·(1−x) when x is a variable there
            if name in names and len(f.args) == 1:
                rep[f] = sp.Symbol(name) * f.args[0]
            continue
        if name in _ARITY and len(f.args) != _ARITY[name]:
            raise ValueError(f"{name} takes {_ARITY[name]} arguments in {text!r}, got {len(f.args)}")
        rep[f] = FUNCTIONS[name](*f.args)
    expr = expr.xreplace(rep)
    subs = {}
    for s in expr.free_symbols:
        if s.name in ("pi",):
            subs[s] = sp.pi
        elif "{" in s.name or "\\" in s.name:
            subs[s] = sp.Symbol(re.sub(r"[{}\\]", "", s.name))
    subs.update({f: sp.Rational(str(f)) for f in expr.atoms(sp.Float)})  # 0.1 is 1/10, exactly
    return _finish(expr.xreplace(subs), text)


# ------------------------------------------------------------------ domains and assumptions


def _split_top(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c in ",;" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    out.append(cur)
    return [x.strip() for x in out if x.strip()]


def _number(text: str):
    v = parse_math(text.strip())
    if v.free_symbols or not v.is_real:
        raise ValueError(f"a domain end must be a real number, got {text!r}")
    return sp.nsimplify(v) if isinstance(v, sp.Float) else v


def parse_where(text: str) -> tuple[dict, dict]:
    """``"p in [a, b], K in 1..6"`` → ``({name: (a, b)}, {name: (lo, hi)})`` (boxes, integer ranges)."""
    boxes, ints = {}, {}
    for item in _split_top(text or ""):
        m = re.fullmatch(r"([A-Za-z][A-Za-z0-9_]*)\s+in\s+(.+)", item)
        if not m:
            raise ValueError(f"cannot read the domain {item!r}: write 'x in [lo, hi]' or 'K in 1..6'")
        name, rng = m.group(1), m.group(2).strip()
        if name in boxes or name in ints:
            raise ValueError(f"{name} has two domains in --where")
        mi = re.fullmatch(r"\{?\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*\}?", rng)
        if mi:
            lo, hi = int(mi.group(1)), int(mi.group(2))
            if lo > hi:
                raise ValueError(f"{name} in {lo}..{hi}: empty range")
            ints[name] = (lo, hi)
            continue
        mb = re.fullmatch(r"\[(.+)\]", rng)
        if not mb:
            raise ValueError(f"cannot read the domain {item!r}: write 'x in [lo, hi]' (closed) or 'K in 1..6'")
        ends = _split_top(mb.group(1))
        if len(ends) != 2:
            raise ValueError(f"{item!r}: a box needs two ends [lo, hi]")
        boxes[name] = (_number(ends[0]), _number(ends[1]))
    return boxes, ints


def claim_from_text(claim_id: str, *, expr: str | None = None, latex: str | None = None, where: str = "",
                    assume=(), source: str = "command line"):
    """The claim the text states (module docstring); ``ValueError`` naming what cannot be read."""
    if (expr is None) == (latex is None):
        raise ValueError("give exactly one of --expr and --latex")
    statement = parse_relation(expr) if expr is not None else parse_latex_relation(latex)
    boxes, ints = parse_where(where)
    by_name: dict[str, sp.Symbol] = {}
    assumptions = []
    for a in assume or ():
        for part in _split_top(a):
            try:
                assumptions.append(parse_relation(part))
            except ValueError:
                assumptions.append(parse_latex_relation(part) if "\\" in part else parse_relation(part))
    for rel in (statement, *assumptions):
        for s in rel.free_symbols:
            by_name.setdefault(s.name, s)
    # one symbol per name: the LaTeX and Python parses make plain symbols of the same name
    statement = statement.xreplace({s: by_name[s.name] for s in statement.free_symbols})
    assumptions = [a.xreplace({s: by_name[s.name] for s in a.free_symbols}) for a in assumptions]
    missing = sorted(n for n in by_name if n not in boxes and n not in ints)
    if missing:
        raise ValueError(f"no domain for {', '.join(missing)}: add it to --where, e.g. "
                         f"\"{missing[0]} in [0, 1]\" (a closed box) or \"{missing[0]} in 1..6\" (integers)")
    unused = sorted(n for n in (*boxes, *ints) if n not in by_name)
    if unused:
        raise ValueError(f"--where names {', '.join(unused)}, which the statement does not use "
                         f"(its symbols: {', '.join(sorted(by_name)) or 'none'})")
    domain = {by_name[n]: v for n, v in boxes.items()}
    from clickbound.lemmas import Claim

    text = expr if expr is not None else latex
    if ints:
        from clickbound.integers import IntegerClaim

        return IntegerClaim(id=claim_id, statement=statement, domain=domain,
                            integers={by_name[n]: v for n, v in ints.items()}, assumptions=tuple(assumptions),
                            source=source, description=text)
    return Claim(id=claim_id, statement=statement, domain=domain, assumptions=tuple(assumptions),
                 source=source, description=text)


def using_derivation(claim, source):
    """``claim`` with the derivation (``proof=``) of the catalogue claim ``source`` (``--using ID``).

    The typed claim's symbols are matched to ``source``'s by name (a text has no other identity); the
    engine then accepts the derivation only after checking, itself, that its conclusion implies the
    typed statement on the typed box (``lemmas/engine/link.py``), so a wrong citation is not a proof.
    """
    import dataclasses

    if not hasattr(claim, "proof"):
        raise ValueError(f"--using applies to a claim over a real box, not to {type(claim).__name__} {claim.id}")
    proof = getattr(source, "proof", None)
    if proof is None:
        raise ValueError(f"{source.id} has no derivation to use (a catalogue Claim with proof=)")
    names = {s.name: s for s in source.symbols}
    if hasattr(source, "domain"):
        names.update({s.name: s for s in source.domain})
    m = {s: names[s.name] for s in claim.symbols if s.name in names}
    return dataclasses.replace(
        claim, statement=claim.statement.xreplace(m), domain={m.get(k, k): v for k, v in claim.domain.items()},
        assumptions=tuple(a.xreplace(m) for a in claim.assumptions), proof=proof,
        source=f"{claim.source}; derivation of {source.id}")
