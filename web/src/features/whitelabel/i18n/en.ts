import type { WhitelabelMessages } from './pt-BR';

/** English: the whitelabel settings tab. */
export const whitelabelEn: WhitelabelMessages = {
  whitelabel: {
    tab: 'Whitelabel',
    colors: 'Colours',
    primaryColorLight: 'Primary colour (light mode)',
    primaryColorDark: 'Primary colour (dark mode)',
    identity: 'Identity',
    appName: 'App name',
    appNameHint: 'Empty: the default name.',
    save: 'Save',
    images: 'Images',
    upload: 'Upload {{what}}',
    imageHint: 'PNG, JPEG, WebP or GIF; logos up to 2 MB, login images up to 5 MB.',
    noImage: 'No image',
    appLogoLight: 'Light logo',
    appLogoDark: 'Dark logo',
    appLogoFavicon: 'Favicon',
    loginEnterImage: 'Login page image',
    loginRegisterImage: 'Signup page image',
    updated: 'Operation updated successfully',
    uploading: 'Uploading...',
  },
};
