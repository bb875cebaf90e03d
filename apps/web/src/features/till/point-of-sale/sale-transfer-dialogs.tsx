import type { Order } from '@tillbook/contract/orders';
import type { PaymentType } from '@tillbook/contract/order-constants';
import { lazy, Suspense } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client';
import { loadWithRetry } from '../../../lib/lazy-screen';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { CreditApproval } from './credit-approval-modal';

// Loaded when first needed: the QR code's encoder and the PIN dialog are off the till's first load.
const loadTransferWait = () => loadWithRetry(() => import('./transfer-wait-modal'));
const loadCreditApproval = () => loadWithRetry(() => import('./credit-approval-modal'));
const TransferWaitModal = lazy(async () => ({ default: (await loadTransferWait()).TransferWaitModal }));
const CreditApprovalModal = lazy(async () => ({ default: (await loadCreditApproval()).CreditApprovalModal }));

export interface ApprovalState {
  /** The server's sentence: the limit and what the customer owes. */
  message: string;
  /** Why the last approval was refused (a wrong PIN), shown in the dialog. */
  error: string | null;
}

const aboutApproval = (error: ApiError) =>
  Object.keys(error.fields).some((f) => f.startsWith('credit_approval.')) || /\bPIN\b/.test(error.message);

/**
 * A sale on credit refused for the customer's limit (422 naming the limit, decision 0065), or an
 * approval refused (a wrong PIN, a member who may not approve): what the PIN dialog shows, or
 * null when the refusal is another (stock, a code) and goes beside its field as usual.
 */
export function creditRefusal(
  error: unknown,
  paymentType: PaymentType,
  current: ApprovalState | null,
): ApprovalState | null {
  if (paymentType !== 'credit' || !(error instanceof ApiError)) return null;
  if (current && aboutApproval(error)) return { message: current.message, error: messageOf(error) };
  const overLimit =
    error.status === 422 &&
    !error.fields.customer_id &&
    (Object.keys(error.fields).some((f) => f.startsWith('credit')) || /limit/i.test(error.message));
  return overLimit ? { message: messageOf(error), error: null } : null;
}

/** The till's dialogs of decision 0065: the sale waiting for its transfer, and the manager's PIN. */
export function SaleTransferDialogs(props: {
  phone: boolean;
  waitingSale: Order | null;
  onWaitDone: () => void;
  approval: ApprovalState | null;
  selling: boolean;
  onApprove: (approval: CreditApproval) => void;
  onApprovalClose: () => void;
}) {
  const approvalDrawn = useOpenedOnce(props.approval !== null);
  return (
    <Suspense fallback={null}>
      {props.waitingSale && (
        <TransferWaitModal
          key={props.waitingSale.id}
          sale={props.waitingSale}
          phone={props.phone}
          onDone={props.onWaitDone}
        />
      )}
      {approvalDrawn && (
        <CreditApprovalModal
          opened={props.approval !== null}
          message={props.approval?.message ?? ''}
          error={props.approval?.error ?? null}
          selling={props.selling}
          onApprove={props.onApprove}
          onClose={props.onApprovalClose}
        />
      )}
    </Suspense>
  );
}
