import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import multer from 'multer';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { buildOpenApi } from '@atendo/contract';
import type { AppContext } from '../context.js';
import { mountRoutes } from './define-routes.js';
import { createAuthenticate } from './authenticate.js';
import { errorHandler, notFound } from './errors.js';
import { createHandlers } from './routes/handlers.js';

/** The allowed browser origins: the console's, plus any configured extras. Never a wildcard. */
export function allowedOrigins(ctx: AppContext): string[] {
  return [ctx.config.FRONTEND_URL, ...ctx.config.CORS_ORIGINS.split(',')]
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** Failed logins per IP and email; success does not count. */
function loginLimiter(ctx: AppContext): RequestHandler {
  return rateLimit({
    windowMs: ctx.config.LOGIN_RATE_WINDOW_MS,
    limit: ctx.config.LOGIN_RATE_LIMIT,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    handler: (_req, res) => {
      res.status(429).json({ error: 'ERR_TOO_MANY_REQUESTS' });
    },
  });
}

/** Profile image uploads: images only, 5 MB, stored under the company's folder. */
function avatarUpload(ctx: AppContext): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (req, _file, cb) => {
        const dir = path.resolve(ctx.config.UPLOAD_DIR, `company${(req as { companyId?: number }).companyId ?? 'x'}`, 'user');
        fs.mkdirSync(dir, { recursive: true });
        cb(null, dir);
      },
      filename: (req, file, cb) => {
        const ext = path.extname(file.originalname).toLowerCase().replace(/[^.a-z0-9]/g, '') || '.jpg';
        cb(null, `${req.params.id}-${Date.now()}${ext}`);
      },
    }),
    limits: { fileSize: 5 * 1024 * 1024, files: 1 },
    fileFilter: (_req, file, cb) => cb(null, /^image\/(jpeg|png|webp|gif)$/.test(file.mimetype)),
  });
  const authenticate = createAuthenticate(ctx);
  return async (req, res, next) => {
    try {
      const auth = await authenticate(req, 'user');
      (req as { companyId?: number }).companyId = auth?.companyId;
      upload.single('profileImage')(req, res, next);
    } catch (err) {
      next(err);
    }
  };
}

/** The HTTP application: every contract route at the root, JSON errors, CORS for the console. */
export function createApp(ctx: AppContext) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const origins = allowedOrigins(ctx);
  app.use(
    cors({
      origin: (origin, cb) => cb(null, !origin || origins.includes(origin) ? origin ?? false : false),
      credentials: true,
    }),
  );
  app.use(express.json({ limit: '1mb' }));
  app.use(cookieParser());
  app.use('/public', express.static(path.resolve(ctx.config.UPLOAD_DIR), { fallthrough: false, index: false }));
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
      before: { login: [loginLimiter(ctx)], usersMediaUpload: [avatarUpload(ctx)] },
    },
    createHandlers(ctx),
  );
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(ctx.logger));
  return app;
}
