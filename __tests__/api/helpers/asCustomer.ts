import { randomUUID } from 'node:crypto';
import { serviceContext, type CustomerContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';

/** A service context acting for one customer (as the router builds one from a customer user's token), for calling a service directly. */
export const asCustomer = (db: Db, ucpId: string, codes: readonly string[] = ['all']): CustomerContext =>
  serviceContext({ db, actor: { userAcUuid: randomUUID(), ucpId, isProviderStaff: false, codes: new Set(codes) } });
