import pino from 'pino';

/** Structured logs, one line per event; secrets are redacted wherever they might appear. */
export function createLogger(level: string = 'info') {
  return pino({
    level,
    base: { service: 'api' },
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'apiKey',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
