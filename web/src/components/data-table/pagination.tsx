import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { PAGE_SIZES } from './use-table-url-state';

/** Rows per page, "page x of y" and the first/previous/next/last buttons. */
export function DataTablePagination<TData>({ table }: { table: Table<TData> }) {
  const { t } = useTranslation();
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(table.getPageCount(), 1);
  const sizes = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);

  return (
    <nav
      aria-label={t('table.pagination')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <label className="flex items-center gap-2">
        <span className="whitespace-nowrap">{t('table.rowsPerPage')}</span>
        <NativeSelect
          className="w-20"
          value={pageSize}
          onChange={(event) => table.setPageSize(Number(event.target.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div className="flex items-center gap-1">
        <span className="mr-2" aria-live="polite">
          {t('table.pageOf', { page: pageIndex + 1, pageCount })}
        </span>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('table.firstPage')}
          onClick={() => table.setPageIndex(0)}
          disabled={!table.getCanPreviousPage()}
        >
          <ChevronsLeft />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('table.previousPage')}
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          <ChevronLeft />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('table.nextPage')}
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
        >
          <ChevronRight />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('table.lastPage')}
          onClick={() => table.setPageIndex(table.getPageCount() - 1)}
          disabled={!table.getCanNextPage()}
        >
          <ChevronsRight />
        </Button>
      </div>
    </nav>
  );
}
