import { EntitySchema } from 'typeorm';
import {
  generatedUuid,
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

/** An internal chat between users of one company. */
export interface Chat {
  id: number;
  uuid: string;
  companyId: number;
  company?: Company;
  title: string;
  ownerId: number | null;
  owner?: User | null;
  lastMessage: string | null;
  users?: ChatUser[];
  messages?: ChatMessage[];
  createdAt: Date;
  updatedAt: Date;
}

export const ChatEntity = new EntitySchema<Chat>({
  name: 'Chat',
  tableName: 'chats',
  columns: {
    id: primaryId(),
    uuid: generatedUuid({ unique: true }),
    ...tenantColumn(),
    title: varchar(),
    ownerId: int({ nullable: true }),
    lastMessage: text({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    owner: manyToOne('User', 'ownerId', 'SET NULL'),
    users: oneToMany('ChatUser', 'chat'),
    messages: oneToMany('ChatMessage', 'chat'),
  },
  indices: [{ columns: ['companyId'] }],
});

/** A participant of a chat and their unread count. */
export interface ChatUser {
  id: number;
  companyId: number;
  company?: Company;
  chatId: number;
  chat?: Chat;
  userId: number;
  user?: User;
  unreads: number;
  createdAt: Date;
  updatedAt: Date;
}

export const ChatUserEntity = new EntitySchema<ChatUser>({
  name: 'ChatUser',
  tableName: 'chat_users',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    chatId: int(),
    userId: int(),
    unreads: int({ default: 0 }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    chat: manyToOne('Chat', 'chatId', 'CASCADE', { inverseSide: 'users' }),
    user: manyToOne('User', 'userId', 'CASCADE'),
  },
  uniques: [{ columns: ['chatId', 'userId'] }],
  indices: [{ columns: ['companyId'] }, { columns: ['userId'] }],
});

/** A message of an internal chat. */
export interface ChatMessage {
  id: number;
  companyId: number;
  company?: Company;
  chatId: number;
  chat?: Chat;
  senderId: number | null;
  sender?: User | null;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ChatMessageEntity = new EntitySchema<ChatMessage>({
  name: 'ChatMessage',
  tableName: 'chat_messages',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    chatId: int(),
    senderId: int({ nullable: true }),
    message: text({ default: '' }),
    mediaPath: varchar({ nullable: true }),
    mediaName: varchar({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    chat: manyToOne('Chat', 'chatId', 'CASCADE', { inverseSide: 'messages' }),
    sender: manyToOne('User', 'senderId', 'SET NULL'),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['chatId', 'createdAt'] }],
});
