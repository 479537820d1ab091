import type { FastifyInstance } from 'fastify';
import { encodePathForUrl } from '../../shared/documents';
import { HttpClient } from '../server/http-client';
import { signUpMember } from '../server/members';

/** A signed-in member and their user id (the owner of `users/<uid>/**`). */
export async function documentMember(app: FastifyInstance) {
  const { client } = await signUpMember(app);
  const me = (await client.get('/api/me')).json() as { user: { id: string } };
  return { client, uid: me.user.id };
}

export const visitor = (app: FastifyInstance) => new HttpClient(app, '10.250.0.1');

export const url = (path: string) => `/api/documents/${encodePathForUrl(path)}`;

export const setDoc = (client: HttpClient, path: string, data: unknown, merge?: boolean) =>
  client.request({ method: 'PUT', url: url(path), payload: { data, ...(merge === undefined ? {} : { merge }) } });

export const updateDoc = (client: HttpClient, path: string, data: unknown) =>
  client.request({ method: 'PATCH', url: url(path), payload: { data } });

export const deleteDoc = (client: HttpClient, path: string) => client.request({ method: 'DELETE', url: url(path) });

export const getDoc = (client: HttpClient, path: string) => client.get(url(path));

export const queryDocs = (client: HttpClient, collection: string, query: unknown) =>
  client.post('/api/documents:query', { collection, query });

export const batch = (client: HttpClient, writes: unknown[]) => client.post('/api/documents:batch', { writes });

export const errorOf = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  ...(response.json() as { error: { code: string; message: string } }).error,
});
