import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { writingTransactionId } from './transaction-id';

/** A list document (`lists/{id}`) its owner made public; written as the indexes below expect it. */
export const publicListDocument = sql`collection = 'lists' and (data -> 'public') = 'true'::jsonb`;

/** How many games a list holds (0 when its `games` is not an array, which the rules refuse anyway). */
export const listGameCount = sql`case jsonb_typeof(data -> 'games') when 'array' then jsonb_array_length(data -> 'games') else 0 end`;

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
  (t) => [
    index('documents_collection_idx').on(t.collection, t.documentId),
    // Browsing public lists (features/lists) reads only these, newest or fullest first.
    index('documents_public_lists_newest_idx').on(t.createdAt.desc(), t.documentId.desc()).where(publicListDocument),
    index('documents_public_lists_games_idx')
      .on(sql`(${listGameCount}) desc nulls last`, t.createdAt.desc(), t.documentId.desc())
      .where(publicListDocument),
  ],
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
