import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PlanGate } from '@/components/plan-gate';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import { useUrlSearch } from '@/lib/use-url-search';
import { ChatDialog } from './chat-dialog';
import { ChatList } from './chat-list';
import { MessagePane } from './message-pane';
import { flattenChats, internalChatKeys, useChatsInfinite, type ChatRow } from './queries';
import { markChatRead, removeChat, useInternalChatRealtime } from './realtime';

type Tab = 'chats' | 'messages';

/**
 * /chats and /chats/:uuid (docs/product/internal-chat-and-announcements.md Internal chat): the caller's chats on the left, the open
 * chat's messages on the right; below the md breakpoint two tabs, Chats and Mensagens. Needs
 * the plan's useInternalChat (otherwise an error toast and home after a second).
 */
export function ChatsPage() {
  return (
    <PlanGate feature="useInternalChat">
      <InternalChat />
    </PlanGate>
  );
}

/** The chat the URL names: from the loaded list, or as last seen while a search hides it. */
function useSelectedChat(rows: ChatRow[], uuid: string | undefined): ChatRow | null {
  const found = uuid ? rows.find((c) => c.uuid === uuid) : undefined;
  const [kept, setKept] = useState<ChatRow | null>(null);
  useEffect(() => {
    if (found) setKept(found);
  }, [found]);
  return found ?? (kept && kept.uuid === uuid ? kept : null);
}

function InternalChat() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const deleteChat = useRouteMutation('chatsDelete');
  const navigate = useNavigate();
  const { uuid } = useParams();
  const location = useLocation();
  const me = useCurrentUser();
  const [search, setSearch, searchParam] = useUrlSearch();
  const query = useChatsInfinite(searchParam);
  const rows = flattenChats(query.data);
  const selected = useSelectedChat(rows, uuid);
  const selectedId = selected?.id ?? null;
  const [tab, setTab] = useState<Tab>(uuid ? 'messages' : 'chats');
  const [editing, setEditing] = useState<{ open: boolean; chat: ChatRow | null }>({
    open: false,
    chat: null,
  });
  const [deleting, setDeleting] = useState<ChatRow | null>(null);

  const closeOpenChat = useCallback(() => {
    setTab('chats');
    void navigate('/chats');
  }, [navigate]);
  useInternalChatRealtime(selectedId, closeOpenChat);

  // docs/product/internal-chat-and-announcements.md: selecting a chat marks it read — once per chat opened, also when the URL
  // opens it (a click marks it itself, and again when the same chat is clicked).
  const readFor = useRef<number | null>(null);
  useEffect(() => {
    if (selectedId === null || readFor.current === selectedId) return;
    readFor.current = selectedId;
    void markChatRead(client, selectedId);
  }, [client, selectedId]);

  /** docs/product/internal-chat-and-announcements.md: selecting clears the message list, resets the paging and marks it read. */
  const select = (chat: ChatRow) => {
    client.removeQueries({ queryKey: internalChatKeys.messages(chat.id) });
    readFor.current = chat.id;
    void markChatRead(client, chat.id);
    setTab('messages');
    if (chat.uuid !== uuid) void navigate(`/chats/${chat.uuid}${location.search}`);
  };

  const remove = async (chat: ChatRow) => {
    try {
      await deleteChat.mutateAsync({ params: { id: chat.id } });
      removeChat(client, chat.id);
      if (chat.id === selectedId) closeOpenChat();
    } catch {
      // docs/product/errors.md#console-messages: the chat's api failures are silently ignored.
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col p-4 md:p-6">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">{t('internalChat.title')}</h1>
      <Tabs
        value={tab}
        onValueChange={(v) => setTab(v as Tab)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <TabsList className="mb-2 md:hidden">
          <TabsTrigger value="chats">{t('internalChat.tabChats')}</TabsTrigger>
          <TabsTrigger value="messages">{t('internalChat.tabMessages')}</TabsTrigger>
        </TabsList>
        <div className="flex min-h-0 flex-1 overflow-hidden rounded-md border">
          <TabsContent
            value="chats"
            className="flex min-h-0 w-full flex-col gap-0 pt-0 md:flex md:w-80 md:shrink-0 md:border-r md:data-[state=inactive]:flex"
          >
            <div className="flex items-center gap-2 border-b p-2">
              <Input
                type="search"
                placeholder={t('internalChat.search')}
                aria-label={t('internalChat.search')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <Button
                size="icon"
                aria-label={t('internalChat.add')}
                title={t('internalChat.add')}
                onClick={() => setEditing({ open: true, chat: null })}
              >
                <Plus />
              </Button>
            </div>
            <ChatList
              chats={rows}
              userId={me.id}
              selectedId={selectedId}
              pending={query.isPending || query.isFetchingNextPage}
              onSelect={select}
              onEdit={(chat) => setEditing({ open: true, chat })}
              onDelete={setDeleting}
              onScroll={loadMoreNearBottom(query)}
            />
          </TabsContent>
          <TabsContent
            value="messages"
            className="flex min-h-0 w-full min-w-0 flex-1 flex-col gap-0 pt-0 md:flex md:data-[state=inactive]:flex"
          >
            {selected ? (
              <MessagePane key={selected.id} chat={selected} userId={me.id} />
            ) : (
              <p className="m-auto p-6 text-center text-sm text-muted-foreground">
                {t('internalChat.selectChat')}
              </p>
            )}
          </TabsContent>
        </div>
      </Tabs>
      <ChatDialog
        open={editing.open}
        chat={editing.chat}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('internalChat.confirmDeleteTitle', { title: deleting?.title ?? '' })}
        description={t('internalChat.confirmDelete')}
        confirmLabel={t('internalChat.confirm')}
        cancelLabel={t('internalChat.cancel')}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
