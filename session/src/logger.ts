import { pino, type Logger } from 'pino';

/**
 * Structured logs, one JSON line per event. Auth state and secrets never reach them: Baileys'
 * own log objects are redacted by path, and our code logs only error strings and ids.
 */
export function createLogger(level: string, base: Record<string, unknown>): Logger {
  return pino({
    level,
    base: { service: 'session', ...base },
    redact: {
      paths: [
        'creds',
        'keys',
        'token',
        'controlKey',
        'authorization',
        '*.creds',
        '*.keys',
        '*.token',
        '*.authorization',
        '*.privKey',
        '*.noiseKey',
        '*.signedIdentityKey',
        '*.signedPreKey',
        '*.advSecretKey',
      ],
      censor: '[redacted]',
    },
  });
}
