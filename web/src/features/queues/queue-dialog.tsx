import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { Controller, FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Check, Select, TextArea, TextInput, formErrorText } from '@/components/form-fields';
import { SchedulesEditor } from '@/components/schedule-editor';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useScheduleType } from '@/features/settings/queries';
import { useCompany } from '@/features/shell/use-company';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ChatbotEditor, type ChatbotErrors } from './chatbot-editor';
import { useChatbotLookups, useQueue } from './queries';
import {
  emptyQueueForm,
  queueFormOf,
  queueFormSchema,
  ROTATION_MINUTES,
  type QueueBody,
  type QueueFormValues,
} from './queue-form';

type V = QueueFormValues;
const P = 'queue';

/** A shared schema's message as the queue dialog shows it (as the other shared forms do). */
export function queueErrorText(message: string | undefined): string | undefined {
  return formErrorText(message);
}

/**
 * Add or edit a queue (docs/product/queues-and-chatbots.md, docs/product/queues-and-chatbots.md#queues): its data and chatbot option tree on the first tab,
 * the working hours and out-of-hours text on the second (only when scheduleType is queue).
 * The whole tree is saved with the queue's PUT (or POST), ids editing and new options created.
 */
export function QueueDialog({
  open,
  queueId,
  onClose,
}: {
  open: boolean;
  /** The queue to edit; null adds one. */
  queueId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createQueue = useRouteMutation('queuesCreate');
  const updateQueue = useRouteMutation('queuesUpdate');
  const { plan } = useCompany();
  const withSchedules = useScheduleType() === 'queue';
  const editing = queueId !== null;
  const existing = useQueue(open ? queueId : null);
  // Fresh from the api on each opening: a cached copy (a queue reopened right after it was
  // saved) would fill the form with the values from before the save.
  const record = editing && existing.isFetchedAfterMount ? existing.data : undefined;
  const lookups = useChatbotLookups(open);
  const [tab, setTab] = useState<'data' | 'schedules'>('data');

  const resolver = useMemo(
    () => zodResolver(queueFormSchema(withSchedules)) as unknown as Resolver<V, unknown, QueueBody>,
    [withSchedules],
  );
  const form = useForm<V, unknown, QueueBody>({ resolver, defaultValues: emptyQueueForm() });
  const ativarRoteador = useWatch({ control: form.control, name: 'ativarRoteador' });

  // Each opening starts once from the queue (or an empty form with a random colour).
  const loaded = useRef(false);
  useEffect(() => {
    if (!open) {
      loaded.current = false;
      return;
    }
    if (loaded.current || (editing && !record)) return;
    loaded.current = true;
    setTab('data');
    form.reset(record ? queueFormOf(record) : emptyQueueForm());
  }, [open, editing, record, form]);

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        if (editing) await updateQueue.mutateAsync({ params: { id: queueId }, body });
        else await createQueue.mutateAsync({ body });
        notify.success(t('queueModal.saved'));
        onClose();
      } catch (err) {
        toastError(err);
      }
    },
    (errors) => {
      const onSchedules =
        !errors.name && !errors.color && !errors.chatbots && !errors.greetingMessage;
      if (withSchedules && onSchedules && (errors.schedules || errors.outOfHoursMessage))
        setTab('schedules');
      else setTab('data');
    },
  );

  const errors = form.formState.errors;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t('queueModal.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      >
        <DialogHeader>
          <DialogTitle>
            {editing ? t('queueModal.editTitle') : t('queueModal.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('queueModal.description')}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Tabs value={tab} onValueChange={(v) => setTab(v as 'data' | 'schedules')}>
              <TabsList aria-label={t('queueModal.description')}>
                <TabsTrigger value="data">{t('queueModal.tabs.data')}</TabsTrigger>
                {withSchedules ? (
                  <TabsTrigger value="schedules">{t('queueModal.tabs.schedules')}</TabsTrigger>
                ) : null}
              </TabsList>
              <TabsContent value="data">
                <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
                  <div className="grid content-start gap-4">
                    <TextInput<V> name="name" label={t('queueModal.name')} idPrefix={P} autoFocus />
                    <TextInput<V>
                      name="orderQueue"
                      type="number"
                      min="0"
                      label={t('queueModal.orderQueue')}
                      idPrefix={P}
                    />
                  </div>
                  <Controller
                    control={form.control}
                    name="color"
                    render={({ field }) => (
                      <Field
                        id="queue-color"
                        label={t('queueModal.colorHex')}
                        error={queueErrorText(errors.color?.message)}
                      >
                        <div className="flex items-start gap-3">
                          <HexColorPicker
                            color={field.value}
                            onChange={field.onChange}
                            aria-label={t('queueModal.color')}
                            style={{ width: 140, height: 120 }}
                          />
                          <div className="grid gap-2">
                            <span
                              className="size-9 rounded-md border"
                              style={{ backgroundColor: field.value }}
                              aria-hidden
                            />
                            <HexColorInput
                              id="queue-color"
                              prefixed
                              color={field.value}
                              onChange={field.onChange}
                              aria-invalid={!!errors.color}
                              className="h-9 w-24 rounded-md border bg-transparent px-2 text-sm"
                            />
                          </div>
                        </div>
                      </Field>
                    )}
                  />
                </div>
                <TextArea<V>
                  name="greetingMessage"
                  label={t('queueModal.greetingMessage')}
                  idPrefix={P}
                />
                <div className="grid gap-4 sm:grid-cols-3">
                  <div className="grid content-end gap-2">
                    <Check<V> name="closeTicket" label={t('queueModal.closeTicket')} idPrefix={P} />
                    <Check<V>
                      name="ativarRoteador"
                      label={t('queueModal.ativarRoteador')}
                      idPrefix={P}
                    />
                  </div>
                  {ativarRoteador ? (
                    <Select<V>
                      name="tempoRoteador"
                      label={t('queueModal.tempoRoteador')}
                      idPrefix={P}
                    >
                      {ROTATION_MINUTES.map((m) => (
                        <option key={m} value={String(m)}>
                          {t('queueModal.minutes', { count: m })}
                        </option>
                      ))}
                    </Select>
                  ) : null}
                  {plan.useIntegrations ? (
                    <Select<V>
                      name="integrationId"
                      label={t('queueModal.integration')}
                      idPrefix={P}
                    >
                      <option value="">{t('queueModal.none')}</option>
                      {lookups.integrations.map((i) => (
                        <option key={i.id} value={String(i.id)}>
                          {i.name}
                        </option>
                      ))}
                    </Select>
                  ) : null}
                  <Select<V> name="fileListId" label={t('queueModal.fileList')} idPrefix={P}>
                    <option value="">{t('queueModal.none')}</option>
                    {lookups.files.map((f) => (
                      <option key={f.id} value={String(f.id)}>
                        {f.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <Controller
                  control={form.control}
                  name="chatbots"
                  render={({ field }) => (
                    <ChatbotEditor
                      value={field.value}
                      onChange={field.onChange}
                      errors={errors.chatbots as unknown as ChatbotErrors}
                      lookups={lookups}
                      errorText={queueErrorText}
                    />
                  )}
                />
              </TabsContent>
              {withSchedules ? (
                <TabsContent value="schedules">
                  <p className="text-sm text-muted-foreground">{t('queueModal.scheduleHint')}</p>
                  <Controller
                    control={form.control}
                    name="schedules"
                    render={({ field }) => (
                      <SchedulesEditor
                        idPrefix="queue-schedule"
                        value={field.value}
                        onChange={field.onChange}
                        errors={
                          errors.schedules as unknown as Parameters<
                            typeof SchedulesEditor
                          >[0]['errors']
                        }
                        errorText={queueErrorText}
                      />
                    )}
                  />
                  <TextArea<V>
                    name="outOfHoursMessage"
                    label={t('queueModal.outOfHoursMessage')}
                    idPrefix={P}
                  />
                </TabsContent>
              ) : null}
            </Tabs>
            <FormDialogFooter
              cancelLabel={t('queueModal.cancel')}
              saveLabel={t('queueModal.save')}
              onCancel={onClose}
              saveDisabled={form.formState.isSubmitting || (editing && !record)}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
