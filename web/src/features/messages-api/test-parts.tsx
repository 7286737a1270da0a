import { validationCode } from '@atendo/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { useConnections } from '@/features/connections/queries';
import { translateRuntimeKey } from '@/lib/i18n';
import { translateValidation } from '@/lib/validation';
import type { ApiFieldIssue, SendOutcome } from './send';

/** What a test send ended in: the api's outcome, or the api could not be reached. */
export type TestResult = SendOutcome | { network: true };

/** A field's message in the current language: required, the number rule, or as it came. */
export function useFieldText() {
  const { t } = useTranslation();
  return (field: string, message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (validationCode(message) === 'required') return t('messagesApi.validation.required');
    if (field === 'number') return t('messagesApi.validation.number');
    return translateValidation(message);
  };
}

/**
 * Puts the api's field issues under the form's own fields (`names` maps api names to form
 * names) and returns those the form has no field for.
 */
export function placeFieldIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  issues: ApiFieldIssue[],
  names: Record<string, Path<T>>,
): ApiFieldIssue[] {
  const rest: ApiFieldIssue[] = [];
  for (const issue of issues) {
    const name = names[issue.field];
    if (name) setError(name, { type: 'server', message: issue.message });
    else rest.push(issue);
  }
  return rest;
}

/**
 * The company's connections that carry a token, to fill the token field from. Tokens come only
 * to administrators (the api leaves them out for everyone else), so others type the token.
 */
export function TokenPicker({ id, onPick }: { id: string; onPick: (token: string) => void }) {
  const { t } = useTranslation();
  const connections = useConnections();
  const withToken = (connections.data ?? []).filter((c) => !!c.token);
  if (withToken.length === 0) return null;
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('messagesApi.test.connection')}
      </label>
      <NativeSelect
        id={id}
        defaultValue=""
        onChange={(event) => {
          const picked = withToken.find((c) => String(c.id) === event.target.value);
          if (picked?.token) onPick(picked.token);
        }}
      >
        <option value="" disabled>
          {t('messagesApi.test.connectionHint')}
        </option>
        {withToken.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The api's error code in words: this page's own texts first, then the console's. */
function errorText(code: string): string {
  return (
    translateRuntimeKey(`messagesApi.errors.${code}`) ??
    translateRuntimeKey(`backendErrors.${code}`) ??
    code
  );
}

/** The answer of the last test: what the api sent back, or why it refused. */
export function TestResultView({
  result,
  unplaced,
}: {
  result: TestResult | null;
  /** Field issues the form could not show under a field. */
  unplaced: ApiFieldIssue[];
}) {
  const { t } = useTranslation();
  if (!result) return null;
  if ('network' in result)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('messagesApi.test.networkError')}
      </p>
    );
  if (result.ok)
    return (
      <div role="status" className="grid gap-2 rounded-md border border-emerald-500/50 p-3 text-sm">
        <p className="font-medium">{t('messagesApi.test.answer')}</p>
        <p>{result.answer.mensagem}</p>
        <p>
          {t('messagesApi.test.ticket', { id: result.answer.ticketId })} ·{' '}
          {t('messagesApi.test.messages', { ids: result.answer.messageIds.join(', ') })}
        </p>
        <pre className="overflow-x-auto rounded bg-muted/50 p-2 font-mono text-xs">
          {JSON.stringify(result.answer, null, 2)}
        </pre>
      </div>
    );
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm">
      <p className="font-medium text-destructive">
        {t('messagesApi.test.failed', { status: result.status })}
      </p>
      <p>{errorText(result.error)}</p>
      {unplaced.length > 0 ? (
        <ul className="list-disc pl-5">
          {unplaced.map((issue) => (
            <li key={`${issue.field}:${issue.message}`}>
              <span className="font-mono">{issue.field}</span>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      <pre className="overflow-x-auto rounded bg-muted/50 p-2 font-mono text-xs">
        {JSON.stringify(
          { error: result.error, ...(result.fields.length ? { fields: result.fields } : {}) },
          null,
          2,
        )}
      </pre>
    </div>
  );
}
