"""The lessons (pages/2_lessons.py): learn the rules step by step, one lesson at a time, each an
explanation with card rows, a try-it board and a quiz. The engine judges every answer
(``uno.academy.lessons``); this package turns its verdicts into pictures and words.

- ``page``: ``show_lessons``, the page (the lesson chosen, ``?lesson=`` and ``?done=``, the
  sidebar, the next lesson's link), and ``show_lesson``, one lesson.
- ``keys``: every session key (a lesson's board and questions have keys prefixed with the
  lesson's key, so lessons never share state).
- ``boards``: the try-it board, one view function per board kind (``BOARD_VIEWS``).
- ``quiz``: the quiz, its answers and their verdicts.
- ``parts``: what they share: names, rule links, card rows, an option's words, a verdict.
- ``progress``: this session's tries, the lesson passed in the callback of the answer that
  completes it (``settle``), and the progress kept on the device
  (``uno.academy.services.progress``).
- ``join_class``: joining a class from the sidebar (``uno.academy.services.classes``).
"""
