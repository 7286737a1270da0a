import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiTestForm } from './api-test-form';
import { mediaTestSchema, type MediaTestInput, type MediaTestValues } from './form-schemas';
import { sendTestMessage } from './send';
import { useFieldText } from './test-parts';

/** The multipart body of a media test: number, caption and the file as `medias`. */
function mediaBody(values: MediaTestValues): FormData {
  const data = new FormData();
  data.append('number', values.number);
  data.append('body', values.body);
  data.append('medias', values.file, values.file.name);
  return data;
}

/** Sends a file through the real endpoint with a connection's token (multipart `medias`). */
export function MediaTestForm() {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const form = useForm<MediaTestInput, unknown, MediaTestValues>({
    resolver: zodResolver(mediaTestSchema),
    defaultValues: { token: '', number: '', body: '' },
  });
  const { errors } = form.formState;

  return (
    <ApiTestForm
      title={t('messagesApi.test.mediaTitle')}
      idPrefix="api-media"
      form={form}
      send={(values) => sendTestMessage(values.token, mediaBody(values))}
      issueFields={{ number: 'number', body: 'body', medias: 'file' }}
    >
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
    </ApiTestForm>
  );
}
