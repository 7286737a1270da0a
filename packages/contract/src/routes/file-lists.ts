import {
  createFileListSchema,
  fileListDetailView,
  fileListView,
  idParams,
  messageView,
  paged,
  pickerListQuery,
  updateFileListSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * File lists (docs/product/queues-and-chatbots.md Files page): a message and the files a queue or chatbot option sends.
 * Anyone of the company lists them (the queue dialog picks from them); admins manage them.
 */
export const fileListsRoutes = {
  filesIndex: route({
    method: 'GET',
    path: '/files',
    access: 'user',
    tag: 'files',
    summary: "The company's file lists, by name (companyId is ignored: always the caller's)",
    query: pickerListQuery,
    response: paged('files', fileListView),
  }),
  filesShow: route({
    method: 'GET',
    path: '/files/:id',
    access: 'admin',
    tag: 'files',
    summary: 'One file list with its files',
    params: idParams,
    response: fileListDetailView,
  }),
  filesCreate: route({
    method: 'POST',
    path: '/files',
    access: 'admin',
    tag: 'files',
    summary: 'Create a file list; its files are uploaded next (POST /files/uploadList/:id)',
    body: createFileListSchema,
    status: 201,
    response: fileListDetailView,
  }),
  filesUpdate: route({
    method: 'PUT',
    path: '/files/:id',
    access: 'admin',
    tag: 'files',
    summary: 'Rename a file list, change its message, and add, rename or remove its files',
    params: idParams,
    body: updateFileListSchema,
    response: fileListDetailView,
  }),
  filesDelete: route({
    method: 'DELETE',
    path: '/files/:id',
    access: 'admin',
    tag: 'files',
    summary: 'Delete a file list and its files (queues and chatbot options using it lose it)',
    params: idParams,
    response: messageView,
  }),
  filesUploadList: route({
    method: 'POST',
    path: '/files/uploadList/:id',
    access: 'admin',
    tag: 'files',
    summary:
      'Upload the files of a file list: parts "files", each with the "id" of its file (in order)',
    description:
      'The form repeats, per file: a "files" part and the "id" (and, as the lineage sends them, ' +
      '"name" and "mediaType") fields of the file it fills. A file replaces the one before it; ' +
      'its type comes from its content, never from "mediaType".',
    params: idParams,
    multipart: true,
    response: fileListDetailView,
  }),
} as const;
