"""The source texts ship inside the package, unchanged, and every name form resolves."""
import hashlib

import pytest

from clickbound import sources
from clickbound.lemmas import ledger

SHA256 = {
    "000_0b27131c69d8f24c.txt": "b1b2e724212e8784ff917928f360f8bafcadc74737ac78b9c923c23cb66b57d2",
    "001_eb740855b56fcd8b.txt": "de6fdf511757c94a318db5b4c8022e6d6210f18ea5738d5cc1bf4143d1256531",
    "002_3ec5ec57f55c1fdf.txt": "b0f50def6dae458ec64789a72c2daac36d5ca622d78881f37c7bf75f18461da1",
    "003_f899901a464da92a.txt": "08c8c033354c0c0a37bac85c39775c3a7f29186050dfb99294fa523af2cc6fe8",
    "004_d9477b3ebe233f80.txt": "6a770eebfbee7fd4f8d72d9dc815efc373e44e0d4ba2eb21a2a3a9f0731bac02",
}


@pytest.mark.parametrize("source", sources.SOURCES, ids=lambda s: s.short)
def test_text_shipped_unchanged(source):
    data = sources.path(source.file).read_bytes()
    assert hashlib.sha256(data).hexdigest() == SHA256[source.file]
    assert sources.text(source.short) == data.decode("utf-8")


def test_the_ledger_knows_exactly_the_shipped_sources():
    assert set(ledger.SOURCES) == set(sources.BY_FILE) == set(SHA256)


def test_ledger_reads_the_shipped_copy_without_environment(monkeypatch):
    monkeypatch.delenv("CLICKBOUND_SEEDS", raising=False)
    assert ledger.seeds_dir() == sources.texts_dir()
    assert ledger.source_text.__wrapped__("004_d9477b3ebe233f80.txt") == sources.text("cascade_blog")


@pytest.mark.parametrize("name", ["dcm", "000", "000_0b27131c69d8f24c", "000_0b27131c69d8f24c.txt", "DCM"])
def test_resolve_every_form(name):
    assert sources.resolve(name) == "000_0b27131c69d8f24c.txt"


def test_resolve_unknown_names_the_choices():
    with pytest.raises(ValueError, match="dcm \\(000\\).*cascade_blog \\(004\\)"):
        sources.resolve("005")
