import { ROLE_ORDER, type RoleId } from '@oj/shared';

/** The roles in the order of the select and the filter (most powerful first), with their translated names. */
export const roleOptions = (t: (key: string) => string) => ROLE_ORDER.map((id) => ({ value: id, label: t(`admin.user.role.${id}`) }));
export const roleColor = (id: RoleId) => (id === 1000 ? 'red' : id === 1001 ? 'volcano' : id === 1008 ? 'gold' : id === 1002 ? 'blue' : 'default');
