import { helpSchema, type HelpView } from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  DataTable,
  DataTableColumnHeader,
  DataTablePagination,
  DataTableToolbar,
  useDataTable,
} from '@/components/data-table';
import { TextArea, TextInput } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useHelps } from './queries';

const P = 'help';

/** The form's fields as its inputs hold them (empty text, not null). */
const helpFormSchema = helpSchema.extend({
  video: z.string(),
  description: z.string(),
});
type HelpFormValues = z.infer<typeof helpFormSchema>;
const emptyForm = (): HelpFormValues => ({ title: '', video: '', description: '' });
const formOf = (h: HelpView): HelpFormValues => ({
  title: h.title,
  video: h.video ?? '',
  description: h.description ?? '',
});

/**
 * The super admin's helps tab (docs/product/settings.md Help articles page, analogous to companies and plans):
 * the form (title, video code, description) above the table of every article; a row's edit
 * button loads it into the form, delete asks 'Deseja realmente excluir esse registro?'.
 */
export function HelpsManager() {
  const { t } = useTranslation();
  const create = useRouteMutation('helpsCreate');
  const update = useRouteMutation('helpsUpdate');
  const deleteHelp = useRouteMutation('helpsDelete');
  const list = useHelps();
  const [selected, setSelected] = useState<HelpView | null>(null);
  const [deleting, setDeleting] = useState<HelpView | null>(null);
  const form = useForm<HelpFormValues>({
    resolver: zodResolver(helpFormSchema),
    defaultValues: emptyForm(),
  });

  useEffect(() => {
    form.reset(selected ? formOf(selected) : emptyForm());
  }, [selected, form]);
  useEffect(() => {
    if (list.isError) notify.error(t('helps.loadFailed'), 'helps-load');
  }, [list.isError, t]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (selected) {
        setSelected(await update.mutateAsync({ params: { id: selected.id }, body: values }));
      } else {
        await create.mutateAsync({ body: values });
        form.reset(emptyForm());
      }
      notify.success(t('helps.saved'));
    } catch (err) {
      toastError(err);
    }
  });

  const remove = async (help: HelpView) => {
    try {
      await deleteHelp.mutateAsync({ params: { id: help.id } });
      notify.success(t('helps.saved'));
      if (selected?.id === help.id) setSelected(null);
    } catch (err) {
      toastError(err);
    }
  };

  const columns = useMemo<ColumnDef<HelpView, unknown>[]>(
    () => [
      {
        accessorKey: 'title',
        header: ({ column }) => (
          <DataTableColumnHeader column={column} title={t('helps.fieldTitle')} />
        ),
      },
      { id: 'video', accessorFn: (h) => h.video ?? '', header: t('helps.video') },
      {
        id: 'description',
        accessorFn: (h) => h.description ?? '',
        header: t('helps.description'),
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-md">{row.original.description}</span>
        ),
        enableSorting: false,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('helps.actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('helps.editRow', { title: row.original.title })}
              onClick={() => setSelected(row.original)}
            >
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('helps.deleteRow', { title: row.original.title })}
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
  const table = useDataTable({ data: list.data ?? [], columns, getRowId: (h) => String(h.id) });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            {selected ? t('helps.editTitle', { title: selected.title }) : t('helps.addTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <FormProvider {...form}>
            <form
              aria-label={t('helps.formTitle')}
              className="grid gap-4"
              noValidate
              onSubmit={onSubmit}
            >
              <div className="grid gap-4 sm:grid-cols-3">
                <TextInput<HelpFormValues>
                  name="title"
                  label={t('helps.fieldTitle')}
                  idPrefix={P}
                  className="sm:col-span-2"
                />
                <TextInput<HelpFormValues>
                  name="video"
                  label={t('helps.video')}
                  idPrefix={P}
                  placeholder={t('helps.videoHint')}
                />
              </div>
              <TextArea<HelpFormValues>
                name="description"
                label={t('helps.description')}
                idPrefix={P}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => setSelected(null)}>
                  {t('helps.clear')}
                </Button>
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  {t('helps.save')}
                </Button>
              </div>
            </form>
          </FormProvider>
        </CardContent>
      </Card>
      <div className="grid gap-3">
        <DataTableToolbar table={table} searchPlaceholder={t('helps.search')} />
        <div className="overflow-x-auto rounded-md border">
          <DataTable table={table} label={t('helps.title')} isLoading={list.isPending} />
        </div>
        <DataTablePagination table={table} />
      </div>
      <ConfirmDialog
        open={!!deleting}
        destructive
        title={t('helps.confirmDeleteTitle', { title: deleting?.title ?? '' })}
        description={t('helps.confirmDelete')}
        confirmLabel={t('helps.confirm')}
        cancelLabel={t('helps.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
