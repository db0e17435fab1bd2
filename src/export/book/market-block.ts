import type { DirectoryDate, DirectoryMarket } from '../../lib/directory/directory.ts';
import { movedFrom } from '../../lib/directory/date-mapping.ts';
import { factLine, marketFacts } from '../../lib/directory/market-facts.ts';
import { ruleInWords } from '../../lib/directory/rule-words.ts';
import type { Translate } from '../../lib/translate.ts';
import type { Font } from './book-typesetter.ts';
import { germanQuotes } from './text-layout.ts';
import { yearDates } from './year-dates.ts';

/** A stretch of a part; `entered` marks what the municipality wrote, which is German in every book. */
export interface BlockRun {
  text: string;
  entered?: boolean;
}

/** One paragraph of a market's block, with the list that runs in after it (the year's dates). */
export interface BlockPart {
  role: 'H4' | 'P';
  font: Font;
  runs: BlockRun[];
  items?: string[];
}

export interface BlockContext {
  t: Translate;
  formatDay: (isoDay: string) => string;
  year: number;
  /** The municipality is the chapter's heading; it stands in only for a market without a place of its own. */
  place: string;
  /** The first digit of the municipality's code: the state whose holidays a rule may skip. */
  stateNumber: number;
}

/**
 * A market as the book shows it: title, kind and place, introduction and facts (as `marketFacts`
 * presents them to every outlet), then its dates — for a market on a rule, the rule in words and
 * only the year's exceptions (issue 21), else every date — and its contacts.
 */
export function marketBlock(market: DirectoryMarket, context: BlockContext): BlockPart[] {
  const { t } = context;
  const { lead, place: lines, facts } = marketFacts(market, t);
  const where = (lines.length ? lines : [context.place]).map(germanQuotes).join(', ');
  const contacts = [
    market.phone && `${t('book.phone')} ${market.phone}`,
    market.email,
    market.website.replace(/^https?:\/\//, ''),
  ].filter(Boolean);
  return [
    { role: 'H4', font: 'bold', runs: [{ text: germanQuotes(market.title), entered: true }] },
    {
      role: 'P',
      font: 'italic',
      runs: [{ text: `${t(`market.type.${market.type}`)} · ` }, { text: where, entered: true }],
    },
    ...(lead
      ? [{ role: 'P' as const, font: 'regular' as const, runs: [{ text: germanQuotes(lead), entered: true }] }]
      : []),
    ...facts.map((fact) => ({
      role: 'P' as const,
      font: 'regular' as const,
      runs: [{ text: factLine({ ...fact, text: '' }) }, { text: germanQuotes(fact.text), entered: true }],
    })),
    ...datesOf(market, context),
    ...(contacts.length
      ? [{ role: 'P' as const, font: 'regular' as const, runs: [{ text: contacts.join(' · ') }] }]
      : []),
  ];
}

function datesOf(market: DirectoryMarket, { t, formatDay, year, stateNumber }: BlockContext): BlockPart[] {
  const dates = yearDates(market, stateNumber);
  if (dates.kind === 'rule') {
    const rule = t('book.ruleSpan', {
      rule: capitalized(ruleInWords(dates.rule, t)),
      from: formatDay(dates.from),
      to: formatDay(dates.to),
    });
    const ruleTimes = timeOf(dates.rule.time_from, dates.rule.time_to);
    return [
      { role: 'P', font: 'regular', runs: [{ text: rule }] },
      ...(dates.exceptions.length
        ? [
            {
              role: 'P' as const,
              font: 'regular' as const,
              runs: [{ text: t('book.label', { text: t('book.exceptions', { year }) }) }],
              items: separated(
                dates.exceptions.map((date) => exception(date, ruleTimes, t, formatDay)),
                ';',
              ),
            },
          ]
        : []),
    ];
  }
  const times = new Set(dates.dates.map((d) => timeOf(d.time_from, d.time_to)));
  const sameTimes = times.size === 1 ? [...times][0] : undefined;
  const items = dates.dates.map((d) => {
    const time = sameTimes === undefined && d.time_from ? ` ${timeOf(d.time_from, d.time_to)}` : '';
    const status = d.status === 'takes_place' ? '' : ` (${t(`book.status.${d.status}`)})`;
    return `${daysOf(d, formatDay)}${time}${status}`;
  });
  // French sets a narrow space before the colon; the label's key knows its language's way.
  const label = t('book.label', { text: `${t('directory.datesOf', { year })}${sameTimes ? ` (${sameTimes})` : ''}` });
  return [{ role: 'P', font: 'regular', runs: [{ text: label }], items: separated(items, ',') }];
}

/** An exception to the rule: the day (with the one it replaces), its times if they differ, what it is, its note. */
function exception(date: DirectoryDate, ruleTimes: string, t: Translate, formatDay: (day: string) => string): string {
  const replaced = movedFrom(date);
  const day = replaced
    ? t('book.instead', { day: daysOf(date, formatDay), replaced: formatDay(replaced) })
    : daysOf(date, formatDay);
  const times = timeOf(date.time_from, date.time_to);
  const time = date.status !== 'cancelled' && times !== ruleTimes ? ` ${times}` : '';
  const what =
    date.status !== 'takes_place' || date.type === 'cancelled'
      ? t(`book.status.${date.status === 'pending' ? 'pending' : 'cancelled'}`)
      : date.type === 'additional'
        ? t('book.type.additional')
        : date.type === 'changed' && !replaced
          ? t('book.type.changed')
          : '';
  // The items are separated by semicolons; a note's closing full stop would stand before one.
  const note = date.note ? ` – ${germanQuotes(date.note.replace(/\.$/, ''))}` : '';
  return `${day}${time}${what ? ` (${what})` : ''}${note}`;
}

function daysOf(date: DirectoryDate, formatDay: (day: string) => string): string {
  return date.date_end === date.date_start
    ? formatDay(date.date_start)
    : `${formatDay(date.date_start)}–${formatDay(date.date_end)}`;
}

/** List items as they run in: each but the last ends with the separator. */
function separated(items: string[], separator: string): string[] {
  return items.map((item, i) => (i < items.length - 1 ? `${item}${separator}` : item));
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function timeOf(from: string | null, to: string | null): string {
  return from ? (to ? `${from}–${to}` : from) : '';
}
