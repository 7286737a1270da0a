import type { ChatMessageView } from '@atendo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';

/** Edits the text of an own message (the api refuses after 15 minutes). */
export function EditMessageDialog({
  message,
  onClose,
  onSaved,
}: {
  message: ChatMessageView | null;
  onClose(): void;
  onSaved(message: ChatMessageView): void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const edit = useRouteMutation('messagesEdit');
  useEffect(() => setBody(message?.body ?? ''), [message]);
  const save = async () => {
    if (!message || !body.trim()) return;
    setSaving(true);
    try {
      const edited = await edit.mutateAsync({
        params: { messageId: message.id },
        body: { body },
      });
      onSaved(edited);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.editTitle')}</DialogTitle>
        </DialogHeader>
        <Textarea
          className="min-h-24 bg-background p-2"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-label={t('tickets.chat.editTitle')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button disabled={saving || !body.trim()} onClick={() => void save()}>
            {t('tickets.chat.save')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
