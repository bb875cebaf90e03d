import { useHotkeys } from '@mantine/hooks';
import type { BarcodeMatch, Product } from '@tillbook/contract/products';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/states';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useStableCallback } from '../../../lib/use-stable-callback';
import { OfflineBar } from '../offline/offline-bar';
import { useOfflineTill } from '../offline/use-offline-till';
import { emptyCart } from '../components/cart';
import { choiceOfMatch, needsVariantChoice } from '../components/sellable';
import { CartPanel } from '../point-of-sale/cart-panel';
import { ChargesPanel } from '../point-of-sale/charges-panel';
import { awaitsTransfer, CompleteSaleButton, PaymentPanel } from '../point-of-sale/payment-panel';
import { SaleTransferDialogs } from '../point-of-sale/sale-transfer-dialogs';
import { CartSheet, ChargeBar } from '../point-of-sale/phone-till';
import { ProductGrid } from '../point-of-sale/product-grid';
import { ScanPanel } from '../point-of-sale/scan-panel';
import { TillShiftArea, type ShiftControl } from '../point-of-sale/shift-bar';
import {
  loadHeldSales,
  loadSaleCompleted,
  loadVariantPicker,
  TillDialogs,
} from '../point-of-sale/till-dialogs';
import { DesktopTill, PhoneTill, TillHeader } from '../point-of-sale/till-layouts';
import { TotalsPanel } from '../point-of-sale/totals-panel';
import { useCharges } from '../point-of-sale/use-charges';
import { usePhoneTill } from '../point-of-sale/use-phone-till';
import { usePosCart } from '../point-of-sale/use-pos-cart';
import { usePosQuote } from '../point-of-sale/use-pos-quote';
import { usePosSale } from '../point-of-sale/use-pos-sale';
import { useScanner } from '../point-of-sale/use-scanner';
import { useTillCamera } from '../point-of-sale/use-till-camera';

export default function PointOfSaleScreen() {
  const storeId = useStoreId();
  if (!storeId) return <EmptyState title="Choose a store" description="Pick a store to start selling." />;
  // A store's till has its own cart: switching stores shows that store's cart.
  return <PointOfSale key={storeId} storeId={storeId} />;
}

/**
 * paths.pointOfSale: the point of sale. The cart, its price, the sale, the scanner and the camera
 * are hooks (`point-of-sale/use-*.ts`); this puts their panels together and owns the till's shortcuts.
 */
function PointOfSale({ storeId }: { storeId: string }) {
  const { currency } = useStoreLocale();
  const till = usePosCart(storeId);
  const { cart, setCart, update } = till;
  const charges = useCharges(cart.discount_code);
  const [clearing, setClearing] = useState(false);
  const [heldOpen, setHeldOpen] = useState(false);
  const phone = usePhoneTill();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { camera, cameraOpen, setCameraOpen } = useTillCamera(phone);
  const scanRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const receivedRef = useRef<HTMLInputElement>(null);
  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);
  // A product with several variants, tapped or scanned without naming one: the cashier picks.
  const [picking, setPicking] = useState<{ product: Product; quantity: number } | null>(null);
  // The panels below are drawn again only when their own props change (decision 0023 addendum):
  // the callbacks they take keep one identity.
  const addProduct = useStableCallback((product: Product) => {
    if (needsVariantChoice(product)) setPicking({ product, quantity: 1 });
    else till.add(product);
  });
  /** A scan names its variant, and its pack for a pack's barcode (issue 33); `3*code` is three of them. */
  const addScanned = useStableCallback((match: BarcodeMatch, quantity: number) => {
    const choice = choiceOfMatch(match);
    if (choice) till.add(match, quantity, choice);
    else setPicking({ product: match, quantity });
  });
  const focusScanOnDesktop = useStableCallback(() => {
    if (!phone) focusScan();
  });
  // The dialogs' code is fetched once the till is drawn, so opening one waits for nothing.
  useEffect(() => {
    const load = () =>
      void Promise.all([loadHeldSales(), loadSaleCompleted(), loadVariantPicker()]).catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') return void load();
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  const scanner = useScanner(addScanned);
  const offline = useOfflineTill(storeId);
  // The cashier's shift and cash drawer (issue 32), for those whose role has them: its own part
  // of the till, which the till asks for the float dialog.
  const shiftControl = useRef<ShiftControl | null>(null);

  const priced = usePosQuote({
    cart,
    currency,
    saleErrors: till.saleErrors,
    onCodeRefused: (message) => {
      charges.setCodeError(message);
      setCart((x) => ({ ...x, discount_code: null }));
    },
    onShippingRefused: (message) => {
      charges.setShippingError(message);
      setCart((x) => ({ ...x, shipping_id: null }));
    },
  });
  const { items, total } = priced;

  /** The till empty for the next customer (the payment type stays, as most sales share it). */
  const clearTill = () => {
    setCart((c) => ({ ...emptyCart(), payment_type: c.payment_type }));
    charges.reset();
  };

  const {
    selling,
    canSell,
    completeSale,
    sale,
    setSale,
    waitingSale,
    setWaitingSale,
    approval,
    setApproval,
  } = usePosSale({
    storeId,
    till,
    charges,
    priced,
    offline,
    shiftControl,
    clearTill,
    closeSheet: () => setSheetOpen(false),
  });

  /** Parks the sale on the till (the customer stepped away) and clears the till for the next one. */
  const holdSale = useStableCallback(() => {
    const current = till.hold();
    if (!current) return;
    clearTill();
    notify.success(`Sale held: ${current.customer?.name ?? 'walk-in customer'}`);
    focusScan();
  });
  const showHeld = useStableCallback(() => setHeldOpen(true));
  const askToClear = useStableCallback(() => setClearing(true));
  const openSheet = useStableCallback(() => setSheetOpen(true));

  const resumeSale = (id: string) => {
    const resumed = till.resume(id);
    if (!resumed) return;
    charges.reset(resumed.discount_code);
    setHeldOpen(false);
    focusScan();
  };

  const applyCode = () =>
    void charges.applyCode({ items, charges: priced.charges, update, currency, onApplied: focusScan });

  useHotkeys(
    [
      ['F2', () => scanRef.current?.focus()],
      ['F3', () => searchRef.current?.focus()],
      ['F4', () => customerRef.current?.focus()],
      ['F6', holdSale],
      ['F7', () => codeRef.current?.focus()],
      ['F8', () => receivedRef.current?.focus()],
      ['F9', () => completeSale()],
      ['alt+x', () => cart.lines.length > 0 && setClearing(true)],
    ],
    [],
  );

  const scanPanel = (
    <ScanPanel
      scanner={scanner}
      scanRef={scanRef}
      searchRef={searchRef}
      onAdd={addProduct}
      focusScan={focusScanOnDesktop}
      autoFocus={!phone}
      camera={camera}
    />
  );
  const cartPanel = (
    <CartPanel
      lines={cart.lines}
      priced={priced.quote.data?.items}
      fresh={priced.fresh}
      errorsByLine={priced.errorsByLine}
      update={update}
      focusScan={phone ? () => undefined : focusScan}
    />
  );
  const chargesPanel = (
    <ChargesPanel
      cart={cart}
      update={update}
      charges={charges}
      currency={currency}
      applyCode={applyCode}
      customerRef={customerRef}
      codeRef={codeRef}
      focusScan={phone ? () => undefined : focusScan}
    />
  );
  const totalsPanel = <TotalsPanel priced={priced} empty={cart.lines.length === 0} currency={currency} />;
  const paymentPanel = (
    <PaymentPanel
      cart={cart}
      update={update}
      priced={priced}
      currency={currency}
      canSell={canSell}
      selling={selling.isPending}
      completeSale={() => completeSale()}
      receivedRef={receivedRef}
      withoutButton={phone}
    />
  );
  const units = cart.lines.reduce((n, l) => n + l.quantity, 0);
  const pricedTotal = cart.lines.length === 0 ? 0 : priced.quote.data && priced.fresh ? total : null;

  const header = (
    <TillHeader
      phone={phone}
      currency={currency}
      heldCount={till.held.length}
      empty={cart.lines.length === 0}
      onShowHeld={showHeld}
      onHold={holdSale}
      onClear={askToClear}
    />
  );
  const offlineBar = <OfflineBar till={offline} />;
  const shiftBar = <TillShiftArea currency={currency} phone={phone} controlRef={shiftControl} />;

  const layout = phone ? (
    <PhoneTill
      header={header}
      offlineBar={offlineBar}
      shiftBar={shiftBar}
      scan={scanPanel}
      grid={<ProductGrid storeId={storeId} onAdd={addProduct} />}
      chargeBar={<ChargeBar count={units} total={pricedTotal} currency={currency} onOpen={openSheet} />}
      sheet={
        <CartSheet
          opened={sheetOpen}
          onClose={() => setSheetOpen(false)}
          count={units}
          footer={
            <CompleteSaleButton
              total={priced.quote.data && priced.fresh ? total : null}
              awaiting={awaitsTransfer(cart)}
              currency={currency}
              canSell={canSell}
              selling={selling.isPending}
              completeSale={() => completeSale()}
            />
          }
        >
          {cartPanel}
          {paymentPanel}
          {totalsPanel}
          {chargesPanel}
        </CartSheet>
      }
    />
  ) : (
    <DesktopTill
      header={header}
      offlineBar={offlineBar}
      shiftBar={shiftBar}
      scan={scanPanel}
      cart={cartPanel}
      charges={chargesPanel}
      totals={totalsPanel}
      payment={paymentPanel}
    />
  );

  return (
    <>
      {layout}
      <SaleTransferDialogs
        phone={phone}
        waitingSale={waitingSale}
        onWaitDone={() => {
          setWaitingSale(null);
          focusScanOnDesktop();
        }}
        approval={approval}
        selling={selling.isPending}
        onApprove={completeSale}
        onApprovalClose={() => setApproval(null)}
      />
      <TillDialogs
        clearing={clearing}
        onClear={() => {
          clearTill();
          setClearing(false);
          focusScan();
        }}
        onClearClose={() => {
          setClearing(false);
          focusScan();
        }}
        heldOpen={heldOpen}
        held={till.held}
        tillBusy={cart.lines.length > 0}
        onResume={resumeSale}
        onDiscard={till.discard}
        onHeldClose={() => {
          setHeldOpen(false);
          focusScan();
        }}
        sale={sale}
        onNewSale={() => {
          setSale(null);
          focusScan();
        }}
        cameraOpen={cameraOpen}
        onCameraClose={() => setCameraOpen(false)}
        onCode={scanner.scanFromCamera}
        picking={picking?.product ?? null}
        phone={phone}
        onPick={(choice) => {
          if (picking && till.add(picking.product, picking.quantity, choice)) {
            setPicking(null);
            focusScanOnDesktop();
          }
        }}
        onPickClose={() => {
          setPicking(null);
          focusScanOnDesktop();
        }}
      />
    </>
  );
}
