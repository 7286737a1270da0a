import { z } from 'zod';
import { nullableDate } from './common.js';

/** GET /files rows: a file list (its files are listed by the file lists page). */
export const fileListView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string().nullable().optional(),
});

/** One file of a file list; mediaUrl is the authenticated private path of its upload. */
export const fileListOptionView = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string().nullable(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
});

/** A file list with its files (GET /files/:id and every write's answer). */
export const fileListDetailView = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(fileListOptionView),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type FileListDetailView = z.output<typeof fileListDetailView>;
