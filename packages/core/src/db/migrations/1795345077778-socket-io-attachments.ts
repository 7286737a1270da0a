import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The table the Socket.IO PostgreSQL adapter uses for payloads over NOTIFY's 8000-byte limit. */
export class SocketIoAttachments1795345077778 implements MigrationInterface {
  name = 'SocketIoAttachments1795345077778';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "socket_io_attachments" (
      "id" bigserial UNIQUE,
      "created_at" timestamptz DEFAULT now(),
      "payload" bytea
    )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "socket_io_attachments"`);
  }
}
