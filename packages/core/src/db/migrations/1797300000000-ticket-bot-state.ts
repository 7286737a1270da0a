import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a chatbot integration must remember between a ticket's turns besides its session id
 * (`typebotSessionId`): the choices of the Typebot question last asked, so that the customer's
 * "2" answers with the second choice.
 */
export class TicketBotState1797300000000 implements MigrationInterface {
  name = 'TicketBotState1797300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tickets" ADD "botState" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tickets" DROP COLUMN "botState"`);
  }
}
