import { zodResolver } from '@hookform/resolvers/zod';
import {
  isValidDocument,
  maskDocument,
  onlyDigits,
  signupSchema,
  type SignupInput,
} from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useBranding } from '@/features/whitelabel/branding-provider';
import { usePublicSettings } from '@/lib/public-settings';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';
import { AuthLayout } from './auth-layout';
import { signupFieldsFromCnpj } from './cnpj-lookup';
import { emptyToUndefined } from './form-values';
import { PasswordInput } from './password-input';
import { fetchCnpj, usePublicPlans, useSignup } from './queries';

type SignupForm = z.input<typeof signupSchema>;

/** /signup: registers a company and its first admin; only while userCreation is enabled. */
export function SignupPage() {
  const { userCreationEnabled } = usePublicSettings();
  if (!userCreationEnabled) return <Navigate to="/login" replace />;
  return <SignupForm />;
}

function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: plans = [] } = usePublicPlans();
  const signup = useSignup();
  const { loginRegisterImageUrl } = useBranding();
  const lookedUp = useRef<string | null>(null);
  const companyId = Number(searchParams.get('companyId')) || undefined;

  const form = useForm<SignupForm, unknown, SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { companyId },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (m: string | undefined) => translateValidation(m);

  // On 14 digits the CNPJ's public data fills the form (docs/product/users-and-auth.md#validation).
  async function lookUpCnpj(digits: string) {
    if (digits.length !== 14 || !isValidDocument(digits) || lookedUp.current === digits) return;
    lookedUp.current = digits;
    try {
      const data = await fetchCnpj(queryClient, digits);
      for (const [key, value] of Object.entries(signupFieldsFromCnpj(data))) {
        form.setValue(key as keyof SignupForm, value, { shouldValidate: true });
      }
      notify.success(t('signup.cnpjFilled'));
    } catch {
      notify.error(t('signup.cnpjFailed'), 'cnpjFailed');
    }
  }

  const documentField = form.register('document', { setValueAs: emptyToUndefined });
  const text = (name: 'companyName' | 'name' | 'email' | 'password' | 'phone') =>
    form.register(name, { setValueAs: emptyToUndefined });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signup.mutateAsync(values);
    } catch {
      return; // toasted by the mutation
    }
    notify.success(t('signup.success'));
    navigate('/login');
  });

  return (
    <AuthLayout
      title={t('signup.title')}
      description={t('signup.subtitle')}
      image={loginRegisterImageUrl}
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field id="document" label={t('signup.document')} error={message(errors.document?.message)}>
          <Input
            id="document"
            inputMode="numeric"
            autoFocus
            aria-invalid={!!errors.document}
            {...documentField}
            onChange={(event) => {
              event.target.value = maskDocument(event.target.value);
              void documentField.onChange(event);
              void lookUpCnpj(onlyDigits(event.target.value));
            }}
          />
        </Field>
        <Field
          id="companyName"
          label={t('signup.companyName')}
          error={message(errors.companyName?.message)}
        >
          <Input
            id="companyName"
            autoComplete="organization"
            aria-invalid={!!errors.companyName}
            {...text('companyName')}
          />
        </Field>
        <Field id="name" label={t('signup.name')} error={message(errors.name?.message)}>
          <Input id="name" autoComplete="name" aria-invalid={!!errors.name} {...text('name')} />
        </Field>
        <Field id="email" label={t('signup.email')} error={message(errors.email?.message)}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            {...text('email')}
          />
        </Field>
        <Field id="password" label={t('signup.password')} error={message(errors.password?.message)}>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            {...text('password')}
          />
        </Field>
        <Field id="phone" label={t('signup.phone')} error={message(errors.phone?.message)}>
          <Input
            id="phone"
            type="tel"
            autoComplete="tel"
            aria-invalid={!!errors.phone}
            {...text('phone')}
          />
        </Field>
        <Field id="planId" label={t('signup.plan')} error={message(errors.planId?.message)}>
          <NativeSelect
            id="planId"
            defaultValue=""
            aria-invalid={!!errors.planId}
            {...form.register('planId', { setValueAs: emptyToUndefined })}
          >
            <option value="" disabled>
              {t('signup.selectPlan')}
            </option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {t('signup.planOption', {
                  name: plan.name,
                  users: plan.users,
                  connections: plan.connections,
                  queues: plan.queues,
                  amount: plan.amount,
                })}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {t('signup.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="text-primary underline-offset-4 hover:underline">
            {t('signup.loginLink')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
