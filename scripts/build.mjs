// @ts-check
/**
 * `npm run build`: the production build, always from scratch: `next build`, then the server bundle
 * (.next-server/server.cjs). `npm start` runs the same steps only for the parts that are not current.
 */
import { ensureBuild } from './lib/build.mjs';

process.exit(await ensureBuild(process.cwd(), 'build', { force: true }));
