const BRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A plan value as the spec shows it: R$ in pt-BR with 2 decimals (docs/product/companies-plans-billing.md). */
export function formatBRL(value: string | number | null | undefined): string {
  const n = Number(value ?? 0);
  return BRL.format(Number.isFinite(n) ? n : 0);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count for people: 1536 → '1,5 KB' (in the given locale). */
export function formatBytes(value: string | number | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  let n = Number(value);
  if (!Number.isFinite(n) || n < 0) return '—';
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${n.toLocaleString(locale, { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

/** 'YYYY-MM-DD…' as dd/MM/yyyy, without a time zone shift. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant in the viewer's time as dd/MM/yyyy HH:mm. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An instant's calendar day in the viewer's time as dd/MM/yyyy. */
export function formatDate(value: string | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}
