import pino from 'pino';

/** Structured logs, one JSON line per event with key/value fields; tokens never logged. */
export function createLogger(level: string = 'info', base: Record<string, unknown> = {}) {
  return pino({
    level,
    base: { service: 'operator', ...base },
    redact: {
      paths: ['token', '*.token', 'internalToken', 'headers.authorization'],
      censor: '[redacted]',
    },
  });
}
