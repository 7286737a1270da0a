import type { CreateUserInput, UserView } from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { maskTime } from '@/components/schedule-editor';
import { Button } from '@/components/ui/button';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { connectionKeys } from '@/features/connections/queries';
import { queueKeys } from '@/features/queues/queries';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import {
  emptyUserForm,
  PERMISSION_FIELDS,
  userFormOf,
  userFormSchema,
  type UserBody,
  type UserFormValues,
} from './user-form';

/** A user schema's message in the current language (the modal's own texts first). */
export function userErrorText(message: string | undefined): string | undefined {
  return translateValidation(message, 'userValidation');
}

/**
 * Add or edit a user (docs/product/users-and-auth.md User modal, docs/product/users-and-auth.md#validation, docs/product/users-and-auth.md#roles-and-permissions): name, email, password (shown on demand),
 * profile, queues, default connection, work hours, farewell message, theme and menu on the
 * general tab; the permission switches on the second. Only admins see the permissions tab and
 * may change profile, queues, connection and hours (shown disabled to others, never sent).
 */
export function UserDialog({
  open,
  user,
  admin,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The user to edit; null adds one. */
  user: UserView | null;
  /** Whether the person using the modal administers the company. */
  admin: boolean;
  onClose: () => void;
  /** Called with the saved user (the page refreshes the session's copy when it is its own). */
  onSaved?: (user: UserView) => void;
}) {
  const { t } = useTranslation();
  const create = useRouteMutation('usersCreate');
  const update = useRouteMutation('usersUpdate');
  const editing = user !== null;
  const [tab, setTab] = useState<'general' | 'permissions'>('general');
  const [showPassword, setShowPassword] = useState(false);
  const queues = useQuery({
    queryKey: queueKeys.list(),
    queryFn: ({ signal }) => api.call('queuesIndex', { signal }),
    enabled: open && admin,
  });
  const connections = useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => api.call('whatsappIndex', { signal }),
    enabled: open && admin,
  });

  const resolver = useMemo(
    () =>
      zodResolver(userFormSchema({ admin, editing })) as unknown as Resolver<
        UserFormValues,
        unknown,
        UserBody
      >,
    [admin, editing],
  );
  const form = useForm<UserFormValues, unknown, UserBody>({
    resolver,
    defaultValues: emptyUserForm(),
  });
  const { errors, isSubmitting } = form.formState;

  // Each opening starts from the user (or an empty form) on the general tab.
  useEffect(() => {
    if (!open) return;
    setTab('general');
    setShowPassword(false);
    form.reset(user ? userFormOf(user) : emptyUserForm());
  }, [open, user, form]);

  const onSubmit = form.handleSubmit(
    async (body) => {
      try {
        const saved = user
          ? await update.mutateAsync({ params: { id: user.id }, body })
          : await create.mutateAsync({ body: body as CreateUserInput });
        notify.success(t('userModal.saved'));
        onSaved?.(saved);
        onClose();
      } catch (err) {
        toastError(err);
      }
    },
    () => setTab('general'),
  );

  const field = (
    name: 'name' | 'email' | 'password' | 'startWork' | 'endWork' | 'farewellMessage',
  ) => {
    const id = `user-${name}`;
    const error = userErrorText(errors[name]?.message);
    return {
      id,
      error,
      inputProps: {
        id,
        'aria-invalid': !!error,
        'aria-describedby': error ? `${id}-error` : undefined,
      },
    };
  };
  const name = field('name');
  const email = field('email');
  const password = field('password');
  const farewell = field('farewellMessage');
  const queueError = userErrorText(errors.queueIds?.message);
  const whatsappError = userErrorText(errors.whatsappId?.message);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        closeLabel={t('userModal.close')}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>{editing ? t('userModal.editTitle') : t('userModal.addTitle')}</DialogTitle>
          <DialogDescription>
            {admin ? t('userModal.description') : t('userModal.adminOnly')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
            <TabsList>
              <TabsTrigger value="general">{t('userModal.tabs.general')}</TabsTrigger>
              {admin ? (
                <TabsTrigger value="permissions">{t('userModal.tabs.permissions')}</TabsTrigger>
              ) : null}
            </TabsList>
            <TabsContent value="general" className="sm:grid-cols-2">
              <Field id={name.id} label={t('userModal.name')} error={name.error}>
                <Input autoFocus {...name.inputProps} {...form.register('name')} />
              </Field>
              <Field id={email.id} label={t('userModal.email')} error={email.error}>
                <Input
                  type="email"
                  autoComplete="off"
                  {...email.inputProps}
                  {...form.register('email')}
                />
              </Field>
              <Field
                id={password.id}
                label={editing ? t('userModal.passwordKeep') : t('userModal.password')}
                error={password.error}
              >
                <div className="flex gap-1">
                  <Input
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="new-password"
                    {...password.inputProps}
                    {...form.register('password')}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={
                      showPassword ? t('userModal.hidePassword') : t('userModal.showPassword')
                    }
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((v) => !v)}
                  >
                    {showPassword ? <EyeOff /> : <Eye />}
                  </Button>
                </div>
              </Field>
              <Field id="user-profile" label={t('userModal.profile')}>
                <NativeSelect id="user-profile" disabled={!admin} {...form.register('profile')}>
                  <option value="admin">{t('users.profiles.admin')}</option>
                  <option value="user">{t('users.profiles.user')}</option>
                </NativeSelect>
              </Field>
              <Controller
                control={form.control}
                name="queueIds"
                render={({ field: f }) => (
                  <fieldset
                    className="grid gap-2 sm:col-span-2"
                    disabled={!admin}
                    aria-invalid={!!queueError}
                  >
                    <legend className="mb-1 text-sm font-medium">{t('userModal.queues')}</legend>
                    <div className="flex flex-wrap gap-3">
                      {(queues.data ?? []).map((q) => (
                        <label key={q.id} className="flex items-center gap-2 text-sm">
                          <Checkbox
                            checked={f.value.includes(q.id)}
                            onChange={(e) =>
                              f.onChange(
                                e.target.checked
                                  ? [...f.value, q.id]
                                  : f.value.filter((id) => id !== q.id),
                              )
                            }
                          />
                          <span
                            className="size-3 rounded-full"
                            style={{ backgroundColor: q.color }}
                            aria-hidden
                          />
                          {q.name}
                        </label>
                      ))}
                      {/* A non-admin sees their queues as they are, without the company's list. */}
                      {!admin
                        ? (user?.queues ?? []).map((q) => (
                            <span key={q.id} className="rounded-full border px-2 text-sm">
                              {q.name}
                            </span>
                          ))
                        : null}
                      {admin && queues.isSuccess && queues.data.length === 0 ? (
                        <span className="text-sm text-muted-foreground">
                          {t('userModal.noQueues')}
                        </span>
                      ) : null}
                    </div>
                    {queueError ? <p className="text-sm text-destructive">{queueError}</p> : null}
                  </fieldset>
                )}
              />
              <Field id="user-whatsappId" label={t('userModal.whatsapp')} error={whatsappError}>
                <NativeSelect
                  id="user-whatsappId"
                  disabled={!admin}
                  aria-invalid={!!whatsappError}
                  {...form.register('whatsappId')}
                >
                  <option value="">{t('userModal.noWhatsapp')}</option>
                  {(connections.data ?? []).map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                  {!admin && user?.whatsapp ? (
                    <option value={String(user.whatsapp.id)}>{user.whatsapp.name}</option>
                  ) : null}
                </NativeSelect>
              </Field>
              <div className="grid grid-cols-2 gap-4">
                {(['startWork', 'endWork'] as const).map((key) => {
                  const f = field(key);
                  return (
                    <Controller
                      key={key}
                      control={form.control}
                      name={key}
                      render={({ field: c }) => (
                        <Field id={f.id} label={t(`userModal.${key}`)} error={f.error}>
                          <Input
                            {...f.inputProps}
                            inputMode="numeric"
                            placeholder="HH:mm"
                            maxLength={5}
                            disabled={!admin}
                            name={c.name}
                            ref={c.ref}
                            value={c.value}
                            onBlur={c.onBlur}
                            onChange={(e) => c.onChange(maskTime(e.target.value))}
                          />
                        </Field>
                      )}
                    />
                  );
                })}
              </div>
              <Field
                id={farewell.id}
                label={t('userModal.farewellMessage')}
                error={farewell.error}
                className="sm:col-span-2"
              >
                <Textarea rows={3} {...farewell.inputProps} {...form.register('farewellMessage')} />
              </Field>
              <Field id="user-defaultTheme" label={t('userModal.defaultTheme')}>
                <NativeSelect id="user-defaultTheme" {...form.register('defaultTheme')}>
                  <option value="light">{t('userModal.themes.light')}</option>
                  <option value="dark">{t('userModal.themes.dark')}</option>
                </NativeSelect>
              </Field>
              <Field id="user-defaultMenu" label={t('userModal.defaultMenu')}>
                <NativeSelect id="user-defaultMenu" {...form.register('defaultMenu')}>
                  <option value="open">{t('userModal.menus.open')}</option>
                  <option value="closed">{t('userModal.menus.closed')}</option>
                </NativeSelect>
              </Field>
            </TabsContent>
            {admin ? (
              <TabsContent value="permissions" className="sm:grid-cols-2">
                {PERMISSION_FIELDS.map((key) => (
                  <label key={key} className="flex items-center gap-2 text-sm">
                    <Switch {...form.register(`permissions.${key}`)} />
                    {t(`userModal.permissions.${key}`)}
                  </label>
                ))}
              </TabsContent>
            ) : null}
          </Tabs>
          <FormDialogFooter
            cancelLabel={t('userModal.cancel')}
            saveLabel={t('userModal.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
