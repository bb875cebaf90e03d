import type { AppConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox.js';

/** The provider `PAYMENT_PROVIDER` names (decision 0028). */
export function createPaymentProvider(config: AppConfig, clock: Clock): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxProvider(clock);
    case 'paystack':
      throw new Error('PAYMENT_PROVIDER=paystack is not built yet');
  }
}
