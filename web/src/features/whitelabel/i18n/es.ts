import type { WhitelabelMessages } from './pt-BR';

/** Español: the whitelabel settings tab. */
export const whitelabelEs: WhitelabelMessages = {
  whitelabel: {
    tab: 'Whitelabel',
    colors: 'Colores',
    primaryColorLight: 'Color primario (modo claro)',
    primaryColorDark: 'Color primario (modo oscuro)',
    identity: 'Identidad',
    appName: 'Nombre del sistema',
    appNameHint: 'Vacío: el nombre predeterminado.',
    save: 'Guardar',
    images: 'Imágenes',
    upload: 'Subir {{what}}',
    imageHint:
      'PNG, JPEG, WebP o GIF; logotipos hasta 2 MB, imágenes de inicio de sesión hasta 5 MB.',
    noImage: 'Sin imagen',
    appLogoLight: 'Logotipo claro',
    appLogoDark: 'Logotipo oscuro',
    appLogoFavicon: 'Favicon',
    loginEnterImage: 'Imagen de la pantalla de inicio de sesión',
    loginRegisterImage: 'Imagen de la pantalla de registro',
    updated: 'Operación actualizada con éxito',
    uploading: 'Subiendo...',
  },
};
