import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@atendo/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { useBranding } from '@/features/whitelabel/branding-provider';
import { usePublicSettings } from '@/lib/public-settings';
import { formatDueDate, isSubscriptionExpired } from '@/lib/subscription';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';

/** /login: email and password; the signup link only when userCreation is enabled. */
export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const { userCreationEnabled } = usePublicSettings();
  const { loginEnterImageUrl } = useBranding();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      const user = await login(email, password);
      const dueDate = user.company?.dueDate;
      if (isSubscriptionExpired(dueDate))
        notify.error(t('session.expired', { date: formatDueDate(dueDate) }), 'subscriptionExpired');
      else notify.success(t('login.success'));
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <AuthLayout
      title={t('login.title')}
      description={t('login.subtitle')}
      image={loginEnterImageUrl}
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field
          id="email"
          label={t('login.email')}
          error={translateValidation(errors.email?.message)}
        >
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            aria-invalid={!!errors.email}
            {...form.register('email')}
          />
        </Field>
        <Field
          id="password"
          label={t('login.password')}
          error={translateValidation(errors.password?.message)}
        >
          <PasswordInput
            id="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {t('login.submit')}
        </Button>
        {userCreationEnabled ? (
          <p className="text-center text-sm">
            <Link to="/signup" className="text-primary underline-offset-4 hover:underline">
              {t('login.signupLink')}
            </Link>
          </p>
        ) : null}
      </form>
    </AuthLayout>
  );
}
