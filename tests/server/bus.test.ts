// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../server/bus';

describe('EventBus', () => {
  it('calls the listeners of an event with its payload until they are removed; a throwing one does not stop the others', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.on('task.changed', () => {
      throw new Error('broken listener');
    });
    const off = bus.on('task.changed', ({ taskId }) => seen.push(taskId));
    bus.on('asset.changed', () => seen.push(-1));
    bus.emit('task.changed', { userId: 1, taskId: 5 });
    off();
    bus.emit('task.changed', { userId: 1, taskId: 6 });
    expect(seen).toEqual([5]);
    expect(bus.listenerCount('task.changed')).toBe(1);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
