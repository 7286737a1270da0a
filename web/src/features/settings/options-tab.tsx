import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { TranscriptionDialog } from '@/features/transcription/transcription-dialog';
import { publicSettingKeys, readPublicSetting } from '@/lib/public-settings';
import { notify } from '@/lib/toast';
import { useSettings, useUpdateSetting } from './queries';
import {
  SETTING_GROUPS,
  isRequired,
  isShown,
  settingValue,
  type SettingControl,
} from './setting-options';

type Values = Record<string, string | null>;

/**
 * The options tab (docs/product/settings.md Settings page): every company setting as a labelled select or text,
 * grouped; a select saves as soon as it changes (optimistically, back on refusal), a message
 * when its field is left. A feature's message shows while the feature is on and is required
 * then (docs/product/settings.md#validation). Super admins also see the platform-wide userCreation.
 */
export function OptionsTab({ isSuper }: { isSuper: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSetting();
  const [transcriptionOpen, setTranscriptionOpen] = useState(false);

  if (settings.isPending)
    return <p className="text-muted-foreground">{t('settingsPage.loading')}</p>;
  if (settings.isError) return <p role="alert">{t('settingsPage.loadError')}</p>;
  const values: Values = Object.fromEntries(settings.data.map((s) => [s.key, s.value]));
  const save = (key: string, value: string) =>
    update.mutate(
      { key, value },
      { onSuccess: () => notify.success(t('settingOptions.saved'), 'setting-saved') },
    );

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => setTranscriptionOpen(true)}>
          <AudioLines />
          {t('settingOptions.transcription')}
        </Button>
      </div>
      {isSuper ? <UserCreationOption /> : null}
      {SETTING_GROUPS.map(({ group, controls }) => (
        <section key={group} aria-labelledby={`settings-group-${group}`} className="grid gap-3">
          <h2 id={`settings-group-${group}`} className="text-base font-semibold">
            {t(`settingOptions.groups.${group}`)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {controls
              .filter((c) => isShown(values, c.key))
              .map((c) => (
                <SettingInput
                  key={c.key}
                  control={c}
                  value={settingValue(values, c.key)}
                  required={isRequired(values, c.key)}
                  onSave={(value) => save(c.key, value)}
                />
              ))}
          </div>
        </section>
      ))}
      <TranscriptionDialog open={transcriptionOpen} onOpenChange={setTranscriptionOpen} />
    </div>
  );
}

/** One setting: a select that saves on change, or a text that saves when left. */
function SettingInput({
  control,
  value,
  required,
  onSave,
}: {
  control: SettingControl;
  value: string;
  required: boolean;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = `setting-${control.key}`;
  const label = t(`settingOptions.labels.${control.key}` as never);
  if (control.kind === 'select') {
    return (
      <Field id={id} label={label}>
        <NativeSelect id={id} value={value} onChange={(e) => onSave(e.target.value)}>
          {control.values.map((v) => (
            <option key={v} value={v}>
              {t(`settingOptions.values.${v}` as never)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    );
  }
  return (
    <MessageInput
      id={id}
      label={label}
      saved={value}
      required={required}
      multiline={control.multiline}
      onSave={onSave}
    />
  );
}

/**
 * A message setting: edited locally, saved when the field is left and changed. While its
 * feature is on an empty text is refused here (inline) before the api would refuse it.
 */
function MessageInput({
  id,
  label,
  saved,
  required,
  multiline,
  onSave,
}: {
  id: string;
  label: string;
  saved: string;
  required: boolean;
  multiline: boolean;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(saved);
  // A save elsewhere (another tab, a socket push) shows here.
  useEffect(() => setDraft(saved), [saved]);
  const missing = required && draft.trim() === '';
  const error = missing ? t('settingOptions.required') : undefined;
  const commit = () => {
    if (missing || draft === saved) return;
    onSave(draft);
  };
  const common = {
    id,
    value: draft,
    required,
    'aria-invalid': missing,
    'aria-describedby': error ? `${id}-error` : `${id}-hint`,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
  };
  return (
    <Field id={id} label={label} error={error} className={multiline ? 'sm:col-span-2' : undefined}>
      {multiline ? <Textarea rows={3} className="min-h-0" {...common} /> : <Input {...common} />}
      {error ? null : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('settingOptions.messageHint')}
        </p>
      )}
    </Field>
  );
}

/**
 * userCreation lives on the platform (docs/product/users-and-auth.md#roles-and-permissions: super only) and is read as the public client
 * reads it; a change refreshes that read.
 */
function UserCreationOption() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const update = useUpdateSetting();
  const current = useQuery({
    queryKey: publicSettingKeys.one('userCreation'),
    queryFn: ({ signal }) => readPublicSetting('userCreation', signal),
    staleTime: Infinity,
    meta: { public: true },
  });
  const value = current.data ?? 'disabled';
  const id = 'setting-userCreation';
  return (
    <section aria-labelledby="settings-group-platform" className="grid gap-3">
      <h2 id="settings-group-platform" className="text-base font-semibold">
        {t('settingOptions.groups.platform')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={id} label={t('settingOptions.labels.userCreation')}>
          <NativeSelect
            id={id}
            value={value}
            onChange={(e) => {
              const next = e.target.value;
              client.setQueryData(publicSettingKeys.one('userCreation'), next);
              update.mutate(
                { key: 'userCreation', value: next },
                {
                  onSuccess: () => notify.success(t('settingOptions.saved'), 'setting-saved'),
                  onSettled: () =>
                    void client.invalidateQueries({ queryKey: publicSettingKeys.all }),
                },
              );
            }}
          >
            {(['enabled', 'disabled'] as const).map((v) => (
              <option key={v} value={v}>
                {t(`settingOptions.values.${v}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </section>
  );
}
