/** What other features may use of a maker's update posts. */
export { findUpdate, removeUpdate, restoreUpdate, setUpdateHeld, type KeptUpdate } from './moderation';
export { listUpdates, newestUpdatePage, newestUpdates, newestUpdatesColumns } from './service';
