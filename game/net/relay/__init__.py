"""`fireside relay`: a relay any host can dial out to (issue 34).

The wire protocol is /work/notes/relay-spec.md's "Relay wire protocol v1"
(kept in README's *Run a relay* section): a host registers a table id, each
friend that dials the same id gets a line number, and the relay forwards the
opaque binary payloads of each line between the host and that friend.  The
relay never sees a secret or a game's plaintext (the endpoints seal every
payload end to end), and keeps nothing of a game.

- `limits.py`: the numbers it holds to and the refusal of each;
- `server.py`: the asyncio + websockets server (`Relay`);
- `shared.py`: several relay instances acting as one through Redis (`Shared`);
- `cli.py`: `fireside relay`'s options and its run.

pygame-free and checked as `mypy --strict` (it is part of game/net)."""
