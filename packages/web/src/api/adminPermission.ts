import { permissionEndpoints as ep } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';

/** Roles and permissions (super admin): the permission list with its roles, edits, a role's whole set. */
export const adminPermissionApi = {
  list: () => request(ep.list, {}),
  add: (body: EndpointInput<typeof ep.add>['body']) => request(ep.add, { body }),
  edit: (body: EndpointInput<typeof ep.edit>['body']) => request(ep.edit, { body }),
  remove: (id: number) => request(ep.remove, { query: { id } }),
  setRole: (body: EndpointInput<typeof ep.setRole>['body']) => request(ep.setRole, { body }),
};

export const adminPermissionKey = ['admin-permissions'] as const;
