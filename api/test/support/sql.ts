import pg from 'pg';

/** Runs one SQL statement against a test database (to check what the api really stored). */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Every row a company owns in the admin tables, for before/after comparisons. */
export async function companySnapshot(url: string, companyId: number) {
  const [company] = await sql(
    url,
    `SELECT id, name, email, phone, "planId", status, "dueDate"::text, recurrence, document, schedules
       FROM companies WHERE id = $1`,
    [companyId],
  );
  const users = await sql(
    url,
    `SELECT id, name, email, "passwordHash", profile, super, "startWork", "endWork", "profileImage",
            "defaultTicketsManagerWidth", "allowConnections", "companyId"
       FROM users WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );
  const settings = await sql(
    url,
    `SELECT key, value FROM settings WHERE "companyId" = $1 ORDER BY key`,
    [companyId],
  );
  const queues = await sql(
    url,
    `SELECT id, name, color FROM queues WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );
  const userQueues = await sql(
    url,
    `SELECT "userId", "queueId" FROM user_queues WHERE "companyId" = $1 ORDER BY "userId", "queueId"`,
    [companyId],
  );
  return { company, users, settings, queues, userQueues };
}
