import { feeds, type FeedName } from '#contract/feeds';

/** parse of every feed: a good reply gives the typed message; a malformed one a clear error, never a throw. */

const good: Record<FeedName, { raw: unknown; message: unknown }> = {
  market: {
    raw: {
      code: 200,
      data: [
        {
          table: [1, 2, 1, 5],
          rows: [
            {
              currency_type: 'BTC',
              a_buy: '1/2',
              b_sell: '3/4',
              a_validity: '0',
              b_validity: 1,
              positive: '0.1/0.2',
              negative: '-0.1/-0.2',
              a_source: 'sim',
              b_source: 'live',
            },
          ],
        },
      ],
    },
    message: {
      data: [
        {
          table: [1, 2, 1, 5],
          rows: [
            {
              currency_type: 'BTC',
              a_buy: '1/2',
              b_sell: '3/4',
              a_validity: 0,
              b_validity: 1,
              positive: '0.1/0.2',
              negative: '-0.1/-0.2',
              a_source: 'sim',
              b_source: 'live',
            },
          ],
        },
      ],
    },
  },
  asset: {
    raw: {
      code: 200,
      data: {
        apiId: 3,
        asset_info: { statistics: { 'total_equity(USDT)': 10.5, total_position: '2' }, list: [{ currency: 'btc', spot: 1 }] },
        ledger: [{ id: 1 }],
      },
    },
    message: {
      data: {
        apiId: 3,
        asset_info: { statistics: { 'total_equity(USDT)': 10.5, total_position: '2' }, list: [{ currency: 'btc', spot: 1 }] },
        ledger: [{ id: 1 }],
        borrow: [],
      },
    },
  },
  task: {
    raw: {
      code: 200,
      data: [
        {
          id: 4,
          status: 2,
          position: {
            f: [
              [1, 2],
              [3, 4],
            ],
          },
          muldata: [1],
          changeable: true,
          analysis: 'x',
          extra: 'dropped',
        },
        { id: 5 },
      ],
    },
    message: {
      data: [
        {
          id: 4,
          status: 2,
          position: {
            f: [
              [1, 2],
              [3, 4],
            ],
          },
          muldata: [1],
          changeable: true,
          analysis: 'x',
        },
        { id: 5 },
      ],
    },
  },
  statistics: {
    raw: {
      code: 200,
      data: {
        automatic: [{ currency: 'btc', minutes: 60, pool: 1, pool_accounted: 2, more: 3, empty: 4, fu_more: 5, fu_empty: 6, ss_buy: 7, ss_sell: 8 }],
        manual: [],
        order: [{ order_id: 'o1', price: '1.5', state: 2 }],
      },
    },
    message: {
      data: {
        automatic: [{ currency: 'btc', minutes: 60, pool: 1, pool_accounted: 2, more: 3, empty: 4, fu_more: 5, fu_empty: 6, ss_buy: 7, ss_sell: 8 }],
        manual: [],
        order: [{ order_id: 'o1', price: '1.5', state: 2 }],
      },
    },
  },
  demand: {
    raw: [{ api_name: 'main', currency: 'eth', amount: 3 }],
    message: [{ api_name: 'main', currency: 'eth', amount: 3 }],
  },
  unilateral: {
    raw: { code: 200, data: { strategy: [{ id: 9, names: 'S', status: 1, target: 1, total_eq: 12.5 }] }, task: [{ id: 1 }] },
    message: { strategy: [{ id: 9, names: 'S', status: 1, target: 1, total_eq: 12.5 }], task: [{ id: 1 }] },
  },
  alert: {
    raw: {
      code: 200,
      data: {
        unread: 1,
        voiceIntervalTime: 60,
        latest: [{ id: 2, ruleId: 1, kind: 'abnormal', params: { task: 3, order: 4, status: 8 }, at: 5, read: false, sent: true, link: { task: 3 } }],
      },
    },
    message: {
      data: {
        unread: 1,
        voiceIntervalTime: 60,
        latest: [{ id: 2, ruleId: 1, kind: 'abnormal', params: { task: 3, order: 4, status: 8 }, at: 5, read: false, sent: true, link: { task: 3 } }],
      },
    },
  },
};

const malformed: Record<FeedName, Array<[unknown, string]>> = {
  market: [
    [{ data: {} }, 'data is not a list'],
    [{ data: [{ table: [1, 2, 3], rows: [] }] }, 'data[0].table is not [exchange A, exchange B, type A, type B]'],
    [{ data: [{ table: [1, 2, 1, 5], rows: [{ currency_type: 'BTC' }] }] }, 'data[0].rows[0].a_buy is not text'],
    [
      {
        data: [
          { table: [1, 2, 1, 5], rows: [{ currency_type: 'BTC', a_buy: '1/2', b_sell: '3/4', a_validity: 'x', b_validity: 1, positive: '0', negative: '0' }] },
        ],
      },
      'data[0].rows[0].a_validity is not a number',
    ],
    [
      {
        data: [
          {
            table: [1, 2, 1, 5],
            rows: [{ currency_type: 'BTC', a_buy: '1/2', b_sell: '3/4', a_validity: 0, b_validity: 1, positive: '0', negative: '0', a_source: 'x' }],
          },
        ],
      },
      'data[0].rows[0].a_source is not live or sim',
    ],
  ],
  asset: [
    [{ data: { asset_info: { statistics: {}, list: [] } } }, 'data.apiId is not a number'],
    [{ data: { apiId: 1, asset_info: { statistics: { a: {} }, list: [] } } }, 'data.asset_info.statistics.a is not a number or text'],
    [{ code: 500, info: 'boom' }, 'message has code 500'],
  ],
  task: [
    [{ data: { id: 1 } }, 'data is not a list'],
    [{ data: [{ id: '1' }] }, 'data[0].id is not a number'],
    [{ data: [{ id: 1, status: 'running' }] }, 'data[0].status is not a number'],
  ],
  statistics: [
    [{ data: { automatic: [], manual: [] } }, 'data.order is not a list'],
    [{ data: { automatic: [{ currency: 'btc', minutes: 60 }], manual: [], order: [] } }, 'data.automatic[0].pool is not a number'],
  ],
  demand: [
    [{ rows: [] }, 'data is not a list'],
    [[{ amount: 1 }], '[0].currency is not text'],
  ],
  unilateral: [
    [{ data: { strategy: [{ names: 'no id' }] } }, 'data.strategy[0].id is not a number'],
    [{ strategy: { monitoring: {} } }, 'strategy.strategy is not a list'],
    [[1, 2], 'message is not an object'],
  ],
  alert: [
    [{ data: { unread: 1, voiceIntervalTime: 60 } }, 'data.latest is not a list'],
    [{ data: { unread: 1, voiceIntervalTime: 60, latest: [{ id: 1, kind: 'weather' }] } }, 'data.latest[0].kind is not a known kind'],
    [
      { data: { unread: 1, voiceIntervalTime: 60, latest: [{ id: 1, ruleId: 1, kind: 'feed', params: { exchange: {} } }] } },
      'data.latest[0].params.exchange is not text or a number',
    ],
  ],
};

describe.each(Object.keys(feeds) as FeedName[])('parse of the %s feed', (name) => {
  it('types a good reply', () => {
    expect(feeds[name].parse(good[name].raw)).toEqual({ ok: true, message: good[name].message });
  });

  it.each(malformed[name])('refuses %j with a clear error', (raw, error) => {
    expect(feeds[name].parse(raw)).toEqual({ ok: false, error });
  });

  it('refuses null and text without throwing', () => {
    expect(feeds[name].parse(null).ok).toBe(false);
    expect(feeds[name].parse('ok').ok).toBe(false);
  });
});

describe('parse of the unilateral feed', () => {
  it('reads the second §7 shape: {strategy: {strategy, monitoring}, api}', () => {
    const raw = { strategy: { strategy: [{ id: 2, status: 0 }], monitoring: { strategy: [1], api: [2], kline: [3] } }, api: [{ id: 5 }] };
    expect(feeds.unilateral.parse(raw)).toEqual({
      ok: true,
      message: { strategy: [{ id: 2, status: 0 }], monitoring: { strategy: [1], api: [2], kline: [3] }, api: [{ id: 5 }] },
    });
  });
});
