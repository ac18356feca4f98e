"""The server-rendered pages: readable across a table, working without JavaScript.

One module per page: the Wordsmith judge (`/`, judge.py), the solver
(`/solve`, solve.py), Booksmack (`/booksmack`) and Color Smash (`/colorsmash`);
and for what the CLI and API already did: score sheets (`/score`,
score.py), dice (`/dice`, dice.py), turn-based Booksmack (`/booksmack/turn`,
booksmack_turn.py) and the Color Smash replay (`/colorsmash/replay`,
colorsmash_replay.py); and live tables (`/tables/...`, tables.py: create, join,
a seat's page, the host's page, the table view, the score sheet), whose state
lives in the store and changes only by POST forms (see that module).

Every page is a GET whose whole state is its query string, so a verdict is a
link that can be shared, and reloading it shows the same verdict. A view reads
the query string into a pydantic model (unknown parameters ignored: a shared
link may carry tracking tags), calls one `solver` function, and renders.
Buttons that change the state one step (a tapped piece chip, a tapped card)
are submit buttons of the same GET form (`add=red`, `add=é`, `remove=last`):
the view applies the step and redirects (303) to the page's canonical URL, so
the address bar never keeps the step. On the judge and the solver that URL
carries `draft=1`: the pool is being entered, and no verdict is shown until
Judge (Solve) is pressed. Bad input is shown with a 422 — never a 500 — next
to its field (`aria-invalid`), in the player's words, and listed in a summary
above the form.

`static/pages.js` makes the same forms quicker: it fetches the GET URL the
form would load and swaps the page's <main> in place (see its header for why
it does not rebuild the verdict from the JSON API).

`bp` and what the views share live in blueprint.py; this module only gathers the views.
"""

from __future__ import annotations

from . import (  # noqa: F401 - each registers its views on `bp`
    booksmack,
    booksmack_turn,
    colorsmash,
    colorsmash_replay,
    dice,
    judge,
    score,
    solve,
    table_hosting,
    table_join,
    tables,
)
from .blueprint import bp

__all__ = ["bp"]
