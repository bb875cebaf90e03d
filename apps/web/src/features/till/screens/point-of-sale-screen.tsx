import { useMantineTheme } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tillbook/contract/constants';
import type { Order } from '@tillbook/contract/orders';
import type { BarcodeMatch, Product } from '@tillbook/contract/products';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { currentUserQuery, useStoreId, useStoreLocale } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { setSaleInProgress } from '../../../lib/sale-in-progress';
import { notify } from '../../../lib/toast';
import { queryKeys } from '../../../lib/query-keys';
import { useStableCallback } from '../../../lib/use-stable-callback';
import type { OrderBody } from '../../../lib/till-db';
import { isOffline } from '../offline/network';
import { OfflineBar } from '../offline/offline-bar';
import { useOfflineTill } from '../offline/use-offline-till';
import { sell } from '../outbox/outbox';
import type { SaleOutcome } from '../outbox/sale';
import { emptyCart } from '../components/cart';
import { choiceOfMatch, needsVariantChoice } from '../components/sellable';
import { CartPanel } from '../point-of-sale/cart-panel';
import { ChargesPanel } from '../point-of-sale/charges-panel';
import { awaitsTransfer, CompleteSaleButton, PaymentPanel } from '../point-of-sale/payment-panel';
import type { CreditApproval } from '../point-of-sale/credit-approval-modal';
import { creditRefusal, SaleTransferDialogs } from '../point-of-sale/sale-transfer-dialogs';
import { CameraButton, CartSheet, ChargeBar } from '../point-of-sale/phone-till';
import { ProductGrid } from '../point-of-sale/product-grid';
import { readNow } from '../point-of-sale/use-has-keyboard';
import { ScanPanel } from '../point-of-sale/scan-panel';
import { SHIFT_REQUIRED_TEXT, TillShiftArea, type ShiftControl } from '../point-of-sale/shift-bar';
import { currentShiftQuery, tillRulesQuery } from '../api/shift';
import {
  loadCameraScan,
  loadHeldSales,
  loadSaleCompleted,
  loadVariantPicker,
  TillDialogs,
} from '../point-of-sale/till-dialogs';
import { DesktopTill, PhoneTill, TillHeader } from '../point-of-sale/till-layouts';
import { TotalsPanel } from '../point-of-sale/totals-panel';
import { useCharges } from '../point-of-sale/use-charges';
import { newKey, usePosCart } from '../point-of-sale/use-pos-cart';
import { usePosQuote } from '../point-of-sale/use-pos-quote';
import { useScanner } from '../point-of-sale/use-scanner';

/** Below the `md` breakpoint the till is the phone till (issue 31): a grid, a Charge bar, the cart as a sheet. */
function usePhoneTill(): boolean {
  const query = `(min-width: ${useMantineTheme().breakpoints.md})`;
  return !useMediaQuery(query, readNow(query), { getInitialValueInEffect: false });
}

export default function PointOfSaleScreen() {
  const storeId = useStoreId();
  if (!storeId) return <EmptyState title="Choose a store" description="Pick a store to start selling." />;
  // A store's till has its own cart: switching stores shows that store's cart.
  return <PointOfSale key={storeId} storeId={storeId} />;
}

/**
 * paths.pointOfSale: the point of sale. The cart, its price and the scanner are hooks
 * (`point-of-sale/use-*.ts`); this puts their panels together and owns the till's shortcuts.
 */
function PointOfSale({ storeId }: { storeId: string }) {
  const { currency } = useStoreLocale();
  const till = usePosCart(storeId);
  const { cart, setCart, update } = till;
  const charges = useCharges(cart.discount_code);
  const [sale, setSale] = useState<Order | null>(null);
  // A sale waiting for its bank transfer (decision 0065): the till shows the account until it arrives.
  const [waitingSale, setWaitingSale] = useState<Order | null>(null);
  // A sale on credit the server refused for the limit: a manager may approve it with their PIN.
  const [approval, setApproval] = useState<{ message: string; error: string | null } | null>(null);
  const [clearing, setClearing] = useState(false);
  const [heldOpen, setHeldOpen] = useState(false);
  const phone = usePhoneTill();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraLoading, setCameraLoading] = useState(false);
  const openCamera = useStableCallback(() => {
    setCameraLoading(true);
    void loadCameraScan()
      .catch(() => notify.error('The camera scanner could not be loaded. Check the network and try again.'))
      .finally(() => setCameraLoading(false));
    setCameraOpen(true);
  });
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
  const client = useQueryClient();
  const userId = useSession()?.user.id;
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

  /**
   * Every sale goes through the till's outbox with its Idempotency-Key (decision 0052): online it
   * is sent at once; with no network it is kept, numbered by the device, and sent when the
   * network is back. The mutation only holds the till's "selling" state (and lights the
   * activity indicator): it runs with or without the network and is never kept or replayed.
   */
  const selling = useMutation({
    mutationFn: sell,
    networkMode: 'always',
    meta: { kind: 'create', persist: false },
  });

  const finishSale = (outcome: SaleOutcome) => {
    if (outcome.kind === 'recorded') {
      setSheetOpen(false);
      setApproval(null);
      if (outcome.order.transfer && outcome.order.status === 'pending') setWaitingSale(outcome.order);
      else {
        notify.success(MESSAGES.completed);
        setSale(outcome.order);
      }
      clearTill();
      // Stock, discount uses and payments changed with the sale.
      for (const keys of [
        queryKeys.orders,
        queryKeys.products,
        queryKeys.discounts,
        queryKeys.payments,
        queryKeys.insight,
        // The shift's cash expected moved with the sale.
        queryKeys.shifts,
      ])
        void client.invalidateQueries({ queryKey: keys.all(storeId) });
      return;
    }
    if (outcome.kind === 'waiting') {
      notify.success(
        `Sale saved on this till as ${outcome.sale.offlineNumber}: it is sent when the network is back.`,
      );
      setSheetOpen(false);
      setSale(outcome.sale.receipt);
      clearTill();
      void offline.retry();
      return;
    }
    // Past the customer's credit limit: a manager may approve it (the dialog says why).
    const credit = creditRefusal(outcome.error, cart.payment_type, approval);
    if (credit) {
      setApproval(credit);
      return;
    }
    // Refused: the cashier sees why beside the fields (stock, a code, a rate) and the cart stays.
    const fields = outcome.error instanceof ApiError ? outcome.error.fields : {};
    till.setSaleErrors(fields);
    if (fields.discount_code) charges.setCodeError(fields.discount_code);
    if (fields.shipping_id) charges.setShippingError(fields.shipping_id);
    notify.error(messageOf(outcome.error));
  };

  // An "update ready" reload waits while a sale is on the till or on its way (decision 0036).
  const busy = cart.lines.length > 0 || selling.isPending || offline.busy;
  useEffect(() => {
    setSaleInProgress(busy);
    return () => setSaleInProgress(false);
  }, [busy]);

  const canSell =
    cart.lines.length > 0 &&
    priced.quote.isSuccess &&
    priced.fresh &&
    !Object.keys(priced.errorsByLine).length &&
    !priced.receivedError &&
    // A sale on credit goes on a customer's account.
    (cart.payment_type !== 'credit' || cart.customer !== null) &&
    !selling.isPending;

  /** Sells the cart; `approval`: a manager's PIN for a sale on credit past the customer's limit. */
  const completeSale = (approval?: CreditApproval) => {
    const quote = priced.quote.data;
    if (!canSell || !quote) return;
    // The store asks for the float before a sale (Settings → Till); a sale made offline is never
    // held back for it (the device may not know the shift opened on another).
    // Read now, not subscribed to (the shift's answers draw only its bar). Both are undefined for
    // a role without shifts: such a sale names no shift and waits for none.
    const shift = client.getQueryData(currentShiftQuery(storeId).queryKey);
    const rules = client.getQueryData(tillRulesQuery(storeId).queryKey);
    if (rules?.shift_required && shift === null && !isOffline()) {
      shiftControl.current?.open(SHIFT_REQUIRED_TEXT);
      return;
    }
    const credit = cart.payment_type === 'credit';
    const awaiting = awaitsTransfer(cart);
    const body: OrderBody = {
      items,
      payment_type: cart.payment_type,
      channel: 'pos',
      // Left empty, the customer pays the total in full; on credit, nothing is paid now; waiting
      // for a transfer, nothing is received until it arrives.
      amount_received: awaiting ? 0 : credit ? (priced.received ?? 0) : (priced.received ?? total),
      ...(credit ? { paid_with: cart.paid_with } : {}),
      ...(credit && approval ? { credit_approval: approval } : {}),
      ...(awaiting ? { await_transfer: true } : {}),
      ...(cart.customer ? { customer_id: cart.customer.id } : {}),
      ...priced.charges,
      ...(cart.notes.trim() ? { notes: cart.notes.trim() } : {}),
      // The shift open on this device: a sale kept offline replays into it (decision 0063).
      ...(shift ? { shift_id: shift.shift.id } : {}),
    };
    const json = JSON.stringify(body);
    const attempt = cart.attempt?.body === json ? cart.attempt : { key: newKey(), body: json };
    setCart((c) => ({ ...c, attempt }));
    // The cashier is read now, not subscribed to: the user's record arriving would otherwise
    // draw the whole till again on a phone's first load (decision 0023, addendum).
    const me = client.getQueryData(currentUserQuery(userId, storeId).queryKey);
    selling.mutate(
      {
        storeId,
        key: attempt.key,
        body,
        quote,
        lines: cart.lines.map((l) => ({ variant_name: l.variant_name, pack_factor: l.pack_factor })),
        customer: cart.customer
          ? {
              id: cart.customer.id,
              name: cart.customer.name,
              phone_number: cart.customer.phone_number ?? null,
              email_address: null,
            }
          : null,
        cashier: {
          id: me?.user.id ?? '',
          name: me ? `${me.user.first_name} ${me.user.last_name}`.trim() : null,
        },
      },
      { onSuccess: finishSale },
    );
  };

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
  const camera = useMemo(
    () => (phone ? <CameraButton loading={cameraLoading} onPress={openCamera} /> : undefined),
    [phone, cameraLoading, openCamera],
  );

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
