"""The app's own logic, pure Python and testable without Streamlit: words (``i18n``), lessons,
the sandbox's timeline and share links, the classroom, the lab's tables, the score pad and its
store, and the simulation job board. It builds on the engine (``uno``) and never imports
``uno.ui`` or Streamlit."""
