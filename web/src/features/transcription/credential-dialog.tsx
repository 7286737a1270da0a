import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTranscriptionCredentialSchema,
  EXTERNAL_TRANSCRIPTION_SERVICES,
  type ExternalTranscriptionService,
  type TranscriptionCredentialView,
} from '@atendo/domain';
import { ApiError } from '@atendo/api-client';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Check, Select, TextInput } from '@/components/form-fields';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';

type FormValues = z.input<typeof createTranscriptionCredentialSchema>;

/**
 * The transcription credential dialog (docs/product/settings.md): service, API key and active flag. Saving a
 * key for a service that has one replaces it (the server keeps one per service).
 */
export function CredentialDialog({
  open,
  service,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The service the dialog opens on. */
  service: ExternalTranscriptionService;
  onClose: () => void;
  /** Called with the saved credential (masked) after the success toast. */
  onSaved?: (credential: TranscriptionCredentialView) => void;
}) {
  const { t } = useTranslation();
  const create = useRouteMutation('transcriptionCredentialsCreate');
  const form = useForm<FormValues>({
    resolver: zodResolver(createTranscriptionCredentialSchema),
    defaultValues: { service, apiKey: '', isActive: true },
  });

  // Each opening starts empty on the asked service: the saved key is never read back.
  useEffect(() => {
    if (open) form.reset({ service, apiKey: '', isActive: true });
  }, [open, service, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await create.mutateAsync({ body: values });
      notify.success(t('transcription.credential.saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      // The server's text when it sent one (docs/product/errors.md#error-catalogue), else the dialog's own.
      if (err instanceof ApiError && typeof err.body?.error === 'string') toastError(err);
      else notify.error(t('transcription.credential.saveError'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('transcription.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('transcription.credential.title')}</DialogTitle>
          <DialogDescription>{t('transcription.credential.description')}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Select<FormValues>
              name="service"
              idPrefix="transcription-credential"
              label={t('transcription.credential.service')}
            >
              {EXTERNAL_TRANSCRIPTION_SERVICES.map((s) => (
                <option key={s} value={s}>
                  {t(`transcription.services.${s}`)}
                </option>
              ))}
            </Select>
            <TextInput<FormValues>
              name="apiKey"
              type="password"
              autoFocus
              idPrefix="transcription-credential"
              label={t('transcription.credential.apiKey')}
            />
            <Check<FormValues>
              name="isActive"
              idPrefix="transcription-credential"
              label={t('transcription.credential.isActive')}
            />
            <FormDialogFooter
              cancelLabel={t('transcription.credential.cancel')}
              saveLabel={t('transcription.credential.save')}
              onCancel={onClose}
              saveDisabled={form.formState.isSubmitting}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
