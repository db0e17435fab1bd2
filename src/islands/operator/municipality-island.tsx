import { useState } from 'react';
import { districtNameOf, stateNameOf } from '../../lib/directory/names.ts';
import { localizedPath, type Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { callApi } from '../../stores/api-client.ts';
import { EditingArea } from '../editing-area/editing-area.tsx';
import { Dialog } from '../forms/dialog.tsx';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';
import { MunicipalityAccounts, type Municipality } from './municipality-accounts.tsx';
import { QuotasPanel } from './quotas-panel.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  title: string;
  /** As the page read it (`GET /api/operator/municipalities`): shown at once, read again after each change. */
  municipality: Municipality;
}

/** `/verwaltung/gemeinde/<gkz>` (issue 55): one municipality's addresses, their users and its quotas. */
export function MunicipalityIsland({ locale, messages, title, municipality }: Props) {
  return (
    <EditingArea locale={locale} messages={messages} title={title} withContent={false}>
      <MunicipalityDesk locale={locale} initial={municipality} />
    </EditingArea>
  );
}

function MunicipalityDesk({ locale, initial }: { locale: Locale; initial: Municipality }) {
  const { t } = useTranslation();
  const [m, setMunicipality] = useState(initial);
  const [message, setMessage] = useState('');
  const [disabling, setDisabling] = useState<string | null>(null);
  const [disallowing, setDisallowing] = useState<string | null>(null);
  const reload = async () => {
    const answer = await callApi<{ municipalities: Municipality[] }>('operator/municipalities', {
      query: { q: m.gkz, per_page: '1' },
    });
    const found = answer.municipalities.find((candidate) => candidate.gkz === m.gkz);
    if (found) setMunicipality(found);
  };
  /** Every action says what it did (or why not) in the status line, and the addresses follow. */
  const act = async <T,>(path: string, fields: Record<string, string>, done: (answer: T) => string) => {
    setMessage('');
    try {
      setMessage(done(await callApi<T>(path, { fields })));
      await reload();
      return true;
    } catch (error) {
      setMessage(messageOf(error, t));
      return false;
    }
  };
  const disallow = () => {
    const email = disallowing ?? '';
    setDisallowing(null);
    void act('operator/disallow_email', { gkz: m.gkz, email }, () => t('operator.accounts.disallowed', { email })).then(
      // The address's row is gone with its buttons: the keyboard goes on at the field for a new address.
      (done) => done && document.getElementById(`allow-${m.gkz}`)?.focus(),
    );
  };
  const disable = () => {
    const email = disabling ?? '';
    setDisabling(null);
    void act('operator/disable_user', { email }, (answer: { sessions_ended: number }) =>
      t('operator.accounts.disabledDone', { email, count: answer.sessions_ended }),
    );
  };

  return (
    <>
      <p>
        {districtNameOf(m.district)}, {stateNameOf(m.state_code, t)} ·{' '}
        <a href={localizedPath('/verwaltung', locale)}>{t('operator.municipality.back')}</a>
      </p>
      <section aria-labelledby="addresses-heading">
        <h2 id="addresses-heading">{t('operator.municipality.addresses')}</h2>
        <MunicipalityAccounts
          municipality={m}
          actions={{
            allow: (of, email) =>
              act('operator/allow_email', { gkz: of.gkz, email }, () =>
                t('operator.accounts.allowed', { email, name: of.name }),
              ),
            disallow: (_, email) => setDisallowing(email),
            endSessions: (email) =>
              void act('operator/end_sessions', { email }, () => t('operator.accounts.loggedOut', { email })),
            disable: setDisabling,
          }}
        />
        <p role="status">{message}</p>
      </section>
      <QuotasPanel locale={locale} gkz={m.gkz} onChange={() => {}} />
      <Dialog
        open={disabling !== null}
        title={t('operator.accounts.disableTitle', { email: disabling ?? '' })}
        onCancel={() => setDisabling(null)}
        actions={[
          { label: t('operator.accounts.disableConfirm'), onClick: disable, danger: true },
          { label: t('dialog.cancel'), onClick: () => setDisabling(null), primary: true },
        ]}
      >
        <p>{t('operator.accounts.disableText', { email: disabling ?? '' })}</p>
      </Dialog>
      <Dialog
        open={disallowing !== null}
        title={t('operator.accounts.disallowTitle', { email: disallowing ?? '' })}
        onCancel={() => setDisallowing(null)}
        actions={[
          { label: t('operator.accounts.disallowConfirm'), onClick: disallow, danger: true },
          { label: t('dialog.cancel'), onClick: () => setDisallowing(null), primary: true },
        ]}
      >
        <p>{t('operator.accounts.disallowText')}</p>
      </Dialog>
    </>
  );
}
