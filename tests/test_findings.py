"""The collector words a finding only when it keeps it (engines hand over lazy messages)."""

from scorekeep.errors import CAP, Finding, Findings, shown


def test_lazy_message_and_allowed_are_made_only_for_kept_findings() -> None:
    made: list[int] = []

    def message(i: int):
        return lambda: made.append(i) or f"breach {i}"

    f = Findings()
    f.extend([Finding("oh-hell.follow-suit", message(i), allowed=lambda: ("9H",)) for i in range(CAP + 50)])
    assert len(f.violations) == CAP + 50  # the count stays true
    assert made == list(range(CAP))  # nobody words the findings past the cap
    assert f.violations[0] == Finding("oh-hell.follow-suit", "breach 0", allowed=("9H",))
    assert shown(f.violations)[-1].more == 50


def test_plain_findings_are_kept_as_given() -> None:
    f = Findings()
    f.extend([Finding("rook.bid-step", "a raise of 3", hand=2)], event=True)
    assert f.events == [Finding("rook.bid-step", "a raise of 3", hand=2)] and f.violations == []
