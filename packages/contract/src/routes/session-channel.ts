import {
  inboundEventSchema,
  inboundResultView,
  sessionAuthReadSchema,
  sessionAuthValuesView,
  sessionAuthWriteSchema,
  sessionConfigView,
  sessionMediaParams,
  sessionMessageContentView,
  sessionMessageParams,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * The session channel: a connection's session program talking to the api with its own
 * session token (`Authorization: Bearer <token>`; unknown token 401 ERR_SESSION_EXPIRED). The
 * routes are public to the user guards; the use cases check the session token, and every
 * route acts on that one connection's rows.
 */
export const sessionChannelRoutes = {
  sessionConfig: route({
    method: 'GET',
    path: '/internal/sessions/me/config',
    access: 'public',
    tag: 'internal',
    summary: 'What the session needs to start: its connection, company and proxy',
    response: sessionConfigView,
  }),
  sessionAuthRead: route({
    method: 'POST',
    path: '/internal/sessions/me/auth/read',
    access: 'public',
    tag: 'internal',
    summary: "Read keys of the session's stored auth state (null for absent keys)",
    body: sessionAuthReadSchema,
    response: sessionAuthValuesView,
  }),
  sessionAuthWrite: route({
    method: 'PUT',
    path: '/internal/sessions/me/auth',
    access: 'public',
    tag: 'internal',
    summary: "Store keys of the session's auth state (null deletes a key)",
    body: sessionAuthWriteSchema,
    status: 204,
  }),
  sessionAuthClear: route({
    method: 'DELETE',
    path: '/internal/sessions/me/auth',
    access: 'public',
    tag: 'internal',
    summary: "Wipe the session's auth state (it was logged out)",
    status: 204,
  }),
  sessionEvent: route({
    method: 'POST',
    path: '/internal/sessions/me/events',
    access: 'public',
    tag: 'internal',
    summary:
      'One inbound event (JSON, or multipart with the event JSON as `event` and the file as `media`)',
    body: inboundEventSchema,
    multipart: true,
    response: inboundResultView,
  }),
  sessionMedia: route({
    method: 'GET',
    path: '/internal/sessions/me/media/:file',
    access: 'public',
    tag: 'internal',
    summary: "The bytes of one of the session's company's private uploads (outbound media)",
    params: sessionMediaParams,
  }),
  sessionMessageContent: route({
    method: 'GET',
    path: '/internal/sessions/me/messages/:wid/content',
    access: 'public',
    tag: 'internal',
    summary:
      'The content of a message the connection sent, for a recipient that asks for it again (404 when unknown)',
    params: sessionMessageParams,
    response: sessionMessageContentView,
  }),
} as const;
