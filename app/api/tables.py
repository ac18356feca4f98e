"""Live tables: create, join, act, watch (docs/api.md, "Live tables").

    POST   /tables                              create: the join code, the host's token, the join link
    GET    /tables/{code}                       the state, as the token's seat (or the table view) may see it
    DELETE /tables/{code}                       (host) delete the table
    GET    /tables/{code}/record                the event log, replayable
    GET    /tables/{code}/events                the events as Server-Sent Events
    GET    /tables/{code}/qr.svg                the join link as a QR code
    POST   /tables/{code}/seats/{seat}          join: a seat token
    POST   /tables/{code}/seats/{seat}/name     (host) rename a seat
    POST   /tables/{code}/seats/{seat}/release  (host) give a seat to a new phone: its token stops working
    POST   /tables/{code}/seats/{seat}/pool     (host) correct a seat's pool
    POST   /tables/{code}/lock                  (host) lock or open joining
    POST   /tables/{code}/challenges            (host) start a challenge
    POST   /tables/{code}/challenges/end        (host) end the challenge
    POST   /tables/{code}/pieces                add a piece to a pool
    POST   /tables/{code}/claims                claim a word
    POST   /tables/{code}/objections            object to a claim
    POST   /tables/{code}/overrules             (host) overrule a verdict
    POST   /tables/{code}/passes                pass
    POST   /tables/{code}/word-rolls            roll the dice for the next Word by Word word
    POST   /tables/{code}/end                   (host) end the game

Booksmack's rounds and turns are in app/api/table_booksmack.py, the host's hand-over, seat removal and undo in
app/api/table_hosting.py, the votes in app/api/table_votes.py, the event stream in app/api/table_events.py: all on
this `bp`.

Each view is the same three steps: validate, one call to the `Tables` service
(tables/service.py: the rules are the game modules'), the answer. Who acts is
the bearer token's seat or the host (`Authorization: Bearer <token>`). Every
state-changing request names a `request_id` of the client's choosing: a
retry with the same id answers as the first time did and writes nothing
again. The refusals leave through app/errors.py: `Rejected` as 409 (with
`code`, and a refused claim's `objections`), `Forbidden` as 403 (401 with no
token at all), `NotFound` as 404 (counted by the guessing limit,
app/serving/limiter.py), `Refused` as 422 at the bad field.
"""

from __future__ import annotations

import io
import re
from typing import Annotated, Any, Literal

import segno
from flask import Blueprint, Response, current_app, request, url_for
from pydantic import Field
from werkzeug.routing import BuildError

from solver.sentences import say
from tables import state as table_state
from tables.codes import read_code
from tables.events import Actor
from tables.state import GAMES, MAX_SEAT_NAME
from tables.store import REQUEST_ID_MAX

from ..serving import limiter
from ..tables import bearer_token, tables
from .fields import Lexicon, Limit, Out, PoolInput, Request
from .operation import operation

bp = Blueprint("tables", __name__)

# Variants are a handful of short names (`advanced`, `secret`, `word_by_word`, `turn-based`); the game module refuses unknown ones.
MAX_VARIANTS = 8
# How many names a new table's `seats` may hold: a bound on the body only, past every game's largest table, so
# that another count is refused by the game's own rule (its sentence at `seats`), never by the schema.
MAX_SEATS_SENT = 12
# Booksmack: a card is one character or a short label.
MAX_CARD = 8

TABLE_PROBLEMS = (401, 403, 409, 429, 503)  # 503: the table or its database too busy to write now
# A seq to resume a stream after (`Last-Event-ID`, `?after=`): ASCII digits only, as the stream's ids are written.
SEQ = re.compile(r"^[0-9]{1,12}$")

RequestId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=REQUEST_ID_MAX,
        pattern=r"^[A-Za-z0-9._:-]+$",
        description=f"the client's id for this request (1-{REQUEST_ID_MAX} of `A-Za-z0-9._:-`, e.g. a UUID): "
        "a retry with the same id answers as the first time and changes nothing again",
    ),
]
JoinSecret = Annotated[
    str,
    Field(
        min_length=16,
        max_length=128,
        pattern=r"^[A-Za-z0-9._:-]+$",
        description="a secret the phone keeps for this join (16-128 of `A-Za-z0-9._:-`, e.g. a second UUID), "
        "stored only as a hash: a retry with the same `request_id` gets the seat's token again only with the same "
        "secret, so no one who saw the request id can take the seat with it",
    ),
]
SeatNumber = Annotated[int, Field(ge=1, le=6, description="a seat number (seats are numbered from 1)")]
SeatName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_SEAT_NAME,
        description="a player's name: invisible characters (zero-width, direction marks) are dropped, "
        "control characters refused",
    ),
]
Kind = Literal["red", "yellow", "blue", "green"]
ClaimSeq = Annotated[int, Field(ge=1, description="the claim: the seq of its event")]
ActingSeat = Annotated[
    SeatNumber | None,
    Field(
        description="the seat acted for: left out, the token's own seat; the host names a seat (Wordsmith: only "
        "one no phone holds, a seat whose phone plays acts from it: 403, docs/rules/wordsmith.md ruling 19)"
    ),
]


# --- paths ----------------------------------------------------------------------------------


class TablePath(Request):
    code: Annotated[str, Field(min_length=1, max_length=16, description=say("describe.code"))]


class SeatPath(TablePath):
    seat: SeatNumber


# --- answers ---------------------------------------------------------------------------------


class SeatOut(Out):
    seat: int = Field(description="its number, from 1")
    name: str
    joined: bool = Field(description="whether a phone has taken this seat")
    removed: bool = Field(False, description="its player left the table: nothing waits for this seat")
    asked: bool = Field(False, description="a phone without a seat asks the host for this one back")


class TableStateOut(Out):
    """A table's state as the viewer may see it; the game's own part is under its name."""

    game: Literal[GAMES]
    lexicon: str
    variants: list[str]
    settings: dict[str, Any]
    seats: list[SeatOut]
    locked: bool = Field(description="joining is locked: only the host may seat a phone")
    host_seat: int | None = Field(None, description="the seat whose phone hosts, once the host role was handed to it")
    undone: dict[str, Any] | None = Field(
        None, description="the last undo: the events `first`..`last` it took back, their `type` and `seat`"
    )
    undoable: dict[str, Any] | None = Field(
        None, description="the action an undo would take back now: its first event's `seq`, `type`, `by`, `seat`"
    )
    seq: int = Field(description="the last event folded in: an event stream resumes after it")
    created_at: str
    updated_at: str
    wordsmith: dict[str, Any] | None = Field(
        None, description="Wordsmith's state (challenge, phase, pools, claims, scores...; docs/api.md)"
    )
    booksmack: dict[str, Any] | None = Field(
        None, description="Booksmack's state (round, turn, libraries, scores...; docs/api.md)"
    )


class EventOut(Out):
    seq: int = Field(description="the table's sequence number, from 1")
    type: str
    at: str = Field(description="UTC, with milliseconds")
    by: int | None = Field(description="the seat that acted; 0 the host; null the app itself")
    data: dict[str, Any]


class CreatedOut(Out):
    code: str = Field(description="the join code: 6 letters and digits, no look-alikes")
    host_token: str = Field(description="the host's token: keep it; it is shown once")
    join_url: str = Field(description="the link a phone opens to join (the QR code says it)")
    qr_url: str = Field(description="the join link as a QR code (SVG)")
    seats: list[SeatOut]
    state: TableStateOut


class JoinedOut(Out):
    seat: int
    token: str = Field(description="this seat's token: send it as `Authorization: Bearer <token>`")
    state: TableStateOut


# What an action's answer holds, the same for every action and for a claim's.
WROTE = "what the action wrote (on a retry: what it wrote the first time)"
REPEATED = "true: the request id had been used; nothing new was written"
AS_SEEN = "the table after it, as the token may see it"


class ActedOut(Out):
    events: list[EventOut] = Field(description=WROTE)
    repeated: bool = Field(description=REPEATED)
    state: TableStateOut = Field(description=AS_SEEN)


class ClaimedOut(Out):
    """A claim's answer: the claim and the table's seq after it; the whole state only when asked (`"state": true`).

    A claim is the hot path of a live table: the phones learn the rest from
    their event streams, so re-serializing the whole table for every claim is
    left to those who ask.
    """

    claim: dict[str, Any] | None = Field(description="the accepted claim, as its event records it")
    events: list[EventOut] = Field(description=WROTE)
    repeated: bool = Field(description=REPEATED)
    seq: int = Field(description="the table's seq after the claim (the last event it wrote)")
    state: TableStateOut | None = Field(None, description=f'{AS_SEEN}: only when the claim asked (`"state": true`)')


class RecordOut(Out):
    code: str
    events: list[EventOut] = Field(description="every event from seq 1: `tables.state.fold` replays them")


class DeletedOut(Out):
    deleted: str = Field(description="the code of the table deleted")


# --- bodies ----------------------------------------------------------------------------------


class CreateTable(Request):
    game: Literal[GAMES]
    seats: Annotated[
        list[SeatName],
        Field(
            max_length=MAX_SEATS_SENT,
            description=f"the players' names, in seat order: {say('describe.players')}",
        ),
    ]
    lexicon: Lexicon = None
    variants: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=32)]],
        Field(max_length=MAX_VARIANTS, description="the game's variants (Wordsmith: `advanced`, `secret`, ...)"),
    ] = []
    house_words: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=64)]],
        Field(
            max_length=200,
            description="Wordsmith: house words carried from an earlier table (its state's `house_words`): words the "
            "dictionary lacks that this table accepts too (docs/rules/wordsmith.md, ruling 22)",
        ),
    ] = []


class Action(Request):
    request_id: RequestId


class JoinSeat(Request):
    request_id: RequestId | None = None
    secret: JoinSecret | None = None


class Rename(Action):
    name: SeatName


class SetPool(Action):
    pool: PoolInput


class Lock(Action):
    locked: bool = Field(True, description="true locks joining; false opens it again")


class StartChallenge(Action):
    pool: PoolInput | None = Field(
        None, description="the starting pool as the real dice gave it (8 pieces, no wild); left out, the app rolls"
    )
    required_letters: str | None = Field(
        None,
        min_length=6,
        max_length=12,
        description="Advanced: six letters a-z, one per row; left out, the app draws them",
    )
    crossed_white: dict[str, Annotated[int, Field(ge=0, le=12)]] | None = Field(
        None, max_length=6, description='white discard boxes each seat crosses out: `{"2": 1}`'
    )
    challenge: int | None = Field(
        None,
        ge=1,
        le=3,
        description="the challenge this starts: once it has started (another phone started it), 409 "
        "challenge_started saying so; left out, the next challenge",
    )


class EndChallenge(Action):
    challenge: int | None = Field(
        None,
        ge=1,
        le=3,
        description="the challenge this ends: once it is over (it ended by itself, or another phone ended it), 409 "
        "challenge_over saying how, and a later challenge is never ended by it; left out, the one on",
    )


PieceCode = Literal["R", "Y", "B", "G"]


class AddPiece(Action):
    seat: ActingSeat = None
    piece: Literal["R", "Y", "B", "G", "W"] | None = Field(
        None, description="the real die's piece: R, Y, B, G or W (a star: wild); left out, the app rolls"
    )
    wild_as: PieceCode | None = Field(None, description="for a wild (or a star rolled): the piece it is taken as")


class Claim(Action):
    seat: ActingSeat = None
    word: Annotated[str, Field(min_length=1, description="the word claimed, as typed"), Limit("MAX_WORD_LENGTH")]
    row: int | None = Field(None, ge=1, le=6, description="Advanced: the sheet's row (its required letter)")
    state: bool = Field(False, description="true: the answer carries the whole table state too (else its seq)")


class Objection(Action):
    seat: ActingSeat = None
    claim: ClaimSeq


class Overrule(Action):
    claim: ClaimSeq
    stands: bool = Field(description=f"true: {say('describe.stands')}; false: it is struck")


class SeatAction(Action):
    seat: ActingSeat = None


class WordRoll(Action):
    faces: Annotated[
        list[Literal["red", "yellow", "blue_star", "green_star"]] | None,
        Field(min_length=3, max_length=3, description="the three dice as the real roll showed them; left out, rolled"),
    ] = None
    round: int | None = Field(
        None,
        ge=1,
        le=6,
        description="the word this roll is for (1-6): once it is rolled (another phone rolled first), 409 "
        "already_rolled saying who rolled it and what it gave; left out, the next word",
    )


Card = Annotated[str, Field(min_length=1, max_length=MAX_CARD, description="a card, as printed")]


class EndGame(Action):
    hands: list[list[Card]] | None = Field(
        None, max_length=6, description=f"Booksmack turn-based: {say('describe.hands')}"
    )


# --- helpers ---------------------------------------------------------------------------------


@bp.before_request
def limit_guessing() -> None:
    """Refuse (429) a table request from an address that has spent its guesses, unless its bearer token acts at
    that table (app/serving/limiter.py)."""
    if request.view_args and "code" in request.view_args:
        limiter.check(request.view_args["code"], bearer_token())


@bp.after_request
def count_failed_joins(response: Response) -> Response:
    """A join answered with a 4xx (but the limit's own 429) is one guess; a join that seats a phone is none."""
    refused = 400 <= response.status_code < 500 and response.status_code != 429
    if refused and current_app.view_functions.get(request.endpoint) is join:
        limiter.count_failed_join()
    return response


def acting(code: str) -> Actor:
    """The token's actor at this table (401 without a token, 403 with one that acts for no one here)."""
    return tables().actor(code, bearer_token())


def shown(state, events, who: Actor | None) -> list[dict]:
    """The events as `who` may see them (a Secret claim shows no word to others), from the state after them."""
    return [event.to_dict() for event in table_state.visible(state, events, who)]


def act(
    code: str,
    action: dict,
    request_id: str | None,
    *,
    with_state: bool = True,
    anyone: bool = False,
) -> dict:
    """Do one action for the request's bearer token (`anyone`: without a token, for no one) through the
    service's one door (`Tables.act_with_token`); the answer every action view gives (`with_state`: the whole
    state too, else only its seq)."""
    outcome = tables().act_with_token(code, bearer_token(), action, request_id=request_id, anyone=anyone)
    actor = outcome.actor
    answer = {"events": shown(outcome.state, outcome.events, actor), "repeated": outcome.repeated}
    if with_state:
        answer["state"] = outcome.state.to_dict(actor)
    else:
        answer["seq"] = outcome.state.seq
    return answer


def action_view(path: str, body: type[Request], *, params: type[Request] = TablePath, response: type[Out] = ActedOut):
    """Register an action view at `POST path`: its `body` validated, a 201 answer (`act`'s), the table refusals."""

    def register(view):
        described = operation(params=params, body=body, response=response, status=201, problems=TABLE_PROBLEMS)
        return bp.post(path)(described(view))

    return register


def join_url(code: str) -> str:
    """The absolute link a phone opens to join: the pages' join page (`/tables/<code>/join`)."""
    try:
        path = url_for("pages.table_join", code=code)
    except BuildError:  # an app without the table pages (until they land): the path they serve
        path = f"/tables/{code}/join"
    return request.host_url.rstrip("/") + path


# --- tables ----------------------------------------------------------------------------------


@bp.post("/tables")
@operation(body=CreateTable, response=CreatedOut, status=201, problems=(429,))
def create(body: CreateTable):
    """Create a live table: its join code, the host's token, the join link and its QR code."""
    limiter.count_table_created()
    lexicon = body.lexicon or current_app.config["DEFAULT_LEXICON"]
    house_words = body.house_words or None
    created = tables().create(body.game, body.seats, lexicon=lexicon, variants=body.variants, house_words=house_words)
    host = Actor(host=True)
    return {
        "code": created.code,
        "host_token": created.host_token,
        "join_url": join_url(created.code),
        "qr_url": url_for(".qr", code=created.code),
        "seats": [seat.to_dict() for seat in created.state.seats],
        "state": created.state.to_dict(host),
    }


@bp.get("/tables/<code>")
@operation(params=TablePath, response=TableStateOut, problems=(403, 429))
def show(params: TablePath):
    """The table's state: seats, pools, claims, scores, as the token's seat may see it (no token: the table view)."""
    who = acting(params.code) if bearer_token() else None
    return tables().state(params.code).to_dict(who)


@bp.delete("/tables/<code>")
@operation(params=TablePath, response=DeletedOut, problems=(401, 403, 429, 503))
def delete(params: TablePath):
    """Delete the table and its record (host)."""
    tables().delete_with_token(params.code, bearer_token())  # the one door: the token proved as it deletes
    return {"deleted": read_code(params.code)}


@bp.get("/tables/<code>/record")
@operation(params=TablePath, response=RecordOut, problems=(403, 429))
def record(params: TablePath):
    """The whole game as its event log: replays into the same state (a Secret claim stays hidden until its challenge ends)."""
    who = acting(params.code) if bearer_token() else None
    service = tables()
    events = service.events(params.code)
    return {"code": read_code(params.code), "events": shown(table_state.fold(events), events, who)}


@bp.get("/tables/<code>/qr.svg")
@operation(params=TablePath, response=str, media_type="image/svg+xml", problems=(429,))
def qr(params: TablePath):
    """The join link as a QR code (SVG) to scan from the table."""
    service = tables()
    service.state(params.code)  # 404 for a table that does not exist
    drawing = io.BytesIO()
    segno.make(join_url(read_code(params.code)), error="m").save(
        drawing, kind="svg", scale=8, border=2, xmldecl=False, title="Join this table"
    )
    response = Response(drawing.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


# --- seats -----------------------------------------------------------------------------------


@bp.post("/tables/<code>/seats/<int:seat>")
@operation(
    params=SeatPath, body=JoinSeat, body_required=False, response=JoinedOut, status=201, problems=(403, 409, 429, 503)
)
def join(params: SeatPath, body: JoinSeat):
    """Take a seat: its token. A taken seat is refused (409 seat_taken) unless the host gives it to a new phone."""
    service = tables()
    token = service.join(params.code, params.seat, by=bearer_token(), request_id=body.request_id, secret=body.secret)
    seated = Actor(seat=params.seat)
    return {"seat": params.seat, "token": token, "state": service.state(params.code).to_dict(seated)}


@action_view("/tables/<code>/seats/<int:seat>/name", Rename, params=SeatPath)
def rename(params: SeatPath, body: Rename):
    """Rename a seat (host)."""
    return act(params.code, {"type": "rename", "seat": params.seat, "name": body.name}, body.request_id)


@action_view("/tables/<code>/seats/<int:seat>/release", Action, params=SeatPath)
def release_seat(params: SeatPath, body: Action):
    """Give a seat to a new phone (host): the seat's token stops working at once; the next phone to join gets the seat."""
    return act(params.code, {"type": "release", "seat": params.seat}, body.request_id)


@action_view("/tables/<code>/seats/<int:seat>/pool", SetPool, params=SeatPath)
def set_pool(params: SeatPath, body: SetPool):
    """Correct a seat's pool to what is really in front of the player (host)."""
    action = {"type": "set_pool", "seat": params.seat, "pool": body.pool.to_dict()}
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/lock", Lock)
def lock(params: TablePath, body: Lock):
    """Lock joining, or open it again (host)."""
    return act(params.code, {"type": "lock", "locked": body.locked}, body.request_id)


# --- Wordsmith -------------------------------------------------------------------------------


@action_view("/tables/<code>/challenges", StartChallenge)
def start_challenge(params: TablePath, body: StartChallenge):
    """Start a challenge (host): the starting pool as the real dice gave it, or rolled by the app."""
    action = {
        "type": "start",
        "pool": None if body.pool is None else body.pool.to_dict(),
        "required_letters": body.required_letters,
        "crossed_white": body.crossed_white or {},
    }
    if body.challenge is not None:
        action["challenge"] = body.challenge
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/challenges/end", EndChallenge)
def end_challenge(params: TablePath, body: EndChallenge):
    """End the challenge (host): the claims are settled and the score sheets filled in."""
    action = {"type": "end_challenge"} | ({} if body.challenge is None else {"challenge": body.challenge})
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/pieces", AddPiece)
def add_piece(params: TablePath, body: AddPiece):
    """Add a piece to a seat's pool: the real die's, or rolled by the app (a wild names the piece it is)."""
    action = {"type": "add", "seat": body.seat, "piece": body.piece, "wild_as": body.wild_as}
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/claims", Claim, response=ClaimedOut)
def claim(params: TablePath, body: Claim):
    """Claim a word: judged at once against the seat's pool and the table; a refused claim is a 409 with its objections."""
    return claim_answer(params.code, body)


def claim_answer(code: str, body: Claim) -> dict:
    """Judge and record a claim; the claim view's answer."""
    action = {"type": "claim", "seat": body.seat, "word": body.word, "row": body.row}
    answer = act(code, action, body.request_id, with_state=body.state)
    claims = [event["data"] for event in answer["events"] if event["type"] == "claim"]
    if body.state:
        answer["seq"] = answer["state"]["seq"]
    return {**answer, "claim": claims[0] if claims else None}


@action_view("/tables/<code>/objections", Objection)
def object_to(params: TablePath, body: Objection):
    """Object to a claim within the objection window: the judge's verdict goes to every phone."""
    action = {"type": "object", "seat": body.seat, "claim": body.claim}
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/overrules", Overrule)
def overrule(params: TablePath, body: Overrule):
    """Overrule the verdict on a claim (host): it stands or is struck; the record keeps both."""
    return act(params.code, {"type": "overrule", "claim": body.claim, "stands": body.stands}, body.request_id)


@action_view("/tables/<code>/passes", SeatAction)
def pass_challenge(params: TablePath, body: SeatAction):
    """Pass: the seat makes no more words this challenge."""
    return act(params.code, {"type": "pass", "seat": body.seat}, body.request_id)


@action_view("/tables/<code>/word-rolls", WordRoll)
def roll_word(params: TablePath, body: WordRoll):
    """Word by Word: the shared roll for the next word, as the real dice showed it or rolled by the app."""
    action = {"type": "roll_word", "faces": body.faces} | ({} if body.round is None else {"round": body.round})
    return act(params.code, action, body.request_id)


@action_view("/tables/<code>/end", EndGame)
def end_game(params: TablePath, body: EndGame):
    """End the game (host; in Booksmack also any seat once the rules end play): the final scores and the winners."""
    action = {"type": "end_game"}
    if body.hands is not None:
        action["hands"] = [list(hand) for hand in body.hands]
    return act(params.code, action, body.request_id)
