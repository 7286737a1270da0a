import { greetingFor } from '../business-hours.js';

/**
 * Message variables (docs/product/tickets.md, docs/product/overview.md#message-variables), rendered in one place for every text the
 * platform sends: greetings, farewells, transfer and rating texts, quick replies, campaigns.
 * Both the `{{name}}` form of the lineage's texts and the `{name}` form are read.
 */
export interface VariableContext {
  contact?: { name?: string | null; number?: string | null; email?: string | null } | null;
  user?: { name?: string | null } | null;
  ticket?: { id?: number; protocol?: string | null } | null;
  queue?: { name?: string | null } | null;
  connection?: { name?: string | null } | null;
  /** IANA zone of the company (default America/Sao_Paulo). */
  timeZone?: string;
  now?: Date;
}

function localParts(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.day}/${parts.month}/${parts.year}`,
    hour: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The value of every variable for `ctx`. */
export function variableValues(ctx: VariableContext): Record<string, string> {
  const timeZone = ctx.timeZone || 'America/Sao_Paulo';
  const now = ctx.now ?? new Date();
  const name = ctx.contact?.name?.trim() ?? '';
  const { date, hour } = localParts(now, timeZone);
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    userName: ctx.user?.name ?? '',
    greeting: greetingFor(now, timeZone),
    ms: greetingFor(now, timeZone),
    protocol: ctx.ticket?.protocol ?? '',
    date,
    hour,
    ticket_id: ctx.ticket?.id !== undefined ? String(ctx.ticket.id) : '',
    queue: ctx.queue?.name ?? '',
    connection: ctx.connection?.name ?? '',
    // The campaign and contact-list forms (docs/product/tickets.md): {nome}, {numero}, {email}.
    nome: name,
    numero: ctx.contact?.number ?? '',
    email: ctx.contact?.email ?? '',
  };
}

/** `text` with every known `{{variable}}` or `{variable}` replaced; unknown ones stay. */
export function renderVariables(text: string, ctx: VariableContext): string {
  const values = variableValues(ctx);
  return text.replace(
    /\{\{\s*([A-Za-z_]+)\s*\}\}|\{([A-Za-z_]+)\}/g,
    (whole, a?: string, b?: string) => {
      const key = (a ?? b)!;
      return Object.hasOwn(values, key) ? values[key]! : whole;
    },
  );
}
