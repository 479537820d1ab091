// What other features may use of "Not interested": the games to leave out for a viewer.
export { hiddenGameIds, notHidden } from './hidden-sets';
export { viewerAndHidden, type ViewerAndHidden } from './viewer-and-hidden';
