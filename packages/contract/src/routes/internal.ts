import {
  companyResourceParams,
  companyResourceSchema,
  connectionResourceSchema,
  connectionResourceView,
  idParams,
  internalCompanyView,
  sessionCredentialsView,
  sessionStatusReportSchema,
  sessionStatusView,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * The internal api, named after its callers: platform services (the operator, session pods)
 * with the internal token or a session's own token. Handlers live in the companies and
 * connections modules of the api.
 */
export const internalRoutes = {
  internalCompanyUpsert: route({
    method: 'PUT',
    path: '/internal/companies/:resourceName',
    access: 'internal',
    tag: 'internal',
    summary: 'Provision or update the tenant of a Company resource',
    params: companyResourceParams,
    body: companyResourceSchema,
    response: internalCompanyView,
  }),
  internalCompanyShow: route({
    method: 'GET',
    path: '/internal/companies/:id',
    access: 'internal',
    tag: 'internal',
    summary: "A tenant's effective state",
    params: idParams,
    response: internalCompanyView,
  }),
  internalConnectionRegister: route({
    method: 'PUT',
    path: '/internal/connections',
    access: 'internal',
    tag: 'internal',
    summary: 'Register (idempotently) the connection of a Connection resource',
    body: connectionResourceSchema,
    response: connectionResourceView,
  }),
  internalSessionCredentials: route({
    method: 'POST',
    path: '/internal/connections/:id/session-credentials',
    access: 'internal',
    tag: 'internal',
    summary: "Issue a new token for a connection's session",
    params: idParams,
    response: sessionCredentialsView,
  }),
  sessionReportStatus: route({
    method: 'PUT',
    path: '/internal/sessions/me/status',
    access: 'public',
    tag: 'internal',
    summary: 'A session reports its WhatsApp status with its own session token',
    body: sessionStatusReportSchema,
    response: sessionStatusView,
  }),
  internalSessionLogout: route({
    method: 'POST',
    path: '/internal/connections/:id/logout',
    access: 'internal',
    tag: 'internal',
    summary: 'Log the session out before its pod goes',
    params: idParams,
    status: 204,
  }),
} as const;
