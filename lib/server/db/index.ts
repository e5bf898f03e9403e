export * from './types';
export { getDbHandle, registerDb } from './runtime';
export * as schema from './schema';
