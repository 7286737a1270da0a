import type { TicketView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { chatKeys } from '../queries';

/** A note needs at least this many characters (docs/product/tickets.md#validation). */
export const NOTE_MIN_LENGTH = 2;

/** The ticket's notes: list, add and delete (with confirmation). */
export function TicketNotes({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const createNote = useRouteMutation('ticketNotesCreate');
  const deleteNote = useRouteMutation('ticketNotesDelete');
  const key = chatKeys.notes(ticket.id);
  const notes = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call('ticketNotesList', {
        query: { ticketId: ticket.id, contactId: ticket.contactId },
        signal,
      }),
  });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const valid = text.trim().length >= NOTE_MIN_LENGTH;

  const add = async () => {
    if (!valid) return;
    setSaving(true);
    try {
      await createNote.mutateAsync({
        body: { note: text.trim(), ticketId: ticket.id, contactId: ticket.contactId },
      });
      notify.success(t('tickets.chat.noteAdded'));
      setText('');
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await deleteNote.mutateAsync({ params: { id } });
      notify.success(t('tickets.chat.noteDeleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">{t('tickets.chat.notes')}</h3>
      <Textarea
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('tickets.chat.newNote')}
        placeholder={t('tickets.chat.newNote')}
        className="min-h-0 bg-background px-2 py-1"
      />
      <Button size="sm" disabled={!valid || saving} onClick={() => void add()}>
        {t('tickets.chat.addNote')}
      </Button>
      <ul className="flex flex-col gap-2">
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="rounded border p-2 text-sm">
            <div className="whitespace-pre-wrap">{note.note}</div>
            <div className="text-muted-foreground mt-1 flex items-center justify-between text-xs">
              <span>
                {note.user?.name}
                {note.createdAt && ` · ${format(new Date(note.createdAt), 'dd/MM/yyyy HH:mm')}`}
              </span>
              <Button
                size="icon"
                variant="ghost"
                className="size-6"
                onClick={() => setDeleting(note.id)}
                aria-label={t('tickets.chat.deleteNote')}
              >
                <Trash2 className="size-3.5" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        confirmLabel={t('tickets.chat.confirm')}
        cancelLabel={t('tickets.chat.cancel')}
        open={deleting !== null}
        title={t('tickets.chat.deleteNote')}
        description={t('tickets.chat.deleteNoteConfirm')}
        onConfirm={() => deleting !== null && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
