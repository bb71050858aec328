"""Python made by ``pyside6-uic`` from the Qt Designer forms in ``ui/`` (issue 13
item 2). Never edit these modules: change the ``.ui`` file (in Qt Designer or by
hand) and run ``python -m yags_desk.qt.forms.generate``; a test checks that the
committed modules are what the forms give. The views import the ``Ui_*`` classes
and wire them in code (signals, models, what depends on the data).

May import Qt only.
"""
