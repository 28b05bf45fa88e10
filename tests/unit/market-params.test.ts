import { describe, expect, it } from 'vitest';
import { deliveryCodeOf, netColouringOf, spanOf, withParams } from '#contract/rules/market-params';

describe('market params (/market/put, /market/param/get)', () => {
  it('reads the stored width choice: 8, 12 or 24, else by the browser width', () => {
    expect(spanOf({ span: 12 })).toBe(12);
    expect(spanOf({ span: 'auto' })).toBe('auto');
    for (const bad of [{ span: 6 }, { span: '12' }, {}, null, undefined, [12]]) expect(spanOf(bad)).toBe('auto');
  });

  it('pushes the stored params with the new choice, keeping the rest', () => {
    expect(withParams({ span: 8, other: 1 }, { span: 24 })).toEqual({ span: 24, other: 1 });
    expect(withParams(undefined, { span: 'auto' })).toEqual({ span: 'auto' });
    expect(withParams([1], { span: 12 })).toEqual({ span: 12 });
    expect(withParams({ span: 8 }, { netColouring: true })).toEqual({ span: 8, netColouring: true });
  });

  it('reads whether the open-spread colouring follows the net spreads: only a stored true', () => {
    expect(netColouringOf({ netColouring: true })).toBe(true);
    for (const off of [{ netColouring: false }, { netColouring: 'true' }, {}, null, undefined]) expect(netColouringOf(off)).toBe(false);
  });
});

describe('delivery codes of a table leg (get_delivery_code)', () => {
  const codes = { CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' };
  it('gives a delivery contract type its code, coin- and USDT-margined alike', () => {
    expect(deliveryCodeOf(codes, 2)).toBe('250110');
    expect(deliveryCodeOf(codes, 3)).toBe('250117');
    expect(deliveryCodeOf(codes, 4)).toBe('250328');
    expect(deliveryCodeOf(codes, 10)).toBe('250627');
    expect(deliveryCodeOf(codes, 13)).toBe(deliveryCodeOf(codes, 4));
  });

  it('gives spot, perpetual and unknown types none, nor anything before the reply', () => {
    expect(deliveryCodeOf(codes, 1)).toBeUndefined();
    expect(deliveryCodeOf(codes, 5)).toBeUndefined();
    expect(deliveryCodeOf(codes, 99)).toBeUndefined();
    expect(deliveryCodeOf(undefined, 4)).toBeUndefined();
  });
});
