import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** The ticket-held-by-someone notice: names the user and the queue holding the contact. */
export function HeldByDialog({
  holder,
  onClose,
}: {
  holder: { user: string; queue: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={holder !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('tickets.list.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.list.heldBy.title')}</DialogTitle>
          <DialogDescription>
            {t('tickets.list.heldBy.text', {
              user: holder?.user ?? '',
              queue: holder?.queue ?? '',
            })}
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('tickets.list.heldBy.ok')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
