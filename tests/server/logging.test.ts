// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { redactToken } from '../../server/main';

describe('request logs', () => {
  it('never carry the session token of a query', () => {
    expect(redactToken('/api/list?token=abc123&all=1')).toBe('/api/list?token=***&all=1');
    expect(redactToken('/get2?x=1&token=abc123')).toBe('/get2?x=1&token=***');
    expect(redactToken('/api/list?all=1')).toBe('/api/list?all=1');
  });
});
