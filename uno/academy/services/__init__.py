"""Services: what the pages ask of the store, answered with what to say. Each module serves one
subject (score pads, progress, classes, rooms) through ``uno.academy.store`` and returns the
result with the catalog key of what to tell the reader, so no view imports the store's error
types or checks a version itself."""
