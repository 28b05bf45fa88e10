import { PAGING } from '#contract/rules/constants';
import { onCall, pageOf } from '../../providers/data';

/**
 * Order statistic rows (spec §3 Order statistic row, §7 Orders and statistics): /web/get/order/paging
 * pages on the server with {eachPageNumber, pagingNumber}, 18 per page (§9), and answers
 * {total_paging, data}; total_paging counts pages, so the total of rows is pages × page size.
 */
export const ordersResource = {
  name: 'orders',
  meta: {
    calls: {
      list: onCall('orderPaging', {
        toPayload: ({ pagination }) => {
          const { page, size } = pageOf(pagination, PAGING.orderPageSize);
          return { eachPageNumber: size, pagingNumber: page };
        },
        select: ({ total_paging, data }, { pagination }) => ({ data, total: total_paging * pageOf(pagination, PAGING.orderPageSize).size }),
      }),
    },
  },
};
