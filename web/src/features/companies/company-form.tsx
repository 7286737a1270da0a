import { advanceDueDate, PLATFORM_COMPANY_ID, RECURRENCES, type CompanyView } from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Select, TextInput } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { usePlansAll } from '@/features/plans/queries';
import { formatBRL } from './company-format';
import {
  companyFormOf,
  companyFormSchema,
  emptyCompanyForm,
  PAYMENT_METHODS,
  type CompanyFormValues,
} from './company-form-values';
import { todayHere } from '@/lib/subscription';

const P = 'company';

/**
 * The company form above the table (docs/product/companies-plans-billing.md#validation Company form): empty to add a company, or the
 * selected row to edit it; the advance button moves the due date one recurrence on.
 */
export function CompanyForm({
  company,
  onSubmit,
  onClear,
  onDelete,
  busy,
}: {
  /** The selected company; null adds one. */
  company: CompanyView | null;
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onClear: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const creating = company === null;
  const plans = usePlansAll();
  const resolver = useMemo(
    () => zodResolver(companyFormSchema(creating)) as unknown as Resolver<CompanyFormValues>,
    [creating],
  );
  const form = useForm<CompanyFormValues>({ resolver, defaultValues: emptyCompanyForm() });

  useEffect(() => {
    form.reset(company ? companyFormOf(company) : emptyCompanyForm());
  }, [company, form]);

  const isPlatform = company?.id === PLATFORM_COMPANY_ID;
  const advance = () => {
    const { dueDate, recurrence } = form.getValues();
    form.setValue('dueDate', advanceDueDate(dueDate || todayHere(), recurrence), {
      shouldDirty: true,
    });
  };

  return (
    <FormProvider {...form}>
      <form
        aria-label={t('companies.formTitle')}
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit(async (values) =>
          onSubmit(values as unknown as Record<string, unknown>),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextInput<CompanyFormValues> name="name" label={t('companies.name')} idPrefix={P} />
          <TextInput<CompanyFormValues>
            name="email"
            type="email"
            label={t('companies.email')}
            idPrefix={P}
          />
          {creating ? (
            <TextInput<CompanyFormValues>
              name="password"
              type="password"
              label={t('companies.password')}
              idPrefix={P}
            />
          ) : null}
          <TextInput<CompanyFormValues> name="phone" label={t('companies.phone')} idPrefix={P} />
          <Select<CompanyFormValues> name="planId" label={t('companies.plan')} idPrefix={P}>
            <option value="">{t('companies.pickPlan')}</option>
            {(plans.data ?? []).map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name} — {formatBRL(p.amount)}
              </option>
            ))}
          </Select>
          <Select<CompanyFormValues> name="status" label={t('companies.status')} idPrefix={P}>
            <option value="true">{t('companies.yes')}</option>
            <option value="false">{t('companies.no')}</option>
          </Select>
          <TextInput<CompanyFormValues>
            name="document"
            label={t('companies.document')}
            idPrefix={P}
          />
          <Select<CompanyFormValues>
            name="paymentMethod"
            label={t('companies.paymentMethod')}
            idPrefix={P}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`companies.paymentMethods.${m || 'none'}`)}
              </option>
            ))}
          </Select>
          <TextInput<CompanyFormValues>
            name="numberAttendants"
            type="number"
            min="0"
            label={t('companies.numberAttendants')}
            idPrefix={P}
          />
          <TextInput<CompanyFormValues>
            name="numberConections"
            type="number"
            min="0"
            label={t('companies.numberConections')}
            idPrefix={P}
          />
          <Select<CompanyFormValues>
            name="recurrence"
            label={t('companies.recurrence')}
            idPrefix={P}
          >
            {RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {t(`companies.recurrences.${r}`)}
              </option>
            ))}
          </Select>
          <div className="flex items-end gap-2">
            <TextInput<CompanyFormValues>
              name="dueDate"
              type="date"
              label={t('companies.dueDate')}
              idPrefix={P}
              className="flex-1"
            />
            <Button
              type="button"
              variant="outline"
              onClick={advance}
              disabled={isPlatform}
              title={t('companies.advanceDueDate')}
            >
              <CalendarPlus />
              {t('companies.advance')}
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClear}>
            {t('companies.clear')}
          </Button>
          {company && !isPlatform ? (
            <Button type="button" variant="destructive" onClick={onDelete}>
              {t('companies.delete')}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy}>
            {t('companies.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
