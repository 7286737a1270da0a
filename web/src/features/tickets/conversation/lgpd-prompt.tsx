import type { TicketView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { notify } from '@/lib/toast';
import { chatKeys } from './queries';

/**
 * Data-privacy consent: shown while the contact has not accepted and the company enabled LGPD.
 * The answer goes to the server; declining leaves for the site root.
 */
export function LgpdPrompt({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const respond = useRouteMutation('ticketsLgpdResponse');
  const answer = async (accepted: boolean) => {
    setBusy(true);
    try {
      const updated = await respond.mutateAsync({
        body: { ticketId: ticket.id, accepted },
      });
      client.setQueryData(chatKeys.ticket(ticket.uuid), updated);
      if (!accepted) navigate('/');
    } catch {
      notify.error(t('tickets.chat.lgpdError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 border-b bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50"
    >
      <ShieldCheck className="size-4" />
      <span className="flex-1">{t('tickets.chat.lgpdQuestion')}</span>
      <Button size="sm" disabled={busy} onClick={() => void answer(true)}>
        {t('tickets.chat.lgpdAccept')}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => void answer(false)}>
        {t('tickets.chat.lgpdDecline')}
      </Button>
    </div>
  );
}
