import { zodResolver } from '@hookform/resolvers/zod';
import { isCampaignEditable, type CampaignView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentField } from '@/components/attachment-field';
import { Select, TextInput } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
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
import {
  campaignBody,
  campaignFormOf,
  campaignFormSchema,
  emptyCampaignForm,
  type CampaignFormValues,
} from './campaign-form';
import { CampaignMessages } from './campaign-messages';
import { campaignKeys, useCampaign, useCampaignLookups, useCampaignSettings } from './queries';
import { UserPicker, type PickedUser } from './user-picker';

type V = CampaignFormValues;
const P = 'campaign';

/**
 * Add, edit or read a campaign (docs/product/campaigns.md Campaign dialog, docs/product/campaigns.md#campaign-status, docs/product/campaigns.md#validation): recipients (a contact list or
 * a tag: choosing one clears the other, as the api takes only one), connection,
 * schedule, ticket opening and the 5 + 5 message slots. A stored campaign is editable only
 * while INATIVA, CANCELADA, or PROGRAMADA more than 1 hour ahead; otherwise it shows read-only.
 * Cancel (running or scheduled) and restart (cancelled) act at once.
 */
export function CampaignDialog({
  open,
  campaignId,
  onClose,
}: {
  open: boolean;
  /** The campaign to edit; null adds one. */
  campaignId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const createCampaign = useRouteMutation('campaignsCreate');
  const updateCampaign = useRouteMutation('campaignsUpdate');
  const uploadMedia = useRouteMutation('campaignsMediaUpload');
  const deleteMedia = useRouteMutation('campaignsMediaDelete');
  const cancelCampaign = useRouteMutation('campaignsCancel');
  const restartCampaign = useRouteMutation('campaignsRestart');
  const editing = campaignId !== null;
  const existing = useCampaign(open ? campaignId : null);
  const record: CampaignView | undefined = editing ? existing.data : undefined;
  const lookups = useCampaignLookups(open);
  const settings = useCampaignSettings(open);
  const [user, setUser] = useState<PickedUser | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const resolver = useMemo(
    () => zodResolver(campaignFormSchema) as unknown as Resolver<V, unknown, V>,
    [],
  );
  const form = useForm<V, unknown, V>({ resolver, defaultValues: emptyCampaignForm() });
  const openTicket = useWatch({ control: form.control, name: 'openTicket' });

  // Each opening starts once from the campaign (or an empty form): live updates of the same
  // campaign (its status, its report) must not wipe what is being typed.
  const loaded = useRef(false);
  useEffect(() => {
    if (!open) {
      loaded.current = false;
      return;
    }
    if (loaded.current || (editing && !record)) return;
    loaded.current = true;
    setFile(null);
    setUser(record?.user ? { id: record.user.id, name: record.user.name } : null);
    form.reset(record ? campaignFormOf(record) : emptyCampaignForm());
  }, [open, editing, record, form]);

  const readOnly =
    editing &&
    (!record ||
      !isCampaignEditable({ status: record.status, scheduledAt: record.scheduledAt ?? null }));
  const ticketsOff = openTicket !== 'enabled';
  const queues =
    user?.queues && user.queues.length > 0
      ? user.queues.map(({ id, name }) => ({ id, name }))
      : lookups.queues;

  const pickUser = (next: PickedUser | null) => {
    setUser(next);
    form.setValue('userId', next?.id ?? null, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('queueId');
  };

  /** Merges what a cancel, restart or media removal answered into the dialog's own copy. */
  const refresh = (saved: CampaignView) => {
    if (campaignId !== null)
      client.setQueryData(campaignKeys.detail(campaignId), (old: object | undefined) =>
        old ? { ...old, ...saved } : old,
      );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const body = campaignBody(values);
    try {
      const saved = editing
        ? await updateCampaign.mutateAsync({ params: { id: campaignId }, body })
        : await createCampaign.mutateAsync({ body });
      if (file) {
        const formData = new FormData();
        formData.append('file', file);
        await uploadMedia.mutateAsync({ params: { id: saved.id }, formData });
      }
      notify.success(t('campaignDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const act = async (action: 'campaignsCancel' | 'campaignsRestart') => {
    if (campaignId === null) return;
    try {
      const saved = await (
        action === 'campaignsCancel' ? cancelCampaign : restartCampaign
      ).mutateAsync({
        params: { id: campaignId },
      });
      notify.success(
        t(action === 'campaignsCancel' ? 'campaignDialog.cancelled' : 'campaignDialog.restarted'),
      );
      refresh(saved);
    } catch (err) {
      toastError(err);
    }
  };

  const removeMedia = async () => {
    if (file) return setFile(null);
    if (campaignId === null) return;
    try {
      const saved = await deleteMedia.mutateAsync({ params: { id: campaignId } });
      notify.success(t('campaignDialog.attachmentRemoved'));
      refresh(saved);
    } catch (err) {
      toastError(err);
    }
  };

  const mediaName = file?.name ?? record?.mediaName ?? null;
  const status = record?.status;
  const named = (rows: { id: number; name: string }[]) =>
    rows.map((r) => (
      <option key={r.id} value={r.id}>
        {r.name}
      </option>
    ));

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t('campaignDialog.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
      >
        <DialogHeader>
          <DialogTitle>
            {!editing
              ? t('campaignDialog.addTitle')
              : readOnly
                ? t('campaignDialog.viewTitle')
                : t('campaignDialog.editTitle')}
          </DialogTitle>
          <DialogDescription>{t('campaignDialog.description')}</DialogDescription>
        </DialogHeader>
        {editing && record && readOnly ? (
          <p role="note" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            {t('campaignDialog.readOnly')}
          </p>
        ) : null}
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
              <TextInput<V> name="name" label={t('campaignDialog.name')} idPrefix={P} autoFocus />
              <Select<V>
                name="confirmation"
                label={t('campaignDialog.confirmation')}
                idPrefix={P}
                options={{ setValueAs: (v: unknown) => v === true || v === 'true' }}
              >
                <option value="false">{t('campaignDialog.disabled')}</option>
                <option value="true">{t('campaignDialog.enabled')}</option>
              </Select>
              <Select<V>
                name="contactListId"
                label={t('campaignDialog.contactList')}
                idPrefix={P}
                options={{ onChange: (e) => e.target.value && form.setValue('tagListId', '') }}
              >
                <option value="">{t('campaignDialog.none')}</option>
                {named(lookups.contactLists)}
              </Select>
              <Select<V>
                name="tagListId"
                label={t('campaignDialog.tagList')}
                idPrefix={P}
                options={{ onChange: (e) => e.target.value && form.setValue('contactListId', '') }}
              >
                <option value="">{t('campaignDialog.none')}</option>
                {named(lookups.tags)}
              </Select>
              <Select<V> name="whatsappId" label={t('campaignDialog.connection')} idPrefix={P}>
                <option value="">{t('campaignDialog.choose')}</option>
                {named(lookups.connections)}
              </Select>
              <TextInput<V>
                name="scheduledAt"
                type="datetime-local"
                label={t('campaignDialog.scheduledAt')}
                idPrefix={P}
              />
              <Select<V> name="openTicket" label={t('campaignDialog.openTicket')} idPrefix={P}>
                <option value="disabled">{t('campaignDialog.openTicketDisabled')}</option>
                <option value="enabled">{t('campaignDialog.openTicketEnabled')}</option>
              </Select>
              <fieldset disabled={ticketsOff} className="contents">
                <Select<V>
                  name="statusTicket"
                  label={t('campaignDialog.statusTicket')}
                  idPrefix={P}
                >
                  <option value="closed">{t('campaignDialog.ticketStatuses.closed')}</option>
                  <option value="pending">{t('campaignDialog.ticketStatuses.pending')}</option>
                  <option value="open">{t('campaignDialog.ticketStatuses.open')}</option>
                </Select>
                <UserPicker value={user} onChange={pickUser} disabled={readOnly || ticketsOff} />
                <Select<V> name="queueId" label={t('campaignDialog.queue')} idPrefix={P}>
                  <option value="">{t('campaignDialog.choose')}</option>
                  {named(queues)}
                </Select>
              </fieldset>
            </fieldset>
            <CampaignMessages
              readOnly={readOnly}
              customVariables={(settings.data?.variables ?? []).map((v) => v.key)}
            />
            <AttachmentField
              label={`${t('campaignDialog.attachment')}:`}
              inlineLabel
              attachLabel={t('campaignDialog.attach')}
              removeLabel={t('campaignDialog.removeAttachment', { name: mediaName ?? '' })}
              disabled={readOnly}
              file={file}
              storedName={record?.mediaName ?? null}
              onChange={setFile}
              onRemove={() => void removeMedia()}
            />
            <div className="flex flex-wrap justify-between gap-2">
              <div className="flex gap-2">
                {status === 'EM_ANDAMENTO' || status === 'PROGRAMADA' ? (
                  <Button
                    type="button"
                    variant="destructive"
                    onClick={() => void act('campaignsCancel')}
                  >
                    <XCircle />
                    {t('campaignDialog.cancelCampaign')}
                  </Button>
                ) : null}
                {status === 'CANCELADA' ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => void act('campaignsRestart')}
                  >
                    <RotateCcw />
                    {t('campaignDialog.restartCampaign')}
                  </Button>
                ) : null}
              </div>
              <div className="flex gap-2">
                <Button type="button" variant="outline" onClick={onClose}>
                  {readOnly ? t('campaignDialog.close') : t('campaignDialog.cancel')}
                </Button>
                {readOnly ? null : (
                  <Button
                    type="submit"
                    disabled={form.formState.isSubmitting || (editing && !record)}
                  >
                    {editing ? t('campaignDialog.save') : t('campaignDialog.add')}
                  </Button>
                )}
              </div>
            </div>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
