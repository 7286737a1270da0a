import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from './routes/index.js';
import { routePaths } from './paths.js';
import { pathsSource } from './write-paths.js';

describe('the schema-free route table the api-client uses', () => {
  it('is up to date with the contract (npm run paths -w @atendo/contract)', () => {
    expect(fs.readFileSync(new URL('./paths.ts', import.meta.url), 'utf8')).toBe(pathsSource());
  });

  it('names every route with its method and path', () => {
    const table = Object.fromEntries(
      Object.entries(routes).map(([name, def]) => [name, [def.method, def.path]]),
    );
    expect(routePaths).toEqual(table);
  });
});
