import { Construction } from 'lucide-react';

/** The honest empty body of a screen whose content arrives in a later version. */
export function ComingLater({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed p-12 text-center text-muted-foreground">
      <Construction className="size-8" aria-hidden />
      <p>{text}</p>
    </div>
  );
}
