import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRls } from './1796700000000-tenant-rls-initplan.js';

/**
 * The ticket list's tab totals without counting tickets (bench:tickets: 2 ms of the open tab's
 * 4.7 ms of database CPU went to count(*) over 5,000 index entries; a closed tab of 90,000 took
 * far more). `ticket_counts` holds signed deltas per (company, status, queue, owner, group)
 * under the same names as `tickets`, so the list's own visibility condition sums them.
 *
 * Writers only ever INSERT a delta, from triggers in the writing transaction: no row is shared
 * between two transactions, so nothing waits on a hot counter and nothing can deadlock, and the
 * sum is exactly count(*) in every snapshot. `compactTicketCounts` (api) folds a group's deltas
 * into one row now and then. NULL queue/owner are stored as NULL: the table has no unique key.
 */
export class TicketTabCounts1796900000000 implements MigrationInterface {
  name = 'TicketTabCounts1796900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ticket_counts" ("companyId" integer NOT NULL, "status" character varying NOT NULL,
         "queueId" integer, "userId" integer, "isGroup" boolean NOT NULL, "n" integer NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ticket_counts_tab" ON "ticket_counts"
         ("companyId", "status", "queueId", "userId", "isGroup") INCLUDE ("n")`,
    );
    await enableTenantRls(queryRunner, 'ticket_counts');
    // Inserts and deletes: one delta per group a statement touched (bulk closes, imports and
    // company deletions write a few rows, not one per ticket).
    await queryRunner.query(`
      CREATE FUNCTION atendo_ticket_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_counts ("companyId", status, "queueId", "userId", "isGroup", n)
        SELECT "companyId", status, "queueId", "userId", "isGroup",
               CASE TG_OP WHEN 'DELETE' THEN -count(*) ELSE count(*) END
          FROM changed GROUP BY 1, 2, 3, 4, 5;
        RETURN NULL;
      END $$`);
    // Updates: only when a counted column really changes (a new message's preview, unread count
    // and activity time do not fire it).
    await queryRunner.query(`
      CREATE FUNCTION atendo_ticket_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_counts ("companyId", status, "queueId", "userId", "isGroup", n)
        VALUES (OLD."companyId", OLD.status, OLD."queueId", OLD."userId", OLD."isGroup", -1),
               (NEW."companyId", NEW.status, NEW."queueId", NEW."userId", NEW."isGroup", 1);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER atendo_ticket_counts_insert AFTER INSERT ON tickets
         REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
         EXECUTE FUNCTION atendo_ticket_counts_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER atendo_ticket_counts_delete AFTER DELETE ON tickets
         REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
         EXECUTE FUNCTION atendo_ticket_counts_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER atendo_ticket_counts_update
         AFTER UPDATE OF "companyId", status, "queueId", "userId", "isGroup" ON tickets
         FOR EACH ROW WHEN (OLD."companyId" IS DISTINCT FROM NEW."companyId"
                         OR OLD.status IS DISTINCT FROM NEW.status
                         OR OLD."queueId" IS DISTINCT FROM NEW."queueId"
                         OR OLD."userId" IS DISTINCT FROM NEW."userId"
                         OR OLD."isGroup" IS DISTINCT FROM NEW."isGroup")
         EXECUTE FUNCTION atendo_ticket_counts_moved()`,
    );
    // Truncating tickets (no path of the product does) leaves no stale totals either.
    await queryRunner.query(`
      CREATE FUNCTION atendo_ticket_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM ticket_counts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER atendo_ticket_counts_truncate AFTER TRUNCATE ON tickets
         FOR EACH STATEMENT EXECUTE FUNCTION atendo_ticket_counts_truncated()`,
    );
    await queryRunner.query(
      `INSERT INTO ticket_counts ("companyId", status, "queueId", "userId", "isGroup", n)
       SELECT "companyId", status, "queueId", "userId", "isGroup", count(*)
         FROM tickets GROUP BY 1, 2, 3, 4, 5`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of ['insert', 'delete', 'update', 'truncate'])
      await queryRunner.query(`DROP TRIGGER atendo_ticket_counts_${t} ON tickets`);
    for (const f of ['changed', 'moved', 'truncated'])
      await queryRunner.query(`DROP FUNCTION atendo_ticket_counts_${f}()`);
    await queryRunner.query(`DROP TABLE "ticket_counts"`);
  }
}
