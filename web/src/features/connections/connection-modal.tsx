import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@atendo/api-client';
import type { Channel, CreateWhatsappInput, WhatsappView } from '@atendo/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCompany } from '@/features/shell/use-company';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { CloudApiFields } from './cloud-api-fields';
import {
  connectionFormOf,
  connectionFormSchema,
  emptyConnectionForm,
  type ConnectionBody,
  type ConnectionFormValues,
} from './connection-form';
import {
  AssessmentsTab,
  ChatbotTab,
  GeneralTab,
  IntegrationsTab,
  MessagesTab,
  SchedulesTab,
} from './connection-modal-tabs';
import { useConnection, useIntegrationPicker, usePromptPicker, useQueuePicker } from './queries';
import { useScheduleType } from '@/features/settings/queries';

/** The modal closes this long after a save (docs/product/connections.md#connection-status). */
export const CLOSE_AFTER_SAVE_MS = 1000;

type Tab = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules';

/** Which tab holds each field, so a refused save shows the tab of its first error. */
const TAB_OF: Partial<Record<keyof ConnectionFormValues, Tab>> = {
  promptId: 'integrations',
  integrationId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  collectiveVacationMessage: 'messages',
  lgpdMessage: 'messages',
  lgpdLink: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  timeInactiveMessage: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  ratingMessage: 'assessments',
  expiresTicketNPS: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  schedules: 'schedules',
};

/**
 * The fields a refused save names, each with the text to show: the rule's own message for a
 * validation error, else the error code's translation (ERR_META_TOKEN_INVALID on accessToken).
 */
function serverFieldErrors(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const body = err.body as { error?: string; fields?: unknown } | undefined;
  if (!Array.isArray(body?.fields)) return [];
  return (body.fields as { field: string; message: string }[]).map(({ field, message }) => ({
    field,
    message:
      body.error && body.error !== 'ERR_VALIDATION' ? `backendErrors.${body.error}` : message,
  }));
}

/**
 * Add or edit a connection (docs/product/connections.md#screens Connection modal): tabs general, integrations, messages,
 * Chatbot, assessments and schedules (when scheduleType is connection); the domain's schema
 * checks every docs/product/connections.md#validation rule per field before anything is sent. It closes 1 s after a save.
 */
export function ConnectionModal({
  open,
  whatsappId,
  channel,
  onClose,
}: {
  open: boolean;
  /** The connection to edit; null adds one of `channel`. */
  whatsappId: number | null;
  channel: Channel;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stopSession = useRouteMutation('sessionStop');
  const createConnection = useRouteMutation('whatsappCreate');
  const updateConnection = useRouteMutation('whatsappUpdate');
  const uploadMedia = useRouteMutation('whatsappMediaUpload');
  const deleteMedia = useRouteMutation('whatsappMediaDelete');
  const { plan } = useCompany();
  const scheduleType = useScheduleType();
  const existing = useConnection(open ? whatsappId : null);
  const queues = useQueuePicker();
  const prompts = usePromptPicker(open && !!plan.useOpenAi);
  const integrations = useIntegrationPicker(open && !!plan.useIntegrations);
  const [tab, setTab] = useState<Tab>('general');
  const [media, setMedia] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editing = whatsappId !== null;
  const record: WhatsappView | undefined = editing ? existing.data : undefined;
  const kind = (record?.channel as Channel | undefined) ?? channel;

  const resolver = useMemo(
    () =>
      zodResolver(
        connectionFormSchema(
          editing ? undefined : channel,
          record ? connectionFormOf(record) : undefined,
        ),
      ) as unknown as Resolver<ConnectionFormValues, unknown, ConnectionBody>,
    [editing, channel, record],
  );
  const form = useForm<ConnectionFormValues, unknown, ConnectionBody>({
    resolver,
    defaultValues: emptyConnectionForm(),
  });

  // Each opening starts from the connection (or a fresh form with a new token), once: live
  // session updates of the same connection must not wipe what is being typed.
  const loaded = useRef(false);
  useEffect(() => {
    if (!open) {
      loaded.current = false;
      return;
    }
    if (loaded.current || (editing && !record)) return;
    loaded.current = true;
    setTab('general');
    setMedia(null);
    setRemoveMedia(false);
    form.reset(record && editing ? connectionFormOf(record) : emptyConnectionForm());
  }, [open, editing, record, form]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const showSchedules = scheduleType === 'connection';
  const onInvalid = (errors: FieldErrors<ConnectionFormValues>) => {
    const first = Object.keys(errors)[0] as keyof ConnectionFormValues | undefined;
    const target = (first && TAB_OF[first]) ?? 'general';
    setTab(target === 'schedules' && !showSchedules ? 'general' : target);
  };

  const onSubmit = form.handleSubmit(async ({ importEnabled, ...fields }) => {
    const body: CreateWhatsappInput = showSchedules ? fields : { ...fields, schedules: undefined };
    try {
      let saved: WhatsappView;
      if (editing) {
        // Turning the import on for a paired connection needs a new pairing (docs/product/connections.md#connection-status).
        if (importEnabled && !record?.importOldMessages && record?.status === 'CONNECTED') {
          await stopSession.mutateAsync({ params: { id: whatsappId } });
          notify.warning(t('whatsappModal.importDisconnects'));
        }
        saved = await updateConnection.mutateAsync({ params: { id: whatsappId }, body });
      } else {
        saved = await createConnection.mutateAsync({ body });
      }
      if (media) {
        const formData = new FormData();
        formData.append('file', media);
        await uploadMedia.mutateAsync({ params: { id: saved.id }, formData });
      } else if (removeMedia && record?.greetingMediaAttachment) {
        await deleteMedia.mutateAsync({ params: { id: saved.id } });
      }
      notify.success(t('whatsappModal.saved'));
      closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
    } catch (err) {
      // A refused field (a token Meta rejects, a name in use) shows on that field, in its tab.
      const shown = serverFieldErrors(err).filter(({ field }) => field in form.getValues());
      for (const { field, message } of shown)
        form.setError(field as keyof ConnectionFormValues, { message });
      if (shown.length)
        onInvalid(
          Object.fromEntries(shown.map((f) => [f.field, {}])) as FieldErrors<ConnectionFormValues>,
        );
      toastError(err);
    }
  }, onInvalid);

  const channelName = t(`connections.channels.${kind}`);
  const tabs: [Tab, string][] = [
    ['general', t('whatsappModal.tabs.general')],
    ['integrations', t('whatsappModal.tabs.integrations')],
    ['messages', t('whatsappModal.tabs.messages')],
    ['chatbot', t('whatsappModal.tabs.chatbot')],
    ['assessments', t('whatsappModal.tabs.assessments')],
    ...(showSchedules
      ? ([['schedules', t('whatsappModal.tabs.schedules')]] as [Tab, string][])
      : []),
  ];
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t('whatsappModal.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      >
        <DialogHeader>
          <DialogTitle>
            {editing
              ? t('whatsappModal.editTitle')
              : t('whatsappModal.addTitle', { channel: channelName })}
          </DialogTitle>
          <DialogDescription>{t('whatsappModal.description')}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
              <TabsList aria-label={t('whatsappModal.description')}>
                {tabs.map(([value, label]) => (
                  <TabsTrigger key={value} value={value}>
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="general">
                <GeneralTab
                  queues={named(queues.data)}
                  session={kind === 'whatsapp'}
                  cloud={
                    kind === 'whatsappapi' ? (
                      <CloudApiFields tokenStored={!!record?.hasAccessToken} />
                    ) : null
                  }
                />
              </TabsContent>
              <TabsContent value="integrations">
                <IntegrationsTab
                  prompts={plan.useOpenAi ? named(prompts.data) : null}
                  integrations={plan.useIntegrations ? named(integrations.data) : null}
                />
              </TabsContent>
              <TabsContent value="messages">
                <MessagesTab
                  media={media}
                  onMedia={setMedia}
                  currentMedia={removeMedia ? null : (record?.greetingMediaAttachment ?? null)}
                  onRemoveMedia={() => setRemoveMedia(true)}
                />
              </TabsContent>
              <TabsContent value="chatbot">
                <ChatbotTab />
              </TabsContent>
              <TabsContent value="assessments">
                <AssessmentsTab />
              </TabsContent>
              {showSchedules ? (
                <TabsContent value="schedules">
                  <SchedulesTab />
                </TabsContent>
              ) : null}
            </Tabs>
            <FormDialogFooter
              cancelLabel={t('whatsappModal.cancel')}
              saveLabel={t('whatsappModal.save')}
              onCancel={onClose}
              saveDisabled={form.formState.isSubmitting || (editing && !record)}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
