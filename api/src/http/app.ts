import express, { type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import multer from 'multer';
import { rateLimit } from 'express-rate-limit';
import { buildOpenApi } from '@atendo/contract';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../context.js';
import { serveConsole } from './console.js';
import { mountRoutes } from './define-routes.js';
import { createAuthenticate } from './authenticate.js';
import { errorHandler, notFound } from './errors.js';
import { createHandlers } from './routes/handlers.js';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.js';
import { loginGuards } from './login-guards.js';
import { noStore, securityHeaders } from './security-headers.js';
import { privateUploads, publicUploads } from './uploads.js';

/** The allowed browser origins: the console's, plus any configured extras. Never a wildcard. */
export function allowedOrigins(ctx: AppContext): string[] {
  return [ctx.config.FRONTEND_URL, ...ctx.config.CORS_ORIGINS.split(',')]
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** The public CNPJ lookup proxies a third-party service: a modest per-IP budget. */
function lookupLimiter(ctx: AppContext): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: 20,
    store: new PostgresRateLimitStore(ctx.ds, 'cnpj'),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
    },
  });
}

/**
 * Profile image uploads: one `profileImage` part of at most 5 MB, held in memory for the use
 * case, which checks the caller and the content before anything reaches the disk. Anonymous
 * callers are turned away before the body is read.
 */
function avatarUpload(ctx: AppContext): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
  }).single('profileImage');
  const authenticate = createAuthenticate(ctx);
  return async (req, res, next) => {
    try {
      await authenticate(req, 'user');
      upload(req, res, (err?: unknown) => next(err ? uploadError(err) : undefined));
    } catch (err) {
      next(err);
    }
  };
}

/** A failed multipart read as the client's fault: too large → 413, anything else → 400. */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new AppError('ERR_PAYLOAD_TOO_LARGE');
  const field = err instanceof multer.MulterError && err.field ? err.field : 'profileImage';
  const message = err instanceof multer.MulterError ? err.message : 'Malformed multipart body';
  return new AppError('ERR_VALIDATION', { fields: [{ field, message }] });
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
  app.use(express.json({ limit: '1mb' }));
  app.use(cookieParser());
  app.use('/public', ...publicUploads(ctx));
  app.get('/private/:companyId/:file', privateUploads(ctx));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(buildOpenApi(ctx.config.APP_VERSION));
  });

  const router = express.Router();
  mountRoutes(
    router,
    {
      authenticate: createAuthenticate(ctx),
      before: {
        login: [noStore, ...loginGuards(ctx)],
        refreshToken: [noStore],
        consultaCnpj: [lookupLimiter(ctx)],
        usersMediaUpload: [avatarUpload(ctx)],
      },
    },
    createHandlers(ctx),
  );
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
