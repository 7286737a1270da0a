import { PLAN_FLAGS, type PlanView } from '@atendo/domain';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as Brazilian reais, pt-BR style: "R$ 1.234,50". Accepts "1234.5" or "1234,50". */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = typeof amount === 'number' ? amount : Number(amount.replace(',', '.'));
  if (!Number.isFinite(value)) return String(amount);
  // Intl puts a no-break space after "R$"; a plain one keeps tables and greps simple.
  return brl.format(value).replace(/\u00a0/g, ' ');
}

/** The date part of a date or timestamp (YYYY-MM-DD), or a dash. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : value;
}

/** "yes" or "no". */
export function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** The plan's enabled feature flags without the `use` prefix: "whatsapp, kanban". */
export function formatPlanFlags(plan: Pick<PlanView, (typeof PLAN_FLAGS)[number]>): string {
  const on = PLAN_FLAGS.filter((flag) => plan[flag]).map((flag) => flag.slice(3, 4).toLowerCase() + flag.slice(4));
  return on.length ? on.join(', ') : '—';
}
