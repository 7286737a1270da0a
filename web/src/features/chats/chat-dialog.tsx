import { zodResolver } from '@hookform/resolvers/zod';
import { createChatSchema, updateChatSchema } from '@atendo/domain';
import { ApiError } from '@atendo/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
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
import { useUsers } from '@/features/users/queries';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { translateRuntimeKey } from '@/lib/i18n';
import { translateValidation } from '@/lib/validation';
import type { ChatRow } from './queries';
import { upsertChat } from './realtime';

/** What the dialog edits: the title and the ids of the other participants. */
export interface ChatFormValues {
  title: string;
  users: number[];
}
type FieldName = keyof ChatFormValues;

/**
 * docs/product/internal-chat-and-announcements.md: a non-empty title and at least one user. Creating, the domain's create schema;
 * editing, its update schema with both fields required (the dialog always sends both).
 */
const createResolver = zodResolver(createChatSchema) as unknown as Resolver<ChatFormValues>;
const updateResolver = zodResolver(
  updateChatSchema.required({ title: true, users: true }),
) as unknown as Resolver<ChatFormValues>;

/** A chat schema's message for `field` in the current language. */
export function chatValidationText(
  field: FieldName,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  if (field === 'users') return translateRuntimeKey('internalChatValidation.users') ?? message;
  return translateValidation(message, 'internalChatValidation');
}

/** The fields an ERR_VALIDATION answer names (`{ error, fields: [{ field, message }] }`). */
function apiFieldIssues(err: unknown): { field: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const fields = (err.body as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as { field: string; message: string }[]) : [];
}

/**
 * Create or edit an internal chat (docs/product/internal-chat-and-announcements.md Internal chat, docs/product/internal-chat-and-announcements.md): its title and the users taking
 * part besides the caller (who always takes part, and owns a chat they create). The api's
 * failures are silently ignored, except a validation answer, shown on its fields.
 */
export function ChatDialog({
  open,
  chat,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The chat to edit; null creates one. */
  chat: ChatRow | null;
  onClose: () => void;
  onSaved?: (chat: ChatRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('internalChatDialog.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {chat ? t('internalChatDialog.editTitle') : t('internalChatDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('internalChatDialog.description')}</DialogDescription>
        </DialogHeader>
        {open ? <ChatForm chat={chat} onClose={onClose} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChatForm({
  chat,
  onClose,
  onSaved,
}: {
  chat: ChatRow | null;
  onClose: () => void;
  onSaved?: (chat: ChatRow) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const create = useRouteMutation('chatsCreate');
  const update = useRouteMutation('chatsUpdate');
  const me = useCurrentUser();
  const users = useUsers();
  const [filter, setFilter] = useState('');
  const form = useForm<ChatFormValues>({
    resolver: chat ? updateResolver : createResolver,
    defaultValues: {
      title: chat?.title ?? '',
      users: (chat?.users ?? []).map((u) => u.userId).filter((id) => id !== me.id),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const others = (users.data ?? []).filter((u) => u.id !== me.id);
  const shown = others.filter((u) => u.name.toLowerCase().includes(filter.trim().toLowerCase()));

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { title: values.title.trim(), users: values.users };
    try {
      const saved = chat
        ? await update.mutateAsync({ params: { id: chat.id }, body })
        : await create.mutateAsync({ body });
      upsertChat(client, saved, chat ? 'stay' : 'top');
      onSaved?.(saved);
      onClose();
    } catch (err) {
      // docs/product/errors.md#console-messages: silently ignored, but a validation answer shows on its fields.
      for (const { field, message } of apiFieldIssues(err))
        if (field === 'title' || field === 'users') form.setError(field, { message });
    }
  });

  const titleError = chatValidationText('title', errors.title?.message);
  const usersError = chatValidationText('users', errors.users?.message);

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field id="chat-title" label={t('internalChatDialog.titleField')} error={titleError}>
        <Input
          id="chat-title"
          autoFocus
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? 'chat-title-error' : undefined}
          {...form.register('title')}
        />
      </Field>
      <Controller
        control={form.control}
        name="users"
        render={({ field: f }) => (
          <fieldset
            className="grid gap-2"
            aria-invalid={!!usersError}
            aria-describedby={usersError ? 'chat-users-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t('internalChatDialog.users')}</legend>
            <Input
              type="search"
              placeholder={t('internalChatDialog.filterUsers')}
              aria-label={t('internalChatDialog.filterUsers')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-2">
              {users.isPending ? (
                <span className="text-sm text-muted-foreground">
                  {t('internalChatDialog.loading')}
                </span>
              ) : null}
              {users.isSuccess && others.length === 0 ? (
                <span className="text-sm text-muted-foreground">
                  {t('internalChatDialog.noUsers')}
                </span>
              ) : null}
              {shown.map((u) => (
                <label key={u.id} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={f.value.includes(u.id)}
                    onChange={(e) =>
                      f.onChange(
                        e.target.checked ? [...f.value, u.id] : f.value.filter((id) => id !== u.id),
                      )
                    }
                  />
                  {u.name}
                </label>
              ))}
            </div>
            {usersError ? (
              <p id="chat-users-error" role="alert" className="text-sm text-destructive">
                {usersError}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <FormDialogFooter
        cancelLabel={t('internalChatDialog.cancel')}
        saveLabel={t('internalChatDialog.save')}
        onCancel={onClose}
        saveDisabled={isSubmitting}
      />
    </form>
  );
}
