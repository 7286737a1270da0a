import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPromptSchema,
  PROMPT_DEFAULTS,
  PROMPT_VOICES,
  updatePromptSchema,
  type CreatePromptInput,
  type PromptDetailView,
  type UpdatePromptInput,
  validationCode,
  type ValidationCode,
} from '@atendo/domain';
import { ApiError } from '@atendo/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { SecretField } from '@/components/secret-field';
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
import { useQueuePicker } from '@/features/connections/queries';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { translateRuntimeKey } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { promptKeys, usePrompt } from './queries';

type Voice = (typeof PROMPT_VOICES)[number];

/** What the dialog edits: text boxes as strings, number boxes as numbers (undefined when empty). */
export interface PromptFormValues {
  name: string;
  prompt: string;
  queueId: number | undefined;
  apiKey: string;
  model: string;
  maxTokens: number | undefined;
  temperature: number | undefined;
  maxMessages: number | undefined;
  voice: Voice;
  voiceKey: string;
  voiceRegion: string;
}
type FieldName = keyof PromptFormValues;

const EMPTY: PromptFormValues = {
  name: '',
  prompt: '',
  queueId: undefined,
  apiKey: '',
  model: '',
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: PROMPT_DEFAULTS.voice as Voice,
  voiceKey: '',
  voiceRegion: '',
};

/**
 * The client checks (docs/product/queues-and-chatbots.md): creating, the domain's create schema (the provider key
 * required); editing, its update schema with the queue and the numbers still required, since
 * the dialog always sends them (a key left empty keeps the stored one).
 */
const createResolver = zodResolver(createPromptSchema) as unknown as Resolver<PromptFormValues>;
const updateResolver = zodResolver(
  updatePromptSchema.required({
    name: true,
    prompt: true,
    queueId: true,
    maxTokens: true,
    temperature: true,
    maxMessages: true,
  }),
) as unknown as Resolver<PromptFormValues>;

/** Messages the schema shares with every field; others read per field. */
const SHARED_MESSAGES = new Set<ValidationCode>([
  'required',
  'queueRequired',
  'tooLong',
  'unknownVoice',
]);
const FIELD_MESSAGES = new Set<FieldName>([
  'name',
  'prompt',
  'maxTokens',
  'temperature',
  'maxMessages',
]);

/** A prompt schema's message for `field` in the current language. */
export function promptValidationText(
  field: FieldName,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const code = validationCode(message);
  if (code && SHARED_MESSAGES.has(code)) return translateValidation(message, 'promptValidation');
  if (FIELD_MESSAGES.has(field))
    return translateRuntimeKey(`promptValidation.${field}`) ?? translateValidation(message);
  return translateValidation(message);
}

/** A voice's name in the select: the text answer, or the neural voice's person. */
function voiceLabel(voice: Voice, text: string): string {
  if (voice === 'texto') return text;
  return voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');
}

/** An empty number box is undefined (the schema's default, or "required" when editing). */
const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** The form's values for a saved prompt (its keys are never sent back: the boxes stay empty). */
function toForm(prompt: PromptDetailView): PromptFormValues {
  return {
    name: prompt.name,
    prompt: prompt.prompt,
    queueId: prompt.queueId ?? undefined,
    apiKey: '',
    model: prompt.model ?? '',
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    maxMessages: prompt.maxMessages,
    voice: (PROMPT_VOICES as readonly string[]).includes(prompt.voice)
      ? (prompt.voice as Voice)
      : 'texto',
    voiceKey: '',
    voiceRegion: prompt.voiceRegion ?? '',
  };
}

/** POST /prompt's body: the provider key, and the voice's key and region for a neural voice. */
export function createBody(v: PromptFormValues): CreatePromptInput {
  const neural = v.voice !== 'texto';
  return {
    name: v.name,
    prompt: v.prompt,
    queueId: v.queueId!,
    apiKey: v.apiKey,
    voice: v.voice,
    maxTokens: v.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
    temperature: v.temperature ?? PROMPT_DEFAULTS.temperature,
    maxMessages: v.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
    ...(v.model ? { model: v.model } : {}),
    ...(neural && v.voiceKey ? { voiceKey: v.voiceKey } : {}),
    ...(neural && v.voiceRegion ? { voiceRegion: v.voiceRegion } : {}),
  };
}

/**
 * PUT /prompt/:id's body: every field the dialog shows; a key box left empty is not sent (the
 * stored key stays). Back on the text answer, the voice key and region are removed: nothing
 * the dialog no longer shows is kept.
 */
export function updateBody(v: PromptFormValues): UpdatePromptInput {
  const neural = v.voice !== 'texto';
  return {
    name: v.name,
    prompt: v.prompt,
    queueId: v.queueId,
    voice: v.voice,
    maxTokens: v.maxTokens,
    temperature: v.temperature,
    maxMessages: v.maxMessages,
    model: v.model || null,
    ...(v.apiKey ? { apiKey: v.apiKey } : {}),
    ...(neural
      ? { ...(v.voiceKey ? { voiceKey: v.voiceKey } : {}), voiceRegion: v.voiceRegion || null }
      : { voiceKey: null, voiceRegion: null }),
  };
}

/** The fields an ERR_VALIDATION answer names (`{ error, fields: [{ field, message }] }`). */
function apiFieldIssues(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const fields = (err.body as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as { field: string; message: string }[]) : [];
}

/**
 * Add or edit an AI prompt (docs/product/queues-and-chatbots.md Prompts page, docs/product/queues-and-chatbots.md, docs/product/queues-and-chatbots.md): name, instructions, queue (required:
 * 'Informe o setor'), the OpenAI key (required to create; when editing, left empty keeps the
 * stored one), model, max tokens, temperature, max messages and the voice (the text answer or
 * a neural voice with its key and region).
 */
export function PromptDialog({
  open,
  promptId,
  onClose,
}: {
  open: boolean;
  /** The prompt to edit; null adds one. */
  promptId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('promptDialog.close')} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {promptId !== null ? t('promptDialog.editTitle') : t('promptDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('promptDialog.description')}</DialogDescription>
        </DialogHeader>
        <PromptDialogBody promptId={promptId} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What the open dialog reads before its form: the prompt (when editing) and the queues. Mounted
 * only while the dialog is open, so each opening starts from the stored prompt.
 */
function PromptDialogBody({ promptId, onClose }: { promptId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePrompt(promptId);
  const queues = useQueuePicker();
  const failed = detail.error;

  useEffect(() => {
    if (failed) {
      toastError(failed);
      onClose();
    }
  }, [failed, onClose]);

  // Read once, fresh from the api: a live update must not undo the user's edits.
  const [stored, setStored] = useState<PromptDetailView | null>(null);
  useEffect(() => {
    if (!stored && detail.data && detail.isFetchedAfterMount) setStored(detail.data);
  }, [stored, detail.data, detail.isFetchedAfterMount]);

  if ((promptId !== null && !stored) || queues.isPending)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">{t('promptDialog.loading')}</p>
    );
  return (
    <PromptForm
      promptId={promptId}
      stored={promptId !== null ? stored : null}
      queues={(queues.data ?? []).map(({ id, name }) => ({ id, name }))}
      onClose={onClose}
    />
  );
}

function PromptForm({
  promptId,
  stored,
  queues,
  onClose,
}: {
  promptId: number | null;
  stored: PromptDetailView | null;
  queues: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const createPrompt = useRouteMutation('promptsCreate');
  const updatePrompt = useRouteMutation('promptsUpdate');
  const editing = promptId !== null;
  const form = useForm<PromptFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: stored ? toForm(stored) : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const voice = form.watch('voice');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = editing
        ? await updatePrompt.mutateAsync({ params: { id: promptId }, body: updateBody(values) })
        : await createPrompt.mutateAsync({ body: createBody(values) });
      client.setQueryData(promptKeys.detail(saved.id), saved);
      notify.success(t('promptDialog.saved'));
      onClose();
    } catch (err) {
      for (const { field, message } of apiFieldIssues(err))
        if (field in EMPTY) form.setError(field as FieldName, { message });
      toastError(err);
    }
  });

  const error = (field: FieldName) => promptValidationText(field, errors[field]?.message);
  /** A control's id, invalid state and description (its error, else its hint). */
  const control = (field: FieldName, hint?: string) => {
    const id = `prompt-${field}`;
    return {
      id,
      'aria-invalid': !!errors[field],
      'aria-describedby': errors[field] ? `${id}-error` : hint ? `${id}-hint` : undefined,
    };
  };
  const field = (name: FieldName, label: string, children: ReactNode, hint?: string) => (
    <Field id={`prompt-${name}`} label={label} error={error(name)}>
      {children}
      {hint ? (
        <p id={`prompt-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </Field>
  );

  return (
    <form className="grid max-h-[70vh] gap-4 overflow-y-auto px-1" onSubmit={onSubmit} noValidate>
      {field(
        'name',
        t('promptDialog.name'),
        <Input autoFocus {...control('name')} {...form.register('name')} />,
      )}
      {field(
        'prompt',
        t('promptDialog.prompt'),
        <Textarea
          rows={6}
          className="min-h-32"
          {...control('prompt')}
          {...form.register('prompt')}
        />,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'queueId',
          t('promptDialog.queue'),
          <NativeSelect
            {...control('queueId')}
            {...form.register('queueId', { setValueAs: toNumber })}
          >
            <option value="">{t('promptDialog.chooseQueue')}</option>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'model',
          t('promptDialog.model'),
          <Input placeholder="gpt-4o-mini" {...control('model')} {...form.register('model')} />,
        )}
      </div>
      <SecretField
        id="prompt-apiKey"
        label={t('promptDialog.apiKey')}
        error={error('apiKey')}
        keptText={stored?.hasApiKey ? t('promptDialog.apiKeyStored') : undefined}
        hintClassName="text-sm"
        {...form.register('apiKey')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {field(
          'maxTokens',
          t('promptDialog.maxTokens'),
          <Input
            type="number"
            min={10}
            max={4096}
            step={1}
            {...control('maxTokens')}
            {...form.register('maxTokens', { setValueAs: toNumber })}
          />,
        )}
        {field(
          'temperature',
          t('promptDialog.temperature'),
          <Input
            type="number"
            min={0}
            max={2}
            step={0.1}
            {...control('temperature')}
            {...form.register('temperature', { setValueAs: toNumber })}
          />,
        )}
        {field(
          'maxMessages',
          t('promptDialog.maxMessages'),
          <Input
            type="number"
            min={1}
            max={50}
            step={1}
            {...control('maxMessages')}
            {...form.register('maxMessages', { setValueAs: toNumber })}
          />,
        )}
      </div>
      {field(
        'voice',
        t('promptDialog.voice'),
        <NativeSelect {...control('voice')} {...form.register('voice')}>
          {PROMPT_VOICES.map((v) => (
            <option key={v} value={v}>
              {voiceLabel(v, t('promptDialog.voiceText'))}
            </option>
          ))}
        </NativeSelect>,
      )}
      {voice !== 'texto' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SecretField
            id="prompt-voiceKey"
            label={t('promptDialog.voiceKey')}
            error={error('voiceKey')}
            keptText={stored?.hasVoiceKey ? t('promptDialog.voiceKeyStored') : undefined}
            hintClassName="text-sm"
            {...form.register('voiceKey')}
          />
          {field(
            'voiceRegion',
            t('promptDialog.voiceRegion'),
            <Input
              placeholder="brazilsouth"
              {...control('voiceRegion')}
              {...form.register('voiceRegion')}
            />,
          )}
        </div>
      ) : null}
      <FormDialogFooter
        cancelLabel={t('promptDialog.cancel')}
        saveLabel={t('promptDialog.save')}
        onCancel={onClose}
        saveDisabled={isSubmitting}
      />
    </form>
  );
}
