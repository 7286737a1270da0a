import type { TagRowView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, useListTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { tagKeys, useTagContacts } from './queries';
import { formatPhoneNumber } from '@/lib/phone';

type TagContact = NonNullable<ReturnType<typeof useTagContacts>['data']>[number];

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

  const columns: ColumnDef<TagContact, unknown>[] = [
    {
      id: 'id',
      header: t('tagContacts.id'),
      cell: ({ row }) => row.original.id,
      meta: { headClassName: 'w-16' },
    },
    { id: 'name', header: t('tagContacts.name'), cell: ({ row }) => row.original.name },
    {
      id: 'number',
      header: t('tagContacts.number'),
      cell: ({ row }) => formatPhoneNumber(row.original.number),
    },
    {
      id: 'remove',
      header: () => null,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('tagContacts.remove', { name: row.original.name })}
          onClick={() => void remove(row.original.id)}
        >
          <Trash2 />
        </Button>
      ),
      meta: { headClassName: 'w-12', cellClassName: 'text-right' },
    },
  ];
  const table = useListTable({
    data: contacts.data ?? [],
    columns,
    getRowId: (contact) => String(contact.id),
  });

  return (
    <Dialog open={!!tag} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('tags.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('tagContacts.title', { name: tag?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('tagContacts.description')}</DialogDescription>
        </DialogHeader>
        <div className="max-h-96 overflow-auto rounded-md border">
          <DataTable
            table={table}
            label={t('tagContacts.title', { name: tag?.name ?? '' })}
            status={{
              pending: contacts.isPending,
              loadingText: t('tagContacts.loading'),
              emptyText: t('tagContacts.empty'),
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
