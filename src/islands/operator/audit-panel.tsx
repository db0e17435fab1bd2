import { useEffect, useState } from 'react';
import { callApi } from '../../stores/api-client.ts';
import { useTranslation } from '../i18n.tsx';

interface Action {
  id: number;
  at: string;
  actor: string;
  action: string;
  gkz: string | null;
  email: string | null;
}

/** Issue 22: who did what, when — the last 100 operator actions, from the console and the command line. */
export function AuditPanel({ revision }: { revision: number }) {
  const { t } = useTranslation();
  const [actions, setActions] = useState<Action[]>([]);
  useEffect(() => {
    callApi<{ actions: Action[] }>('operator/audit')
      .then((answer) => setActions(answer.actions))
      .catch(() => setActions([]));
  }, [revision]);
  return (
    <section aria-labelledby="audit-panel-heading">
      <h2 id="audit-panel-heading">{t('operator.audit.heading')}</h2>
      <ul className="operator-list">
        {actions.map((a) => (
          <li key={a.id}>
            <time dateTime={a.at}>{a.at.replace('T', ' ').slice(0, 16)}</time> {a.actor}: {a.action}
            {a.gkz ? ` ${a.gkz}` : ''}
            {a.email ? ` ${a.email}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
