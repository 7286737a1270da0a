import type { TagRowView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { tagKeys, useTagContacts } from './queries';
import { formatPhoneNumber } from '@/lib/phone';

/** The contacts carrying a tag (id, name, number), each with a button taking the tag off. */
export function TagContactsDialog({
  tag,
  onClose,
}: {
  tag: Pick<TagRowView, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const removeContact = useRouteMutation('tagsRemoveContact');
  const contacts = useTagContacts(tag?.id ?? null);

  const remove = async (contactId: number) => {
    if (!tag) return;
    try {
      await removeContact.mutateAsync({ params: { tagId: tag.id, contactId } });
      notify.success(t('tagContacts.removed'));
      client.setQueryData<{ id: number }[]>(tagKeys.contacts(tag.id), (list) =>
        list?.filter((c) => c.id !== contactId),
      );
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open={!!tag} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('tags.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('tagContacts.title', { name: tag?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('tagContacts.description')}</DialogDescription>
        </DialogHeader>
        <div className="max-h-96 overflow-auto rounded-md border">
          <Table aria-label={t('tagContacts.title', { name: tag?.name ?? '' })}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">{t('tagContacts.id')}</TableHead>
                <TableHead>{t('tagContacts.name')}</TableHead>
                <TableHead>{t('tagContacts.number')}</TableHead>
                <TableHead className="w-12" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {(contacts.data ?? []).map((contact) => (
                <TableRow key={contact.id}>
                  <TableCell>{contact.id}</TableCell>
                  <TableCell>{contact.name}</TableCell>
                  <TableCell>{formatPhoneNumber(contact.number)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('tagContacts.remove', { name: contact.name })}
                      onClick={() => void remove(contact.id)}
                    >
                      <Trash2 />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {contacts.isPending || (contacts.data?.length ?? 0) === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="text-center text-muted-foreground">
                    {contacts.isPending ? t('tagContacts.loading') : t('tagContacts.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
