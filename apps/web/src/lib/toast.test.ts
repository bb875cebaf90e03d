import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  let id = 0;
  const make = () => vi.fn(() => ++id);
  const toast = Object.assign(make(), {
    success: make(),
    error: make(),
    loading: make(),
    custom: make(),
    dismiss: vi.fn(),
  });
  return { toast };
});
vi.mock('sonner', () => sonner);

const { notify } = await import('./toast');

describe('toasts', () => {
  beforeEach(() => vi.clearAllMocks());

  it("use the spec's durations: success 2 s, blank and error 4 s, loading until dismissed", () => {
    notify.success('Saved!!');
    notify.error('Nope');
    notify.blank('Hello');
    notify.loading('Working');
    expect(sonner.toast.success).toHaveBeenCalledWith('Saved!!', expect.objectContaining({ duration: 2000 }));
    expect(sonner.toast.error).toHaveBeenCalledWith('Nope', expect.objectContaining({ duration: 4000 }));
    expect(sonner.toast).toHaveBeenCalledWith('Hello', expect.objectContaining({ duration: 4000 }));
    expect(sonner.toast.loading).toHaveBeenCalledWith(
      'Working',
      expect.objectContaining({ duration: Infinity }),
    );
  });

  it('keep at most 20: the oldest is dismissed', async () => {
    vi.resetModules();
    const fresh = (await import('./toast')).notify;
    const ids = Array.from({ length: 21 }, (_, i) => fresh.blank(`t${i}`));
    expect(sonner.toast.dismiss).toHaveBeenCalledTimes(1);
    expect(sonner.toast.dismiss).toHaveBeenCalledWith(ids[0]);
  });
});
