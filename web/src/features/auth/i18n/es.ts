import type { AuthMessages } from './pt-BR';

/** Spanish: the sign-in and sign-up screens. */
export const authEs = {
  login: {
    title: 'Iniciar sesión',
    subtitle: 'Acceda a la consola de atención',
    email: 'Correo electrónico',
    password: 'Contraseña',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    submit: 'Entrar',
    signupLink: '¿No tiene una cuenta? ¡Regístrese!',
    success: '¡Sesión iniciada con éxito!',
  },
  signup: {
    title: 'Registrarse',
    subtitle: 'Registre su empresa y el primer administrador',
    document: 'CPF/CNPJ',
    companyName: 'Nombre de la empresa',
    name: 'Su nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    phone: 'Teléfono con código de área',
    plan: 'Plan',
    selectPlan: 'Seleccione un plan',
    planOption:
      '{{name}} - Agentes: {{users}} - Conexiones: {{connections}} - Colas: {{queues}} - $ {{amount}}',
    submit: 'Registrarse',
    loginLink: '¿Ya tiene una cuenta? ¡Inicie sesión!',
    success: '¡Registro realizado con éxito! Inicie sesión.',
    cnpjFilled: '¡Datos de la empresa completados automáticamente!',
    cnpjFailed: 'No se pudieron consultar los datos del CNPJ',
  },
} satisfies AuthMessages;
