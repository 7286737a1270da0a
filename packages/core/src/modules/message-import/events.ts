/** The domain events the message-import module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface MessageImportEvents {
  /** A connection's history import moved on (docs/product/connections.md#import-of-old-messages): `update` with counts, `refresh` at the end. */
  'message_import.progressed': {
    companyId: number;
    whatsappId: number;
    action: 'update' | 'refresh';
    status?: { this: number; all: number; date: number };
  };
}
