/**
 * Deletes from a question shown beside the item, then calls `done`: from the promise, not from the
 * mutation's own callbacks. A live update can take the item away (and the question with it) before
 * the deletion answers, and a mutation's callbacks die with the component that made them; the list
 * the item was in still needs to hear it, move focus and say so.
 */
export function deleteThen<Id>(remove: { mutateAsync: (id: Id) => Promise<unknown> }, id: Id, done: () => void): void {
  remove.mutateAsync(id).then(done, () => {
    // The question shows the mutation's error while it is on screen.
  });
}
