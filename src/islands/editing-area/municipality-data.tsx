import { useStore } from '@nanostores/react';
import { useTranslation } from '../i18n.tsx';
import type { Account } from '../../lib/account.ts';
import { stateNameOf } from '../../lib/directory/names.ts';
import type { MessageKey } from '../../lib/translate.ts';
import { $account } from '../../stores/account.ts';
import { runtimeConfig } from '../../stores/runtime-config.ts';

type Municipality = Account['municipality'];
const SHOWN: readonly (keyof Municipality)[] = [
  'name',
  'postcode',
  'district',
  'state',
  'phone',
  'website',
  'instagram',
  'facebook',
  'youtube',
];
const LINKS: ReadonlySet<keyof Municipality> = new Set(['website', 'instagram', 'facebook', 'youtube']);

/**
 * The municipality's master data, read-only for its staff: the provider keeps it. A change is
 * asked for with a prepared mail to the provider's contact address.
 */
export function MunicipalityData() {
  const { t } = useTranslation();
  const account = useStore($account);
  if (!account) return null;
  const { municipality } = account;
  const labelOf = (key: keyof Municipality) => t(`municipality.${key}` as MessageKey);
  // Issue 19: the state in the user's language, as the directory names it.
  const valueOf = (key: keyof Municipality) =>
    key === 'state' ? stateNameOf(municipality.state_code, t) : String(municipality[key]);
  const current = SHOWN.map((key) => `${labelOf(key)}: ${valueOf(key) || '–'}`).join('\n');
  const mail = new URLSearchParams({
    subject: t('municipality.mailSubject', { municipality: municipality.name, gkz: municipality.gkz }),
    body: t('municipality.mailBody', { municipality: municipality.name, gkz: municipality.gkz, current }),
  });
  // mailto wants %20 for spaces; URLSearchParams writes "+".
  const href = `mailto:${runtimeConfig().contactEmail}?${mail.toString().replace(/\+/g, '%20')}`;

  return (
    <section aria-labelledby="municipality-heading" className="municipality-data">
      <h2 id="municipality-heading">{t('municipality.heading')}</h2>
      <dl>
        {SHOWN.map((key) => (
          <div key={key}>
            <dt>{labelOf(key)}</dt>
            <dd>
              {!municipality[key] ? (
                <span className="muted">{t('municipality.notGiven')}</span>
              ) : LINKS.has(key) ? (
                <a href={valueOf(key)} rel="noopener noreferrer">
                  {valueOf(key)}
                </a>
              ) : (
                valueOf(key)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p>
        {t('municipality.readOnly')} <a href={href}>{t('municipality.requestChange')}</a>
      </p>
    </section>
  );
}
