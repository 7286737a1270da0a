import { companySchedulesSchema } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SchedulesEditor,
  defaultSchedules,
  schedulesForEdit,
  type ScheduleRow,
} from '@/components/schedule-editor';
import { Button } from '@/components/ui/button';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ownCompanyKey, useOwnCompany } from './queries';

type RowErrors = Partial<Record<keyof ScheduleRow, { message?: string }>>;

/**
 * The schedules tab (shown when scheduleType is company): the company's working hours on the
 * shared week grid, saved with PUT /companies/{id}/schedules.
 */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const company = useOwnCompany(companyId, true);
  const [rows, setRows] = useState<ScheduleRow[]>(() => defaultSchedules());
  const [errors, setErrors] = useState<RowErrors[]>([]);
  const save = useRouteMutation('companiesSchedules');

  const saved = company.data?.schedules;
  useEffect(() => {
    if (saved) setRows(schedulesForEdit(saved, () => defaultSchedules()));
  }, [saved]);

  const submit = async () => {
    const parsed = companySchedulesSchema.safeParse({ schedules: rows });
    if (!parsed.success) {
      const next: RowErrors[] = [];
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        if (typeof index !== 'number' || typeof field !== 'string') continue;
        next[index] = { ...next[index], [field]: { message: issue.message } };
      }
      setErrors(next);
      return;
    }
    setErrors([]);
    try {
      const updated = await save.mutateAsync({
        params: { id: companyId },
        body: parsed.data,
      });
      client.setQueryData(ownCompanyKey(companyId), updated);
      notify.success(t('companySchedules.saved'));
    } catch (err) {
      toastError(err);
    }
  };

  if (company.isPending)
    return <p className="text-muted-foreground">{t('companySchedules.loading')}</p>;
  return (
    <section aria-labelledby="company-schedules-title" className="grid max-w-3xl gap-4">
      <div>
        <h2 id="company-schedules-title" className="text-base font-semibold">
          {t('companySchedules.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('companySchedules.description')}</p>
      </div>
      <SchedulesEditor
        idPrefix="company-schedules"
        value={rows}
        onChange={setRows}
        errors={errors}
        errorText={(m) => (m ? t('companySchedules.invalid') : undefined)}
      />
      <div className="flex justify-end">
        <Button onClick={() => void submit()} disabled={save.isPending}>
          {t('companySchedules.save')}
        </Button>
      </div>
    </section>
  );
}
