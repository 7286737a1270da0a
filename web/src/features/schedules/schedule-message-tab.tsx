import type { ScheduleView } from '@atendo/domain';
import { useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentField } from '@/components/attachment-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ContactPicker } from './contact-picker';
import {
  isScheduleAttachment,
  SCHEDULE_ATTACHMENT_ACCEPT,
  SCHEDULE_VARIABLES,
  scheduleErrorText,
  type ScheduleFormValues,
} from './schedule-form';

type V = ScheduleFormValues;

/** The file chosen for upload on save, or the stored one marked for removal. */
export interface Attachment {
  file: File | null;
  drop: boolean;
}

/**
 * Whether the attach button shows (docs/product/schedules.md Schedule modal): only on an unsent schedule that has
 * no attachment (neither stored nor just chosen).
 */
export function canAttach(record: ScheduleView | undefined, attachment: Attachment): boolean {
  if (record?.sentAt) return false;
  if (attachment.file) return false;
  return !(record?.mediaPath && !attachment.drop);
}

/**
 * The Mensagem tab: the contact, the text (with buttons inserting the variables replaced at
 * send time), the send time and the attachment.
 */
export function ScheduleMessageTab({
  record,
  editable,
  attachment,
  onAttachment,
}: {
  record: ScheduleView | undefined;
  editable: boolean;
  attachment: Attachment;
  onAttachment: (next: Attachment) => void;
}) {
  const { t } = useTranslation();
  const { control, register, formState, getValues, setValue } = useFormContext<V>();
  const errors = formState.errors as typeof formState.errors & { contactId?: unknown };
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = register('body');
  const bodyError = scheduleErrorText(errors.body?.message);
  const sendAtError = errors.sendAt ? t('validation.required') : undefined;

  const insertVariable = (name: string) => {
    const text = getValues('body');
    const area = bodyRef.current;
    const at = area ? area.selectionStart : text.length;
    const end = area ? area.selectionEnd : text.length;
    const token = `{{${name}}}`;
    setValue('body', text.slice(0, at) + token + text.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  return (
    <>
      <Controller
        control={control}
        name="contact"
        render={({ field }) => (
          <Field
            id="schedule-contact"
            label={t('scheduleModal.contact')}
            error={errors.contactId ? t('scheduleModal.contactRequired') : undefined}
          >
            <ContactPicker
              id="schedule-contact"
              value={field.value}
              onChange={field.onChange}
              disabled={!editable}
              invalid={!!errors.contactId}
            />
          </Field>
        )}
      />
      <Field id="schedule-body" label={t('scheduleModal.body')} error={bodyError}>
        <Textarea
          id="schedule-body"
          rows={5}
          aria-invalid={!!bodyError}
          aria-describedby={bodyError ? 'schedule-body-error' : 'schedule-variables'}
          className="min-h-24"
          {...bodyField}
          ref={(el) => {
            bodyField.ref(el);
            bodyRef.current = el;
          }}
        />
      </Field>
      {editable ? (
        <div id="schedule-variables" className="flex flex-wrap items-center gap-1 text-sm">
          <span className="text-muted-foreground">{t('scheduleModal.variablesHint')}</span>
          {SCHEDULE_VARIABLES.map((name) => (
            <Button
              key={name}
              type="button"
              variant="outline"
              size="sm"
              title={t(`scheduleModal.variables.${name}`)}
              onClick={() => insertVariable(name)}
            >
              {`{{${name}}}`}
            </Button>
          ))}
        </div>
      ) : null}
      <Field id="schedule-sendAt" label={t('scheduleModal.sendAt')} error={sendAtError}>
        <Input
          id="schedule-sendAt"
          type="datetime-local"
          aria-invalid={!!sendAtError}
          {...register('sendAt')}
        />
      </Field>
      <AttachmentField
        label={t('scheduleModal.attachment')}
        attachLabel={t('scheduleModal.attach')}
        removeLabel={t('scheduleModal.removeAttachment')}
        accept={SCHEDULE_ATTACHMENT_ACCEPT}
        validate={(file) => (isScheduleAttachment(file) ? null : t('scheduleModal.badFileType'))}
        refuseToastId="scheduleBadFileType"
        hint={t('scheduleModal.attachTypes')}
        canAttach={canAttach(record, attachment)}
        canRemove={editable}
        file={attachment.file}
        storedName={attachment.drop ? null : (record?.mediaName ?? null)}
        onChange={(file) => onAttachment({ ...attachment, file })}
        onRemove={() => onAttachment({ file: null, drop: true })}
      />
    </>
  );
}
