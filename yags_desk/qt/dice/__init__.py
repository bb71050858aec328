"""The dice dock: roll any dice expression, seeded or free, with a history.

May import ``common`` and the rules; no other room.
"""
