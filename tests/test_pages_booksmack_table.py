"""Turn-based Booksmack played to its end through the pages alone, on three phones and the TV (the table view).

Each phone is a Flask test client of its own (its seat cookie), as in
test_pages_tables.py, on the default app (SQLite). At every step the test
reads what each phone shows: whose turn it is, every seat's hand size, the
forms it may use and only those (the card to play on the phone whose turn it
is, the steal on the thief's alone, without the thief among the victims),
and at the end the scores. The host's early end and the seat counts of the
create form are here too. Rulings are docs/rules/booksmack.md's.
"""

from __future__ import annotations

import re

from test_pages_tables import create, hidden, join, phone, post_form, press, text

NAMES = ("Ann", "Bob", "Cy")


def page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, text(response.get_data(as_text=True))[:500])
    return response.get_data(as_text=True)


def phase_line(html: str) -> str:
    return text(re.search(r'<p class="table-phase">.*?</p>', html, flags=re.S).group(0))


def hand_sizes(html: str) -> dict[str, int]:
    """Each seat's hand size as the page's "Hands and libraries" list says it."""
    section = text(re.search(r'<section class="table-rounds".*?</section>', html, flags=re.S).group(0))
    return {name: int(held) for name, held in re.findall(r"(\w+) ?: (\d+) cards? in hand", section)}


def libraries_read(html: str) -> str:
    """The list of hands and libraries as a phone reads it."""
    return re.sub(r" ([,:;])", r"\1", text(re.search(r'<ul class="libraries">.*?</ul>', html, flags=re.S).group(0)))


def form_ids(html: str) -> set[str]:
    return set(re.findall(r'<form[^>]*id="([^"]+)"', html))


def rounds_read(html: str) -> list[str]:
    """The rounds list as a phone reads it, newest first: one line per round."""
    section = re.search(r'<section class="table-rounds".*?</section>', html, flags=re.S).group(0)
    lines = re.findall(r'<li class="claim">.*?</li>', section[section.index("<h2>Rounds</h2>") :], flags=re.S)
    return [re.sub(r" ([,:])", r"\1", text(line)) for line in lines]


class Table:
    """A turn-based table of Ann, Bob and Cy: Ann's phone created it (so it hosts too), and a TV shows the view."""

    def __init__(self, app, variants=("turns",)):
        self.app = app
        ann = phone(app)
        self.code, _ = create(ann, names=NAMES, game="booksmack", variants=list(variants))
        self.phones = {1: ann, 2: phone(app), 3: phone(app)}
        for seat, client in self.phones.items():
            assert join(client, self.code, seat).status_code == 303
        self.tv = phone(app)

    def play_page(self, seat: int) -> str:
        return page(self.phones[seat], f"/tables/{self.code}/play")

    def every_page(self) -> dict:
        """What each phone and the TV show now: seat (0 the TV) -> the page's HTML."""
        pages = {seat: self.play_page(seat) for seat in self.phones}
        return pages | {0: page(self.tv, f"/tables/{self.code}")}

    def post(self, seat: int, html: str, form_id: str, **fields):
        response = post_form(self.phones[seat], f"/tables/{self.code}/play", html, form_id, **fields)
        assert response.status_code == 303, text(response.get_data(as_text=True))[:800]

    def game(self) -> dict:
        return self.app.extensions["tables"].state(self.code).to_dict()["booksmack"]


def assert_turn(table: Table, number: int, seat: int, hands: tuple[int, int, int]) -> dict:
    """Every phone and the TV say it is `seat`'s turn (number `number`) and show the hand sizes; only the phone
    whose turn it is has the card form, and no phone has a steal form. The pages, by seat."""
    pages = table.every_page()
    name = NAMES[seat - 1]
    for viewer, html in pages.items():
        line = phase_line(html)
        expected = f"Turn {number}: your turn." if viewer == seat else f"Turn {number}: {name}'s turn."
        assert line.startswith(expected), (viewer, line)
        assert hand_sizes(html) == dict(zip(NAMES, hands)), (viewer, hand_sizes(html))
        forms = form_ids(html)
        assert ("turn-form" in forms) == (viewer == seat), (viewer, forms)
        assert not any(form.startswith("steal") for form in forms), (viewer, forms)
        assert "hands-form" not in forms
    assert "The card you play" in text(pages[seat])
    return pages


def play(table: Table, seat: int, card: str, pages: dict) -> None:
    table.post(seat, pages[seat], "turn-form", action="turn", card=card)


def assert_steal_due(table: Table, thief: int, number: int, victims: dict[int, set[str]]) -> dict:
    """The thief's phone alone has the steal forms: one per other seat that has something to take (`victims`:
    seat -> the buttons, `hand` and/or `table`), never the thief; every phone says who steals. The pages."""
    pages = table.every_page()
    for viewer, html in pages.items():
        line = phase_line(html)
        if viewer == thief:
            assert line == f"Turn {number}: your card steals. Steal a card: choose whom below.", line
        else:
            assert line == f"Turn {number}: {NAMES[thief - 1]}'s card steals, so {NAMES[thief - 1]} steals a card.", (
                line
            )
        steals = {form for form in form_ids(html) if form.startswith("steal-")}
        assert steals == ({f"steal-{seat}" for seat in victims} if viewer == thief else set()), (viewer, steals)
        assert "turn-form" not in form_ids(html)  # the next seat waits for the steal
    mine = pages[thief]
    assert f"steal-{thief}" not in mine and f'name="victim" value="{thief}"' not in mine
    for seat, sources in victims.items():
        form = re.search(rf'<form[^>]*id="steal-{seat}".*?</form>', mine, flags=re.S).group(0)
        assert f'name="victim" value="{seat}"' in form
        assert set(re.findall(r'name="from" value="(\w+)"', form)) == sources, (seat, form)
    return pages


def steal(table: Table, thief: int, victim: int, source: str, pages: dict) -> None:
    table.post(thief, pages[thief], f"steal-{victim}", action="steal", victim=str(victim), **{"from": source})


def test_a_turn_based_game_is_played_to_its_end_on_three_phones(app):
    table = Table(app)
    # Six cards each (ruling 10), Ann first (ruling 12).
    pages = assert_turn(table, 1, 1, (6, 6, 6))
    assert "Draw pile: 21 cards." in text(pages[0])
    play(table, 1, "c", pages)  # alone on the table, so the highest: Ann draws
    pages = assert_turn(table, 2, 2, (6, 6, 6))
    assert "Draw pile: 20 cards." in text(pages[0])
    play(table, 2, "a", pages)  # the lowest: Bob steals; Cy has no card on the table, so only her hand
    pages = assert_steal_due(table, 2, 2, {1: {"hand", "table"}, 3: {"hand"}})
    assert hand_sizes(pages[0]) == {"Ann": 6, "Bob": 5, "Cy": 6}
    steal(table, 2, 3, "hand", pages)
    pages = assert_turn(table, 3, 3, (6, 6, 5))
    assert "Bob steals a card from Cy's hand." in text(pages[0])
    play(table, 3, "t", pages)  # C A T: Cy wins every card played
    pages = assert_turn(table, 4, 1, (6, 6, 4))
    assert "CAT is spelled (read from Ann)" in text(pages[0])
    play(table, 1, "m", pages)  # alone again: Ann draws
    pages = assert_turn(table, 5, 2, (6, 6, 4))
    play(table, 2, "b", pages)
    pages = assert_steal_due(table, 2, 5, {1: {"hand", "table"}, 3: {"hand"}})
    steal(table, 2, 3, "hand", pages)
    pages = assert_turn(table, 6, 3, (6, 6, 3))
    play(table, 3, "k", pages)  # neither highest nor lowest: nothing more
    pages = assert_turn(table, 7, 1, (6, 6, 2))
    play(table, 1, "d", pages)
    pages = assert_turn(table, 8, 2, (5, 6, 2))
    play(table, 2, "C", pages)  # the lowest again: now Cy has a card on the table to take too
    pages = assert_steal_due(table, 2, 8, {1: {"hand", "table"}, 3: {"hand", "table"}})
    steal(table, 2, 3, "hand", pages)
    pages = assert_turn(table, 9, 3, (5, 6, 1))
    play(table, 3, "o", pages)  # D C O read from Bob: COD; Cy's last card, so play is over (ruling 12)

    # Every phone may enter the cards left in hands; none is asked to play or steal.
    pages = table.every_page()
    for viewer, html in pages.items():
        assert phase_line(html).startswith("Play is over after turn 9: enter the cards left in each hand"), viewer
        assert hand_sizes(html) == {"Ann": 5, "Bob": 6, "Cy": 0}
        forms = form_ids(html)
        assert ("hands-form" in forms) == (viewer != 0) and "turn-form" not in forms, (viewer, forms)
        assert not any(form.startswith(("steal", "endgame")) for form in forms), (viewer, forms)
    hands = re.search(r'<form[^>]*id="hands-form".*?</form>', pages[3], flags=re.S).group(0)
    assert "Ann (5 cards)" in text(hands) and "Bob (6 cards)" in text(hands) and "Cy: no cards left" in text(hands)
    table.post(3, pages[3], "hands-form", action="hands", hand1="e f g h i", hand2="u v w x y z", hand3="")

    game = table.game()
    totals = {NAMES[score["seat"] - 1]: score["total"] for score in game["scores"]}
    assert game["phase"] == "ended" and game["winners"] == [2]
    for viewer, html in table.every_page().items():
        assert phase_line(html) == "The game is over: Bob wins.", viewer
        assert f"Game over: Bob wins with {totals['Bob']} points." in text(html)
        board = text(re.search(r'<section class="table-scores".*?</section>', html, flags=re.S).group(0))
        for name, total in totals.items():
            assert re.search(rf"{name} \d+ {total}\b", board), (viewer, board)  # cards won, then the total
        assert not {form for form in form_ids(html) if form.startswith(("turn", "steal", "hands", "endgame"))}


def test_the_host_ends_a_turn_based_game_early_with_the_cards_left_in_hands(app):
    """The host's end needs the hands (ruling 13): its form has a field per seat saying how many; while a steal
    is due, there is no end button, only what to do first."""
    table = Table(app)
    host_page = f"/tables/{table.code}/host"
    ann = table.phones[1]
    pages = table.every_page()
    play(table, 1, "c", pages)
    play(table, 2, "a", table.every_page())
    html = page(ann, host_page)
    assert "endgame-form" not in form_ids(html) and "To end the game, first enter whom Bob steals from." in text(html)
    assert {f"steal-{seat}" for seat in (1, 3)} <= form_ids(html)  # the host's page enters any seat's steal
    steal(table, 2, 1, "table", table.every_page())  # Ann's c: the card goes to Bob's hand
    assert "Bob takes Ann's c from the table." in text(page(table.tv, f"/tables/{table.code}"))
    html = page(ann, host_page)
    form = re.search(r'<form[^>]*id="endgame-form".*?</form>', html, flags=re.S).group(0)
    assert [text(label) for label in re.findall(r"<label[^>]*>(.*?)</label>", form, flags=re.S)] == [
        "Ann (6 cards)",
        "Bob (6 cards)",
        "Cy (6 cards)",
    ]
    fields = {"action": "end_game", "hands_given": "1", "hand1": "b d e f g h", "hand2": "i j k l m n"}
    short = post_form(ann, host_page, html, "endgame-form", **fields, hand3="o p")
    assert short.status_code == 422 and "Hands: Cy holds 6 cards" in text(short.get_data(as_text=True))
    ended = post_form(ann, host_page, html, "endgame-form", **fields, hand3="o p q r s t")
    assert ended.status_code == 303, text(ended.get_data(as_text=True))[:800]
    game = table.game()
    assert game["phase"] == "ended" and [score["hand"] for score in game["scores"]] == [6, 6, 6]
    assert phase_line(page(table.tv, f"/tables/{table.code}")).startswith("The game is over:")


def test_the_host_ends_a_base_game_with_one_button_but_not_while_a_round_waits_for_its_takers(app):
    host = phone(app)
    code, _ = create(host, names=NAMES, game="booksmack")
    html = page(host, f"/tables/{code}/host")
    assert phase_line(html) == "Round 1: reveal the cards, seat 1 first."
    assert hand_sizes(html) == {"Ann": 4, "Bob": 4, "Cy": 4}
    response = post_form(host, f"/tables/{code}/host", html, "round-form", action="round", cards="b Z m")
    assert response.status_code == 303
    html = page(host, f"/tables/{code}/host")
    assert phase_line(html) == "Round 1: tick who tapped first, to give them the cards."
    assert hand_sizes(html) == {"Ann": 3, "Bob": 3, "Cy": 3}
    assert "endgame-form" not in form_ids(html) and "first tick who takes the cards of round 1" in text(html)
    assert post_form(host, f"/tables/{code}/host", html, "take-form", action="take", takers="2").status_code == 303
    html = page(host, f"/tables/{code}/host")
    assert phase_line(html) == "Round 2: reveal the cards, seat 1 first."
    ended = post_form(host, f"/tables/{code}/host", html, "endgame-form", action="end_game")
    assert ended.status_code == 303, text(ended.get_data(as_text=True))[:800]
    assert app.extensions["tables"].state(code).to_dict()["booksmack"]["winners"] == [2]


def test_the_create_form_refuses_a_seventh_seat_with_the_rule(app):
    client = phone(app)
    form = client.get("/tables").get_data(as_text=True)
    assert 'name="seat7"' not in form  # six boxes: the largest table
    seats = {f"seat{i}": f"P{i}" for i in range(1, 8)}
    response = post_form(client, "/tables", form, "table-create", game="booksmack", **seats)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r"Seats ?: Booksmack is for 2 to 6 players at a live table: .*ruling 14\); got 7", text(html))
    assert re.findall(r'<input id="([^"]+)"[^>]*aria-invalid="true"', html) == ["seat1"]  # at the seats, not a box
    assert hidden(html, "csrf_token", "table-create")  # the form again, filled in


def base_table(app, variants=()):
    """A base (not turn-based) table of Ann, Bob and Cy, each on a phone; Ann's created it and hosts."""
    ann = phone(app)
    code, _ = create(ann, names=NAMES, game="booksmack", variants=list(variants))
    phones = {1: ann, 2: phone(app), 3: phone(app)}
    for seat, client in phones.items():
        assert join(client, code, seat).status_code == 303
    return code, phones


def enter_round(client, code: str, cards: str, takers: list[str] | None = None):
    html = page(client, f"/tables/{code}/play")
    more = {"takers": takers} if takers else {}
    return post_form(client, f"/tables/{code}/play", html, "round-form", action="round", cards=cards, **more)


def test_the_space_card_is_entered_at_a_table_as_the_booksmack_page_reads_it(app):
    """`space` (or ␣) is the Space card, and letters typed together are a card each, as on the judge's page."""
    code, phones = base_table(app, ["glyphs"])
    assert "the Space card is space" in text(page(phones[2], f"/tables/{code}/play"))
    assert enter_round(phones[2], code, "space cA", takers=["2"]).status_code == 303  # c is the card to tap
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert game["rounds"][-1]["cards"] == [" ", "c", "A"] and game["seats"][1]["cards_won"] == 3
    assert enter_round(phones[3], code, "␣ b d", takers=["3"]).status_code == 303
    assert app.extensions["tables"].state(code).to_dict()["booksmack"]["rounds"][-1]["cards"] == [" ", "b", "d"]
    html = page(phones[1], f"/tables/{code}/play")  # the Space card is named as the judge names it
    said = rounds_read(html)
    assert [line.split(":")[0] for line in said] == ["Ann Space, Bob b, Cy d", "Ann Space, Bob c, Cy A"], said
    assert "Bob: 2 cards in hand, 3 won Space c A" in libraries_read(html)
    assert "Cy: 2 cards in hand, 3 won Space b d" in libraries_read(html)


def test_a_space_card_on_the_table_is_named_on_the_steal_button_and_in_the_steal_said(app):
    """Ruling 15: the table's sentences and faces name a card as the judge does, so a Space card (a blank face) is
    "Space" on the thief's button, in the big box, the turns list and the list of hands, never a blank."""
    table = Table(app, variants=("turns", "glyphs"))
    for seat, card in ((1, "m"), (2, "space"), (3, "z")):
        play(table, seat, card, table.every_page())
    pages = table.every_page()
    assert "Bob: 5 cards in hand, 0 won; on the table Space" in libraries_read(pages[0])
    play(table, 1, "a", pages)  # the lowest: Ann steals
    pages = assert_steal_due(table, 1, 4, {2: {"hand", "table"}, 3: {"hand", "table"}})
    button = re.search(r'<form[^>]*id="steal-2".*?</form>', pages[1], flags=re.S).group(0)
    assert "Bob's Space from the table" in text(button)
    steal(table, 1, 2, "table", pages)
    for viewer, html in table.every_page().items():
        latest = text(re.search(r'<section class="verdict table-latest.*?</section>', html, flags=re.S).group(0))
        assert latest == "Ann takes Bob's Space from the table.", (viewer, latest)
        turns = text(re.search(r"<h2>Turns</h2>.*?</ol>", html, flags=re.S).group(0))
        assert turns.count("Ann takes Bob's Space from the table.") == 1, (viewer, turns)


def test_a_seat_whose_player_left_is_no_taker_on_any_form_and_is_refused_as_one(app):
    code, phones = base_table(app)
    ann = phones[1]
    html = page(ann, f"/tables/{code}/play")
    assert press(ann, f"/tables/{code}/play", html, "Remove Bob: they left").status_code == 303
    html = page(phones[3], f"/tables/{code}/play")
    form = re.search(r'<form[^>]*id="round-form".*?</form>', html, flags=re.S).group(0)
    assert set(re.findall(r'name="takers" value="(\d)"', form)) == {"1", "3"}
    refused = enter_round(phones[3], code, "a Z", takers=["2"])  # two seats still playing: two cards
    assert refused.status_code == 422
    assert "Bob has left the table, so cannot take cards" in text(refused.get_data(as_text=True))
    assert enter_round(phones[3], code, "a Z").status_code == 303  # Z wins: the table now ticks who tapped first
    html = page(phones[3], f"/tables/{code}/play")
    form = re.search(r'<form[^>]*id="take-form".*?</form>', html, flags=re.S).group(0)
    assert set(re.findall(r'name="takers" value="(\d)"', form)) == {"1", "3"}
    taken = post_form(phones[3], f"/tables/{code}/play", html, "take-form", action="take", takers=["2"])
    assert taken.status_code == 422 and "Bob has left the table" in text(taken.get_data(as_text=True))
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert game["phase"] == "taking" and game["seats"][1]["cards_won"] == 0


def test_a_rounds_share_counts_the_cards_played_never_the_place_of_a_seat_that_left(app):
    """Ruling 11: after Cy leaves, a round holds two cards; the tie's share says each of two players gets one of
    those 2 cards, none discarded, on every phone, as the table then gives them."""
    code, phones = base_table(app, ["accents"])
    html = page(phones[1], f"/tables/{code}/play")
    assert press(phones[1], f"/tables/{code}/play", html, "Remove Cy: they left").status_code == 303
    assert enter_round(phones[2], code, "é è").status_code == 303
    share = "if 2 players tap at once, each gets 1 of the 2 cards."
    for client in (phones[1], phones[2], phone(app)):
        html = page(client, f"/tables/{code}/play" if client in phones.values() else f"/tables/{code}")
        assert rounds_read(html) == [f"Ann é, Bob è: é and è tie as the highest letter, so each of them wins; {share}"]
        latest = text(re.search(r'<section class="verdict table-latest.*?</section>', html, flags=re.S).group(0))
        assert latest.endswith(share) and "discarded" not in latest, latest
    html = page(phones[2], f"/tables/{code}/play")
    assert (
        post_form(phones[2], f"/tables/{code}/play", html, "take-form", action="take", takers=["1", "2"]).status_code
        == 303
    )
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert [seat["library"] for seat in game["seats"]] == [["é"], ["è"], []]


def test_a_tap_round_with_too_many_takers_is_told_to_name_who_tapped_not_who_said_a_word(app):
    code, phones = base_table(app)
    refused = enter_round(phones[2], code, "b Z m", takers=["1", "2"])  # Z: one card to tap, no word
    assert refused.status_code == 422
    said = text(refused.get_data(as_text=True))
    assert "name the one seat that tapped the winning card first" in said and "said the word" not in said


def test_the_hosts_undo_names_the_round_and_a_tie_reads_as_a_sentence_in_the_rounds_list(app):
    code, phones = base_table(app)
    assert enter_round(phones[2], code, "Z Z a", takers=["1", "2"]).status_code == 303  # two Zs tie: each taps
    assert enter_round(phones[3], code, "b Z m").status_code == 303  # Z wins: waits for who tapped it first
    rounds = text(
        re.search(r'<section class="table-rounds".*?</section>', page(phones[3], f"/tables/{code}/play"), re.S)[0]
    )
    assert "(Ann and Bob take the cards)" in rounds, rounds
    html = page(phones[1], f"/tables/{code}/play")  # Ann's phone hosts: the Undo is in its Host controls
    assert press(phones[1], f"/tables/{code}/play", html, "Undo round 2").status_code == 303
    for client in phones.values():
        said = text(page(client, f"/tables/{code}/play"))
        assert "The host undid round 2" in said, said[:600]
    html = page(phones[1], f"/tables/{code}/play")
    assert "Undo round 1" in text(html)


def test_every_round_says_whose_card_each_was_after_a_seat_leaves_the_table(app):
    """Each round in the list names the player of each card, on every phone and the TV. A round played after a
    seat left has one card fewer, so the cards cannot be read by position; a seat removed since keeps its cards in
    the rounds it played, said to have left. A seat given to a new phone has not left."""
    ann = phone(app)
    code, _ = create(ann, names=("Ann", "Bob", "Cy", "Dee"), game="booksmack")
    phones = {1: ann, 2: phone(app), 3: phone(app), 4: phone(app)}
    for seat, client in phones.items():
        assert join(client, code, seat).status_code == 303
    assert enter_round(phones[4], code, "b Z m d", takers=["2"]).status_code == 303
    html = page(ann, f"/tables/{code}/play")
    assert press(ann, f"/tables/{code}/play", html, "Remove Bob: they left").status_code == 303
    html = page(ann, f"/tables/{code}/host")
    assert press(ann, f"/tables/{code}/host", html, "Give seat 3 to a new phone").status_code == 303
    assert enter_round(phones[4], code, "c A t", takers=["1"]).status_code == 303  # Ann, Cy, Dee: CAT
    expected = [
        "Ann c, Cy A, Dee t: CAT is spelled from Ann. (Ann takes the cards)",
        "Ann b, Bob (left the table) Z, Cy m, Dee d: Z is the highest letter. (Bob takes the cards)",
    ]
    readers = {"Ann": (ann, "play"), "Dee": (phones[4], "play"), "the TV": (phone(app), ""), "the host": (ann, "host")}
    for viewer, (client, where) in readers.items():
        html = page(client, f"/tables/{code}/{where}".rstrip("/"))
        assert rounds_read(html) == expected, (viewer, rounds_read(html))
        # The scoreboard and the big box name the players as before: Bob's row keeps his cards won.
        board = text(re.search(r'<section class="table-scores".*?</section>', html, flags=re.S).group(0))
        assert re.search(r"Ann 3 – Bob 4 – Cy 0 – Dee 0 –", board), (viewer, board)
        latest = text(re.search(r'<section class="verdict table-latest.*?</section>', html, flags=re.S).group(0))
        assert latest == "Round 2: CAT is spelled from Ann. Ann takes the cards.", (viewer, latest)


def notice(html: str) -> str:
    """The words of the page's notice (partials/table_notice.html): what the phone's last action met."""
    found = re.search(r'<section class="verdict verdict--invalid table-notice.*?</section>', html, flags=re.S)
    return text(found.group(0)) if found else ""


def test_a_steal_from_a_page_drawn_for_a_turn_that_now_steals_nothing_or_is_not_played_says_so(app):
    """Ruling 16: Bob's a was the lowest card, so his page offers the steal for turn 2; the host undoes his turn and
    Bob plays z, which draws. The steal his old page sends reads that turn 2 steals nothing and what the judge said,
    never taken as a later steal; a steal sent for a turn not yet played reads that it is ahead of the table."""
    table = Table(app)
    play(table, 1, "c", table.every_page())
    play(table, 2, "a", table.every_page())  # the lowest: Bob steals
    stale = assert_steal_due(table, 2, 2, {1: {"hand", "table"}, 3: {"hand"}})[2]
    html = table.play_page(1)  # Ann's phone hosts
    assert press(table.phones[1], f"/tables/{table.code}/play", html, "Undo Bob's turn").status_code == 303
    play(table, 2, "z", table.every_page())  # the highest now: Bob draws
    path = f"/tables/{table.code}/play"
    drawn = hidden(stale, "turn", "steal-1")  # the turn whose steal the page was drawn for
    assert drawn == "2"
    answer = post_form(
        table.phones[2], path, stale, "steal-1", action="steal", victim="1", turn=drawn, **{"from": "table"}
    )
    said = table.game()["plays"][1]["explanation"]
    assert said == "Bob played z: it is the highest card (the one to tap), so its player draws a card. " + (
        "To tap: z (Bob); the other end: c (Ann)."
    )
    assert (answer.status_code, notice(answer.get_data(as_text=True))) == (
        409,
        f"Not done You already entered turn 2, which steals nothing. {said}",
    )
    play(table, 3, "b", table.every_page())  # the lowest: Cy steals, for turn 3
    html = table.play_page(3)
    ahead = post_form(table.phones[3], path, html, "steal-1", action="steal", victim="1", turn="7", **{"from": "hand"})
    assert (ahead.status_code, notice(ahead.get_data(as_text=True))) == (
        409,
        "Not done Turn 7 is not entered yet: turn 3 is the latest entered, and you are due to steal.",
    )
    assert table.game()["stealing"] == 3 and [seat["hand"] for seat in table.game()["seats"]] == [6, 6, 5]


def test_a_seat_whose_phone_was_handed_the_host_role_enters_another_seats_turn_on_the_host_page_only(app):
    """Ruling 12 and docs/rules/tables.md ruling 1: Ann's seat's phone hosts (the role handed to it). Her seat's page
    plays and steals for her own seat only, as a seat's page does when the phone hosts by the host's cookie; her
    phone's host page enters Bob's card and Cy's steal, and the table takes both (no form it offers is refused)."""
    host = phone(app)
    code, _ = create(host, names=NAMES, game="booksmack", variants=["turns"])
    ann, bob, cy = phone(app), phone(app), phone(app)
    for seat, client in enumerate((ann, bob, cy), 1):
        assert join(client, code, seat).status_code == 303
    handed = press(
        host, f"/tables/{code}/host", page(host, f"/tables/{code}/host"), "Hand the host role to Ann's phone"
    )
    assert handed.status_code == 303
    play_path, host_path = f"/tables/{code}/play", f"/tables/{code}/host"
    html = page(ann, play_path)
    assert post_form(ann, play_path, html, "turn-form", action="turn", card="c").status_code == 303
    html = page(ann, play_path)
    assert phase_line(html) == "Turn 2: Bob's turn." and "turn-form" not in form_ids(html)
    html = page(ann, host_path)
    form = re.search(r'<form[^>]*id="turn-form".*?</form>', html, flags=re.S).group(0)
    assert "The card Bob plays" in text(form)
    seat = hidden(html, "seat", "turn-form")  # the seat the host's page enters for
    played = post_form(ann, host_path, html, "turn-form", action="turn", card="z", seat=seat)
    assert played.status_code == 303, text(played.get_data(as_text=True))[:800]
    html = page(ann, host_path)
    sent = post_form(ann, host_path, html, "turn-form", action="turn", card="a", seat=hidden(html, "seat", "turn-form"))
    assert sent.status_code == 303  # Cy's a: the lowest, Cy steals
    game = app.extensions["tables"].state(code).to_dict()["booksmack"]
    assert [(p["seat"], p["card"]) for p in game["plays"]] == [(1, "c"), (2, "z"), (3, "a")] and game["stealing"] == 3
    assert not {form for form in form_ids(page(ann, play_path)) if form.startswith("steal")}  # Cy's phone steals
    html = page(ann, host_path)
    stolen = post_form(ann, host_path, html, "steal-2", action="steal", victim="2", **{"from": "table"})
    assert stolen.status_code == 303, text(stolen.get_data(as_text=True))[:800]
    assert "Cy takes Bob's z from the table." in text(page(phone(app), f"/tables/{code}"))
