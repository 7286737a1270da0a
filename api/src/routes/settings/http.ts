import type { ModuleHttp } from '../../http/define-routes.js';
import { findPublicSetting } from '@atendo/core/modules/settings/find-public-setting.js';
import { findSetting } from '@atendo/core/modules/settings/find-setting.js';
import { listCompanySettings } from '@atendo/core/modules/settings/list-company-settings.js';
import { listSettings } from '@atendo/core/modules/settings/list-settings.js';
import { updateSetting } from '@atendo/core/modules/settings/update-setting.js';

export const settingsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    publicSetting: async ({ params }) => findPublicSetting(ctx, { key: params.key }),
    settingsIndex: async ({ auth }) => listSettings(ctx, { companyId: auth.companyId }),
    settingsShow: async ({ auth, params }) =>
      findSetting(ctx, { companyId: auth.companyId, key: params.key }),
    settingsUpdate: async ({ auth, params, body }) =>
      updateSetting(ctx, { auth, key: params.key, value: body.value }),
    companySettingsShow: async ({ auth, params }) =>
      listCompanySettings(ctx, { auth, companyId: params.id }),
    companySettingOne: async ({ auth, query }) => {
      // Clients of this product family read `{ [column]: value }`.
      const { key, value } = await findSetting(ctx, {
        companyId: auth.companyId,
        key: query.column,
      });
      return { [key]: value };
    },
    companySettingsUpdate: async ({ auth, body }) =>
      updateSetting(ctx, { auth, key: body.column, value: body.data }),
  },
});
