import type { Table } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-url-search';

/**
 * A server-searched table's search box: the text answers at once, the table's search (kept in
 * the URL, read by the page's query) follows 500 ms after typing stops (docs/product/connections.md#limits-and-defaults).
 */
export function DebouncedTableSearch<TData>({
  table,
  label,
}: {
  table: Table<TData>;
  label: string;
}) {
  const settled = String(table.getState().globalFilter ?? '');
  const [text, setText] = useState(settled);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== settled) table.setGlobalFilter(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, settled, table]);
  return (
    <Input
      type="search"
      className="w-60"
      placeholder={label}
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}
