"""Play across laptops: the protocol, the host (the authority) and the client.

Pure at the core (no pygame, no window): `protocol` says what a message is,
`authority.HostTable` keeps the game and answers bytes with bytes
(`door.TableSet` several behind one port, `carrier.HostServer` over WebSockets,
`hosting` the glue the app and `fireside host` share), `client.ClientSeat`
keeps one seat's side; the WebSocket carriers run in threads of their own.
"""
