import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactListItemEmail,
  contactListItemName,
  type ContactListItemView,
} from '@atendo/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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

/**
 * The item form (docs/product/campaigns.md#validation): name 2-50, number of 8-50 digits once its mask is dropped (the
 * api's rule, with this form's own message), email valid or empty.
 */
const formSchema = z.object({
  name: contactListItemName,
  number: z.string().refine((s) => /^\d{8,50}$/.test(s.replace(/[\s()+\-.]/g, '')), 'number'),
  email: contactListItemEmail,
});
type FormValues = z.input<typeof formSchema>;

/** Add or edit one contact of a list. */
export function ContactListItemDialog({
  open,
  contactListId,
  item,
  onClose,
}: {
  open: boolean;
  contactListId: number;
  /** The item to edit; null adds one. */
  item: ContactListItemView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createItem = useRouteMutation('contactListItemsCreate');
  const updateItem = useRouteMutation('contactListItemsUpdate');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', number: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open)
      form.reset({ name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' });
  }, [open, item, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { name: values.name, number: values.number, email: values.email || null };
    try {
      if (item) await updateItem.mutateAsync({ params: { id: item.id }, body });
      else await createItem.mutateAsync({ body: { ...body, contactListId } });
      notify.success(t('contactListItemDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const field = (name: keyof FormValues, type = 'text') => {
    const id = `contact-list-item-${name}`;
    const error = contactListValidationText(errors[name]?.message);
    return (
      <Field id={id} label={t(`contactListItemDialog.${name}`)} error={error}>
        <Input
          id={id}
          type={type}
          autoFocus={name === 'name'}
          aria-invalid={!!error}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('contactListItemDialog.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            {item ? t('contactListItemDialog.editTitle') : t('contactListItemDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('contactListItemDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {field('name')}
          {field('number', 'tel')}
          {field('email', 'email')}
          <FormDialogFooter
            cancelLabel={t('contactListItemDialog.cancel')}
            saveLabel={t('contactListItemDialog.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
