import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANNEL_PLAN_FLAG,
  whatsappFields,
  type Channel,
  type CompanyView,
  type WhatsappView,
} from '@atendo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ChevronDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ChannelIcon } from '@/features/connections/channel-icon';
import { facebookAppId, facebookLogin } from '@/features/connections/facebook-login';
import { ConnectionStatus } from '@/features/connections/status-actions';
import { api } from '@/lib/api';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** The channels the add menu offers, as on the connections page (spec 2 §2). */
const MENU_CHANNELS = ['whatsapp', 'facebook', 'instagram'] as const;

export const companyChannelsKey = (companyId: number) =>
  ['connections', 'company', companyId] as const;

const nameSchema = whatsappFields.pick({ name: true });
type NameForm = { name: string };

/**
 * The all-connections dialog (spec 2 §2): one company's channels and the connections page's add
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
  const client = useQueryClient();
  const [adding, setAdding] = useState<Channel | null>(null);
  const channels = useQuery({
    queryKey: companyChannelsKey(company.id),
    queryFn: ({ signal }) =>
      api.call('whatsappIndex', { query: { companyId: company.id }, signal }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: companyChannelsKey(company.id) });
    void client.invalidateQueries({ queryKey: ['connections', 'every-company'] });
  };

  const add = async (channel: Channel) => {
    const appId = facebookAppId();
    if (channel === 'whatsapp' || !appId) return setAdding(channel);
    try {
      const login = await facebookLogin(appId, channel === 'instagram');
      if (!login) return;
      await api.call('facebookConnect', {
        body: { ...login, addInstagram: channel === 'instagram', companyId: company.id },
      });
      refresh();
    } catch (err) {
      toastError(err);
    }
  };

  const rows: WhatsappView[] = channels.data ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button>
              <Plus />
              {t('connections.add')}
              <ChevronDown />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {MENU_CHANNELS.map((channel) => (
              <DropdownMenuItem
                key={channel}
                disabled={!company.plan?.[CHANNEL_PLAN_FLAG[channel]]}
                onSelect={() => void add(channel)}
              >
                <ChannelIcon channel={channel} decorative />
                {t(`connections.channels.${channel}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {adding ? (
        <NewChannelForm
          companyId={company.id}
          channel={adding}
          onDone={(created) => {
            setAdding(null);
            if (created) refresh();
          }}
        />
      ) : null}
      <div className="max-h-96 overflow-auto rounded-md border">
        <Table aria-label={t('allConnections.channelsOf', { name: company.name })}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{t('connections.columns.channel')}</TableHead>
              <TableHead>{t('connections.columns.name')}</TableHead>
              <TableHead>{t('connections.columns.number')}</TableHead>
              <TableHead>{t('connections.columns.status')}</TableHead>
              <TableHead>{t('connections.columns.lastUpdate')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((w) => (
              <TableRow key={w.id} aria-label={w.name}>
                <TableCell>
                  <ChannelIcon channel={w.channel} />
                </TableCell>
                <TableCell className="font-medium">{w.name}</TableCell>
                <TableCell>{w.number ?? ''}</TableCell>
                <TableCell>
                  <ConnectionStatus status={w.status} />
                </TableCell>
                <TableCell className="tabular-nums">
                  {w.updatedAt ? format(new Date(w.updatedAt), 'dd/MM/yy HH:mm') : ''}
                </TableCell>
              </TableRow>
            ))}
            {channels.isPending || rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  {channels.isPending ? t('allConnections.loading') : t('allConnections.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
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
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await api.call('whatsappCreate', { body: { name, channel, companyId } });
      notify.success(t('allConnections.created'));
      onDone(true);
    } catch (err) {
      toastError(err);
    }
  });
  const error = form.formState.errors.name?.message;
  return (
    <form
      className="flex items-end gap-2 rounded-md border p-3"
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
      <Button type="button" variant="outline" onClick={() => onDone(false)}>
        {t('allConnections.cancel')}
      </Button>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('allConnections.save')}
      </Button>
    </form>
  );
}
