import { WHITELABEL_LOGIN_MAX_BYTES, WHITELABEL_LOGO_MAX_BYTES } from '@atendo/domain';
import type { ModuleHttp } from '../../http/define-routes.js';
import { storeWhitelabelImage } from '@atendo/core/modules/whitelabel/store-whitelabel-image.js';
import { whitelabelUpload } from './whitelabel-upload.js';

export const whitelabelHttp: ModuleHttp = (ctx) => ({
  handlers: {
    whitelabelLogo: async ({ body, req }) =>
      storeWhitelabelImage(ctx, { mode: body.mode, file: req.file?.buffer }),
    whitelabelLogin: async ({ body, req }) =>
      storeWhitelabelImage(ctx, { mode: body.mode, file: req.file?.buffer }),
  },
  before: {
    whitelabelLogo: [whitelabelUpload(ctx, WHITELABEL_LOGO_MAX_BYTES)],
    whitelabelLogin: [whitelabelUpload(ctx, WHITELABEL_LOGIN_MAX_BYTES)],
  },
});
