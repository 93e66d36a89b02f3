"""Certified (arb ball) evaluation: containment, exact zeros, domains, near-zero signs."""
import random
from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from flint import ctx

from clickbound.lemmas.engine.certified import CERTIFIED_METHOD, arb_eval, certified_relation, certified_sign

R = sp.Rational
x, y, z = sp.symbols("x y z")

# Each defined for all x, y, z in [-2, 2] (so a None from arb_eval is a failure).
EXPRESSIONS = [
    x**3 - 2 * x * y + z,
    (x - y) ** 2 * (x + z) - R(1, 3),
    (x**2 - y) / (1 + x**2 + y**2),
    x * y * z / (3 + x**2),
    1 / (5 - x - y),
    sp.log(1 + x**2 + y**2),
    sp.exp(x * y) - z,
    sp.sqrt(1 + x**2) * y,
    sp.Abs(x - y) + sp.Abs(z),
    sp.Max(x, y) - sp.Min(y, z) * x,
    sp.sin(x) * sp.atan(y),
    sp.erf(x - y),
    sp.gamma(x**2 + R(1, 2)),
    sp.loggamma(1 + y**2),
    sp.exp(-(x**2)) * sp.cos(y),
    (1 + x**2) ** y,
    sp.Abs(x) ** R(1, 3),
    sp.tanh(x) + sp.sinh(y) * sp.cosh(z),
    sp.asin(x / 3) + sp.acos(y / 3),
    sp.log(2 + sp.sin(x)) - sp.sqrt(3 + y) / (1 + z**2),
    sp.tan(x / 2),
    sp.Max(sp.exp(x), 1 + x + y**2),
    x**2 * sp.log(1 + sp.Abs(y)) - sp.erf(z) * sp.gamma(R(5, 2) + x),
    sp.pi * x + sp.E * y,
    sp.exp(sp.sin(x * y * z)) / (2 + sp.cos(x)),
    sp.Float(0.1) * x + y,
]


def _points(n=200, seed=20240611):
    rng = random.Random(seed)
    pts = []
    for i in range(n):
        # mostly small denominators (exact ties, zeros), some huge ones
        q = rng.randint(1, 97) if i % 4 else rng.randint(10**11, 10**13)
        pts.append({s: Fraction(rng.randint(-2 * q, 2 * q), q) for s in (x, y, z)})
    return pts


def _mp(v):
    """An arb midpoint or radius as an exact mpmath number."""
    man, exp = v.man_exp()
    return mpmath.ldexp(mpmath.mpf(int(man)), int(exp))


def _in(ball, q):
    """Exactly: the rational ``q`` lies in ``[mid - rad, mid + rad]``."""
    (m, me), (r, re) = ball.mid().man_exp(), ball.rad().man_exp()
    mid, rad = Fraction(int(m)) * Fraction(2) ** int(me), Fraction(int(r)) * Fraction(2) ** int(re)
    return abs(Fraction(q) - mid) <= rad


def _assert_contains(ball, expr, point):
    """The 80-digit mpmath value lies in the ball, and the ball is tight (not vacuous)."""
    assert ball is not None, (expr, point)
    syms = sorted(point, key=str)
    with mpmath.workdps(80):
        f = sp.lambdify(syms, expr, "mpmath")
        v = f(*[mpmath.mpf(point[s].numerator) / point[s].denominator for s in syms])
        mid, rad = _mp(ball.mid()), _mp(ball.rad())
        scale = max(1, abs(v))
        assert abs(v - mid) <= rad + mpmath.mpf(10) ** -70 * scale, (expr, point, v, ball)
        assert rad <= mpmath.mpf(10) ** -30 * scale, (expr, point, ball)


@pytest.mark.parametrize("expr", EXPRESSIONS, ids=[str(e) for e in EXPRESSIONS])
def test_ball_contains_mpmath_value(expr):
    for point in _points():
        _assert_contains(arb_eval(expr, point), expr, point)


def test_precision_is_restored():
    old = ctx.prec
    arb_eval(sp.log(x), {x: R(1, 3)}, prec=300)
    certified_sign(sp.log(1 + x) - x, {x: R(1, 10**50)})
    with pytest.raises(NotImplementedError, match="besselj"):
        arb_eval(sp.besselj(0, x), {x: 1})
    assert ctx.prec == old


def test_exact_route():
    assert certified_sign((x - y) ** 2, {x: R(1, 3), y: Fraction(1, 3)}) == "zero"
    g = x * y - R(1, 3)
    assert certified_sign(g, {x: 1, y: R(1, 3)}) == "zero"
    assert certified_sign(g, {x: 1, y: R(1, 3) + R(1, 10**40)}) == "pos"
    assert certified_sign(g, {x: 1, y: R(1, 3) - R(1, 10**40)}) == "neg"
    assert certified_sign(sp.Max(x, y) - sp.Abs(y), {x: -1, y: Fraction(-1, 2)}) == "neg"
    assert certified_sign(1 / (x - y), {x: R(2, 7), y: R(2, 7)}) is None
    assert arb_eval(1 / (x - y), {x: R(2, 7), y: R(2, 7)}) is None
    # A huge integer power is handed to arb instead of being built as a Fraction.
    assert certified_sign(x ** (10**7) - 1, {x: R(3, 2)}) == "pos"


@pytest.mark.parametrize("expr, point", [
    (sp.log(0), {}), (sp.log(R(-1, 2)), {}), (sp.sqrt(R(-1, 3)), {}),
    (R(-1, 2) ** R(1, 3), {}), (sp.Pow(R(-1, 2), R(1, 3), evaluate=False), {}),
    (sp.Integer(1) / 0, {}), (sp.gamma(-2), {}), (sp.tan(sp.pi / 2), {}),
    (sp.zoo, {}), (sp.nan, {}), (sp.oo, {}), (-sp.oo, {}),
    (sp.log(x), {x: 0}), (sp.log(x), {x: R(-1, 2)}), (sp.sqrt(x), {x: R(-1, 3)}),
    (x ** R(1, 3), {x: R(-1, 2)}), (1 / x, {x: 0}), (x**-2, {x: 0}), (x**y, {x: 0, y: -1}),
    (sp.gamma(x), {x: -2}), (sp.gamma(x), {x: 0}), (sp.tan(sp.pi * x), {x: R(1, 2)}),
    (sp.acos(x), {x: 2}), (sp.asin(x), {x: R(-3, 2)}), (sp.loggamma(x), {x: R(-3, 2)}),
    (x**y, {x: R(-1, 2), y: R(1, 3)}),
])
def test_undefined_or_non_real(expr, point):
    assert arb_eval(expr, point) is None
    assert certified_sign(expr, point) is None
    for kind in ("ge", "gt", "eq", "ne"):
        assert certified_relation(expr, kind, point) == "unknown"


def test_domain_edges_that_are_defined():
    assert arb_eval(x ** R(1, 3), {x: 0}).is_zero()  # 0 ** positive = 0
    assert _in(arb_eval(x**y, {x: -2, y: 3}), -8)  # exponent proved integer
    assert _in(arb_eval(x**0, {x: 0}), 1)
    _assert_contains(arb_eval(sp.gamma(x), {x: R(-5, 2)}), sp.gamma(x), {x: Fraction(-5, 2)})
    _assert_contains(arb_eval(sp.acos(x), {x: 1}), sp.acos(x), {x: Fraction(1)})


def test_transcendental_near_zero_gets_right_sign():
    tiny = {x: R(1, 10**50)}
    # log(1 + x) - x + x^2/2 - x^3/3 = -x^4/4 + ...  (about -2.5e-201)
    g = sp.log(1 + x) - x + x**2 / 2 - x**3 / 3
    ball = arb_eval(g, tiny)
    assert ball is None or 0 in ball  # 128 bits cannot see it ...
    assert certified_sign(g, tiny, max_prec=128) is None
    assert certified_sign(g, tiny) == "neg"  # ... doubling the precision does
    assert certified_relation(g, "ge", tiny) == "violated"
    assert certified_relation(g, "eq", tiny) == "violated"
    # exp(x) - (1 + x + x^2/2 + x^3/6) = x^4/24 + ... > 0, also for x < 0
    h = sp.exp(x) - (1 + x + x**2 / 2 + x**3 / 6)
    assert certified_sign(h, {x: R(-1, 10**20)}) == "pos"
    # the brief's constant form: log(1 + 1e-50) - 1e-50 = -5e-101 + ...
    assert certified_sign(sp.log(1 + R(1, 10**50)) - R(1, 10**50), {}) == "neg"


def test_exact_transcendental_zero_is_never_zero():
    s = sp.Symbol("s")
    a = sp.Symbol("a")
    zeros = [
        (sp.log(sp.exp(s)) - s, {s: R(1, 3)}),  # sympy keeps log(exp(s)) for a plain Symbol
        (sp.sin(s) ** 2 + sp.cos(s) ** 2 - 1, {s: R(2, 5)}),
        (sp.Add(sp.Pow(sp.sqrt(2), 2, evaluate=False), -2, evaluate=False), {}),
        (sp.Add(sp.Mul(sp.sqrt(a), sp.sqrt(a), evaluate=False), -a, evaluate=False), {a: 7}),
        (sp.atan(a) + sp.atan(1 / a) - sp.pi / 2, {a: 2}),
        (sp.exp(sp.log(3) * a) - 3**a, {a: R(1, 7)}),
    ]
    assert sp.log(sp.exp(s)) - s != 0  # guard: the test is about an unsimplified zero
    for g, point in zeros:
        assert certified_sign(g, point) is None, g
        assert certified_relation(g, "eq", point) == "unknown"
        assert certified_relation(g, "ne", point) == "unknown"
        assert certified_relation(g, "ge", point) == "unknown"
        assert certified_relation(g, "gt", point) == "unknown"


def test_huge_rational_exponent_uses_exp_log():
    e = R(12345678901, 98765432101)
    point = {x: Fraction(3, 2), y: Fraction(12345678901, 98765432101)}
    _assert_contains(arb_eval(x**y, point), x**y, point)
    const = sp.Pow(R(3, 2), e, evaluate=False)
    _assert_contains(arb_eval(const, {}), x**y, point)
    assert certified_sign(x**y - 1, point) == "pos"
    assert certified_relation(const - R(3, 2), "gt", {}) == "violated"


def test_symbols_with_same_name_keep_their_values():
    x1, x2 = sp.Symbol("x"), sp.Symbol("x", positive=True)
    assert x1 != x2 and str(x1) == str(x2)
    g = x1 - 2 * x2
    assert _in(arb_eval(g, {x1: 1, x2: 5}), -9)
    assert certified_sign(g, {x1: 1, x2: 5}) == "neg"
    assert certified_sign(g, {x1: 5, x2: 1}) == "pos"
    t = sp.sin(x1) + sp.log(x2)
    pt = {x1: Fraction(1, 2), x2: Fraction(3)}
    _assert_contains(arb_eval(t, pt), sp.sin(x) + sp.log(y), {x: pt[x1], y: pt[x2]})
    assert certified_sign(t - sp.log(3), {x1: 0, x2: 3}) is None  # exactly log 3 - log 3
    with pytest.raises(ValueError, match="no value"):
        arb_eval(g, {x1: 1, sp.Symbol("x", negative=True): 5})


def test_piecewise_heaviside_floor_sign():
    pw = sp.Piecewise((x, x < R(1, 2)), (1 - x, True))
    assert _in(arb_eval(pw, {x: R(1, 3)}), Fraction(1, 3))
    assert certified_sign(pw - R(1, 3), {x: R(1, 3)}) is None  # arb route: never "zero"
    assert arb_eval(pw, {x: R(1, 2)}).is_exact()  # condition decided exactly: branch 1 - x
    assert _in(arb_eval(pw, {x: R(1, 2)}), Fraction(1, 2))
    tr = sp.Piecewise((1, sp.sin(x) < R(1, 2)), (0, True))
    assert _in(arb_eval(tr, {x: R(1, 3)}), 1) and _in(arb_eval(tr, {x: 1}), 0)
    undecidable = sp.Piecewise((1, sp.Eq(sp.log(sp.exp(x)), x)), (0, True))
    assert arb_eval(undecidable, {x: R(1, 3)}) is None
    assert arb_eval(sp.Piecewise((1, x > 0)), {x: -1}) is None  # no branch: nan
    assert _in(arb_eval(sp.Heaviside(x), {x: 0}), Fraction(1, 2))
    assert _in(arb_eval(sp.Heaviside(x, 1), {x: 0}), 1)
    assert _in(arb_eval(sp.Heaviside(x - y), {x: R(1, 3), y: R(1, 2)}), 0)
    assert _in(arb_eval(sp.floor(x), {x: R(7, 3)}), 2)
    assert _in(arb_eval(sp.ceiling(x), {x: R(-7, 3)}), -2)
    assert _in(arb_eval(sp.floor(sp.pi * x), {x: 1}), 3)
    assert arb_eval(sp.floor(3 * x), {x: R(1, 3)}) is None  # ball straddles 1
    assert _in(arb_eval(sp.sign(x - 1), {x: R(1, 2)}), -1)


def test_certified_relation_kinds():
    g = x - R(1, 2)
    expected = {
        1: {"ge": "holds", "gt": "holds", "eq": "violated", "ne": "holds"},
        R(1, 2): {"ge": "holds", "gt": "violated", "eq": "holds", "ne": "violated"},
        0: {"ge": "violated", "gt": "violated", "eq": "violated", "ne": "holds"},
    }
    for v, kinds in expected.items():
        for kind, verdict in kinds.items():
            assert certified_relation(g, kind, {x: v}) == verdict, (v, kind)
    s = sp.sin(x)  # transcendental: "eq" can be violated but never holds
    assert [certified_relation(s, k, {x: R(1, 3)}) for k in ("ge", "gt", "eq", "ne")] == [
        "holds", "holds", "violated", "holds"]
    assert certified_relation(-s, "ge", {x: R(1, 3)}) == "violated"
    assert certified_relation(s, "eq", {x: 0}) == "unknown"  # sin(0) = 0 exactly, yet arb
    with pytest.raises(ValueError):
        certified_relation(g, "le", {x: 0})


def test_unsupported_function_raises_and_method_string():
    with pytest.raises(NotImplementedError, match="zeta"):
        certified_sign(sp.zeta(x), {x: 3})
    assert "arb" in CERTIFIED_METHOD and "certified" in CERTIFIED_METHOD
