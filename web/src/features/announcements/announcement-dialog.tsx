import { zodResolver } from '@hookform/resolvers/zod';
import { createAnnouncementSchema, type AnnouncementView } from '@atendo/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AttachmentField } from '@/components/attachment-field';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { priorityKey } from './announcement-priority';

/** The announcement form waits this long before it sends (docs/product/internal-chat-and-announcements.md). */
export const ANNOUNCEMENT_SUBMIT_DELAY_MS = 400;

/** The image types the dialog offers (docs/product/internal-chat-and-announcements.md); the api checks the content again. */
const IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const isImageName = (file: File) =>
  /\.(png|jpe?g)$/i.test(file.name) || ['image/png', 'image/jpeg'].includes(file.type);

const formSchema = createAnnouncementSchema.pick({ title: true, text: true }).extend({
  status: z.enum(['true', 'false']),
  priority: z.enum(['1', '2', '3']),
});
type FormValues = z.input<typeof formSchema>;
const EMPTY: FormValues = { title: '', text: '', status: 'true', priority: '3' };

const errorText = (message: string | undefined) =>
  translateValidation(message, 'announcementValidation');

/**
 * Add or edit an announcement: title and text (required), status, priority, and one image
 * (png, jpg, jpeg) uploaded after the announcement is saved.
 */
export function AnnouncementDialog({
  open,
  record,
  onClose,
}: {
  open: boolean;
  /** The announcement to edit; null adds one. */
  record: AnnouncementView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useRouteMutation('announcementsCreate');
  const update = useRouteMutation('announcementsUpdate');
  const uploadMedia = useRouteMutation('announcementsMediaUpload');
  const deleteMedia = useRouteMutation('announcementsMediaDelete');
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setDropMedia(false);
    form.reset(
      record
        ? {
            title: record.title,
            text: record.text,
            status: record.status ? 'true' : 'false',
            priority: String(record.priority) as FormValues['priority'],
          }
        : EMPTY,
    );
  }, [open, record, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCEMENT_SUBMIT_DELAY_MS));
    const body = {
      title: values.title,
      text: values.text,
      status: values.status === 'true',
      priority: Number(values.priority),
    };
    try {
      const saved = record
        ? await update.mutateAsync({ params: { id: record.id }, body })
        : await create.mutateAsync({ body });
      if (file) {
        const formData = new FormData();
        formData.append('typeArch', 'announcements');
        formData.append('file', file, file.name);
        await uploadMedia.mutateAsync({ params: { id: saved.id }, formData });
      } else if (dropMedia && record?.mediaPath) {
        await deleteMedia.mutateAsync({ params: { id: saved.id } });
      }
      notify.success(t('announcementDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {record ? t('announcementDialog.editTitle') : t('announcementDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('announcementDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            id="announcement-title"
            label={t('announcementDialog.title')}
            error={errorText(errors.title?.message)}
          >
            <Input
              id="announcement-title"
              autoFocus
              aria-invalid={!!errors.title}
              {...form.register('title')}
            />
          </Field>
          <Field
            id="announcement-text"
            label={t('announcementDialog.text')}
            error={errorText(errors.text?.message)}
          >
            <Textarea
              id="announcement-text"
              rows={5}
              aria-invalid={!!errors.text}
              className="min-h-24"
              {...form.register('text')}
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="announcement-status" label={t('announcementDialog.status')}>
              <NativeSelect id="announcement-status" {...form.register('status')}>
                <option value="true">{t('announcements.active')}</option>
                <option value="false">{t('announcements.inactive')}</option>
              </NativeSelect>
            </Field>
            <Field id="announcement-priority" label={t('announcementDialog.priority')}>
              <NativeSelect id="announcement-priority" {...form.register('priority')}>
                {[1, 2, 3].map((p) => (
                  <option key={p} value={String(p)}>
                    {t(priorityKey(p))}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <AttachmentField
            label={t('announcementDialog.attachment')}
            attachLabel={t('announcementDialog.attach')}
            removeLabel={t('announcementDialog.removeAttachment')}
            emptyText={t('announcements.noMedia')}
            accept={IMAGE_ACCEPT}
            validate={(chosen) => (isImageName(chosen) ? null : t('announcementDialog.badType'))}
            file={file}
            storedName={dropMedia ? null : (record?.mediaName ?? null)}
            onChange={setFile}
            onRemove={() => {
              setFile(null);
              setDropMedia(true);
            }}
          />
          <FormDialogFooter
            cancelLabel={t('announcementDialog.cancel')}
            saveLabel={t('announcementDialog.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
