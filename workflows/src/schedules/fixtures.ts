// Test-only: rows a schedule test starts from, written with the owner role (no tenant scope).
import type { DataSource } from 'typeorm';

export interface ScheduleFixture {
  companyId: number;
  whatsappId: number | null;
  contactId: number;
  userId: number;
  queueId: number;
}

let seq = 0;

/**
 * A company in `timeZone` with (unless `noConnection`) a CONNECTED default connection, a
 * contact, an attendant named "Ana" and a queue.
 */
export async function seedScheduleCompany(
  ds: DataSource,
  o: { timeZone?: string; noConnection?: boolean } = {},
): Promise<ScheduleFixture> {
  seq++;
  const [company] = await ds.query(
    `INSERT INTO companies (name, timezone) VALUES ($1, $2) RETURNING id`,
    [`Schedule company ${seq}-${Date.now()}`, o.timeZone ?? 'America/Sao_Paulo'],
  );
  const companyId = Number(company.id);
  const [whatsapp] = o.noConnection
    ? [null]
    : await ds.query(
        `INSERT INTO whatsapps ("companyId", name, status, "isDefault")
         VALUES ($1, 'Main', 'CONNECTED', true) RETURNING id`,
        [companyId],
      );
  const [contact] = await ds.query(
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'Maria', $2) RETURNING id`,
    [companyId, `5511${String(900000000 + seq)}`],
  );
  const [user] = await ds.query(
    `INSERT INTO users ("companyId", name, email, "passwordHash", profile)
     VALUES ($1, 'Ana', $2, 'x', 'admin') RETURNING id`,
    [companyId, `ana${seq}-${Date.now()}@x.test`],
  );
  const [queue] = await ds.query(
    `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Vendas', '#00AA00') RETURNING id`,
    [companyId],
  );
  return {
    companyId,
    whatsappId: whatsapp ? Number(whatsapp.id) : null,
    contactId: Number(contact.id),
    userId: Number(user.id),
    queueId: Number(queue.id),
  };
}

/** A PENDENTE schedule of the fixture's contact, authored by its user. */
export async function createSchedule(
  ds: DataSource,
  f: ScheduleFixture,
  o: {
    sendAt: Date;
    body?: string;
    intervalo?: number;
    valorIntervalo?: number;
    enviarQuantasVezes?: number;
    tipoDias?: number;
    assinar?: boolean;
    openTicket?: 'enabled' | 'disabled';
    statusTicket?: string;
    ticketUserId?: number | null;
    queueId?: number | null;
  },
): Promise<number> {
  const [row] = await ds.query(
    `INSERT INTO scheduled_messages ("companyId", body, "contactId", "sendAt", "userId", intervalo,
        "valorIntervalo", "enviarQuantasVezes", "tipoDias", assinar, "openTicket", "statusTicket",
        "ticketUserId", "queueId", "recurrenceAnchorAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $4) RETURNING id`,
    [
      f.companyId,
      o.body ?? 'Lembrete da sua consulta',
      f.contactId,
      o.sendAt,
      f.userId,
      o.intervalo ?? 1,
      o.valorIntervalo ?? 0,
      o.enviarQuantasVezes ?? 1,
      o.tipoDias ?? 4,
      o.assinar ?? false,
      o.openTicket ?? 'disabled',
      o.statusTicket ?? 'closed',
      o.ticketUserId ?? null,
      o.queueId ?? null,
    ],
  );
  return Number(row.id);
}

export interface ScheduleRow {
  status: string;
  sentAt: Date | null;
  sentCount: number;
  lastError: string | null;
  ticketId: number | null;
  sendAt: Date;
  pendingMessageIds: number[] | null;
}

export async function scheduleRow(ds: DataSource, id: number): Promise<ScheduleRow> {
  const [row] = await ds.query(
    `SELECT status, "sentAt", "sentCount", "lastError", "ticketId", "sendAt", "pendingMessageIds"
       FROM scheduled_messages WHERE id = $1`,
    [id],
  );
  return row;
}
