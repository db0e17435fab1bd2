"""
Every event's start in each iCalendar file, by recurring-ical-events (Debian's
python3-recurring-ical-events): a library of its own reading our series, the oracle of issue 55.
Prints {file: [start, ...]}, a start as Vienna wall-clock "YYYY-MM-DDTHH:MM", or "YYYY-MM-DD"
for a whole day.
"""

import json
import sys
from datetime import date, datetime

import icalendar
import recurring_ical_events

starts = {}
for name in sys.argv[1:]:
    with open(name, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    events = recurring_ical_events.of(calendar).between(date(1990, 1, 1), date(2100, 1, 1))
    starts[name] = sorted(
        start.strftime("%Y-%m-%dT%H:%M") if isinstance(start, datetime) else start.isoformat()
        for start in (event["DTSTART"].dt for event in events)
    )
json.dump(starts, sys.stdout)
