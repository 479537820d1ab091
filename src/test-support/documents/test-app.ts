import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../server/app';
import type { HttpClient } from '../server/http-client';
import { documentMember, visitor } from './helpers';

export interface DocumentMember {
  client: HttpClient;
  uid: string;
}

export interface DocumentTestApp<Members extends DocumentMember[] = DocumentMember[]> {
  t: TestApp;
  /** Signed in before the file's tests, each with an address of its own. */
  members: Members;
  /** Signed in as no one. */
  anon: HttpClient;
}

/**
 * One app for the calling test file, started before its tests and closed after them. The object
 * answered (and each member in it) is filled in by `beforeAll`, so read its fields inside tests.
 */
export function useDocumentTestApp(): DocumentTestApp<[DocumentMember]>;
export function useDocumentTestApp(memberCount: 2): DocumentTestApp<[DocumentMember, DocumentMember]>;
export function useDocumentTestApp(memberCount = 1): DocumentTestApp {
  const members = Array.from({ length: memberCount }, () => ({}) as DocumentMember);
  const shared = { members } as DocumentTestApp;
  beforeAll(async () => {
    shared.t = await createTestApp();
    for (const member of members) Object.assign(member, await documentMember(shared.t.app));
    shared.anon = visitor(shared.t.app);
  });
  afterAll(() => shared.t.close());
  return shared;
}
