import { ApiError } from '@atendo/api-client';
import type { WhatsappView } from '@atendo/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { connectionKeys } from './queries';
import { migrateTickets } from './migrate';

/** How long the migration's status snackbar stays (docs/product/connections.md#limits-and-defaults). */
const SNACKBAR_MS = 6000;
const SEARCH_DEBOUNCE_MS = 500;
const TOAST_ID = 'tickets-migration';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** One connection's open and pending tickets, paged and searchable. */
function useMigrationTickets(whatsappId: number | null, searchParam: string) {
  return useInfiniteQuery({
    queryKey: [...connectionKeys.all, 'migration', whatsappId, searchParam] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('ticketsMigrationList', {
        query: {
          whatsappId: whatsappId!,
          pageNumber: pageParam,
          status: 'open,pending',
          searchParam,
          showAll: 'true',
        } as never,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: whatsappId !== null,
    staleTime: 0,
  });
}

/**
 * Ticket migration (docs/product/connections.md#connection-status, docs/product/connections.md#validation): pick a source connection, select among its open and
 * pending tickets, pick a different target; they move in batches with a status snackbar
 * and a final count of migrated and failed tickets.
 */
export function MigrationModal({
  open,
  onClose,
  connections,
}: {
  open: boolean;
  onClose: () => void;
  connections: WhatsappView[];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [source, setSource] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const startMigration = useRouteMutation('ticketMigrationStart');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useMigrationTickets(open ? source : null, searchParam);
  const tickets = list.data?.pages.flatMap((p) => p.tickets) ?? [];

  useEffect(() => {
    if (open) return;
    setSource(null);
    setTarget(null);
    setSearch('');
    setSelected(new Set());
    setProblem(null);
  }, [open]);

  const loadError =
    list.error instanceof ApiError && list.error.status === 400
      ? t('migration.invalidData')
      : list.error
        ? (list.error instanceof ApiError &&
            typeof (list.error.body as { error?: unknown })?.error === 'string' &&
            String((list.error.body as { error: string }).error)) ||
          t('migration.loadFailed')
        : null;

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = tickets.length > 0 && tickets.every((tk) => selected.has(tk.id));

  const run = async () => {
    if (!source) return setProblem(t('migration.needSource'));
    if (!target || target === source) return setProblem(t('migration.needTarget'));
    if (selected.size === 0) return setProblem(t('migration.needTickets'));
    setProblem(null);
    setRunning(true);
    const ids = [...selected];
    try {
      const result = await migrateTickets(startMigration.mutateAsync, ids, target, (done, total) =>
        toast.info(t('migration.progress', { done, total }), {
          id: TOAST_ID,
          duration: SNACKBAR_MS,
        }),
      );
      toast.success(t('migration.done', { ok: result.ok, failed: result.failed }), {
        id: TOAST_ID,
        duration: SNACKBAR_MS,
      });
      void client.invalidateQueries({ queryKey: ['tickets'] });
      void client.invalidateQueries({ queryKey: [...connectionKeys.all, 'migration'] });
      setSelected(new Set());
    } catch {
      toast.error(t('migration.failed'), { id: TOAST_ID, duration: SNACKBAR_MS });
    } finally {
      setRunning(false);
    }
  };

  const option = (w: WhatsappView) => (
    <option key={w.id} value={String(w.id)}>
      {w.name}
    </option>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !running && onClose()}>
      <DialogContent closeLabel={t('qrModal.close')} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('migration.title')}</DialogTitle>
          <DialogDescription>{t('migration.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="migration-source" label={t('migration.source')}>
            <NativeSelect
              id="migration-source"
              value={source ?? ''}
              onChange={(e) => {
                setSource(e.target.value ? Number(e.target.value) : null);
                setSelected(new Set());
              }}
            >
              <option value="">{t('migration.choose')}</option>
              {connections.map(option)}
            </NativeSelect>
          </Field>
          <Field id="migration-target" label={t('migration.target')}>
            <NativeSelect
              id="migration-target"
              value={target ?? ''}
              onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('migration.choose')}</option>
              {connections.filter((w) => w.id !== source).map(option)}
            </NativeSelect>
          </Field>
        </div>
        {source ? (
          <div className="grid gap-2">
            <Input
              type="search"
              aria-label={t('migration.search')}
              placeholder={t('migration.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div className="max-h-72 overflow-auto rounded-md border">
              {loadError ? (
                <p role="alert" className="p-3 text-sm text-destructive">
                  {loadError}
                </p>
              ) : list.isPending ? (
                <p className="p-3 text-sm text-muted-foreground">{t('connections.loading')}</p>
              ) : tickets.length === 0 ? (
                <p className="p-3 text-sm text-muted-foreground">{t('migration.empty')}</p>
              ) : (
                <ul className="divide-y">
                  <li className="flex items-center gap-2 p-2 text-sm font-medium">
                    <Checkbox
                      aria-label={t('migration.selectAll')}
                      checked={allSelected}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(tickets.map((tk) => tk.id)))
                      }
                    />
                    {t('migration.selectAll')}
                  </li>
                  {tickets.map((tk) => (
                    <li key={tk.id} className="flex items-center gap-2 p-2 text-sm">
                      <Checkbox
                        aria-label={t('migration.select', { id: tk.id })}
                        checked={selected.has(tk.id)}
                        onChange={() => toggle(tk.id)}
                      />
                      <span className="w-12 text-muted-foreground tabular-nums">#{tk.id}</span>
                      <span className="flex-1 truncate">
                        {tk.contact.name}
                        {tk.lastMessage ? (
                          <span className="ml-2 text-muted-foreground">{tk.lastMessage}</span>
                        ) : null}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {tk.status === 'open'
                          ? t('migration.statusOpen')
                          : t('migration.statusPending')}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {list.hasNextPage ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('migration.loadMore')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-muted-foreground">
            {t('migration.selected', { count: selected.size })}
          </span>
          <div className="flex gap-2">
            <Button type="button" variant="outline" disabled={running} onClick={onClose}>
              {t('migration.cancel')}
            </Button>
            <Button type="button" disabled={running} onClick={() => void run()}>
              {t('migration.run')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
