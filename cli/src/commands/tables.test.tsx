import type { AnnouncementView, CompanyView, InvoiceAdminView, PlanView } from '@atendo/domain';
import { render } from 'ink-testing-library';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Table } from '../ui/components/table.js';
import type { RenderTableOptions } from '../ui/index.js';
import { announcementsTable } from './announcements/announcements-table.js';
import { companiesTable } from './companies/companies-table.js';
import { connectionsTable, type ConnectionRow } from './connections/connections-table.js';
import { invoicesTable } from './invoices/invoices-table.js';
import { plansTable } from './plans/plans-table.js';

// The tables the commands print, as the terminal shows them (unstyled last frame).
function frame({ columns, rows }: RenderTableOptions): string {
  const { lastFrame } = render(<Table columns={columns} rows={rows} />);
  return stripVTControlCharacters(lastFrame() ?? '')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
}

const flagsOff = {
  useWhatsapp: false,
  useFacebook: false,
  useInstagram: false,
  useCampaigns: false,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
};
const basic: PlanView = {
  id: 2,
  name: 'Basic',
  users: 5,
  connections: 1,
  queues: 3,
  amount: '49.9',
  isPublic: true,
  ...flagsOff,
  useWhatsapp: true,
  useKanban: true,
};
const pro: PlanView = {
  id: 10,
  name: 'Pro',
  users: 50,
  connections: 10,
  queues: 0,
  amount: '1299',
  isPublic: false,
  ...flagsOff,
};

describe('companies table', () => {
  it('shows plan, status, due date and recurrence; dashes for what is missing', () => {
    const companies: CompanyView[] = [
      {
        id: 1,
        name: 'Atendo',
        email: 'admin@atendo.local',
        status: true,
        dueDate: '2999-12-31',
        recurrence: 'ANUAL',
        plan: pro,
      },
      {
        id: 12,
        name: 'Padaria',
        email: null,
        status: false,
        dueDate: '2026-02-28T00:00:00.000Z',
        recurrence: null,
        plan: null,
      },
    ];
    expect(frame(companiesTable(companies))).toBe(
      [
        'ID  Name     Email               Plan  Status    Due date    Recurrence',
        '──  ───────  ──────────────────  ────  ────────  ──────────  ──────────',
        ' 1  Atendo   admin@atendo.local  Pro   active    2999-12-31  ANUAL',
        '12  Padaria  —                   —     inactive  2026-02-28  —',
      ].join('\n'),
    );
  });
});

describe('plans table', () => {
  it('right-aligns limits (0: unlimited) and prices and lists the features', () => {
    expect(frame(plansTable([basic, pro]))).toBe(
      [
        'ID  Name   Users  Connections     Queues       Amount  Public  Flags',
        '──  ─────  ─────  ───────────  ─────────  ───────────  ──────  ────────────────',
        ' 2  Basic      5            1          3     R$ 49,90  yes     whatsapp, kanban',
        '10  Pro       50           10  unlimited  R$ 1.299,00  no      —',
      ].join('\n'),
    );
  });
});

describe('connections table', () => {
  it('shows each connection with its company, channel and status', () => {
    const connections: ConnectionRow[] = [
      {
        id: 3,
        companyId: 2,
        company: { id: 2, name: 'Demo' },
        name: 'Vendas',
        channel: 'whatsapp',
        number: '5511999990000',
        status: 'CONNECTED',
        updatedAt: '2025-05-01T12:34:56.000Z',
      },
      {
        id: 7,
        companyId: 5,
        name: 'Instagram',
        channel: 'instagram',
        number: null,
        status: 'DISCONNECTED',
        updatedAt: null,
      },
    ];
    expect(frame(connectionsTable(connections))).toBe(
      [
        'ID  Company   Name       Channel    Number         Status        Updated (UTC)',
        '──  ────────  ─────────  ─────────  ─────────────  ────────────  ────────────────',
        ' 3  Demo (2)  Vendas     whatsapp   5511999990000  CONNECTED     2025-05-01 12:34',
        ' 7  5         Instagram  instagram  —              DISCONNECTED  —',
      ].join('\n'),
    );
  });

  it('says so instead of drawing an empty table', () => {
    expect(connectionsTable([]).empty).toBe('No connections yet.');
    expect(connectionsTable([], 'No connections match.').empty).toBe('No connections match.');
  });
});

describe('announcements table', () => {
  it('shows priority by name, status and creation time; long titles are cut', () => {
    const announcements: Pick<
      AnnouncementView,
      'id' | 'title' | 'priority' | 'status' | 'createdAt'
    >[] = [
      {
        id: 12,
        title: 'Nova versão do painel com relatórios de atendimento por fila e por atendente',
        priority: 1,
        status: true,
        createdAt: '2025-05-01T12:34:56.000Z',
      },
      { id: 3, title: 'Rascunho', priority: 3, status: false, createdAt: null },
    ];
    expect(frame(announcementsTable(announcements))).toBe(
      [
        'ID  Title                                               Priority  Status    Created (UTC)',
        '──  ──────────────────────────────────────────────────  ────────  ────────  ────────────────',
        '12  Nova versão do painel com relatórios de atendimen…  high (1)  active    2025-05-01 12:34',
        ' 3  Rascunho                                            low (3)   inactive  —',
      ].join('\n'),
    );
    expect(announcementsTable([]).empty).toBe('No announcements yet.');
  });
});

describe('invoices table', () => {
  const invoice = (over: Partial<InvoiceAdminView>): InvoiceAdminView => ({
    id: 1,
    detail: 'Plano Básico',
    users: 3,
    connections: 3,
    dueDate: '2025-06-10',
    value: '49.90',
    status: 'open',
    linkInvoice: null,
    paidAt: null,
    createdAt: null,
    companyId: 2,
    companyName: 'Demo',
    ...over,
  });
  const invoices = [
    invoice({ id: 7, dueDate: '2025-07-10', value: '1234.50' }),
    invoice({ id: 6, dueDate: '2025-06-15', detail: null }),
    invoice({ id: 5, dueDate: '2025-06-14', companyId: 9, companyName: 'Padaria' }),
    invoice({ id: 4, dueDate: '2025-05-10', status: 'paid' }),
  ];

  it('shows values in R$, Pago, and an open invoice as Vencido once its due date has passed', () => {
    expect(frame(invoicesTable(invoices, { today: '2025-06-15', withCompany: true }))).toBe(
      [
        'ID  Company      Detail        Users  Connections  Due date          Value  Status',
        '──  ───────────  ────────────  ─────  ───────────  ──────────  ───────────  ─────────',
        ' 7  Demo (2)     Plano Básico      3            3  2025-07-10  R$ 1.234,50  Em aberto',
        ' 6  Demo (2)     —                 3            3  2025-06-15     R$ 49,90  Em aberto',
        ' 5  Padaria (9)  Plano Básico      3            3  2025-06-14     R$ 49,90  Vencido',
        ' 4  Demo (2)     Plano Básico      3            3  2025-05-10     R$ 49,90  Pago',
      ].join('\n'),
    );
  });

  it("marks an invoice Vencido by its own company's day (the listing across companies)", () => {
    // Due on the 14th, seen on the 15th in UTC: past due for a company whose day is the 15th,
    // still open for one whose day is the 14th.
    const today = (i: { companyId?: number }) => (i.companyId === 9 ? '2025-06-14' : '2025-06-15');
    const out = frame(invoicesTable(invoices, { today, withCompany: true }));
    expect(out).toMatch(/ 5 {2}Padaria \(9\) .* Em aberto$/m);
    expect(out).toMatch(/ 6 {2}Demo \(2\) .* Em aberto$/m);
  });

  it("leaves the company out for one company's invoices", () => {
    expect(frame(invoicesTable(invoices.slice(3), { today: '2025-06-15' }))).toBe(
      [
        'ID  Detail        Users  Connections  Due date       Value  Status',
        '──  ────────────  ─────  ───────────  ──────────  ────────  ──────',
        ' 4  Plano Básico      3            3  2025-05-10  R$ 49,90  Pago',
      ].join('\n'),
    );
    expect(invoicesTable([], { today: '2025-06-15' }).empty).toBe('No invoices yet.');
  });
});
