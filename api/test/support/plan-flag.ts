import type { PlanFlag } from '@atendo/domain';
import { sql } from './sql.js';

/**
 * Runs `fn` with the company moved to a new plan that lacks `flag`, then puts the company back
 * on its plan (whatever `fn` did).
 */
export async function withoutPlanFlag(
  databaseUrl: string,
  companyId: number,
  flag: PlanFlag,
  fn: () => Promise<void>,
): Promise<void> {
  const [plan] = await sql<{ id: number }>(
    databaseUrl,
    `INSERT INTO plans (name, amount, "${flag}") VALUES ($1, 0, false) RETURNING id`,
    [`Sem ${flag} ${companyId}-${Date.now()}`],
  );
  const [company] = await sql<{ planId: number }>(
    databaseUrl,
    'SELECT "planId" FROM companies WHERE id = $1',
    [companyId],
  );
  await sql(databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [plan!.id, companyId]);
  try {
    await fn();
  } finally {
    await sql(databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
      company!.planId,
      companyId,
    ]);
  }
}
