import { z } from 'zod';

export const versionView = z.object({ version: z.string() });
