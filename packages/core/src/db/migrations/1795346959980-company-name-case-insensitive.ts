import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Company names are unique whatever their case (the api checks; this closes the race). */
export class CompanyNameCaseInsensitive1795346959980 implements MigrationInterface {
  name = 'CompanyNameCaseInsensitive1795346959980';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX "UQ_companies_name_lower" ON "companies" (lower("name"))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_companies_name_lower"`);
  }
}
