import { useState, type FormEvent } from 'react';
import { Field } from '../forms/field.tsx';
import { useTranslation } from '../i18n.tsx';

export interface Municipality {
  gkz: string;
  name: string;
  district: string;
  state_code: number;
  allowed: { email: string; user: { confirmed: boolean; disabled: boolean; language: string } | null }[];
}

interface Actions {
  allow: (m: Municipality, email: string) => Promise<boolean>;
  disallow: (m: Municipality, email: string) => void;
  endSessions: (email: string) => void;
  /** Asks first: disabling cannot be undone from the console. */
  disable: (email: string) => void;
}

const START = { textAlign: 'start' } as const;

/** A municipality's allowed addresses, their users, and what an operator may do (its page, issue 55). */
export function MunicipalityAccounts({ municipality: m, actions }: { municipality: Municipality; actions: Actions }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const allow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void actions.allow(m, email.trim()).then((allowed) => allowed && setEmail(''));
  };
  const status = (user: Municipality['allowed'][number]['user']) =>
    user
      ? t(
          user.disabled
            ? 'operator.accounts.disabled'
            : user.confirmed
              ? 'operator.accounts.active'
              : 'operator.accounts.unconfirmed',
        )
      : t('operator.accounts.noUser');

  return (
    <>
      {m.allowed.length === 0 && <p>{t('operator.municipality.noAddress')}</p>}
      <ul className="operator-list">
        {m.allowed.map(({ email: address, user }) => (
          <li key={address}>
            {address} <span className="badge">{status(user)}</span>
            {/* On a phone the actions wrap as a row of links, each starting at the left, not centred. */}
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem' }}>
              <button type="button" className="button-link" style={START} onClick={() => actions.disallow(m, address)}>
                {t('operator.accounts.disallow', { email: address })}
              </button>
              {user && (
                <button
                  type="button"
                  className="button-link"
                  style={START}
                  onClick={() => actions.endSessions(address)}
                >
                  {t('operator.accounts.endSessions', { email: address })}
                </button>
              )}
              {user && !user.disabled && (
                <button type="button" className="button-link" style={START} onClick={() => actions.disable(address)}>
                  {t('operator.accounts.disable', { email: address })}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={allow} className="operator-form">
        <Field
          id={`allow-${m.gkz}`}
          name="email"
          type="email"
          autoComplete="off"
          label={t('operator.accounts.allowLabel', { name: m.name })}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => {}}
        />
        <button type="submit">{t('operator.accounts.allow')}</button>
      </form>
    </>
  );
}
