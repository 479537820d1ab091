import { decodeValue, type EncodedValue, type OrderDirection, type QueryOperator } from '../../../shared/documents';
import { collection, getDocs, limit, orderBy, query, type QueryConstraint, where } from '../../lib/documents';
import { type Outcome, parseJson, wireForm } from './outcome';
import { rawRequest } from './raw-request';

export interface QueryForm {
  collection: string;
  whereField: string;
  op: QueryOperator;
  value: string;
  orderField: string;
  direction: OrderDirection;
  limit: string;
}

/** The query as the store's wire form; empty fields add no clause. */
function specOf(form: QueryForm) {
  return {
    where: form.whereField ? [{ field: form.whereField, op: form.op, value: parseJson(form.value) as EncodedValue }] : [],
    orderBy: form.orderField ? [{ field: form.orderField, direction: form.direction }] : [],
    ...(form.limit ? { limit: Number(form.limit) } : {}),
  };
}

export async function runQueryForm(form: QueryForm, checked: boolean): Promise<Outcome> {
  const spec = specOf(form);
  if (!checked) {
    const answer = (await rawRequest('POST', null, { collection: form.collection, query: spec })) as {
      documents: { path: string; data: unknown }[];
    };
    return { kind: 'ok', title: `The server found ${answer.documents.length} documents`, json: answer };
  }
  const constraints: QueryConstraint[] = [
    ...spec.where.map((filter) => where(filter.field, filter.op, decodeValue(filter.value))),
    ...spec.orderBy.map((order) => orderBy(order.field, order.direction)),
    ...(spec.limit !== undefined ? [limit(spec.limit)] : []),
  ];
  const snapshot = await getDocs(query(collection(form.collection), ...constraints));
  const documents = snapshot.docs.map((entry) => ({ path: entry.path, data: wireForm(entry.data()) }));
  return { kind: 'ok', title: `Found ${snapshot.size} documents${snapshot.hasMore ? ' (more match)' : ''}`, json: documents };
}
