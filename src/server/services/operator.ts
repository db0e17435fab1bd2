import { emailSchema } from '../../lib/account.ts';
import type { Database, Queryable } from '../db/database.ts';
import { allowEmail } from '../db/queries/allowed-emails.ts';
import {
  grantOperator,
  insertOperatorAction,
  listOperatorActions,
  type OperatorAction,
  type OperatorActionRow,
} from '../db/queries/operator-actions.ts';
import { listMunicipalities } from '../db/queries/places.ts';
import { QUOTA_COLUMNS, type QuotaName, type Quotas } from '../../lib/operator.ts';
import { readQuotas, setQuota } from '../db/queries/quotas.ts';
import { disableUser, disallowEmail, endSessionsOf, moveUser } from '../db/queries/revocation.ts';
import { shown } from './operator-text.ts';
import { previewMasterData, type MasterDataPreview } from './master-data-preview.ts';
import { searchMunicipalities } from './municipality-search.ts';
import { OperatorRefusal } from './operator-refusal.ts';

/** One line of an allow list: the municipality, the address, and its line in the file (0: typed). */
export interface AllowedLine {
  gkz: string;
  email: string;
  line: number;
}

/**
 * The provider's operations (issue 22), one service behind the command line and the console: each
 * runs in one transaction with its audit-log entry. `actor` is the operator's address, or
 * "command line (<OS user>)".
 */
export function createOperatorService({
  db,
  clock,
  onChange = () => {},
}: {
  db: Database;
  clock: () => Date;
  /** Called after a change the public content shows (master data), as the market service does. */
  onChange?: () => void;
}) {
  const audited = <T>(
    actor: string,
    action: string,
    target: { gkz?: string | null; email?: string | null },
    work: (tx: Queryable) => Promise<{ result: T; details?: Record<string, unknown> }>,
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const { result, details = {} } = await work(tx);
      const entry: OperatorAction = {
        at: clock(),
        actor,
        action,
        gkz: target.gkz ?? null,
        email: target.email ?? null,
        details,
      };
      await insertOperatorAction(tx, entry);
      return result;
    });

  const address = (text: string): string => {
    const parsed = emailSchema.safeParse(text);
    if (!parsed.success)
      throw new OperatorRefusal('invalid_email', `"${text}" is not a valid e-mail address.`, {
        email: 'invalid_email',
      });
    return parsed.data;
  };

  return {
    /** Checks every line first and writes all or nothing, so a typo never half-imports a list. */
    async allowEmails(actor: string, lines: readonly AllowedLine[]): Promise<{ gkz: string; email: string }[]> {
      if (lines.length === 0) throw new OperatorRefusal('required_fields', 'No addresses given.');
      const known = new Set((await listMunicipalities(db)).map((row) => row.gkz));
      const problems: string[] = [];
      const fields: Record<string, 'invalid_email' | 'not_a_municipality'> = {};
      const valid = lines.flatMap(({ gkz, email, line }) => {
        const where = line ? `line ${line}: ` : '';
        const field = (name: string) => (line ? `lines.${line}.${name}` : name);
        const parsed = emailSchema.safeParse(email);
        if (!parsed.success) {
          problems.push(`${where}${shown(email)} is not a valid e-mail address`);
          fields[field('email')] = 'invalid_email';
        } else if (!known.has(gkz)) {
          problems.push(`${where}${shown(gkz)} is not a municipality code (gkz) on file`);
          fields[field('gkz')] = 'not_a_municipality';
        }
        return parsed.success && known.has(gkz) ? [{ gkz, email: parsed.data }] : [];
      });
      if (problems.length > 0) {
        const [first] = Object.values(fields);
        throw new OperatorRefusal(first ?? 'invalid_request', `Nothing imported:\n  ${problems.join('\n  ')}`, fields);
      }
      const single = valid.length === 1 ? valid[0]! : null;
      return audited(actor, 'allow_email', { gkz: single?.gkz ?? null, email: single?.email ?? null }, async (tx) => {
        for (const { gkz, email } of valid) {
          await allowEmail(tx, email, gkz);
          await moveUser(tx, email, gkz);
        }
        return { result: valid, details: single ? {} : { addresses: valid } };
      });
    },

    /** Issue 15, M8: the address's user is out at the next request; answers the sessions ended. */
    async disallowEmail(actor: string, gkz: string, email: string): Promise<number> {
      const normalised = address(email);
      return audited(actor, 'disallow_email', { gkz, email: normalised }, async (tx) => {
        if (!(await disallowEmail(tx, gkz, normalised)))
          throw new OperatorRefusal('address_not_allowed', `${normalised} is not allowed for ${gkz}.`);
        const ended = await endSessionsOf(tx, normalised);
        return { result: ended, details: { sessions_ended: ended } };
      });
    },

    async disableUser(actor: string, email: string): Promise<number> {
      const normalised = address(email);
      return audited(actor, 'disable_user', { email: normalised }, async (tx) => {
        if (!(await disableUser(tx, normalised))) throw new OperatorRefusal('user_not_found', `No user ${normalised}.`);
        const ended = await endSessionsOf(tx, normalised);
        return { result: ended, details: { sessions_ended: ended } };
      });
    },

    async endSessions(actor: string, email: string): Promise<number> {
      const normalised = address(email);
      return audited(actor, 'end_sessions', { email: normalised }, async (tx) => {
        const ended = await endSessionsOf(tx, normalised);
        return { result: ended, details: { sessions_ended: ended } };
      });
    },

    async quotas(gkz: string): Promise<Quotas> {
      const quotas = await readQuotas(db, gkz);
      if (!quotas) throw notAMunicipality(gkz);
      return quotas;
    },

    /** Issue 15, M6: raises (or lowers) one of a municipality's limits. */
    async setQuota(actor: string, gkz: string, name: string, value: string | number): Promise<Quotas> {
      if (!Object.hasOwn(QUOTA_COLUMNS, name))
        throw new OperatorRefusal(
          'invalid_request',
          `"${name}" is not a quota: markets, dates-per-market, dates or photo-megabytes.`,
          {
            name: 'invalid_request',
          },
        );
      if (!/^[1-9]\d{0,8}$/.test(String(value)))
        throw new OperatorRefusal('invalid_number', `"${value}" is not a whole number above 0.`, {
          value: 'invalid_number',
        });
      return audited(actor, 'set_quota', { gkz }, async (tx) => {
        const before = await readQuotas(tx, gkz);
        if (!before || !(await setQuota(tx, gkz, name as QuotaName, Number(value)))) throw notAMunicipality(gkz);
        const column = QUOTA_COLUMNS[name as QuotaName];
        return {
          result: (await readQuotas(tx, gkz))!,
          details: { quota: name, from: before[column], to: Number(value) },
        };
      });
    },

    /** What importing these lists would change, without changing anything (the console's preview). */
    async previewMasterData(municipalitiesCsv: string, districtsCsv: string): Promise<MasterDataPreview> {
      return previewMasterData(db, municipalitiesCsv, districtsCsv, { apply: false });
    },

    async importMasterData(actor: string, municipalitiesCsv: string, districtsCsv: string): Promise<MasterDataPreview> {
      const preview = await audited(actor, 'import_master_data', {}, async (tx) => {
        const result = await previewMasterData(tx, municipalitiesCsv, districtsCsv, { apply: true });
        return { result, details: { counts: result.counts, changes: result.changes.length } };
      });
      onChange();
      return preview;
    },

    /** Issue 22: grants the console to a registered user whose address is confirmed. */
    async makeOperator(actor: string, email: string): Promise<void> {
      const normalised = address(email);
      await audited(actor, 'make_operator', { email: normalised }, async (tx) => {
        const outcome = await grantOperator(tx, normalised, clock());
        if (outcome === 'no_user')
          throw new OperatorRefusal('user_not_found', `No user ${normalised}: they register first.`);
        if (outcome === 'unconfirmed')
          throw new OperatorRefusal(
            'user_not_confirmed',
            `${normalised} has not confirmed their address yet: they click the link in the mail first.`,
          );
        return { result: undefined };
      });
    },

    searchMunicipalities: (query: Parameters<typeof searchMunicipalities>[1]) => searchMunicipalities(db, query),
    /** Newest first, `limit` a page; `next` is the `before` of the page below, null at the oldest entry. */
    async auditLog(
      limit = 100,
      before: number | null = null,
    ): Promise<{ actions: OperatorActionRow[]; next: number | null }> {
      // One more than asked says whether an older page exists, without counting the log.
      const rows = await listOperatorActions(db, limit + 1, before);
      const actions = rows.slice(0, limit);
      return { actions, next: rows.length > limit ? actions.at(-1)!.id : null };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

const notAMunicipality = (gkz: string) =>
  new OperatorRefusal('not_a_municipality', `"${gkz}" is not a municipality code (gkz) on file.`, {
    gkz: 'not_a_municipality',
  });
