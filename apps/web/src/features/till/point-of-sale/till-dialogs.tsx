import type { Order } from '@tillbook/contract/orders';
import type { Product } from '@tillbook/contract/products';
import { lazy, Suspense } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { loadWithRetry } from '../../../lib/lazy-screen';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { usePosCart } from './use-pos-cart';
import type { VariantChoice } from './variant-picker';

// Closed until the cashier holds a sale or completes one: their code (the receipt among it) loads
// beside the screen's, off the first paint's path (decision 0023).
export const loadHeldSales = () => loadWithRetry(() => import('./held-sales-modal'));
export const loadSaleCompleted = () => loadWithRetry(() => import('./sale-completed-modal'));
const HeldSalesModal = lazy(async () => ({ default: (await loadHeldSales()).HeldSalesModal }));
const SaleCompletedModal = lazy(async () => ({ default: (await loadSaleCompleted()).SaleCompletedModal }));
// The camera scanner and its barcode reader (a WebAssembly build where the browser has no
// BarcodeDetector) load only when the camera button is pressed: none of it is in the first load.
export const loadCameraScan = () => loadWithRetry(() => import('./camera-scan-modal'));
const CameraScanModal = lazy(async () => ({ default: (await loadCameraScan()).CameraScanModal }));
// Needed only for a product with several variants: loaded with the held sales', off the first paint.
export const loadVariantPicker = () => loadWithRetry(() => import('./variant-picker'));
const VariantPicker = lazy(async () => ({ default: (await loadVariantPicker()).VariantPicker }));

type Till = ReturnType<typeof usePosCart>;

/** The till's dialogs, each drawn from the first time it opens (and kept, for its closing transition). */
export function TillDialogs(props: {
  clearing: boolean;
  onClear: () => void;
  onClearClose: () => void;
  heldOpen: boolean;
  held: Till['held'];
  tillBusy: boolean;
  onResume: (id: string) => void;
  onDiscard: Till['discard'];
  onHeldClose: () => void;
  sale: Order | null;
  onNewSale: () => void;
  cameraOpen: boolean;
  onCameraClose: () => void;
  onCode: (code: string) => void;
  /** A product with several variants, tapped: which one to sell. */
  picking: Product | null;
  phone: boolean;
  onPick: (choice: VariantChoice) => void;
  onPickClose: () => void;
}) {
  const clearingDrawn = useOpenedOnce(props.clearing);
  const heldDrawn = useOpenedOnce(props.heldOpen);
  const saleDrawn = useOpenedOnce(props.sale !== null);
  const cameraDrawn = useOpenedOnce(props.cameraOpen);
  const pickerDrawn = useOpenedOnce(props.picking !== null);
  return (
    <>
      {clearingDrawn && (
        <ConfirmDialog
          opened={props.clearing}
          title="Clear the cart?"
          message="Every item, the customer, the discount code and the shipping come off this sale."
          confirmLabel="Clear cart"
          onConfirm={props.onClear}
          onClose={props.onClearClose}
        />
      )}
      <Suspense fallback={null}>
        {heldDrawn && (
          <HeldSalesModal
            opened={props.heldOpen}
            held={props.held}
            tillBusy={props.tillBusy}
            onResume={props.onResume}
            onDiscard={props.onDiscard}
            onClose={props.onHeldClose}
          />
        )}
        {saleDrawn && <SaleCompletedModal sale={props.sale} onNewSale={props.onNewSale} />}
        {cameraDrawn && (
          <CameraScanModal opened={props.cameraOpen} onClose={props.onCameraClose} onCode={props.onCode} />
        )}
        {pickerDrawn && (
          <VariantPicker
            product={props.picking}
            phone={props.phone}
            onPick={props.onPick}
            onClose={props.onPickClose}
          />
        )}
      </Suspense>
    </>
  );
}
