import { z } from 'zod';

export const settingView = z.object({ key: z.string(), value: z.string().nullable() });
