import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.js';
import { routes } from './routes/index.js';

describe('OpenAPI from the contract', () => {
  it('documents every route with its method, parameters and request body', () => {
    const doc = buildOpenApi() as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; requestBody?: unknown; parameters: { name: string; in: string }[] }
        >
      >;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops.sort()).toEqual(Object.keys(routes).sort());
    const login = doc.paths['/auth/login']!.post!;
    expect(login.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { email: {}, password: {} } } } },
    });
    const user = doc.paths['/users/{id}']!.put!;
    expect(user.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });
});
