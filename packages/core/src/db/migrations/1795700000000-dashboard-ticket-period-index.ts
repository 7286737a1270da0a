import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tickets by company and creation time: the dashboard's leads (contacts whose only ticket was
 * opened in a period) and /dashboard/moments read a period of a company's tickets; without
 * it both scanned every ticket of the company (EXPLAIN at 100,000 tickets: a sequential scan
 * and a hash anti-join over the whole table for a 30-day period).
 */
export class DashboardTicketPeriodIndex1795700000000 implements MigrationInterface {
  name = 'DashboardTicketPeriodIndex1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_7073f13599d0b5ca032f0f522e" ON "tickets" ("companyId", "createdAt") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_7073f13599d0b5ca032f0f522e"`);
  }
}
