// Apart from the client, so the live hook can name them without loading the document client.

/** A document's and a collection's keys: its topic's live event refreshes every query under them. */
export const documentKeys = {
  document: (path: string) => ['documents', 'document', path] as const,
  collection: (path: string) => ['documents', 'collection', path] as const,
};
