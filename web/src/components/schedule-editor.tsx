import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One weekday's working hours: two shifts, A and B, as HH:MM ('' = no shift). */
export interface ScheduleRow {
  weekday?: string;
  weekdayEn: Weekday;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

const TIME_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
type TimeField = (typeof TIME_FIELDS)[number];

/** Types a time as ##:## (digits only, the colon added after the hours). */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * The default week (docs/product/inbound.md#business-hours Schedule entry): 08:00-12:00 and 13:00-18:00; `days` are the
 * weekdays that get those hours, the others start empty.
 */
export function defaultSchedules(days: readonly Weekday[] = WEEKDAYS): ScheduleRow[] {
  return WEEKDAYS.map((weekdayEn) =>
    days.includes(weekdayEn)
      ? {
          weekdayEn,
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '13:00',
          endTimeB: '18:00',
        }
      : { weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
  );
}

/** A saved week read back for editing: every weekday present, missing times as ''. */
export function schedulesForEdit(
  saved: readonly Record<string, unknown>[] | undefined,
  fallback: () => ScheduleRow[],
): ScheduleRow[] {
  if (!saved?.length) return fallback();
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '');
  return WEEKDAYS.map((weekdayEn) => {
    const row = saved.find((s) => s.weekdayEn === weekdayEn);
    return {
      weekdayEn,
      startTimeA: text(row?.startTimeA),
      endTimeA: text(row?.endTimeA),
      startTimeB: text(row?.startTimeB),
      endTimeB: text(row?.endTimeB),
    };
  });
}

type RowErrors = Partial<Record<TimeField, { message?: string }>> | undefined;

/** The working-hours grid of a connection, queue or company: seven rows of masked times. */
export function SchedulesEditor({
  idPrefix,
  value,
  onChange,
  errors,
  errorText,
}: {
  idPrefix: string;
  value: ScheduleRow[];
  onChange: (next: ScheduleRow[]) => void;
  errors?: readonly RowErrors[];
  errorText: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation();
  const labels: Record<TimeField, string> = {
    startTimeA: t('scheduleEditor.startA'),
    endTimeA: t('scheduleEditor.endA'),
    startTimeB: t('scheduleEditor.startB'),
    endTimeB: t('scheduleEditor.endB'),
  };
  const set = (index: number, field: TimeField, time: string) =>
    onChange(value.map((row, i) => (i === index ? { ...row, [field]: maskTime(time) } : row)));

  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 font-medium">{t('scheduleEditor.weekday')}</th>
          {TIME_FIELDS.map((f) => (
            <th key={f} className="px-1 py-1 font-medium">
              {labels[f]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {value.map((row, index) => {
          const day = t(`scheduleEditor.days.${row.weekdayEn}`);
          return (
            <tr key={row.weekdayEn}>
              <td className="py-1 pr-2 whitespace-nowrap">{day}</td>
              {TIME_FIELDS.map((field) => {
                const error = errorText(errors?.[index]?.[field]?.message);
                return (
                  <td key={field} className="px-1 py-1 align-top">
                    <Input
                      id={`${idPrefix}-${row.weekdayEn}-${field}`}
                      aria-label={`${day} ${labels[field]}`}
                      inputMode="numeric"
                      placeholder="00:00"
                      className="w-20"
                      value={row[field]}
                      aria-invalid={!!error}
                      title={error}
                      onChange={(e) => set(index, field, e.target.value)}
                    />
                    {error ? (
                      <p role="alert" className="text-xs text-destructive">
                        {error}
                      </p>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
