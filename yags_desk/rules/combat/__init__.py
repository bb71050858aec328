"""The combat engine: an encounter is its roster plus an ordered list of events.

The current state is computed from the events by a pure reducer
(:func:`state.apply`); undo and redo remove and restore the last event
(:class:`log.CombatLog`); replaying the same events gives the same state.
"""
