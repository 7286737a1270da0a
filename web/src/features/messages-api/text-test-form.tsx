import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { ApiTestForm } from './api-test-form';
import { textTestSchema, type TextTestInput, type TextTestValues } from './form-schemas';
import { sendTestMessage } from './send';
import { useFieldText } from './test-parts';
import { Textarea } from '@/components/ui/textarea';

/** Sends a text through the real endpoint with a connection's token (JSON body). */
export function TextTestForm() {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const form = useForm<TextTestInput, unknown, TextTestValues>({
    resolver: zodResolver(textTestSchema),
    defaultValues: { token: '', number: '', body: '' },
  });
  const { errors } = form.formState;

  return (
    <ApiTestForm
      title={t('messagesApi.test.textTitle')}
      idPrefix="api-text"
      form={form}
      send={(values) => sendTestMessage(values.token, { number: values.number, body: values.body })}
      issueFields={{ number: 'number', body: 'body' }}
    >
      <Field
        id="api-text-body"
        label={t('messagesApi.test.body')}
        error={fieldText('body', errors.body?.message)}
      >
        <Textarea
          id="api-text-body"
          rows={4}
          className="min-h-20"
          aria-invalid={!!errors.body}
          {...form.register('body')}
        />
      </Field>
    </ApiTestForm>
  );
}
