import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@tillbook/contract/webhooks';
import { describe, expect, it, vi } from 'vitest';
import { signedInForEachTest } from '../../../test/session';
import { jsonResponse, noRoute, okResponse, renderScreen } from '../../../test/render';
import { EndpointsList } from './endpoints-list';

const created: CreatedWebhookEndpoint = {
  id: 'e1',
  url: 'https://shop.example.ng/hooks',
  description: null,
  events: ['order.created', 'payment.received'],
  enabled: true,
  secret_hint: 'whsec_abcd…',
  secret: 'whsec_abcdefghijklmnopqrstuvwxyz012345',
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
};

function serve() {
  const endpoints: WebhookEndpoint[] = [];
  return vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/api/v1/webhooks/endpoints') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { url: string };
      if (!body.url.startsWith('https://')) {
        return jsonResponse(400, {
          success: false,
          message: 'Use an https:// address',
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Use an https:// address',
            fields: { url: 'Use an https:// address' },
          },
        });
      }
      const { secret: _secret, ...endpoint } = created;
      endpoints.push(endpoint);
      return jsonResponse(201, { success: true, message: 'Webhook endpoint added', data: created });
    }
    if (path.startsWith('/api/v1/webhooks/endpoints')) {
      return okResponse(endpoints);
    }
    return noRoute(path);
  });
}

describe('webhook endpoints', () => {
  signedInForEachTest();

  it(
    'adds an endpoint, shows the server’s message next to the URL, then the secret once',
    { timeout: 20_000 },
    async () => {
      const fetch = serve();
      vi.stubGlobal('fetch', fetch);
      const user = userEvent.setup();
      renderScreen(<EndpointsList />);
      expect(await screen.findByText('No endpoints yet')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
      const form = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
      const url = form.getByRole('textbox', { name: /Endpoint URL/ });
      await user.type(url, 'http://shop.example.ng/hooks');
      await user.click(form.getByRole('checkbox', { name: 'payment.received' }));
      await user.click(form.getByRole('button', { name: 'Add endpoint' }));
      expect(await screen.findAllByText('Use an https:// address')).not.toHaveLength(0);

      await user.clear(url);
      await user.type(url, 'https://shop.example.ng/hooks');
      await user.click(form.getByRole('button', { name: 'Add endpoint' }));
      // The secret's dialog opens as the form's closes: visible once its transition has run.
      await waitFor(() => expect(screen.getByText(created.secret)).toBeVisible());
      const [, init] = fetch.mock.calls
        .filter(([u, i]) => String(u).includes('/webhooks/endpoints') && i?.method === 'POST')
        .at(-1)!;
      expect(JSON.parse(String(init!.body))).toMatchObject({
        url: 'https://shop.example.ng/hooks',
        events: ['order.created', 'payment.received'],
        enabled: true,
      });
      await user.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByText(created.secret)).toBeNull());
      expect(await screen.findByRole('article', { name: `Endpoint ${created.url}` })).toBeVisible();
      expect(screen.getByText(/Secret whsec_abcd…/)).toBeVisible();
    },
  );
});
