import type { WhitelabelLoginMode, WhitelabelLogoMode } from '@atendo/domain';
import { WHITELABEL_IMAGE_KEYS } from '@atendo/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { publicSettingKeys } from '@/lib/public-settings';

/**
 * Saves one whitelabel setting through the settings route (super admins):
 * `mutate({ params: { key }, body: { value } })`. The branding provider reads the
 * public-settings cache: the saved value goes there, and a refused one is read back from the
 * api (the tab may have previewed it already).
 */
export function useSaveBrandingSetting() {
  const client = useQueryClient();
  return useRouteMutation('settingsUpdate', {
    onSuccess: (_saved, { params, body }) => {
      client.setQueryData(publicSettingKeys.one(params.key), body.value);
    },
    onError: (_err, { params }) => {
      void client.invalidateQueries({ queryKey: publicSettingKeys.one(params.key) });
    },
    meta: { toastError: true },
  });
}

export type BrandingImageMode = WhitelabelLogoMode | WhitelabelLoginMode;

/** Uploads one branding image; the stored name goes into the cache its setting is read from. */
export function useUploadBrandingImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: BrandingImageMode; file: File }) => {
      const formData = new FormData();
      formData.append('typeArch', 'logo');
      formData.append('mode', mode);
      formData.append('file', file);
      // The routes' text fields travel in the multipart body, so the call goes by path.
      const path = mode === 'Enter' || mode === 'Register' ? 'login' : 'logo';
      return api.request<string>('POST', `/settings-whitelabel/${path}`, { formData });
    },
    onSuccess: (name, { mode }) => {
      client.setQueryData(publicSettingKeys.one(WHITELABEL_IMAGE_KEYS[mode]), name);
    },
  });
}
