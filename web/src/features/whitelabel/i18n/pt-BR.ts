/** Português (base): the whitelabel settings tab (docs/product/settings.md Settings, whitelabel). */
export const whitelabelPtBR = {
  whitelabel: {
    tab: 'Whitelabel',
    colors: 'Cores',
    primaryColorLight: 'Cor primária (modo claro)',
    primaryColorDark: 'Cor primária (modo escuro)',
    identity: 'Identidade',
    appName: 'Nome do sistema',
    appNameHint: 'Vazio: o nome padrão.',
    save: 'Salvar',
    images: 'Imagens',
    upload: 'Enviar {{what}}',
    imageHint: 'PNG, JPEG, WebP ou GIF; logotipos até 2 MB, imagens de login até 5 MB.',
    noImage: 'Nenhuma imagem',
    appLogoLight: 'Logotipo claro',
    appLogoDark: 'Logotipo escuro',
    appLogoFavicon: 'Favicon',
    loginEnterImage: 'Imagem da tela de login',
    loginRegisterImage: 'Imagem da tela de cadastro',
    updated: 'Operação atualizada com sucesso',
    uploading: 'Enviando...',
  },
};
export type WhitelabelMessages = typeof whitelabelPtBR;
