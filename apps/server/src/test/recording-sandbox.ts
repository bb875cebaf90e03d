import type { TransferRequest } from '../providers/payments/payment-provider.js';
import type * as SandboxModule from '../providers/payments/sandbox.js';

/**
 * The sandbox payments module with its provider's transfer calls written down: the references
 * the app asked it to send (and, when the test keeps a list for them, to verify), so a test can
 * count provider calls. Made for a test's `vi.mock` factory; it imports the sandbox's types only,
 * so loading it there does not load the module being mocked.
 */
export function recordingSandbox(
  original: typeof SandboxModule,
  record: { sent: string[]; verified?: string[] },
): typeof SandboxModule {
  return {
    ...original,
    createSandboxProvider: (...args: Parameters<typeof original.createSandboxProvider>) => {
      const sandbox = original.createSandboxProvider(...args);
      return {
        ...sandbox,
        transfer: (request: TransferRequest) => {
          record.sent.push(request.reference);
          return sandbox.transfer(request);
        },
        verifyTransfer: (request: TransferRequest) => {
          record.verified?.push(request.reference);
          return sandbox.verifyTransfer(request);
        },
      };
    },
  };
}
