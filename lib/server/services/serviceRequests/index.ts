export * from './customer';
export * from './desk';
export * from './suspensions';
