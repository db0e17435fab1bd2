import type {
  ContentMarket,
  FeastRelation,
  Freq,
  HolidayShift,
  MarketStatus,
  MarketType,
  RecurrenceRule,
  Weekday,
} from '../../lib/market.ts';
import { textsOf, type MarketTexts } from '../../lib/market-fields.ts';

/** A market as its form holds it: every field as the clerk edits it, the free texts as declared. */
export interface MarketDraft extends MarketTexts {
  id: string | null;
  version: number | null;
  title: string;
  type: MarketType | '';
  schedule: 'dates' | 'regular';
  freq: Freq;
  /** Every 1–12 weeks, months or years, as the select holds it ('1'…'12'). */
  interval: string;
  weekdays: Weekday[];
  /** '1'…'4' or '-1' (last) for monthly rules and yearly ones by month. */
  nth: string;
  /** Issue 53: what a yearly rule's day follows, and the fields of each kind, as the selects hold them. */
  yearly_by: 'month' | 'easter' | 'feast';
  month: string;
  easter_offset: string;
  feast: string;
  relation: FeastRelation;
  offset: string;
  days: string;
  time_from: string;
  time_to: string;
  skip_holidays: boolean;
  skip_state_holidays: boolean;
  /** Issue 53: '' when a date a holiday takes does not take place. */
  holiday_shift: '' | HolidayShift;
  status: MarketStatus;
  date_start: string;
  date_end: string;
  season_repeats: boolean;
  website: string;
  phone: string;
  email: string;
  image_url: string;
  image_alt: string;
  image_description: string;
  focal_x: number;
  focal_y: number;
  hidden: boolean;
  /** Only for a new market: its optional first date. */
  first_start: string;
  first_end: string;
}

export function draftOf(market: ContentMarket | null): MarketDraft {
  return {
    id: market?.id ?? null,
    version: market?.version ?? null,
    title: market?.title ?? '',
    ...textsOf(market),
    type: market?.type ?? '',
    schedule: market?.schedule ?? 'dates',
    freq: market?.rule?.freq ?? 'weekly',
    interval: String(market?.rule?.interval ?? 1),
    weekdays: market?.rule?.weekdays ?? [],
    nth: String(market?.rule?.nth ?? 1),
    yearly_by: yearlyKindOf(market?.rule ?? null),
    month: String(market?.rule?.month ?? 10),
    easter_offset: String(market?.rule?.easter_offset ?? 51),
    feast: market?.rule?.feast ?? '11-11',
    relation: market?.rule?.relation ?? 'after',
    offset: String(market?.rule?.offset ?? 0),
    days: String(market?.rule?.days ?? 1),
    time_from: market?.rule?.time_from ?? '08:00',
    time_to: market?.rule?.time_to ?? '12:00',
    skip_holidays: market?.rule?.skip_holidays ?? false,
    skip_state_holidays: market?.rule?.skip_state_holidays ?? false,
    holiday_shift: market?.rule?.holiday_shift ?? '',
    status: market?.status ?? 'active',
    date_start: market?.date_start ?? '',
    date_end: market?.date_end ?? '',
    season_repeats: market?.season_repeats ?? false,
    website: market?.website ?? '',
    phone: market?.phone ?? '',
    email: market?.email ?? '',
    image_url: market?.image?.url ?? '',
    image_alt: market?.image?.alt ?? '',
    image_description: market?.image?.description ?? '',
    focal_x: market?.image?.focal_x ?? 50,
    focal_y: market?.image?.focal_y ?? 50,
    hidden: market?.hidden ?? false,
    first_start: '',
    first_end: '',
  };
}

/** The fields save_market takes (api.md), nested values as JSON text as in form data. */
export function fieldsOf(draft: MarketDraft): Record<string, string> {
  const rule = ruleFieldsOf(draft);
  const image = draft.image_url
    ? {
        url: draft.image_url,
        alt: draft.image_alt,
        description: draft.image_description,
        focal_x: draft.focal_x,
        focal_y: draft.focal_y,
      }
    : null;
  const firstDate =
    draft.id === null && draft.first_start
      ? { date_start: draft.first_start, date_end: draft.first_end || draft.first_start }
      : null;
  return {
    ...(draft.id ? { id: draft.id, version: String(draft.version) } : {}),
    title: draft.title,
    ...textsOf(draft),
    type: draft.type,
    schedule: draft.schedule,
    rule: draft.schedule === 'regular' ? JSON.stringify(rule) : '',
    status: draft.status,
    date_start: draft.date_start,
    date_end: draft.date_end,
    season_repeats: draft.season_repeats ? '1' : '0',
    website: draft.website,
    phone: draft.phone,
    email: draft.email,
    image: image ? JSON.stringify(image) : '',
    hidden: draft.hidden ? '1' : '0',
    first_date: firstDate ? JSON.stringify(firstDate) : '',
  };
}

/** Whether the form holds anything the stored market does not. */
export function isChanged(draft: MarketDraft, stored: MarketDraft): boolean {
  return JSON.stringify(fieldsOf(draft)) !== JSON.stringify(fieldsOf(stored));
}

/**
 * A newer stored market under the clerk's input: fields the clerk changed since `base` keep their
 * input, all others take the stored value. So after a conflict nobody's change is lost.
 */
export function rebase(draft: MarketDraft, base: MarketDraft, stored: MarketDraft): MarketDraft {
  const same = (key: keyof MarketDraft) => JSON.stringify(draft[key]) === JSON.stringify(base[key]);
  const result = { ...stored };
  for (const key of Object.keys(draft) as (keyof MarketDraft)[]) {
    if (key !== 'id' && key !== 'version' && !same(key)) Object.assign(result, { [key]: draft[key] });
  }
  return result;
}

function yearlyKindOf(rule: RecurrenceRule | null): MarketDraft['yearly_by'] {
  return rule?.easter_offset !== undefined ? 'easter' : rule?.feast !== undefined ? 'feast' : 'month';
}

/** The rule of the draft as save_market takes it: the fields of its frequency and, when yearly, of its kind. */
export function ruleFieldsOf(draft: MarketDraft): Record<string, unknown> {
  const common = {
    freq: draft.freq,
    interval: Number(draft.interval),
    time_from: draft.time_from,
    time_to: draft.time_to,
    skip_holidays: draft.skip_holidays,
    skip_state_holidays: draft.skip_state_holidays,
    ...(draft.holiday_shift ? { holiday_shift: draft.holiday_shift } : {}),
  };
  if (draft.freq !== 'yearly')
    return { ...common, weekdays: draft.weekdays, nth: draft.freq === 'monthly' ? Number(draft.nth) : null };
  const length = { offset: Number(draft.offset), days: Number(draft.days) };
  // A yearly rule by month or feast follows one weekday: the first ticked, as its select shows it.
  const weekdays = draft.weekdays.slice(0, 1);
  if (draft.yearly_by === 'easter') return { ...common, ...length, easter_offset: Number(draft.easter_offset) };
  if (draft.yearly_by === 'feast')
    return { ...common, ...length, weekdays, feast: draft.feast, relation: draft.relation };
  return { ...common, ...length, weekdays, month: Number(draft.month), nth: Number(draft.nth) };
}
