"""Play across laptops: the protocol, the host (the authority) and the client.

Pure at the core (no pygame, no window): `protocol` says what a message is,
`host.HostTable` keeps the game and answers bytes with bytes, `client.ClientSeat`
keeps one seat's side; the WebSocket carriers run in threads of their own.
"""
