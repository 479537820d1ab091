import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { writingTransactionId } from './transaction-id';

/**
 * The document store: a document's path alternates collection and document ids
 * (`lists/abc`, `users/u1/settings/ui`); `collection` is the path without the last id.
 */
export const documents = pgTable(
  'documents',
  {
    path: text('path').primaryKey(),
    collection: text('collection').notNull(),
    documentId: text('document_id').notNull(),
    /** The fields in the store's tagged JSON encoding (timestamps, geo points and bytes are tagged). */
    data: jsonb('data').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_collection_idx').on(t.collection, t.documentId)],
);

/**
 * Recent change events, kept so a browser that reconnects with Last-Event-ID gets what it
 * missed, whichever server instance it reaches. Old rows are pruned by the live hub. `txid` is
 * the writing transaction's id: readers take events in (txid, id) order once no transaction
 * that could still add an earlier one is running (live/event-store.ts).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    txid: bigint('txid', { mode: 'number' }).notNull().default(writingTransactionId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_events_topic_idx').on(t.topic, t.txid, t.id),
    index('live_events_txid_idx').on(t.txid, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
