import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { loadMoreNearBottom, type PagedList } from '@/lib/infinite-scroll';

/** A list page's search box: its label is also its placeholder. */
export function ListSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      type="search"
      className="w-60"
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A list page's add button. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus />
      {label}
    </Button>
  );
}

/** The scrolling frame of an infinite list: the next page loads near its bottom. */
export function InfiniteListFrame({ list, children }: { list: PagedList; children: ReactNode }) {
  return (
    <div
      className="min-h-0 flex-1 overflow-auto rounded-md border"
      onScroll={loadMoreNearBottom(list)}
    >
      {children}
    </div>
  );
}
