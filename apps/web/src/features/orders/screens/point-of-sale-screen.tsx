import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  Kbd,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconBarcode,
  IconMinus,
  IconPlayerPause,
  IconPlus,
  IconPrinter,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { MESSAGES } from '@tillbook/contract/constants';
import { PAYMENT_TYPES, type Order, type PaymentType } from '@tillbook/contract/orders';
import type { Product } from '@tillbook/contract/products';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useStoreId, useStoreLocale } from '../../../lib/current-user';
import { formatMoney, minorDigits, toMinor } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useCreateOrder, type CreateOrderBody } from '../api/create-order';
import { customerQuery, findByBarcode, useProductSearch } from '../api/lookups';
import { quoteOrder, useOrderQuote, type QuoteBody } from '../api/quote-order';
import { useShippingRates } from '../api/shipping-rates';
import {
  addProduct,
  changeDue,
  emptyCart,
  heldCartLabel,
  holdCart,
  loadCart,
  loadHeldCarts,
  parseScan,
  removeLine,
  resumeHeldCart,
  saveCart,
  saveHeldCarts,
  setLineDiscount,
  setQuantity,
  type Cart,
} from '../components/cart';
import { CustomerPicker } from '../components/customer-picker';
import { PAYMENT_TYPE_LABELS, Receipt } from '../components/receipt';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/** The till's shortcuts: function keys work while the scan box has focus, as scanners type there. */
const SHORTCUTS = [
  { keys: 'F2', label: 'Scan box' },
  { keys: 'F3', label: 'Search products' },
  { keys: 'F4', label: 'Customer' },
  { keys: 'F6', label: 'Hold sale' },
  { keys: 'F7', label: 'Discount code' },
  { keys: 'F8', label: 'Amount received' },
  { keys: 'F9', label: 'Complete sale' },
  { keys: 'Alt+X', label: 'Clear cart' },
];

/** Cash a customer is likely to hand over: the exact amount and the next round notes (major units). */
function cashSuggestions(total: number, digits: number): number[] {
  const major = total / 10 ** digits;
  const out = new Set<number>([major]);
  for (const step of [500, 1000, 5000, 10000]) {
    const next = Math.ceil(major / step) * step;
    if (next > major) out.add(next);
  }
  return [...out].slice(0, 4);
}

/** Line-indexed server messages (`items.2.discount`) moved onto the product they belong to. */
function lineErrors(fields: Record<string, string>, productIds: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^items\.(\d+)\./.exec(path);
    const id = match ? productIds[Number(match[1])] : undefined;
    if (id) out[id] = message;
  }
  return out;
}

export default function PointOfSaleScreen() {
  const storeId = useStoreId();
  if (!storeId) return <EmptyState title="Choose a store" description="Pick a store to start selling." />;
  // A store's till has its own cart: switching stores shows that store's cart.
  return <PointOfSale key={storeId} storeId={storeId} />;
}

/** `/sales/orders/generate`: the point of sale. */
function PointOfSale({ storeId }: { storeId: string }) {
  const { currency } = useStoreLocale();
  const [cart, setCart] = useState<Cart>(() => loadCart(storeId));
  const [sale, setSale] = useState<Order | null>(null);
  const [clearing, setClearing] = useState(false);
  const [held, setHeld] = useState(() => loadHeldCarts(storeId));
  const [heldOpen, setHeldOpen] = useState(false);
  const [scanText, setScanText] = useState('');
  const [looking, setLooking] = useState(false);
  const [query, setQuery] = useState('');
  const [codeText, setCodeText] = useState(cart.discount_code ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [shippingError, setShippingError] = useState<string | null>(null);
  const [checkingCode, setCheckingCode] = useState(false);
  const [saleErrors, setSaleErrors] = useState<Record<string, string>>({});
  const scanRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const receivedRef = useRef<HTMLInputElement>(null);
  const [debouncedQuery] = useDebouncedValue(query.trim(), 250);
  const results = useProductSearch(debouncedQuery);
  const digits = minorDigits(currency);

  // The latest cart for checks made between renders (a burst of scans).
  const cartRef = useRef(cart);
  useEffect(() => {
    cartRef.current = cart;
    saveCart(storeId, cart);
  }, [storeId, cart]);
  useEffect(() => saveHeldCarts(storeId, held), [storeId, held]);
  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);

  // `?customer=<id>` (from a customer's page): put them on the sale, then drop it from the URL.
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const customerParam = params.get('customer');
  useEffect(() => {
    if (!customerParam) return;
    let live = true;
    client
      .fetchQuery(customerQuery(storeId, customerParam))
      .then((c) => {
        if (!live) return;
        setCart((x) => ({ ...x, customer: { id: c.id, name: c.full_name, phone_number: c.phone_number } }));
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.delete('customer');
            return next;
          },
          { replace: true },
        );
      })
      .catch((error: unknown) => live && notify.error(messageOf(error)));
    return () => {
      live = false;
    };
  }, [client, storeId, customerParam, setParams]);

  const lineDiscounts = cart.lines.map((l) => (l.discount.trim() ? toMinor(l.discount, currency) : 0));
  const badDiscount = Object.fromEntries(
    cart.lines
      .map((l, i) => [l.product_id, lineDiscounts[i] === null ? 'Enter an amount like 500 or 500.50' : ''])
      .filter(([, m]) => m),
  ) as Record<string, string>;
  const items = cart.lines.map((l, i) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    ...(lineDiscounts[i] ? { discount: lineDiscounts[i] } : {}),
  }));
  const charges = {
    ...(cart.discount_code ? { discount_code: cart.discount_code } : {}),
    ...(cart.shipping_id ? { shipping_id: cart.shipping_id } : {}),
  };
  const quoteBody: QuoteBody | null = items.length ? { items, ...charges } : null;
  const [debouncedBody] = useDebouncedValue(quoteBody, 150);
  const quote = useOrderQuote(Object.keys(badDiscount).length ? null : debouncedBody);
  const quoteFresh = JSON.stringify(debouncedBody) === JSON.stringify(quoteBody) && !quote.isPlaceholderData;
  const quoteFields = quote.error instanceof ApiError ? quote.error.fields : {};
  const productIds = cart.lines.map((l) => l.product_id);
  const errorsByLine = {
    ...lineErrors(quoteFields, productIds),
    ...lineErrors(saleErrors, productIds),
    ...badDiscount,
  };

  // A code that stops applying (a line removed under its minimum) comes off with its reason.
  const codeRefused = quoteFields.discount_code;
  if (codeRefused && cart.discount_code && quote.isError) {
    setCodeError(codeRefused);
    setCart((x) => ({ ...x, discount_code: null }));
  }
  // Likewise a rate switched off or deleted in settings since it was chosen.
  const shippingRefused = quoteFields.shipping_id;
  if (shippingRefused && cart.shipping_id && quote.isError) {
    setShippingError(shippingRefused);
    setCart((x) => ({ ...x, shipping_id: null }));
  }

  const shippingRates = useShippingRates();
  const shippingOptions = [
    { value: 'none', label: 'No shipping (collected in store)' },
    ...(shippingRates.data ?? [])
      .filter((r) => r.is_active)
      .map((r) => ({ value: r.id, label: `${r.name} · ${formatMoney(r.fee, currency)}` })),
  ];

  const total = quote.data?.total ?? 0;
  const receivedTyped = cart.amount_received.trim();
  const received = receivedTyped ? toMinor(receivedTyped, currency) : null;
  const change = cart.payment_type === 'cash' ? changeDue(received, total) : 0;
  const owing = received !== null && received < total ? total - received : 0;

  const update = (change: (c: Cart) => Cart) => {
    setSaleErrors({});
    setCart(change);
  };

  const add = (product: Product, quantity = 1) => {
    if (product.status === 'archived') {
      notify.error(`${product.name} is archived and cannot be sold`);
      return;
    }
    const inCart = cartRef.current.lines.find((l) => l.product_id === product.id)?.quantity ?? 0;
    if (product.track_stock && inCart + quantity > product.quantity) {
      notify.error(
        product.quantity > 0
          ? `Only ${product.quantity} of ${product.name} left in stock`
          : `${product.name} is out of stock`,
      );
      return;
    }
    cartRef.current = addProduct(cartRef.current, product, quantity);
    update((c) => addProduct(c, product, quantity));
  };

  // Scanners type the next code while the last one is still being looked up: the box is
  // emptied at once and the look-ups run one after another, in the order scanned.
  const lookups = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const scan = () => {
    const parsed = parseScan(scanText);
    setScanText('');
    if (!parsed) return;
    pending.current += 1;
    setLooking(true);
    lookups.current = lookups.current.then(async () => {
      try {
        add(await findByBarcode(parsed.code), parsed.quantity);
      } catch (error) {
        notify.error(messageOf(error));
      } finally {
        pending.current -= 1;
        if (pending.current === 0) setLooking(false);
      }
    });
  };

  const applyCode = async () => {
    const code = codeText.trim().toUpperCase();
    setCodeError(null);
    if (!code) {
      update((c) => ({ ...c, discount_code: null }));
      return;
    }
    if (!items.length) {
      setCodeError('Add items before applying a code');
      return;
    }
    setCheckingCode(true);
    try {
      const priced = await quoteOrder({ items, ...charges, discount_code: code });
      update((c) => ({ ...c, discount_code: code }));
      setCodeText(code);
      notify.success(`${code} applied: ${formatMoney(priced.discount, currency)} off`);
      focusScan();
    } catch (error) {
      setCodeError(
        error instanceof ApiError ? (error.fields.discount_code ?? error.message) : messageOf(error),
      );
    } finally {
      setCheckingCode(false);
    }
  };

  const create = useCreateOrder({
    onSuccess: (answer) => {
      notify.success(MESSAGES.completed);
      setSale(answer.data);
      setCart((c) => ({ ...emptyCart(), payment_type: c.payment_type }));
      setCodeText('');
      setCodeError(null);
      setShippingError(null);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      setSaleErrors(fields);
      if (fields.discount_code) setCodeError(fields.discount_code);
      if (fields.shipping_id) setShippingError(fields.shipping_id);
      notify.error(messageOf(error));
    },
  });

  const receivedError =
    saleErrors.amount_received ??
    (receivedTyped && received === null ? 'Enter an amount like 5000 or 5,000.50' : undefined);
  const canSell =
    cart.lines.length > 0 &&
    quote.isSuccess &&
    quoteFresh &&
    !Object.keys(errorsByLine).length &&
    !receivedError &&
    !create.isPending;

  const completeSale = () => {
    if (!canSell) return;
    const body: CreateOrderBody = {
      items,
      payment_type: cart.payment_type,
      channel: 'pos',
      // Left empty, the customer pays the total in full.
      amount_received: received ?? total,
      ...(cart.customer ? { customer_id: cart.customer.id } : {}),
      ...charges,
      ...(cart.notes.trim() ? { notes: cart.notes.trim() } : {}),
    };
    const json = JSON.stringify(body);
    const attempt = cart.attempt?.body === json ? cart.attempt : { key: newKey(), body: json };
    setCart((c) => ({ ...c, attempt }));
    create.mutate({ key: attempt.key, body });
  };

  /** Parks the sale on the till (the customer stepped away) and clears the till for the next one. */
  const holdSale = () => {
    const current = cartRef.current;
    if (current.lines.length === 0) return;
    setHeld((h) => holdCart(h, current, newKey(), new Date()));
    setCart((c) => ({ ...emptyCart(), payment_type: c.payment_type }));
    setCodeText('');
    setCodeError(null);
    setShippingError(null);
    setSaleErrors({});
    notify.success(`Sale held: ${current.customer?.name ?? 'walk-in customer'}`);
    focusScan();
  };

  const resumeSale = (id: string) => {
    const resumed = resumeHeldCart(held, id, cartRef.current, newKey(), new Date());
    if (!resumed) return;
    setCart(resumed.cart);
    setHeld(resumed.held);
    setCodeText(resumed.cart.discount_code ?? '');
    setCodeError(null);
    setShippingError(null);
    setSaleErrors({});
    setHeldOpen(false);
    focusScan();
  };

  const startNewSale = () => {
    setSale(null);
    focusScan();
  };

  useHotkeys(
    [
      ['F2', () => scanRef.current?.focus()],
      ['F3', () => searchRef.current?.focus()],
      ['F4', () => customerRef.current?.focus()],
      ['F6', holdSale],
      ['F7', () => codeRef.current?.focus()],
      ['F8', () => receivedRef.current?.focus()],
      ['F9', completeSale],
      ['alt+x', () => cart.lines.length > 0 && setClearing(true)],
    ],
    [],
  );

  const suggestions = useMemo(() => cashSuggestions(total, digits), [total, digits]);
  const linePieces = (l: Cart['lines'][number]) => {
    const priced = quote.data?.items.find((i) => i.product_id === l.product_id);
    const error = errorsByLine[l.product_id];
    return {
      info: (
        <>
          <Text size="sm" fw={500}>
            {l.name}
          </Text>
          <Text size="xs" c="dimmed">
            <Money minor={priced?.unit_price ?? l.unit_price} /> · {l.sku}
          </Text>
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </>
      ),
      quantity: (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`One less ${l.name}`}
            onClick={() => update((c) => setQuantity(c, l.product_id, l.quantity - 1))}
          >
            <IconMinus size={14} />
          </ActionIcon>
          <NumberInput
            aria-label={`Quantity of ${l.name}`}
            value={l.quantity}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={60}
            size="xs"
            onChange={(v) => {
              const n = typeof v === 'number' ? v : Number(v);
              if (Number.isInteger(n) && n > 0) update((c) => setQuantity(c, l.product_id, n));
            }}
          />
          <ActionIcon
            variant="default"
            aria-label={`One more ${l.name}`}
            onClick={() => update((c) => setQuantity(c, l.product_id, l.quantity + 1))}
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Group>
      ),
      discount: (
        <TextInput
          aria-label={`Discount on ${l.name}`}
          placeholder="Discount"
          size="xs"
          w={110}
          inputMode="decimal"
          value={l.discount}
          onChange={(e) => {
            const value = e.currentTarget.value;
            update((c) => setLineDiscount(c, l.product_id, value));
          }}
        />
      ),
      amount:
        priced && quoteFresh ? <Money minor={priced.total} /> : <Skeleton height={14} width={70} ml="auto" />,
      remove: (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${l.name}`}
          onClick={() => {
            update((c) => removeLine(c, l.product_id));
            focusScan();
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    };
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Point of sale"
        breadcrumbs={[
          { label: 'Sales' },
          { label: 'Orders', to: '/sales/orders' },
          { label: 'Point of sale' },
        ]}
        actions={
          <Group gap="sm">
            <Button variant="default" disabled={held.length === 0} onClick={() => setHeldOpen(true)}>
              Held sales ({held.length})
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} />}
              disabled={cart.lines.length === 0}
              onClick={holdSale}
            >
              Hold sale
            </Button>
            <Button
              variant="outline"
              color="red"
              disabled={cart.lines.length === 0}
              onClick={() => setClearing(true)}
            >
              Clear cart
            </Button>
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  ref={scanRef}
                  autoFocus
                  label="Scan barcode"
                  description="Scan, or type a barcode or SKU and press Enter (3*code for three)"
                  placeholder="6151234567890"
                  leftSection={<IconBarcode size={16} />}
                  rightSection={looking ? <Loader size="xs" /> : <Kbd size="xs">F2</Kbd>}
                  value={scanText}
                  onChange={(e) => setScanText(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      scan();
                    } else if (e.key === 'Escape') setScanText('');
                  }}
                  onBlur={(e) => {
                    // The scan box keeps focus unless the cashier moved to another field on purpose.
                    if (!e.relatedTarget && !document.querySelector('[role="dialog"]')) focusScan();
                  }}
                />
                <TextInput
                  ref={searchRef}
                  label="Search products"
                  description="By name, SKU or barcode"
                  placeholder="Milo"
                  leftSection={<IconSearch size={16} />}
                  rightSection={<Kbd size="xs">F3</Kbd>}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      setQuery('');
                      focusScan();
                    } else if (e.key === 'Enter' && results.data?.[0]) {
                      e.preventDefault();
                      add(results.data[0]);
                      setQuery('');
                      focusScan();
                    }
                  }}
                />
              </SimpleGrid>
              {debouncedQuery && (
                <Paper withBorder radius="md" p={4} mt="sm" aria-label="Product search results">
                  {results.isPending ? (
                    <Text size="sm" c="dimmed" p="xs">
                      Searching…
                    </Text>
                  ) : results.isError ? (
                    <Text size="sm" c="red" p="xs">
                      {messageOf(results.error)}
                    </Text>
                  ) : results.data.length === 0 ? (
                    <Text size="sm" c="dimmed" p="xs">
                      No product matches “{debouncedQuery}”.
                    </Text>
                  ) : (
                    results.data.map((p) => (
                      <UnstyledButton
                        key={p.id}
                        w="100%"
                        p="xs"
                        style={{ borderRadius: 6 }}
                        onClick={() => {
                          add(p);
                          setQuery('');
                          focusScan();
                        }}
                      >
                        <Group justify="space-between" wrap="nowrap">
                          <Text size="sm" fw={500} truncate>
                            {p.name}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            <Money minor={p.sale_price && p.sale_price < p.price ? p.sale_price : p.price} />
                            {p.track_stock ? ` · ${p.quantity} in stock` : ''}
                          </Text>
                        </Group>
                      </UnstyledButton>
                    ))
                  )}
                </Paper>
              )}
            </Paper>

            <Paper withBorder radius="md">
              {cart.lines.length === 0 ? (
                <EmptyState
                  title="The cart is empty"
                  description="Scan a barcode or search for a product to start a sale."
                />
              ) : (
                <>
                  <Table.ScrollContainer minWidth={560} visibleFrom="sm">
                    <Table verticalSpacing="xs" aria-label="Cart">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Product</Table.Th>
                          <Table.Th w={150}>Quantity</Table.Th>
                          <Table.Th w={130}>Discount</Table.Th>
                          <Table.Th ta="right">Amount</Table.Th>
                          <Table.Th w={40} />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {cart.lines.map((l) => {
                          const p = linePieces(l);
                          return (
                            <Table.Tr key={l.product_id}>
                              <Table.Td>{p.info}</Table.Td>
                              <Table.Td>{p.quantity}</Table.Td>
                              <Table.Td>{p.discount}</Table.Td>
                              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                                {p.amount}
                              </Table.Td>
                              <Table.Td>{p.remove}</Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  {/* On a phone each line is a small card: nothing hides behind a sideways scroll. */}
                  <Stack gap={0} hiddenFrom="sm" aria-label="Cart lines">
                    {cart.lines.map((l, index) => {
                      const p = linePieces(l);
                      return (
                        <Stack
                          key={l.product_id}
                          gap={6}
                          p="sm"
                          style={index ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
                        >
                          <Group justify="space-between" align="flex-start" wrap="nowrap">
                            <div style={{ minWidth: 0 }}>{p.info}</div>
                            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                              {p.amount}
                            </Text>
                          </Group>
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            {p.quantity}
                            <Group gap={4} wrap="nowrap">
                              {p.discount}
                              {p.remove}
                            </Group>
                          </Group>
                        </Stack>
                      );
                    })}
                  </Stack>
                </>
              )}
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <CustomerPicker
                  inputRef={customerRef}
                  value={cart.customer}
                  onChange={(customer) => update((c) => ({ ...c, customer }))}
                  onDone={focusScan}
                />
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    ref={codeRef}
                    label="Discount code"
                    placeholder="WEEKEND10"
                    style={{ flex: 1 }}
                    value={codeText}
                    error={codeError}
                    onChange={(e) => {
                      setCodeText(e.currentTarget.value.toUpperCase());
                      setCodeError(null);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void applyCode();
                      }
                    }}
                  />
                  {cart.discount_code ? (
                    <Button
                      mt={25}
                      variant="default"
                      onClick={() => {
                        update((c) => ({ ...c, discount_code: null }));
                        setCodeText('');
                      }}
                    >
                      Remove
                    </Button>
                  ) : (
                    <Button mt={25} variant="default" loading={checkingCode} onClick={() => void applyCode()}>
                      Apply
                    </Button>
                  )}
                </Group>
                <Select
                  label="Shipping"
                  data={shippingOptions}
                  value={cart.shipping_id ?? 'none'}
                  allowDeselect={false}
                  disabled={shippingRates.isPending}
                  error={
                    shippingError ?? (shippingRates.isError ? messageOf(shippingRates.error) : undefined)
                  }
                  description={
                    shippingRates.isSuccess && shippingOptions.length === 1
                      ? 'No delivery rates yet: add them in Settings → Shipping.'
                      : undefined
                  }
                  onChange={(v) => {
                    setShippingError(null);
                    update((c) => ({ ...c, shipping_id: v && v !== 'none' ? v : null }));
                  }}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md" aria-label="Totals">
              <Stack gap={6}>
                {quote.isError && !quoteFields.discount_code ? (
                  <Alert color="red" variant="light" title="Could not price the cart" role="alert">
                    {messageOf(quote.error)}
                  </Alert>
                ) : null}
                <TotalRow label="Subtotal" value={quote.data?.subtotal} loading={quote.isFetching} />
                {(quote.data?.discount ?? 0) > 0 && (
                  <TotalRow
                    label={`Discount${quote.data?.discount_code ? ` (${quote.data.discount_code})` : ''}`}
                    value={-(quote.data?.discount ?? 0)}
                    loading={quote.isFetching}
                  />
                )}
                {quote.data?.taxes.map((t) => (
                  <TotalRow
                    key={t.name}
                    label={`${t.name} ${t.rate}%${quote.data?.tax_inclusive ? ' (included)' : ''}`}
                    value={t.amount}
                    loading={quote.isFetching}
                  />
                ))}
                {quote.data?.shipping_name != null && (
                  <TotalRow
                    label={`Shipping (${quote.data.shipping_name})`}
                    value={quote.data.shipping}
                    loading={quote.isFetching}
                  />
                )}
                <Divider my={4} />
                <Group justify="space-between">
                  <Title order={3}>Total</Title>
                  <Title order={3} aria-label="Order total">
                    {cart.lines.length === 0 ? (
                      formatMoney(0, currency)
                    ) : quote.data && quoteFresh ? (
                      formatMoney(total, currency)
                    ) : (
                      <Loader size="sm" />
                    )}
                  </Title>
                </Group>
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Select
                  label="Payment type"
                  data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] ?? t }))}
                  value={cart.payment_type}
                  allowDeselect={false}
                  onChange={(v) => v && update((c) => ({ ...c, payment_type: v as PaymentType }))}
                />
                <TextInput
                  ref={receivedRef}
                  label="Amount received"
                  description="Leave empty when the customer pays the total exactly"
                  placeholder={formatMoney(total, currency)}
                  inputMode="decimal"
                  value={cart.amount_received}
                  error={receivedError}
                  rightSection={<Kbd size="xs">F8</Kbd>}
                  rightSectionWidth={40}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update((c) => ({ ...c, amount_received: value }));
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      completeSale();
                    }
                  }}
                />
                {cart.payment_type === 'cash' && total > 0 && (
                  <Group gap={6}>
                    {suggestions.map((s) => (
                      <Button
                        key={s}
                        size="compact-sm"
                        variant="light"
                        onClick={() => update((c) => ({ ...c, amount_received: String(s) }))}
                      >
                        {formatMoney(Math.round(s * 10 ** digits), currency)}
                      </Button>
                    ))}
                  </Group>
                )}
                {change > 0 && (
                  <Group justify="space-between" aria-label="Change due">
                    <Text fw={600}>Change due</Text>
                    <Text fw={700} size="lg" c="green">
                      {formatMoney(change, currency)}
                    </Text>
                  </Group>
                )}
                {owing > 0 && (
                  <Text size="sm" c="orange">
                    {formatMoney(owing, currency)} will be left to pay: the order stays open until it is paid.
                  </Text>
                )}
                <Button
                  size="lg"
                  fullWidth
                  // The total can be long (₦1,234,567.00): the label wraps rather than being cut.
                  h="auto"
                  mih={50}
                  py={8}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  disabled={!canSell}
                  loading={create.isPending}
                  onClick={completeSale}
                >
                  Complete sale{quote.data && quoteFresh ? ` · ${formatMoney(total, currency)}` : ''}
                </Button>
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md" visibleFrom="sm">
              <Text size="sm" fw={600} mb={6}>
                Keyboard shortcuts
              </Text>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
                {SHORTCUTS.map((s) => (
                  <Group key={s.keys} gap={6} wrap="nowrap">
                    <Kbd size="xs">{s.keys}</Kbd>
                    <Text size="xs" c="dimmed">
                      {s.label}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <ConfirmDialog
        opened={clearing}
        title="Clear the cart?"
        message="Every item, the customer, the discount code and the shipping come off this sale."
        confirmLabel="Clear cart"
        onConfirm={() => {
          setCart((c) => ({ ...emptyCart(), payment_type: c.payment_type }));
          setCodeText('');
          setCodeError(null);
          setShippingError(null);
          setClearing(false);
          focusScan();
        }}
        onClose={() => {
          setClearing(false);
          focusScan();
        }}
      />

      <Modal
        opened={heldOpen}
        onClose={() => {
          setHeldOpen(false);
          focusScan();
        }}
        title="Held sales"
        centered
        size="lg"
      >
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Holding a sale does not put stock aside: it is checked when the sale is completed.
            {cart.lines.length > 0 ? ' Resuming one holds the sale now on the till in its place.' : ''}
          </Text>
          {held.length === 0 ? (
            <Text size="sm">No sales are held.</Text>
          ) : (
            held.map((h) => (
              <Paper key={h.id} withBorder radius="md" p="sm" aria-label={`Held sale ${heldCartLabel(h)}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {heldCartLabel(h)}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {h.cart.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Held <DateTime iso={h.held_at} />
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => resumeSale(h.id)}>
                      Resume
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setHeld((list) => list.filter((x) => x.id !== h.id))}
                    >
                      Discard
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))
          )}
        </Stack>
      </Modal>

      <Modal opened={Boolean(sale)} onClose={startNewSale} title="Sale completed" centered size="md">
        {sale && (
          <Stack gap="md">
            {sale.change_due > 0 && (
              <Alert color="green" variant="light" title="Give change">
                <Text fw={700} size="xl">
                  {formatMoney(sale.change_due, sale.currency)}
                </Text>
              </Alert>
            )}
            <Paper withBorder radius="md" p="md">
              <Receipt order={sale} mode="screen" />
            </Paper>
            <Group justify="space-between">
              <Anchor component={Link} to={`/sales/orders/details/${sale.id}`} size="sm">
                View order
              </Anchor>
              <Group gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} />}
                  onClick={() => window.print()}
                >
                  Print receipt
                </Button>
                <Button data-autofocus onClick={startNewSale}>
                  New sale
                </Button>
              </Group>
            </Group>
            <Receipt order={sale} mode="print" />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function TotalRow({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <Group justify="space-between" style={{ opacity: loading ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === undefined ? '—' : <Money minor={value} />}</Text>
    </Group>
  );
}
