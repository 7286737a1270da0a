import { zodResolver } from '@hookform/resolvers/zod';
import { createContactListSchema, type ContactListView } from '@atendo/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
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
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { contactListValidationText } from './validation';

type FormValues = z.input<typeof createContactListSchema>;

/** Add or rename a contact list (docs/product/campaigns.md#validation: name 2-50 characters). */
export function ContactListDialog({
  open,
  list,
  onClose,
}: {
  open: boolean;
  /** The list to rename; null adds one. */
  list: Pick<ContactListView, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createList = useRouteMutation('contactListsCreate');
  const updateList = useRouteMutation('contactListsUpdate');
  const form = useForm<FormValues>({
    resolver: zodResolver(createContactListSchema),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset({ name: list?.name ?? '' });
  }, [open, list, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { name: values.name };
    try {
      if (list) await updateList.mutateAsync({ params: { id: list.id }, body });
      else await createList.mutateAsync({ body });
      notify.success(t('contactListDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('contactListDialog.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            {list ? t('contactListDialog.editTitle') : t('contactListDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('contactListDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            id="contact-list-name"
            label={t('contactListDialog.name')}
            error={contactListValidationText(errors.name?.message)}
          >
            <Input
              id="contact-list-name"
              autoFocus
              aria-invalid={!!errors.name}
              {...form.register('name')}
            />
          </Field>
          <FormDialogFooter
            cancelLabel={t('contactListDialog.cancel')}
            saveLabel={t('contactListDialog.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
