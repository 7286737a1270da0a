import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scheduled-message process (issue 9): a schedule remembers where its recurrence counts
 * from (the anchor the user chose and the occurrence sendAt is) and the messages its last send
 * stored but the channel has not taken yet, so a retried send resends exactly those.
 */
export class ScheduleRecurrence1796300000000 implements MigrationInterface {
  name = 'ScheduleRecurrence1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "scheduled_messages" ADD "recurrenceAnchorAt" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "scheduled_messages" ADD "recurrenceIndex" integer NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "scheduled_messages" ADD "pendingMessageIds" integer array`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scheduled_messages" DROP COLUMN "pendingMessageIds"`);
    await queryRunner.query(`ALTER TABLE "scheduled_messages" DROP COLUMN "recurrenceIndex"`);
    await queryRunner.query(`ALTER TABLE "scheduled_messages" DROP COLUMN "recurrenceAnchorAt"`);
  }
}
