export * from './catalogue';
export * from './accounts';
export * from './makers';
export * from './documents';
export * from './limits';
export * from './jobs';
export * from './community';
export * from './reports';
