import { Alert, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useWallet } from '../api/get-wallet';
import { useOpenWallet } from '../api/wallet-changes';
import { AccountCard } from '../components/account-card';
import { DepositModal } from '../components/deposit-modal';
import { TransactionsTable } from '../components/transactions-table';
import { TransferModal } from '../components/transfer-modal';

/** `/wallet`: the balance, the account that funds it, transfers out and the transactions. */
export default function WalletScreen() {
  const wallet = useWallet();
  const open = useOpenWallet();
  const canTransfer = useCan('wallet.transfer');
  const [transferring, setTransferring] = useState(false);
  const [depositing, setDepositing] = useState(false);
  // Why the server would not open the wallet (an unverified email, decision 0047): said here,
  // beside the button, rather than in a toast that goes away.
  const [refusal, setRefusal] = useState<string | null>(null);

  const body = () => {
    if (wallet.isPending) return <LoadingState rows={4} label="Loading the wallet" />;
    if (wallet.isError) return <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
    if (!wallet.data) {
      return (
        <Stack gap="md">
          {refusal && (
            <Alert color="yellow" variant="light" title="The wallet could not be opened">
              {refusal}
            </Alert>
          )}
          <EmptyState
            title="No wallet yet"
            description={
              canTransfer
                ? 'Open the wallet to get a bank account for your store: money sent to it lands here, and you can send it on to any Nigerian bank.'
                : 'The store has no wallet yet. Ask the owner to open it.'
            }
            action={
              canTransfer ? (
                <Button
                  loading={open.isPending}
                  onClick={() => {
                    setRefusal(null);
                    void open.mutateAsync().then(
                      () => notify.success('Wallet ready'),
                      (e: unknown) =>
                        e instanceof ApiError && e.status === 403
                          ? setRefusal(messageOf(e))
                          : notify.error(messageOf(e)),
                    );
                  }}
                >
                  Open wallet
                </Button>
              ) : undefined
            }
          />
        </Stack>
      );
    }
    const w = wallet.data;
    return (
      <Stack gap="lg">
        <AccountCard
          wallet={w}
          canTransfer={canTransfer}
          onTransfer={() => setTransferring(true)}
          onDeposit={() => setDepositing(true)}
        />
        <Title order={3}>Transactions</Title>
        <TransactionsTable currency={w.currency} />
        <TransferModal opened={transferring} onClose={() => setTransferring(false)} wallet={w} />
        {w.sandbox && (
          <DepositModal opened={depositing} onClose={() => setDepositing(false)} currency={w.currency} />
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Wallet"
        description="Your store's money: fund it by bank transfer, send it to any bank account."
      />
      {body()}
    </Stack>
  );
}
