import { useEffect, useState } from 'react';
import { config } from '@/lib/config';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** The absolute address of a media path the api answers (`/private/{companyId}/{file}`). */
export function mediaAddress(url: string): string {
  if (/^(https?:|blob:|data:)/.test(url)) return url;
  return `${config.apiUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Private media need the bearer token: fetched as a blob with it. */
export async function fetchPrivateMedia(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = readStorage(STORAGE_KEYS.token);
  const res = await fetch(mediaAddress(url), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** An object URL of a private media file, revoked when the component lets it go. */
export function usePrivateMedia(url: string | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    if (/^(blob:|data:)/.test(url)) {
      setObjectUrl(url);
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    fetchPrivateMedia(url, controller.signal)
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

/** The file name at the end of a media path. */
export function mediaFileName(url: string | null | undefined): string {
  if (!url) return '';
  const last = url.split('?')[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
