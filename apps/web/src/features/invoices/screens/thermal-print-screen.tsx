import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import {
  layout,
  RECEIPT_COLUMNS,
  receiptOfInvoice,
  type ReceiptDocument,
  type ReceiptWidth,
} from '@tillbook/contract/receipt-escpos';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/states';
import { useCurrentUser, useStoreLocale } from '../../../lib/current-user';
import { useInvoice } from '../api/invoice';
import { useReceiptSettings } from '../../../lib/receipt-settings';
import { testReceipt } from '../../../lib/printing/thermal-printer';
import './thermal-print.css';

/** The printable width of each paper (a 58 mm roll prints 48 mm, an 80 mm roll 72 mm). */
const PRINTABLE_MM: Record<ReceiptWidth, number> = { 58: 48, 80: 72 };

/**
 * paths.thermalPrint: a receipt laid out line for line as the thermal printer prints it (the same
 * layout, from the contract), at the paper's exact width, for browsers that cannot reach the
 * printer themselves (iOS, Firefox): printed through the print dialog to any printer.
 */
export default function ThermalPrintScreen() {
  const [params, setParams] = useSearchParams();
  const paper: ReceiptWidth = params.get('paper') === '80' ? 80 : 58;
  const orderId = params.get('order');
  const test = params.get('test') === '1';
  const invoice = useInvoice(test ? null : orderId);
  const settings = useReceiptSettings();
  const me = useCurrentUser();
  const { currency, timezone } = useStoreLocale();
  const storeName = me.data?.store?.business_name ?? '';

  let doc: ReceiptDocument | null = null;
  if (test) doc = testReceipt(storeName, currency);
  else if (invoice.data && settings.data) {
    doc = receiptOfInvoice(invoice.data, {
      timeZone: timezone,
      headerText: settings.data.header_text,
      footerText: settings.data.footer_text,
    });
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Receipt at ${paper} mm`}
        breadcrumbs={[{ label: 'Sales' }, { label: 'Print receipt' }]}
        actions={
          <Group gap="sm">
            <SegmentedControl
              data={[
                { value: '58', label: '58 mm' },
                { value: '80', label: '80 mm' },
              ]}
              value={String(paper)}
              onChange={(v) =>
                setParams((p) => {
                  const next = new URLSearchParams(p);
                  next.set('paper', v);
                  return next;
                })
              }
            />
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!doc}>
              Print
            </Button>
          </Group>
        }
      />
      {!test && !orderId ? (
        <Text>Open a receipt to print from its order or invoice.</Text>
      ) : !doc && (invoice.isError || settings.isError) ? (
        <ErrorState error={invoice.error ?? settings.error} onRetry={() => void invoice.refetch()} />
      ) : !doc ? (
        <LoadingState rows={6} label="Loading the receipt" />
      ) : (
        <ThermalPaper doc={doc} paper={paper} />
      )}
    </Stack>
  );
}

/** The paper strip: `RECEIPT_COLUMNS` monospace characters fill the printable width exactly. */
export function ThermalPaper({ doc, paper }: { doc: ReceiptDocument; paper: ReceiptWidth }) {
  const columns = RECEIPT_COLUMNS[paper];
  // A monospace character is 0.6 of its size wide: this size fits `columns` in the printable width.
  const fontMm = PRINTABLE_MM[paper] / columns / 0.6;
  return (
    <div
      className="thermal-paper"
      data-paper={paper}
      data-testid="thermal-paper"
      style={{ width: `${paper}mm`, fontSize: `${fontMm}mm` }}
    >
      <div className="store" style={{ fontSize: `${fontMm * 1.6}mm` }}>
        {doc.storeName}
      </div>
      <pre>
        {layout(doc, { width: paper, codepage: 'unicode' }).map((line, i) => (
          <div
            key={i}
            style={{ textAlign: line.center ? 'center' : 'left', fontWeight: line.bold ? 700 : 400 }}
          >
            {line.text || ' '}
          </div>
        ))}
      </pre>
    </div>
  );
}
