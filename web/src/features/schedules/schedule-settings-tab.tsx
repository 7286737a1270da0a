import { SCHEDULE_DAY_RULES, SCHEDULE_INTERVALS, SCHEDULE_MAX_SENDS } from '@atendo/domain';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check, Select } from '@/components/form-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useConnections } from '@/features/connections/queries';
import { useQueues } from '@/features/queues/queries';
import { useUsers } from '@/features/users/queries';
import { scheduleErrorText, type ScheduleFormValues } from './schedule-form';

type V = ScheduleFormValues;
const P = 'schedule';

/** A recurrence number with the schedule's own error wording (e.g. a step missing). */
function NumberInput({
  name,
  label,
  min,
  max,
}: {
  name: 'valorIntervalo' | 'enviarQuantasVezes';
  label: string;
  min: number;
  max: number;
}) {
  const { register, formState } = useFormContext<V>();
  const error = scheduleErrorText(formState.errors[name]?.message);
  const id = `${P}-${name}`;
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="number"
        min={min}
        max={max}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name)}
      />
    </Field>
  );
}

/**
 * The Configurações tab: the connection that sends, whether the send opens a ticket (then its
 * status, attendant and queue), the signature, and the recurrence: every valorIntervalo
 * days/weeks/months/minutes, enviarQuantasVezes times, and what to do on non-business days.
 */
export function ScheduleSettingsTab() {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<V>();
  const openTicket = useWatch({ control, name: 'openTicket' });
  const connections = useConnections();
  const users = useUsers();
  const queues = useQueues();
  // A select whose options arrive after the form's value (a preset or stored connection,
  // attendant or queue) shows its first option until the value is applied again.
  useEffect(() => {
    setValue('whatsappId', getValues('whatsappId'));
  }, [connections.data, getValues, setValue]);
  useEffect(() => {
    setValue('ticketUserId', getValues('ticketUserId'));
  }, [users.data, getValues, setValue]);
  useEffect(() => {
    setValue('queueId', getValues('queueId'));
  }, [queues.data, getValues, setValue]);

  return (
    <>
      <Select<V> name="whatsappId" label={t('scheduleModal.connection')} idPrefix={P}>
        <option value="">{t('scheduleModal.defaultConnection')}</option>
        {(connections.data ?? []).map((w) => (
          <option key={w.id} value={String(w.id)}>
            {w.name}
          </option>
        ))}
      </Select>
      <Check<V> name="openTicket" label={t('scheduleModal.openTicket')} idPrefix={P} />
      <fieldset className="grid gap-4 disabled:opacity-50 sm:grid-cols-3" disabled={!openTicket}>
        <Select<V> name="statusTicket" label={t('scheduleModal.statusTicket')} idPrefix={P}>
          {(['closed', 'open', 'pending'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`scheduleModal.statusTickets.${s}`)}
            </option>
          ))}
        </Select>
        <Select<V> name="ticketUserId" label={t('scheduleModal.ticketUser')} idPrefix={P}>
          <option value="">{t('scheduleModal.none')}</option>
          {(users.data ?? []).map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.name}
            </option>
          ))}
        </Select>
        <Select<V> name="queueId" label={t('scheduleModal.queue')} idPrefix={P}>
          <option value="">{t('scheduleModal.none')}</option>
          {(queues.data ?? []).map((q) => (
            <option key={q.id} value={String(q.id)}>
              {q.name}
            </option>
          ))}
        </Select>
      </fieldset>
      <Check<V> name="assinar" label={t('scheduleModal.assinar')} idPrefix={P} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select<V> name="intervalo" label={t('scheduleModal.intervalo')} idPrefix={P}>
          {SCHEDULE_INTERVALS.map((i) => (
            <option key={i} value={String(i)}>
              {t(`scheduleModal.intervals.${i}`)}
            </option>
          ))}
        </Select>
        <NumberInput
          name="valorIntervalo"
          min={0}
          max={10_000}
          label={t('scheduleModal.valorIntervalo')}
        />
        <NumberInput
          name="enviarQuantasVezes"
          min={1}
          max={SCHEDULE_MAX_SENDS}
          label={t('scheduleModal.enviarQuantasVezes')}
        />
      </div>
      <p className="text-sm text-muted-foreground">{t('scheduleModal.recurrenceHint')}</p>
      <Select<V> name="tipoDias" label={t('scheduleModal.tipoDias')} idPrefix={P}>
        {SCHEDULE_DAY_RULES.map((d) => (
          <option key={d} value={String(d)}>
            {t(`scheduleModal.dayRules.${d}`)}
          </option>
        ))}
      </Select>
    </>
  );
}
