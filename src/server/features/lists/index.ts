// What other features may call of lists.
export { browsePublicLists } from './service';
