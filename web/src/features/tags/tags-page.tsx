import type { TagRowView } from '@atendo/domain';
import { Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ListSearch } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { toastError } from '@/lib/errors';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useTagsInfinite } from './queries';
import { tagSocketBinding } from './realtime';
import { TagContactsDialog } from './tag-contacts-dialog';
import { TagDialog } from './tag-dialog';
import { useUrlSearch } from '@/lib/use-url-search';

const BINDINGS = [tagSocketBinding] as const;

/** A tag's name on its colour, readable on light and dark colours. */
export function TagChip({ name, color }: { name: string; color: string | null }) {
  return (
    <span
      className="inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold text-white [text-shadow:0_0_2px_rgb(0_0_0/0.7)]"
      style={{ backgroundColor: color ?? '#9e9e9e' }}
    >
      {name}
    </span>
  );
}

/** /tags: search, add, and the infinitely scrolling table of tags with their contacts. */
export function TagsPage() {
  const { t } = useTranslation();
  useSocketCache(BINDINGS);
  const deleteTag = useRouteMutation('tagsDelete');
  const [search, setSearch, searchParam] = useUrlSearch();
  const [editing, setEditing] = useState<{ open: boolean; tag: TagRowView | null }>({
    open: false,
    tag: null,
  });
  const [showContacts, setShowContacts] = useState<TagRowView | null>(null);
  const [deleting, setDeleting] = useState<TagRowView | null>(null);
  const list = useTagsInfinite(searchParam);
  const tags = list.data?.pages.flatMap((p) => p.tags) ?? [];

  const onScroll = loadMoreNearBottom(list);

  const remove = async (tag: TagRowView) => {
    try {
      await deleteTag.mutateAsync({ params: { id: tag.id } });
      notify.success(t('tags.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="flex h-full flex-col p-6">
      <PageHeader title={t('tags.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('tags.search')} value={search} onChange={setSearch} />
          <AddButton label={t('tags.add')} onClick={() => setEditing({ open: true, tag: null })} />
        </div>
      </PageHeader>
      <div
        className="min-h-0 flex-1 overflow-auto rounded-md border"
        onScroll={onScroll}
        data-testid="tags-scroll"
      >
        <Table aria-label={t('tags.title')}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-20">{t('tags.id')}</TableHead>
              <TableHead>{t('tags.name')}</TableHead>
              <TableHead className="w-40 text-center">{t('tags.contacts')}</TableHead>
              <TableHead className="w-32 text-right">{t('tags.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id}>
                <TableCell>{tag.id}</TableCell>
                <TableCell>
                  <TagChip name={tag.name} color={tag.color} />
                </TableCell>
                <TableCell className="text-center">
                  <span className="mr-2 tabular-nums">{tag.contactsCount}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('tags.viewContacts', { name: tag.name })}
                    onClick={() => setShowContacts(tag)}
                  >
                    <Users />
                  </Button>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('tags.edit')}
                    onClick={() => setEditing({ open: true, tag })}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('tags.delete')}
                    onClick={() => setDeleting(tag)}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.isPending || list.isFetchingNextPage || tags.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-center text-muted-foreground">
                  {list.isPending || list.isFetchingNextPage ? t('tags.loading') : t('tags.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
      <TagDialog
        open={editing.open}
        tag={editing.tag}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <TagContactsDialog tag={showContacts} onClose={() => setShowContacts(null)} />
      <ConfirmDialog
        confirmLabel={t('tags.confirm')}
        cancelLabel={t('tags.cancel')}
        destructive
        open={!!deleting}
        title={t('tags.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        description={t('tags.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
