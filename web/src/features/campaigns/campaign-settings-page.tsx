import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import type { CampaignSettings } from '@atendo/domain';
import { useMemo } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Check, Select, TextInput, formErrorText } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { CampaignArea } from './campaign-area';
import {
  GREATER_INTERVALS,
  LONGER_AFTER,
  MESSAGE_INTERVALS,
  campaignSettingsFormSchema,
  settingsFormOf,
  withCurrent,
  type CampaignSettingsFormOutput,
  type CampaignSettingsFormValues,
} from './campaign-settings-form';
import { useCampaignSettings } from './queries';

type V = CampaignSettingsFormValues;
type Out = CampaignSettingsFormOutput;
const P = 'campaign-settings';

/**
 * /campaigns-config (docs/product/campaigns.md Campaign settings page, docs/product/campaigns.md#limits-and-defaults): the pauses between sends, the daily
 * window and weekend days, and the custom variables campaign messages may use. One save
 * stores every key ('Configurações salvas').
 */
export function CampaignSettingsPage() {
  return (
    <CampaignArea adminOnly>
      <CampaignSettingsForm />
    </CampaignArea>
  );
}

function NumberSelect({
  name,
  label,
  options,
  none,
  unit,
}: {
  name: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';
  label: string;
  options: readonly number[];
  none: string;
  unit: 'seconds' | 'messages';
}) {
  const { t } = useTranslation();
  const current = Number(useWatch<V>({ name }));
  return (
    <Select<V> name={name} label={label} idPrefix={P}>
      {withCurrent(options, Number.isFinite(current) ? current : undefined).map((n) => (
        <option key={n} value={String(n)}>
          {n === 0 ? none : t(`campaignSettings.${unit}`, { count: n })}
        </option>
      ))}
    </Select>
  );
}

function VariablesEditor() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<V>();
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('campaignSettings.variablesHint')}</p>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('campaignSettings.noVariables')}</p>
      ) : null}
      {fields.map((field, i) => {
        const error = formErrorText(formState.errors.variables?.[i]?.key?.message);
        return (
          <div key={field.id} role="group" className="grid gap-1">
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-center gap-2">
              <Input
                aria-label={`${t('campaignSettings.key')} ${i + 1}`}
                placeholder={t('campaignSettings.key')}
                aria-invalid={!!error}
                {...register(`variables.${i}.key`)}
              />
              <Input
                aria-label={`${t('campaignSettings.value')} ${i + 1}`}
                placeholder={t('campaignSettings.value')}
                {...register(`variables.${i}.value`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('campaignSettings.removeVariable', { key: field.key || i + 1 })}
                onClick={() => remove(i)}
              >
                <Trash2 />
              </Button>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button type="button" variant="outline" onClick={() => append({ key: '', value: '' })}>
          <Plus />
          {t('campaignSettings.addVariable')}
        </Button>
      </div>
    </div>
  );
}

function CampaignSettingsForm() {
  const settings = useCampaignSettings();
  if (!settings.data) return <PageLoader />;
  return <SettingsForm saved={settings.data} />;
}

/** The form, started from the saved settings (read before it mounts). */
function SettingsForm({ saved }: { saved: CampaignSettings }) {
  const { t } = useTranslation();
  const save = useRouteMutation('campaignSettingsSave');
  const resolver = useMemo(
    () => zodResolver(campaignSettingsFormSchema) as unknown as Resolver<V, unknown, Out>,
    [],
  );
  const form = useForm<V, unknown, Out>({ resolver, defaultValues: settingsFormOf(saved) });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        body: {
          settings: {
            ...values,
            variables: values.variables.map((v) => ({ key: v.key.trim(), value: v.value })),
          },
        },
      });
      notify.success(t('campaignSettings.saved'));
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <div className="flex h-full flex-col gap-6 overflow-auto p-6">
      <PageHeader title={t('campaignSettings.title')}>
        <Button variant="outline" asChild>
          <Link to="/campaigns">
            <ArrowLeft />
            {t('campaignSettings.back')}
          </Link>
        </Button>
      </PageHeader>
      <FormProvider {...form}>
        <form className="grid max-w-4xl gap-6" onSubmit={onSubmit} noValidate>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('campaignSettings.intervals')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-3">
              <NumberSelect
                name="messageInterval"
                label={t('campaignSettings.messageInterval')}
                options={MESSAGE_INTERVALS}
                none={t('campaignSettings.noInterval')}
                unit="seconds"
              />
              <NumberSelect
                name="longerIntervalAfter"
                label={t('campaignSettings.longerIntervalAfter')}
                options={LONGER_AFTER}
                none={t('campaignSettings.notDefined')}
                unit="messages"
              />
              <NumberSelect
                name="greaterInterval"
                label={t('campaignSettings.greaterInterval')}
                options={GREATER_INTERVALS}
                none={t('campaignSettings.noInterval')}
                unit="seconds"
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('campaignSettings.window')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <TextInput<V>
                name="startHour"
                type="time"
                label={t('campaignSettings.startHour')}
                idPrefix={P}
              />
              <TextInput<V>
                name="endHour"
                type="time"
                label={t('campaignSettings.endHour')}
                idPrefix={P}
              />
              <Check<V> name="sabado" label={t('campaignSettings.sabado')} idPrefix={P} />
              <Check<V> name="domingo" label={t('campaignSettings.domingo')} idPrefix={P} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('campaignSettings.variables')}</CardTitle>
            </CardHeader>
            <CardContent>
              <VariablesEditor />
            </CardContent>
          </Card>
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {t('campaignSettings.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
