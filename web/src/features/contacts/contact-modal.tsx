import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactEmail,
  contactExtraInfoInput,
  contactName,
  contactNumber,
  type ContactView,
} from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { translateValidation } from '@/lib/validation';
import { ContactTagsField, type TagChoice } from '../tags/contact-tags-field';
import { saveContactTags, sameTags } from './contact-tags';
import { contactKeys, useContact } from './queries';

/** A number shown masked (LGPD) cannot be edited: the form neither checks nor sends it. */
const isMasked = (number: string | null | undefined) => !!number && number.includes('*');

const formSchema = (masked: boolean) =>
  z.object({
    name: contactName,
    number: masked ? z.string() : contactNumber,
    email: contactEmail,
    disableBot: z.boolean(),
    extraInfo: z.array(contactExtraInfoInput),
  });
type FormValues = z.input<ReturnType<typeof formSchema>>;

const EMPTY: FormValues = { name: '', number: '', email: '', disableBot: false, extraInfo: [] };

function valuesOf(contact: ContactView | undefined): FormValues {
  if (!contact) return EMPTY;
  return {
    name: contact.name,
    number: contact.number ?? '',
    email: contact.email ?? '',
    disableBot: contact.disableBot,
    extraInfo: contact.extraInfo.map((e) => ({ id: e.id, name: e.name, value: e.value ?? '' })),
  };
}

/**
 * Create or edit a contact (docs/product/contacts.md#validation): name 2 to 250 characters, number digits only (8 to
 * 50), email valid or empty, the extra info list, saved whole, and the contact's tags (picked or
 * typed new, 'Tag muito curta!' under 3 characters), synced when the contact is saved.
 */
export function ContactModal({
  open,
  contactId,
  initialName,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The contact to edit; null creates one. */
  contactId: number | null;
  initialName?: string;
  onClose: () => void;
  onSaved?: (contact: ContactView) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const create = useRouteMutation('contactsCreate');
  const update = useRouteMutation('contactsUpdate');
  const { data: contact } = useContact(open ? contactId : null);
  const masked = isMasked(contact?.number);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(masked)),
    defaultValues: { ...EMPTY, name: initialName ?? '' },
  });
  const extra = useFieldArray({ control: form.control, name: 'extraInfo' });
  const { errors, isSubmitting } = form.formState;
  // The contact's tags, saved with the form (`POST /tags/sync` after the contact itself).
  const [tags, setTags] = useState<TagChoice[]>([]);

  // The form starts from the contact as loaded (or empty) every time the modal opens.
  useEffect(() => {
    if (!open) return;
    form.reset(contactId === null ? { ...EMPTY, name: initialName ?? '' } : valuesOf(contact));
    setTags(contactId === null ? [] : (contact?.tags ?? []));
  }, [open, contactId, contact, initialName, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      name: values.name,
      email: values.email ?? '',
      disableBot: values.disableBot,
      extraInfo: values.extraInfo.map((e) => ({ ...e, value: e.value ?? '' })),
      ...(masked ? {} : { number: values.number ?? '' }),
    };
    try {
      let saved =
        contactId === null
          ? await create.mutateAsync({ body })
          : await update.mutateAsync({ params: { id: contactId }, body });
      client.setQueryData(contactKeys.detail(saved.id), saved);
      if (!sameTags(tags, saved.tags))
        saved = { ...saved, tags: await saveContactTags(client, saved.id, tags) };
      notify.success(t('contactModal.saved'));
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const fieldError = (message: string | undefined) => translateValidation(message);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('contacts.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {contactId === null ? t('contactModal.addTitle') : t('contactModal.editTitle')}
          </DialogTitle>
          <DialogDescription>{t('contactModal.data')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            id="contact-name"
            label={t('contactModal.name')}
            error={fieldError(errors.name?.message)}
          >
            <Input
              id="contact-name"
              autoFocus
              aria-invalid={!!errors.name}
              {...form.register('name')}
            />
          </Field>
          <Field
            id="contact-number"
            label={t('contactModal.number')}
            error={fieldError(errors.number?.message)}
          >
            <Input
              id="contact-number"
              inputMode="numeric"
              placeholder="5511987654321"
              disabled={masked}
              aria-invalid={!!errors.number}
              aria-describedby="contact-number-hint"
              {...form.register('number')}
            />
            <p id="contact-number-hint" className="text-xs text-muted-foreground">
              {t('contactModal.numberHint')}
            </p>
          </Field>
          <Field
            id="contact-email"
            label={t('contactModal.email')}
            error={fieldError(errors.email?.message)}
          >
            <Input
              id="contact-email"
              type="email"
              aria-invalid={!!errors.email}
              {...form.register('email')}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox {...form.register('disableBot')} />
            {t('contactModal.disableBot')}
          </label>
          <ContactTagsField value={tags} onChange={setTags} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('contactModal.extraInfo')}</legend>
            {extra.fields.map((field, index) => (
              <div key={field.id} className="flex items-start gap-2">
                <Input
                  aria-label={`${t('contactModal.extraName')} ${index + 1}`}
                  placeholder={t('contactModal.extraName')}
                  aria-invalid={!!errors.extraInfo?.[index]?.name}
                  {...form.register(`extraInfo.${index}.name`)}
                />
                <Input
                  aria-label={`${t('contactModal.extraValue')} ${index + 1}`}
                  placeholder={t('contactModal.extraValue')}
                  {...form.register(`extraInfo.${index}.value`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('contactModal.removeExtra')}
                  onClick={() => extra.remove(index)}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => extra.append({ name: '', value: '' })}
            >
              <Plus />
              {t('contactModal.addExtra')}
            </Button>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('contactModal.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {t('contactModal.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
