import { z } from 'zod';
import { reportListQuery } from '@oj/shared';

/**
 * The report list in the address bar: page, size and the handled filter. The filter is named
 * (`status=open|handled`) rather than the endpoint's boolean, whose `false` would not be written (an
 * unset flag leaves the address).
 */
export const reportAddressQuery = reportListQuery.omit({ status: true }).extend({ status: z.enum(['open', 'handled']).optional() });
