import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { textTestSchema, type TextTestInput, type TextTestValues } from './form-schemas';
import { sendTestMessage, type ApiFieldIssue } from './send';
import {
  placeFieldIssues,
  TestResultView,
  TokenPicker,
  useFieldText,
  type TestResult,
} from './test-parts';

/** Sends a text through the real endpoint with a connection's token (JSON body). */
export function TextTestForm() {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const [result, setResult] = useState<TestResult | null>(null);
  const [unplaced, setUnplaced] = useState<ApiFieldIssue[]>([]);
  const form = useForm<TextTestInput, unknown, TextTestValues>({
    resolver: zodResolver(textTestSchema),
    defaultValues: { token: '', number: '', body: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    setUnplaced([]);
    try {
      const outcome = await sendTestMessage(values.token, {
        number: values.number,
        body: values.body,
      });
      setResult(outcome);
      if (outcome.ok) notify.success(t('messagesApi.test.sent'));
      else
        setUnplaced(
          placeFieldIssues(form.setError, outcome.fields, { number: 'number', body: 'body' }),
        );
    } catch {
      setResult({ network: true });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('messagesApi.test.textTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={t('messagesApi.test.textTitle')}
        >
          <TokenPicker
            id="api-text-connection"
            onPick={(token) => form.setValue('token', token, { shouldValidate: true })}
          />
          <Field
            id="api-text-token"
            label={t('messagesApi.test.token')}
            error={fieldText('token', errors.token?.message)}
          >
            <Input
              id="api-text-token"
              autoComplete="off"
              aria-invalid={!!errors.token}
              {...form.register('token')}
            />
          </Field>
          <Field
            id="api-text-number"
            label={t('messagesApi.test.number')}
            error={fieldText('number', errors.number?.message)}
          >
            <Input
              id="api-text-number"
              inputMode="numeric"
              placeholder={t('messagesApi.test.numberPlaceholder')}
              aria-invalid={!!errors.number}
              {...form.register('number')}
            />
          </Field>
          <Field
            id="api-text-body"
            label={t('messagesApi.test.body')}
            error={fieldText('body', errors.body?.message)}
          >
            <textarea
              id="api-text-body"
              rows={4}
              className="min-h-20 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
              aria-invalid={!!errors.body}
              {...form.register('body')}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('messagesApi.test.sending') : t('messagesApi.test.send')}
            </Button>
          </div>
          <TestResultView result={result} unplaced={unplaced} />
        </form>
      </CardContent>
    </Card>
  );
}
