/**
 * The Facebook login behind the Facebook and Instagram entries of the new-connection menu
 * (docs/product/connections.md#routes POST /facebook): Meta's JavaScript SDK asks the user for their pages, and the
 * api turns the login's user token into page connections. Needs VITE_FACEBOOK_APP_ID at build
 * time; without it the console offers the connection modal instead.
 */

interface FacebookSdk {
  init(options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  login(
    callback: (response: { authResponse?: { userID: string; accessToken: string } | null }) => void,
    options: { scope: string },
  ): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

/** The Graph version the login asks for (docs/product/connections.md#limits-and-defaults: v18.0 in the shell). */
const SDK_VERSION = 'v18.0';
const SDK_URL = 'https://connect.facebook.net/pt_BR/sdk.js';
const PAGE_SCOPES = [
  'public_profile',
  'pages_messaging',
  'pages_show_list',
  'pages_manage_metadata',
  'pages_read_engagement',
  'business_management',
];
const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_manage_messages'];

/** The configured Facebook app id, or null (the menu then opens the connection modal). */
export function facebookAppId(
  value: string | undefined = import.meta.env.VITE_FACEBOOK_APP_ID as string | undefined,
): string | null {
  return value?.trim() ? value.trim() : null;
}

let loading: Promise<FacebookSdk> | null = null;

function loadSdk(appId: string): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    if (window.FB) return resolve(window.FB);
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      if (!window.FB) return reject(new Error('Facebook SDK unavailable'));
      window.FB.init({ appId, version: SDK_VERSION, cookie: true });
      resolve(window.FB);
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Facebook SDK unavailable'));
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** Logs in with Facebook for pages (and their Instagram accounts); null when the user gave up. */
export async function facebookLogin(
  appId: string,
  instagram: boolean,
): Promise<{ facebookUserId: string; facebookUserToken: string } | null> {
  const sdk = await loadSdk(appId);
  const scope = [...PAGE_SCOPES, ...(instagram ? INSTAGRAM_SCOPES : [])].join(',');
  return new Promise((resolve) =>
    sdk.login(
      (response) =>
        resolve(
          response.authResponse
            ? {
                facebookUserId: response.authResponse.userID,
                facebookUserToken: response.authResponse.accessToken,
              }
            : null,
        ),
      { scope },
    ),
  );
}
