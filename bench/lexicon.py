"""Benchmark the lexicon: load time and memory in a fresh process, check speed, and quality.

    python bench/lexicon.py [--enable PATH] [--census DIR] [--sample N]

`--enable` takes the ENABLE list (bench/get_enable.sh), `--census` the US
Census first-name lists (bench/get_census_names.sh); the recall figure needs
`wordfreq` (pip install '.[build]').

Speed is reported beside baselines measured in the same run (a plain Python
`set` and a bare `marisa_trie` membership test), because machines here are
shared and noisy: ratios travel, absolute figures less so.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.lexicon import SIZES, check, load_lexicons  # noqa: E402
from solver.normalize import fold  # noqa: E402

LOAD_SCRIPT = """
import resource, time, sys
sys.path.insert(0, {root!r})
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import marisa_trie, solver.lexicon  # imports are not the lexicon's cost
imported = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
lexicons = solver.lexicon.load_lexicons()
standard = lexicons["standard"]
"bag" in standard
elapsed = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
sum(1 for _ in standard)  # the sorted word list the solver indexes: every page of the trie touched
touched = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(elapsed, (after - imported) / 1024, (touched - imported) / 1024)
"""


def fresh_process_load(cache_dir: str) -> tuple[float, float, float]:
    """Load the lexicons in a new interpreter; return (seconds, MB of peak RSS added, MB once every word is listed)."""
    env = {"WORDSMITH_CACHE_DIR": cache_dir, "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", LOAD_SCRIPT.format(root=str(ROOT))], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def per_call(fn, items, repeat=5) -> float:
    """Best-of-`repeat` mean time per call, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best * 1e6


def proper_names_quality(standard, common_words: set[str], references: list[str]) -> dict:
    """Common proper names (bench/proper_names.txt) rejected by `standard`: of all of them, and of those that are only names.

    Some names are spelled like ordinary words the rules allow (TURKEY the bird,
    JACK the tool, CHINA the porcelain): accepting those is right, since a
    player who claims TURKEY claims the bird. A name counts as *only a name*
    when no independent dictionary (`references`: WordNet's lowercase lemmas,
    ENABLE when given) lists its spelling as an ordinary word; the goal
    (>= 97%) is measured on those. Both figures are reported.
    """
    names = [
        n.strip()
        for n in (ROOT / "bench" / "proper_names.txt").read_text("utf-8").splitlines()
        if n.strip() and not n.startswith("#")
    ]
    accepted = [n for n in names if check(n, standard).valid]
    quality = {
        "proper_names": len(names),
        "proper_names_rejected_standard": round(1 - len(accepted) / len(names), 3),
        "proper_names_accepted": accepted,
    }
    if references:
        only_names = [n for n in names if fold(n) not in common_words]
        wrongly = [n for n in only_names if n in accepted]
        quality.update(
            {
                "common_word_references": references,
                "names_also_common_words": len(names) - len(only_names),
                "only_names": len(only_names),
                "only_names_rejected_standard": round(1 - len(wrongly) / len(only_names), 4),
                "only_names_accepted": wrongly,
            }
        )
    return quality


DEFINITIONS_SCRIPT = """
import resource, time, sys
sys.path.insert(0, {root!r})
import solver.lexicon
lexicons = solver.lexicon.load_lexicons()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
lexicons.define("warm")
print(time.perf_counter() - start, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024)
"""


def fresh_process_definitions(cache_dir: str) -> tuple[float, float]:
    """Read the definitions table in a new interpreter (the app does it once at start); return (seconds, MB added)."""
    env = {"WORDSMITH_CACHE_DIR": cache_dir, "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", DEFINITIONS_SCRIPT.format(root=str(ROOT))],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def definitions_quality(lexicons, top: int = 1000) -> dict:
    """The first sense shown for the `top` most frequent English words (PyPI `wordfreq`) that have a definition.

    Each first sense is looked up in WordNet's data files: it must come from a
    synset that writes the word, or a base form of it (WordNet's exception
    lists and detachment rules for that part of speech, wordlists/build.py),
    in lowercase. Counted: first senses from a capitalised lemma only (`Be`
    for IS), and first senses that belong to no base form at all. The words
    shown through another lemma are listed too (`is` -> be), to read.
    """
    try:
        from wordfreq import top_n_list

        sys.path.insert(0, str(ROOT / "wordlists"))
        import wordnet_data

        synsets, exceptions = wordnet_data.wordnet_synsets(), wordnet_data.wordnet_exceptions()
    except (ImportError, OSError):
        return {"definitions": "needs pip install wordfreq and apt-get install wordnet-base"}
    by_gloss: dict[str, list[tuple[str, set[str]]]] = {}
    letter_of = {name: letter for letter, name in wordnet_data.WORDNET_POS.items()}
    for (name, _), (words, _, gloss) in synsets.items():
        by_gloss.setdefault(gloss, []).append((letter_of[name], set(words)))
    defined, capitalised, foreign, through = 0, [], [], {}
    for word in dict.fromkeys(fold(w) for w in top_n_list("en", top)):
        senses = lexicons.define(word)
        if not senses:
            continue
        defined += 1
        lemmas = {
            (pos, base)
            for pos, words in by_gloss[senses[0]]
            for base in wordnet_data.base_forms(word, pos, exceptions)
            if base in words
        }
        if not lemmas:
            written = {w for _, words in by_gloss[senses[0]] for w in words}
            (capitalised if any(w != w.lower() and w.lower() == word for w in written) else foreign).append(word)
        elif all(base != word for _, base in lemmas):
            through[word] = sorted({base for _, base in lemmas})[0]
    return {
        "definitions_top_words": top,
        "definitions_top_words_defined": defined,
        "definitions_first_sense_from_capitalised_lemma": len(capitalised),
        "definitions_first_sense_not_of_a_base_form": len(foreign),
        "definitions_wrong_first_senses": capitalised + foreign,
        "definitions_shown_through_a_base_form": len(through),
        "definitions_base_forms_sample": dict(list(through.items())[:25]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--enable", type=Path, help="path to the ENABLE word list (enable1.txt)")
    parser.add_argument(
        "--census", type=Path, help="folder with the Census first-name lists (bench/get_census_names.sh)"
    )
    parser.add_argument("--sample", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random(1)
    report: dict = {}

    with tempfile.TemporaryDirectory() as cache:
        cold = fresh_process_load(cache)  # builds the trie and writes the cache
        warm = min(fresh_process_load(cache) for _ in range(5))
        cache_mb = sum(p.stat().st_size for p in Path(cache).glob("*")) / 2**20
        definitions = min(fresh_process_definitions(cache) for _ in range(3))
    report["load_cold_s"], report["load_cold_mb"] = round(cold[0], 3), round(cold[1], 1)
    report["load_cached_s"], report["load_cached_mb"] = round(warm[0], 3), round(warm[1], 1)
    report["load_cached_all_words_listed_mb"] = round(warm[2], 1)
    report["trie_cache_file_mb"] = round(cache_mb, 1)  # all three sizes: one trie, mapped
    report["definitions_load_s"], report["definitions_load_mb"] = round(definitions[0], 3), round(definitions[1], 1)

    lexicons = load_lexicons()
    standard = lexicons["standard"]
    valid = rng.sample(list(standard), args.sample // 2)
    trie_keys = list(lexicons.trie.iterkeys())
    invalid = [w + "q" for w in rng.sample(trie_keys, args.sample // 4)] + rng.sample(trie_keys, args.sample // 4)
    mixed = valid + invalid
    rng.shuffle(mixed)
    shouted = [w.upper() for w in mixed]
    plain_set = set(standard)
    report["set_lookup_us"] = round(per_call(plain_set.__contains__, mixed), 3)
    report["trie_lookup_us"] = round(per_call(lexicons.trie.__contains__, mixed), 3)
    report["membership_us"] = round(per_call(standard.__contains__, mixed), 3)
    report["check_no_definition_us"] = round(per_call(lambda w: check(w, standard, define=False), shouted), 3)
    standard.define("warm")  # load the definitions once, outside the timing
    report["check_with_definition_us"] = round(per_call(lambda w: check(w, standard), shouted), 3)
    report["check_vs_set_ratio"] = round(report["check_no_definition_us"] / report["set_lookup_us"], 1)

    # Quality: lowercase single-word WordNet lemmas (its common words; names are capitalised there)
    # accepted per size. Needs Debian's wordnet-base for the case of each lemma.
    common_words: set[str] = set()  # spellings an independent dictionary lists as ordinary words
    references = []
    try:
        sys.path.insert(0, str(ROOT / "wordlists"))
        import build

        lemmas = sorted(fold(lemma) for lemma in build.wordnet_lemmas() if "_" not in lemma and lemma == lemma.lower())
        lemma_sample = rng.sample(lemmas, min(args.sample, len(lemmas)))
        report["wordnet_lowercase_lemmas_accepted"] = {
            size: round(sum(w in lexicons[size] for w in lemma_sample) / len(lemma_sample), 3) for size in SIZES
        }
        common_words.update(lemmas)
        references.append("WordNet lowercase lemmas")
    except OSError:
        report["wordnet_lowercase_lemmas_accepted"] = "needs apt-get install wordnet-base"
    enable = [w.strip() for w in args.enable.read_text().split() if w.strip()] if args.enable else []
    if enable:
        large = lexicons["large"]
        report["enable_accepted_large"] = round(sum(w in large for w in enable) / len(enable), 4)
        report["enable_accepted_standard"] = round(sum(w in standard for w in enable) / len(enable), 4)
        common_words.update(enable)
        references.append("ENABLE")
    report.update(proper_names_quality(standard, common_words, references))
    report.update(definitions_quality(lexicons))
    report.update(verdict_quality(lexicons, enable, common_words, args.census))
    report.update(kinds_quality(lexicons))
    print(json.dumps(report, indent=2))


def verdict_quality(lexicons, enable: list[str], common_words: set[str], census: Path | None) -> dict:
    """The word list's rulings in numbers: offensive words accepted, recall of everyday words, names in `large`, ENABLE coverage."""
    standard, large = lexicons["standard"], lexicons["large"]
    accepted_anywhere = lambda w: any(w in lexicons[size] for size in SIZES)
    quality: dict = {}
    try:
        import build

        kept = {w for w, why in build.read_overrides("offensive.txt").items() if why.startswith("keep")}
        marked = [w for w in build.wordnet_offensive() if w not in kept]
        quality["wordnet_offensive_lemmas"] = len(marked)
        quality["wordnet_offensive_accepted_any_size"] = [w for w in marked if accepted_anywhere(w)]
        listed = [w for w, why in build.read_overrides("offensive.txt").items() if not why.startswith("keep")]
        quality["offensive_txt_accepted_any_size"] = [w for w in listed if accepted_anywhere(w)]
    except (ImportError, OSError):
        quality["wordnet_offensive_accepted_any_size"] = "needs wordnet-base"
    code = lexicons.code
    if enable:
        enable_set = set(enable)
        try:
            from wordfreq import top_n_list

            frequent = [w for w in top_n_list("en", 200_000) if w in enable_set][:30_000]
            refused = [w for w in frequent if w not in standard]
            mandated = [w for w in refused if code(w) in ("offensive", "letter")]
            quality["recall_standard_top30000_enable"] = round(1 - len(refused) / len(frequent), 4)
            quality["recall_standard_top30000_enable_less_offensive"] = round(
                1 - (len(refused) - len(mandated)) / (len(frequent) - len(mandated)), 4
            )
            # The bar (docs/lexicon.md): the spellings the names ruling refuses (a name first, or the rulebook's
            # JOHN) are neither hits nor misses, and neither are offensive words and letters.
            ruled = [w for w in frequent if code(w) in ("offensive", "letter", "name_first", "proper_name")]
            rest = [w for w in frequent if w not in set(ruled)]
            quality["recall_standard_top30000_enable_less_names_ruling_and_offensive"] = round(
                sum(w in standard for w in rest) / len(rest), 4
            )
            quality["recall_names_ruling_refusals"] = sum(code(w) in ("name_first", "proper_name") for w in frequent)
            quality["recall_refused_less_ruled"] = sum(w not in standard for w in rest)
            by_reason: dict[str, list[str]] = {}
            for w in refused:
                by_reason.setdefault(code(w) or "not_in_lexicon", []).append(w)
            quality["recall_refused_by_reason_count"] = {k: len(v) for k, v in sorted(by_reason.items())}
            quality["recall_refused_by_reason"] = by_reason
        except (ImportError, NameError, OSError):
            quality["recall_standard_top30000_enable"] = "needs wordfreq (pip install '.[build]') and wordnet-base"
        excluded = {w for w in enable if code(w) in ("offensive", "letter")}
        rest = [w for w in enable if w not in excluded]
        quality["enable_accepted_large_less_offensive_and_letters"] = round(
            sum(w in large for w in rest) / len(rest), 4
        )
        quality["enable_refused_large_by_reason_count"] = dict(
            sorted(Counter(code(w) or "not_in_lexicon" for w in rest if w not in large).items())
        )
    quality.update(names_ruling_quality(lexicons, census))
    return quality


def modern_listings() -> tuple[set[str], list[str]]:
    """Every headword, lowercased, of the English dictionaries installed here, and their names.

    Debian's hunspell-en-gb (today's words' source, expanded by unmunch) and
    FreeDict's English dictionaries for dictd (`apt-get install
    'dict-freedict-eng-*'`: among them WikDict's extracts of Wiktionary and the
    Ding English-German dictionary). A headword list only: none of them labels
    slang, brands or vulgar words in a form a build could read.
    """
    words: set[str] = set()
    sources = []
    try:
        import modern

        if modern.dictionary_installed():
            listed, other_case = modern.dictionary_entries()
            words |= listed | other_case  # both lowercased by dictionary_entries
            sources.append("hunspell-en-gb")
    except ImportError:
        pass
    for index in sorted(Path("/usr/share/dictd").glob("freedict-eng-*.index")):
        heads = (line.split("\t", 1)[0] for line in index.read_text("utf-8", errors="replace").splitlines())
        words |= {head.lower() for head in heads if not head.startswith("00")}
        sources.append(index.stem)
    return words, sources


def read_list(name: str) -> list[str]:
    """A bench word list: words separated by white space, `#` lines left out."""
    lines = (ROOT / "bench" / name).read_text("utf-8").splitlines()
    return [w for line in lines if not line.startswith("#") for w in line.split()]


def names_ruling_quality(lexicons, census: Path | None) -> dict:
    """The names ruling's figures (docs/lexicon.md, Names), each with the spellings behind it to read.

    * Spellings used more as names: those whose capitalised form is commoner in
      running text (spaCy's case-aware counts, the build's own measure) among the
      spellings SCOWL lists as names; refused in every size, but for those SCOWL
      ranks commoner as a lowercase word (the ruling's first measure: CHINA).
    * The 200 most common US given names and the largest countries and cities
      (bench/places.txt): accepted in any size, with the measure that made each a word.
    * Ordinary words that are also names, from the data: spellings SCOWL ranks
      commoner as a lowercase word than as a name *and* whose lowercase form is
      the commoner in running text: all must stay valid (in the size whose levels hold them).
    """
    quality: dict = {}
    try:
        import build

        s_contractions = set(build.read_overrides("s_contractions.txt"))
        word_levels, name_levels = build.scowl_levels(s_contractions)
        counts = build.case_counts()
        noise = build.case_noise(counts, word_levels, name_levels)
    except (ImportError, OSError):
        return {"names_ruling": "needs pip install '.[build]' and apt-get install scowl"}
    accepted_anywhere = lambda w: any(w in lexicons[size] for size in SIZES)

    def why(word: str) -> str:
        if word_levels.get(word, 100) < name_levels.get(word, 100):
            return f"SCOWL: word at level {word_levels[word]}, name at {name_levels.get(word)}"
        low, cap = counts.get(word), counts.get(word.capitalize())
        if low is not None and cap is not None and low >= cap:
            return "lowercase commoner in running text"
        if low is not None and cap is not None and build.case_margin(word, counts, noise) is None:
            return "capitals ahead within chance: WordNet's tags, SCOWL's levels or ENABLE decide (gibbon)"
        return "another ruling (allow.txt, a clipped word, a spelling of a word)"

    spelled = [w for w in name_levels if len(w) > 1 and "'" not in w and w.isalpha()]
    name_first = [
        w
        for w in spelled
        if counts.get(w) is not None and counts.get(w.capitalize(), -99) > counts[w] and lexicons.code(w)
    ]
    accepted = [w for w in name_first if accepted_anywhere(w)]
    quality["names_capitalised_commoner"] = len(name_first)
    quality["names_capitalised_commoner_refused_every_size"] = round(1 - len(accepted) / len(name_first), 4)
    quality["names_capitalised_commoner_accepted_count_by_why"] = dict(Counter(why(w).split(":")[0] for w in accepted))
    quality["names_capitalised_commoner_accepted_sample"] = {w: why(w) for w in sorted(accepted)[:40]}
    if census:
        given = []
        for sex in ("male", "female"):
            lines = (census / f"dist.{sex}.first").read_text().splitlines()
            given += [line.split()[0].lower() for line in lines[:100]]
        quality["census_top200_given_names_accepted_any_size"] = {n: why(n) for n in given if accepted_anywhere(n)}
    places = read_list("places.txt")
    quality["places"] = len(places)
    quality["places_accepted_any_size"] = {p: why(p) for p in places if accepted_anywhere(p)}
    ordinary = [
        w
        for w in spelled
        if word_levels.get(w, 100) < name_levels[w]
        and counts.get(w) is not None
        and counts[w] >= counts.get(w.capitalize(), -99)
        and lexicons.code(w) not in ("offensive", "letter", "slang", "abbreviation")
        and w not in build.read_overrides("deny.txt")
    ]
    quality["ordinary_words_also_names"] = len(ordinary)
    quality["ordinary_words_also_names_valid"] = round(sum(accepted_anywhere(w) for w in ordinary) / len(ordinary), 4)
    quality["ordinary_words_also_names_refused"] = [w for w in ordinary if not accepted_anywhere(w)]
    modern = read_list("modern_words.txt")
    quality["modern_words"] = len(modern)
    quality["modern_words_valid_standard"] = round(sum(w in lexicons["standard"] for w in modern) / len(modern), 4)
    quality["modern_words_refused_standard"] = [w for w in modern if w not in lexicons["standard"]]
    # The same measure on a list assembled apart from the rule (modern_holdout.txt), and today's
    # spellings a referee refuses, by kind (modern_impostors.txt: `# kind: NAME` lines head each kind).
    holdout = read_list("modern_holdout.txt")
    quality["modern_holdout"] = len(holdout)
    quality["modern_holdout_valid_standard"] = round(sum(w in lexicons["standard"] for w in holdout) / len(holdout), 4)
    quality["modern_holdout_refused_standard"] = [w for w in holdout if w not in lexicons["standard"]]
    # The ceiling a listing can give: the share of each list valid in any size or listed, in any case, by any
    # English dictionary installed here (modern_listings), before any gate or building rule.
    listed, sources = modern_listings()
    for name, words in (("modern_words", modern), ("modern_holdout", holdout)):
        if listed:
            share = sum(accepted_anywhere(w) or w in listed for w in words) / len(words)
            quality[f"{name}_listed_anywhere"] = round(share, 4)
            quality[f"{name}_listed_nowhere"] = [w for w in words if not accepted_anywhere(w) and w not in listed]
        else:
            quality[f"{name}_listed_anywhere"] = "needs hunspell-en-gb and the dict-freedict-eng-* packages"
    quality["modern_listing_sources"] = sources
    kinds: dict[str, list[str]] = {}
    for line in (ROOT / "bench" / "modern_impostors.txt").read_text("utf-8").splitlines():
        if line.startswith("# kind:"):
            kind = kinds.setdefault(line.split(":", 1)[1].strip(), [])
        elif line.strip() and not line.startswith("#"):
            kind.extend(line.split())
    for name, words in kinds.items():
        quality[f"modern_impostors_{name}"] = len(words)
        quality[f"modern_impostors_{name}_accepted_any_size"] = [w for w in words if accepted_anywhere(w)]
    return quality


def read_kinds(name: str) -> dict[str, list[list[str]]]:
    """A bench list of kinds (`# kind: NAME` heads each): each kind's lines, each line's words."""
    kinds: dict[str, list[list[str]]] = {}
    for line in (ROOT / "bench" / name).read_text("utf-8").splitlines():
        if line.startswith("# kind:"):
            lines = kinds.setdefault(line.split(":", 1)[1].strip(), [])
        elif line.strip() and not line.startswith("#"):
            lines.append(line.split())
    return kinds


def verdict_kind(word: str, lexicon) -> tuple:
    """What a table hears in one size: valid, or the reason refused (tier left out: that is the size's business)."""
    verdict = check(word, lexicon, define=False)
    return (verdict.valid, verdict.reason)


def kinds_quality(lexicons) -> dict:
    """The rulings on kinds of words (docs/lexicon.md), each kind's figure in every size, from bench/kinds.txt.

    * slurs: valid in the size, and suggested by the solver (a rack of the word's own letters, solve_rack);
    * spelling pairs (e-book, ebook) and a word's forms (texter, texters): lines whose spellings all get one
      verdict, the same tier included for the pairs;
    * vowelless abbreviations refused as abbreviations, listed or not, and the vowelless words kept valid;
    * children's words dictionaries list valid, and the baby talk they do not list refused;
    * compounds built on an offensive word that no list holds refused as offensive, and look-alikes only unknown.
    And over the whole lexicon: every pair of spellings the build forms (spelling_pairs), and the valid words
    without a vowel.
    """
    from solver.search import MAX_LIMIT, rack_index, solve_rack

    kinds = read_kinds("kinds.txt")
    quality: dict = {}
    slurs = [w for line in kinds["slurs"] for w in line]
    quality["kinds_slurs"] = len(slurs)
    for size in SIZES:
        lexicon = lexicons[size]
        valid = [w for w in slurs if check(w, lexicon, define=False).valid]
        racks = rack_index(lexicon)
        suggested = [
            w for w in slurs if w.isalpha() and w in {f.word for f in solve_rack(racks, w, limit=MAX_LIMIT).words}
        ]
        quality[f"kinds_slurs_valid_{size}"] = valid
        quality[f"kinds_slurs_suggested_{size}"] = suggested
        quality[f"kinds_slurs_refused_as_offensive_{size}"] = round(
            sum(verdict_kind(w, lexicon) == (False, "offensive") for w in slurs) / len(slurs), 4
        )
        for kind, with_tier in (("spelling_pairs", True), ("forms", False)):
            lines = kinds[kind]
            alike = [
                line
                for line in lines
                if len({verdict_kind(w, lexicon) + ((lexicon.tier(fold(w)),) if with_tier else ()) for w in line}) == 1
            ]
            quality[f"kinds_{kind}_alike_{size}"] = round(len(alike) / len(lines), 4)
            quality[f"kinds_{kind}_unlike_{size}"] = [" ".join(line) for line in lines if line not in alike]
        shares = {
            "vowelless_abbreviations_refused": ("vowelless_abbreviations", False),
            "vowelless_words_valid": ("vowelless_words", True),
            "childrens_words_valid": ("childrens_words", True),
            "baby_talk_refused": ("baby_talk", False),
        }
        for name, (kind, wanted) in shares.items():
            words = [w for line in kinds[kind] for w in line]
            quality[f"kinds_{name}_{size}"] = round(
                sum(check(w, lexicon, define=False).valid == wanted for w in words) / len(words), 4
            )
        compounds = [w for line in kinds["offensive_compounds"] for w in line]
        quality[f"kinds_offensive_compounds_refused_{size}"] = round(
            sum(verdict_kind(w, lexicon) == (False, "offensive") for w in compounds) / len(compounds), 4
        )
        quality[f"kinds_offensive_compounds_missed_{size}"] = [
            w for w in compounds if verdict_kind(w, lexicon) != (False, "offensive")
        ]
        lookalikes = [w for line in kinds["compound_lookalikes"] for w in line]
        quality[f"kinds_compound_lookalikes_unknown_{size}"] = round(
            sum(verdict_kind(w, lexicon) == (False, "not_in_lexicon") for w in lookalikes) / len(lookalikes), 4
        )
        words = [w for line in kinds["vowelless_abbreviations"] for w in line]
        quality[f"kinds_vowelless_abbreviations_named_{size}"] = round(
            sum(check(w, lexicon, define=False).reason == "abbreviation" for w in words) / len(words), 4
        )
    quality["kinds_childrens_words_not_valid_small"] = [
        w for line in kinds["childrens_words"] for w in line if not check(w, lexicons["small"], define=False).valid
    ]
    code = {w: lexicons.code(w) for w in lexicons.trie.keys()}
    quality["kinds_valid_vowelless_words"] = sorted(
        w for w, c in code.items() if c in SIZES and not any(v in w for v in "aeiouy")
    )
    try:
        # wordlists/build.py and modern.py, by name: CI's `pip install .` leaves a build/ folder at the root, which
        # would make an `import build` sort as this project's own package.
        sys.path.insert(0, str(ROOT / "wordlists"))
        build = importlib.import_module("build")
        pairs = build.spelling_pairs(code, build.spelling_listings(build.wordnet_lemmas()))
    except (ImportError, OSError):
        quality["kinds_lexicon_spelling_pairs"] = (
            "needs wordnet-base, hunspell-en-gb, hunspell-tools and dict-freedict-eng-deu"
        )
        return quality
    other_word = {"proper_name", "name_first", "abbreviation"}
    unlike = [(a, b) for a, b in pairs if code.get(a) != code.get(b)]
    quality["kinds_lexicon_spelling_pairs"] = len(pairs)
    quality["kinds_lexicon_spelling_pairs_alike"] = round(1 - len(unlike) / len(pairs), 4)
    quality["kinds_lexicon_spelling_pairs_unlike_a_name_or_abbreviation"] = [
        f"{a}:{code.get(a)} {b}:{code.get(b)}" for a, b in unlike if {code.get(a), code.get(b)} & other_word
    ]
    quality["kinds_lexicon_spelling_pairs_unlike_other"] = [
        f"{a}:{code.get(a)} {b}:{code.get(b)}" for a, b in unlike if not {code.get(a), code.get(b)} & other_word
    ]
    return quality


if __name__ == "__main__":
    main()
