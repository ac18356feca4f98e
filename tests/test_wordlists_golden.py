"""Golden samples of the generated word list: a rebuild cannot drift silently.

The sample is every 997th line of wordlists/lexicon.tsv, recorded in
tests/golden/lexicon_sample.tsv. Re-record only on purpose, after checking the
diff: `python -m pytest --record-golden tests/test_wordlists_golden.py`.
"""

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "lexicon_sample.tsv"
STEP = 997


def sample() -> str:
    lines = (ROOT / "wordlists" / "lexicon.tsv").read_text("utf-8").splitlines(keepends=True)
    return "".join(lines[::STEP])


def test_lexicon_matches_golden_sample(golden):
    today = sample()
    assert today == golden.text(GOLDEN, today)


def test_health_checksum_is_the_word_list_hash():
    from solver.lexicon import load_lexicons

    digest = hashlib.sha256((ROOT / "wordlists" / "lexicon.tsv").read_bytes()).hexdigest()
    assert load_lexicons().checksum == digest
