"""Live tables (`/tables/...`): create a table, join it, play it from a phone, host it, watch it.

    GET  /tables                    create a table, or join one with its code (`?code=k7m-p2q` goes to its join page)
    POST /tables                    create: the host's page, the host token in a cookie
    GET  /tables/<code>/join        the join link (and the QR code's): pick your seat by name (app/pages/table_join.py)
    POST /tables/<code>/join        take that seat: the seat token in a cookie, then the seat's page
    GET  /tables/<code>/play        the seat's page (a phone): pool, pieces, claims, objections, score sheet
    POST /tables/<code>/play        one action of that seat, or of the host when this phone also hosts
    GET  /tables/<code>/host        the host's page: start a challenge, lock joining, overrule, correct a seat
    POST /tables/<code>/host        one action of the host; POST /tables/<code>/delete deletes the table
    GET  /tables/<code>             the table view: read-only, no token, the latest verdict in big letters
    GET  /tables/<code>/sheet       the printable score sheet
    GET  /tables/<code>/events      the table's event stream, read as this phone's cookie acts
    GET  /tables/<code>/live        the table's part of every page, the same for every phone (app/pages/table_live.py)
    GET  /tables/<code>/qr.svg      the QR code of the join link (app/pages/table_hosting.py, with /ask)

Unlike the tool pages (GET forms whose URL is the whole state), a table's
state is its event log in the store, changed only by POST forms (read by
app/pages/table_forms.py): each POST acts through `tables.service.Tables` and
redirects (303) to the page's own URL, so a reload never repeats an action
(PRG); sent by the page's own script (FRAGMENT_HEADER), it is answered with
the page after the action at once (or, when the page's own regions are
unchanged, the table's part after it: PARTS_HEADER). Every state-changing form
carries Flask-WTF's CSRF token and a hidden `request_id` drawn afresh for each
render: a double-tapped button sends the same id twice and the service applies
it once. An action the table refuses (a claim that is not valid, joining a
locked table) is answered by the page itself with its 409 and the reason in
big letters, and changes nothing; a field the engine refuses is a 422 naming it.

Who acts is read from a cookie holding the token (HttpOnly, SameSite=Lax,
Secure over https), scoped to the table's own path (`/tables/<code>`), so a
phone at two tables holds two seats, and no page ever prints a token. The
table view and the join page are for anyone with the code: they show seat
names and the game, never a token.

Live updates: `static/tables.js` follows the table's event stream
(`/tables/<code>/events`, the API's stream read as the phone's cookie acts) and brings in the table's part the
stream sends after each run of events (app/pages/table_live.py: rendered once per event for every phone), fetching
its own page again only when its own part changed, keeping focus and what the player typed. Without
JavaScript the pages are the same, brought up to date by reloading (the table view reloads itself every few
seconds).
"""

from __future__ import annotations

import re
import secrets
from contextlib import nullcontext

from flask import current_app, g, redirect, request, url_for
from flask_wtf.csrf import generate_csrf

from solver.errors import Refused
from solver.lexicon import SIZES
from tables.codes import read_code
from tables.events import Actor, Forbidden, NotFound, Rejected, Slowed, only_host
from tables.state import GAMES
from tables.store import REQUEST_ID_MAX

from ..api.table_events import table_stream
from ..assets import MIN_COMPRESS_BYTES, accepts_gzip
from ..errors import problem_response
from ..serving import limiter
from ..tables import tables
from .blueprint import bp, render
from .table_forms import (
    MAX_NAME,
    MAX_SEATS,
    OUT_OF_DATE,
    STATUS,
    VARIANTS,
    PageRefusal,
    action_for,
    digits,
    drawn_for,
    host_only,
    refusal_notice,
    request_id,
    typed_values,
)
from .table_lan import lan_context
from .table_live import (
    Shared,
    kept_part,
    my_parts,
    objection_window,
    part_coming,
    per_seat,
    shared_part,
    stream_part,
    viewer_tokens,
)
from .table_notes import PIECES, handed_notice

__all__ = ["EVENT_TYPES", "HOST_COOKIE", "SEAT_COOKIE"]

SEAT_COOKIE = "wordsmith_seat"
HOST_COOKIE = "wordsmith_host"
# The seat this phone joined (not a secret: the token is the seat cookie's), so that a phone whose token stopped
# acting is told why: its seat was removed, or given to another phone.
SEAT_NUMBER_COOKIE = "wordsmith_seat_number"
# A seat box of the create form (`seat1`...): read up to 99, so a name past the largest table is refused by its rule.
SEAT_BOX = re.compile(r"seat[1-9][0-9]?")
# The create form's house words, as typed: a few hundred words at most (tables/wordsmith/house.py).
HOUSE_WORDS_TEXT = 4000
# Seconds between reloads of the table view without JavaScript (a tablet propped against the box).
VIEW_RELOAD_SECONDS = 5
# The event types a page reloads its live regions on. An SSE message names its type
# (`event: claim`), and EventSource hands a named message only to a listener of that
# name: tables.js listens to each of these (tests/test_pages_tables.py checks that every
# type the game modules write is here).
EVENT_TYPES = (
    "table_created",
    "seat_joined",
    "joining_locked",
    "seat_renamed",
    "seat_released",
    # The host's own actions (tables/hosting.py)
    "seat_asked",
    "host_handed",
    "seat_removed",
    "action_undone",
    # Wordsmith (tables/wordsmith/)
    "challenge_started",
    "piece_added",
    "wild_chosen",
    "pool_set",
    "claim",
    "objection",
    "objection_vote",
    "objection_ruled",
    "claim_refused",
    "house_asked",
    "house_vote",
    "house_ruled",
    "overrule",
    "passed",
    "done",
    "word_rolled",
    "challenge_ended",
    "game_ended",
    # Booksmack (tables/booksmack.py)
    "round",
    "round_taken",
    "turn",
    "steal",
    "play_ended",
)
# The pages whose table part is swapped in from /live (app/pages/table_live.py), and the events after which such a
# page is fetched again whole: they change which phone acts for a seat or hosts, which no part key holds.
LIVE_PAGES = ("pages.table_play", "pages.table_host", "pages.table_view")
VIEWS = ("pages.table_view",)  # the table view: the TV, often the host's own laptop
# What static/tables.js sends with every request it makes for a table page (`Table-Page: fragment`): the page is
# answered without the site's layout (its title and #table, all the script brings in), and an action's answer is that
# page at once rather than a 303 to load it (a browser without the script still posts, is redirected and loads).
FRAGMENT_HEADER = "Table-Page"
# What the page's script sends with an action of a page in two parts: the part keys its own regions show (#table's
# `data-parts`). An action that leaves them as they were (a claim, an objection) is answered with the table's part
# after it, drawn once per event for every phone (the /live answer), which the script brings in as it brings in its
# stream's; an action that changed them (a start, Done!), with the page.
PARTS_HEADER = "Table-Parts"
HOLDER_EVENTS = ("seat_joined", "seat_released", "seat_removed", "host_handed")
# The page actions that change who acts for a seat or hosts (their events are HOLDER_EVENTS): after one, the phone's
# cookies are read again before its page is drawn.
HOLDER_ACTIONS = {"release", "remove", "hand_host"}
# The actions each page's forms may send (`action` field) -> the fields they read.
# `hands`: Booksmack's cards left in hands once play is over, which any seat enters (the host's early end is
# `end_game`, sent as the host even from its seat's page).
SEAT_ACTIONS = set(
    "add choose_wild claim object ask vote count_votes pass roll_word round take turn steal hands".split()
)
HOST_ACTIONS = {
    "start",
    "lock",
    "unlock",
    "overrule",
    "settle",
    "count_votes",
    "set_pool",
    "end_challenge",
    "end_game",
    "roll_word",
    "round",
    "take",
    "turn",
    "steal",
    "hands",
    "rename",
    "release",
    "hand_host",
    "remove",
    "undo",
}


# --- reading the code, the cookies and the forms --------------------------------------------


def table_code(code: str) -> str:
    """The canonical code of a URL's code; NotFound when it cannot be one."""
    read = read_code(code)
    if read is None:
        raise NotFound.unreadable(code)
    return read


def acting_cookie(code: str, host: bool, sending: bool = False) -> tuple[Actor, str] | None:
    """This phone's actor at the table and the cookie token it acts by: its seat's (`host` False), or the
    host's (the host's cookie, else a seat's whose phone the host role was handed to); None when none acts.
    `sending`: as `cookie_actor`'s."""
    for name in (HOST_COOKIE, SEAT_COOKIE) if host else (SEAT_COOKIE,):
        actor = cookie_actor(code, name, sending)
        if actor is not None and (actor.host or not host):
            return actor, request.cookies[name]
    return None


def page_actors(code: str, need_host: bool, sending: bool = False):
    """A table page's phone as it acts there, each with the cookie token it acts by: (the page's actor, the host
    it also is, else None), or (None, None) when its cookie acts for no one there. A playing host's one page: the
    seat's page carries the host's controls too (docs/rules/tables.md)."""
    acting = acting_cookie(code, need_host, sending)
    if acting is None:
        return None, None
    return acting, acting if acting[0].host else None if need_host else acting_cookie(code, True, sending)


def page_actors_now(code: str, need_host: bool, sending: bool = False):
    """`page_actors` on the table as it is now, and that state: this worker's fold of the table, from which whether
    a seat's phone hosts is read, brought up to date first (another worker or host may have handed it the role)."""
    forget_cookie_actors()
    state = tables().state(code)
    return page_actors(code, need_host, sending), state


def stored_actors(code: str, need_host: bool):
    """The page's actor, the host it also is, and the table now, as the store says the phone's cookies act now (the
    token cache answered who sent an action, and the page after it shows what that action's door did not prove),
    or None."""
    (acting, hosting), state = page_actors_now(code, need_host)
    return None if acting is None else (acting[0], hosting[0] if hosting else None, state)


def cookie_actor(code: str, name: str, sending: bool = False) -> Actor | None:
    """Who this phone's cookie acts for at this table, or None (no cookie, or a token that no longer acts).

    A request asks once per cookie, however many parts of it ask; an action that may have changed who a token acts
    for forgets the answers (`forget_cookie_actors`), so the page after it asks again. `sending`: the phone is
    sending an action, whose door proves its token again, so the service's token cache may answer instead of the
    store (`Tables.actor`); a refused action's page asks the store again before it shows anything.
    """
    token = request.cookies.get(name)
    if not token:
        return None
    known = g.setdefault("cookie_actors", {})
    if (code, name) not in known:
        try:
            known[code, name] = tables().actor(code, token, sending=sending)
        except Forbidden:
            known[code, name] = None
    return known[code, name]


def forget_cookie_actors() -> None:
    """After an action that may have changed who a token acts for: the cookies are read again when next asked."""
    g.pop("cookie_actors", None)


def host_cookie_actor(code: str) -> Actor | None:
    """The host, as this phone acts for it: the host's cookie, or a seat's whose phone the host role was handed to."""
    found = acting_cookie(code, host=True)
    return found[0] if found else None


def set_token_cookie(response, name: str, token: str, code: str) -> None:
    """Keep a token in an HttpOnly, SameSite=Lax cookie scoped to the table's own pages, for as long as a table lives."""
    response.set_cookie(
        name,
        token,
        max_age=int(current_app.config["TABLE_IDLE_DAYS"] * 86400),
        path=url_for("pages.table_view", code=code),
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )


def wants_fragment() -> bool:
    """Whether the page's script asked for this page's answer (FRAGMENT_HEADER), not a browser loading it."""
    return request.headers.get(FRAGMENT_HEADER) == "fragment"


def page_context(code: str, state, viewer: Actor | None, host: Actor | None = None) -> dict:
    """What the templates read: the table (as the viewer may see it), its links, who is looking, and the table's
    part as every phone reads it (`shared`, app/pages/table_live.py: rendered once per event, embedded here)."""
    # The state as the viewer sees it is the one the table's part was drawn from: it differs by viewer only in a
    # Secret Wordsmith seat's own words, and that part is drawn per seat (app/pages/table_live.py).
    shared = shared_part(code, state, viewer, whole=True)
    table = shared.table
    game = table.get(state.game) or {}
    host_page = request.endpoint == "pages.table_host"
    names = {seat["seat"]: seat["name"] for seat in table["seats"]}
    seat = viewer.seat if viewer is not None else None
    me = next((s for s in game.get("seats") or [] if isinstance(s, dict) and s.get("seat") == seat), None)
    return {
        # The page as the script asked for it (its title and #table: table_fragment.html), else the whole page.
        "layout": "table_fragment.html" if wants_fragment() else "base.html",
        "me": me,
        "code": code,
        "spaced_code": f"{code[:3]} {code[3:]}",
        "table": table,
        "game": game,
        "names": names,
        "shared": shared.regions,
        "viewer_tokens": viewer_tokens(viewer, host_page, hosting=host is not None),
        "my_parts": page_parts(shared, viewer, host),
        # The pages drawn in two parts; the score sheet and the join page are fetched again whole.
        "live_url": url_for("pages.table_live", code=code) if request.endpoint in LIVE_PAGES else None,
        "viewer": viewer,
        "variants": dict((v, label) for v, label, _ in VARIANTS.get(state.game, [])),
        # The table's stream as this phone's cookie acts (`table_events`), from the event after the one shown.
        "events_url": url_for(
            "pages.table_events", code=code, after=state.seq, parts=1 if request.endpoint in LIVE_PAGES else None
        ),
        "event_types": " ".join(EVENT_TYPES),
        "holder_events": " ".join(HOLDER_EVENTS),
        "join_url": url_for("pages.table_join", code=code, _external=True),
        "pieces": PIECES,
        "request_id": secrets.token_urlsafe(12),
        "csrf": generate_csrf(),  # every form's token (partials/table_hidden.html): the same for the whole page
        "objection_seconds": objection_window(state),
        "now_ms": round(tables().clock() * 1000),  # the server's clock as the page was drawn (#table's data-now)
        "my_seat": (cookie_actor(code, SEAT_COOKIE) or Actor()).seat if host_page else None,
        # The host's page and the table view (often on the same laptop): a join link opened as localhost reaches no
        # other phone (app/pages/table_lan.py).
        **(lan_context(url_for("pages.table_join", code=code)) if host_page or request.endpoint in VIEWS else {}),
    }


def page_parts(shared: Shared, viewer: Actor | None, host: Actor | None) -> str:
    """The part keys this page's own regions are drawn by (#table's `data-parts`): a seat's, and the host's controls
    when its phone hosts; the host's page, the host's."""
    if request.endpoint == "pages.table_host":
        return my_parts(shared.parts, ["host"])
    return my_parts(shared.parts, [viewer_tokens(viewer, False)] + (["host"] if host is not None else []))


def part_answer(shared: Shared):
    """The table's part alone (table_live.html, drawn with the render): /live's answer, and an action's when the
    page's own regions still hold; gzipped once per render for every phone whose browser accepts it."""
    if accepts_gzip() and len(shared.body) >= MIN_COMPRESS_BYTES:
        headers = {"Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
        return shared.gzipped(), 200, headers
    return shared.body, 200, {"Content-Type": "text/html; charset=utf-8", "Vary": "Accept-Encoding"}


@bp.after_request
def table_pages_not_stored(response):
    """A table page is the table as it was: Back or a restored tab fetches it again, never a stale copy."""
    if (request.endpoint or "").startswith(("pages.table", "pages.tables")) and response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
        response.vary.add(FRAGMENT_HEADER)  # the page's script is answered without the layout
    return response


def not_found(error: NotFound):
    """A code no table has: 404, counted against the address like the API's (app/serving/limiter.py)."""
    limiter.count_failure()
    return problem_response(404, error.message)


@bp.before_request
def limit_guessing() -> None:
    """Refuse (429) a table page, or a code typed to join, from an address that has spent its guesses, unless
    this phone's seat or host cookie holds a token that acts at that table (app/serving/limiter.py).

    The pages are a second door to a table: without the API's limit here, a
    join code could be guessed through `/tables/<code>` as fast as it answers.
    """
    if request.view_args and "code" in request.view_args:
        cookies = request.cookies
        limiter.check(request.view_args["code"], cookies.get(SEAT_COOKIE), cookies.get(HOST_COOKIE))
    elif request.endpoint == "pages.tables_home" and "code" in request.args:
        limiter.check()


# --- create and join --------------------------------------------------------------------------


def create_context(values: dict | None = None) -> dict:
    return {"values": values or {}, "table_values": values or {}}


@bp.get("/tables")
def tables_home():
    """Create a table, or join one by its code (any case, spaces or dashes between)."""
    typed = request.args.get("code")
    if typed is None:  # the score sheet's "new table with these players" (and house words: ruling 22), filled in
        carried = {"house_words": request.args.get("house_words", "")[:HOUSE_WORDS_TEXT]}
        carried |= {f"seat{i}": request.args.get(f"seat{i}", "")[:MAX_NAME] for i in range(1, MAX_SEATS + 1)}
        known = {"game": GAMES, "lexicon": SIZES}
        carried |= {key: request.args[key] for key, names in known.items() if request.args.get(key) in names}
        ids = {v for variants in VARIANTS.values() for v, _, _ in variants}
        carried["variants"] = [v for v in request.args.getlist("variants") if v in ids]
        return render("tables_new.html", errors=[], **create_context(carried))
    code = read_code(typed)
    if code is None:
        limiter.count_failure()
        error = {
            "field": "code",
            "label": "Join code",
            "detail": f"{typed.strip()[:12]!r} is not a join code: 6 letters and digits, like K7M P2Q",
        }
        return render("tables_new.html", 422, errors=[error], **create_context({"code": typed}))
    return redirect(url_for("pages.table_join", code=code), code=303)


@bp.post("/tables")
def tables_create():
    """Create a table; answer with the host's page (and the host token in its cookie)."""
    game = request.form.get("game", "wordsmith")
    # Every seat box sent, even past the form's six: a seventh name is refused by the game's own rule (its
    # sentence at the seats), never dropped.
    boxes = sorted((int(key[4:]), key) for key in request.form if SEAT_BOX.fullmatch(key))
    given = [(field, request.form[field].strip()) for _, field in boxes]
    given = [(field, name) for field, name in given if name]  # the boxes filled in, each with its field
    names = [name for _, name in given]
    values = {**request.form.to_dict(), "variants": request.form.getlist("variants")}
    errors = []
    for field, name in given:
        if len(name) > MAX_NAME:
            errors.append({"field": field, "label": f"Seat {field[4:]}", "detail": f"at most {MAX_NAME} characters"})
    if not errors:
        limiter.count_table_created()
        try:
            created = tables().create(
                game,
                names,
                lexicon=request.form.get("lexicon") or current_app.config["DEFAULT_LEXICON"],
                variants=[v for v in request.form.getlist("variants") if v],
                house_words=house_words_typed() or None,
            )
        except Refused as error:
            field = str(error.path[0]) if error.path else None
            label = "House words" if field == "house_words" else field
            detail = str(error).removeprefix(f"{field}: ")  # the label says which box it is
            if field == "seats":  # ("seats", i): the i-th box filled in; ("seats",): how many, at the first box
                field = given[error.path[1]][0] if len(error.path) > 1 else "seat1"
                label = f"Seat {field[4:]}" if len(error.path) > 1 else "Seats"
            errors.append({"field": field, "label": label, "detail": detail})
    if errors:
        return render("tables_new.html", 422, errors=errors, **create_context(values))
    response = redirect(url_for("pages.table_host", code=created.code), code=303)
    set_token_cookie(response, HOST_COOKIE, created.host_token, created.code)
    return response


# --- the seat's page and the host's page ------------------------------------------------------


def house_words_typed() -> list[str]:
    """The create form's house words (docs/rules/wordsmith.md, ruling 22): typed with spaces or commas between."""
    return [word for word in re.split(r"[\s,;]+", request.form.get("house_words", "")[:HOUSE_WORDS_TEXT]) if word]


def acting_page(
    code: str, endpoint: str, template: str, cookie: str, allowed: set[str], need_host: bool, after_action=False
):
    """The seat's or the host's page (`need_host`), for the phone whose `cookie` acts there.

    GET shows the page (a code written otherwise: 303 to the canonical URL). POST is one action of
    `allowed`, then 303 back to the page (or the page with the refusal); asked by the page's script
    (FRAGMENT_HEADER), the page after the action itself, drawn from the state the action left, or only the table's
    part when the page's own regions are still true (PARTS_HEADER); after an action
    that may have changed who the phone acts for (HOLDER_ACTIONS), shown as a GET shows it (`after_action`), for
    the phone as its cookies act now.
    """
    try:
        canonical = table_code(code)
        if canonical != code and request.method != "POST":
            return redirect(url_for(endpoint, code=canonical), code=303)
        code = canonical
        # A page shows the state; an action answers with the state it left (its own read of the table).
        sending = request.method == "POST" and not after_action
        state = None if sending else tables().state(code)
    except NotFound as error:
        return not_found(error)
    acting, hosting = page_actors(code, need_host, sending)
    name = request.form.get("action", "") if sending else ""
    if sending and hosting is None and (need_host or name in HOST_ACTIONS - allowed):
        # A host's action from a phone this worker's fold says does not host: asked again on the table as it is
        # now, which may have handed its seat the role since (through another worker or host), before it is refused.
        try:
            (acting, hosting), state = page_actors_now(code, need_host, sending)
        except NotFound as error:
            return not_found(error)
    if acting is None:
        try:  # a table that is not there is said so, before a phone that does not act there
            if state is None:
                tables().state(code)
        except NotFound as error:
            return not_found(error)
        return forbidden_page(code, need_host)
    actor = acting[0]
    host = hosting[0] if hosting else None
    if not sending:  # GET (and HEAD); a seat's phone that handed the host role on is told so (`handed`)
        handed = request.args if not after_action else {"handed": request.form.get("action") == "hand_host"}
        notice = handed_notice(handed, state, seat_page=True) if host is None and not need_host else None
        return render(template, notice=notice, values={}, host=host, **page_context(code, state, actor, host))
    # An answer that is the table's part: this request draws it, the worker's drawing thread leaving it the table.
    answers_part = wants_fragment() and PARTS_HEADER in request.headers and name not in HOLDER_ACTIONS
    with part_coming(code) if answers_part else nullcontext():
        try:
            may = allowed | (HOST_ACTIONS if host is not None else set())
            if name not in may:  # a host's form on a phone that does not host (or hosts no more): its words below
                raise (Forbidden(f"{only_host(name)}.") if name in HOST_ACTIONS else PageRefusal("action", OUT_OF_DATE))
            rid = request_id()
            if request.form.get("claim"):  # one hidden form serves a button per claim (partials/table_actions.html)
                rid = f"{rid[: REQUEST_ID_MAX - 8]}.{request.form['claim'][:7]}"
            # The seat's own actions as the seat, the host's as the host, each by the token its cookie holds: the
            # service's one door checks it again as the action is written.
            who, token = acting if name in allowed else hosting
            done = tables().act_with_token(
                code, token, action_for(name, None if need_host else who.seat), request_id=rid
            )
        except (Rejected, PageRefusal, Refused, Forbidden, Slowed) as error:
            # Who sent it may have come from the token cache, which only the action's door proves: the page that
            # shows the refusal is drawn for the phone as the store says it acts now.
            again = stored_actors(code, need_host)
            if again is None:
                return forbidden_page(code, need_host)
            actor, host, state = again
            # Another game's form: the engine's refusal would speak of its own actions.
            refusal = error if drawn_for(state.game, name) else PageRefusal("action", OUT_OF_DATE)
            context = page_context(code, state, actor, host)
            values = typed_values(name)
            if isinstance(refusal, Forbidden) and name not in allowed:  # a host's form, from a phone whose token did
                # not host (anymore, or yet): said in a player's words, with who hosts now
                refusal = Forbidden(
                    host_only(state, hosted=bool(request.cookies.get(HOST_COOKIE)))
                    if host is None
                    else "This phone was not the host's when you tapped; it hosts the table now: tap again to do it."
                )
            notice = refusal_notice(refusal)
            return render(template, STATUS[type(refusal)], notice=notice, values=values, host=host, **context)
        except NotFound as error:
            return not_found(error)
        if not wants_fragment():
            return redirect(url_for(endpoint, code=code) + action_anchor(name, allowed), code=303)
        # The page's script: the page after the action, as the 303 would load it, at once.
        if name in HOLDER_ACTIONS:
            forget_cookie_actors()
            return acting_page(code, endpoint, template, cookie, allowed, need_host, after_action=True)
        if name not in allowed and not need_host:  # a host's action from a seat's page proved the host's token only
            again = stored_actors(code, need_host)
            if again is None:
                return forbidden_page(code, need_host)
            actor, host, _ = again
        shown = request.headers.get(PARTS_HEADER)
        if shown is not None:  # the page's own regions still true after the action: the table's part is its answer
            shared = shared_part(code, done.state, actor)
            if set(shown.split()) == set(page_parts(shared, actor, host).split()):
                return part_answer(shared)
        return render(template, notice=None, values={}, host=host, **page_context(code, done.state, actor, host))


def action_anchor(name: str, allowed: set[str]) -> str:
    """Where the page opens after an action: at the host's controls for a host's action on a seat's page; at the big
    box after ending a challenge or the game, whose result is read there; where it was after a tie's casting vote,
    which is cast in the vote's own box; saying so after the host role was handed on."""
    if name in ("end_challenge", "end_game"):
        return ("" if name in allowed else "?host=1") + "#latest"
    if name == "hand_host" and name not in allowed:  # the seat's phone hosts no more, and is told so
        return "?handed=1"
    return "?host=1#host-box" if name not in allowed and name != "settle" else ""


def forbidden_page(code: str, host: bool):
    if host and request.cookies.get(HOST_COOKIE):  # it hosted, and its token acts no more: the role was handed on
        return redirect(url_for("pages.table_view", code=code, handed=1), code=303)
    if host:
        return problem_response(
            403,
            f"This phone is not the host of table {code[:3]} {code[3:]}: only the phone that created it, or the one it "
            "was handed to, is.",
        )
    if request.cookies.get(SEAT_COOKIE):  # it held a seat, and its token acts no more: say why on the join page
        number = request.cookies.get(SEAT_NUMBER_COOKIE, "")
        seats = tables().state(code).seats
        if number.isascii() and number.isdigit() and 1 <= int(number) <= len(seats) and seats[int(number) - 1].removed:
            if host_cookie_actor(code) is not None:  # the host removed its own seat: it hosts on, from the host page
                return redirect(url_for("pages.table_host", code=code), code=303)
            return redirect(url_for("pages.table_join", code=code, removed=number), code=303)
        return redirect(url_for("pages.table_join", code=code, moved=1), code=303)
    return redirect(url_for("pages.table_join", code=code), code=303)  # no seat yet: pick one


@bp.route("/tables/<code>/play", methods=["GET", "POST"])
def table_play(code: str):
    """The seat's page: what this phone's seat sees and may do (POST: one of the seat's actions)."""
    return acting_page(code, "pages.table_play", "table_play.html", SEAT_COOKIE, SEAT_ACTIONS, need_host=False)


@bp.route("/tables/<code>/host", methods=["GET", "POST"])
def table_host(code: str):
    """The host's page: the join code big, the QR code, and the host's actions (POST: one of them)."""
    return acting_page(code, "pages.table_host", "table_host.html", HOST_COOKIE, HOST_ACTIONS, need_host=True)


@bp.post("/tables/<code>/delete")
def table_delete(code: str):
    """Delete the table (the host only): its events, seats and tokens are gone."""
    try:
        code = table_code(code)
        acting = acting_cookie(code, host=True)
        if acting is None:
            return forbidden_page(code, True)
        actor, token = acting
        if request.form.get("confirm") != "1":
            notice = refusal_notice(PageRefusal("confirm", "Tick 'Yes, delete this table' to delete it."))
            context = page_context(code, tables().state(code), actor)
            return render("table_host.html", 422, notice=notice, values={}, **context)
        tables().delete_with_token(code, token)  # the one door: the host role judged on the table as it is now
    except NotFound as error:
        return not_found(error)
    except Forbidden:
        return forbidden_page(code, True)
    response = redirect(url_for("pages.tables_home"), code=303)
    for name in (HOST_COOKIE, SEAT_COOKIE):
        response.delete_cookie(name, path=url_for("pages.table_view", code=code))
    return response


# --- read-only pages ---------------------------------------------------------------------------


def read_only(code: str, endpoint: str, template: str, view_notice=False, **extra):
    try:
        canonical = table_code(code)
        if canonical != code:
            return redirect(url_for(endpoint, code=canonical), code=303)
        state = tables().state(code)
    except NotFound as error:
        return not_found(error)
    notice = handed_notice(request.args, state) if view_notice else None
    return render(template, **page_context(code, state, None), notice=notice, **extra)


@bp.get("/tables/<code>")
def table_view(code: str):
    """The table view: read-only, no token; the latest claim and its verdict across the table, and the scoreboard."""
    return read_only(code, "pages.table_view", "table_view.html", reload_seconds=VIEW_RELOAD_SECONDS, view_notice=True)


@bp.get("/tables/<code>/events")
def table_events(code: str):
    """The table's event stream for this phone's pages: the API's stream, as the phone's seat (or host) cookie
    acts, so a seated phone's stream is its seat's and never waits behind viewers (app/serving/streams.py);
    `?parts=1` (a page in two parts): the table's part after each run of events (app/pages/table_live.py)."""
    try:
        code = table_code(code)
    except NotFound as error:
        return not_found(error)
    cookies = request.cookies.get(SEAT_COOKIE) or request.cookies.get(HOST_COOKIE)
    since = tables().last_seq(code) if cookies else 0  # read before its token is proven: the stream ends when it stops
    found = acting_cookie(code, host=False) or acting_cookie(code, host=True)
    part = stream_part(current_app._get_current_object(), code) if request.args.get("parts") == "1" else None
    return table_stream(code, found[0] if found else None, request.args.get("after"), part, since=since)


@bp.get("/tables/<code>/live")
def table_live(code: str):
    """The table's part as it is now, for a page that follows the stream (app/pages/table_live.py): its regions
    and every phone's part key. Anyone with the code reads it, as the table view; a Secret Wordsmith seat's own
    hidden words only with its cookie. `?seq=`: the event the phone heard of, which a kept render showing it (or a
    later one) answers without asking the store."""
    try:
        code = table_code(code)
        heard = request.args.get("seq", "")
        kept = kept_part(code, int(heard), host=True) if digits(heard) and len(heard) <= 12 else None
        if kept is not None:
            return part_answer(kept)
        state = tables().state(code)
    except NotFound as error:
        return not_found(error)
    viewer = cookie_actor(code, SEAT_COOKIE) if per_seat(state) else None
    return part_answer(shared_part(code, state, viewer))


@bp.get("/tables/<code>/sheet")
def table_sheet(code: str):
    """The printable score sheet: every seat's words, discards and totals."""
    return read_only(code, "pages.table_sheet", "table_sheet.html")
