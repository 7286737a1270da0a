import type { CallInput, CallOutput } from '@atendo/api-client';
import { CHANNEL_PLAN_FLAG, type Channel, type PlanFlags, type WhatsappView } from '@atendo/domain';
import { format } from 'date-fns';
import { ChevronDown, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { ChannelIcon } from './channel-icon';
import { facebookAppId, facebookLogin } from './facebook-login';

/** The channels the new-connection menu offers (docs/product/connections.md#screens, and the Cloud API: issue 26 §1). */
const MENU_CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;

/**
 * The new-connection menu (docs/product/connections.md#screens): WhatsApp, WhatsApp Cloud API, Facebook and Instagram, each disabled when
 * `plan` lacks that channel. The connections page and the all-connections dialog share it.
 */
export function AddConnectionMenu({
  plan,
  onAdd,
}: {
  plan: Partial<PlanFlags> | null | undefined;
  onAdd: (channel: Channel) => void;
}) {
  const { t } = useTranslation();
  return (
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
            disabled={!plan?.[CHANNEL_PLAN_FLAG[channel]]}
            onSelect={() => onAdd(channel)}
          >
            <ChannelIcon channel={channel} decorative />
            {t(`connections.channels.${channel}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Connects the pages of a Facebook login: a `useRouteMutation('facebookConnect')`. */
type ConnectPages = (input: CallInput<'facebookConnect'>) => Promise<CallOutput<'facebookConnect'>>;

/**
 * Adds a channel picked in the menu. Facebook and Instagram pages come from a Facebook login
 * when an app is configured ('connected', or 'cancelled' when the user gave up); anything else
 * (WhatsApp, the Cloud API) is the caller's own form to open ('form'). `companyId`: a super admin adding to that company.
 */
async function connectChannelWith(
  connect: ConnectPages,
  channel: Channel,
  companyId?: number,
): Promise<'form' | 'connected' | 'cancelled'> {
  const appId = facebookAppId();
  if (channel === 'whatsapp' || channel === 'whatsappapi' || !appId) return 'form';
  const login = await facebookLogin(appId, channel === 'instagram');
  if (!login) return 'cancelled';
  await connect({ body: { ...login, addInstagram: channel === 'instagram', companyId } });
  return 'connected';
}

/**
 * connectChannel through a facebookConnect mutation: the connected pages show in every
 * connections list through its ROUTE_INVALIDATIONS entry (docs/development.md#data-layer).
 */
export function useConnectChannel() {
  const { mutateAsync } = useRouteMutation('facebookConnect');
  return useCallback(
    (channel: Channel, companyId?: number) => connectChannelWith(mutateAsync, channel, companyId),
    [mutateAsync],
  );
}

/** Last update as the connection tables show it (docs/product/connections.md#limits-and-defaults: dd/MM/yy HH:mm). */
export function lastUpdate(value: WhatsappView['updatedAt']): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yy HH:mm');
}
