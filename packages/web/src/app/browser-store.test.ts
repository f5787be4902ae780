import { describe, it } from 'vitest';
import { gameStoreConformanceCases } from '@tactica/core/game-store-conformance';
import { SAVE_PREFIX, WebStorageGameStore, type KeyValueStorage } from './browser-store.js';

/** Web Storage's interface over a Map, as a browser's localStorage behaves for one page. */
class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, String(v));
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

const storages = new WeakMap<WebStorageGameStore, MemoryStorage>();

describe('the browser store keeps saves in Web Storage', () => {
  for (const c of gameStoreConformanceCases({
    name: 'web storage',
    open: async () => {
      const storage = new MemoryStorage();
      const store = new WebStorageGameStore(storage);
      storages.set(store, storage);
      return store;
    },
    doc: (n) => ({ format: 'tactica-game', n, moves: Array.from({ length: n }, (_, i) => `${i}`) }),
    damage: async (store, id) => {
      const storage = storages.get(store as WebStorageGameStore) as MemoryStorage;
      const key = SAVE_PREFIX + id;
      storage.setItem(key, (storage.getItem(key) ?? '').slice(0, 20));
      return key;
    },
  }))
    it(c.name, c.run);
});
