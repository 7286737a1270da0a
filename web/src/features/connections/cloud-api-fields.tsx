import { buildPath, routePaths } from '@atendo/api-client';
import { Check as CheckIcon, Copy } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput, formErrorText } from '@/components/form-fields';
import { SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { config } from '@/lib/config';
import { notify } from '@/lib/toast';
import type { ConnectionFormValues } from './connection-form';

type V = ConnectionFormValues;
const P = 'connection';

/** Where Meta must post the Cloud API webhooks: the api's metaCloudWebhookReceive route. */
export function cloudWebhookUrl(): string {
  const [, path] = routePaths.metaCloudWebhookReceive;
  return new URL(`${config.apiUrl}${buildPath(path)}`, window.location.origin).href;
}

/**
 * The WhatsApp Cloud API part of the connection modal: the phone number's id, its business
 * account and the access token (write-only: on edit an empty field keeps the stored one), the
 * callback URL to paste into Meta and what is set there rather than here.
 */
export function CloudApiFields({ tokenStored }: { tokenStored: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<V>();
  const [copied, setCopied] = useState(false);
  const url = cloudWebhookUrl();
  const tokenError = formErrorText(formState.errors.accessToken?.message);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success(t('whatsappModal.cloud.copied'), 'cloud-callback-copied');
    } catch {
      notify.error(t('whatsappModal.cloud.copyFailed'), 'cloud-callback-copy-failed');
    }
  };
  return (
    <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{t('whatsappModal.cloud.title')}</legend>
      <p id={`${P}-cloud-help`} className="text-xs text-muted-foreground sm:col-span-2">
        {t('whatsappModal.cloud.help')}
      </p>
      <TextInput<V>
        name="phoneNumberId"
        label={t('whatsappModal.cloud.phoneNumberId')}
        idPrefix={P}
      />
      <TextInput<V>
        name="businessAccountId"
        label={t('whatsappModal.cloud.businessAccountId')}
        idPrefix={P}
      />
      <SecretField
        id={`${P}-accessToken`}
        label={t('whatsappModal.cloud.accessToken')}
        error={tokenError}
        keptText={tokenStored ? t('whatsappModal.cloud.accessTokenStored') : undefined}
        keptAs="both"
        className="sm:col-span-2"
        {...register('accessToken')}
      />
      <Field
        id={`${P}-callbackUrl`}
        label={t('whatsappModal.cloud.callbackUrl')}
        className="sm:col-span-2"
      >
        <div className="flex gap-2">
          <Input
            id={`${P}-callbackUrl`}
            readOnly
            value={url}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('whatsappModal.cloud.copy')}
            onClick={() => void copy()}
          >
            {copied ? <CheckIcon /> : <Copy />}
          </Button>
        </div>
      </Field>
    </fieldset>
  );
}
