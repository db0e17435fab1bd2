import { useEffect, useState, type FormEvent } from 'react';
import { QUOTA_COLUMNS, QUOTA_DEFAULTS, QUOTA_NAMES, type QuotaName, type Quotas } from '../../lib/operator.ts';
import type { Locale } from '../../lib/languages.ts';
import { formatCount } from '../../lib/numbers.ts';
import { callApi } from '../../stores/api-client.ts';
import { Field } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

/** What the municipality uses of a limit; the per-market one has no single figure. */
function usedOf(name: QuotaName, quotas: Quotas, locale: Locale): string {
  if (name === 'dates-per-market') return '–';
  if (name === 'photo-megabytes')
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(quotas.photo_bytes / 1_000_000);
  return formatCount(locale, quotas[name]);
}
const limitsOf = (quotas: Quotas) =>
  Object.fromEntries(QUOTA_NAMES.map((name) => [name, String(quotas[QUOTA_COLUMNS[name]])])) as Record<
    QuotaName,
    string
  >;

/** Issue 22 (M6 of issue 15): a municipality's limits beside the defaults, each one changeable. */
export function QuotasPanel({
  locale,
  gkz: fixed,
  onChange,
}: {
  locale: Locale;
  /** On a municipality's own page (issue 55): its quotas, shown at once, without asking for a code. */
  gkz?: string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const [gkz, setGkz] = useState('');
  const [shown, setShown] = useState<{ gkz: string; quotas: Quotas } | null>(null);
  const [limits, setLimits] = useState<Record<QuotaName, string>>(
    Object.fromEntries(QUOTA_NAMES.map((name) => [name, ''])) as Record<QuotaName, string>,
  );
  const [message, setMessage] = useState('');
  /** A gkz not on file is said under the field, the one thing to correct. */
  const [gkzError, setGkzError] = useState('');
  const showQuotas = (of: string, quotas: Quotas) => {
    setShown({ gkz: of, quotas });
    setLimits(limitsOf(quotas));
  };
  const show = (of: string) => {
    setMessage('');
    setGkzError('');
    callApi<{ quotas: Quotas }>(`operator/quotas/${encodeURIComponent(of)}`)
      .then((answer) => showQuotas(of, answer.quotas))
      .catch((error: unknown) => {
        setShown(null);
        if (fixed) return setMessage(messageOf(error, t));
        setGkzError(messageOf(error, t));
        document.getElementById('quotas-gkz')?.focus();
      });
  };
  const load = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    show(gkz.trim());
  };
  useEffect(() => {
    if (fixed) show(fixed);
  }, [fixed]);
  const change = async (name: QuotaName) => {
    if (!shown) return;
    setMessage('');
    try {
      const answer = await callApi<{ quotas: Quotas }>('operator/set_quota', {
        fields: { gkz: shown.gkz, name, value: limits[name].trim() },
      });
      showQuotas(shown.gkz, answer.quotas);
      onChange();
      setMessage(
        t('operator.quotas.changed', {
          quota: t(`operator.quotas.${name}`),
          value: formatCount(locale, answer.quotas[QUOTA_COLUMNS[name]]),
        }),
      );
    } catch (error) {
      setMessage(messageOf(error, t));
    }
  };

  return (
    <section aria-labelledby="quotas-panel-heading">
      <h2 id="quotas-panel-heading">{t('operator.quotas.heading')}</h2>
      <p>{t('operator.quotas.intro')}</p>
      {!fixed && (
        <form onSubmit={load} className="operator-form">
          <Field
            id="quotas-gkz"
            name="gkz"
            inputMode="numeric"
            maxLength={5}
            label={t('operator.quotas.gkz')}
            error={gkzError}
            value={gkz}
            onChange={(event) => setGkz(event.target.value)}
            onBlur={() => {}}
          />
          <button type="submit">{t('operator.quotas.show')}</button>
        </form>
      )}
      {shown && (
        <div
          id="quotas-table"
          role="region"
          aria-label={t('operator.quotas.of', { gkz: shown.gkz })}
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <table className="data-table">
            <caption>{t('operator.quotas.of', { gkz: shown.gkz })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.quotas.quota')}</th>
                <th scope="col">{t('operator.quotas.used')}</th>
                <th scope="col">{t('operator.quotas.default')}</th>
                <th scope="col">{t('operator.quotas.limit')}</th>
              </tr>
            </thead>
            <tbody>
              {QUOTA_NAMES.map((name) => {
                return (
                  <tr key={name}>
                    <th scope="row">{t(`operator.quotas.${name}`)}</th>
                    <td className="figure">{usedOf(name, shown.quotas, locale)}</td>
                    <td className="figure">{formatCount(locale, QUOTA_DEFAULTS[name])}</td>
                    <td>
                      <form
                        style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
                        onSubmit={(event) => {
                          event.preventDefault();
                          void change(name);
                        }}
                      >
                        <input
                          id={`quota-${name}`}
                          inputMode="numeric"
                          size={9}
                          aria-label={t('operator.quotas.newLimit', { quota: t(`operator.quotas.${name}`) })}
                          value={limits[name]}
                          onChange={(event) => setLimits({ ...limits, [name]: event.target.value })}
                        />{' '}
                        <button
                          type="submit"
                          aria-label={`${t('operator.quotas.set')}: ${t(`operator.quotas.${name}`)}`}
                        >
                          {t('operator.quotas.set')}
                        </button>
                      </form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p role="status">{message}</p>
    </section>
  );
}
