/** User group maintenance (docs/user-groups.md): provider staff with user_group_main_read / _write. */
import { defineContract, output } from '@/lib/contract';
import { maintenance } from '@/lib/contract/grants';
import {
  addMemberSchema,
  createGroupSchema,
  groupIdSchema,
  listGroupsSchema,
  removeMemberSchema,
  setGroupStatusSchema,
  updateGroupSchema,
  type GroupDetail,
  type GroupListResult,
  type GroupStatus,
} from './schemas';

const { read, write, writeId, edit } = maintenance('user_group_main_read', 'user_group_main_write', ['userGroups']);

export const userGroupsContract = defineContract('userGroups', {
  listGroups: read(
    'Provider staff: user groups { items: [{ id, code, nameEn, nameZh, kind (customer | provider), status, codeCount, memberCount, createdAt }], total }. ' +
      'Filter q (code or name), kind[], status[]; sort code | nameEn | createdAt.',
    listGroupsSchema,
    output<GroupListResult>(),
  ),
  getGroup: read('Provider staff: one group with its function codes and members (user and customer). Unknown: 404.', groupIdSchema, output<GroupDetail>()),
  createGroup: writeId(
    'Provider staff: add a group. Code unique (409 with fields.code); a customer group holds only customer codes (400 on fields.codes). Audited. Answers { id }.',
    createGroupSchema,
  ),
  updateGroup: edit(
    'Provider staff: edit a group’s names, description, kind and function codes. Each member’s codes change at its next request. ' +
      'The kind cannot change while the group has members of the other kind (409 on fields.kind). Audited. Answers { id }.',
    updateGroupSchema,
  ),
  setGroupStatus: write(
    'Provider staff: disable (inactive: its codes stop counting at each member’s next request) or re-enable a group. Audited.',
    setGroupStatusSchema,
    output<{ id: string; status: GroupStatus }>(),
  ),
  deleteGroup: writeId(
    'Provider staff: delete a group that has no members. A group in use is refused (409 GROUP_IN_USE): empty or disable it instead. Audited.',
    groupIdSchema,
  ),
  addGroupMember: writeId(
    'Provider staff: give a user (login id) the group for one of its linked customers (UCP id). Unknown user, customer or link: 400 on the field; ' +
      'a customer group takes only customer users, a staff group only provider staff (400 on loginId). Moves the user\'s version (`updatedAt`): ' +
      'a user edit loaded before is 409 RECORD_CHANGED. Audited.',
    addMemberSchema,
  ),
  removeGroupMember: writeId(
    'Provider staff: take the group away from a user for one customer. Effective at the user’s next request. Moves the user\'s version ' +
      '(`updatedAt`): a user edit loaded before is 409 RECORD_CHANGED. Audited.',
    removeMemberSchema,
  ),
});
