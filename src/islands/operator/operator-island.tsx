import { useState } from 'react';
import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { EditingArea } from '../editing-area/editing-area.tsx';
import { AccountsPanel } from './accounts-panel.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { CampaignPanel } from './campaign-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import { MasterDataPanel } from './master-data-panel.tsx';
import { NightlyPanel } from './nightly-panel.tsx';
import { OverviewPanel } from './overview-panel.tsx';
import { QuotasPanel } from './quotas-panel.tsx';

/** `/verwaltung`: the provider's console (issue 22), for operators; the API refuses anyone else. AppRoot writes the h1. */
export function OperatorIsland({ locale, messages, title }: { locale: Locale; messages: Messages; title: string }) {
  // Every change a panel makes lands in the audit log: the log reads again after it.
  const [revision, setRevision] = useState(0);
  const changed = () => setRevision((n) => n + 1);
  return (
    <EditingArea locale={locale} messages={messages} title={title} withContent={false}>
      <OverviewPanel locale={locale} revision={revision} />
      <CampaignPanel locale={locale} onChange={changed} />
      <AccountsPanel locale={locale} />
      <QuotasPanel locale={locale} onChange={changed} />
      <MasterDataPanel onChange={changed} />
      <ImportPanel locale={locale} onChange={changed} />
      <NightlyPanel locale={locale} />
      <AuditPanel locale={locale} revision={revision} />
    </EditingArea>
  );
}
