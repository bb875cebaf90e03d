import { Avatar, Button, Group, Paper, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPin, IconPinFilled } from '@tabler/icons-react';
import type { Product } from '@tillbook/contract/products';
import { TILL_FAVOURITES_MAX } from '@tillbook/contract/constants';
import { memo, useState } from 'react';
import { Money } from '../../../components/money';
import { useCan } from '../../../lib/current-user';
import { usePinFavourite } from '../api/till-grid';
import { lowestPrice, needsVariantChoice } from '../components/sellable';
import { initialsOf, type GridTile } from './grid-tiles';
import { useGridTiles } from './use-grid-tiles';

interface ProductGridProps {
  storeId: string;
  onAdd: (product: Product) => void;
}

/**
 * The phone till's grid (issue 31, decision 0056): big tap targets for the pinned products and
 * the top sellers, a tap adds one to the cart. Whoever may edit products pins and unpins them
 * ("Edit grid": a tap then pins or unpins instead of selling).
 */
export const ProductGrid = memo(function ProductGrid({ storeId, onAdd }: ProductGridProps) {
  const canPin = useCan('products.manage');
  const [editing, setEditing] = useState(false);
  const { tiles, pinnedIds } = useGridTiles(storeId, editing);
  const pin = usePinFavourite();
  const full = pinnedIds.length >= TILL_FAVOURITES_MAX;

  const tap = (tile: GridTile) => {
    if (!editing) return onAdd(tile.product);
    if (!tile.pinned && full) return;
    pin.mutate({ id: tile.product.id, pinned: !tile.pinned });
  };

  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label="Quick products">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {editing
            ? `Tap to pin or unpin (${pinnedIds.length} of ${TILL_FAVOURITES_MAX})`
            : 'Favourites and top sellers'}
        </Text>
        {canPin && (
          <Button
            size="compact-sm"
            variant={editing ? 'filled' : 'subtle'}
            onClick={() => setEditing((e) => !e)}
          >
            {editing ? 'Done' : 'Edit grid'}
          </Button>
        )}
      </Group>
      {tiles === null ? (
        // One placeholder for two rows of tiles, not one a tile: each element the grid takes out
        // when its tiles come is work on a slow phone's busiest moment (decision 0023).
        <Skeleton h={216} radius="md" />
      ) : tiles.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products on this till yet: scan or search to sell.
        </Text>
      ) : (
        <div className="tb-tiles">
          {tiles.map((tile) => (
            <Tile
              key={tile.product.id}
              tile={tile}
              editing={editing}
              disabled={editing && !tile.pinned && full}
              onTap={tap}
            />
          ))}
        </div>
      )}
    </Paper>
  );
});

function Tile({
  tile,
  editing,
  disabled,
  onTap,
}: {
  tile: GridTile;
  editing: boolean;
  disabled: boolean;
  onTap: (tile: GridTile) => void;
}) {
  const { product, pinned } = tile;
  // A product with several variants is picked from the variant picker: its tile says "from".
  const several = needsVariantChoice(product);
  const price = several
    ? lowestPrice(product)
    : product.sale_price !== null && product.sale_price < product.price
      ? product.sale_price
      : product.price;
  return (
    <UnstyledButton
      onClick={() => onTap(tile)}
      disabled={disabled}
      aria-pressed={editing ? pinned : undefined}
      style={{
        border: `1px solid var(--mantine-color-${editing && pinned ? 'blue-5' : 'default-border'})`,
        borderRadius: 'var(--mantine-radius-md)',
        padding: 6,
        minHeight: 104,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
        position: 'relative',
        opacity: disabled ? 0.5 : 1,
      }}
    >
      {pinned && (
        <span style={{ position: 'absolute', top: 4, right: 4 }} aria-hidden>
          {editing ? <IconPinFilled size={14} /> : <IconPin size={14} />}
        </span>
      )}
      {/* The name is what is read out ("Add Milo 500g ₦1,500.00"): the initials are decoration,
          and the verb is read but not shown, so the visible text stays part of the name (axe). */}
      <Avatar src={product.images[0] ?? null} radius="sm" size={44} alt="" color="blue" aria-hidden>
        {initialsOf(product.name)}
      </Avatar>
      <Text size="xs" fw={500} ta="center" lineClamp={2} lh={1.2}>
        <VisuallyHidden>{editing ? (pinned ? 'Unpin ' : 'Pin ') : 'Add '}</VisuallyHidden>
        {product.name}
      </Text>
      <Text size="xs" c="dimmed">
        {several ? 'from ' : ''}
        <Money minor={price} />
      </Text>
    </UnstyledButton>
  );
}
