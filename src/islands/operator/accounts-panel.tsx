import { useEffect, useRef, useState, type FormEvent } from 'react';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import { MUNICIPALITY_SORTS, type MunicipalitySort } from '../../lib/operator.ts';
import { callApi } from '../../stores/api-client.ts';
import { Field } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import type { Municipality } from './municipality-accounts.tsx';

/** The wire shape of `GET /api/operator/municipalities` (services/municipality-search.ts). */
interface MunicipalityPage {
  municipalities: Municipality[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * Issues 22 and 55: municipalities by name, gkz, district or state as a table, a page at a time
 * with the total, sortable; each leads to its own page (its addresses, users and quotas).
 */
export function AccountsPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  /** The text last searched for: paging and sorting keep to it. */
  const searched = useRef('');
  /** Only the answer to the latest request is shown (a quick sort or page turn can overtake one). */
  const latest = useRef(0);
  const [sort, setSort] = useState<MunicipalitySort>('name');
  const [found, setFound] = useState<MunicipalityPage | null>(null);
  const [message, setMessage] = useState('');
  /** The page asked for (the one shown when none is), in the order chosen. */
  const search = async (page: number, by = sort) => {
    const asked = (latest.current += 1);
    const answer = await callApi<MunicipalityPage>('operator/municipalities', {
      query: { q: searched.current, sort: by, page: String(page) },
    });
    if (asked !== latest.current) return;
    setFound(answer);
  };
  const pages = found ? Math.max(1, Math.ceil(found.total / found.per_page)) : 1;
  const turn = (page: number) => {
    setMessage('');
    search(page).catch((error: unknown) => setMessage(messageOf(error, t)));
  };
  /** Where the keyboard goes once the page is shown: the other page button at the list's end. */
  const focusNext = useRef<'pager' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    const active = document.activeElement;
    if (target === 'pager' && (active === document.body || (active instanceof HTMLButtonElement && active.disabled)))
      document.querySelector<HTMLButtonElement>('.municipality-pages button:not(:disabled)')?.focus();
  }, [found]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searched.current = query;
    turn(1);
  };

  return (
    <section aria-labelledby="accounts-panel-heading">
      <h2 id="accounts-panel-heading">{t('operator.accounts.heading')}</h2>
      <form role="search" onSubmit={submit} className="operator-form">
        <Field
          id="operator-search"
          name="q"
          type="search"
          label={t('operator.accounts.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={() => {}}
        />
        <button type="submit">{t('operator.accounts.find')}</button>
      </form>
      {found && (
        <>
          <p role="status">
            {found.total === 0
              ? t('operator.accounts.none')
              : t('operator.accounts.found', { count: found.total, page: found.page, pages })}
          </p>
          {found.total > 1 && (
            <div className="field">
              <label htmlFor="operator-sort">{t('operator.accounts.sort')}</label>
              <select
                id="operator-sort"
                value={sort}
                onChange={(event) => {
                  const by = event.target.value as MunicipalitySort;
                  setSort(by);
                  search(1, by).catch((error: unknown) => setMessage(messageOf(error, t)));
                }}
              >
                {MUNICIPALITY_SORTS.map((by) => (
                  <option key={by} value={by}>
                    {t(`operator.accounts.column.${by}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {found.municipalities.length > 0 && (
            <div role="region" aria-labelledby="municipalities-caption" tabIndex={0} className="table-scroll">
              <table className="data-table">
                <caption id="municipalities-caption">
                  {t('operator.accounts.table', { page: found.page, pages })}
                </caption>
                <thead>
                  <tr>
                    {MUNICIPALITY_SORTS.map((by) => (
                      <th key={by} scope="col">
                        {t(`operator.accounts.column.${by}`)}
                      </th>
                    ))}
                    <th scope="col">{t('operator.accounts.column.allowed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.municipalities.map((m) => (
                    <tr key={m.gkz}>
                      <th scope="row">
                        <a href={localizedPath(`/verwaltung/gemeinde/${m.gkz}`, locale)}>{m.name}</a>
                      </th>
                      <td>{m.gkz}</td>
                      <td>{districtNameOf(m.district)}</td>
                      <td>{stateNameOf(m.state_code, t)}</td>
                      <td className="figure">{m.allowed.length}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav aria-label={t('operator.accounts.pages')} className="form-actions municipality-pages">
              <button
                type="button"
                className="button-secondary"
                disabled={found.page <= 1}
                onClick={() => {
                  focusNext.current = 'pager';
                  turn(found.page - 1);
                }}
              >
                {t('operator.accounts.previous')}
              </button>
              <button
                type="button"
                className="button-secondary"
                disabled={found.page >= pages}
                onClick={() => {
                  focusNext.current = 'pager';
                  turn(found.page + 1);
                }}
              >
                {t('operator.accounts.next')}
              </button>
            </nav>
          )}
        </>
      )}
      <p role="status">{message}</p>
    </section>
  );
}
