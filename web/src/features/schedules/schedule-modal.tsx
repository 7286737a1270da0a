import { zodResolver } from '@hookform/resolvers/zod';
import type { ScheduleView } from '@atendo/domain';
import { format } from 'date-fns';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { CALENDAR_LOCALES, cultureOf } from './calendar-locale';
import { useSchedule } from './queries';
import {
  emptyScheduleForm,
  scheduleFormOf,
  scheduleFormSchema,
  type PickedContact,
  type ScheduleBody,
  type ScheduleFormValues,
} from './schedule-form';
import { ScheduleMessageTab, type Attachment } from './schedule-message-tab';
import { ScheduleSettingsTab } from './schedule-settings-tab';

type V = ScheduleFormValues;
type Tab = 'message' | 'settings';

/** Whether a schedule can still change: only while it has not been sent (docs/product/schedules.md#sending-and-recurrence). */
export const isScheduleEditable = (record: ScheduleView | undefined) => !record?.sentAt;

/** The modal's title (docs/product/schedules.md Schedule modal): 'Erro de Envio' for ERRO, else 'Agendamento {status}'. */
function useTitle(record: ScheduleView | undefined): string {
  const { t } = useTranslation();
  if (!record) return t('scheduleModal.newTitle');
  if (record.status === 'ERRO') return t('scheduleModal.errorTitle');
  const key = `schedules.status.${record.status}` as 'schedules.status.PENDENTE';
  const label = t(key, { defaultValue: record.status });
  return t('scheduleModal.title', { status: label });
}

/**
 * Add, edit or view a scheduled message (docs/product/schedules.md Schedule modal, docs/product/schedules.md#fields, docs/product/schedules.md#limits). Tabs Mensagem (contact,
 * text with its variables, send time, attachment) and Configurações (connection, ticket,
 * signature, recurrence). A sent schedule is shown read-only; the attach button appears only
 * while it is unsent and has no attachment. Saving lands the user on /schedules unless
 * `landOnSchedules` is false (opened from a conversation).
 */
export function ScheduleModal({
  open,
  scheduleId,
  presetContact = null,
  presetWhatsappId = null,
  landOnSchedules = true,
  onClose,
}: {
  open: boolean;
  /** The schedule to edit; null adds one. */
  scheduleId: number | null;
  /** The contact a new schedule starts with (/schedules?contactId=…). */
  presetContact?: PickedContact | null;
  /** The connection a new schedule starts with (the conversation's ticket's). */
  presetWhatsappId?: number | null;
  /** Whether saving lands the user on /schedules (the conversation keeps the agent where they are). */
  landOnSchedules?: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = CALENDAR_LOCALES[cultureOf(i18n.language)];
  const create = useRouteMutation('schedulesCreate');
  const update = useRouteMutation('schedulesUpdate');
  const uploadMedia = useRouteMutation('schedulesMediaUpload');
  const deleteMedia = useRouteMutation('schedulesMediaDelete');
  const navigate = useNavigate();
  const editing = scheduleId !== null;
  const existing = useSchedule(open ? scheduleId : null);
  const record = editing ? existing.data : undefined;
  const editable = isScheduleEditable(record);
  const title = useTitle(record);
  const [tab, setTab] = useState<Tab>('message');
  const [attachment, setAttachment] = useState<Attachment>({ file: null, drop: false });

  const resolver = useMemo(
    () => zodResolver(scheduleFormSchema) as unknown as Resolver<V, unknown, ScheduleBody>,
    [],
  );
  const form = useForm<V, unknown, ScheduleBody>({ resolver, defaultValues: emptyScheduleForm() });

  // Each opening starts once: from the schedule, or a new one (an hour from now).
  const loaded = useRef(false);
  useEffect(() => {
    if (!open) {
      loaded.current = false;
      return;
    }
    if (loaded.current || (editing && !record)) return;
    loaded.current = true;
    setTab('message');
    setAttachment({ file: null, drop: false });
    form.reset(
      record
        ? scheduleFormOf(record)
        : {
            ...emptyScheduleForm(presetContact),
            whatsappId: presetWhatsappId ? String(presetWhatsappId) : '',
          },
    );
  }, [open, editing, record, presetContact, presetWhatsappId, form]);

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const saved = editing
          ? await update.mutateAsync({ params: { id: scheduleId }, body })
          : await create.mutateAsync({ body });
        if (attachment.file) {
          const formData = new FormData();
          formData.append('file', attachment.file, attachment.file.name);
          await uploadMedia.mutateAsync({ params: { id: saved.id }, formData });
        } else if (attachment.drop && record?.mediaPath) {
          await deleteMedia.mutateAsync({ params: { id: saved.id } });
        }
        notify.success(t('scheduleModal.saved'));
        onClose();
        if (landOnSchedules) navigate('/schedules');
      } catch (err) {
        toastError(err);
      }
    },
    (errors) => {
      const onMessage =
        'contactId' in errors || !!errors.contact || !!errors.body || !!errors.sendAt;
      setTab(onMessage ? 'message' : 'settings');
    },
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t('scheduleModal.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editable ? t('scheduleModal.description') : t('scheduleModal.readOnly')}
          </DialogDescription>
        </DialogHeader>
        {record?.status === 'ERRO' && record.lastError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
          >
            {t('scheduleModal.lastError', { reason: record.lastError })}
          </p>
        ) : null}
        {record?.sentAt ? (
          <p className="text-sm text-muted-foreground">
            {t('scheduleModal.sentAt', { date: format(new Date(record.sentAt), 'Pp', { locale }) })}
            {record.sentCount > 1
              ? ` · ${t('scheduleModal.sentCount', { count: record.sentCount })}`
              : null}
          </p>
        ) : null}
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
              <TabsList aria-label={title}>
                <TabsTrigger value="message">{t('scheduleModal.tabs.message')}</TabsTrigger>
                <TabsTrigger value="settings">{t('scheduleModal.tabs.settings')}</TabsTrigger>
              </TabsList>
              <TabsContent value="message">
                <fieldset className="grid gap-4" disabled={!editable}>
                  <ScheduleMessageTab
                    record={record}
                    editable={editable}
                    attachment={attachment}
                    onAttachment={setAttachment}
                  />
                </fieldset>
              </TabsContent>
              <TabsContent value="settings">
                <fieldset className="grid gap-4" disabled={!editable}>
                  <ScheduleSettingsTab />
                </fieldset>
              </TabsContent>
            </Tabs>
            {editable ? (
              <FormDialogFooter
                cancelLabel={t('scheduleModal.cancel')}
                saveLabel={t('scheduleModal.save')}
                onCancel={onClose}
                saveDisabled={form.formState.isSubmitting || (editing && !record)}
              />
            ) : (
              <div className="flex justify-end">
                <Button type="button" variant="outline" onClick={onClose}>
                  {t('scheduleModal.close')}
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
