/** A typed event emitter for the browser: listener errors are caught and logged, never thrown back. */
type Listener = (...args: unknown[]) => void;

export class Emitter<Events extends { [K in keyof Events]: unknown[] }> {
  private readonly listeners = new Map<keyof Events, Set<Listener>>();

  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as unknown as Listener);
    return () => this.off(event, listener);
  }

  off<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): void {
    this.listeners.get(event)?.delete(listener as unknown as Listener);
  }

  protected emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...(args as unknown[]));
      } catch (error) {
        console.error(`room-client: listener of ${String(event)} failed`, error);
      }
    }
  }

  protected removeAllListeners(): void {
    this.listeners.clear();
  }
}
