import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUEUE_INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  queueIntegrationSchema,
  queueIntegrationTestSchema,
  type QueueIntegrationDetailView,
  type QueueIntegrationInput,
  type QueueIntegrationType,
  validationCode,
  type ValidationCode,
} from '@atendo/domain';
import { ApiError } from '@atendo/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { describeError, toastError } from '@/lib/errors';
import { translateRuntimeKey } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { queueIntegrationKeys, useQueueIntegration } from './queries';

type Language = (typeof QUEUE_INTEGRATION_LANGUAGES)[number];

/** docs/product/queues-and-chatbots.md: a Typebot session ends after 1 minute; its messages go 1000 ms apart. */
export const TYPEBOT_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;

/** What the dialog edits: text boxes as strings, number boxes as numbers (undefined when empty). */
export interface QueueIntegrationFormValues {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: Language | '';
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number | undefined;
  typebotDelayMessage: number | undefined;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}
type FieldName = keyof QueueIntegrationFormValues;

const EMPTY: QueueIntegrationFormValues = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: '',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: TYPEBOT_DEFAULTS.typebotExpires,
  typebotDelayMessage: TYPEBOT_DEFAULTS.typebotDelayMessage,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
};

/** The fields each type shows after its type and name (docs/product/queues-and-chatbots.md#queues, docs/product/queues-and-chatbots.md). */
export const TYPE_FIELDS: Record<QueueIntegrationType, readonly FieldName[]> = {
  dialogflow: ['projectName', 'language', 'jsonContent'],
  n8n: ['urlN8N'],
  webhook: ['urlN8N'],
  typebot: [
    'urlN8N',
    'typebotSlug',
    'typebotExpires',
    'typebotDelayMessage',
    'typebotKeywordFinish',
    'typebotKeywordRestart',
    'typebotUnknownMessage',
    'typebotRestartMessage',
  ],
};

/**
 * The record the api stores for the form (PUT replaces it whole): the chosen type's fields as
 * typed, the other types' texts null and the Typebot timings at their defaults. The Dialogflow
 * key only when one is typed: left empty on an edit, the stored key stays.
 */
export function toRecord(v: QueueIntegrationFormValues): QueueIntegrationInput {
  const shown = new Set<FieldName>(TYPE_FIELDS[v.type] ?? []);
  const text = (field: FieldName & keyof QueueIntegrationInput) =>
    shown.has(field) ? (v[field] as string) : null;
  const typebot = v.type === 'typebot';
  return {
    type: v.type,
    name: v.name,
    projectName: text('projectName'),
    language: shown.has('language') && v.language ? v.language : null,
    urlN8N: text('urlN8N'),
    typebotSlug: text('typebotSlug'),
    typebotExpires: typebot
      ? (v.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires)
      : TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: typebot
      ? (v.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage)
      : TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: text('typebotKeywordFinish'),
    typebotKeywordRestart: text('typebotKeywordRestart'),
    typebotUnknownMessage: text('typebotUnknownMessage'),
    typebotRestartMessage: text('typebotRestartMessage'),
    ...(shown.has('jsonContent') && v.jsonContent.trim() ? { jsonContent: v.jsonContent } : {}),
  };
}

/**
 * The client checks (docs/product/queues-and-chatbots.md): the domain's schema on the record the form would send, plus
 * the Dialogflow key when none is stored (creating, or turning another type into Dialogflow).
 */
function integrationResolver(keyStored: boolean): Resolver<QueueIntegrationFormValues> {
  const schema = keyStored
    ? queueIntegrationSchema
    : queueIntegrationSchema.superRefine((o, ctx) => {
        if (o.type === 'dialogflow' && !o.jsonContent)
          ctx.addIssue({ code: 'custom', path: ['jsonContent'], message: 'Obrigatório' });
      });
  const resolve = zodResolver(schema) as unknown as Resolver<
    z.input<typeof queueIntegrationSchema>
  >;
  const resolver: Resolver<QueueIntegrationFormValues> = (values, context, options) =>
    resolve(toRecord(values), context, options as never) as unknown as ReturnType<
      Resolver<QueueIntegrationFormValues>
    >;
  return resolver;
}

const NUMBER_FIELDS = new Set<FieldName>(['typebotExpires', 'typebotDelayMessage']);
const SCHEMA_MESSAGES = new Set<ValidationCode>([
  'required',
  'tooShort',
  'tooLong',
  'invalidUrl',
  'invalidJson',
]);

/** An integration schema's message for `field` in the current language. */
export function queueIntegrationValidationText(
  field: FieldName,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const code = validationCode(message);
  if (code && SCHEMA_MESSAGES.has(code))
    return translateValidation(message, 'queueIntegrationValidation');
  if (NUMBER_FIELDS.has(field))
    return translateRuntimeKey('queueIntegrationValidation.number') ?? message;
  return translateValidation(message);
}

/** An empty number box is undefined (the default is sent). */
const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

const isType = (type: string): type is QueueIntegrationType =>
  (QUEUE_INTEGRATION_TYPES as readonly string[]).includes(type);
const isLanguage = (language: string | null): language is Language =>
  (QUEUE_INTEGRATION_LANGUAGES as readonly (string | null)[]).includes(language);

/** The form's values for a saved integration (its key is never sent back: the box stays empty). */
function toForm(i: QueueIntegrationDetailView): QueueIntegrationFormValues {
  return {
    type: isType(i.type) ? i.type : EMPTY.type,
    name: i.name,
    projectName: i.projectName ?? '',
    jsonContent: '',
    language: isLanguage(i.language) ? i.language : '',
    urlN8N: i.urlN8N ?? '',
    typebotSlug: i.typebotSlug ?? '',
    typebotExpires: i.typebotExpires,
    typebotDelayMessage: i.typebotDelayMessage,
    typebotKeywordFinish: i.typebotKeywordFinish ?? '',
    typebotKeywordRestart: i.typebotKeywordRestart ?? '',
    typebotUnknownMessage: i.typebotUnknownMessage ?? '',
    typebotRestartMessage: i.typebotRestartMessage ?? '',
  };
}

/** The fields an ERR_VALIDATION answer names (`{ error, fields: [{ field, message }] }`). */
function apiFieldIssues(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const fields = (err.body as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as { field: string; message: string }[]) : [];
}

/**
 * What POST /queueIntegration/testSession is sent for the form: the chosen type's connection
 * fields as the form would save them, and the integration's id when editing (its stored
 * Dialogflow key is used when none is typed).
 */
export function toTestBody(v: QueueIntegrationFormValues, id: number | null) {
  const r = toRecord(v);
  return {
    type: r.type,
    projectName: r.projectName,
    language: r.language,
    urlN8N: r.urlN8N,
    typebotSlug: r.typebotSlug,
    ...(r.jsonContent ? { jsonContent: r.jsonContent } : {}),
    ...(id !== null ? { id } : {}),
  };
}

/**
 * A failed test's toast: the code's text, plus what the provider said (its status and message)
 * when the api passed it on.
 */
function toastTestError(err: unknown): void {
  const data =
    err instanceof ApiError
      ? ((err.body as { data?: unknown } | undefined)?.data as
          { status?: unknown; message?: unknown } | undefined)
      : undefined;
  const detail = [
    typeof data?.status === 'number' ? `HTTP ${data.status}` : null,
    typeof data?.message === 'string' ? data.message : null,
  ]
    .filter(Boolean)
    .join(' — ');
  if (!detail) return toastError(err);
  const { id, message } = describeError(err, {
    exists: (k) => translateRuntimeKey(k) !== null,
    t: (k) => translateRuntimeKey(k) ?? k,
  });
  notify.error(`${message} (${detail})`, id);
}

/**
 * Add or edit a queue integration (docs/product/queues-and-chatbots.md Integrations page, docs/product/queues-and-chatbots.md#queues, docs/product/queues-and-chatbots.md, docs/product/queues-and-chatbots.md): the type first, its
 * name, then only that type's fields: Dialogflow its project, language and service-account key
 * (required to create; when editing, left empty keeps the stored one); n8n and webhook their
 * url; Typebot its url, slug, timings, keywords and messages.
 */
export function QueueIntegrationDialog({
  open,
  integrationId,
  onClose,
}: {
  open: boolean;
  /** The integration to edit; null adds one. */
  integrationId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('queueIntegrationDialog.close')} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {integrationId !== null
              ? t('queueIntegrationDialog.editTitle')
              : t('queueIntegrationDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('queueIntegrationDialog.description')}</DialogDescription>
        </DialogHeader>
        <QueueIntegrationDialogBody integrationId={integrationId} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What the open dialog reads before its form: the integration, when editing. Mounted only while
 * the dialog is open, so each opening starts from the stored integration.
 */
function QueueIntegrationDialogBody({
  integrationId,
  onClose,
}: {
  integrationId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQueueIntegration(integrationId);
  const failed = detail.error;

  useEffect(() => {
    if (failed) {
      toastError(failed);
      onClose();
    }
  }, [failed, onClose]);

  // Read once, fresh from the api: a live update must not undo the user's edits.
  const [stored, setStored] = useState<QueueIntegrationDetailView | null>(null);
  useEffect(() => {
    if (!stored && detail.data && detail.isFetchedAfterMount) setStored(detail.data);
  }, [stored, detail.data, detail.isFetchedAfterMount]);

  if (integrationId !== null && !stored)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {t('queueIntegrationDialog.loading')}
      </p>
    );
  return (
    <QueueIntegrationForm
      integrationId={integrationId}
      stored={integrationId !== null ? stored : null}
      onClose={onClose}
    />
  );
}

function QueueIntegrationForm({
  integrationId,
  stored,
  onClose,
}: {
  integrationId: number | null;
  stored: QueueIntegrationDetailView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const createIntegration = useRouteMutation('queueIntegrationsCreate');
  const updateIntegration = useRouteMutation('queueIntegrationsUpdate');
  const testSession = useRouteMutation('queueIntegrationsTestSession');
  const editing = integrationId !== null;
  const keyStored = !!stored?.hasJsonContent;
  const resolver = useMemo(() => integrationResolver(keyStored), [keyStored]);
  const form = useForm<QueueIntegrationFormValues>({
    resolver,
    defaultValues: stored ? toForm(stored) : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('type');
  const shown = new Set<FieldName>(TYPE_FIELDS[type] ?? []);

  const onSubmit = form.handleSubmit(async (values) => {
    // The resolver hands the validated record (trimmed), which is what is sent.
    const body = values as unknown as QueueIntegrationInput;
    try {
      const saved = editing
        ? await updateIntegration.mutateAsync({ params: { id: integrationId }, body })
        : await createIntegration.mutateAsync({ body });
      client.setQueryData(queueIntegrationKeys.detail(saved.id), saved);
      notify.success(
        editing ? t('queueIntegrationDialog.edited') : t('queueIntegrationDialog.added'),
      );
      onClose();
    } catch (err) {
      for (const { field, message } of apiFieldIssues(err))
        if (field in EMPTY) form.setError(field as FieldName, { message });
      toastError(err);
    }
  });

  const [testing, setTesting] = useState(false);
  /** Tries the form's current settings against the provider (docs/product/queues-and-chatbots.md#routes), saving nothing. */
  const onTest = async () => {
    const body = toTestBody(form.getValues(), integrationId);
    const parsed = queueIntegrationTestSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (name in EMPTY) form.setError(name as FieldName, { message: issue.message });
      }
      return;
    }
    setTesting(true);
    try {
      await testSession.mutateAsync({ body: parsed.data });
      notify.success(t('queueIntegrationDialog.tested'));
    } catch (err) {
      for (const { field, message } of apiFieldIssues(err))
        if (field in EMPTY) form.setError(field as FieldName, { message });
      toastTestError(err);
    } finally {
      setTesting(false);
    }
  };

  const keyHint = keyStored ? t('queueIntegrationDialog.jsonContentStored') : undefined;
  const error = (field: FieldName) => queueIntegrationValidationText(field, errors[field]?.message);
  /** A control's id, invalid state and description (its error, else its hint). */
  const control = (field: FieldName, hint?: string) => {
    const id = `queue-integration-${field}`;
    return {
      id,
      'aria-invalid': !!errors[field],
      'aria-describedby': errors[field] ? `${id}-error` : hint ? `${id}-hint` : undefined,
    };
  };
  const field = (name: FieldName, children: ReactNode, hint?: string) => (
    <Field
      id={`queue-integration-${name}`}
      label={t(`queueIntegrationDialog.${name}`)}
      error={error(name)}
    >
      {children}
      {hint ? (
        <p id={`queue-integration-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </Field>
  );
  const textInput = (name: FieldName, placeholder?: string) =>
    field(name, <Input placeholder={placeholder} {...control(name)} {...form.register(name)} />);
  const numberInput = (name: FieldName, min: number, max: number) =>
    field(
      name,
      <Input
        type="number"
        min={min}
        max={max}
        step={1}
        {...control(name)}
        {...form.register(name, { setValueAs: toNumber })}
      />,
    );
  const textArea = (name: FieldName) =>
    field(name, <Textarea rows={3} {...control(name)} {...form.register(name)} />);

  return (
    <form className="grid max-h-[70vh] gap-4 overflow-y-auto px-1" onSubmit={onSubmit} noValidate>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        {field(
          'type',
          <NativeSelect {...control('type')} {...form.register('type')}>
            {QUEUE_INTEGRATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`queueIntegrations.types.${value}`)}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field('name', <Input autoFocus {...control('name')} {...form.register('name')} />)}
      </div>
      {shown.has('projectName') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {textInput('projectName')}
          {field(
            'language',
            <NativeSelect {...control('language')} {...form.register('language')}>
              <option value="">{t('queueIntegrationDialog.chooseLanguage')}</option>
              {QUEUE_INTEGRATION_LANGUAGES.map((value) => (
                <option key={value} value={value}>
                  {t(`languages.${value}`)}
                </option>
              ))}
            </NativeSelect>,
          )}
        </div>
      ) : null}
      {shown.has('jsonContent')
        ? field(
            'jsonContent',
            <Textarea
              rows={6}
              spellCheck={false}
              autoComplete="off"
              placeholder='{ "type": "service_account", … }'
              className="font-mono"
              {...control('jsonContent', keyHint)}
              {...form.register('jsonContent')}
            />,
            keyHint,
          )
        : null}
      {shown.has('urlN8N') ? textInput('urlN8N', 'https://') : null}
      {shown.has('typebotSlug') ? (
        <>
          {textInput('typebotSlug')}
          <div className="grid gap-4 sm:grid-cols-2">
            {numberInput('typebotExpires', 0, 10_080)}
            {numberInput('typebotDelayMessage', 0, 60_000)}
            {textInput('typebotKeywordFinish')}
            {textInput('typebotKeywordRestart')}
          </div>
          {textArea('typebotUnknownMessage')}
          {textArea('typebotRestartMessage')}
        </>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void onTest()}
          disabled={testing || isSubmitting}
        >
          {testing ? t('queueIntegrationDialog.testing') : t('queueIntegrationDialog.test')}
        </Button>
        <FormDialogFooter
          cancelLabel={t('queueIntegrationDialog.cancel')}
          saveLabel={editing ? t('queueIntegrationDialog.save') : t('queueIntegrationDialog.add')}
          onCancel={onClose}
          saveDisabled={isSubmitting}
        />
      </div>
    </form>
  );
}
