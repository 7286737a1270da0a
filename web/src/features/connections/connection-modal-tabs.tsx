import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check, Select, TextArea, TextInput, formErrorText } from '@/components/form-fields';
import { AttachmentField } from '@/components/attachment-field';
import { SchedulesEditor } from '@/components/schedule-editor';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import type { ConnectionFormValues } from './connection-form';
import { newToken } from './connection-form';

type V = ConnectionFormValues;
const P = 'connection';

interface QueueOption {
  id: number;
  name: string;
}

/**
 * The general tab: name, default, groups, proxy, queues, token, redirect and message import.
 * `session`: a Baileys connection (groups, proxy and the import apply); `cloud`: the Cloud API
 * fields, shown for a whatsappapi connection.
 */
export function GeneralTab({
  queues,
  session,
  cloud,
}: {
  queues: QueueOption[];
  session: boolean;
  cloud: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useFormContext<V>();
  const importEnabled = useWatch<V, 'importEnabled'>({ name: 'importEnabled' });
  const queueOptions = queues.map((q) => (
    <option key={q.id} value={String(q.id)}>
      {q.name}
    </option>
  ));
  return (
    <>
      <TextInput<V> name="name" label={t('whatsappModal.name')} idPrefix={P} autoFocus />
      {cloud}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Check<V> name="isDefault" label={t('whatsappModal.isDefault')} idPrefix={P} />
        {session ? (
          <>
            <Check<V> name="allowGroup" label={t('whatsappModal.allowGroup')} idPrefix={P} />
            <Check<V> name="useProxy" label={t('whatsappModal.useProxy')} idPrefix={P} />
          </>
        ) : null}
      </div>
      {session ? (
        <Select<V> name="groupAsTicket" label={t('whatsappModal.groupAsTicket')} idPrefix={P}>
          <option value="disabled">{t('whatsappModal.disabled')}</option>
          <option value="enabled">{t('whatsappModal.enabled')}</option>
        </Select>
      ) : null}
      <Controller
        control={form.control}
        name="queueIds"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('whatsappModal.queues')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {queues.map((q) => (
                <label key={q.id} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={field.value.includes(q.id)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...field.value, q.id]
                          : field.value.filter((id) => id !== q.id),
                      )
                    }
                  />
                  {q.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <div className="flex items-end gap-2">
        <TextInput<V>
          name="token"
          label={t('whatsappModal.token')}
          idPrefix={P}
          className="flex-1"
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t('whatsappModal.newToken')}
          onClick={() => form.setValue('token', newToken(), { shouldDirty: true })}
        >
          <RefreshCw />
        </Button>
      </div>
      <TextInput<V>
        name="campaignDailyLimit"
        type="number"
        min="1"
        label={t('whatsappModal.campaignDailyLimit')}
        placeholder={t('whatsappModal.campaignDailyLimitNone')}
        idPrefix={P}
      />
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('whatsappModal.redirectTitle')}</legend>
        <TextInput<V>
          name="timeSendQueue"
          type="number"
          min="0"
          label={t('whatsappModal.timeSendQueue')}
          idPrefix={P}
        />
        <Select<V> name="sendIdQueue" label={t('whatsappModal.sendIdQueue')} idPrefix={P}>
          <option value="">{t('whatsappModal.noQueue')}</option>
          {queueOptions}
        </Select>
      </fieldset>
      {session ? (
        <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">{t('whatsappModal.importTitle')}</legend>
          <Check<V>
            name="importEnabled"
            label={t('whatsappModal.importEnable')}
            idPrefix={P}
            className="sm:col-span-2"
          />
          {importEnabled ? (
            <>
              <p className="text-xs text-muted-foreground sm:col-span-2">
                {t('whatsappModal.importDisconnects')}
              </p>
              <TextInput<V>
                name="importOldMessages"
                type="datetime-local"
                label={t('whatsappModal.importOldMessages')}
                idPrefix={P}
              />
              <TextInput<V>
                name="importRecentMessages"
                type="datetime-local"
                label={t('whatsappModal.importRecentMessages')}
                idPrefix={P}
              />
              <Select<V>
                name="queueIdImportMessages"
                label={t('whatsappModal.queueIdImportMessages')}
                idPrefix={P}
              >
                <option value="">{t('whatsappModal.noQueue')}</option>
                {queueOptions}
              </Select>
              <div className="grid content-end gap-2">
                <Check<V>
                  name="importOldMessagesGroups"
                  label={t('whatsappModal.importOldMessagesGroups')}
                  idPrefix={P}
                />
                <Check<V>
                  name="closedTicketsPostImported"
                  label={t('whatsappModal.closedTicketsPostImported')}
                  idPrefix={P}
                />
              </div>
            </>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** The integrations tab: an AI prompt and a queue integration, each when the plan allows it. */
export function IntegrationsTab({
  prompts,
  integrations,
}: {
  prompts: QueueOption[] | null;
  integrations: QueueOption[] | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {prompts ? (
        <Select<V> name="promptId" label={t('whatsappModal.prompt')} idPrefix={P}>
          <option value="">{t('whatsappModal.none')}</option>
          {prompts.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </Select>
      ) : null}
      {integrations ? (
        <Select<V> name="integrationId" label={t('whatsappModal.integration')} idPrefix={P}>
          <option value="">{t('whatsappModal.none')}</option>
          {integrations.map((i) => (
            <option key={i.id} value={String(i.id)}>
              {i.name}
            </option>
          ))}
        </Select>
      ) : null}
    </>
  );
}

/** The messages tab: greeting (with its media), completion, out of hours, vacation, LGPD. */
export function MessagesTab({
  media,
  onMedia,
  currentMedia,
  onRemoveMedia,
}: {
  media: File | null;
  onMedia: (file: File | null) => void;
  currentMedia: string | null;
  onRemoveMedia: () => void;
}) {
  const { t } = useTranslation();
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  return (
    <>
      <TextArea<V> name="greetingMessage" label={t('whatsappModal.greetingMessage')} idPrefix={P} />
      <Field id={`${P}-media`} label={t('whatsappModal.media')}>
        <AttachmentField
          id={`${P}-media`}
          attachLabel={t('whatsappModal.mediaAttach')}
          inputLabel={t('whatsappModal.media')}
          removeLabel={t('whatsappModal.mediaRemove')}
          accept="image/*,video/*"
          nameClassName="text-muted-foreground"
          file={media}
          storedName={currentMedia}
          onChange={onMedia}
          onRemove={() => (media ? onMedia(null) : onRemoveMedia())}
        />
      </Field>
      <TextArea<V>
        name="complationMessage"
        label={t('whatsappModal.complationMessage')}
        idPrefix={P}
      />
      <TextArea<V>
        name="outOfHoursMessage"
        label={t('whatsappModal.outOfHoursMessage')}
        idPrefix={P}
      />
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('whatsappModal.vacationTitle')}</legend>
        <TextInput<V>
          name="collectiveVacationStart"
          type="date"
          min={tenDaysAgo}
          label={t('whatsappModal.collectiveVacationStart')}
          idPrefix={P}
        />
        <TextInput<V>
          name="collectiveVacationEnd"
          type="date"
          min={tenDaysAgo}
          label={t('whatsappModal.collectiveVacationEnd')}
          idPrefix={P}
        />
        <TextArea<V>
          name="collectiveVacationMessage"
          label={t('whatsappModal.collectiveVacationMessage')}
          idPrefix={P}
          className="sm:col-span-2"
        />
      </fieldset>
      <TextArea<V> name="lgpdMessage" label={t('whatsappModal.lgpdMessage')} idPrefix={P} />
      <TextInput<V> name="lgpdLink" type="url" label={t('whatsappModal.lgpdLink')} idPrefix={P} />
    </>
  );
}

/** The chatbot tab: bot repetitions, ticket expiry and the inactivity warning. */
export function ChatbotTab() {
  const { t } = useTranslation();
  const number = (name: keyof V, label: string) => (
    <TextInput<V> name={name} type="number" min="0" label={label} idPrefix={P} />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {number('maxUseBotQueues', t('whatsappModal.maxUseBotQueues'))}
      {number('timeUseBotQueues', t('whatsappModal.timeUseBotQueues'))}
      {number('timeCreateNewTicket', t('whatsappModal.timeCreateNewTicket'))}
      {number('expiresTicket', t('whatsappModal.expiresTicket'))}
      <Select<V> name="whenExpiresTicket" label={t('whatsappModal.whenExpiresTicket')} idPrefix={P}>
        <option value="0">{t('whatsappModal.whenExpires0')}</option>
        <option value="1">{t('whatsappModal.whenExpires1')}</option>
      </Select>
      {number('timeInactiveMessage', t('whatsappModal.timeInactiveMessage'))}
      <TextArea<V>
        name="expiresInactiveMessage"
        label={t('whatsappModal.expiresInactiveMessage')}
        idPrefix={P}
        className="sm:col-span-2"
      />
      <TextArea<V>
        name="inactiveMessage"
        label={t('whatsappModal.inactiveMessage')}
        idPrefix={P}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** The assessments (NPS) tab: the rating question, its time and how often it is re-asked. */
export function AssessmentsTab() {
  const { t } = useTranslation();
  return (
    <>
      <TextArea<V> name="ratingMessage" label={t('whatsappModal.ratingMessage')} idPrefix={P} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput<V>
          name="expiresTicketNPS"
          type="number"
          min="0"
          label={t('whatsappModal.expiresTicketNPS')}
          idPrefix={P}
        />
        <TextInput<V>
          name="maxUseBotQueuesNPS"
          type="number"
          min="0"
          label={t('whatsappModal.maxUseBotQueuesNPS')}
          idPrefix={P}
        />
      </div>
    </>
  );
}

/** The schedules tab (only when the company's scheduleType is connection). */
export function SchedulesTab() {
  const { t } = useTranslation();
  const form = useFormContext<V>();
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('whatsappModal.scheduleHint')}</p>
      <Controller
        control={form.control}
        name="schedules"
        render={({ field, fieldState }) => (
          <SchedulesEditor
            idPrefix={`${P}-schedule`}
            value={field.value}
            onChange={field.onChange}
            errors={
              (form.formState.errors.schedules as unknown as
                Parameters<typeof SchedulesEditor>[0]['errors'] | undefined) ??
              (fieldState.error ? [] : undefined)
            }
            errorText={formErrorText}
          />
        )}
      />
    </>
  );
}
