"""Review my round, drawn: one small part every table shares (the sandbox, the kids' game,
pass-and-play, a pupil's device in a room, the teacher's summary).

The review runs on a job board shared by every session (``board``), decision by decision under
a progress bar that a small fragment polls while the rest of the page stays usable; once it is
over, one full run draws it (``parts``): the accuracy, the key moments with the better move in
the coach's words and "Try again from here", every decision with its grade; for children,
stars and a kind word instead of grades. The logic is ``uno.academy.review``'s.

- ``keys``: every session key of the part, per table;
- ``board``: the job board, asking it and following a job;
- ``parts``: the button, the review, the teacher's summary.
"""
