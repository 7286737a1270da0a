import express from 'express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import { buildOpenApi } from '@atendo/contract';
import type { AppContext } from '../context.js';
import { serveConsole } from './console.js';
import { routeDispatcher } from './define-routes.js';
import { createAuthenticate } from './authenticate.js';
import { errorHandler, notFound } from './errors.js';
import { createModuleRoutes } from './routes/handlers.js';
import { keepWebhookRawBody } from '../modules/meta/webhook-signature.js';
import { securityHeaders } from './security-headers.js';
import { privateUploads, publicUploads } from './uploads.js';

/** The allowed browser origins: the console's, plus any configured extras. Never a wildcard. */
export function allowedOrigins(ctx: AppContext): string[] {
  return [ctx.config.FRONTEND_URL, ...ctx.config.CORS_ORIGINS.split(',')]
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** The HTTP application: every contract route at the root, JSON errors, CORS for the console. */
export function createApp(ctx: AppContext) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
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
  app.use(express.json({ limit: '1mb', verify: keepWebhookRawBody }));
  // Only the refresh cookie is read, and it is scoped to /auth.
  app.use('/auth', cookieParser());
  app.use('/public', ...publicUploads(ctx));
  app.get('/private/:companyId/:file', privateUploads(ctx));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(buildOpenApi(ctx.config.APP_VERSION));
  });

  const { handlers, before } = createModuleRoutes(ctx);
  app.use(routeDispatcher({ authenticate: createAuthenticate(ctx), before }, handlers));
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
