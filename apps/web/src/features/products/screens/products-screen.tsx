import { Avatar, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { IconArchive, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { productListQuery, STOCK_STATES, type ProductListItem } from '@tillbook/contract/products';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { productsRoutes } from '@tillbook/contract/route-refs';
import { column, moneyColumn, statusColumn } from '../../../components/columns';
import { ListScreen } from '../../../components/list-screen';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Money } from '../../../components/money';
import { ApiError, downloadRoute, messageOf } from '../../../lib/api-client';
import { useCan, useStoreId } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useListState } from '../../../lib/use-list-state';
import { useCategories } from '../api/categories';
import { findByBarcode } from '../api/get-product';
import { productsKey, useProducts, type ProductFilters } from '../api/list-products';
import { archiveProduct, useGenerateProduct } from '../api/save-product';
import { StockBar, stockLabel } from '../components/stock-bar';
import { variantSummary } from '../components/stock-text';
import { paths } from '../../../config/paths';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

/** The table's sortable columns and the server's sort keys. */
const SORTS: Record<string, ProductFilters['sort']> = { name: 'name', price: 'price', stock: 'quantity' };

/** paths.products: the catalogue with stock against thresholds, sales and revenue. */
export default function ProductsScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const storeId = useStoreId();
  const state = useListState('products', productListQuery, 'Search name, SKU, or scan a barcode');
  const { stock, status, categoryId } = state.query;
  const sortKey = state.sort ? SORTS[state.sort.replace(/^-/, '')] : undefined;
  const filters: ProductFilters = {
    ...state.query,
    sort: sortKey ?? 'created_at',
    order: sortKey ? (state.sort!.startsWith('-') ? 'desc' : 'asc') : undefined,
  };
  const products = useProducts(filters);
  const categories = useCategories();
  const canManage = useCan('products.manage');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const generate = useGenerateProduct({
    onSuccess: (answer) => notify.success(`Sample product “${answer.data.name}” added`),
    onError: (error) => notify.error(messageOf(error)),
  });

  const rows = products.data?.data;
  const pageIds = useMemo(() => (rows ?? []).map((p) => p.id), [rows]);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = useMemo<ColumnDef<ProductListItem, unknown>[]>(
    () => [
      ...(canManage
        ? [
            {
              id: 'select',
              enableSorting: false,
              header: () => (
                <Checkbox
                  aria-label="Select every product on this page"
                  checked={allOnPage}
                  indeterminate={!allOnPage && pageIds.some((id) => selected.has(id))}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const id of pageIds) {
                        if (allOnPage) next.delete(id);
                        else next.add(id);
                      }
                      return next;
                    })
                  }
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  aria-label={`Select ${row.original.name}`}
                  checked={selected.has(row.original.id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => toggle(row.original.id)}
                />
              ),
            } satisfies ColumnDef<ProductListItem, unknown>,
          ]
        : []),
      {
        id: 'image',
        header: '',
        enableSorting: false,
        meta: { card: 'media' },
        cell: ({ row }) => (
          <Avatar src={row.original.images[0] ?? null} radius="sm" size={40} alt="">
            <IconPhoto size={18} />
          </Avatar>
        ),
      },
      {
        id: 'name',
        header: 'Name',
        meta: { wrap: true, card: 'title' },
        cell: ({ row }) => {
          const variants = variantSummary(row.original);
          return (
            <Stack gap={0} miw={160}>
              <Text fw={600} size="sm">
                {row.original.name}
              </Text>
              {variants && (
                <Text size="xs" c="dimmed">
                  {variants}
                </Text>
              )}
              {row.original.category && (
                <Text size="xs" c="dimmed">
                  {row.original.category}
                </Text>
              )}
            </Stack>
          );
        },
      },
      { id: 'sku', header: 'SKU', enableSorting: false, cell: ({ row }) => row.original.sku },
      {
        id: 'price',
        header: 'Price',
        meta: { card: 'figure' },
        cell: ({ row }) =>
          row.original.sale_price != null ? (
            <Stack gap={0}>
              <Money minor={row.original.sale_price} />
              <Text size="xs" c="dimmed" td="line-through">
                <Money minor={row.original.price} />
              </Text>
            </Stack>
          ) : (
            <Money minor={row.original.price} />
          ),
      },
      { id: 'stock', header: 'In stock', cell: ({ row }) => <StockBar product={row.original} /> },
      column<ProductListItem>('sold', 'Sold', (p) => p.units_sold.toLocaleString('en')),
      moneyColumn<ProductListItem>('revenue', 'Revenue', (p) => p.revenue),
      statusColumn<ProductListItem>((p) => p.status),
    ],
    [canManage, selected, allOnPage, pageIds],
  );

  /** A scanner types the code and presses Enter: open that product when the code is exact. */
  const scan = async (value: string) => {
    // Search now rather than after the pause, so no late update lands on the next screen.
    state.searchBox.flush();
    const code = value.trim();
    if (!code || /\s/.test(code)) return;
    try {
      const product = await findByBarcode(code);
      navigate(paths.product(product.id));
    } catch (error) {
      // Not an exact code: the list below already shows what the search finds.
      if (!(error instanceof ApiError && error.status === 404)) notify.error(messageOf(error));
    }
  };

  /** The server's export: the import template's columns, so an edited export imports back. */
  const exportCsv = () => {
    const { page: _page, perPage: _perPage, ...query } = filters;
    return downloadRoute(productsRoutes.export, { query }, 'products.csv');
  };

  const archiveSelected = async () => {
    setArchiving(true);
    const ids = [...selected];
    const results = await Promise.allSettled(ids.map((id) => archiveProduct(id, storeId)));
    const failed = results.filter((r) => r.status === 'rejected');
    setArchiving(false);
    setConfirming(false);
    setSelected(new Set(ids.filter((_, i) => results[i]!.status === 'rejected')));
    await client.invalidateQueries({ queryKey: productsKey(storeId) });
    if (failed.length) notify.error(messageOf((failed[0] as PromiseRejectedResult).reason));
    const done = ids.length - failed.length;
    if (done) notify.success(`${done} product${done === 1 ? '' : 's'} archived`);
  };

  const categoryName = categories.data?.find((c) => c.id === categoryId)?.name ?? 'Unknown';
  const chips = [
    ...(categoryId
      ? [{ label: `Category: ${categoryName}`, onRemove: () => state.setFilter('categoryId', null) }]
      : []),
    ...(stock
      ? [{ label: `Stock: ${stockLabel(stock)}`, onRemove: () => state.setFilter('stock', null) }]
      : []),
    ...(status !== 'active'
      ? [
          {
            label: `Status: ${status === 'all' ? 'All' : 'Archived'}`,
            onRemove: () => state.setFilter('status', null),
          },
        ]
      : []),
  ];
  const filtered = Boolean(state.search || chips.length);

  return (
    <ListScreen
      title="Products"
      description="Your catalogue: prices, stock against each product's threshold, and what sold."
      sample={canManage ? { generate: () => generate.mutate(), loading: generate.isPending } : undefined}
      importing={
        canManage
          ? {
              noun: 'products',
              path: productsRoutes.upload.path,
              template: productsRoutes.template,
              onImported: () => void client.invalidateQueries({ queryKey: productsKey(storeId) }),
            }
          : undefined
      }
      state={state}
      searchOptions={{ onEnter: (v) => void scan(v), label: 'Search or scan' }}
      filters={{
        content: (
          <>
            <Select
              label="Category"
              placeholder="Any category"
              clearable
              searchable
              data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={categoryId ?? null}
              onChange={(v) => state.setFilter('categoryId', v)}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label="Stock"
              placeholder="Any stock level"
              clearable
              data={STOCK_STATES.map((s) => ({ value: s, label: stockLabel(s) }))}
              value={stock ?? null}
              onChange={(v) => state.setFilter('stock', v)}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
              value={status}
              onChange={(v) => state.setFilter('status', v === 'active' ? null : v)}
              comboboxProps={{ withinPortal: false }}
            />
          </>
        ),
        chips,
      }}
      onExport={exportCsv}
      add={canManage ? { label: 'Add product', to: paths.productCreate } : undefined}
      toolbar={
        selected.size > 0 && (
          <Group
            justify="space-between"
            p="sm"
            bg="brand.0"
            style={{ borderRadius: 8 }}
            role="region"
            aria-label="Selected products"
          >
            <Text size="sm" fw={500}>
              {selected.size} selected
            </Text>
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
              <Button
                color="red"
                variant="outline"
                size="xs"
                leftSection={<IconArchive size={14} />}
                onClick={() => setConfirming(true)}
              >
                Archive selected
              </Button>
            </Group>
          </Group>
        )
      }
      list={products}
      loading={products.isPending || products.isPlaceholderData}
      columns={columns}
      onRowClick={(p) => navigate(paths.product(p.id))}
      filtered={filtered}
      noun="products"
      noMatch={{ description: 'Try another search or clear the filters.' }}
      empty={{
        description: 'Add what you sell, import a spreadsheet, or generate a sample to try things out.',
      }}
    >
      <ConfirmDialog
        opened={confirming}
        title={`Archive ${selected.size} product${selected.size === 1 ? '' : 's'}?`}
        message="Archived products leave the catalogue and the point of sale, and keep their sales and stock history. You can make them active again from their page."
        confirmLabel="Archive"
        loading={archiving}
        onConfirm={() => void archiveSelected()}
        onClose={() => setConfirming(false)}
      />
    </ListScreen>
  );
}
