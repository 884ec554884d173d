import type { ListQueryOptions } from '@tullab/http';

/** GET /admin/staff: `filter={"q":"…","role":["admin"],"disabled":false}`. */
export const listStaffOptions: ListQueryOptions = {
  sortable: ['createdAt', 'email', 'lastName', 'role'],
  filterable: { role: 'in', disabled: 'bool' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['firstName', 'lastName', 'email'],
};
