import { PLAN_FLAGS, type PlanView } from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  DataTable,
  DataTableColumnHeader,
  DataTablePagination,
  DataTableToolbar,
  useDataTable,
} from '@/components/data-table';
import { Check, TextInput } from '@/components/form-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pencil, Trash2 } from 'lucide-react';
import { formatBRL } from '@/features/companies/company-format';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { plansSocketBinding } from './realtime';
import { emptyPlanForm, planFormOf, planFormSchema, type PlanFormValues } from './plan-form';
import { usePlansAll } from './queries';

const P = 'plan';
const BINDINGS = [plansSocketBinding] as const;

/**
 * The super admin's plans manager (docs/product/companies-plans-billing.md Plans page): the form (name, limits, amount, public
 * flag and every use* flag) above the table of every plan; a row's edit button loads it into
 * the form, delete asks first (a plan in use is refused by the api).
 */
export function PlansManager() {
  const { t } = useTranslation();
  const create = useRouteMutation('plansCreate');
  const update = useRouteMutation('plansUpdate');
  const deletePlan = useRouteMutation('plansDelete');
  useSocketCache(BINDINGS);
  const list = usePlansAll();
  const [selected, setSelected] = useState<PlanView | null>(null);
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema) as unknown as Resolver<PlanFormValues>,
    defaultValues: emptyPlanForm(),
  });

  useEffect(() => {
    form.reset(selected ? planFormOf(selected) : emptyPlanForm());
  }, [selected, form]);
  useEffect(() => {
    if (list.isError) notify.error(t('plans.loadFailed'), 'plans-load');
  }, [list.isError, t]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = values as never;
    try {
      if (selected) {
        setSelected(await update.mutateAsync({ params: { id: selected.id }, body }));
      } else {
        await create.mutateAsync({ body });
        form.reset(emptyPlanForm());
      }
      notify.success(t('plans.saved'));
    } catch (err) {
      toastError(err);
    }
  });

  const remove = async (plan: PlanView) => {
    try {
      await deletePlan.mutateAsync({ params: { id: plan.id } });
      notify.success(t('plans.saved'));
      if (selected?.id === plan.id) setSelected(null);
    } catch (err) {
      toastError(err);
    }
  };

  const columns = useMemo<ColumnDef<PlanView, unknown>[]>(
    () => [
      {
        accessorKey: 'name',
        header: ({ column }) => <DataTableColumnHeader column={column} title={t('plans.name')} />,
      },
      { accessorKey: 'users', header: t('plans.users'), enableGlobalFilter: false },
      { accessorKey: 'connections', header: t('plans.connections'), enableGlobalFilter: false },
      { accessorKey: 'queues', header: t('plans.queues'), enableGlobalFilter: false },
      {
        id: 'amount',
        accessorFn: (p) => Number(p.amount),
        header: ({ column }) => <DataTableColumnHeader column={column} title={t('plans.amount')} />,
        cell: ({ row }) => formatBRL(row.original.amount),
        enableGlobalFilter: false,
      },
      {
        id: 'isPublic',
        accessorFn: (p) => (p.isPublic ? t('plans.yes') : t('plans.no')),
        header: t('plans.isPublic'),
        enableSorting: false,
      },
      {
        id: 'flags',
        header: t('plans.features'),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            {PLAN_FLAGS.filter((f) => row.original[f]).map((f) => (
              <Badge key={f} variant="secondary">
                {t(`plans.flags.${f}`)}
              </Badge>
            ))}
          </div>
        ),
        enableSorting: false,
        enableGlobalFilter: false,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('plans.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('plans.editRow', { name: row.original.name })}
              onClick={() => setSelected(row.original)}
            >
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('plans.deleteRow', { name: row.original.name })}
              onClick={() => setDeleting(row.original)}
            >
              <Trash2 />
            </Button>
          </div>
        ),
        enableSorting: false,
        enableGlobalFilter: false,
      },
    ],
    [t],
  );
  const table = useDataTable({
    data: list.data ?? [],
    columns,
    getRowId: (p) => String(p.id),
  });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            {selected ? t('plans.editTitle', { name: selected.name }) : t('plans.addTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <FormProvider {...form}>
            <form
              aria-label={t('plans.formTitle')}
              className="grid gap-4"
              noValidate
              onSubmit={onSubmit}
            >
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                <TextInput<PlanFormValues>
                  name="name"
                  label={t('plans.name')}
                  idPrefix={P}
                  className="lg:col-span-2"
                />
                <TextInput<PlanFormValues>
                  name="users"
                  type="number"
                  min="0"
                  label={t('plans.users')}
                  idPrefix={P}
                />
                <TextInput<PlanFormValues>
                  name="connections"
                  type="number"
                  min="0"
                  label={t('plans.connections')}
                  idPrefix={P}
                />
                <TextInput<PlanFormValues>
                  name="queues"
                  type="number"
                  min="0"
                  label={t('plans.queues')}
                  idPrefix={P}
                />
                <TextInput<PlanFormValues>
                  name="amount"
                  label={t('plans.amount')}
                  idPrefix={P}
                  placeholder="49,90"
                />
              </div>
              <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
                <legend className="mb-2 text-sm font-medium">{t('plans.features')}</legend>
                <Check<PlanFormValues> name="isPublic" label={t('plans.isPublic')} idPrefix={P} />
                {PLAN_FLAGS.map((f) => (
                  <Check<PlanFormValues>
                    key={f}
                    name={f}
                    label={t(`plans.flags.${f}`)}
                    idPrefix={P}
                  />
                ))}
              </fieldset>
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => setSelected(null)}>
                  {t('plans.clear')}
                </Button>
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  {t('plans.save')}
                </Button>
              </div>
            </form>
          </FormProvider>
        </CardContent>
      </Card>
      <div className="grid gap-3">
        <DataTableToolbar table={table} searchPlaceholder={t('plans.search')} />
        <div className="overflow-x-auto rounded-md border">
          <DataTable table={table} label={t('plans.title')} isLoading={list.isPending} />
        </div>
        <DataTablePagination table={table} />
      </div>
      <ConfirmDialog
        open={!!deleting}
        destructive
        title={t('plans.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('plans.confirmDelete')}
        confirmLabel={t('plans.confirm')}
        cancelLabel={t('plans.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
