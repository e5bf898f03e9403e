export * from './codes';
export * from './canAccess';
export * from './routes';
