export * from './errors';
export * from './paths';
export * from './values';
export * from './validate';
export * from './query';
export * from './writes';
export * from './transforms';
export { decodeBase64, encodeBase64 } from './base64';
export * from './order';
