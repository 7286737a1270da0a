import { EventEmitter } from 'node:events';

/**
 * A typed, synchronous-dispatch event bus over the events `M` declares (the core's are
 * `DomainEvents`, modules/events.ts). Use cases publish; side effects (socket pushes, workflow
 * starts) are listeners, never code inside a use case. A failing listener never breaks the use
 * case: its error goes to `onError`.
 */
export class EventBus<M extends object> {
  private readonly emitter = new EventEmitter();
  constructor(private readonly onError: (err: unknown, event: string) => void = () => {}) {
    this.emitter.setMaxListeners(100);
  }
  publish<E extends keyof M & string>(event: E, payload: M[E]): void {
    for (const listener of this.emitter.listeners(event)) {
      try {
        const r = (listener as (p: M[E]) => unknown)(payload);
        if (r instanceof Promise) r.catch((err) => this.onError(err, event));
      } catch (err) {
        this.onError(err, event);
      }
    }
  }
  on<E extends keyof M & string>(
    event: E,
    listener: (payload: M[E]) => void | Promise<void>,
  ): void {
    this.emitter.on(event, listener);
  }
}
