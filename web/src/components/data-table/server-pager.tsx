import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The pager under a table the api pages (`{ …, count, hasMore }`): what page this is, then
 * previous and next. Next follows the api's hasMore rather than a computed page count.
 */
export function ServerPager<TData>({
  table,
  summary,
  hasMore,
  previousLabel,
  nextLabel,
}: {
  table: Table<TData>;
  /** E.g. "Página 1 de 3 · 45 usuários". */
  summary: string;
  hasMore: boolean;
  previousLabel: string;
  nextLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('table.pagination')}
      className="mt-3 flex items-center justify-end gap-2 text-sm"
    >
      <span aria-live="polite">{summary}</span>
      <Button
        variant="outline"
        size="icon"
        aria-label={previousLabel}
        onClick={() => table.previousPage()}
        disabled={table.getState().pagination.pageIndex === 0}
      >
        <ChevronLeft />
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={nextLabel}
        onClick={() => table.nextPage()}
        disabled={!hasMore}
      >
        <ChevronRight />
      </Button>
    </nav>
  );
}
