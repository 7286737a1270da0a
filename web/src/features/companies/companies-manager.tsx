import type { CompanyView } from '@atendo/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { plansSocketBinding } from '@/features/plans/realtime';
import { CompaniesTable } from './companies-table';
import { CompanyForm } from './company-form';
import { useCompaniesList } from './queries';
import { companiesAdminSocketBinding } from './realtime';

const BINDINGS = [companiesAdminSocketBinding, plansSocketBinding] as const;

/**
 * The super admin's companies manager, kept live: a company created, changed (a payment, a
 * suspension, another super admin) or deleted and any plan change refetch the list.
 */
export function CompaniesManager() {
  useSocketCache(BINDINGS);
  return <CompaniesEditor />;
}

/**
 * The companies editor (docs/product/companies-plans-billing.md Companies page): the form above the table; a
 * row loads into the form, save creates or updates, delete asks first. Rendered by /companies
 * and by the settings page's companies tab.
 */
export function CompaniesEditor() {
  const { t } = useTranslation();
  const create = useRouteMutation('companiesCreate');
  const update = useRouteMutation('companiesUpdate');
  const deleteCompany = useRouteMutation('companiesDelete');
  const list = useCompaniesList();
  const [selected, setSelected] = useState<CompanyView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.isError) notify.error(t('companies.loadFailed'), 'companies-load');
  }, [list.isError, t]);

  const save = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      if (selected) {
        const updated = await update.mutateAsync({
          params: { id: selected.id },
          body: body as never,
        });
        setSelected(updated);
      } else {
        await create.mutateAsync({ body: body as never });
        setSelected(null);
      }
      notify.success(t('companies.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await deleteCompany.mutateAsync({ params: { id: selected.id } });
      notify.success(t('companies.saved'));
      setSelected(null);
    } catch (err) {
      toastError(err);
    }
  };

  const onSelect = useCallback((c: CompanyView) => setSelected(c), []);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            {selected ? t('companies.editTitle', { name: selected.name }) : t('companies.addTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <CompanyForm
            company={selected}
            busy={busy}
            onSubmit={save}
            onClear={() => setSelected(null)}
            onDelete={() => setConfirming(true)}
          />
        </CardContent>
      </Card>
      <CompaniesTable
        companies={list.data ?? []}
        isLoading={list.isPending}
        selectedId={selected?.id ?? null}
        onSelect={onSelect}
      />
      <ConfirmDialog
        open={confirming}
        destructive
        title={t('companies.confirmDeleteTitle', { name: selected?.name ?? '' })}
        description={t('companies.confirmDelete')}
        confirmLabel={t('companies.confirm')}
        cancelLabel={t('companies.cancel')}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
