import type { ChatMessageView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { Composer, SIGN_MESSAGE_KEY } from './composer/composer';
import { ConversationHeader } from './conversation-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ContactDrawer } from './drawer/contact-drawer';
import { LgpdPrompt } from './lgpd-prompt';
import type { MessageActions } from './messages/message-bubble';
import { EditMessageDialog } from './messages/edit-message-dialog';
import { ForwardDialog } from './messages/forward-dialog';
import { MessageList } from './messages/message-list';
import { useCompanySettings, useTicket } from './queries';
import { applyMessage, useConversationRealtime } from './realtime';

/** The open ticket's conversation: header, messages, composer and the contact drawer. */
export function Conversation({ ticketUuid }: { ticketUuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const client = useQueryClient();
  const ticket = useTicket(ticketUuid);
  const settings = useCompanySettings(me.companyId);
  const [drawer, setDrawer] = useState(false);
  const [quoted, setQuoted] = useState<ChatMessageView | null>(null);
  const [editing, setEditing] = useState<ChatMessageView | null>(null);
  const [deleting, setDeleting] = useState<ChatMessageView | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [forwarding, setForwarding] = useState(false);
  const removeMessage = useRouteMutation('messagesDelete', {
    // The bubble turns into "deleted" at once, before the socket's copy arrives.
    onSuccess: (deleted) => applyMessage(client, ticketUuid, 'update', deleted),
  });
  useConversationRealtime(ticket.data);

  // docs/product/errors.md#error-catalogue: a ticket that cannot be loaded sends the user back to the list
  useEffect(() => {
    if (ticket.isError) {
      toastError(ticket.error);
      navigate('/tickets');
    }
  }, [ticket.isError, ticket.error, navigate]);
  useEffect(() => {
    setQuoted(null);
    setSelecting(false);
    setSelected(new Set());
  }, [ticketUuid]);

  const actions = useMemo<MessageActions>(
    () => ({
      onReply: setQuoted,
      onEdit: setEditing,
      onDelete: setDeleting,
      onForward: (message) => {
        setSelecting(true);
        setSelected(new Set([message.id]));
      },
    }),
    [],
  );

  if (!ticket.data)
    return (
      <div className="flex h-full items-center justify-center">
        <Loader2 className="size-6 animate-spin" aria-label={t('tickets.chat.loading')} />
      </div>
    );

  const current = ticket.data;
  const lgpdPending = !current.lgpdAccepted && settings.data?.enableLGPD === 'enabled';
  const toggle = (message: ChatMessageView) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(message.id)) next.delete(message.id);
      else next.add(message.id);
      return next;
    });
  const startForward = () => {
    if (selected.size === 0) {
      notify.error(t('tickets.chat.forwardNone'));
      return;
    }
    setForwarding(true);
  };
  const deleteMessage = async (message: ChatMessageView) => {
    try {
      await removeMessage.mutateAsync({ params: { messageId: message.id } });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <ConversationHeader ticket={current} onToggleDrawer={() => setDrawer((v) => !v)} />
        {lgpdPending && <LgpdPrompt ticket={current} />}
        <MessageList
          ticketUuid={ticketUuid}
          isGroup={current.isGroup}
          actions={actions}
          selecting={selecting}
          selectedIds={selected}
          onToggleSelect={toggle}
        />
        {selecting ? (
          <div className="bg-background flex items-center justify-between border-t px-4 py-2 text-sm">
            <span>{t('tickets.chat.selectedCount', { count: selected.size })}</span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setSelecting(false);
                  setSelected(new Set());
                }}
              >
                {t('tickets.chat.cancel')}
              </Button>
              <Button size="sm" onClick={startForward}>
                {t('tickets.chat.forward')}
              </Button>
            </div>
          </div>
        ) : (
          <Composer ticket={current} quoted={quoted} onClearQuoted={() => setQuoted(null)} />
        )}
      </div>
      {drawer && <ContactDrawer ticket={current} onClose={() => setDrawer(false)} />}
      <EditMessageDialog
        message={editing}
        onClose={() => setEditing(null)}
        onSaved={(edited) => applyMessage(client, ticketUuid, 'update', edited)}
      />
      <ConfirmDialog
        confirmLabel={t('tickets.chat.confirm')}
        cancelLabel={t('tickets.chat.cancel')}
        open={deleting !== null}
        title={t('tickets.chat.deleteMessageTitle')}
        description={t('tickets.chat.deleteMessageText')}
        onConfirm={() => deleting && void deleteMessage(deleting)}
        onClose={() => setDeleting(null)}
      />
      <ForwardDialog
        open={forwarding}
        onOpenChange={setForwarding}
        messageIds={[...selected]}
        signMessage={localStorage.getItem(SIGN_MESSAGE_KEY) !== 'false'}
        onDone={() => {
          setSelecting(false);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
