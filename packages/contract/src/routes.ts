import { z } from 'zod';
import {
  cnpjLookupView,
  companySchema,
  createWhatsappSchema,
  updateWhatsappSchema,
  whatsappListQuery,
  whatsappView,
  CHANNELS,
  CONNECTION_STATUSES,
  isValidCnpj,
  companySchedulesSchema,
  companySettingUpdateSchema,
  companyView,
  createUserSchema,
  idParam,
  loginResponse,
  loginSchema,
  pageQuery,
  paged,
  planSchema,
  planView,
  settingView,
  signupSchema,
  ticketsManagerWidthSchema,
  updateCompanySchema,
  updatePlanSchema,
  updateSettingSchema,
  updateUserSchema,
  userView,
} from '@atendo/domain';
import { route } from './define.js';

const id = z.object({ id: idParam });
const internalCompanyView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  plan: z.string().nullable(),
  overdue: z.boolean(),
});
const message = z.object({ message: z.string() });

/** Every route of the api, keyed by a stable name. */
export const routes = {
  // Session (spec 1 §7, spec 2 §7)
  login: route({ method: 'POST', path: '/auth/login', access: 'public', tag: 'auth', summary: 'Log in with email and password', body: loginSchema, response: loginResponse }),
  refreshToken: route({ method: 'POST', path: '/auth/refresh_token', access: 'refresh', tag: 'auth', summary: 'Rotate the refresh cookie and issue a new access token', response: loginResponse }),
  logout: route({ method: 'DELETE', path: '/auth/logout', access: 'user', tag: 'auth', summary: 'Log out and revoke the refresh token', response: message }),
  me: route({ method: 'GET', path: '/auth/me', access: 'user', tag: 'auth', summary: 'The logged-in user', response: userView }),
  signup: route({ method: 'POST', path: '/auth/signup', access: 'public', tag: 'auth', summary: 'Register a company and its first admin', body: signupSchema, status: 201, response: z.object({ id: z.number(), name: z.string(), companyId: z.number() }) }),
  consultaCnpj: route({ method: 'GET', path: '/auth/consulta-cnpj/:cnpj', access: 'public', tag: 'auth', summary: 'Company data of a CNPJ, to fill the signup form', params: z.object({ cnpj: z.string().transform((v) => v.replace(/\D/g, '')).refine(isValidCnpj, 'CPF/CNPJ inválido') }), response: cnpjLookupView }),
  version: route({ method: 'GET', path: '/version', access: 'public', tag: 'system', summary: 'Backend version', response: z.object({ version: z.string() }) }),
  publicSetting: route({ method: 'GET', path: '/public-settings/:key', access: 'public', tag: 'settings', summary: 'A public setting value (null when absent)', params: z.object({ key: z.string().max(100) }), response: z.string().nullable() }),

  // Plans
  plansPublicList: route({ method: 'GET', path: '/plans/list', access: 'public', tag: 'plans', summary: 'Public plans (signup)', query: z.object({ listPublic: z.string().optional() }), response: z.array(planView) }),
  plansAll: route({ method: 'GET', path: '/plans/all', access: 'super', tag: 'plans', summary: 'Every plan', response: z.array(planView) }),
  plansShow: route({ method: 'GET', path: '/plans/:id', access: 'super', tag: 'plans', summary: 'One plan', params: id, response: planView }),
  plansCreate: route({ method: 'POST', path: '/plans', access: 'super', tag: 'plans', summary: 'Create a plan', body: planSchema, status: 201, response: planView }),
  plansUpdate: route({ method: 'PUT', path: '/plans/:id', access: 'super', tag: 'plans', summary: 'Update a plan', params: id, body: updatePlanSchema, response: planView }),
  plansDelete: route({ method: 'DELETE', path: '/plans/:id', access: 'super', tag: 'plans', summary: 'Delete an unused plan', params: id, response: message }),

  // Companies
  companiesIndex: route({ method: 'GET', path: '/companies', access: 'super', tag: 'companies', summary: 'Every company with its plan', response: z.array(companyView) }),
  companiesList: route({ method: 'GET', path: '/companies/list', access: 'super', tag: 'companies', summary: 'Every company', response: z.array(companyView) }),
  companiesPlan: route({ method: 'GET', path: '/companiesPlan', access: 'super', tag: 'companies', summary: 'Companies with plans, paged', query: pageQuery, response: paged('companies', companyView) }),
  companiesListPlan: route({ method: 'GET', path: '/companies/listPlan/:id', access: 'user', tag: 'companies', summary: "A company's plan with its use* flags", params: id, response: z.object({ plan: planView }) }),
  companiesShow: route({ method: 'GET', path: '/companies/:id', access: 'user', tag: 'companies', summary: 'One company (own, or any for super)', params: id, response: companyView }),
  companiesCreate: route({ method: 'POST', path: '/companies', access: 'super', tag: 'companies', summary: 'Create a company with its first admin, settings and queues', body: companySchema, status: 201, response: companyView }),
  companiesUpdate: route({ method: 'PUT', path: '/companies/:id', access: 'super', tag: 'companies', summary: 'Update a company', params: id, body: updateCompanySchema, response: companyView }),
  companiesSchedules: route({ method: 'PUT', path: '/companies/:id/schedules', access: 'admin', tag: 'companies', summary: "Set the company's working hours", params: id, body: companySchedulesSchema, response: companyView }),
  companiesDelete: route({ method: 'DELETE', path: '/companies/:id', access: 'super', tag: 'companies', summary: 'Delete a company and all its data', params: id, response: message }),

  // Users
  usersIndex: route({ method: 'GET', path: '/users', access: 'user', tag: 'users', summary: 'Users, paged and searchable', query: pageQuery.extend({ companyId: z.coerce.number().int().optional() }), response: paged('users', userView) }),
  usersList: route({ method: 'GET', path: '/users/list', access: 'user', tag: 'users', summary: 'Every user of the company (id, name)', query: z.object({ companyId: z.coerce.number().int().optional() }), response: z.array(userView) }),
  usersShow: route({ method: 'GET', path: '/users/:id', access: 'user', tag: 'users', summary: 'One user', params: id, response: userView }),
  usersCreate: route({ method: 'POST', path: '/users', access: 'admin', tag: 'users', summary: 'Create a user', body: createUserSchema, status: 201, response: userView }),
  usersUpdate: route({ method: 'PUT', path: '/users/:id', access: 'user', tag: 'users', summary: 'Update a user (self, or any for admins)', params: id, body: updateUserSchema, response: userView }),
  usersDelete: route({ method: 'DELETE', path: '/users/:id', access: 'admin', tag: 'users', summary: 'Delete a user', params: id, response: message }),
  usersMediaUpload: route({ method: 'POST', path: '/users/:id/media-upload', access: 'user', tag: 'users', summary: 'Upload a profile image', params: id, multipart: true, response: userView }),
  usersToggleWidth: route({ method: 'PUT', path: '/users/toggleChangeWidht/:id', access: 'user', tag: 'users', summary: 'Save the ticket list width', params: id, body: ticketsManagerWidthSchema, response: userView }),

  // Settings
  settingsIndex: route({ method: 'GET', path: '/settings', access: 'user', tag: 'settings', summary: "The company's settings", response: z.array(settingView) }),
  settingsShow: route({ method: 'GET', path: '/setting/:key', access: 'user', tag: 'settings', summary: 'One setting', params: z.object({ key: z.string().max(100) }), response: settingView }),
  settingsUpdate: route({ method: 'PUT', path: '/settings/:key', access: 'admin', tag: 'settings', summary: 'Update one setting', params: z.object({ key: z.string().max(100) }), body: updateSettingSchema, response: settingView }),
  companySettingsShow: route({ method: 'GET', path: '/companySettings/:id', access: 'user', tag: 'settings', summary: "A company's settings as key/value", params: id, response: z.array(settingView) }),
  companySettingOne: route({ method: 'GET', path: '/companySettingOne', access: 'user', tag: 'settings', summary: 'One company setting by column', query: z.object({ column: z.string().max(100) }), response: settingView }),
  companySettingsUpdate: route({ method: 'PUT', path: '/companySettings', access: 'admin', tag: 'settings', summary: 'Update one company setting (column/data)', body: companySettingUpdateSchema, response: settingView }),

  // Connections (spec 2 §7 "Connections"); sessions run through the SessionRuntime
  whatsappIndex: route({ method: 'GET', path: '/whatsapp', access: 'user', tag: 'connections', summary: "The company's connections", query: whatsappListQuery, response: z.array(whatsappView) }),
  whatsappFilter: route({ method: 'GET', path: '/whatsapp/filter', access: 'user', tag: 'connections', summary: 'Connections of one channel', query: whatsappListQuery, response: z.array(whatsappView) }),
  whatsappAll: route({ method: 'GET', path: '/whatsapp/all', access: 'super', tag: 'connections', summary: 'Every connection of every company (super)', query: whatsappListQuery, response: z.array(whatsappView) }),
  whatsappShow: route({ method: 'GET', path: '/whatsapp/:id', access: 'user', tag: 'connections', summary: 'One connection', params: id, query: whatsappListQuery, response: whatsappView }),
  whatsappCreate: route({ method: 'POST', path: '/whatsapp', access: 'user', tag: 'connections', summary: 'Create a connection (admins or allowConnections)', body: createWhatsappSchema, status: 201, response: whatsappView }),
  whatsappUpdate: route({ method: 'PUT', path: '/whatsapp/:id', access: 'user', tag: 'connections', summary: 'Update a connection', params: id, body: updateWhatsappSchema, response: whatsappView }),
  whatsappDelete: route({ method: 'DELETE', path: '/whatsapp/:id', access: 'user', tag: 'connections', summary: 'Delete a connection and its session', params: id, response: message }),
  sessionStart: route({ method: 'POST', path: '/whatsappsession/:id', access: 'user', tag: 'connections', summary: 'Start or retry the session', params: id, response: message }),
  sessionRenew: route({ method: 'PUT', path: '/whatsappsession/:id', access: 'user', tag: 'connections', summary: 'Ask for a new QR code', params: id, response: message }),
  sessionStop: route({ method: 'DELETE', path: '/whatsappsession/:id', access: 'user', tag: 'connections', summary: 'Disconnect the session', params: id, response: message }),
  sessionsRestart: route({ method: 'POST', path: '/whatsapp-restart', access: 'user', tag: 'connections', summary: "Restart every session of the company", response: message }),

  // Internal: platform services (operator, sessions) with the service token
  internalCompanyUpsert: route({ method: 'PUT', path: '/internal/companies/:resourceName', access: 'internal', tag: 'internal', summary: 'Provision or update the tenant of a Company resource', params: z.object({ resourceName: z.string().regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/).max(253) }), body: z.object({ displayName: z.string().trim().min(2).max(50), plan: z.string().max(100).optional(), active: z.boolean().default(true), dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(), timezone: z.string().max(64).optional(), adminEmail: z.string().trim().toLowerCase().email(), limits: z.object({ users: z.number().int().min(0).optional(), connections: z.number().int().min(0).optional(), queues: z.number().int().min(0).optional() }).optional() }), response: internalCompanyView }),
  internalCompanyShow: route({ method: 'GET', path: '/internal/companies/:id', access: 'internal', tag: 'internal', summary: "A tenant's effective state", params: id, response: internalCompanyView }),
  internalConnectionRegister: route({ method: 'PUT', path: '/internal/connections', access: 'internal', tag: 'internal', summary: 'Register (idempotently) the connection of a Connection resource', body: z.object({ companyId: z.number().int().positive(), resourceName: z.string().regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/).max(253), displayName: z.string().trim().min(2).max(50), channel: z.enum(CHANNELS) }), response: z.object({ id: z.number() }) }),
  internalSessionCredentials: route({ method: 'POST', path: '/internal/connections/:id/session-credentials', access: 'internal', tag: 'internal', summary: "Issue a new token for a connection's session", params: id, response: z.object({ token: z.string() }) }),
  sessionReportStatus: route({ method: 'PUT', path: '/internal/sessions/me/status', access: 'public', tag: 'internal', summary: "A session reports its WhatsApp status with its own session token", body: z.object({ status: z.enum(CONNECTION_STATUSES), qrcode: z.string().max(10_000).nullable().optional(), number: z.string().regex(/^\d{8,20}$/).nullable().optional(), retries: z.number().int().min(0).max(1000).optional() }), response: z.object({ id: z.number(), status: z.string() }) }),
  internalSessionLogout: route({ method: 'POST', path: '/internal/connections/:id/logout', access: 'internal', tag: 'internal', summary: 'Log the session out before its pod goes', params: id, status: 204 }),

  // Helps (the drawer shows the help entry only when any exist)
  helpsList: route({ method: 'GET', path: '/helps/list', access: 'user', tag: 'helps', summary: 'Every help article', response: z.array(z.object({ id: z.number(), title: z.string(), description: z.string().nullable().optional(), video: z.string().nullable().optional() })) }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
