import type { AuthMessages } from './pt-BR';

/** English: the sign-in and sign-up screens. */
export const authEn = {
  login: {
    title: 'Sign in',
    subtitle: 'Access the customer-service console',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Sign in',
    signupLink: "Don't have an account? Sign up!",
    success: 'Logged in successfully!',
  },
  signup: {
    title: 'Sign up',
    subtitle: 'Register your company and its first administrator',
    document: 'CPF/CNPJ',
    companyName: 'Company name',
    name: 'Your name',
    email: 'Email',
    password: 'Password',
    phone: 'Phone with area code',
    plan: 'Plan',
    selectPlan: 'Select a plan',
    planOption:
      '{{name}} - Attendants: {{users}} - Connections: {{connections}} - Queues: {{queues}} - R$ {{amount}}',
    submit: 'Sign up',
    loginLink: 'Already have an account? Sign in!',
    success: 'Signed up successfully! Please sign in.',
    cnpjFilled: 'Company data filled in automatically!',
    cnpjFailed: 'Could not look up the CNPJ data',
  },
} satisfies AuthMessages;
