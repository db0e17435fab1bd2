import { useEffect, useRef, useState } from 'react';
import { viennaTimeFormatter } from '../../lib/directory/format.ts';
import type { Locale } from '../../lib/languages.ts';
import { callApi } from '../../stores/api-client.ts';
import { messageOf } from '../forms/use-form.ts';
import { useTranslation } from '../i18n.tsx';

export interface Action {
  id: number;
  at: string;
  actor: string;
  action: string;
  gkz: string | null;
  email: string | null;
}
interface AuditPage {
  actions: Action[];
  next: number | null;
}

/** Entries a page: the latest fit on a screen; older ones come with "Ältere Einträge". */
const PAGE = 25;
/** The actions the services write (docs/decisions/0019); another is shown by its code. */
const KNOWN = new Set([
  'allow_email',
  'disallow_email',
  'disable_user',
  'end_sessions',
  'set_quota',
  'import_master_data',
  'make_operator',
  'open_campaign',
  'close_campaign',
  'send_reminders',
  'import_markets',
]);

/** An entry of the log in words, after its time: "Konsole (x@y): Kontingent geändert · 62219". */
export function useAuditWords(): (a: Action) => string {
  const { t } = useTranslation();
  /** The command line writes "command line (<OS user>)" (admin/commands.ts): said in the console's language. */
  const actorOf = (actor: string) => {
    const user = /^command line \((.*)\)$/.exec(actor)?.[1];
    return user === undefined ? actor : t('operator.audit.commandLine', { user });
  };
  return (a) =>
    `${actorOf(a.actor)}: ${
      KNOWN.has(a.action) ? t(`operator.audit.action.${a.action}` as 'operator.audit.action.set_quota') : a.action
    }${a.gkz ? ` · ${a.gkz}` : ''}${a.email ? ` · ${a.email}` : ''}`;
}

/** Issue 22: who did what, when — the operators' actions from the console and the command line, newest first. */
export function AuditPanel({ locale, revision }: { locale: Locale; revision: number }) {
  const { t } = useTranslation();
  const time = viennaTimeFormatter(locale);
  const words = useAuditWords();
  const [actions, setActions] = useState<Action[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  /** After "older entries", the focus goes to the first of them, so the reader goes on where the list grew. */
  const firstOlder = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const load = (before: number | null) =>
    callApi<AuditPage>('operator/audit', {
      query: { limit: String(PAGE), ...(before === null ? {} : { before: String(before) }) },
    });

  useEffect(() => {
    load(null)
      .then((page) => {
        setActions(page.actions);
        setNext(page.next);
      })
      .catch((error: unknown) => setMessage(messageOf(error, t)));
  }, [revision]);
  useEffect(() => {
    if (firstOlder.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-id="${firstOlder.current}"]`)?.focus();
    firstOlder.current = null;
  }, [actions]);
  const older = () => {
    if (next === null) return;
    setMessage('');
    load(next)
      .then((page) => {
        firstOlder.current = page.actions[0]?.id ?? null;
        setActions((shown) => [...shown, ...page.actions]);
        setNext(page.next);
      })
      .catch((error: unknown) => setMessage(messageOf(error, t)));
  };

  return (
    <section aria-labelledby="audit-panel-heading">
      <h2 id="audit-panel-heading">{t('operator.audit.heading')}</h2>
      {actions.length === 0 && !message && <p>{t('operator.audit.empty')}</p>}
      <ul className="operator-list" ref={list}>
        {actions.map((a) => (
          <li key={a.id} data-id={a.id} tabIndex={-1}>
            <time dateTime={a.at}>{time(a.at)}</time> · {words(a)}
          </li>
        ))}
      </ul>
      {next !== null && (
        <p className="form-actions">
          <button type="button" className="button-secondary" onClick={older}>
            {t('operator.audit.older')}
          </button>
        </p>
      )}
      <p role="status">{message}</p>
    </section>
  );
}
