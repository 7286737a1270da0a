import 'i18next';
import type { Messages } from './resources';

/** Types `t`: a key that Portuguese does not have is a compile error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    nsSeparator: false;
  }
}
