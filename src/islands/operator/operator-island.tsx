import { useState } from 'react';
import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { EditingArea } from '../editing-area/editing-area.tsx';
import { AccountsPanel } from './accounts-panel.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { CampaignPanel } from './campaign-panel.tsx';
import { MasterDataPanel } from './master-data-panel.tsx';
import { NightlyPanel } from './nightly-panel.tsx';
import { QuotasPanel } from './quotas-panel.tsx';

/** `/verwaltung`: the provider's console (issue 22), for operators; the API refuses anyone else. AppRoot writes the h1. */
export function OperatorIsland({ locale, messages, title }: { locale: Locale; messages: Messages; title: string }) {
  // Every change a panel makes lands in the audit log: the log reads again after it.
  const [revision, setRevision] = useState(0);
  const changed = () => setRevision((n) => n + 1);
  // A new object each time: asking again for the same municipality's quotas shows them again.
  const [quotasAsked, setQuotasAsked] = useState<{ gkz: string } | null>(null);
  return (
    <EditingArea locale={locale} messages={messages} title={title} withContent={false}>
      <CampaignPanel locale={locale} onChange={changed} />
      <AccountsPanel onChange={changed} onQuotas={(gkz) => setQuotasAsked({ gkz })} />
      <QuotasPanel locale={locale} asked={quotasAsked} onChange={changed} />
      <MasterDataPanel onChange={changed} />
      <NightlyPanel locale={locale} />
      <AuditPanel locale={locale} revision={revision} />
    </EditingArea>
  );
}
