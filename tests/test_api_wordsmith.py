"""The Wordsmith and rack endpoints: the rulebook's examples through the API, every limit and error path."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from service_helpers import assert_problem

from app import DEFAULTS, create_app
from app.api.fields import MAX_HINTS
from solver import search
from solver.lexicon import load_lexicons
from solver.pieces import Pool, load_alphabet, load_box
from solver.search import piece_index

ONE_APP = True  # its tests only send requests: one app for the module (conftest.py, `app`)

TOO_LONG = "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1)  # one letter over the word limit

EXAMPLE_POOL = "R3 Y2 B1 G2"  # the rulebook's 8-piece pool: BAG and CAST
EMPTY = {"red": 0, "yellow": 0, "blue": 0, "green": 0, "wild": 0}

GAME_POSTS = {
    "/api/v1/wordsmith/solve": {"pool": EXAMPLE_POOL},
    "/api/v1/wordsmith/hints": {"pool": EXAMPLE_POOL},
    "/api/v1/wordsmith/judge": {"word": "bag", "pool": EXAMPLE_POOL},
    "/api/v1/wordsmith/score": {"sheets": [{"player": "Ann"}]},
    "/api/v1/wordsmith/roll": {},  # every field has a default: a random starting pool
    "/api/v1/racks/solve": {"rack": "retains?"},
    "/api/v1/booksmack/judge": {"cards": ["c", "A", "f", "é"]},
    "/api/v1/booksmack/turn": {"cards": ["b", "Z", "m"], "played": 3},
    "/api/v1/booksmack/score": {"cards": ["E", "e"]},
    "/api/v1/colorsmash/judge": {"card": "green/green"},
    "/api/v1/colorsmash/replay": {"players": ["ann", "bob"], "events": []},
}


def post(client, path, body):
    return client.post(path, json=body)


def words_of(body):
    return [w["word"] for w in body["words"]]


# --- every game POST: the shared error paths ---------------------------------------


@pytest.mark.parametrize("path, body", GAME_POSTS.items())
def test_every_game_endpoint_answers_its_minimal_request(client, path, body):
    response = post(client, path, body)
    assert response.status_code == 200 and response.mimetype == "application/json", response.json


@pytest.mark.parametrize("path, body", GAME_POSTS.items())
def test_every_game_endpoint_refuses_unknown_fields(client, path, body):
    problem = assert_problem(post(client, path, {**body, "bogus": 1}), 422, pointer="/bogus")
    assert "remove" in problem["errors"][0]["detail"]


@pytest.mark.parametrize("path", GAME_POSTS)
def test_every_game_endpoint_refuses_unreadable_bodies(client, path):
    assert_problem(client.post(path, data="cards=a", content_type="application/x-www-form-urlencoded"), 415)
    assert_problem(client.post(path, data="{", content_type="application/json"), 400)
    assert_problem(client.post(path, data="", content_type="application/json"), 400)
    assert_problem(post(client, path, ["not", "an", "object"]), 422, pointer="")
    assert_problem(client.post(path, data=json.dumps({"x": "y" * 20_000}), content_type="application/json"), 413)
    assert_problem(client.get(path), 405)


@pytest.mark.parametrize("path, body", GAME_POSTS.items())
def test_missing_required_fields_are_named(client, path, body):
    for field in body:
        partial = {k: v for k, v in body.items() if k != field}
        if field in ("events",):
            continue
        assert_problem(post(client, path, partial), 422, pointer=f"/{field}")


def test_view_names_are_stable_for_the_pages(app):
    from flask import url_for

    with app.test_request_context():
        paths = {
            name: url_for(name)
            for name in (
                "api.wordsmith.alphabet",
                "api.wordsmith.solve",
                "api.wordsmith.hints",
                "api.wordsmith.judge",
                "api.wordsmith.score",
                "api.racks.solve",
                "api.booksmack.judge",
                "api.booksmack.turn",
                "api.booksmack.score",
                "api.colorsmash.judge",
                "api.colorsmash.replay",
            )
        }
    assert paths["api.wordsmith.solve"] == "/api/v1/wordsmith/solve"
    assert paths["api.racks.solve"] == "/api/v1/racks/solve"
    assert paths["api.colorsmash.replay"] == "/api/v1/colorsmash/replay"


def test_game_operations_are_documented(client):
    spec = client.get("/openapi.json").json
    for path in [*GAME_POSTS, "/api/v1/wordsmith/alphabet"]:
        assert path in spec["paths"], path
    solve = spec["paths"]["/api/v1/wordsmith/solve"]["post"]
    assert solve["tags"] == ["wordsmith"]
    request = spec["components"]["schemas"]["SolveRequest"]
    assert request["additionalProperties"] is False
    assert request["properties"]["limit"]["maximum"] == 1000 and request["properties"]["offset"]["maximum"] == 100_000
    pool = request["properties"]["pool"]["anyOf"]
    assert {"type": "string", "minLength": 1, "maxLength": 240} in pool and {
        "$ref": "#/components/schemas/PieceCounts"
    } in pool
    assert spec["components"]["schemas"]["PieceCounts"]["properties"]["red"]["maximum"] == 60


# --- the alphabet --------------------------------------------------------------------


def test_alphabet(client):
    body = client.get("/api/v1/wordsmith/alphabet").json
    assert body["source"] == "built-in"
    assert [k["kind"] for k in body["kinds"]] == ["red", "yellow", "blue", "green"]
    red = body["kinds"][0]
    assert red == {"kind": "red", "code": "R", "colour": "red", "shape": "long straight", "symbol": "L", "in_box": 40}
    letters = {entry["letter"]: entry for entry in body["letters"]}
    assert set("abcdefghijklmnopqrstuvwxyz") <= set(letters)
    assert letters["b"] == {
        "letter": "b",
        "pieces": {"red": 1, "yellow": 0, "blue": 0, "green": 2},
        "status": "rulebook",
    }
    assert {entry["status"] for entry in body["letters"]} == {"confirmed", "rulebook", "inferred"}
    assert tuple(letters["a"]["pieces"].values()) == load_alphabet().cost("a")
    assert body["dice"] == {
        "count": 4,
        "faces": list(load_box().die_faces),
        "labels": list(load_box().die_face_labels),
        "start": ["red", "red", "yellow", "yellow", "blue", "green"],
        "add": ["red", "red", "yellow", "yellow", "wild", "wild"],
    }
    assert body["wild"] == {"code": "W"}


def test_alphabet_follows_the_configured_file(tmp_path):
    source = load_alphabet().source
    custom = tmp_path / "my-box.tsv"
    text = open(source, encoding="utf-8").read().replace("a\t2\t1\t0\t0\tconfirmed", "a\t1\t1\t0\t0\tinferred")
    custom.write_text(text, encoding="utf-8")
    client = create_app({"TESTING": True, "ALPHABET_FILE": str(custom)}).test_client()
    body = client.get("/api/v1/wordsmith/alphabet").json
    assert body["source"] == "my-box.tsv"  # the file's name, never the server's path
    assert body["letters"][0] == {
        "letter": "a",
        "pieces": {"red": 1, "yellow": 1, "blue": 0, "green": 0},
        "status": "inferred",
    }


# --- solve ---------------------------------------------------------------------------


def test_solve_the_rulebook_pool_builds_bag_and_cast(client):
    body = post(client, "/api/v1/wordsmith/solve", {"pool": EXAMPLE_POOL, "limit": 1000}).json
    assert body["pool"] == {"red": 3, "yellow": 2, "blue": 1, "green": 2, "wild": 0}
    assert body["total"] == len(body["words"]) and {"bag", "cast"} <= set(words_of(body))
    cast = next(w for w in body["words"] if w["word"] == "cast")
    assert cast == {
        "word": "cast",
        "score": 4,
        "pieces": body["pool"],
        "leftover": EMPTY,
        "leftover_count": 0,
        "familiarity": load_lexicons().familiarity("cast"),
    }
    scores = [w["score"] for w in body["words"]]
    assert scores == sorted(scores, reverse=True)


def test_solve_pool_as_counts_text_or_letters(client):
    answers = [
        post(client, "/api/v1/wordsmith/solve", {"pool": pool, "limit": 5}).json
        for pool in (EXAMPLE_POOL, "rrryybgg", "R3,Y2,B1,G2", {"red": 3, "yellow": 2, "blue": 1, "green": 2})
    ]
    assert all(answer == answers[0] for answer in answers)


def test_solve_filters(client):
    solve = lambda **filters: (
        post(client, "/api/v1/wordsmith/solve", {"pool": EXAMPLE_POOL, "limit": 1000, **filters}).json
    )
    assert "gab" not in words_of(solve(previous_word="bag")) and "cast" in words_of(solve(previous_word="bag"))
    assert not {"cast", "acts"} & set(words_of(solve(claimed=["cast", "ACTS"])))
    assert all(w["leftover_count"] == 0 for w in solve(use_all=True)["words"])
    assert words_of(solve(starts_with="ca", use_all=True)) == ["cast", "cats"]
    assert all(w.endswith("s") for w in words_of(solve(ends_with="s")))
    assert all("ig" in w for w in words_of(solve(contains="ig")))
    assert all("t" in w for w in words_of(solve(required_letter="T")))
    assert {len(w) for w in words_of(solve(min_length=4, max_length=4))} == {4}
    assert all(
        "e" in w for w in words_of(post(client, "/api/v1/wordsmith/solve", {"pool": "W6", "required_letter": "É"}).json)
    )


def test_solve_pages(client):
    first = post(client, "/api/v1/wordsmith/solve", {"pool": "R8 Y6 B3 G3", "limit": 10}).json
    second = post(client, "/api/v1/wordsmith/solve", {"pool": "R8 Y6 B3 G3", "limit": 10, "offset": 10}).json
    both = post(client, "/api/v1/wordsmith/solve", {"pool": "R8 Y6 B3 G3", "limit": 20}).json
    assert words_of(first) + words_of(second) == words_of(both)
    assert first["total"] == both["total"] > 1000 and (second["offset"], second["limit"]) == (10, 10)
    far = post(client, "/api/v1/wordsmith/solve", {"pool": "R8 Y6 B3 G3", "offset": 100_000}).json
    assert far["words"] == [] and far["total"] == first["total"]


@given(
    st.builds(Pool, *[st.integers(0, 12) for _ in range(4)], wild=st.integers(0, 3)).filter(lambda p: p.size > 0),
    st.integers(1, 300),
    st.integers(0, 50),
)
@example(Pool(8, 6, 3, 3), 100, 0)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_solve_answer_is_the_library_result_written_out(client, pool, limit, offset):
    """The view writes the page itself (one tail per cost): it must say exactly what to_dict() says."""
    sort = ("score", "alphabetical", "familiar")[offset % 3]
    body = {"pool": pool.to_dict(), "limit": limit, "offset": offset, "sort": sort}
    response = post(client, "/api/v1/wordsmith/solve", body)
    assert response.status_code == 200 and response.mimetype == "application/json"
    index = piece_index(load_lexicons()["standard"])
    expected = search.solve(index, pool, limit=limit, offset=offset, sort=sort).to_dict()
    assert response.get_json() == expected


@pytest.mark.parametrize("path", ["/api/v1/wordsmith/solve", "/api/v1/wordsmith/hints", "/api/v1/racks/solve"])
def test_sort_changes_the_order_never_the_words(client, path):
    """Each word carries its familiarity; `alphabetical` and `familiar` list the default's words in their order."""
    body = {"rack": "retains"} if "racks" in path else {"pool": "R4 Y3 B2 G2"}
    limit = 100 if "hints" in path else 1000  # every word the pool or rack builds
    answers = {
        sort: post(client, path, {**body, "limit": limit, "sort": sort}).json
        for sort in ("score", "alphabetical", "familiar")
    }
    assert all(answer.get("total", 0) <= limit for answer in answers.values())
    lists = {sort: answer["claims"] if "hints" in path else answer["words"] for sort, answer in answers.items()}
    assert (
        sorted(lists["score"], key=repr)
        == sorted(lists["alphabetical"], key=repr)
        == sorted(lists["familiar"], key=repr)
    )
    assert [w["word"] for w in lists["alphabetical"]] == sorted(w["word"] for w in lists["score"])
    familiarity = [w["familiarity"] for w in lists["familiar"]]
    assert familiarity == sorted(familiarity, reverse=True)
    assert all(w["familiarity"] == load_lexicons().familiarity(w["word"]) for w in lists["score"])


def test_solve_lists_familiar_words_first_among_equals(client):
    words = post(client, "/api/v1/wordsmith/solve", {"pool": "R4 Y3 B2 G2", "limit": 100}).json["words"]
    five = [w for w in words if w["score"] == 5 and w["leftover_count"] == 0]
    assert [w["word"] for w in five[:3]] == ["toast", "sided", "moist"]
    assert [w["familiarity"] for w in five] == sorted((w["familiarity"] for w in five), reverse=True)


@pytest.mark.parametrize("path", ["/api/v1/wordsmith/solve", "/api/v1/wordsmith/hints", "/api/v1/racks/solve"])
@pytest.mark.parametrize("sort", ["random", "Score", "", 1, None])
def test_an_unknown_sort_is_a_problem_at_sort(client, path, sort):
    body = {"rack": "retains"} if "racks" in path else {"pool": EXAMPLE_POOL}
    problem = assert_problem(post(client, path, {**body, "sort": sort}), 422, pointer="/sort")
    assert problem["errors"][0]["detail"]


def test_solve_other_lexicon(client):
    small = post(client, "/api/v1/wordsmith/solve", {"pool": "W4", "lexicon": "small", "limit": 1}).json
    standard = post(client, "/api/v1/wordsmith/solve", {"pool": "W4", "limit": 1}).json
    assert 0 < small["total"] < standard["total"]


@pytest.mark.parametrize(
    "pool, fragment",
    [
        ("R3 X2", "'X' at position 4 is not a piece kind"),  # the library names the bad part
        ("R3 Y{2}", "is not a piece kind"),  # braces in the input are quoted, not formatted
        ("", "empty"),
        ("R0", "empty"),
        ("R70", "70 pieces is more than the limit of 60"),
        ("R30 Y31", "61 pieces"),
        ("R1234", "too large"),
        ("R1 " * 81, "at most 240 characters"),
        ({"purple": 1}, "unknown piece kind 'purple'"),
        ({"red": -1}, "red must be a whole number"),
        ({"red": True}, "red must be a whole number"),
        ({"red": 1.5}, "red must be a whole number"),
        ({"red": 61}, "61 pieces"),
        (7, "give text like"),
        (None, "give text like"),
        (["R3"], "give text like"),
    ],
)
def test_bad_pools_point_at_pool_with_the_library_message(client, pool, fragment):
    for path in ("/api/v1/wordsmith/solve", "/api/v1/wordsmith/hints", "/api/v1/wordsmith/judge"):
        body = assert_problem(
            post(client, path, {"pool": pool, "word": "bag"} if path.endswith("judge") else {"pool": pool}),
            422,
            pointer="/pool",
        )
        assert fragment in body["errors"][0]["detail"], body


@pytest.mark.parametrize(
    "fields, pointer",
    [
        ({"limit": 1001}, "/limit"),
        ({"limit": 0}, "/limit"),
        ({"limit": True}, "/limit"),  # strict: a yes is not a number
        ({"limit": "10"}, "/limit"),
        ({"offset": -1}, "/offset"),
        ({"offset": 100_001}, "/offset"),
        ({"min_length": 0}, "/min_length"),
        ({"min_length": 5, "max_length": 3}, "/max_length"),
        ({"max_length": 100}, "/max_length"),
        ({"starts_with": TOO_LONG}, "/starts_with"),
        ({"contains": 3}, "/contains"),
        ({"required_letter": "ab"}, "/required_letter"),
        ({"required_letter": "1"}, "/required_letter"),
        ({"previous_word": TOO_LONG}, "/previous_word"),
        ({"claimed": ["cat"] * 51}, "/claimed"),
        ({"claimed": ["cat", ""]}, "/claimed/1"),
        ({"claimed": "cat,bag"}, "/claimed"),
        ({"use_all": 1}, "/use_all"),
        ({"lexicon": "huge"}, "/lexicon"),
    ],
)
def test_solve_limits_and_filters_are_validated(client, fields, pointer):
    assert_problem(post(client, "/api/v1/wordsmith/solve", {"pool": EXAMPLE_POOL, **fields}), 422, pointer=pointer)


def test_game_limits_follow_the_config():
    client = create_app(
        {"TESTING": True, "MAX_POOL_PIECES": 10, "MAX_RACK_LETTERS": 5, "MAX_RESULT_LIMIT": 50, "MAX_WORD_LENGTH": 6}
    ).test_client()
    assert post(client, "/api/v1/wordsmith/solve", {"pool": "R5 Y5"}).status_code == 200
    body = assert_problem(post(client, "/api/v1/wordsmith/solve", {"pool": "R5 Y5 G1"}), 422, pointer="/pool")
    assert "limit of 10" in body["errors"][0]["detail"]
    assert_problem(post(client, "/api/v1/wordsmith/solve", {"pool": {"red": 11}}), 422, pointer="/pool")
    assert_problem(post(client, "/api/v1/wordsmith/solve", {"pool": "R3", "limit": 51}), 422, pointer="/limit")
    assert_problem(post(client, "/api/v1/racks/solve", {"rack": "abcdef"}), 422, pointer="/rack")
    assert_problem(post(client, "/api/v1/wordsmith/judge", {"word": "bagsbag", "pool": "R3"}), 422, pointer="/word")
    spec = client.get("/openapi.json").json
    assert spec["components"]["schemas"]["PieceCounts"]["properties"]["red"]["maximum"] == 10


# --- hints ---------------------------------------------------------------------------


def test_hints(client):
    body = post(client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL, "limit": 3}).json
    assert body["pool"]["red"] == 3 and body["boxes_left"] == 12 and body["free_discards_left"] == 6
    assert len(body["claims"]) == 3 and body["claims"][0]["net"] >= body["claims"][-1]["net"]
    assert body["may_add_pieces"] is True and set(body["add"]) == {"red", "yellow", "blue", "green", "wild"}
    assert [face["face"] for face in body["roll"]["faces"]] == ["red", "yellow", "wild"]
    assert abs(sum(face["chance"] for face in body["roll"]["faces"]) - 1) < 1e-9
    assert isinstance(body["roll"]["expected_net"], float)


def test_hints_boxes_and_done(client):
    body = post(client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL, "discards_used": 6, "crossed_white": 2}).json
    assert (body["discards_used"], body["crossed_white"], body["boxes_left"], body["free_discards_left"]) == (
        6,
        2,
        4,
        0,
    )
    done = post(
        client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL, "after_done": True, "previous_word": "bag"}
    ).json
    assert done["may_add_pieces"] is False and done["add"] == {} and done["roll"] is None
    assert "gab" not in [h["word"] for h in done["claims"]]
    assert post(client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL, "may_roll": False}).json["roll"] is None


@pytest.mark.parametrize(
    "fields, pointer",
    [
        ({"discards_used": 13}, "/discards_used"),
        ({"discards_used": 11, "crossed_white": 2}, "/discards_used"),  # only 10 boxes are left on that sheet
        ({"crossed_white": 7}, "/crossed_white"),
        ({"discards_used": -1}, "/discards_used"),
        ({"after_done": "yes"}, "/after_done"),
        ({"limit": 1001}, "/limit"),
        ({"limit": MAX_HINTS + 1}, "/limit"),  # a hints answer carries six lists: fewer per list than solve's page
        ({"limit": 0}, "/limit"),
        ({"offset": 10}, "/offset"),  # hints have no pages
    ],
)
def test_hints_validation(client, fields, pointer):
    assert_problem(post(client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL, **fields}), 422, pointer=pointer)


def test_hints_limit_bounds_the_answer(client):
    # 20 pieces make thousands of claims (a bigger pool makes fewer: its words must leave at most 12 pieces),
    # so every list is full at the limit, and the answer stays within the size MAX_HINTS was chosen for:
    # no bigger than the biggest solve page (1,000 words)
    big = {"pool": "R8 Y6 B3 G3", "lexicon": "large"}
    response = post(client, "/api/v1/wordsmith/hints", {**big, "limit": MAX_HINTS})
    body = response.json
    assert len(body["claims"]) == MAX_HINTS and all(len(found) == MAX_HINTS for found in body["add"].values())
    page = post(client, "/api/v1/wordsmith/solve", {**big, "limit": 1000})
    assert len(page.json["words"]) == 1000 and len(response.data) < len(page.data)
    problem = assert_problem(post(client, "/api/v1/wordsmith/hints", {**big, "limit": MAX_HINTS + 1}), 422, "/limit")
    assert str(MAX_HINTS) in problem["errors"][0]["detail"]
    spec = client.get("/openapi.json").json
    assert spec["components"]["schemas"]["HintsRequest"]["properties"]["limit"]["maximum"] == MAX_HINTS


# --- judge ---------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["bag", "cast", "CAST"])
def test_judge_the_rulebook_claims_stand(client, word):
    body = post(client, "/api/v1/wordsmith/judge", {"word": word, "pool": EXAMPLE_POOL}).json
    assert body["valid"] is True and body["objections"] == []
    assert body["score"] == len(word) and body["discards"] == 8 - sum(load_alphabet().cost(word.lower()))
    assert body["word"] == word and body["normalized"] == word.lower()


def test_judge_gab_after_bag_is_refused(client):
    body = post(client, "/api/v1/wordsmith/judge", {"word": "gab", "pool": EXAMPLE_POOL, "previous_word": "bag"}).json
    assert body["valid"] is False and body["score"] == 0
    (objection,) = body["objections"]
    assert objection == {
        "code": "no_new_letter",
        "message": "GAB has no new letter: every letter of it was already in BAG.",
        "previous_word": "bag",
    }


@pytest.mark.parametrize("name", ["John", "PERU"])
def test_judge_proper_names_are_refused(client, name):
    body = post(client, "/api/v1/wordsmith/judge", {"word": name, "pool": "W20"}).json
    assert body["valid"] is False
    (objection,) = body["objections"]
    assert objection["code"] == "not_a_word" and objection["reason"] == "proper_name"
    assert objection["message"] == f"{name.upper()} is a proper name, and proper names are not allowed."


@pytest.mark.parametrize("word", ["she's", "to-do", "SHE’S", "to–do"])
def test_judge_apostrophes_and_hyphens_count(client, word):
    body = post(client, "/api/v1/wordsmith/judge", {"word": word, "pool": "W20"}).json
    assert body["valid"] is True and body["score"] == 5, body


def test_judge_lists_every_objection(client):
    body = post(
        client,
        "/api/v1/wordsmith/judge",
        {
            "word": "bag",
            "pool": "R3 Y2 B1",
            "claimed": ["cast", "bag"],
            "required_letter": "e",
            "words_written": 6,
            "challenge_over": True,
        },
    ).json
    assert [o["code"] for o in body["objections"]] == [
        "sheet_full",
        "challenge_over",
        "already_claimed",
        "missing_required_letter",
        "not_buildable",
    ]
    not_buildable = body["objections"][-1]
    assert not_buildable["missing"] == {"green": 2} and body["pieces"] is None and body["leftover"] is None


def test_judge_discards(client):
    body = post(client, "/api/v1/wordsmith/judge", {"word": "bag", "pool": "R4 Y2 B1 G2", "discards_used": 12}).json
    assert [o["code"] for o in body["objections"]] == ["must_use_all_pieces"]
    assert body["objections"][0]["leftover"] == 1 and body["objections"][0]["boxes_left"] == 0
    body = post(client, "/api/v1/wordsmith/judge", {"word": "bag", "pool": "R4 Y2 B1 G2", "discards_used": 6}).json
    assert body["valid"] is True and (body["discards"], body["bonus_lost"], body["discards_after"]) == (1, 1, 7)
    assert body["leftover"] == {**EMPTY, "red": 1}


def test_judge_after_done_and_other_lexicons(client):
    body = post(
        client, "/api/v1/wordsmith/judge", {"word": "zyzzyva", "pool": "W20", "after_done": True, "lexicon": "large"}
    ).json
    assert body["valid"] is True and body["lexicon"] == "large" and body["may_add_pieces"] is False
    body = post(client, "/api/v1/wordsmith/judge", {"word": "zyzzyva", "pool": "W20"}).json
    assert body["objections"][0]["reason"] == "larger_lexicon_only" and body["objections"][0]["tier"] == "large"


@pytest.mark.parametrize(
    "fields, pointer",
    [
        ({"word": ""}, "/word"),
        ({"word": TOO_LONG}, "/word"),
        ({"word": 3}, "/word"),
        ({"words_written": 7}, "/words_written"),
        ({"required_letter": "é!"}, "/required_letter"),
        ({"claimed": ["x"] * 51}, "/claimed"),
        ({"discards_used": 12, "crossed_white": 1}, "/discards_used"),
        ({"challenge_over": None}, "/challenge_over"),
    ],
)
def test_judge_validation(client, fields, pointer):
    assert_problem(
        post(client, "/api/v1/wordsmith/judge", {"word": "bag", "pool": EXAMPLE_POOL, **fields}), 422, pointer=pointer
    )


# --- score ---------------------------------------------------------------------------


def test_score_sheets(client):
    sheets = [
        {"player": "Ann", "challenges": [{"words": ["bag", "cast", "she's"], "discards": 8}]},
        {"player": "Bo", "challenges": [{"words": ["to-do", "she's", "bag"], "discards": 2, "crossed_white": 1}]},
    ]
    body = post(client, "/api/v1/wordsmith/score", {"sheets": sheets}).json
    assert body["variant"] == "standard"
    ann, bo = body["sheets"]
    assert ann["player"] == "Ann" and ann["total"] == 16  # 3 + 4 + 5 letters + 4 unchecked blue boxes
    (challenge,) = ann["challenges"]
    assert (challenge["letters"], challenge["bonus"], challenge["total"]) == (12, 4, 16)
    assert [w["points"] for w in challenge["words"]] == [3, 4, 5]
    assert bo["total"] == 5 + 5 + 3 + 6  # TO-DO and SHE'S score 5 each; no blue box checked
    assert [w["points"] for w in bo["challenges"][0]["words"]] == [5, 5, 3]
    assert body["winners"] == ["Bo"] and body["high_score"] == 19


def test_score_ties_share_the_win(client):
    sheets = [
        {"player": "Ann", "challenges": [{"words": ["bag"]}]},
        {"player": "Bo", "challenges": [{"words": ["gab"]}]},
    ]
    body = post(client, "/api/v1/wordsmith/score", {"sheets": sheets}).json
    assert body["winners"] == ["Ann", "Bo"]


def test_score_secret_checks_words(client):
    sheets = [{"player": "Ann", "challenges": [{"words": ["bag", "gab", "Peru", "cast"]}]}]
    body = post(client, "/api/v1/wordsmith/score", {"sheets": sheets, "variant": "secret"}).json
    words = body["sheets"][0]["challenges"][0]["words"]
    assert [w["points"] for w in words] == [3, 0, 0, 4]
    assert [o["code"] for o in words[1]["objections"]] == ["no_new_letter"]
    assert words[2]["objections"][0]["reason"] == "proper_name"


def test_score_advanced_and_word_by_word(client):
    sheets = [{"player": "Ann", "challenges": [{"words": [{"word": "bag", "row": 2}, "cast"], "required": "xbtyzq"}]}]
    body = post(client, "/api/v1/wordsmith/score", {"sheets": sheets, "variant": "advanced"}).json
    words = body["sheets"][0]["challenges"][0]["words"]
    assert [(w["row"], w["required_letter"], w["points"]) for w in words] == [(2, "b", 3), (3, "t", 4)]
    sheets = [
        {"player": "Ann", "challenges": [{"words": [{"word": "bag", "circles": 2, "checked": 1}], "discards": 3}]}
    ]
    body = post(client, "/api/v1/wordsmith/score", {"sheets": sheets, "variant": "word_by_word"}).json
    challenge = body["sheets"][0]["challenges"][0]
    assert challenge["circle_discards"] == 1 and challenge["boxes_checked"] == 4


@pytest.mark.parametrize(
    "body, pointer, fragment",
    [
        ({"sheets": []}, "/sheets", None),
        ({"sheets": [{"player": f"p{i}"} for i in range(9)]}, "/sheets", None),
        ({"sheets": [{"player": ""}]}, "/sheets/0/player", None),
        ({"sheets": [{"player": "Ann", "challenges": [{}] * 4}]}, "/sheets/0/challenges", None),
        ({"sheets": [{"player": "Ann", "challenges": [{"words": ["a"] * 7}]}]}, "/sheets/0/challenges/0/words", None),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": [TOO_LONG]}]}]},
            "/sheets/0/challenges/0/words/0",
            str(DEFAULTS["MAX_WORD_LENGTH"]),
        ),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": [{"word": "bag", "row": 7}]}]}]},
            "/sheets/0/challenges/0/words/0",
            "row",
        ),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": [{"word": "bag", "colour": 7}]}]}]},
            "/sheets/0/challenges/0/words/0",
            "colour",
        ),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": [7]}]}]},
            "/sheets/0/challenges/0/words/0",
            "give a word",
        ),
        ({"sheets": [{"player": "Ann", "challenges": [{"discards": 13}]}]}, "/sheets/0/challenges/0/discards", None),
        ({"sheets": [{"player": "Ann", "challenges": [{"discards": True}]}]}, "/sheets/0/challenges/0/discards", None),
        ({"sheets": [{"player": "Ann", "challenges": [{"required": 6}]}]}, "/sheets/0/challenges/0/required", None),
        # What only the rules know comes back from the library, pointed at the sheet, challenge or word it names:
        ({"sheets": [{"player": "Ann"}, {"player": "Ann"}]}, "/sheets", "two sheets belong to 'Ann'"),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": [{"word": "bag", "row": 2}]}]}]},
            "/sheets/0/challenges/0/words/0",
            "only for the advanced",
        ),
        (
            {"sheets": [{"player": "Ann"}, {"player": "Bo", "challenges": [{}, {"discards": 10, "crossed_white": 3}]}]},
            "/sheets/1/challenges/1",
            "only 9 discard boxes",
        ),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": ["bag", "c4t"]}]}]},
            "/sheets/0/challenges/0/words/1",
            "cannot stand on a sheet",
        ),
        (
            {"sheets": [{"player": "Ann", "challenges": [{"words": ["bag"]}]}], "variant": "advanced"},
            "/sheets/0/challenges/0",
            "needs 'required'",
        ),
        ({"sheets": [{"player": "Ann"}], "variant": "blitz"}, "/variant", "unknown variant 'blitz'"),
        ({"sheets": [{"player": "Ann"}], "variant": "standard+secret"}, "/variant", "does not combine"),
    ],
)
def test_score_validation(client, body, pointer, fragment):
    problem = assert_problem(post(client, "/api/v1/wordsmith/score", body), 422, pointer=pointer)
    if fragment:
        assert any(fragment in error["detail"] for error in problem["errors"]), problem


# --- racks ---------------------------------------------------------------------------


def test_rack(client):
    body = post(client, "/api/v1/racks/solve", {"rack": "Retains?", "limit": 5}).json
    assert body["rack"] == "retains?" and body["total"] > 1000 and len(body["words"]) == 5
    first = body["words"][0]
    assert set(first) >= {"word", "score", "length", "blanks", "leftover"}
    scores = [w["score"] for w in body["words"]]
    assert scores == sorted(scores, reverse=True)


def test_rack_filters_and_pages(client):
    body = post(client, "/api/v1/racks/solve", {"rack": "c a t", "min_length": 3}).json
    assert words_of(body) == ["act", "cat"] and body["words"][0]["leftover"] == ""
    page = post(client, "/api/v1/racks/solve", {"rack": "retains?", "limit": 3, "offset": 3}).json
    both = post(client, "/api/v1/racks/solve", {"rack": "retains?", "limit": 6}).json
    assert words_of(page) == words_of(both)[3:]
    assert post(client, "/api/v1/racks/solve", {"rack": "zzzzzz", "min_length": 2}).json == {
        "rack": "zzzzzz",
        "total": 0,
        "offset": 0,
        "limit": 100,
        "words": [],
    }


@pytest.mark.parametrize(
    "rack, fragment",
    [
        ("ret???", "3 blanks is more than the limit of 2"),
        ("ca7", "'7' is not a letter"),
        ("a" * 21, "at most 20 characters"),
        ("", "empty"),
        ("   ", "empty"),
        (["a", "b"], "give the tiles as text"),
    ],
)
def test_bad_racks(client, rack, fragment):
    problem = assert_problem(post(client, "/api/v1/racks/solve", {"rack": rack}), 422, pointer="/rack")
    assert fragment in problem["errors"][0]["detail"], problem


@pytest.mark.parametrize(
    "fields, pointer",
    [
        ({"limit": 1001}, "/limit"),
        ({"offset": -3}, "/offset"),
        ({"max_length": 0}, "/max_length"),
        ({"lexicon": "tiny"}, "/lexicon"),
    ],
)
def test_rack_validation(client, fields, pointer):
    assert_problem(post(client, "/api/v1/racks/solve", {"rack": "retains?", **fields}), 422, pointer=pointer)


def test_answers_are_the_library_dicts(app, client):
    """The app's JSON provider writes the library's to_dict() as JSON (with pydantic-core), exactly as json would; the solve page's own writer agrees."""
    from app.resources import lexicon_named, pieces_for, racks_for
    from solver import booksmack, search, wordsmith

    with app.app_context():
        lexicon = lexicon_named(None)
        expected = {
            "/api/v1/wordsmith/solve": (
                search.solve(pieces_for(lexicon), "R8 Y6 B3 G3").to_dict(),
                {"pool": "R8 Y6 B3 G3"},
            ),
            "/api/v1/wordsmith/hints": (
                wordsmith.hints(pieces_for(lexicon), EXAMPLE_POOL).to_dict(),
                {"pool": EXAMPLE_POOL},
            ),
            "/api/v1/racks/solve": (search.solve_rack(racks_for(lexicon), "retains?").to_dict(), {"rack": "retains?"}),
            "/api/v1/booksmack/judge": (
                booksmack.judge_round(["c", "A", "f", "é"], lexicon).to_dict(),
                {"cards": ["c", "A", "f", "é"]},
            ),
        }
    for path, (library, request) in expected.items():
        response = post(client, path, request)
        assert response.mimetype == "application/json" and response.data.endswith(b"\n")
        assert json.loads(response.data) == library, path
    assert (
        "é".encode() in post(client, "/api/v1/booksmack/judge", {"cards": ["c", "A", "f", "é"]}).data
    )  # UTF-8, not \u escapes
    assert post(client, "/api/v1/wordsmith/hints", {"pool": EXAMPLE_POOL}).json["roll"]["faces"][0]["chance"] == 1 / 3


# --- dice ----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["start", "add", "word_by_word"]), st.integers(0, 2**32 - 1))
def test_a_seeded_roll_equals_the_local_roll(client, what, seed):
    import random

    from solver.wordsmith import roll_dice

    body = post(client, "/api/v1/wordsmith/roll", {"roll": what, "seed": seed}).json
    assert body == {**roll_dice(what, random.Random(seed)).to_dict(), "seed": seed}
    if what == "start":
        assert body["pieces"]["wild"] == 0 and sum(body["pieces"].values()) == 8  # ruling 5: a star gives its colour


def test_an_unseeded_roll_says_its_seed(client):
    body = post(client, "/api/v1/wordsmith/roll", {}).json
    assert body["what"] == "start" and 0 <= body["seed"] < 2**32
    again = post(client, "/api/v1/wordsmith/roll", {"seed": body["seed"]}).json
    assert again == body


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"roll": "twice"}, "/roll"),
        ({"seed": -1}, "/seed"),
        ({"seed": 2**32}, "/seed"),
        ({"seed": "7"}, "/seed"),
        ({"seed": True}, "/seed"),
        ({"dice": 3}, "/dice"),
    ],
)
def test_roll_refuses_bad_input(client, body, pointer):
    assert_problem(post(client, "/api/v1/wordsmith/roll", body), 422, pointer=pointer)
