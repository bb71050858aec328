"""The battle view: quick (mass) combat battles set up, fought turn by turn and
printed in the window (RULES 1.12; issue 16 item 5)."""
