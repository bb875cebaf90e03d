import { useSyncExternalStore } from 'react';
import { PERSIST_REHYDRATE_TIMEOUT_MS } from '@tillbook/contract/constants';

/** UI state kept across reloads under the spec's key `root` (section 3). */
export const UI_STATE_KEY = 'root';

export interface UiState {
  /** Onboarding step still to do after business information ('/' leads there). */
  onboardingStep: 'business-number' | null;
  /** Rows per page chosen in tables, by table name. */
  pageSizes: Record<string, number>;
  navCollapsed: Record<string, boolean>;
}

const initial: UiState = { onboardingStep: null, pageSizes: {}, navCollapsed: {} };

let state: UiState = initial;
let rehydrated = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** A storage that may be asynchronous (the spec's persisted store allowed for one). */
export interface UiStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
}

let storage: UiStorage | null = typeof window === 'undefined' ? null : window.localStorage;

/**
 * Reads the saved state. A storage that does not answer within the spec's 5 s leaves the
 * defaults in place, so a stuck storage never blocks the app.
 */
export async function rehydrateUiState(
  from: UiStorage | null = storage,
  timeoutMs = PERSIST_REHYDRATE_TIMEOUT_MS,
): Promise<UiState> {
  storage = from;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const raw = await Promise.race([
      Promise.resolve(from?.getItem(UI_STATE_KEY) ?? null),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<UiState>;
      state = { ...initial, ...parsed };
    }
  } catch {
    state = initial;
  } finally {
    clearTimeout(timer);
    rehydrated = true;
    emit();
  }
  return state;
}

export function isUiStateRehydrated(): boolean {
  return rehydrated;
}

export function getUiState(): UiState {
  return state;
}

export function setUiState(change: Partial<UiState> | ((current: UiState) => Partial<UiState>)): void {
  const patch = typeof change === 'function' ? change(state) : change;
  state = { ...state, ...patch };
  void Promise.resolve(storage?.setItem(UI_STATE_KEY, JSON.stringify(state))).catch(() => null);
  emit();
}

export function resetUiState(): void {
  setUiState(initial);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiState<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initial),
  );
}
