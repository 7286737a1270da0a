import type { TicketView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { ContactModal } from '../../../contacts/contact-modal';
import { saveContactTags } from '../../../contacts/contact-tags';
import { useContact } from '../../../contacts/queries';
import { ContactTagsField, type TagChoice } from '../../../tags/contact-tags-field';
import { chatKeys, useKanbanTags } from '../queries';
import { ContactGallery } from './contact-gallery';
import { TicketNotes } from './ticket-notes';
import { formatPhoneNumber } from '@/lib/phone';

/** The ticket's kanban lane: one tag per ticket, or none. */
function KanbanStage({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lanes = useKanbanTags();
  const laneIds = new Set((lanes.data ?? []).map((l) => l.id));
  const current = ticket.tags.find((tag) => laneIds.has(tag.id))?.id ?? '';
  const [busy, setBusy] = useState(false);
  const setLane = useRouteMutation('ticketTagsStore');
  const clearLane = useRouteMutation('ticketTagsRemove');
  const change = async (value: string) => {
    setBusy(true);
    try {
      if (value)
        await setLane.mutateAsync({ params: { ticketId: ticket.id, tagId: Number(value) } });
      else await clearLane.mutateAsync({ params: { ticketId: ticket.id } });
      // The picker and the header's tags show the new lane at once.
      const lane = lanes.data?.find((l) => l.id === Number(value));
      client.setQueryData<TicketView>(chatKeys.ticket(ticket.uuid), (old) =>
        old
          ? {
              ...old,
              tags: [
                ...old.tags.filter((tag) => !laneIds.has(tag.id)),
                ...(lane ? [{ id: lane.id, name: lane.name, color: lane.color }] : []),
              ],
            }
          : old,
      );
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="flex flex-col gap-1">
      <Label htmlFor="chat-kanban">{t('tickets.chat.kanbanStage')}</Label>
      <NativeSelect
        id="chat-kanban"
        value={String(current)}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="">{t('tickets.chat.noStage')}</option>
        {(lanes.data ?? []).map((lane) => (
          <option key={lane.id} value={lane.id}>
            {lane.name}
          </option>
        ))}
      </NativeSelect>
    </section>
  );
}

/**
 * The contact's tags, edited in place: each pick, typed new tag or removal is saved at once
 * (`POST /tags/sync`, new tags created first), the field showing the new list while it is saved.
 */
function ContactTags({ ticket, tags }: { ticket: TicketView; tags: TagChoice[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<TagChoice[] | null>(null);
  // Saves run one after the other, so quick picks land in the order they were made.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef<TagChoice[] | null>(null);
  const change = (next: TagChoice[]) => {
    setPending(next);
    latest.current = next;
    queue.current = queue.current.then(async () => {
      try {
        await saveContactTags(client, ticket.contactId, next);
      } catch (err) {
        toastError(err);
      }
      if (latest.current === next) {
        latest.current = null;
        setPending(null);
      }
    });
  };
  return (
    <section>
      <ContactTagsField
        label={t('tickets.chat.contactTags')}
        value={pending ?? tags}
        onChange={change}
      />
    </section>
  );
}

/** The right-hand drawer: the contact, gallery, kanban stage, tags, notes and extra info. */
export function ContactDrawer({ ticket, onClose }: { ticket: TicketView; onClose(): void }) {
  const { t } = useTranslation();
  const contact = useContact(ticket.contactId);
  const [editing, setEditing] = useState(false);
  const info = contact.data;
  const picture = info?.urlPicture ?? info?.profilePicUrl ?? ticket.contact?.urlPicture;
  return (
    <aside
      className="bg-background flex h-full w-80 shrink-0 flex-col border-l"
      aria-label={t('tickets.chat.contactDetails')}
    >
      <div className="flex items-center justify-between border-b px-3 py-2">
        <h2 className="font-medium">{t('tickets.chat.contactDetails')}</h2>
        <Button size="icon" variant="ghost" onClick={onClose} aria-label={t('tickets.chat.close')}>
          <X />
        </Button>
      </div>
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-3">
        <section className="flex flex-col items-center gap-2 text-center">
          <Avatar className="size-20">
            {picture ? <AvatarImage src={picture} alt="" /> : null}
            <AvatarFallback>
              {(info?.name ?? ticket.contact?.name ?? '?').slice(0, 1)}
            </AvatarFallback>
          </Avatar>
          <div className="font-medium">{info?.name ?? ticket.contact?.name}</div>
          <div className="text-muted-foreground text-sm">
            {formatPhoneNumber(info?.number ?? ticket.contact?.number)}
          </div>
          {info?.email && <div className="text-muted-foreground text-sm">{info.email}</div>}
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Pencil /> {t('tickets.chat.editContact')}
          </Button>
        </section>
        <KanbanStage ticket={ticket} />
        <ContactTags ticket={ticket} tags={info?.tags ?? ticket.contact?.tags ?? []} />
        <ContactGallery contactId={ticket.contactId} />
        <TicketNotes ticket={ticket} />
        <section>
          <h3 className="mb-1 text-sm font-medium">{t('tickets.chat.extraInfo')}</h3>
          {(info?.extraInfo ?? []).length === 0 ? (
            <span className="text-muted-foreground text-xs">{t('tickets.chat.noExtraInfo')}</span>
          ) : (
            <dl className="text-sm">
              {info!.extraInfo.map((field) => (
                <div key={field.id ?? field.name} className="flex gap-2">
                  <dt className="font-medium">{field.name}:</dt>
                  <dd className="break-all">{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
      <ContactModal open={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
    </aside>
  );
}
