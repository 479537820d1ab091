// The document store's security rules, all in one place. Every read, write, query and live
// subscription asks here first; anything not matched below is denied.
import type { DocumentQuery } from '../../../shared/documents';
import type { EncodedData } from '../../../shared/documents';
import { listShapeProblem } from '../../../shared/lists';
import type { Suspension } from '../../../shared/reports';

/** Who is asking: a signed-in user's id (and their suspension, which stops list writes), or null for a visitor. */
export type RulesActor = { id: string; suspension?: Suspension | null } | null;

const segmentsOf = (path: string) => path.split('/');

/** `users/{uid}/**` and `diagnostics/{uid}/**`: the whole space belongs to {uid}. */
function ownSpace(actor: RulesActor, segments: string[]): boolean {
  const [root, uid] = segments;
  return actor !== null && (root === 'users' || root === 'diagnostics') && uid === actor.id;
}

export const isListPath = (path: string) => isListDocument(segmentsOf(path));

const isListDocument = (segments: string[]) => segments.length === 2 && segments[0] === 'lists';

const ownsList = (actor: RulesActor, data: EncodedData | null) => actor !== null && data?.ownerId === actor.id;

export function canRead(actor: RulesActor, path: string, data: EncodedData | null): boolean {
  const segments = segmentsOf(path);
  if (ownSpace(actor, segments)) return true;
  if (isListDocument(segments)) return data?.public === true || ownsList(actor, data);
  return false;
}

/**
 * The parts of a document `canRead` looks at (a list's owner and whether it is public), carried
 * by its live events so that the hub can ask `canRead` again as each one flows. Keep the two in
 * step: a rule that reads another field must have it here too.
 */
export function readFacts(path: string, data: EncodedData | null): EncodedData | null {
  if (data === null || !isListDocument(segmentsOf(path))) return null;
  return { ownerId: data.ownerId ?? null, public: data.public ?? null };
}

/**
 * `before` is the stored document (null if none), `after` what the write would leave (null
 * for a delete). A list is written only by its owner and cannot be handed to someone else.
 */
export function canWrite(actor: RulesActor, path: string, before: EncodedData | null, after: EncodedData | null): boolean {
  const segments = segmentsOf(path);
  if (ownSpace(actor, segments)) return true;
  if (isListDocument(segments)) {
    const ownerBefore = before === null || ownsList(actor, before);
    const ownerAfter = after === null ? before !== null : ownsList(actor, after);
    return ownerBefore && ownerAfter;
  }
  return false;
}

/** What is wrong with the data a permitted write would leave (lists have a fixed shape), or null. */
export function dataProblem(path: string, after: EncodedData | null): string | null {
  return after !== null && isListDocument(segmentsOf(path)) ? listShapeProblem(after) : null;
}

/** A query is allowed only when the rules allow every document it could return. */
export function canQuery(actor: RulesActor, collection: string, query: DocumentQuery): boolean {
  const segments = segmentsOf(collection);
  if (ownSpace(actor, segments)) return true;
  if (collection !== 'lists') return false;
  const equals = (field: string, value: unknown) =>
    query.where.some((filter) => filter.op === '==' && filter.field === field && filter.value === value);
  return equals('public', true) || (actor !== null && equals('ownerId', actor.id));
}

/**
 * Live topics: a document topic when the document is readable now; a collection topic when
 * every document in it is readable, or for `lists` (its events carry no path or data, only
 * "something changed", so a listener re-runs its own, rule-checked query).
 */
export function canListenToCollection(actor: RulesActor, collection: string): boolean {
  return ownSpace(actor, segmentsOf(collection)) || collection === 'lists';
}
