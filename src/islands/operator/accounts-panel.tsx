import { useEffect, useRef, useState, type FormEvent } from 'react';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { MUNICIPALITY_SORTS, type MunicipalitySort } from '../../lib/operator.ts';
import { callApi } from '../../stores/api-client.ts';
import { Dialog } from '../forms/dialog.tsx';
import { Field } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { MunicipalityAccounts, type Municipality } from './municipality-accounts.tsx';

/** The wire shape of `GET /api/operator/municipalities` (services/municipality-search.ts). */
interface MunicipalityPage {
  municipalities: Municipality[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * Issues 22 and 55: municipalities by name, gkz, district or state as a table, a page at a time
 * with the total, sortable; one opened shows its addresses (allow, disallow, log out, disable)
 * and leads to its quotas.
 */
export function AccountsPanel({ onChange, onQuotas }: { onChange: () => void; onQuotas: (gkz: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  /** The text last searched for: paging, sorting and the refresh after an action keep to it. */
  const searched = useRef('');
  /** Only the answer to the latest request is shown (a quick sort or page turn can overtake one). */
  const latest = useRef(0);
  const [sort, setSort] = useState<MunicipalitySort>('name');
  const [found, setFound] = useState<MunicipalityPage | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [disabling, setDisabling] = useState<string | null>(null);
  const [disallowing, setDisallowing] = useState<{ of: Municipality; email: string } | null>(null);
  /** The page asked for (the one shown when none is), in the order chosen; a single municipality found opens. */
  const search = async (page = found?.page ?? 1, by = sort) => {
    const asked = (latest.current += 1);
    const answer = await callApi<MunicipalityPage>('operator/municipalities', {
      query: { q: searched.current, sort: by, page: String(page) },
    });
    if (asked !== latest.current) return;
    setFound(answer);
    if (answer.total === 1) setOpened(answer.municipalities[0]?.gkz ?? null);
  };
  const pages = found ? Math.max(1, Math.ceil(found.total / found.per_page)) : 1;
  const shown = found?.municipalities.find((m) => m.gkz === opened);
  const turn = (page: number) => {
    setMessage('');
    search(page).catch((error: unknown) => setMessage(messageOf(error, t)));
  };
  /** Where the keyboard goes once the page is shown: the other page button at the list's end, an opened municipality. */
  const focusNext = useRef<'pager' | 'opened' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'opened') document.getElementById('municipality-opened-heading')?.focus();
    const active = document.activeElement;
    if (target === 'pager' && (active === document.body || (active instanceof HTMLButtonElement && active.disabled)))
      document.querySelector<HTMLButtonElement>('.municipality-pages button:not(:disabled)')?.focus();
  }, [found, opened]);
  /** Every action says what it did (or why not) in the status line, and the list and the log follow. */
  const act = async <T,>(path: string, fields: Record<string, string>, done: (answer: T) => string) => {
    setMessage('');
    try {
      setMessage(done(await callApi<T>(path, { fields })));
      onChange();
      await search();
      return true;
    } catch (error) {
      setMessage(messageOf(error, t));
      return false;
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searched.current = query;
    setOpened(null);
    turn(1);
  };
  const disallow = () => {
    if (!disallowing) return;
    const { of, email } = disallowing;
    setDisallowing(null);
    void act('operator/disallow_email', { gkz: of.gkz, email }, () =>
      t('operator.accounts.disallowed', { email }),
    ).then(
      // The address's row is gone with its buttons: the keyboard goes on at the field for a new address.
      (done) => done && document.getElementById(`allow-${of.gkz}`)?.focus(),
    );
  };
  const disable = (email: string) => {
    setDisabling(null);
    void act('operator/disable_user', { email }, (answer: { sessions_ended: number }) =>
      t('operator.accounts.disabledDone', { email, count: answer.sessions_ended }),
    );
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
                    <th scope="col">{t('operator.quotas.heading')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.municipalities.map((m) => (
                    <tr key={m.gkz}>
                      <th scope="row">
                        <button
                          type="button"
                          className="button-link"
                          aria-expanded={opened === m.gkz}
                          aria-controls="municipality-opened"
                          onClick={() => {
                            focusNext.current = opened === m.gkz ? null : 'opened';
                            setOpened(opened === m.gkz ? null : m.gkz);
                          }}
                        >
                          {m.name}
                        </button>
                      </th>
                      <td>{m.gkz}</td>
                      <td>{districtNameOf(m.district)}</td>
                      <td>{stateNameOf(m.state_code, t)}</td>
                      <td className="figure">{m.allowed.length}</td>
                      <td>
                        <button
                          type="button"
                          className="button-link"
                          aria-label={`${t('operator.quotas.heading')}: ${m.name}`}
                          onClick={() => onQuotas(m.gkz)}
                        >
                          {t('operator.quotas.heading')}
                        </button>
                      </td>
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
      <div id="municipality-opened">
        {shown && (
          <ul className="operator-list">
            <MunicipalityAccounts
              municipality={shown}
              actions={{
                allow: (of, email) =>
                  act('operator/allow_email', { gkz: of.gkz, email }, () =>
                    t('operator.accounts.allowed', { email, name: of.name }),
                  ),
                disallow: (of, email) => setDisallowing({ of, email }),
                endSessions: (email) =>
                  void act('operator/end_sessions', { email }, () => t('operator.accounts.loggedOut', { email })),
                disable: setDisabling,
              }}
            />
          </ul>
        )}
      </div>
      <p role="status">{message}</p>
      <Dialog
        open={disabling !== null}
        title={t('operator.accounts.disableTitle', { email: disabling ?? '' })}
        onCancel={() => setDisabling(null)}
        actions={[
          { label: t('operator.accounts.disableConfirm'), onClick: () => disable(disabling ?? ''), danger: true },
          { label: t('dialog.cancel'), onClick: () => setDisabling(null), primary: true },
        ]}
      >
        <p>{t('operator.accounts.disableText', { email: disabling ?? '' })}</p>
      </Dialog>
      <Dialog
        open={disallowing !== null}
        title={t('operator.accounts.disallowTitle', { email: disallowing?.email ?? '' })}
        onCancel={() => setDisallowing(null)}
        actions={[
          { label: t('operator.accounts.disallowConfirm'), onClick: disallow, danger: true },
          { label: t('dialog.cancel'), onClick: () => setDisallowing(null), primary: true },
        ]}
      >
        <p>{t('operator.accounts.disallowText')}</p>
      </Dialog>
    </section>
  );
}
