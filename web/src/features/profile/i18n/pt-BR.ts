/** Português (base): the profile dialog of the avatar menu (docs/product/overview.md#console-routes-and-shell App shell, docs/product/users-and-auth.md). */
export const profilePtBR = {
  profileDialog: {
    title: 'Perfil',
    description: 'Seu nome, senha e foto.',
    name: 'Nome',
    email: 'Email',
    password: 'Nova senha (deixe em branco para manter)',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    avatar: 'Foto',
    chooseAvatar: 'Escolher foto',
    avatarHint: 'A imagem é reduzida a 240 px antes do envio.',
    avatarUnreadable: 'Não foi possível ler esta imagem.',
    cancel: 'Cancelar',
    save: 'Salvar',
    saved: 'Perfil atualizado com sucesso.',
    close: 'Fechar',
  },
};
