import { zodResolver } from '@hookform/resolvers/zod';
import { quickMessageShortcode, type QuickMessageView } from '@atendo/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AttachmentField } from '@/components/attachment-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';

const formSchema = z.object({
  shortcode: quickMessageShortcode,
  message: z.string().max(20_000, 'Too Long!'),
  geral: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;
const EMPTY: FormValues = { shortcode: '', message: '', geral: false };

const errorText = (message: string | undefined) => translateValidation(message);

/** Who is editing: their id and whether they administer the company. */
export interface Editor {
  userId: number;
  isAdmin: boolean;
}

/**
 * Whether `editor` may change `record`: its owner, or an admin on a shared one (a non-owner's
 * view of a message that is not shared is read-only, docs/product/kanban-and-tags.md).
 */
export function canEditQuickMessage(record: QuickMessageView | null, editor: Editor): boolean {
  if (!record) return true;
  return record.userId === editor.userId || (editor.isAdmin && record.geral);
}

/**
 * Add or edit a quick reply: shortcode (required), message, shared with everyone (geral), and
 * one attachment, uploaded after the message is saved.
 */
export function QuickMessageDialog({
  open,
  record,
  editor,
  onClose,
}: {
  open: boolean;
  /** The message to edit; null adds one. */
  record: QuickMessageView | null;
  editor: Editor;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createRecord = useRouteMutation('quickMessagesCreate');
  const updateRecord = useRouteMutation('quickMessagesUpdate');
  const uploadMedia = useRouteMutation('quickMessagesMediaUpload');
  const deleteMedia = useRouteMutation('quickMessagesMediaDelete');
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const editable = canEditQuickMessage(record, editor);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setDropMedia(false);
    form.reset(
      record
        ? { shortcode: record.shortcode, message: record.message ?? '', geral: record.geral }
        : EMPTY,
    );
  }, [open, record, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = record
        ? await updateRecord.mutateAsync({ params: { id: record.id }, body: values })
        : await createRecord.mutateAsync({ body: values });
      if (file) {
        const formData = new FormData();
        formData.append('typeArch', 'quickMessage');
        formData.append('file', file, file.name);
        await uploadMedia.mutateAsync({ params: { id: saved.id }, formData });
      } else if (dropMedia && record?.mediaPath) {
        await deleteMedia.mutateAsync({ params: { id: saved.id } });
      }
      notify.success(t('quickMessageDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const title = !record
    ? t('quickMessageDialog.addTitle')
    : editable
      ? t('quickMessageDialog.editTitle')
      : t('quickMessageDialog.viewTitle');

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('quickMessages.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editable ? t('quickMessageDialog.description') : t('quickMessageDialog.readOnly')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <fieldset className="grid gap-4" disabled={!editable}>
            <Field
              id="qm-shortcode"
              label={t('quickMessageDialog.shortcode')}
              error={errorText(errors.shortcode?.message)}
            >
              <Input
                id="qm-shortcode"
                autoFocus
                aria-invalid={!!errors.shortcode}
                {...form.register('shortcode')}
              />
            </Field>
            <Field
              id="qm-message"
              label={t('quickMessageDialog.message')}
              error={errorText(errors.message?.message)}
            >
              <Textarea
                id="qm-message"
                rows={6}
                className="min-h-24"
                aria-invalid={!!errors.message}
                {...form.register('message')}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox {...form.register('geral')} />
              {t('quickMessageDialog.geral')}
            </label>
            <AttachmentField
              label={t('quickMessageDialog.attachment')}
              attachLabel={t('quickMessageDialog.attach')}
              removeLabel={t('quickMessageDialog.removeAttachment')}
              emptyText={t('quickMessages.noMedia')}
              file={file}
              storedName={dropMedia ? null : (record?.mediaName ?? null)}
              onChange={setFile}
              onRemove={() => {
                setFile(null);
                setDropMedia(true);
              }}
            />
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('quickMessageDialog.cancel')}
            </Button>
            {editable ? (
              <Button type="submit" disabled={isSubmitting}>
                {t('quickMessageDialog.save')}
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
