"""The one place that decides what text may be stored, logged or shown to the extractor.

``screen.screen(text, field)`` is the entry point (``screen_profile``, ``screen_topics``,
``screen_key`` for the model's other fields). ``normalise`` gives the matching form; the
rules live in ``passwords``, ``keys``, ``numbers``, ``contact`` and ``seed``.
"""
