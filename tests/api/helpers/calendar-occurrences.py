"""
Issue 54's oracle: every occurrence of every event in each iCalendar file between two days, by
recurring-ical-events (Debian's python3-recurring-ical-events), a library of its own. Prints
{file: [[date_start, time_from, date_end, time_to], ...] or null where the oracle fails} on Vienna's clock, with the portal's
conventions: a whole day has no times and ends the day before DTEND; a timed event ending at
midnight ends 23:59 the day before; over several days, an end time not after the start time
means no times. Cancelled occurrences are left out.
Usage: calendar-occurrences.py <first day> <last day> <file>...
"""

import json
import sys
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

VIENNA = ZoneInfo("Europe/Vienna")


def vienna(value):
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(VIENNA)
    return value


def occurrence(event, floating):
    # A floating series is Vienna's clock (RFC 5545, 3.3.5); recurring-ical-events gives it in UTC
    # when its EXDATEs are, so its wall time is taken back.
    local = (lambda value: value.replace(tzinfo=None) if isinstance(value, datetime) else value) if floating else vienna
    start = local(event["DTSTART"].dt)
    end = local(event["DTEND"].dt) if "DTEND" in event else None
    if end is None and "DURATION" in event:
        end = start + event["DURATION"].dt
    if not isinstance(start, datetime):
        last = end - timedelta(days=1) if end is not None and end > start else start
        return [start.isoformat(), None, last.isoformat(), None]
    if end is None or end <= start:
        return [start.date().isoformat(), start.strftime("%H:%M"), start.date().isoformat(), None]
    if end.strftime("%H:%M") == "00:00" and end.date() > start.date():
        last, time_to = end.date() - timedelta(days=1), "23:59"
    else:
        last, time_to = end.date(), end.strftime("%H:%M")
    if time_to <= start.strftime("%H:%M"):
        return [start.date().isoformat(), None, last.isoformat(), None]
    return [start.date().isoformat(), start.strftime("%H:%M"), last.isoformat(), time_to]


first, last = date.fromisoformat(sys.argv[1]), date.fromisoformat(sys.argv[2])
found = {}
for name in sys.argv[3:]:
    try:
        with open(name, "rb") as file:
            calendar = icalendar.Calendar.from_ical(file.read())
        events = recurring_ical_events.of(calendar).between(first - timedelta(days=30), last + timedelta(days=1))
    except Exception as error:  # the oracle's own limits (an empty RDATE, two calendars in a file): no answer, not a wrong one
        print(f"{name}: {error!r}", file=sys.stderr)
        found[name] = None
        continue
    floating = {
        str(component.get("UID", component.get("SUMMARY")))
        for component in calendar.walk("VEVENT")
        if isinstance(component["DTSTART"].dt, datetime) and component["DTSTART"].dt.tzinfo is None
    }
    dates = [
        occurrence(event, str(event.get("UID", event.get("SUMMARY"))) in floating)
        for event in events
        if str(event.get("STATUS", "")).upper() != "CANCELLED"
    ]
    found[name] = sorted(d for d in dates if d[2] >= first.isoformat() and d[0] <= last.isoformat())
json.dump(found, sys.stdout)
