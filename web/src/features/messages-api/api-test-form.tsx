import { useState, type ReactNode } from 'react';
import { FormProvider, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { ConnectionFields, type ConnectionFieldValues } from './connection-fields';
import type { ApiFieldIssue, SendOutcome } from './send';
import { placeFieldIssues, TestResultView, type TestResult } from './test-parts';

/**
 * One test send: clears the last answer, sends, keeps the outcome, toasts a success and puts
 * the api's field issues under the form's fields (`issueFields` maps api names to form names).
 */
export function useApiTestSubmit<TInput extends ConnectionFieldValues, TValues>(
  form: UseFormReturn<TInput, unknown, TValues>,
  send: (values: TValues) => Promise<SendOutcome>,
  issueFields: Record<string, Path<TInput>>,
) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TestResult | null>(null);
  const [unplaced, setUnplaced] = useState<ApiFieldIssue[]>([]);
  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    setUnplaced([]);
    try {
      const outcome = await send(values);
      setResult(outcome);
      if (outcome.ok) notify.success(t('messagesApi.test.sent'));
      else setUnplaced(placeFieldIssues(form.setError, outcome.fields, issueFields));
    } catch {
      setResult({ network: true });
    }
  });
  return { onSubmit, result, unplaced };
}

/**
 * The card of one test form: the connection fields, then the form's own fields (`children`),
 * the send button and the api's answer.
 */
export function ApiTestForm<TInput extends ConnectionFieldValues, TValues>({
  title,
  idPrefix,
  form,
  send,
  issueFields,
  children,
}: {
  title: string;
  idPrefix: string;
  form: UseFormReturn<TInput, unknown, TValues>;
  send: (values: TValues) => Promise<SendOutcome>;
  issueFields: Record<string, Path<TInput>>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { onSubmit, result, unplaced } = useApiTestSubmit(form, send, issueFields);
  const { isSubmitting } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
            <ConnectionFields idPrefix={idPrefix} />
            {children}
            <div className="flex justify-end">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('messagesApi.test.sending') : t('messagesApi.test.send')}
              </Button>
            </div>
            <TestResultView result={result} unplaced={unplaced} />
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
