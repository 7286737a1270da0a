import { MessagesSquare } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { lazyNamed } from '@/lib/lazy';
import { TicketsManager } from './list/tickets-manager';
import { useWideScreen } from './list/use-wide-screen';
import { selectedTicketUuid } from './selected-ticket';

/** The list's width bounds (docs/product/tickets.md#limits-and-constants) and the width used before the user chose one. */
export const LIST_MIN_PX = 404;
export const LIST_MAX_PX = 700;
const LIST_DEFAULT_PX = 550;
const WIDTH_SAVE_DELAY_MS = 400;

// The conversation's code (composer, messages, drawer) loads once a ticket is opened.
const Conversation = lazyNamed(() => import('./conversation/conversation'), 'Conversation');

/** The open ticket's conversation, a spinner while its code loads. */
function OpenConversation({ uuid }: { uuid: string }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Conversation key={uuid} ticketUuid={uuid} />
    </Suspense>
  );
}

const clampWidth = (px: number) => Math.round(Math.min(LIST_MAX_PX, Math.max(LIST_MIN_PX, px)));

/** /tickets and /tickets/:ticketId: the ticket list and the conversation (docs/product/tickets.md#the-tickets-screen). */
export function TicketsPage() {
  const { ticketId } = useParams();
  const uuid = selectedTicketUuid(ticketId);
  const wide = useWideScreen();
  return (
    <div className="-m-6 h-[calc(100%+3rem)] min-h-0">
      {wide ? <WideLayout uuid={uuid} /> : <NarrowLayout uuid={uuid} />}
    </div>
  );
}

/** The list on the left (404 to 700 px, saved per user), the conversation on the right. */
function WideLayout({ uuid }: { uuid: string | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { setUser } = useAuth();
  const listPanel = usePanelRef();
  // The answer is the signed-in user, put back into the auth context.
  const saveUserWidth = useRouteMutation('usersToggleWidth');
  const [width] = useState(() => clampWidth(me.defaultTicketsManagerWidth ?? LIST_DEFAULT_PX));

  const saved = useRef(me.defaultTicketsManagerWidth ?? null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const saveWidth = async () => {
    const px = listPanel.current?.getSize().inPixels;
    if (!px) return;
    const next = clampWidth(px);
    if (next === saved.current) return;
    saved.current = next;
    try {
      setUser(
        await saveUserWidth.mutateAsync({
          params: { id: me.id },
          body: { defaultTicketsManagerWidth: next },
        }),
      );
    } catch (err) {
      toastError(err);
    }
  };
  // A drag or a run of arrow keys is saved once, when it settles.
  const saveSoon = () => {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveWidth(), WIDTH_SAVE_DELAY_MS);
  };

  return (
    <Group
      orientation="horizontal"
      className="h-full"
      onLayoutChanged={(_layout, meta) => {
        if (meta.isUserInteraction) saveSoon();
      }}
    >
      <Panel
        id="tickets-list"
        panelRef={listPanel}
        defaultSize={width}
        minSize={LIST_MIN_PX}
        maxSize={LIST_MAX_PX}
        className="border-r"
      >
        <TicketsManager selectedUuid={uuid} />
      </Panel>
      <Separator
        aria-label={t('tickets.list.resize')}
        className="w-1 bg-border transition-colors hover:bg-primary/40 data-[separator=active]:bg-primary/60"
      />
      <Panel id="tickets-conversation" minSize={320}>
        {uuid ? <OpenConversation uuid={uuid} /> : <Welcome />}
      </Panel>
    </Group>
  );
}

/** Narrow screens: 'Ticket' and 'Atendimentos' tabs; the conversation once one is chosen. */
function NarrowLayout({ uuid }: { uuid: string | null }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'ticket' | 'list'>(uuid ? 'ticket' : 'list');
  useEffect(() => {
    if (uuid) setView('ticket');
  }, [uuid]);
  return (
    <Tabs
      value={view}
      onValueChange={(next) => setView(next as typeof view)}
      className="flex h-full min-h-0 flex-col"
    >
      <TabsList className="flex-nowrap gap-0 pb-0">
        {(['ticket', 'list'] as const).map((key) => (
          <TabsTrigger
            key={key}
            value={key}
            className="flex-1 rounded-none border-b-2 border-transparent px-3 py-2 data-[state=active]:border-primary data-[state=active]:bg-transparent data-[state=active]:text-primary"
          >
            {t(key === 'ticket' ? 'tickets.list.narrowTicket' : 'tickets.list.narrowList')}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={view} className="block min-h-0 flex-1 pt-0">
        {view === 'list' ? (
          <TicketsManager selectedUuid={uuid} />
        ) : uuid ? (
          <OpenConversation uuid={uuid} />
        ) : (
          <div className="flex h-full items-center justify-center">
            <Button onClick={() => setView('list')}>{t('tickets.list.selectTicket')}</Button>
          </div>
        )}
      </TabsContent>
    </Tabs>
  );
}

/** What the right side shows with no ticket open. */
function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-muted/30 p-6 text-center">
      <div className="flex size-24 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MessagesSquare className="size-12" aria-hidden />
      </div>
      <p className="text-muted-foreground">{t('tickets.list.welcome')}</p>
    </div>
  );
}
