import { useState, type FormEvent } from 'react';
import { callApi } from '../../stores/api-client.ts';
import { Field } from '../forms/field.tsx';
import { useTranslation } from '../i18n.tsx';

interface Municipality {
  gkz: string;
  name: string;
  district: string;
  state: string;
  allowed: { email: string; user: { confirmed: boolean; disabled: boolean; language: string } | null }[];
}

/** Issue 22: municipalities by name, gkz, district or state, with their addresses; allow, disallow, log out. */
export function AccountsPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Municipality[] | null>(null);
  const [message, setMessage] = useState('');
  const search = async () => {
    const answer = await callApi<{ municipalities: Municipality[] }>('operator/municipalities', {
      query: { q: query },
    });
    setFound(answer.municipalities);
  };
  const act = async (path: string, fields: Record<string, string>, done: string) => {
    setMessage('');
    try {
      await callApi(path, { fields });
      setMessage(done);
      await search();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search().catch((error: unknown) => setMessage(error instanceof Error ? error.message : String(error)));
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
      {found && found.length === 0 && <p>{t('operator.accounts.none')}</p>}
      <ul className="operator-list">
        {(found ?? []).map((m) => (
          <li key={m.gkz}>
            <h3>
              {m.gkz} {m.name}
            </h3>
            <p className="muted">
              {m.district}, {m.state}
            </p>
            <ul>
              {m.allowed.map(({ email, user }) => (
                <li key={email}>
                  {email}{' '}
                  <span className="badge">
                    {user
                      ? t(
                          user.disabled
                            ? 'operator.accounts.disabled'
                            : user.confirmed
                              ? 'operator.accounts.active'
                              : 'operator.accounts.unconfirmed',
                        )
                      : t('operator.accounts.noUser')}
                  </span>{' '}
                  <button
                    type="button"
                    className="button-link"
                    onClick={() =>
                      void act(
                        'operator/disallow_email',
                        { gkz: m.gkz, email },
                        t('operator.accounts.disallowed', { email }),
                      )
                    }
                  >
                    {t('operator.accounts.disallow', { email })}
                  </button>{' '}
                  {user && (
                    <button
                      type="button"
                      className="button-link"
                      onClick={() =>
                        void act('operator/end_sessions', { email }, t('operator.accounts.loggedOut', { email }))
                      }
                    >
                      {t('operator.accounts.endSessions', { email })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p role="status">{message}</p>
    </section>
  );
}
