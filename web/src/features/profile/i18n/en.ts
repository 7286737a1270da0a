import type { profilePtBR } from './pt-BR';

/** English: the profile dialog of the avatar menu. */
export const profileEn: typeof profilePtBR = {
  profileDialog: {
    title: 'Profile',
    description: 'Your name, password and picture.',
    name: 'Name',
    email: 'Email',
    password: 'New password (leave blank to keep it)',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    avatar: 'Picture',
    chooseAvatar: 'Choose a picture',
    avatarHint: 'The image is reduced to 240 px before it is sent.',
    avatarUnreadable: 'This image could not be read.',
    cancel: 'Cancel',
    save: 'Save',
    saved: 'Profile updated successfully.',
    close: 'Close',
  },
};
