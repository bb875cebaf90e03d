import { PERSIST_REHYDRATE_TIMEOUT_MS } from '@tillbook/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { getUiState, rehydrateUiState, setUiState, UI_STATE_KEY } from './ui-state';

describe('persisted UI state', () => {
  it('is kept under the key root and read back', async () => {
    await rehydrateUiState(window.localStorage);
    setUiState({ onboardingStep: 'business-number', pageSizes: { audits: 50 } });
    expect(JSON.parse(localStorage.getItem(UI_STATE_KEY)!)).toMatchObject({
      onboardingStep: 'business-number',
    });
    setUiState({ onboardingStep: null, pageSizes: {} });
    localStorage.setItem(UI_STATE_KEY, JSON.stringify({ pageSizes: { audits: 20 } }));
    await rehydrateUiState(window.localStorage);
    expect(getUiState().pageSizes).toEqual({ audits: 20 });
  });

  it('gives up on a storage that does not answer within 5 s and keeps the defaults', async () => {
    vi.useFakeTimers();
    const stuck = { getItem: () => new Promise<string | null>(() => undefined), setItem: () => undefined };
    const done = rehydrateUiState(stuck);
    await vi.advanceTimersByTimeAsync(PERSIST_REHYDRATE_TIMEOUT_MS);
    await expect(done).resolves.toMatchObject({ onboardingStep: null });
    vi.useRealTimers();
  });
});
