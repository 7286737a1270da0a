import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { mediaTestSchema, type MediaTestInput, type MediaTestValues } from './form-schemas';
import { sendTestMessage, type ApiFieldIssue } from './send';
import {
  placeFieldIssues,
  TestResultView,
  TokenPicker,
  useFieldText,
  type TestResult,
} from './test-parts';

/** Sends a file through the real endpoint with a connection's token (multipart `medias`). */
export function MediaTestForm() {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const [result, setResult] = useState<TestResult | null>(null);
  const [unplaced, setUnplaced] = useState<ApiFieldIssue[]>([]);
  const form = useForm<MediaTestInput, unknown, MediaTestValues>({
    resolver: zodResolver(mediaTestSchema),
    defaultValues: { token: '', number: '', body: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    setUnplaced([]);
    const data = new FormData();
    data.append('number', values.number);
    data.append('body', values.body);
    data.append('medias', values.file, values.file.name);
    try {
      const outcome = await sendTestMessage(values.token, data);
      setResult(outcome);
      if (outcome.ok) notify.success(t('messagesApi.test.sent'));
      else
        setUnplaced(
          placeFieldIssues(form.setError, outcome.fields, {
            number: 'number',
            body: 'body',
            medias: 'file',
          }),
        );
    } catch {
      setResult({ network: true });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('messagesApi.test.mediaTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={onSubmit}
          noValidate
          aria-label={t('messagesApi.test.mediaTitle')}
        >
          <TokenPicker
            id="api-media-connection"
            onPick={(token) => form.setValue('token', token, { shouldValidate: true })}
          />
          <Field
            id="api-media-token"
            label={t('messagesApi.test.token')}
            error={fieldText('token', errors.token?.message)}
          >
            <Input
              id="api-media-token"
              autoComplete="off"
              aria-invalid={!!errors.token}
              {...form.register('token')}
            />
          </Field>
          <Field
            id="api-media-number"
            label={t('messagesApi.test.number')}
            error={fieldText('number', errors.number?.message)}
          >
            <Input
              id="api-media-number"
              inputMode="numeric"
              placeholder={t('messagesApi.test.numberPlaceholder')}
              aria-invalid={!!errors.number}
              {...form.register('number')}
            />
          </Field>
          <Field
            id="api-media-body"
            label={t('messagesApi.test.caption')}
            error={fieldText('body', errors.body?.message)}
          >
            <Input id="api-media-body" aria-invalid={!!errors.body} {...form.register('body')} />
          </Field>
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <Field
                id="api-media-file"
                label={t('messagesApi.test.file')}
                error={fieldText('file', errors.file?.message)}
              >
                <Input
                  id="api-media-file"
                  type="file"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={!!errors.file}
                  onChange={(event) => field.onChange(event.target.files?.[0])}
                />
              </Field>
            )}
          />
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
