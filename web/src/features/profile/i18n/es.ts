import type { profilePtBR } from './pt-BR';

/** Español: the profile dialog of the avatar menu. */
export const profileEs: typeof profilePtBR = {
  profileDialog: {
    title: 'Perfil',
    description: 'Su nombre, contraseña y foto.',
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Nueva contraseña (déjela en blanco para mantenerla)',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    avatar: 'Foto',
    chooseAvatar: 'Elegir foto',
    avatarHint: 'La imagen se reduce a 240 px antes del envío.',
    avatarUnreadable: 'No se pudo leer esta imagen.',
    cancel: 'Cancelar',
    save: 'Guardar',
    saved: 'Perfil actualizado con éxito.',
    close: 'Cerrar',
  },
};
