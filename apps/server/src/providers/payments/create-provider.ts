import type { AppConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPaystackProvider } from './paystack.js';
import { createSandboxProvider } from './sandbox.js';

/** The provider `PAYMENT_PROVIDER` names (decision 0029). */
export function createPaymentProvider(config: AppConfig, clock: Clock): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxProvider(clock);
    case 'paystack':
      return createPaystackProvider({
        secretKey: config.PAYSTACK_SECRET_KEY!,
        baseUrl: config.PAYSTACK_BASE_URL,
        clock,
        timeoutMs: config.PAYSTACK_TIMEOUT_MS,
      });
  }
}
