import pino from 'pino';

/** Structured logs, one line per event; secrets are redacted wherever they might appear. */
export function createLogger(level: string = 'info', destination?: pino.DestinationStream) {
  return pino(
    {
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
          // A failed query carries its parameters (hashes, tokens): never log them.
          'err.parameters',
          '*.err.parameters',
        ],
        censor: '[redacted]',
      },
    },
    destination as pino.DestinationStream,
  );
}

export type Logger = ReturnType<typeof createLogger>;
