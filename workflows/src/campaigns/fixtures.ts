// Test-only: rows a campaign test starts from, written with the owner role (no tenant scope).
import type { DataSource } from 'typeorm';

export interface CampaignFixture {
  companyId: number;
  whatsappId: number;
  contactListId: number;
}

let seq = 0;

/** A company in `timeZone` with a CONNECTED connection and a list of `recipients` valid numbers. */
export async function seedCompany(
  ds: DataSource,
  o: { timeZone?: string; recipients: number; dailyLimit?: number | null },
): Promise<CampaignFixture> {
  seq++;
  const [company] = await ds.query(
    `INSERT INTO companies (name, timezone) VALUES ($1, $2) RETURNING id`,
    [`Campaign company ${seq}-${Date.now()}`, o.timeZone ?? 'America/Sao_Paulo'],
  );
  const companyId = Number(company.id);
  const [whatsapp] = await ds.query(
    `INSERT INTO whatsapps ("companyId", name, status, "campaignDailyLimit")
     VALUES ($1, 'Main', 'CONNECTED', $2) RETURNING id`,
    [companyId, o.dailyLimit ?? null],
  );
  const [list] = await ds.query(
    `INSERT INTO contact_lists ("companyId", name) VALUES ($1, 'Clientes') RETURNING id`,
    [companyId],
  );
  const contactListId = Number(list.id);
  await ds.query(
    `INSERT INTO contact_list_items ("companyId", "contactListId", name, number, email, "isWhatsappValid")
     SELECT $1, $2, 'Cliente ' || n, '55' || $3::text || lpad(n::text, 7, '0'), 'c' || n || '@x.test', true
       FROM generate_series(1, $4::int) n`,
    [companyId, contactListId, String(10 + (seq % 80)), o.recipients],
  );
  // One invalid number that must never be sent to.
  await ds.query(
    `INSERT INTO contact_list_items ("companyId", "contactListId", name, number, "isWhatsappValid")
     VALUES ($1, $2, 'Inválido', '5500000000000', false)`,
    [companyId, contactListId],
  );
  return { companyId, whatsappId: Number(whatsapp.id), contactListId };
}

/** Saves campaign settings of the company (values as the settings page stores them: JSON). */
export async function saveSettings(
  ds: DataSource,
  companyId: number,
  settings: Record<string, unknown>,
): Promise<void> {
  for (const [key, value] of Object.entries(settings))
    await ds.query(
      `INSERT INTO campaign_settings ("companyId", key, value) VALUES ($1, $2, $3)
       ON CONFLICT ("companyId", key) DO UPDATE SET value = EXCLUDED.value`,
      [companyId, key, JSON.stringify(value)],
    );
}

/** A campaign to the fixture's list; PROGRAMADA at `scheduledAt` (default: now). */
export async function createCampaign(
  ds: DataSource,
  f: CampaignFixture,
  o: {
    scheduledAt?: Date;
    confirmation?: boolean;
    openTicket?: 'enabled' | 'disabled';
    statusTicket?: string;
  } = {},
): Promise<number> {
  const [row] = await ds.query(
    `INSERT INTO campaigns ("companyId", name, status, message1, message2, "confirmationMessage1",
                            confirmation, "scheduledAt", "contactListId", "whatsappId",
                            "openTicket", "statusTicket")
     VALUES ($1, 'Black Friday', 'PROGRAMADA', 'Oi {nome}, oferta para {numero}!',
             'Olá {nome} ({email}), temos {cupom}', 'Posso enviar a oferta, {nome}?',
             $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      f.companyId,
      o.confirmation ?? false,
      o.scheduledAt ?? new Date(),
      f.contactListId,
      f.whatsappId,
      o.openTicket ?? 'disabled',
      o.statusTicket ?? 'closed',
    ],
  );
  return Number(row.id);
}

/** The campaign's shipping records, in id order. */
export async function shippingsOf(ds: DataSource, campaignId: number) {
  return ds.query<
    {
      id: number;
      number: string;
      message: string | null;
      confirmationMessage: string | null;
      deliveredAt: Date | null;
      confirmationRequestedAt: Date | null;
      confirmedAt: Date | null;
      jobId: string | null;
    }[]
  >(
    `SELECT id, number, message, "confirmationMessage", "deliveredAt", "confirmationRequestedAt",
            "confirmedAt", "jobId"
       FROM campaign_shippings WHERE "campaignId" = $1 ORDER BY id`,
    [campaignId],
  );
}

export async function campaignStatus(ds: DataSource, campaignId: number) {
  const [row] = await ds.query(`SELECT status, "completedAt" FROM campaigns WHERE id = $1`, [
    campaignId,
  ]);
  return row as { status: string; completedAt: Date | null };
}
