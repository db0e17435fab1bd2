import type { Queryable } from '../database.ts';

/** Whether the user has logged in from `network` since `since`. */
export async function isKnownNetwork(db: Queryable, userId: string, network: string, since: Date): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM login_networks WHERE user_id = $1 AND network = $2 AND last_login_at > $3',
    [userId, network, since],
  );
  return rows.length > 0;
}

export async function rememberNetwork(db: Queryable, userId: string, network: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO login_networks (user_id, network, last_login_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, network) DO UPDATE SET last_login_at = excluded.last_login_at`,
    [userId, network, now],
  );
}

/** Every network of the user but `keep`. */
export async function forgetOtherNetworks(db: Queryable, userId: string, keep: string): Promise<void> {
  await db.query('DELETE FROM login_networks WHERE user_id = $1 AND network <> $2', [userId, keep]);
}
