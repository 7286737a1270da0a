import type { WhatsappView } from '@atendo/domain';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onRawEvent } from '@/lib/realtime/socket';
import { notify } from '@/lib/toast';

/** How long "preparing" shows after the import was asked for (docs/product/connections.md#limits-and-defaults). */
const PREPARING_MS = 35_000;
const CLOSE_BUTTON = 'renderButtonCloseTickets';

interface Progress {
  processed: number;
  total: number;
}

/** `importMessages-{companyId}` `{action:'update', status:{this, all}}` for this connection. */
function useImportProgress(whatsappId: number): Progress | null {
  const socket = useSocket();
  const { companyId } = useCurrentUser();
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    if (!socket) return;
    return onRawEvent(socket, 'importMessages', [companyId], (payload) => {
      if (payload.whatsappId !== whatsappId) return;
      if (payload.action === 'refresh') setProgress(null);
      if (payload.action === 'update' && payload.status)
        setProgress({ processed: payload.status.this, total: payload.status.all });
    });
  }, [socket, companyId, whatsappId]);
  return progress;
}

/**
 * A connection's message import (docs/product/connections.md#connection-status): "preparing" for 35 s after it was asked for,
 * then the processed/total progress, and at the end a button closing the imported tickets.
 */
export function ImportState({ connection }: { connection: WhatsappView }) {
  const { t } = useTranslation();
  const progress = useImportProgress(connection.id);
  const state = connection.statusImportMessages ?? null;
  const askedAt = state && /^\d+$/.test(state) ? Number(state) : null;
  const [now, setNow] = useState(() => Date.now());
  const preparing = askedAt !== null && now - askedAt < PREPARING_MS;
  const closeImportedTickets = useRouteMutation('closedImported');

  useEffect(() => {
    if (!preparing || askedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), askedAt + PREPARING_MS - Date.now());
    return () => clearTimeout(timer);
  }, [preparing, askedAt]);

  const closeImported = async () => {
    try {
      await closeImportedTickets.mutateAsync({ params: { id: connection.id } });
      notify.success(t('connections.closedImported'));
    } catch (err) {
      toastError(err);
    }
  };

  if (state === CLOSE_BUTTON)
    return (
      <Button size="sm" variant="outline" className="mt-1" onClick={() => void closeImported()}>
        {t('connections.closeImported')}
      </Button>
    );
  if (progress && progress.total > 0)
    return (
      <p className="mt-1 text-xs text-muted-foreground">
        {t('connections.importProgress', { processed: progress.processed, total: progress.total })}
      </p>
    );
  if (preparing)
    return (
      <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
        <Loader2 className="size-3 animate-spin" aria-hidden />
        {t('connections.importPreparing')}
      </p>
    );
  return null;
}
