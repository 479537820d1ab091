import { useEffect, useState } from 'react';
import { isApiError } from '../api';
import { getDoc, onSnapshot } from '../documents';
import { type ListEntry, listFrom } from './model';
import { listRef, myListsQuery } from './store';

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; list: ListEntry }
  /** The store answered permission-denied: private, or no such list (it does not say which). */
  | { status: 'private' }
  | { status: 'error'; error: Error };

const asData = (data: unknown) => data as Record<string, unknown> | undefined;

/**
 * One list, live. A refused live subscription surfaces only as a closed stream, so on any
 * error the list is read once more to learn the store's real answer (permission-denied).
 */
export function useList(id: string): ListState {
  const [state, setState] = useState<{ id: string; value: ListState } | null>(null);
  useEffect(() => {
    let active = true;
    const settle = (value: ListState) => active && setState({ id, value });
    const explain = (error: unknown) => {
      if (isApiError(error, 'permission-denied')) return settle({ status: 'private' });
      settle({ status: 'error', error: error as Error });
    };
    const ref = listRef(id);
    let unsubscribe = () => {};
    getDoc(ref)
      .then((first) => {
        if (!active) return;
        settle({ status: 'ready', list: listFrom(id, asData(first.data())) });
        unsubscribe = onSnapshot(
          ref,
          (snapshot) => settle({ status: 'ready', list: listFrom(id, asData(snapshot.data())) }),
          (error) => void getDoc(ref).then(() => settle({ status: 'error', error }), explain),
        );
      })
      .catch(explain);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [id]);
  return state?.id === id ? state.value : { status: 'loading' };
}

export type MyListsState = { status: 'loading' } | { status: 'ready'; lists: ListEntry[] } | { status: 'error'; error: Error };

/** The signed-in user's lists, live: a change in any tab or device shows here. */
export function useMyLists(ownerId: string): MyListsState {
  const [state, setState] = useState<{ ownerId: string; value: MyListsState } | null>(null);
  useEffect(() => {
    const settle = (value: MyListsState) => setState({ ownerId, value });
    return onSnapshot(
      myListsQuery(ownerId),
      (snapshot) => settle({ status: 'ready', lists: snapshot.docs.map((entry) => listFrom(entry.id, asData(entry.data()))) }),
      (error) => settle({ status: 'error', error }),
    );
  }, [ownerId]);
  return state?.ownerId === ownerId ? state.value : { status: 'loading' };
}
