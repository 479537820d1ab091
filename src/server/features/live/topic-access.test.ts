import { describe, expect, it } from 'vitest';
import { parseTopic, type ParsedTopic } from '../../../shared/live';
import type { Actor } from '../../auth/session';
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
