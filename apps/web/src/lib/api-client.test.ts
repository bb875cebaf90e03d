import { MESSAGES } from '@tillbook/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorText } from './api-client';
import { readSession, saveSession } from './session';

describe('errorText: the spec order of error texts', () => {
  it('takes error.message first', () => {
    expect(
      errorText(
        { error: { message: 'from error.message' }, message: 'from message', msg: 'm', Error: 'E' },
        'client',
      ),
    ).toBe('from error.message');
  });
  it('then message', () => {
    expect(errorText({ error: { code: 'X' }, message: 'from message', msg: 'm' }, 'client')).toBe(
      'from message',
    );
  });
  it('then error when it is text', () => {
    expect(errorText({ error: 'from error', msg: 'm' }, 'client')).toBe('from error');
  });
  it('then msg, then Error', () => {
    expect(errorText({ msg: 'from msg', Error: 'E' }, 'client')).toBe('from msg');
    expect(errorText({ Error: 'from Error' }, 'client')).toBe('from Error');
  });
  it("then the client's own message, then 'Something went wrong!'", () => {
    expect(errorText({ message: '  ' }, 'Network Error')).toBe('Network Error');
    expect(errorText(null)).toBe(MESSAGES.somethingWentWrong);
    expect(errorText('<html>Bad gateway</html>')).toBe('Something went wrong!');
  });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the stored token in Authorization, without a prefix, under /api/v1', async () => {
    saveSession({
      token: 'tok_1234567890abcdefghij',
      user: { id: 'u', email: 'a@b.ng', business_name: null } as never,
      store: null,
    });
    const fetchMock = vi.fn().mockResolvedValue(json(200, { success: true, message: 'ok', data: { id: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await apiRequest('/stores/switch', { method: 'POST', body: { store_id: 's' } });
    expect(answer.data).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/stores/switch');
    expect(init.headers).toMatchObject({
      Authorization: 'tok_1234567890abcdefghij',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"store_id":"s"}');
  });

  it('rejects with the field messages of a 400', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        json(400, {
          success: false,
          message: 'Check the highlighted fields',
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Phone is wrong',
            fields: { phone_number: 'Enter a valid phone' },
          },
        }),
      ),
    );
    const error = (await apiRequest('/user/signup', { method: 'POST', body: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Phone is wrong');
    expect(error.fields).toEqual({ phone_number: 'Enter a valid phone' });
  });

  it('treats success:false in a 200 as a failure with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(200, { success: false, msg: 'Customer is blocked' })),
    );
    await expect(apiRequest('/order', { method: 'POST' })).rejects.toThrow('Customer is blocked');
  });

  it('a 401 for the stored session clears it', async () => {
    saveSession({
      token: 'tok_1234567890abcdefghij',
      user: { id: 'u', email: 'a@b.ng', business_name: null } as never,
      store: null,
    });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json(401, { success: false, error: { code: 'UNAUTHENTICATED', message: 'Expired' } }),
        ),
    );
    await expect(apiRequest('/user/singleuser')).rejects.toThrow('Expired');
    expect(readSession()).toBeNull();
  });

  it('gives up after 20 s with its own message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = apiRequest('/stores').catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.message).toMatch(/took too long/);
    expect(error.status).toBe(0);
    vi.useRealTimers();
  });
});

describe('apiRequest and the browser scheduler', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets the browser run first where it can, and sends nothing for a caller that gave up meanwhile', async () => {
    let resume: () => void = () => undefined;
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((r) => (resume = r)) });
    const fetchMock = vi.fn(async () => json(200, { success: true, message: 'OK', data: 1 }));
    vi.stubGlobal('fetch', fetchMock);

    const sent = apiRequest('/thing');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    resume();
    await expect(sent).resolves.toMatchObject({ data: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const abandoned = apiRequest('/thing', { signal: controller.signal });
    controller.abort();
    resume();
    await expect(abandoned).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
