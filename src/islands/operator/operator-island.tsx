import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { EditingArea } from '../editing-area/editing-area.tsx';
import { AccountsPanel } from './accounts-panel.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { CampaignPanel } from './campaign-panel.tsx';

/** `/verwaltung`: the provider's console (issue 22), for operators; the API refuses anyone else. */
export function OperatorIsland({ locale, messages, title }: { locale: Locale; messages: Messages; title: string }) {
  return (
    <EditingArea locale={locale} messages={messages} title={title}>
      <h1>{title}</h1>
      <CampaignPanel />
      <AccountsPanel />
      <AuditPanel revision={0} />
    </EditingArea>
  );
}
