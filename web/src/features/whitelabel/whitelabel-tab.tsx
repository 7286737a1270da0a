import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { publicSettingKeys } from '@/lib/public-settings';
import { notify } from '@/lib/toast';
import { brandingAssetUrl, DEFAULT_PRIMARY, isHexColor, type BrandingKey } from './branding';
import { useBranding } from './branding-provider';
import { useSaveBrandingSetting, useUploadBrandingImage, type BrandingImageMode } from './queries';

/** How long the colour picker rests before the colour is saved (dragging sends one save). */
const SAVE_DELAY_MS = 400;

const IMAGES: { settingKey: BrandingKey; mode: BrandingImageMode }[] = [
  { settingKey: 'appLogoLight', mode: 'Light' },
  { settingKey: 'appLogoDark', mode: 'Dark' },
  { settingKey: 'appLogoFavicon', mode: 'Favicon' },
  { settingKey: 'loginEnterImage', mode: 'Enter' },
  { settingKey: 'loginRegisterImage', mode: 'Register' },
];

/**
 * The super admin's whitelabel tab (docs/product/settings.md Settings, whitelabel): primary colour per mode, app
 * name and the five images. Every change shows in the console at once (the branding provider
 * reads the same cache) and is saved with 'Operação atualizada com sucesso'; a failed upload is
 * only logged (docs/product/errors.md#error-catalogue).
 */
export function WhitelabelTab() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('whitelabel.colors')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <ColorField settingKey="primaryColorLight" fallback={DEFAULT_PRIMARY.light} />
          <ColorField settingKey="primaryColorDark" fallback={DEFAULT_PRIMARY.dark} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('whitelabel.identity')}</CardTitle>
        </CardHeader>
        <CardContent>
          <AppNameField />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('whitelabel.images')}</CardTitle>
          <CardDescription>{t('whitelabel.imageHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {IMAGES.map((image) => (
            <ImageField key={image.settingKey} {...image} />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

function ColorField({
  settingKey,
  fallback,
}: {
  settingKey: 'primaryColorLight' | 'primaryColorDark';
  fallback: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { values } = useBranding();
  const save = useSaveBrandingSetting();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stored = values[settingKey];
  const current = isHexColor(stored) ? stored : fallback;
  const id = `whitelabel-${settingKey}`;

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    if (!isHexColor(value)) return;
    // Previewed at once through the branding provider; saved when the picker rests.
    client.setQueryData(publicSettingKeys.one(settingKey), value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      save.mutate(
        { params: { key: settingKey }, body: { value } },
        { onSuccess: () => notify.success(t('whitelabel.updated'), 'whitelabel') },
      );
    }, SAVE_DELAY_MS);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t(`whitelabel.${settingKey}`)}</Label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="color"
          value={current.length === 7 ? current : fallback}
          onChange={onChange}
          className="h-9 w-14 cursor-pointer rounded-md border border-input bg-transparent p-1"
        />
        <code className="text-sm text-muted-foreground">{current.toUpperCase()}</code>
      </div>
    </div>
  );
}

function AppNameField() {
  const { t } = useTranslation();
  const { values } = useBranding();
  const save = useSaveBrandingSetting();
  const [name, setName] = useState(values.appName ?? '');
  useEffect(() => setName(values.appName ?? ''), [values.appName]);

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { params: { key: 'appName' }, body: { value: name.trim() } },
          { onSuccess: () => notify.success(t('whitelabel.updated'), 'whitelabel') },
        );
      }}
    >
      <div className="grid min-w-64 flex-1 gap-2">
        <Label htmlFor="whitelabel-appName">{t('whitelabel.appName')}</Label>
        <Input
          id="whitelabel-appName"
          value={name}
          maxLength={50}
          placeholder={t('common.appName')}
          onChange={(e) => setName(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">{t('whitelabel.appNameHint')}</p>
      </div>
      <Button type="submit" disabled={save.isPending} className="mb-5">
        {t('whitelabel.save')}
      </Button>
    </form>
  );
}

function ImageField({ settingKey, mode }: { settingKey: BrandingKey; mode: BrandingImageMode }) {
  const { t } = useTranslation();
  const { values } = useBranding();
  const upload = useUploadBrandingImage();
  const url = brandingAssetUrl(values[settingKey]);
  const label = t(`whitelabel.${settingKey}`);
  const id = `whitelabel-${settingKey}`;

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload.mutate(
      { mode, file },
      {
        onSuccess: () => notify.success(t('whitelabel.updated'), 'whitelabel'),
        // docs/product/errors.md#error-catalogue: a failed logo upload is only logged.
        onError: (err) => console.error('Whitelabel upload failed', err),
      },
    );
  };

  return (
    <div className="grid gap-2 rounded-md border p-3">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex h-24 items-center justify-center rounded bg-muted/50">
        {url ? (
          <img src={url} alt={label} className="max-h-20 max-w-full object-contain" />
        ) : (
          <span className="text-xs text-muted-foreground">{t('whitelabel.noImage')}</span>
        )}
      </div>
      <Input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label={t('whitelabel.upload', { what: label })}
        disabled={upload.isPending}
        onChange={onChange}
        className="text-xs"
      />
      {upload.isPending ? (
        <span className="text-xs text-muted-foreground">{t('whitelabel.uploading')}</span>
      ) : null}
    </div>
  );
}
