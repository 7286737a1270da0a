import { MEDIA_PAGE_SIZES } from '@atendo/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { DocumentMessage, ImageMessage } from '../messages/media-content';
import { chatKeys, type GalleryType } from '../queries';

const TABS = [
  { type: 'images', label: 'tickets.chat.galleryMedia' },
  { type: 'documents', label: 'tickets.chat.galleryDocuments' },
  { type: 'links', label: 'tickets.chat.galleryLinks' },
] as const satisfies readonly { type: GalleryType; label: string }[];

/** The contact's shared media, documents and links, a page at a time (20 / 10 / 10). */
export function ContactGallery({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const [type, setType] = useState<(typeof TABS)[number]['type']>('images');
  const limit = MEDIA_PAGE_SIZES[type];
  const gallery = useInfiniteQuery({
    queryKey: chatKeys.gallery(contactId, type),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call('messagesMedia', { query: { contactId, type, limit, offset: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * limit : undefined),
  });
  const items = gallery.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <section>
      <Tabs value={type} onValueChange={(next) => setType(next as typeof type)}>
        <TabsList className="mb-2 flex-nowrap gap-1 pb-0">
          {TABS.map((tab) => (
            <TabsTrigger
              key={tab.type}
              value={tab.type}
              className="rounded-none px-2 py-1 font-normal text-foreground data-[state=active]:border-b-2 data-[state=active]:border-primary data-[state=active]:bg-transparent data-[state=active]:font-medium"
            >
              {t(tab.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent
          value={type}
          className={cn(
            'pt-0',
            type === 'images' ? 'grid grid-cols-3 gap-1' : 'flex flex-col gap-1',
          )}
        >
          {items.map((m) =>
            type === 'images' && m.mediaUrl ? (
              <ImageMessage key={m.id} url={m.mediaUrl} alt={m.body ?? ''} />
            ) : type === 'documents' && m.mediaUrl ? (
              <DocumentMessage key={m.id} url={m.mediaUrl} body={m.body} />
            ) : (
              <a
                key={m.id}
                href={/https?:\/\/\S+/.exec(m.body ?? '')?.[0]}
                target="_blank"
                rel="noreferrer"
                className="truncate text-sm text-sky-700 hover:underline"
              >
                {/https?:\/\/\S+/.exec(m.body ?? '')?.[0] ?? m.body}
              </a>
            ),
          )}
        </TabsContent>
      </Tabs>
      {gallery.isSuccess && items.length === 0 && (
        <p className="text-muted-foreground text-xs">{t('tickets.chat.galleryEmpty')}</p>
      )}
      {gallery.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          disabled={gallery.isFetchingNextPage}
          onClick={() => void gallery.fetchNextPage()}
        >
          {t('tickets.chat.loadMore')}
        </Button>
      )}
    </section>
  );
}
