import { QUEUE_OPTION_TYPES, type ChatbotView, type QueueOptionType } from '@atendo/domain';
import { ChevronDown, ChevronUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

/** One chatbot option as the editor holds it (ids of selects as text, '' = none). */
export interface ChatbotNodeForm {
  /** A stable key for React (the saved id, or a fresh one for a new option). */
  key: string;
  id?: number;
  name: string;
  greetingMessage: string;
  queueType: QueueOptionType;
  closeTicket: boolean;
  optQueueId: string;
  optUserId: string;
  optIntegrationId: string;
  optFileId: string;
  options: ChatbotNodeForm[];
}

export interface ChatbotLookups {
  queues: { id: number; name: string }[];
  users: { id: number; name: string }[];
  integrations: { id: number; name: string }[];
  files: { id: number; name: string }[];
}

/** The validation errors of a tree, shaped like it (react-hook-form's nested errors). */
export type ChatbotErrors =
  | readonly (
      | (Partial<Record<keyof ChatbotNodeForm, { message?: string }>> & {
          options?: ChatbotErrors;
        })
      | undefined
    )[]
  | undefined;

let nextKey = 0;
const newKey = () => `new-${Date.now().toString(36)}-${nextKey++}`;

/** A fresh option (type text). */
export function emptyOption(): ChatbotNodeForm {
  return {
    key: newKey(),
    name: '',
    greetingMessage: '',
    queueType: 'text',
    closeTicket: false,
    optQueueId: '',
    optUserId: '',
    optIntegrationId: '',
    optFileId: '',
    options: [],
  };
}

const ref = (v: number | null) => (v ? String(v) : '');

/** A saved tree as the editor edits it. */
export function chatbotFormOf(nodes: readonly ChatbotView[]): ChatbotNodeForm[] {
  return [...nodes]
    .sort((a, b) => a.order - b.order)
    .map((n) => ({
      key: `saved-${n.id}`,
      id: n.id,
      name: n.name,
      greetingMessage: n.greetingMessage ?? '',
      queueType: (QUEUE_OPTION_TYPES as readonly string[]).includes(n.queueType)
        ? (n.queueType as QueueOptionType)
        : 'text',
      closeTicket: n.closeTicket,
      optQueueId: ref(n.optQueueId),
      optUserId: ref(n.optUserId),
      optIntegrationId: ref(n.optIntegrationId),
      optFileId: ref(n.optFileId),
      options: chatbotFormOf(n.options ?? []),
    }));
}

/** The editor's tree as the queue's PUT/POST sends it: ids kept (edit), order by position. */
export function chatbotBodyOf(nodes: readonly ChatbotNodeForm[]): Record<string, unknown>[] {
  return nodes.map((n, order) => ({
    ...(n.id ? { id: n.id } : {}),
    name: n.name,
    greetingMessage: n.greetingMessage.trim() === '' ? null : n.greetingMessage,
    queueType: n.queueType,
    closeTicket: n.closeTicket,
    optQueueId: n.optQueueId,
    optUserId: n.optUserId,
    optIntegrationId: n.optIntegrationId,
    optFileId: n.optFileId,
    order,
    options: chatbotBodyOf(n.options),
  }));
}

/** Which extra selects each type shows (docs/product/queues-and-chatbots.md#queues Chatbot option table). */
const FIELDS_OF: Record<
  QueueOptionType,
  ('optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId')[]
> = {
  text: [],
  queue: ['optQueueId'],
  attendent: ['optUserId', 'optQueueId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
};

interface ListProps {
  nodes: ChatbotNodeForm[];
  onChange: (nodes: ChatbotNodeForm[]) => void;
  errors: ChatbotErrors;
  lookups: ChatbotLookups;
  errorText: (message: string | undefined) => string | undefined;
  /** The position of the list's parent, e.g. "1.2" ('' at the root). */
  path: string;
  expanded: Set<string>;
  toggle: (key: string, open?: boolean) => void;
}

/**
 * The queue's chatbot menu (docs/product/queues-and-chatbots.md Queue chatbot option editor): a vertical stepper of
 * options, each with its own options nested under it. An option needs its message before a
 * next level can be added under it.
 */
export function ChatbotEditor({
  value,
  onChange,
  errors,
  lookups,
  errorText,
}: {
  value: ChatbotNodeForm[];
  onChange: (nodes: ChatbotNodeForm[]) => void;
  errors?: ChatbotErrors;
  lookups: ChatbotLookups;
  errorText: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const toggle = (key: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <section className="grid gap-2" aria-label={t('chatbot.title')}>
      <h3 className="text-sm font-semibold">{t('chatbot.title')}</h3>
      <OptionList
        nodes={value}
        onChange={onChange}
        errors={errors}
        lookups={lookups}
        errorText={errorText}
        path=""
        expanded={expanded}
        toggle={toggle}
      />
    </section>
  );
}

function OptionList({ nodes, onChange, path, toggle, errors, ...rest }: ListProps) {
  const { t } = useTranslation();
  const add = () => {
    const option = emptyOption();
    toggle(option.key, true);
    onChange([...nodes, option]);
  };
  return (
    <div className="grid gap-2">
      <ol className="grid gap-0">
        {nodes.map((node, index) => (
          <OptionStep
            key={node.key}
            node={node}
            path={path ? `${path}.${index + 1}` : String(index + 1)}
            last={index === nodes.length - 1}
            errors={errors?.[index]}
            onChange={(next) => onChange(nodes.map((n, i) => (i === index ? next : n)))}
            onRemove={() => onChange(nodes.filter((_, i) => i !== index))}
            toggle={toggle}
            {...rest}
          />
        ))}
      </ol>
      {path === '' ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={add}
        >
          <Plus />
          {t('chatbot.addOption')}
        </Button>
      ) : null}
    </div>
  );
}

function OptionStep({
  node,
  path,
  last,
  errors,
  onChange,
  onRemove,
  lookups,
  errorText,
  expanded,
  toggle,
}: Omit<ListProps, 'nodes' | 'onChange' | 'errors'> & {
  node: ChatbotNodeForm;
  last: boolean;
  errors: NonNullable<ChatbotErrors>[number];
  onChange: (node: ChatbotNodeForm) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const open = expanded.has(node.key) || hasErrors(errors);
  const set = <K extends keyof ChatbotNodeForm>(field: K, v: ChatbotNodeForm[K]) =>
    onChange({ ...node, [field]: v });
  const id = `chatbot-${path.replace(/\./g, '-')}`;
  const title = t('chatbot.optionTitle', { path });
  const canNest = node.greetingMessage.trim() !== '';
  const addChild = () => {
    const child = emptyOption();
    toggle(child.key, true);
    onChange({ ...node, options: [...node.options, child] });
  };
  const selectOptions: Record<
    (typeof FIELDS_OF)['attendent'][number],
    { id: number; name: string }[]
  > = {
    optQueueId: lookups.queues,
    optUserId: lookups.users,
    optIntegrationId: lookups.integrations,
    optFileId: lookups.files,
  };

  return (
    <li className="relative flex gap-3" role="group" aria-label={title}>
      <div className="flex flex-col items-center">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
          {path.split('.').pop()}
        </span>
        {!last || node.options.length > 0 ? (
          <span className="w-px flex-1 bg-border" aria-hidden />
        ) : null}
      </div>
      <div className="grid flex-1 gap-2 pb-4">
        <div className="flex items-center gap-2">
          <span className="flex-1 truncate text-sm font-medium">
            {path} · {node.name || t('chatbot.untitled')}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-expanded={open}
            aria-label={open ? t('chatbot.collapse', { path }) : t('chatbot.expand', { path })}
            onClick={() => toggle(node.key)}
          >
            {open ? <ChevronUp /> : <ChevronDown />}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('chatbot.removeOption', { name: node.name || path })}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
        {open ? (
          <div className="grid gap-3 rounded-md border p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id={`${id}-name`}
                label={t('chatbot.name')}
                error={errorText(errors?.name?.message)}
              >
                <Input
                  id={`${id}-name`}
                  value={node.name}
                  aria-invalid={!!errors?.name}
                  onChange={(e) => set('name', e.target.value)}
                />
              </Field>
              <Field id={`${id}-type`} label={t('chatbot.queueType')}>
                <NativeSelect
                  id={`${id}-type`}
                  value={node.queueType}
                  onChange={(e) => set('queueType', e.target.value as QueueOptionType)}
                >
                  {QUEUE_OPTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`chatbot.types.${type}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field
              id={`${id}-message`}
              label={t('chatbot.message')}
              error={errorText(errors?.greetingMessage?.message)}
            >
              <Textarea
                id={`${id}-message`}
                rows={3}
                className="min-h-16"
                value={node.greetingMessage}
                onChange={(e) => set('greetingMessage', e.target.value)}
              />
            </Field>
            {FIELDS_OF[node.queueType].length > 0 ? (
              <div className="grid gap-3 sm:grid-cols-2">
                {FIELDS_OF[node.queueType].map((field) => (
                  <Field
                    key={field}
                    id={`${id}-${field}`}
                    label={t(`chatbot.${field}`)}
                    error={errorText(errors?.[field]?.message)}
                  >
                    <NativeSelect
                      id={`${id}-${field}`}
                      value={node[field]}
                      aria-invalid={!!errors?.[field]}
                      onChange={(e) => set(field, e.target.value)}
                    >
                      <option value="">{t('chatbot.choose')}</option>
                      {selectOptions[field].map((o) => (
                        <option key={o.id} value={String(o.id)}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                ))}
              </div>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={node.closeTicket}
                onChange={(e) => set('closeTicket', e.target.checked)}
              />
              {t('chatbot.closeTicket')}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!canNest}
                onClick={addChild}
              >
                <Plus />
                {t('chatbot.addSubOption', { name: node.name || path })}
              </Button>
              {!canNest ? (
                <span className="text-xs text-muted-foreground">{t('chatbot.messageNeeded')}</span>
              ) : null}
            </div>
          </div>
        ) : null}
        {node.options.length > 0 ? (
          <OptionList
            nodes={node.options}
            onChange={(options) => onChange({ ...node, options })}
            errors={errors?.options}
            lookups={lookups}
            errorText={errorText}
            path={path}
            expanded={expanded}
            toggle={toggle}
          />
        ) : null}
      </div>
    </li>
  );
}

function hasErrors(errors: unknown): boolean {
  return !!errors && typeof errors === 'object' && Object.keys(errors).some((k) => k !== 'options');
}
