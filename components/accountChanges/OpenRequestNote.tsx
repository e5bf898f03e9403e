import { useTranslation } from 'next-i18next/pages';
import { AlertWithLinks } from '@/components/common/AlertWithLinks';
import { KeepCodesWhole } from '@/components/common/NoBreak';
import { formatList } from '@/lib/i18n/locales';
import { PER_TARGET_TYPES, type ChangeType } from '@/lib/accountChanges/constants';
import type { CustomerChangeListItem } from '@/lib/accountChanges/schemas';
import { requestPath } from './links';

/** Whether the open requests keep the customer from sending another of the type at all (not only for some targets). */
export const blocksType = (type: ChangeType, open: readonly CustomerChangeListItem[] | undefined): boolean =>
  Boolean(open?.length) && !PER_TARGET_TYPES.includes(type);

/**
 * The transfer form's note on the contracts open transfers hold. A pending one frees them when it is completed or
 * turned down; an approved one can no longer be turned down, only completed (QA: with only approved transfers open
 * the note still said "until it has been completed or turned down"). With both kinds it says which frees what.
 */
function heldContractsKey(open: readonly CustomerChangeListItem[]) {
  const approved = open.filter((r) => r.status === 'approved').length;
  return approved === 0 ? 'form.openContracts' : approved === open.length ? 'form.openContractsApproved' : 'form.openContractsMixed';
}

/**
 * What is still open of a change type, said before the customer fills in a form the server would refuse: a type of
 * the whole customer (company name, billing address, paper bills) waits for the open request's decision; for
 * machines and contracts only the ones that request names are held. The request opens in the list's dialog.
 */
export function OpenRequestNote({ type, open, inForm = false }: { type: ChangeType; open: readonly CustomerChangeListItem[] | undefined; inForm?: boolean }) {
  const { t, i18n } = useTranslation('accountChanges');
  const first = open?.[0];
  if (!open || !first) return null;
  const blocked = blocksType(type, open);
  const requestNos = formatList(
    open.map((r) => r.requestNo),
    i18n.language,
    'conjunction',
  );
  const count = open.length;
  // One request or several ("Request A is", "Requests A and B are"). In a machine or transfer form the held machines /
  // contracts are marked (and cannot be chosen): the note points at them.
  const contracts = type === 'trans_agree';
  const message = blocked
    ? t('validation.alreadyPending', { requestNo: first.requestNo })
    : inForm
      ? contracts
        ? t(heldContractsKey(open), { requestNos, count })
        : t('form.openMachines', { requestNos, count })
      : contracts
        ? t('add.openContracts', { requestNos, count })
        : t('add.openMachines', { requestNos, count });
  return (
    // The link under the text, not in the alert's action column: beside the text on a 390 px phone "View
    // ACR-2026-000102" broke into four lines of a narrow column.
    <AlertWithLinks
      severity={blocked ? 'warning' : 'info'}
      data-testid={`open-${type}`}
      // A link to every request the note names (QA: "Requests A and B are still open" linked only A).
      links={(blocked ? [first] : open).map((r) => ({ href: requestPath(r.id), label: t('add.viewRequest', { requestNo: r.requestNo }) }))}
    >
      <KeepCodesWhole text={message} codes={open.map((r) => r.requestNo)} />
    </AlertWithLinks>
  );
}
