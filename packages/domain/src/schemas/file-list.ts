import { z } from 'zod';
import {
  MSG_FILE_LIST_NAME_TOO_SHORT,
  MSG_REQUIRED_PT,
  MSG_TOO_LONG,
  MSG_TOO_MANY_FILES,
} from './validation-messages.js';

/** The most files one file list holds (each is sent as its own message). */
export const FILE_LIST_MAX_OPTIONS = 20;
/** The largest file a file list takes, as WhatsApp takes documents. */
export const FILE_LIST_MAX_FILE_BYTES = 16 * 1024 * 1024;

/** docs/product/queues-and-chatbots.md: name at least 3 characters ('nome muito curto'). */
export const fileListName = z
  .string({ error: MSG_REQUIRED_PT })
  .trim()
  .min(1, { message: MSG_REQUIRED_PT, abort: true })
  .min(3, MSG_FILE_LIST_NAME_TOO_SHORT)
  .max(100, MSG_TOO_LONG);

/** docs/product/queues-and-chatbots.md: message required ('Obrigatório'); it goes out before the files. */
export const fileListMessage = z
  .string({ error: MSG_REQUIRED_PT })
  .trim()
  .min(1, MSG_REQUIRED_PT)
  .max(20_000, MSG_TOO_LONG);

/**
 * One file of the list as the dialog sends it: its caption (`name`, sent with the file) and,
 * when it already exists, its id. Its path and type come only from an upload
 * (`POST /files/uploadList/:id`); what the client says of them is ignored.
 */
export const fileListOptionInput = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  name: z.string().trim().max(1000, MSG_TOO_LONG).optional().default(''),
});
export type FileListOptionInput = z.infer<typeof fileListOptionInput>;

const options = z.array(fileListOptionInput).max(FILE_LIST_MAX_OPTIONS, MSG_TOO_MANY_FILES);

/** `POST /files` (the lineage also sends userId: the owner is always the caller). */
export const createFileListSchema = z.object({
  name: fileListName,
  message: fileListMessage,
  options: options.optional().default([]),
});
export type CreateFileListInput = z.infer<typeof createFileListSchema>;

/**
 * `PUT /files/:id`: when `options` is sent it is the whole list: options with an id are kept
 * (renamed), those without are added, and those left out are removed with their files.
 */
export const updateFileListSchema = z.object({
  name: fileListName.optional(),
  message: fileListMessage.optional(),
  options: options.optional(),
});
export type UpdateFileListInput = z.infer<typeof updateFileListSchema>;
