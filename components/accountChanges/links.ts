import { FORM_SLUG, type ChangeType } from '@/lib/accountChanges/constants';
import { pathTo } from '@/lib/paths';

export const LIST_PATH = pathTo('/customer-support/account-info-update');
export const ADD_PATH = pathTo('/customer-support/account-info-update/add-changes');

/** The terms page of a type: toner-address changes have their own (agreement-toner). */
export const agreementPath = (type: ChangeType): string =>
  type === 'toner_addr'
    ? pathTo('/customer-support/account-info-update/add-changes/agreement-toner', undefined, { type })
    : pathTo('/customer-support/account-info-update/add-changes/agreement', undefined, { type });

/** The form page of a type; `accepted` says the terms were accepted on the agreement page. */
export const formPath = (type: ChangeType, accepted = false): string =>
  `${ADD_PATH}/${FORM_SLUG[type]}${accepted ? '?accepted=1' : ''}`;

/** A request opened in the list's dialog (`?request=<id>`). */
export const requestPath = (id: string): string => pathTo('/customer-support/account-info-update', undefined, { request: id });
