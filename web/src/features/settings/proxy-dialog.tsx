import { zodResolver } from '@hookform/resolvers/zod';
import { PROXY_PROTOCOLS, proxySchema, type ProxyView } from '@atendo/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { SecretField } from '@/components/secret-field';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { translateValidation } from '@/lib/validation';

/** The domain's proxy rules, plus the edit-only "remove the stored password". */
const formSchema = proxySchema.extend({ clearPassword: z.boolean().optional() });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const EMPTY: FormInput = {
  host: '',
  port: '',
  protocol: 'http',
  username: '',
  password: '',
  enabled: true,
  clearPassword: false,
};

/**
 * Add or edit a proxy (docs/product/connections.md#validation Proxy): host and port required, the port a whole number, the
 * protocol one of http, https, socks4, socks5. The stored password is never shown: left empty
 * on edit it is kept.
 */
export function ProxyDialog({
  open,
  proxy,
  onClose,
}: {
  open: boolean;
  /** The proxy to edit; null adds one. */
  proxy: ProxyView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createProxy = useRouteMutation('proxiesCreate');
  const updateProxy = useRouteMutation('proxiesUpdate');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      proxy
        ? {
            host: proxy.host,
            port: String(proxy.port),
            protocol: proxy.protocol as FormInput['protocol'],
            username: proxy.username ?? '',
            password: '',
            enabled: proxy.enabled,
            clearPassword: false,
          }
        : EMPTY,
    );
  }, [open, proxy, form]);

  const onSubmit = form.handleSubmit(async ({ clearPassword, ...values }) => {
    try {
      if (proxy)
        await updateProxy.mutateAsync({
          params: { id: proxy.id },
          body: {
            ...values,
            username: values.username ?? null,
            // No password typed: the api keeps the stored one.
            password: values.password || undefined,
            clearPassword: !values.password && clearPassword ? true : undefined,
          },
        });
      else await createProxy.mutateAsync({ body: values });
      notify.success(t('proxyDialog.saved'));
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const hostError = errors.host?.message;
  const portError = errors.port?.message;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('proxyDialog.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            {proxy ? t('proxyDialog.editTitle') : t('proxyDialog.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('proxyDialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field
              id="proxy-host"
              label={t('proxies.host')}
              error={
                hostError === 'Invalid host'
                  ? t('proxyDialog.invalidHost')
                  : translateValidation(hostError)
              }
            >
              <Input
                id="proxy-host"
                autoFocus
                placeholder="proxy.example.com"
                aria-invalid={!!errors.host}
                {...form.register('host')}
              />
            </Field>
            <Field
              id="proxy-port"
              label={t('proxies.port')}
              error={
                portError === 'Required'
                  ? translateValidation(portError)
                  : portError
                    ? t('proxyDialog.invalidPort')
                    : undefined
              }
            >
              <Input
                id="proxy-port"
                inputMode="numeric"
                placeholder="3128"
                aria-invalid={!!errors.port}
                {...form.register('port')}
              />
            </Field>
          </div>
          <Field id="proxy-protocol" label={t('proxies.protocol')}>
            <NativeSelect id="proxy-protocol" {...form.register('protocol')}>
              {PROXY_PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="proxy-username" label={t('proxies.username')}>
              <Input id="proxy-username" autoComplete="off" {...form.register('username')} />
            </Field>
            <SecretField
              id="proxy-password"
              label={t('proxies.password')}
              keptText={proxy?.hasPassword ? t('proxyDialog.passwordKeep') : undefined}
              keptAs="placeholder"
              {...form.register('password')}
            />
          </div>
          {proxy?.hasPassword ? (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox {...form.register('clearPassword')} />
              {t('proxyDialog.clearPassword')}
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <Checkbox {...form.register('enabled')} />
            {t('proxies.enabled')}
          </label>
          <FormDialogFooter
            cancelLabel={t('proxyDialog.cancel')}
            saveLabel={t('proxyDialog.save')}
            onCancel={onClose}
            saveDisabled={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
