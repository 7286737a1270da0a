import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TokenPicker, useFieldText } from './test-parts';

/** The fields every test form starts with (both schemas hold them). */
export type ConnectionFieldValues = { token: string; number: string };

/**
 * Which connection sends and to whom: the token picker, the token and the number, registered in
 * the surrounding form (`FormProvider`). Ids are `<idPrefix>-connection|token|number`.
 */
export function ConnectionFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const { register, setValue, formState } = useFormContext<ConnectionFieldValues>();
  const { errors } = formState;
  return (
    <>
      <TokenPicker
        id={`${idPrefix}-connection`}
        onPick={(token) => setValue('token', token, { shouldValidate: true })}
      />
      <Field
        id={`${idPrefix}-token`}
        label={t('messagesApi.test.token')}
        error={fieldText('token', errors.token?.message)}
      >
        <Input
          id={`${idPrefix}-token`}
          autoComplete="off"
          aria-invalid={!!errors.token}
          {...register('token')}
        />
      </Field>
      <Field
        id={`${idPrefix}-number`}
        label={t('messagesApi.test.number')}
        error={fieldText('number', errors.number?.message)}
      >
        <Input
          id={`${idPrefix}-number`}
          inputMode="numeric"
          placeholder={t('messagesApi.test.numberPlaceholder')}
          aria-invalid={!!errors.number}
          {...register('number')}
        />
      </Field>
    </>
  );
}
