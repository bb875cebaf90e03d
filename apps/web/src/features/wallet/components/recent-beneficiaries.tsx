import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { BANK_SHORT_NAMES, type Beneficiary } from '@tillbook/contract/wallet';

/** "GTB" rather than "Guaranty Trust Bank": the chip has the width of a thumb. */
const shortBank = (b: Beneficiary) => BANK_SHORT_NAMES[b.bank_code]?.[0] ?? b.bank_name;

/**
 * The store's recent beneficiaries as a strip of buttons: one tap fills the bank and the
 * account number, and the name enquiry then shows the bank's name for it as for a typed one.
 */
export function RecentBeneficiaries({
  beneficiaries,
  chosen,
  onPick,
}: {
  beneficiaries: Beneficiary[];
  chosen: { bankCode: string | null; accountNumber: string };
  onPick: (b: Beneficiary) => void;
}) {
  if (!beneficiaries.length) return null;
  return (
    <Stack gap={4} role="group" aria-labelledby="recent-beneficiaries">
      <Text id="recent-beneficiaries" size="sm" fw={500}>
        Recent
      </Text>
      <ScrollArea scrollbars="x" type="auto" offsetScrollbars>
        <Group gap="xs" wrap="nowrap">
          {beneficiaries.map((b) => {
            const picked = chosen.bankCode === b.bank_code && chosen.accountNumber === b.account_number;
            return (
              <Button
                key={`${b.bank_code}:${b.account_number}`}
                variant={picked ? 'filled' : 'light'}
                h="auto"
                py={6}
                miw={44}
                onClick={() => onPick(b)}
                aria-pressed={picked}
                aria-label={`${b.account_name}, ${b.bank_name} ${b.account_number}`}
                styles={{ label: { flexDirection: 'column', alignItems: 'flex-start' } }}
              >
                <Text span size="sm" fw={600} lh={1.3}>
                  {b.account_name}
                </Text>
                <Text span size="xs" lh={1.3}>
                  {shortBank(b)} · {b.account_number}
                </Text>
              </Button>
            );
          })}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
