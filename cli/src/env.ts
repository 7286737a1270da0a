import { z } from 'zod';

/** The environment the CLI reads, parsed once at start; nothing else looks at process.env. */
const envSchema = z.object({
  ATENDO_API_URL: z
    .string()
    .url('ATENDO_API_URL must be a URL, e.g. http://localhost:8080')
    .optional(),
  XDG_CONFIG_HOME: z.string().min(1).optional(),
  HOME: z.string().min(1).optional(),
  NO_COLOR: z.string().optional(),
  FORCE_COLOR: z.string().optional(),
  COLUMNS: z.coerce.number().int().positive().optional(),
});

export type CliEnv = z.output<typeof envSchema>;

/** Parses the environment; throws one readable message listing every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): CliEnv {
  // An empty variable counts as unset (no-color.org says the same of NO_COLOR).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
