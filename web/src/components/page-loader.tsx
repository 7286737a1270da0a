import { Loader2 } from 'lucide-react';

/** A full-area spinner while something the page needs is loading. */
export function PageLoader() {
  return (
    <div
      className="flex min-h-[50vh] flex-1 items-center justify-center"
      role="status"
      aria-live="polite"
    >
      <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
    </div>
  );
}
