import type { GameStore } from '../store/index.js';
import { metrics } from './metrics.js';

/**
 * The store as the bot sees it, with every `saveState` timed and its version conflicts counted. A
 * wrapper at the interface, so both backends are measured the same way and neither is touched.
 */
export function instrumentStore(store: GameStore): GameStore {
  const saveState: GameStore['saveState'] = async (...args) => {
    const stop = metrics.storeSave.startTimer();
    const result = await store.saveState(...args);
    stop({ result: result.ok ? 'saved' : result.reason });
    if (!result.ok && result.reason === 'stale') metrics.storeConflicts.inc();
    return result;
  };
  // The backends keep private fields: their methods must run on the store itself, not the proxy.
  // Bound once each: a click reads the store several times, and a fresh binding per call was garbage.
  const bound = new WeakMap<object, unknown>();
  return new Proxy(store, {
    get(target, property) {
      if (property === 'saveState') return saveState;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(value);
      if (known !== undefined) return known;
      const method = value.bind(target);
      bound.set(value, method);
      return method;
    },
  });
}
