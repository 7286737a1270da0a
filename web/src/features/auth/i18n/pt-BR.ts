import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the sign-in and sign-up screens:
 * the source every other language must match key for key.
 */
export const authPtBR = {
  login: {
    title: 'Entrar',
    subtitle: 'Acesse o console de atendimento',
    email: 'Email',
    password: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    submit: 'Entrar',
    signupLink: 'Não tem uma conta? Cadastre-se!',
    success: 'Login efetuado com sucesso!',
  },
  signup: {
    title: 'Cadastre-se',
    subtitle: 'Registre sua empresa e o primeiro administrador',
    document: 'CPF/CNPJ',
    companyName: 'Nome da empresa',
    name: 'Seu nome',
    email: 'Email',
    password: 'Senha',
    phone: 'Telefone com (DDD)',
    plan: 'Plano',
    selectPlan: 'Selecione um plano',
    planOption:
      '{{name}} - Atendentes: {{users}} - Conexões: {{connections}} - Filas: {{queues}} - R$ {{amount}}',
    submit: 'Cadastrar',
    loginLink: 'Já tem uma conta? Entre!',
    success: 'Cadastro realizado com sucesso! Faça seu login.',
    cnpjFilled: 'Dados da empresa preenchidos automaticamente!',
    cnpjFailed: 'Não foi possível consultar os dados do CNPJ',
  },
};

/** The shape every language fills for auth. */
export type AuthMessages = Messages<typeof authPtBR>;
