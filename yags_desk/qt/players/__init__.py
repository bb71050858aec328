"""The players' screen (issue 17 item 1): a second window for a monitor or a TV
that the players can see, following the battle board in front.

``projection`` decides what the players may see, from the combat state and the
GM's choices saved with the encounter (no Qt); ``window`` paints it in large
type. May import ``common``, the rules and storage; no other room, never the
shell (the window hands it a board through :class:`~.window.PlayersSource`).
"""
