import { EntitySchema } from 'typeorm';
import {
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { User } from './user.js';

/** A file list (docs/product/queues-and-chatbots.md "File list") a queue or chatbot option sends. */
export interface FileList {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  message: string;
  userId: number | null;
  user?: User | null;
  options?: FileListOption[];
  createdAt: Date;
  updatedAt: Date;
}

export const FileListEntity = new EntitySchema<FileList>({
  name: 'FileList',
  tableName: 'files',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    message: text(),
    userId: int({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    user: manyToOne('User', 'userId', 'SET NULL'),
    options: oneToMany('FileListOption', 'fileList'),
  },
  uniques: [{ columns: ['companyId', 'name'] }],
});

/** One file of a file list. */
export interface FileListOption {
  id: number;
  companyId: number;
  company?: Company;
  fileId: number;
  fileList?: FileList;
  name: string;
  path: string;
  mediaType: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const FileListOptionEntity = new EntitySchema<FileListOption>({
  name: 'FileListOption',
  tableName: 'files_options',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    fileId: int(),
    name: varchar(),
    path: varchar(),
    mediaType: varchar({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    fileList: manyToOne('FileList', 'fileId', 'CASCADE', { inverseSide: 'options' }),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['fileId'] }],
});
