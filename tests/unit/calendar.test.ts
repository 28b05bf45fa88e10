import { deliveryCodes, deliveryExpiry, expiries } from '#contract/rules/calendar';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('the delivery calendar (weekly Fridays and quarter-end Fridays, 08:00 UTC)', () => {
  it('delivers this week at Friday 08:00 UTC: a minute before it is still this week, at 08:00 the next week is', () => {
    // Friday 2025-01-10
    expect(iso(deliveryExpiry('CW', at('2025-01-10T07:59:00Z')))).toBe('2025-01-10T08:00:00.000Z');
    expect(iso(deliveryExpiry('NW', at('2025-01-10T07:59:00Z')))).toBe('2025-01-17T08:00:00.000Z');
    expect(iso(deliveryExpiry('CW', at('2025-01-10T08:00:00Z')))).toBe('2025-01-17T08:00:00.000Z');
    expect(iso(deliveryExpiry('NW', at('2025-01-10T08:00:00Z')))).toBe('2025-01-24T08:00:00.000Z');
  });

  it('takes the last Friday of the quarter for CQ and the one of the next quarter for NQ', () => {
    expect(deliveryCodes(at('2025-01-08T00:00:00Z'))).toEqual({ CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' });
  });

  it('rolls the quarter once it would be next week or nearer (never the same contract as a weekly one)', () => {
    // 2025-03-14 08:00: NW becomes 2025-03-28, the March quarter's own delivery, so CQ rolls to June.
    expect(expiries(at('2025-03-14T07:59:00Z')).CQ).toBe(at('2025-03-28T08:00:00Z'));
    const rolled = expiries(at('2025-03-14T08:00:00Z'));
    expect(iso(rolled.NW)).toBe('2025-03-28T08:00:00.000Z');
    expect(iso(rolled.CQ)).toBe('2025-06-27T08:00:00.000Z');
    expect(iso(rolled.NQ)).toBe('2025-09-26T08:00:00.000Z');
  });

  it('rolls into the next year after the December quarter', () => {
    expect(deliveryCodes(at('2025-12-20T00:00:00Z'))).toMatchObject({ CQ: '260327', NQ: '260626' });
  });

  it('gives spot and perpetual no expiry', () => {
    expect(deliveryExpiry('SS', at('2025-01-08T00:00:00Z'))).toBeNull();
    expect(deliveryExpiry('CS', at('2025-01-08T00:00:00Z'))).toBeNull();
  });
});
