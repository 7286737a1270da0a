import type { AppContext } from '../../context.js';
import type { Handler } from '../define-routes.js';
import type { RouteName } from '@atendo/contract';
import { loginUser } from '../../modules/auth/login-user.js';
import { refreshSession } from '../../modules/auth/refresh-session.js';
import { logoutUser } from '../../modules/auth/logout-user.js';
import { signupCompany } from '../../modules/auth/signup-company.js';
import { lookupCnpj } from '../../modules/auth/lookup-cnpj.js';
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '../../modules/auth/session-cookie.js';
import { loadUser } from '../../modules/users/users-of.js';
import { toUserView } from '../../modules/users/user-view.js';
import { listUsers, listAllUsers } from '../../modules/users/list-users.js';
import { createUser } from '../../modules/users/create-user.js';
import { updateUser } from '../../modules/users/update-user.js';
import { deleteUser } from '../../modules/users/delete-user.js';
import { updateTicketsManagerWidth } from '../../modules/users/update-tickets-manager-width.js';
import { setUserProfileImage } from '../../modules/users/set-user-profile-image.js';
import { listCompanies } from '../../modules/companies/list-companies.js';
import { listCompaniesPaged } from '../../modules/companies/list-companies-paged.js';
import { findCompany } from '../../modules/companies/find-company.js';
import { findCompanyPlan } from '../../modules/companies/find-company-plan.js';
import { createCompany } from '../../modules/companies/create-company.js';
import { updateCompany } from '../../modules/companies/update-company.js';
import { deleteCompany } from '../../modules/companies/delete-company.js';
import { updateCompanySchedules } from '../../modules/companies/update-company-schedules.js';
import { listPlans } from '../../modules/plans/list-plans.js';
import { findPlan } from '../../modules/plans/find-plan.js';
import { createPlan, updatePlan } from '../../modules/plans/save-plan.js';
import { deletePlan } from '../../modules/plans/delete-plan.js';
import { findPublicSetting } from '../../modules/settings/find-public-setting.js';
import { findSetting } from '../../modules/settings/find-setting.js';
import { listCompanySettings } from '../../modules/settings/list-company-settings.js';
import { listSettings } from '../../modules/settings/list-settings.js';
import { updateSetting } from '../../modules/settings/update-setting.js';
import { listHelps } from '../../modules/helps/list-helps.js';
import { listAllWhatsapps, listWhatsapps } from '../../modules/connections/list-whatsapps.js';
import { loadWhatsapp } from '../../modules/connections/connections-access.js';
import { toWhatsappView } from '../../modules/connections/whatsapp-view.js';
import { createWhatsapp } from '../../modules/connections/create-whatsapp.js';
import { updateWhatsapp } from '../../modules/connections/update-whatsapp.js';
import { deleteWhatsapp } from '../../modules/connections/delete-whatsapp.js';
import {
  renewSession,
  restartSessions,
  startSession,
  stopSession,
} from '../../modules/connections/control-session.js';
import {
  findCompanyState,
  upsertCompanyResource,
} from '../../modules/internal/upsert-company-resource.js';
import {
  issueSessionCredentials,
  logoutSession,
  registerConnectionResource,
  reportSessionStatus,
} from '../../modules/internal/connection-resources.js';
import { bearerToken } from '../authenticate.js';

/** Every contract route's handler: thin adapters from HTTP to use cases. */
export function createHandlers(ctx: AppContext): { [K in RouteName]?: Handler<K> } {
  const secure = ctx.config.NODE_ENV === 'production';
  const days = ctx.config.REFRESH_TOKEN_TTL_DAYS;
  return {
    login: async ({ body, req, res }) => {
      const { refreshToken, ...result } = await loginUser(ctx, {
        ...body,
        userAgent: req.get('user-agent'),
        ip: req.ip,
      });
      setRefreshCookie(res, refreshToken, days, secure);
      return result;
    },
    refreshToken: async ({ req, res }) => {
      try {
        const { refreshToken, ...result } = await refreshSession(ctx, {
          refreshToken: readRefreshCookie(req),
          userAgent: req.get('user-agent'),
          ip: req.ip,
        });
        setRefreshCookie(res, refreshToken, days, secure);
        return result;
      } catch (err) {
        clearRefreshCookie(res, secure);
        throw err;
      }
    },
    logout: async ({ auth, res }) => {
      await logoutUser(ctx, { userId: auth.userId, companyId: auth.companyId });
      clearRefreshCookie(res, secure);
      return { message: 'Logged out' };
    },
    me: async ({ auth }) => toUserView(await loadUser(ctx, auth, auth.userId)),
    signup: async ({ body }) => signupCompany(ctx, body),
    consultaCnpj: async ({ params }) => lookupCnpj(ctx, { cnpj: params.cnpj }),
    version: async () => ({ version: ctx.config.APP_VERSION }),
    publicSetting: async ({ params }) => findPublicSetting(ctx, { key: params.key }),

    plansPublicList: async () => listPlans(ctx, { publicOnly: true }),
    plansAll: async () => listPlans(ctx, { publicOnly: false }),
    plansShow: async ({ params }) => findPlan(ctx, { planId: params.id }),
    plansCreate: async ({ body }) => createPlan(ctx, body),
    plansUpdate: async ({ params, body }) => updatePlan(ctx, { planId: params.id, input: body }),
    plansDelete: async ({ params }) => deletePlan(ctx, { planId: params.id }),

    companiesIndex: async () => listCompanies(ctx),
    companiesList: async () => listCompanies(ctx),
    companiesPlan: async ({ query }) => listCompaniesPaged(ctx, query),
    companiesListPlan: async ({ auth, params }) =>
      findCompanyPlan(ctx, { auth, companyId: params.id }),
    companiesShow: async ({ auth, params }) => findCompany(ctx, { auth, companyId: params.id }),
    companiesCreate: async ({ body }) => createCompany(ctx, body),
    companiesUpdate: async ({ params, body }) =>
      updateCompany(ctx, { companyId: params.id, input: body }),
    companiesSchedules: async ({ auth, params, body }) =>
      updateCompanySchedules(ctx, { auth, companyId: params.id, schedules: body.schedules }),
    companiesDelete: async ({ params }) => deleteCompany(ctx, { companyId: params.id }),

    usersIndex: async ({ auth, query }) => listUsers(ctx, { auth, ...query }),
    usersList: async ({ auth, query }) => listAllUsers(ctx, { auth, companyId: query.companyId }),
    usersShow: async ({ auth, params }) => toUserView(await loadUser(ctx, auth, params.id)),
    usersCreate: async ({ auth, body }) => createUser(ctx, { auth, input: body }),
    usersUpdate: async ({ auth, params, body }) =>
      updateUser(ctx, { auth, userId: params.id, input: body }),
    usersDelete: async ({ auth, params }) => deleteUser(ctx, { auth, userId: params.id }),
    usersMediaUpload: async ({ auth, params, req }) =>
      setUserProfileImage(ctx, { auth, userId: params.id, file: req.file?.buffer }),
    usersToggleWidth: async ({ auth, params, body }) =>
      updateTicketsManagerWidth(ctx, {
        auth,
        userId: params.id,
        width: body.defaultTicketsManagerWidth,
      }),

    settingsIndex: async ({ auth }) => listSettings(ctx, { companyId: auth.companyId }),
    settingsShow: async ({ auth, params }) =>
      findSetting(ctx, { companyId: auth.companyId, key: params.key }),
    settingsUpdate: async ({ auth, params, body }) =>
      updateSetting(ctx, { auth, key: params.key, value: body.value }),
    companySettingsShow: async ({ auth, params }) =>
      listCompanySettings(ctx, { auth, companyId: params.id }),
    companySettingOne: async ({ auth, query }) =>
      findSetting(ctx, { companyId: auth.companyId, key: query.column }),
    companySettingsUpdate: async ({ auth, body }) =>
      updateSetting(ctx, { auth, key: body.column, value: body.data }),

    helpsList: async () => listHelps(ctx),

    whatsappIndex: async ({ auth, query }) =>
      listWhatsapps(ctx, { auth, channel: query.channel, companyId: query.companyId }),
    whatsappFilter: async ({ auth, query }) => listWhatsapps(ctx, { auth, channel: query.channel }),
    whatsappAll: async ({ query }) => listAllWhatsapps(ctx, { channel: query.channel }),
    whatsappShow: async ({ auth, params }) =>
      toWhatsappView(await loadWhatsapp(ctx, auth.companyId, params.id)),
    whatsappCreate: async ({ auth, body }) => createWhatsapp(ctx, { auth, input: body }),
    whatsappUpdate: async ({ auth, params, body }) =>
      updateWhatsapp(ctx, { auth, whatsappId: params.id, input: body }),
    whatsappDelete: async ({ auth, params }) =>
      deleteWhatsapp(ctx, { auth, whatsappId: params.id }),
    sessionStart: async ({ auth, params }) => startSession(ctx, { auth, whatsappId: params.id }),
    sessionRenew: async ({ auth, params }) => renewSession(ctx, { auth, whatsappId: params.id }),
    sessionStop: async ({ auth, params }) => stopSession(ctx, { auth, whatsappId: params.id }),
    sessionsRestart: async ({ auth }) => restartSessions(ctx, { auth }),

    internalCompanyUpsert: async ({ params, body }) =>
      upsertCompanyResource(ctx, { resourceName: params.resourceName, spec: body }),
    internalCompanyShow: async ({ params }) => findCompanyState(ctx, { companyId: params.id }),
    internalConnectionRegister: async ({ body }) => registerConnectionResource(ctx, body),
    internalSessionCredentials: async ({ params }) =>
      issueSessionCredentials(ctx, { connectionId: params.id }),
    sessionReportStatus: async ({ req, body }) =>
      reportSessionStatus(ctx, { token: bearerToken(req), ...body }),
    internalSessionLogout: async ({ params }) => {
      await logoutSession(ctx, { connectionId: params.id });
    },
  };
}
