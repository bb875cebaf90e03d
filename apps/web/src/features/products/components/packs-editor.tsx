import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_PACKS } from '@tillbook/contract/products';
import { MoneyInput } from '../../../components/money-input';
import type { ProductValues } from './product-values';
import { blankPack, type PackValues } from './variant-values';

/**
 * The packs a product or one variant is also sold in (a carton of 24): a card per pack at any
 * width, its four boxes side by side from `sm`. `path` is where the list sits in the form
 * (`packs`, `variants.2.packs`), so the server's messages (`variants.2.packs.0.name`) land here.
 */
export function PacksEditor({
  form,
  path,
  packs,
  unit,
  label,
}: {
  form: UseFormReturnType<ProductValues>;
  path: string;
  packs: PackValues[];
  unit: string;
  /** What the packs belong to, for the boxes' names ("Tee M / Red"). */
  label: string;
}) {
  return (
    <Stack gap="sm">
      {packs.map((pack, i) => {
        const name = pack.name.trim() || `pack ${i + 1}`;
        return (
          <Paper key={i} withBorder radius="md" p="sm" role="group" aria-label={`${label}: ${name}`}>
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
                <TextInput
                  label="Pack name"
                  placeholder="carton"
                  {...form.getInputProps(`${path}.${i}.name`)}
                />
                <TextInput
                  label={`Units per pack (${unit})`}
                  placeholder="24"
                  inputMode="numeric"
                  {...form.getInputProps(`${path}.${i}.factor`)}
                />
                <MoneyInput label="Pack price" {...form.getInputProps(`${path}.${i}.price`)} />
                <TextInput
                  label="Pack barcode"
                  placeholder="Optional"
                  {...form.getInputProps(`${path}.${i}.barcode`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove ${name}`}
                onClick={() => form.removeListItem(path, i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Group gap="sm">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={packs.length >= MAX_PACKS}
          onClick={() => form.insertListItem(path, { ...blankPack })}
        >
          Add pack
        </Button>
        {packs.length >= MAX_PACKS && (
          <Text size="xs" c="dimmed">
            At most {MAX_PACKS} packs.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
