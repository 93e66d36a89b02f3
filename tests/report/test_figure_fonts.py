"""Figures draw the sources' Japanese and Russian text with a real font (no missing-glyph boxes) when one is installed."""
import warnings

import pytest


def test_japanese_labels_render_with_an_installed_cjk_font(tmp_path):
    from clickbound.report import figures

    fam = figures.plt.rcParams["font.family"]
    if len(fam) < 2:
        pytest.skip("no CJK font installed (apt-get install fonts-noto-cjk)")
    fig, ax = figures.plt.subplots()
    ax.set_title("リグレットが収束しています — Регрет")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph is a UserWarning
        fig.savefig(tmp_path / "t.png")
    figures.plt.close(fig)
