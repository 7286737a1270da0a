import type { ModuleHttp } from '../../http/define-routes.js';
import { createFileList } from '@atendo/core/modules/file-lists/create-file-list.js';
import { deleteFileList } from '@atendo/core/modules/file-lists/delete-file-list.js';
import { listFileLists } from '@atendo/core/modules/file-lists/list-file-lists.js';
import { showFileList } from '@atendo/core/modules/file-lists/show-file-list.js';
import { updateFileList } from '@atendo/core/modules/file-lists/update-file-list.js';
import { fileListUpload, uploadFileListFiles } from './upload-files.js';

export const fileListsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    filesIndex: ({ auth, query }) => listFileLists(ctx, { auth, ...query }),
    filesShow: ({ auth, params }) => showFileList(ctx, { auth, id: params.id }),
    filesCreate: ({ auth, body }) => createFileList(ctx, { auth, input: body }),
    filesUpdate: ({ auth, params, body }) =>
      updateFileList(ctx, { auth, id: params.id, input: body }),
    filesDelete: ({ auth, params }) => deleteFileList(ctx, { auth, id: params.id }),
    filesUploadList: ({ auth, params, req }) =>
      uploadFileListFiles(ctx, {
        auth,
        id: params.id,
        files: req.files as { buffer: Buffer }[] | undefined,
        body: req.body as Record<string, unknown> | undefined,
      }),
  },
  before: {
    filesUploadList: [fileListUpload(ctx)],
  },
});
