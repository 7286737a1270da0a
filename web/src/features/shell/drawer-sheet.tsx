import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { AppDrawer } from './app-drawer';

/**
 * The phone layout's drawer: the expanded drawer in a sheet over the page, from the left,
 * opened by the top bar's menu button and closed by a followed link, Escape, the overlay or
 * its close button.
 */
export function DrawerSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          data-testid="drawer-sheet"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col shadow-lg"
        >
          <DialogPrimitive.Title className="sr-only">{t('shell.drawer')}</DialogPrimitive.Title>
          <AppDrawer collapsed={false} sheet onNavigate={() => onOpenChange(false)} />
          <DialogPrimitive.Close
            className="absolute top-4 right-3 rounded-xs p-1 text-sidebar-foreground opacity-70 transition-opacity hover:opacity-100"
            aria-label={t('common.close')}
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
