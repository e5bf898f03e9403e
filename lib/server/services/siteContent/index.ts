export * from './schemas';
export { getSiteContent } from './getSiteContent';
