import pg from 'pg';

/** One statement on TEST_DATABASE_URL's server as its admin (CREATE and DROP DATABASE), on a connection of its own. */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
