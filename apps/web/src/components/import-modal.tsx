import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { importReportSchema, type ImportReport } from '@tillbook/contract/products';
import { useState } from 'react';
import { customersRoutes, productsRoutes } from '@tillbook/contract/route-refs';
import { ApiError, downloadRoute, messageOf, uploadRoute } from '../lib/api-client';
import { notify } from '../lib/toast';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** The import routes of the contract: each answers with an import report. */
const IMPORT_ROUTES = [customersRoutes.upload, productsRoutes.upload] as const;
type ImportRoute = (typeof IMPORT_ROUTES)[number];

export interface ImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** "products", "customers": in the title and the messages. */
  noun: string;
  /** The path of the upload route (multipart field `file`), from the contract's table. */
  path: ImportRoute['path'];
  /** The server's template route (its header row and example rows, CSV). */
  template: typeof customersRoutes.template | typeof productsRoutes.template;
  /** After a file was imported (some rows written). */
  onImported?: (report: ImportReport) => void;
}

/** The report of a refused import arrives with the error (422, nothing written). */
function reportOf(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  const data = body && typeof body === 'object' && 'data' in body ? body.data : undefined;
  const report = importReportSchema.safeParse(data);
  return report.success ? report.data : null;
}

/**
 * Import from a CSV or XLSX file: a template to start from, a progress bar while the file
 * uploads and is checked, then what was created and updated and each rejected row with its line.
 */
export function ImportModal({ opened, onClose, noun, path, template, onImported }: ImportModalProps) {
  const [atomic, setAtomic] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const reset = () => {
    setProgress(null);
    setReport(null);
    setMessage(null);
    setFailed(false);
  };
  const close = () => {
    if (progress !== null) return;
    reset();
    onClose();
  };

  const upload = async (file: File) => {
    reset();
    setProgress(0);
    try {
      const route: ImportRoute = IMPORT_ROUTES.find((r) => r.path === path) ?? IMPORT_ROUTES[0];
      const answer = await uploadRoute(
        route,
        { query: atomic ? { atomic: true } : {} },
        file,
        // The upload is most of the wait; the last stretch is the server checking rows.
        (p) => setProgress(Math.min(p, 95)),
      );
      setReport(answer.data);
      setMessage(answer.message);
      notify.success(answer.message);
      onImported?.(answer.data);
    } catch (error) {
      setFailed(true);
      setReport(reportOf(error));
      setMessage(messageOf(error));
      notify.error(messageOf(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Import ${noun}`} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Upload a CSV or Excel (XLSX) file with one {noun.replace(/s$/, '')} a row. Rows are matched by their
          codes, so a file can be uploaded again after correcting it.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() =>
              void downloadRoute(template, { query: { format: 'csv' } }, `${noun}-template.csv`).catch(
                (error: unknown) => notify.error(messageOf(error)),
              )
            }
          >
            Download the template
          </Anchor>
        </Text>
        <Checkbox
          label="Import nothing if any row has an error"
          checked={atomic}
          onChange={(e) => setAtomic(e.currentTarget.checked)}
          disabled={progress !== null}
        />
        <Dropzone
          onDrop={(files) => files[0] && void upload(files[0])}
          onReject={() => notify.error('Upload a CSV or XLSX file of at most 10 MB.')}
          maxSize={MAX_BYTES}
          accept={ACCEPTED}
          multiple={false}
          disabled={progress !== null}
          aria-label={`Choose a file of ${noun} to import`}
          inputProps={{ 'aria-label': `Choose a file of ${noun} to import` }}
        >
          <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
            <IconFileSpreadsheet size={28} />
            <Text size="sm">Drop the file here or click to choose it</Text>
          </Group>
        </Dropzone>
        {progress !== null && (
          <Stack gap={4}>
            <Progress value={progress} animated aria-label="Import progress" />
            <Text size="xs" c="dimmed">
              {progress < 95 ? `Uploading… ${progress}%` : 'Checking every row…'}
            </Text>
          </Stack>
        )}
        {message && (
          <Alert
            color={failed ? 'red' : report?.rejected.length ? 'yellow' : 'green'}
            role="status"
            title={failed ? 'Not imported' : 'Imported'}
          >
            <Text size="sm">{message}</Text>
          </Alert>
        )}
        {report && report.rejected.length > 0 && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Rejected rows ({new Set(report.rejected.map((r) => r.line)).size})
            </Text>
            <Table.ScrollContainer minWidth={420} maxHeight={260}>
              <Table striped aria-label="Rejected rows" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rejected.map((r, i) => (
                    <Table.Tr key={`${r.line}-${i}`}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.field ?? '—'}</Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={progress !== null}>
            {report ? 'Done' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
