/** What other features may read from the document store, with the store's own access rules. */
export { getDocument, makeListPrivate, runQuery, setListPublic } from './service';
