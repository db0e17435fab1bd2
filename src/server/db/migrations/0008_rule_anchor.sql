-- Issue 14: a rule counts its weeks and months from its anchor (rule.dtstart), no longer from the day of saving.
-- A market with a season counts from the season's first day (api.md). One without keeps the phase it shows now:
-- its first regular date still ahead, else its first regular date, else the day it was created.
UPDATE markets m SET rule = m.rule || jsonb_build_object('dtstart', to_char(COALESCE(
    m.date_start,
    (SELECT min(d.date_start) FROM market_dates d
      WHERE d.market_id = m.id AND d.type = 'regular' AND d.date_start >= current_date),
    (SELECT min(d.date_start) FROM market_dates d WHERE d.market_id = m.id AND d.type = 'regular'),
    m.created_at::date), 'YYYY-MM-DD'))
WHERE m.rule IS NOT NULL AND NOT m.rule ? 'dtstart';

-- A monthly rule names its week of the month; without one it took the first week, so it says so now.
UPDATE markets SET rule = jsonb_set(rule, '{nth}', '1'::jsonb),
  rrule = regexp_replace(rrule, '([=,])([A-Z]{2})(?=,|$)', '\11\2', 'g')
WHERE rule->>'freq' = 'monthly' AND (rule->'nth' IS NULL OR rule->'nth' = 'null'::jsonb);

-- A weekly rule has none.
UPDATE markets SET rule = jsonb_set(rule, '{nth}', 'null'::jsonb)
WHERE rule->>'freq' = 'weekly' AND rule->'nth' IS NOT NULL AND rule->'nth' <> 'null'::jsonb;
