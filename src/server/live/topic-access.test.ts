import { describe, expect, it } from 'vitest';
import type { EncodedData } from '../../shared/documents';
import { parseTopic, type ParsedTopic } from '../../shared/live';
import type { Actor } from '../auth/session';
import { documentEventAccess, documentEventRule } from '../features/documents/live-access';
import { createTopicAccess } from './topic-access';

const viewer = { id: 'u1' } as Actor;
const topics = (...names: string[]) => names.map((name) => parseTopic(name) as ParsedTopic);

describe('who may follow which topic', () => {
  it('lets anyone follow the catalogue and games', async () => {
    await expect(createTopicAccess().authorise(null, topics('catalogue', 'game:3'))).resolves.toBeUndefined();
  });

  it('keeps private document trees to their owner until the document store says otherwise', async () => {
    const access = createTopicAccess();
    await expect(access.authorise(viewer, topics('document:users/u1/settings/ui', 'collection:lists'))).resolves.toBeUndefined();
    await expect(access.authorise(viewer, topics('document:users/u2/settings/ui'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(access.authorise(viewer, topics('collection:users'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(access.authorise(null, topics('collection:diagnostics/u1/runs'))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('uses the rule the document store registers', async () => {
    const access = createTopicAccess();
    access.setPathTopicRule((who, topic) => who !== null && topic.path.startsWith('lists/'));
    await expect(access.authorise(viewer, topics('document:lists/a'))).resolves.toBeUndefined();
    await expect(access.authorise(null, topics('document:lists/a'))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});

describe('who may still receive an event, as it flows', () => {
  const event = (topic: string, access?: Record<string, unknown>) => ({
    id: 1,
    txid: 1,
    topic,
    payload: {},
    ...(access ? { access } : {}),
  });
  const other = { id: 'u2' } as Actor;

  it('sends public topics to anyone, and a user topic only to that user once their session is seen to hold', () => {
    const access = createTopicAccess();
    expect(access.delivery(event('game:3'), null)).toBe('anyone');
    expect(access.delivery(event('user:u1'), viewer)).toBe('viewer');
    expect(access.delivery(event('user:u1'), other)).toBe('refused');
    expect(access.delivery(event('user:u1'), null)).toBe('refused');
  });

  it('judges a list event by the facts it carries, with the document store’s rule', () => {
    const access = createTopicAccess();
    access.setPathEventRule(documentEventRule);
    const change = (data: EncodedData | null) => event('document:lists/a', documentEventAccess('lists/a', data));
    const publicList = change({ ownerId: 'u1', public: true, name: 'x', games: [] });
    const privateList = change({ ownerId: 'u1', public: false, name: 'x', games: [] });
    expect([access.delivery(publicList, null), access.delivery(publicList, other)]).toEqual(['anyone', 'anyone']);
    expect([access.delivery(privateList, viewer), access.delivery(privateList, other), access.delivery(privateList, null)]).toEqual([
      'viewer',
      'refused',
      'refused',
    ]);
    expect(access.delivery(change(null), viewer)).toBe('refused');
    expect(access.delivery(event('document:lists/a'), null)).toBe('refused');
    expect(access.delivery(event('collection:lists'), null)).toBe('anyone');
    expect([
      access.delivery(event('document:users/u1/notes/n'), viewer),
      access.delivery(event('document:users/u1/notes/n'), other),
    ]).toEqual(['viewer', 'refused']);
  });

  it('keeps nothing of a list but its owner and whether it is public in the event', () => {
    expect(documentEventAccess('lists/a', { ownerId: 'u1', public: true, name: 'Secret name', games: [] })).toEqual({
      data: { ownerId: 'u1', public: true },
    });
    expect(documentEventAccess('users/u1/notes/n', { text: 'Secret' })).toEqual({ data: null });
  });
});

describe('topic names', () => {
  it('parses the known shapes and nothing else', () => {
    expect(parseTopic('game:12')).toEqual({ kind: 'game', gameId: 12 });
    expect(parseTopic('user:abc_D-1')).toEqual({ kind: 'user', userId: 'abc_D-1' });
    expect(parseTopic('collection:users/u1/notes')).toEqual({ kind: 'collection', path: 'users/u1/notes' });
    for (const bad of ['', 'Catalogue', 'game:', 'game:01', 'game:1.5', 'user:a b', 'document:', 'document:/a', 'document:a/', 'x:y']) {
      expect(parseTopic(bad), bad).toBeNull();
    }
  });
});
