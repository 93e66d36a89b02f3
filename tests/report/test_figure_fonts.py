"""Figures draw the sources' Japanese and Russian text with a real font (no missing-glyph boxes),
on a machine without any system CJK font: the font comes from the PyPI package matplotlib-fontja."""
import warnings

import matplotlib
import matplotlib.pyplot
import pytest
from matplotlib import font_manager

JA_RU = "リグレットが収束しています — 累積後悔 Регрет сходится: ёжик, ЩЪЫЭЮЯ"


def _draw(figures, path):
    fig, ax = figures.plt.subplots()
    ax.set_title(JA_RU)
    ax.set_xlabel("ラウンド数 n (число раундов)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph is a UserWarning ("Glyph … missing from font(s)")
        fig.savefig(path)
    figures.plt.close(fig)


def test_packaged_font_is_registered_and_first_fallback():
    from clickbound.report import figures

    path = figures.packaged_font()
    assert path and path.endswith("ipaexg.ttf")
    assert any(f.fname == path for f in font_manager.fontManager.ttflist)
    assert figures.plt.rcParams["font.family"][:2] == ["DejaVu Sans", "IPAexGothic"]


@pytest.fixture
def only_matplotlib_fonts(monkeypatch):
    """The process's font manager with every system font hidden: matplotlib's own (DejaVu) only."""
    fm = font_manager.fontManager
    own = matplotlib.get_data_path()
    monkeypatch.setattr(fm, "ttflist", [f for f in fm.ttflist if f.fname.startswith(own)])
    fm._findfont_cached.cache_clear()
    yield fm
    matplotlib.pyplot.close("all")
    fm._findfont_cached.cache_clear()


def test_japanese_and_russian_render_without_system_cjk_fonts(only_matplotlib_fonts, tmp_path):
    from clickbound.report import figures

    assert not {f.name for f in only_matplotlib_fonts.ttflist} & set(figures.CJK_FALLBACKS)
    family = figures._font_family()  # registers the packaged font with the (stripped) manager
    assert family[:2] == ["DejaVu Sans", "IPAexGothic"]
    assert {f.fname for f in only_matplotlib_fonts.ttflist if f.name == "IPAexGothic"} == {figures.packaged_font()}
    assert not any("/usr/share/fonts" in f.fname for f in only_matplotlib_fonts.ttflist if f.name in family)
    with matplotlib.rc_context({"font.family": family}):
        _draw(figures, tmp_path / "ja_ru.png")


def test_without_the_fallback_the_same_text_warns(only_matplotlib_fonts, tmp_path):
    """The check above can fail: DejaVu Sans alone lacks the kana and warns."""
    from clickbound.report import figures

    with matplotlib.rc_context({"font.family": ["DejaVu Sans"]}), pytest.raises(UserWarning, match="missing"):
        _draw(figures, tmp_path / "dejavu_only.png")
