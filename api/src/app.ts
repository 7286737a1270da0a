import express, { type RequestHandler } from 'express';
import cors from 'cors';
import { buildOpenApi } from '@atendo/contract';
import type { AppContext } from '@atendo/core/context.js';
import { serveConsole } from './http/console.js';
import { routeDispatcher } from './http/define-routes.js';
import { createAuthenticate } from './http/authenticate.js';
import { errorHandler, notFound } from './http/errors.js';
import { createModuleRoutes } from './routes/handlers.js';
import { keepWebhookRawBody } from './routes/meta/webhook-signature.js';
import { securityHeaders } from './http/security-headers.js';
import { privateUploads, publicUploads } from './http/uploads.js';

/** The allowed browser origins: the console's, plus any configured extras. Never a wildcard. */
export function allowedOrigins(ctx: AppContext): string[] {
  return [ctx.config.FRONTEND_URL, ...ctx.config.CORS_ORIGINS.split(',')]
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/**
 * The JSON body parser, skipped for requests that carry no body (every GET): the parser's own
 * checks for that cost more than the header test that decides it.
 */
function jsonBodies(parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    )
      return next();
    parser(req, res, next);
  };
}

/** The HTTP application: every contract route at the root, JSON errors, CORS for the console. */
export function createApp(ctx: AppContext) {
  const app = express();
  app.disable('x-powered-by');
  // Which peers' X-Forwarded-For to believe (the ingress, a local proxy): req.ip is the
  // client's address, which the login budgets count, not the proxy's.
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  app.use(
    securityHeaders({
      production: ctx.config.NODE_ENV === 'production',
      consoleDir: ctx.config.CONSOLE_DIR,
    }),
  );
  const origins = allowedOrigins(ctx);
  app.use(
    cors({
      origin: (origin, cb) =>
        cb(null, !origin || origins.includes(origin) ? (origin ?? false) : false),
      credentials: true,
    }),
  );
  // Page loads and console files; api calls on the same paths pass through (see console.ts).
  if (ctx.config.CONSOLE_DIR) app.use(serveConsole(ctx.config.CONSOLE_DIR));
  // Meta webhooks are signed over their raw bytes: those keep them (modules/meta).
  app.use(jsonBodies(express.json({ limit: '1mb', verify: keepWebhookRawBody })));
  // The contract routes first: every api call is one of them, and the layers below are only
  // tried for what they do not answer.
  const { handlers, before } = createModuleRoutes(ctx);
  const checkSqlJson =
    (ctx.config.CHECK_SQL_JSON ?? String(ctx.config.NODE_ENV === 'test')) === 'true';
  app.use(
    routeDispatcher({ authenticate: createAuthenticate(ctx), before, checkSqlJson }, handlers),
  );
  app.use('/public', ...publicUploads(ctx));
  app.get('/private/:companyId/:file', privateUploads(ctx));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(buildOpenApi(ctx.config.APP_VERSION));
  });
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
