import { zodResolver } from '@hookform/resolvers/zod';
import { whatsappFields, type Channel, type CompanyView, type WhatsappView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { DataTable, useListTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ChannelIcon } from '@/features/connections/channel-icon';
import {
  AddConnectionMenu,
  lastUpdate,
  useConnectChannel,
} from '@/features/connections/add-connection-menu';
import { ConnectionStatus } from '@/features/connections/status-actions';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { formatPhoneNumber } from '@/lib/phone';

export const companyChannelsKey = (companyId: number) =>
  ['connections', 'company', companyId] as const;

/** The name, and for a Cloud API number its id, business account and token (checked with Meta). */
const nameSchema = whatsappFields.pick({ name: true }).extend({
  phoneNumberId: z.string().trim().optional(),
  businessAccountId: z.string().trim().optional(),
  accessToken: z.string().trim().optional(),
});
type NameForm = z.infer<typeof nameSchema>;

/**
 * The all-connections dialog (docs/product/connections.md#screens): one company's channels and the connections page's add
 * menu, gated by that company's plan. A super admin adds a channel to that company; Facebook and
 * Instagram go through a Facebook login when an app is configured, else by name.
 */
export function CompanyChannelsDialog({
  company,
  onClose,
}: {
  company: Pick<CompanyView, 'id' | 'name' | 'plan'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={company !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('common.close')} className="sm:max-w-3xl">
        {company ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('allConnections.channelsOf', { name: company.name })}</DialogTitle>
            </DialogHeader>
            <CompanyChannels company={company} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CompanyChannels({ company }: { company: Pick<CompanyView, 'id' | 'name' | 'plan'> }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<Channel | null>(null);
  const channels = useQuery({
    queryKey: companyChannelsKey(company.id),
    queryFn: ({ signal }) =>
      api.call('whatsappIndex', { query: { companyId: company.id }, signal }),
  });
  // Connected pages refetch this dialog's list and the page's totals (both under
  // ['connections'], the facebookConnect entry in route-invalidations.ts).
  const connectChannel = useConnectChannel();

  const add = async (channel: Channel) => {
    try {
      const added = await connectChannel(channel, company.id);
      if (added === 'form') setAdding(channel);
    } catch (err) {
      toastError(err);
    }
  };

  const rows: WhatsappView[] = channels.data ?? [];
  const columns = useMemo<ColumnDef<WhatsappView, unknown>[]>(
    () => [
      {
        id: 'channel',
        header: t('connections.columns.channel'),
        cell: ({ row }) => <ChannelIcon channel={row.original.channel} />,
        meta: { headClassName: 'w-16' },
      },
      {
        id: 'name',
        header: t('connections.columns.name'),
        cell: ({ row }) => row.original.name,
        meta: { cellClassName: 'font-medium' },
      },
      {
        id: 'number',
        header: t('connections.columns.number'),
        cell: ({ row }) => formatPhoneNumber(row.original.number),
      },
      {
        id: 'status',
        header: t('connections.columns.status'),
        cell: ({ row }) => <ConnectionStatus status={row.original.status} />,
      },
      {
        id: 'lastUpdate',
        header: t('connections.columns.lastUpdate'),
        cell: ({ row }) => lastUpdate(row.original.updatedAt),
        meta: { cellClassName: 'tabular-nums' },
      },
    ],
    [t],
  );
  const table = useListTable({ data: rows, columns, getRowId: (w) => String(w.id) });
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <AddConnectionMenu plan={company.plan} onAdd={(channel) => void add(channel)} />
      </div>
      {adding ? (
        <NewChannelForm
          companyId={company.id}
          channel={adding}
          // A created channel refetches through whatsappCreate's ROUTE_INVALIDATIONS entry.
          onDone={() => setAdding(null)}
        />
      ) : null}
      <div className="max-h-96 overflow-auto rounded-md border">
        <DataTable
          table={table}
          label={t('allConnections.channelsOf', { name: company.name })}
          rowProps={(w) => ({ 'aria-label': w.name })}
          status={{
            pending: channels.isPending,
            loadingText: t('allConnections.loading'),
            emptyText: t('allConnections.empty'),
          }}
        />
      </div>
    </div>
  );
}

/** The new channel's name, created in the dialog's company (POST /whatsapp with its companyId). */
function NewChannelForm({
  companyId,
  channel,
  onDone,
}: {
  companyId: number;
  channel: Channel;
  onDone: (created: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<NameForm>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: '', phoneNumberId: '', businessAccountId: '', accessToken: '' },
  });
  const cloud = channel === 'whatsappapi';
  const create = useRouteMutation('whatsappCreate');
  const submit = form.handleSubmit(
    async ({ name, phoneNumberId, businessAccountId, accessToken }) => {
      try {
        await create.mutateAsync({
          body: {
            name,
            channel,
            companyId,
            ...(cloud
              ? {
                  phoneNumberId,
                  ...(businessAccountId ? { businessAccountId } : {}),
                  accessToken,
                }
              : {}),
          },
        });
        notify.success(t('allConnections.created'));
        onDone(true);
      } catch (err) {
        toastError(err);
      }
    },
  );
  const error = form.formState.errors.name?.message;
  const cloudField = (name: 'phoneNumberId' | 'businessAccountId' | 'accessToken') => (
    <Field
      key={name}
      id={`new-channel-${name}`}
      label={t(`whatsappModal.cloud.${name}`)}
      className="min-w-40 flex-1"
    >
      <Input
        id={`new-channel-${name}`}
        type={name === 'accessToken' ? 'password' : 'text'}
        autoComplete="off"
        {...form.register(name)}
      />
    </Field>
  );
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-md border p-3"
      aria-label={t('allConnections.newChannel', { channel: t(`connections.channels.${channel}`) })}
      onSubmit={(e) => void submit(e)}
    >
      <Field
        id="new-channel-name"
        label={t('connections.columns.name')}
        error={error}
        className="flex-1"
      >
        <Input
          id="new-channel-name"
          autoFocus
          aria-invalid={error ? true : undefined}
          {...form.register('name')}
        />
      </Field>
      {cloud
        ? (['phoneNumberId', 'businessAccountId', 'accessToken'] as const).map(cloudField)
        : null}
      <Button type="button" variant="outline" onClick={() => onDone(false)}>
        {t('allConnections.cancel')}
      </Button>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('allConnections.save')}
      </Button>
    </form>
  );
}
