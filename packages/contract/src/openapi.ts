import { z } from 'zod';
import type { RouteDef } from './define.js';
import { routes } from './routes/index.js';

function schemaOf(s: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(s, { io, unrepresentable: 'any' });
}

/** The OpenAPI 3.1 document of every route, generated from the contract. */
export function buildOpenApi(version = '0.1.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of Object.entries(routes) as [string, RouteDef][]) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: Record<string, unknown> = {
      operationId: name,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      security: r.credential
        ? [{ [r.credential]: [] }]
        : r.access === 'public'
          ? []
          : r.access === 'refresh'
            ? [{ refreshCookie: [] }]
            : [{ bearer: [] }],
      parameters: [
        ...[...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        ...(r.query
          ? Object.entries(
              (schemaOf(r.query, 'input') as { properties?: Record<string, unknown> }).properties ??
                {},
            ).map(([k, v]) => ({ name: k, in: 'query', schema: v }))
          : []),
      ],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'OK',
          ...(r.response
            ? { content: { 'application/json': { schema: schemaOf(r.response, 'output') } } }
            : {}),
        },
        default: {
          description: 'Error',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { error: { type: 'string' } },
                required: ['error'],
              },
            },
          },
        },
      },
    };
    if (r.body && r.multipart) {
      // JSON, or the same fields as multipart parts plus the files.
      const json = schemaOf(r.body, 'input');
      op.requestBody = {
        required: true,
        content: {
          'application/json': { schema: json },
          'multipart/form-data': {
            schema: {
              allOf: [
                json,
                {
                  type: 'object',
                  properties: {
                    medias: { type: 'array', items: { type: 'string', format: 'binary' } },
                  },
                },
              ],
            },
          },
        },
      };
    } else if (r.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(r.body, 'input') } },
      };
    } else if (r.multipart) {
      op.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    }
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atendo API', version },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'jrt' },
        connectionToken: {
          type: 'http',
          scheme: 'bearer',
          description: "A connection's API token (the connection modal shows it)",
        },
      },
    },
    paths,
  };
}
