import { userGroupsContract } from '@/lib/userGroups/contract';
import { addGroupMember, createGroup, deleteGroup, getGroup, listGroups, removeGroupMember, setGroupStatus, updateGroup } from '@/lib/server/services/userGroups/maintenance';
import { implement } from './implement';

export const userGroupRoutes = implement(userGroupsContract, {
  listGroups: ({ service, body }) => listGroups(service, body),
  getGroup: ({ service, body }) => getGroup(service, body.id),
  createGroup: ({ service, body }) => createGroup(service, body),
  updateGroup: ({ service, body }) => updateGroup(service, body),
  setGroupStatus: ({ service, body }) => setGroupStatus(service, body),
  deleteGroup: ({ service, body }) => deleteGroup(service, body.id),
  addGroupMember: ({ service, body }) => addGroupMember(service, body),
  removeGroupMember: ({ service, body }) => removeGroupMember(service, body),
});
