import {
  TRANSCRIPTION_SERVICES,
  type ExternalTranscriptionService,
  type TranscriptionCredentialView,
  type TranscriptionService,
} from '@atendo/domain';
import { AudioLines, Bot, Zap, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { CredentialDialog } from './credential-dialog';
import { useDefaultTranscriptionService, useTranscriptionCredentials } from './queries';

const ICONS: Record<TranscriptionService, LucideIcon> = {
  default: AudioLines,
  openai: Bot,
  groq: Zap,
};

/**
 * The transcription service picker (docs/product/settings.md): three cards (native, openai, groq), the
 * company's default highlighted. Picking an external service with no active credential opens
 * the credential dialog first; saving an active key there then makes it the default.
 */
export function TranscriptionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const updateDefault = useRouteMutation('transcriptionDefaultUpdate');
  const credentials = useTranscriptionCredentials(open);
  const current = useDefaultTranscriptionService(open);
  const [credentialFor, setCredentialFor] = useState<ExternalTranscriptionService | null>(null);
  // Set when the credential dialog was opened by picking a service: save, then make it default.
  const [pendingPick, setPendingPick] = useState<ExternalTranscriptionService | null>(null);
  const [saving, setSaving] = useState(false);

  const loadFailed = credentials.isError || current.isError;
  useEffect(() => {
    if (loadFailed) notify.error(t('transcription.loadError'), 'transcription-load');
  }, [loadFailed, t]);

  const credentialOf = (service: TranscriptionService) =>
    credentials.data?.find((c) => c.service === service);

  async function makeDefault(service: TranscriptionService) {
    setSaving(true);
    try {
      await updateDefault.mutateAsync({ body: { service } });
      notify.success(t('transcription.defaultUpdated'));
    } catch {
      notify.error(t('transcription.updateDefaultError'));
    } finally {
      setSaving(false);
    }
  }

  function pick(service: TranscriptionService) {
    if (service !== 'default' && !credentialOf(service)?.isActive) {
      setPendingPick(service);
      setCredentialFor(service);
      return;
    }
    void makeDefault(service);
  }

  function onCredentialSaved(saved: TranscriptionCredentialView) {
    const service = pendingPick;
    setPendingPick(null);
    if (service && saved.service === service && saved.isActive) void makeDefault(service);
  }

  const loading = credentials.isPending || current.isPending;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel={t('transcription.close')} className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('transcription.title')}</DialogTitle>
            <DialogDescription>{t('transcription.description')}</DialogDescription>
          </DialogHeader>
          {loading && !loadFailed ? (
            <p className="text-sm text-muted-foreground">{t('transcription.loading')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('transcription.title')}>
              {TRANSCRIPTION_SERVICES.map((service) => {
                const Icon = ICONS[service];
                const selected = current.data?.service === service;
                const credential = credentialOf(service);
                return (
                  <li key={service}>
                    <div
                      data-selected={selected || undefined}
                      className={cn(
                        'flex h-full flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground',
                        selected && 'border-primary ring-2 ring-primary/40',
                      )}
                    >
                      <div className="flex items-center justify-between gap-2">
                        <Icon className="size-6 text-primary" aria-hidden />
                        {selected ? <Badge>{t('transcription.current')}</Badge> : null}
                      </div>
                      <div className="grid gap-1">
                        <h3 className="font-medium">{t(`transcription.services.${service}`)}</h3>
                        <p className="text-sm text-muted-foreground">
                          {t(`transcription.services.${service}Description`)}
                        </p>
                        {service !== 'default' ? (
                          <p className="text-xs text-muted-foreground">
                            {!credential
                              ? t('transcription.noKey')
                              : credential.isActive
                                ? t('transcription.keyConfigured', { key: credential.apiKey })
                                : t('transcription.keyInactive')}
                          </p>
                        ) : null}
                      </div>
                      <div className="mt-auto flex flex-wrap gap-2">
                        <Button
                          type="button"
                          size="sm"
                          variant={selected ? 'secondary' : 'default'}
                          aria-pressed={selected}
                          aria-label={`${t('transcription.choose')}: ${t(`transcription.services.${service}`)}`}
                          disabled={saving || loadFailed}
                          onClick={() => pick(service)}
                        >
                          {t('transcription.choose')}
                        </Button>
                        {service !== 'default' ? (
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            aria-label={`${t('transcription.configureKey')}: ${t(`transcription.services.${service}`)}`}
                            onClick={() => {
                              setPendingPick(null);
                              setCredentialFor(service);
                            }}
                          >
                            {t('transcription.configureKey')}
                          </Button>
                        ) : null}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <CredentialDialog
        open={credentialFor !== null}
        service={credentialFor ?? 'openai'}
        onClose={() => {
          setCredentialFor(null);
          setPendingPick(null);
        }}
        onSaved={onCredentialSaved}
      />
    </>
  );
}
