import { describe, expect, it } from 'vitest';
import type { DocumentQuery, EncodedData, QueryFilter } from '../../../shared/documents';
import { canListenToCollection, canQuery, canRead, canWrite, dataProblem, readFacts, type RulesActor } from './rules';

const alice: RulesActor = { id: 'alice' };
const bob: RulesActor = { id: 'bob' };
const visitor: RulesActor = null;

const list = (ownerId: string, isPublic: boolean): EncodedData => ({ ownerId, name: 'Cozy', public: isPublic, games: [] });
const whereAll = (...where: QueryFilter[]): DocumentQuery => ({ where, orderBy: [] });
const equals = (field: string, value: EncodedData[string]): QueryFilter => ({ field, op: '==', value });

describe.each(['users', 'diagnostics'])('%s/{uid}/**', (root) => {
  const ownPaths = [`${root}/alice`, `${root}/alice/notes`, `${root}/alice/notes/n1`, `${root}/alice/a/b/c/d`];

  it('is read and written by that user alone, at any depth', () => {
    for (const path of ownPaths) {
      expect(canRead(alice, path, null), path).toBe(true);
      expect(canWrite(alice, path, null, { text: 'mine' }), path).toBe(true);
      expect(canWrite(alice, path, { text: 'mine' }, null), path).toBe(true);
      for (const other of [bob, visitor]) {
        expect(canRead(other, path, { text: 'mine' }), path).toBe(false);
        expect(canWrite(other, path, null, { text: 'theirs' }), path).toBe(false);
        expect(canWrite(other, path, { text: 'mine' }, null), path).toBe(false);
      }
    }
  });

  it('belongs to nobody when the id only starts like the user’s, or is missing', () => {
    for (const path of [`${root}/alicex/notes/n1`, `${root}/ALICE/notes/n1`, root, `${root}//alice`]) {
      expect(canRead(alice, path, null), path).toBe(false);
      expect(canWrite(alice, path, null, { a: 1 }), path).toBe(false);
    }
  });

  it('is queried and followed by that user alone', () => {
    expect(canQuery(alice, `${root}/alice/notes`, whereAll())).toBe(true);
    expect(canListenToCollection(alice, `${root}/alice/notes`)).toBe(true);
    expect(canListenToCollection(alice, `${root}/alice/a/b/c`)).toBe(true);
    for (const [actor, collection] of [
      [bob, `${root}/alice/notes`],
      [visitor, `${root}/alice/notes`],
      [alice, root],
    ] as const) {
      expect(canQuery(actor, collection, whereAll()), collection).toBe(false);
      expect(canListenToCollection(actor, collection), collection).toBe(false);
    }
  });
});

describe('lists/{id}: reading', () => {
  it('lets anyone read a public list', () => {
    for (const actor of [alice, bob, visitor]) expect(canRead(actor, 'lists/l1', list('alice', true))).toBe(true);
  });

  it('lets only the owner read a private list', () => {
    expect(canRead(alice, 'lists/l1', list('alice', false))).toBe(true);
    expect(canRead(bob, 'lists/l1', list('alice', false))).toBe(false);
    expect(canRead(visitor, 'lists/l1', list('alice', false))).toBe(false);
  });

  it('counts only public == true as public, and lets nobody read a list that does not exist', () => {
    for (const notTrue of [false, 'true', 1, null]) {
      expect(canRead(bob, 'lists/l1', { ownerId: 'alice', public: notTrue }), String(notTrue)).toBe(false);
    }
    expect(canRead(bob, 'lists/l1', { ownerId: 'alice' })).toBe(false);
    for (const actor of [alice, bob, visitor]) expect(canRead(actor, 'lists/missing', null)).toBe(false);
  });

  it('gives a visitor nothing for a list without an owner', () => {
    expect(canRead(visitor, 'lists/l1', { name: 'No owner', public: false })).toBe(false);
    expect(canRead(visitor, 'lists/l1', { ownerId: null, public: false })).toBe(false);
  });
});

describe('lists/{id}: writing', () => {
  it('lets a user create a list they own, and nobody create one for someone else', () => {
    expect(canWrite(alice, 'lists/l1', null, list('alice', false))).toBe(true);
    expect(canWrite(alice, 'lists/l1', null, list('bob', false))).toBe(false);
    expect(canWrite(visitor, 'lists/l1', null, { name: 'No owner' })).toBe(false);
    expect(canWrite(alice, 'lists/l1', null, { name: 'No owner' })).toBe(false);
  });

  it('lets the owner edit and delete the list, and nobody else', () => {
    const before = list('alice', false);
    expect(canWrite(alice, 'lists/l1', before, list('alice', true))).toBe(true);
    expect(canWrite(alice, 'lists/l1', before, null)).toBe(true);
    for (const other of [bob, visitor]) {
      expect(canWrite(other, 'lists/l1', before, list('alice', true))).toBe(false);
      expect(canWrite(other, 'lists/l1', before, null)).toBe(false);
    }
  });

  it('never hands a list to someone else, not even at its owner’s request', () => {
    expect(canWrite(alice, 'lists/l1', list('alice', false), list('bob', false))).toBe(false);
    expect(canWrite(bob, 'lists/l1', list('alice', false), list('bob', false))).toBe(false);
    expect(canWrite(alice, 'lists/l1', list('alice', false), { name: 'No owner' })).toBe(false);
  });

  it('does not let even a public list be written by others', () => {
    expect(canWrite(bob, 'lists/l1', list('alice', true), list('alice', true))).toBe(false);
  });

  it('refuses to delete a list that does not exist', () => {
    expect(canWrite(alice, 'lists/missing', null, null)).toBe(false);
  });
});

describe('everything else', () => {
  const elsewhere = ['games/1', 'other/x', 'lists', 'lists/l1/items/a', 'x/users/alice', ''];

  it('is denied to read and write, whoever asks and whatever the data says', () => {
    for (const path of elsewhere) {
      for (const actor of [alice, bob, visitor]) {
        expect(canRead(actor, path, list('alice', true)), path).toBe(false);
        expect(canWrite(actor, path, null, list('alice', true)), path).toBe(false);
        expect(canWrite(actor, path, list('alice', true), null), path).toBe(false);
      }
    }
  });

  it('is denied to query and to follow', () => {
    for (const collection of ['games', 'other', 'lists/l1/items', 'users', 'diagnostics']) {
      expect(canQuery(alice, collection, whereAll(equals('public', true))), collection).toBe(false);
      expect(canListenToCollection(alice, collection), collection).toBe(false);
    }
  });
});

describe('queries on lists', () => {
  it('are allowed when they keep to public lists, for anyone', () => {
    for (const actor of [alice, bob, visitor]) expect(canQuery(actor, 'lists', whereAll(equals('public', true)))).toBe(true);
    expect(canQuery(visitor, 'lists', whereAll(equals('name', 'Cozy'), equals('public', true)))).toBe(true);
  });

  it('are allowed when they keep to the asker’s own lists', () => {
    expect(canQuery(alice, 'lists', whereAll(equals('ownerId', 'alice')))).toBe(true);
    expect(canQuery(alice, 'lists', whereAll(equals('ownerId', 'alice'), equals('public', false)))).toBe(true);
  });

  it('are refused when they could return someone else’s private list', () => {
    const refused: [RulesActor, DocumentQuery][] = [
      [alice, whereAll()],
      [visitor, whereAll()],
      [bob, whereAll(equals('ownerId', 'alice'))],
      [visitor, whereAll(equals('ownerId', 'alice'))],
      [alice, whereAll(equals('public', false))],
      [alice, whereAll(equals('public', 'true'))],
      [alice, whereAll({ field: 'public', op: '!=', value: false })],
      [alice, whereAll({ field: 'public', op: 'in', value: [true] })],
      [alice, whereAll({ field: 'ownerId', op: '>=', value: 'alice' })],
      [alice, whereAll({ op: 'or', filters: [equals('public', true), equals('ownerId', 'bob')] })],
      [alice, whereAll({ op: 'and', filters: [equals('public', true)] })],
    ];
    for (const [actor, query] of refused) expect(canQuery(actor, 'lists', query), JSON.stringify([actor, query])).toBe(false);
  });

  it('may be followed by anyone, since their events say only that something changed', () => {
    for (const actor of [alice, bob, visitor]) expect(canListenToCollection(actor, 'lists')).toBe(true);
  });
});

describe('the data a write leaves', () => {
  it('must be a valid list under lists/{id}', () => {
    expect(dataProblem('lists/l1', list('alice', false))).toBeNull();
    expect(dataProblem('lists/l1', { ...list('alice', false), name: ' ' })).toBe('A list needs a name');
    expect(dataProblem('lists/l1', { ...list('alice', false), secret: 1 })).toBe('A list has no field named secret');
    expect(dataProblem('lists/l1', { name: 'Cozy', public: false, games: [] })).toBe('A list needs its ownerId');
    expect(dataProblem('lists/l1', { ...list('alice', false), games: [{ gameId: 0 }] })).toBe(
      'Each game in a list needs a gameId (a positive whole number)',
    );
  });

  it('is not checked for a delete, or outside lists/{id}', () => {
    expect(dataProblem('lists/l1', null)).toBeNull();
    expect(dataProblem('lists/l1/items/a', { anything: 'goes' })).toBeNull();
    expect(dataProblem('users/alice/notes/n1', { secret: 1 })).toBeNull();
  });
});

describe('the facts a live event carries', () => {
  it('are a list’s owner and whether it is public, and nothing else', () => {
    expect(readFacts('lists/l1', { ...list('alice', true), description: 'Private words' })).toEqual({ ownerId: 'alice', public: true });
    expect(readFacts('lists/l1', { name: 'Half made' })).toEqual({ ownerId: null, public: null });
  });

  it('are none for a deleted list or any other document', () => {
    expect(readFacts('lists/l1', null)).toBeNull();
    expect(readFacts('users/alice/notes/n1', { text: 'Secret' })).toBeNull();
    expect(readFacts('lists/l1/items/a', { ownerId: 'alice', public: true })).toBeNull();
  });

  it('are enough for canRead to judge the event as it would the document', () => {
    for (const data of [list('alice', true), list('alice', false)]) {
      for (const actor of [alice, bob, visitor]) {
        expect(canRead(actor, 'lists/l1', readFacts('lists/l1', data))).toBe(canRead(actor, 'lists/l1', data));
      }
    }
  });
});
