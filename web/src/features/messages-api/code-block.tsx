import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';

/** How long the copy button shows its check mark. */
const COPIED_MS = 1500;

/** A block of example code with a button that copies it as shown. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      notify.success(t('messagesApi.docs.copied'), 'messages-api-copied');
    } catch {
      notify.error(t('messagesApi.docs.copyFailed'), 'messages-api-copy-failed');
    }
  };

  return (
    <figure className="relative min-w-0">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        aria-label={label}
        className="overflow-x-auto rounded-md border bg-muted/50 p-4 pr-12 font-mono text-xs leading-relaxed"
      >
        <code>{code}</code>
      </pre>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        aria-label={`${t('messagesApi.docs.copy')}: ${label}`}
        onClick={() => void copy()}
      >
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </figure>
  );
}
