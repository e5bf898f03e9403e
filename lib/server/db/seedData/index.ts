export * from './customers';
export * from './groups';
export * from './users';
export * from './siteContent';
