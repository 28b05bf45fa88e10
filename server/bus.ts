/**
 * What changed inside the server, said once: the task engine, handlers and the market ticker emit,
 * feeds listen and push to their subscribers. Listeners run synchronously, in the order they were added.
 */
export interface ServerEvents {
  /** the market moved (emitted settings.marketPushHz times a second). */
  'market.tick': { at: number };
  /** a task of this user was added, changed status or was removed. */
  'task.changed': { userId: number; taskId: number };
  /** the assets of an API account changed. */
  'asset.changed': { userId: number; apiId: number };
  /** orders of an API account were placed, filled or cancelled. */
  'orders.changed': { userId: number; apiId: number };
  /** an alert rule of this user fired: the alert log has a new row (server/alerts/engine.ts). */
  'alert.created': { userId: number; alertId: number };
  /**
   * an exchange stopped answering the trading clients (down, since its first unanswered request of the run) or answers
   * again (server/exchange/clients.ts); the alert rules' feed source reads it (feed-down).
   */
  'exchange.health': { exchange: number; down: boolean; since: number };
}
export type ServerEvent = keyof ServerEvents;
export type Listener<E extends ServerEvent> = (payload: ServerEvents[E]) => void;

export class EventBus {
  // typed at on/off/emit; stored loosely
  private listeners = new Map<ServerEvent, Set<(payload: never) => void>>();

  on<E extends ServerEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<E extends ServerEvent>(event: E, listener: Listener<E>): void {
    this.listeners.get(event)?.delete(listener);
  }

  /** calls every listener; one that throws is logged and does not stop the others. */
  emit<E extends ServerEvent>(event: E, payload: ServerEvents[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])] as Listener<E>[]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`[server] listener of ${event}:`, error);
      }
    }
  }

  listenerCount(event: ServerEvent): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}
