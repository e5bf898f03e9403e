export * from './customer';
export * from './desk';
