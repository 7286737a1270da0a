import { updateUserSchema, type UpdateUserInput } from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
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
import { avatarUrl, initials } from '@/features/users/avatar';
import { userErrorText } from '@/features/users/user-dialog';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { resizeAvatar } from './resize-image';

interface ProfileFormValues {
  name: string;
  password: string;
}

/** The domain's user update rules over the dialog's two fields (an empty password is kept). */
const profileSchema = z.preprocess(
  (raw: ProfileFormValues) => ({
    name: raw.name,
    ...(raw.password === '' ? {} : { password: raw.password }),
  }),
  updateUserSchema.pick({ name: true, password: true }),
);

/** Reads a blob as a data URL (the preview; jsdom and every browser have FileReader). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The avatar menu's profile dialog: the logged-in user's name, a new password (optional) and a
 * picture, resized in the browser to 240 px and re-encoded as jpeg 0.8 before it is uploaded.
 * Saved through PUT /users/{id} and POST /users/{id}/media-upload; the top bar shows the new
 * name and picture at once.
 */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { setUser } = useAuth();
  const update = useRouteMutation('usersUpdate');
  const uploadAvatar = useRouteMutation('usersMediaUpload');
  const fileInput = useRef<HTMLInputElement>(null);
  const avatarInputId = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [avatar, setAvatar] = useState<{ blob: Blob; preview: string } | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();

  const form = useForm<ProfileFormValues, unknown, UpdateUserInput>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<
      ProfileFormValues,
      unknown,
      UpdateUserInput
    >,
    defaultValues: { name: me.name, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // Each opening starts from the current name, no new password and no new picture.
  useEffect(() => {
    if (!open) return;
    form.reset({ name: me.name, password: '' });
    setAvatar(null);
    setAvatarError(undefined);
    setShowPassword(false);
    // Only on opening: a live update of the user must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return;
    try {
      const blob = await resizeAvatar(file);
      setAvatar({ blob, preview: await dataUrlOf(blob) });
      setAvatarError(undefined);
    } catch {
      setAvatar(null);
      setAvatarError(t('profileDialog.avatarUnreadable'));
    }
  };

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      let saved = await update.mutateAsync({ params: { id: me.id }, body });
      if (avatar) {
        const formData = new FormData();
        formData.append('profileImage', avatar.blob, 'avatar.jpg');
        formData.append('typeArch', 'user');
        formData.append('userId', String(me.id));
        saved = await uploadAvatar.mutateAsync({ params: { id: me.id }, formData });
      }
      setUser({ ...me, ...saved });
      notify.success(t('profileDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const nameError = userErrorText(errors.name?.message);
  const passwordError = userErrorText(errors.password?.message);
  const shownImage = avatar?.preview ?? avatarUrl(me.profileImage, me.companyId);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('profileDialog.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('profileDialog.title')}</DialogTitle>
          <DialogDescription>{t('profileDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="flex items-center gap-4">
            <Avatar className="size-20">
              <AvatarImage src={shownImage} alt={t('profileDialog.avatar')} />
              <AvatarFallback className="text-xl">{initials(me.name)}</AvatarFallback>
            </Avatar>
            <div className="grid gap-1">
              <label htmlFor={avatarInputId} className="sr-only">
                {t('profileDialog.avatar')}
              </label>
              <input
                id={avatarInputId}
                ref={fileInput}
                type="file"
                accept="image/*"
                className="hidden"
                onChange={(e) => {
                  void pickAvatar(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
                <ImageUp />
                {t('profileDialog.chooseAvatar')}
              </Button>
              <p className="text-xs text-muted-foreground">{t('profileDialog.avatarHint')}</p>
              {avatarError ? (
                <p role="alert" className="text-sm text-destructive">
                  {avatarError}
                </p>
              ) : null}
            </div>
          </div>
          <Field id="profile-name" label={t('profileDialog.name')} error={nameError}>
            <Input
              id="profile-name"
              autoFocus
              aria-invalid={!!nameError}
              aria-describedby={nameError ? 'profile-name-error' : undefined}
              {...form.register('name')}
            />
          </Field>
          <Field id="profile-email" label={t('profileDialog.email')}>
            <Input id="profile-email" value={me.email} readOnly disabled />
          </Field>
          <Field id="profile-password" label={t('profileDialog.password')} error={passwordError}>
            <div className="flex gap-1">
              <Input
                id="profile-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                aria-invalid={!!passwordError}
                aria-describedby={passwordError ? 'profile-password-error' : undefined}
                {...form.register('password')}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={
                  showPassword ? t('profileDialog.hidePassword') : t('profileDialog.showPassword')
                }
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <EyeOff /> : <Eye />}
              </Button>
            </div>
          </Field>
          <FormDialogFooter
            cancelLabel={t('profileDialog.cancel')}
            saveLabel={t('profileDialog.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
