import { mailContract } from '@/lib/mail/contract';
import { getOutboxMail, listOutbox } from '@/lib/server/services/mail/outbox';
import { implement } from './implement';

export const mailRoutes = implement(mailContract, {
  listOutbox: ({ service, body }) => listOutbox(service, body),
  getOutboxMail: ({ service, body }) => getOutboxMail(service, body.id),
});
