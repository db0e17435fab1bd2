import { useState, type FormEvent } from 'react';
import { callApi } from '../../stores/api-client.ts';
import { Dialog } from '../forms/dialog.tsx';
import { Field } from '../forms/field.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { MunicipalityAccounts, type Municipality } from './municipality-accounts.tsx';

/** Issue 22: municipalities by name, gkz, district or state, with their addresses; allow, disallow, log out, disable. */
export function AccountsPanel({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Municipality[] | null>(null);
  const [message, setMessage] = useState('');
  const [disabling, setDisabling] = useState<string | null>(null);
  const [disallowing, setDisallowing] = useState<{ of: Municipality; email: string } | null>(null);
  const search = async () => {
    const answer = await callApi<{ municipalities: Municipality[] }>('operator/municipalities', {
      query: { q: query },
    });
    setFound(answer.municipalities);
  };
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
    search().catch((error: unknown) => setMessage(messageOf(error, t)));
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
      {found && found.length === 0 && <p>{t('operator.accounts.none')}</p>}
      <ul className="operator-list">
        {(found ?? []).map((m) => (
          <MunicipalityAccounts
            key={m.gkz}
            municipality={m}
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
        ))}
      </ul>
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
