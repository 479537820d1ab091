export * from './catalogue';
export * from './accounts';
