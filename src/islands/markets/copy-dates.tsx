import { parseISO } from 'date-fns/parseISO';
import { useId, useState } from 'react';
import { datesForNextYear, type ProposedDate } from '../../lib/copy-dates.ts';
import { FORMAT_TAGS, type Locale } from '../../lib/languages.ts';
import type { MarketDateRecord } from '../../lib/market.ts';
import { addMarketDates } from '../../stores/markets.ts';
import { notify } from '../../stores/notices.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

interface CopyDatesProps {
  locale: Locale;
  marketId: string;
  dates: MarketDateRecord[];
  year: number;
}

/** This year's dates into the next, on the same weekdays: proposed, reviewed, then saved in one step. */
export function CopyDates({ locale, marketId, dates, year }: CopyDatesProps) {
  const { t } = useTranslation();
  const prefix = useId();
  const proposals = datesForNextYear(dates, year);
  const [reviewing, setReviewing] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  if (proposals.length === 0) return null;

  const day = new Intl.DateTimeFormat(FORMAT_TAGS[locale], {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const show = (proposal: ProposedDate) =>
    t('copy.proposal', {
      day: day.format(parseISO(proposal.date.date_start)),
      from: day.format(parseISO(proposal.from)),
    });
  const start = () => {
    setChosen(new Set(proposals.map((proposal) => proposal.from)));
    setReviewing(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const picked = proposals.filter((proposal) => chosen.has(proposal.from));
      await addMarketDates(
        marketId,
        picked.map((proposal) => proposal.date),
      );
      notify(t('notice.saved'));
      setReviewing(false);
    } catch (error) {
      notify(messageOf(error, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (!reviewing) {
    return (
      <button type="button" className="button-secondary" onClick={start}>
        {t('copy.start', { year, next: year + 1 })}
      </button>
    );
  }
  return (
    <fieldset className="copy-dates">
      <legend>{t('copy.review', { next: year + 1 })}</legend>
      {proposals.map((proposal) => (
        <div key={proposal.from} className="field-check">
          <input
            id={`${prefix}-${proposal.from}`}
            type="checkbox"
            checked={chosen.has(proposal.from)}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(proposal.from);
              else next.delete(proposal.from);
              setChosen(next);
            }}
          />
          <label htmlFor={`${prefix}-${proposal.from}`}>{show(proposal)}</label>
        </div>
      ))}
      <div className="form-actions">
        <button type="button" disabled={busy || chosen.size === 0} onClick={() => void save()}>
          {t('copy.save', { count: chosen.size })}
        </button>
        <button type="button" className="button-secondary" onClick={() => setReviewing(false)}>
          {t('dialog.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
