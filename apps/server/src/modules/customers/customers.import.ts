import {
  createCustomerBody,
  CUSTOMER_FILE_COLUMNS,
  type customerExportQuery,
} from '@tillbook/contract/customers';
import { emailSchema, phoneSchema } from '@tillbook/contract/common';
import type { ImportReport, ImportRowError } from '@tillbook/contract/products';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { newImportReport } from '../../lib/import-reply.js';
import { ANALYZE_AFTER_ROWS, refreshStatistics } from '../../lib/sql.js';
import { csvBatches, importTemplate, readSheetUpload, type SheetRow } from '../../lib/spreadsheet.js';
import { customersRepository } from './customers.repository.js';
import type { CustomersTable } from './customers.tables.js';

const ALIASES: Record<string, string> = {
  first: 'first_name',
  firstname: 'first_name',
  given_name: 'first_name',
  last: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  name: 'full_name',
  customer_name: 'full_name',
  phone: 'phone_number',
  phone_no: 'phone_number',
  mobile: 'phone_number',
  mobile_number: 'phone_number',
  telephone: 'phone_number',
  email: 'email_address',
  e_mail: 'email_address',
  email_addr: 'email_address',
  street: 'address',
  note: 'notes',
};

const OPTIONAL = ['address', 'city', 'state', 'country', 'notes'] as const;
type Optional = (typeof OPTIONAL)[number];

const LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  phone_number: 'Phone number',
  email_address: 'Email',
  status: 'Status',
};

type CustomerInput = z.output<typeof createCustomerBody>;

interface ParsedRow {
  line: number;
  given: Record<string, string>;
  email: string | null | undefined;
  phone: string | undefined;
  isActive: number | undefined;
}

function parseRow(row: SheetRow, columns: Set<string>): ParsedRow | ImportRowError[] {
  const v = row.values;
  const given: Record<string, string> = {};
  for (const key of ['first_name', 'last_name', ...OPTIONAL] as const) {
    if (columns.has(key)) given[key] = v[key] ?? '';
  }
  if (columns.has('full_name') && !given.first_name && !given.last_name && v.full_name) {
    const [first, ...rest] = v.full_name.split(/\s+/);
    given.first_name = first ?? '';
    given.last_name = rest.join(' ');
  }
  const errors: ImportRowError[] = [];
  let email: string | null | undefined;
  if (columns.has('email_address')) {
    if (!v.email_address) email = null;
    else {
      const parsed = emailSchema.safeParse(v.email_address);
      if (parsed.success) email = parsed.data;
      else errors.push({ line: row.line, field: 'email_address', reason: parsed.error.issues[0]!.message });
    }
  }
  let phone: string | undefined;
  if (v.phone_number) {
    const parsed = phoneSchema.safeParse(v.phone_number);
    if (parsed.success) phone = parsed.data;
    else errors.push({ line: row.line, field: 'phone_number', reason: parsed.error.issues[0]!.message });
  }
  let isActive: number | undefined;
  const status = (v.status ?? '').trim().toLowerCase();
  if (status === 'active') isActive = 1;
  else if (status === 'blocked') isActive = 0;
  else if (status)
    errors.push({ line: row.line, field: 'status', reason: 'Status must be active or blocked' });
  return errors.length ? errors : { line: row.line, given, email, phone, isActive };
}

function validate(row: ParsedRow, existing: CustomersTable | undefined): CustomerInput | ImportRowError[] {
  const candidate: Record<string, unknown> = existing
    ? {
        first_name: existing.first_name,
        last_name: existing.last_name,
        phone_number: existing.phone_number,
        email_address: existing.email_address,
      }
    : {};
  for (const [k, value] of Object.entries(row.given)) {
    if (value) candidate[k] = value;
    else if (!(k === 'first_name' || k === 'last_name')) candidate[k] = null;
  }
  if (row.phone) candidate.phone_number = row.phone;
  if (row.email !== undefined) candidate.email_address = row.email;
  const result = createCustomerBody.safeParse(candidate);
  if (result.success) return result.data;
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    if (seen.has(field)) continue;
    seen.add(field);
    const missing = candidate[field] == null || candidate[field] === '';
    errors.push({
      line: row.line,
      field,
      reason: missing && LABELS[field] ? `${LABELS[field]} is required` : issue.message,
    });
  }
  return errors;
}

/**
 * Imports customers from a CSV or XLSX upload, like products: every row checked first, rows
 * matched to existing customers by email, then phone number, and updated, so the same file
 * uploaded again adds nobody; all accepted rows in one transaction, or none with `atomic`.
 */
export async function importCustomers(
  ctx: StoreContext,
  request: FastifyRequest,
  atomic: boolean,
): Promise<ImportReport> {
  const sheet = await readSheetUpload(ctx, request, ALIASES);
  if (!sheet.columns.has('phone_number') && !sheet.columns.has('email_address')) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The file has no "phone_number" column. Download the template to see the columns.',
      { fields: { file: 'No "phone_number" column' } },
    );
  }
  if (!sheet.rows.length) {
    throw new AppError('VALIDATION_FAILED', 'The file has no rows below the header.', {
      fields: { file: 'No rows to import' },
    });
  }
  const report = newImportReport(sheet.rows.length, atomic);
  const parsed: ParsedRow[] = [];
  for (const row of sheet.rows) {
    const result = parseRow(row, sheet.columns);
    if (Array.isArray(result)) report.rejected.push(...result);
    else parsed.push(result);
  }

  const repo = customersRepository(ctx.db, ctx.storeId, ctx.now);
  const existing = await repo.findByContacts(
    [...new Set(parsed.flatMap((p) => (p.email ? [p.email] : [])))],
    [...new Set(parsed.flatMap((p) => (p.phone ? [p.phone] : [])))],
  );
  const byEmail = new Map(existing.filter((c) => c.email_address).map((c) => [c.email_address!, c]));
  const byPhone = new Map(existing.map((c) => [c.phone_number, c]));

  const first = {
    email: new Map<string, number>(),
    phone: new Map<string, number>(),
    customer: new Map<string, number>(),
  };
  const valid: Array<{ row: ParsedRow; before: CustomersTable | undefined; input: CustomerInput }> = [];
  for (const row of parsed) {
    const reject = (field: string, reason: string) => report.rejected.push({ line: row.line, field, reason });
    if (row.email && first.email.has(row.email)) {
      reject('email_address', `Email ${row.email} is already on line ${first.email.get(row.email)}`);
      continue;
    }
    if (row.phone && first.phone.has(row.phone)) {
      reject('phone_number', `Phone number ${row.phone} is already on line ${first.phone.get(row.phone)}`);
      continue;
    }
    const emailOwner = row.email ? byEmail.get(row.email) : undefined;
    const phoneOwner = row.phone ? byPhone.get(row.phone) : undefined;
    if (emailOwner && phoneOwner && emailOwner.id !== phoneOwner.id) {
      reject(
        'phone_number',
        `Email ${row.email} belongs to ${emailOwner.first_name} ${emailOwner.last_name} but phone number ${row.phone} to ${phoneOwner.first_name} ${phoneOwner.last_name}`,
      );
      continue;
    }
    const before = emailOwner ?? phoneOwner;
    if (before && first.customer.has(before.id)) {
      reject('phone_number', `This row is the same customer as line ${first.customer.get(before.id)}`);
      continue;
    }
    const result = validate(row, before);
    if (Array.isArray(result)) {
      report.rejected.push(...result);
      continue;
    }
    if (row.email) first.email.set(row.email, row.line);
    if (row.phone) first.phone.set(row.phone, row.line);
    if (before) first.customer.set(before.id, row.line);
    valid.push({ row, before, input: result });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  if ((atomic && report.rejected.length) || !valid.length) return report;

  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = customersRepository(trx, ctx.storeId, ctx.now);
    const now = ctx.now.toISOString();
    const creates: CustomersTable[] = [];
    let updated = 0;
    let unchanged = 0;
    for (const { row, before, input } of valid) {
      if (!before) {
        creates.push({
          id: newId(),
          store_id: ctx.storeId,
          first_name: input.first_name,
          credit_limit: null,
          last_name: input.last_name,
          email_address: input.email_address ?? null,
          phone_number: input.phone_number,
          address: input.address ?? null,
          city: input.city ?? null,
          state: input.state ?? null,
          country: input.country ?? null,
          notes: input.notes ?? null,
          is_active: row.isActive ?? 1,
          created_at: now,
          updated_at: now,
        });
        continue;
      }
      const next: Partial<CustomersTable> = {
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        email_address: input.email_address ?? null,
        ...Object.fromEntries(
          OPTIONAL.filter((k) => k in row.given).map((k: Optional) => [k, input[k] ?? null]),
        ),
        ...(row.isActive !== undefined ? { is_active: row.isActive } : {}),
      };
      const patch = Object.fromEntries(
        Object.entries(next).filter(([k, value]) => value !== before[k as keyof CustomersTable]),
      ) as Partial<CustomersTable>;
      if (!Object.keys(patch).length) {
        unchanged++;
        continue;
      }
      await r.update(before, { ...patch, updated_at: now });
      updated++;
    }
    await r.insert(creates);
    await writeAudit(trx, ctx, {
      action: 'customer.imported',
      entity: 'customer',
      summary: `Imported customers from "${sheet.fileName}": ${creates.length} created, ${updated} updated, ${unchanged} unchanged, ${report.rejected.length} rejected`,
      after: {
        file: sheet.fileName,
        created: creates.length,
        updated,
        unchanged,
        rejected: report.rejected.length,
      },
    });
    return { created: creates.length, updated, unchanged };
  });
  if (result.created >= ANALYZE_AFTER_ROWS) await refreshStatistics(ctx.db, ['customers', 'search_terms']);
  return { ...report, ...result, written: true };
}

const EXAMPLES = [
  [
    'Ngozi',
    'Okafor',
    '+2348031234567',
    'ngozi.okafor@example.com',
    '12 Allen Avenue',
    'Ikeja',
    'Lagos',
    'Nigeria',
    'Prefers delivery after 5pm',
    'active',
  ],
  ['Ibrahim', 'Bello', '08061234567', '', '4 Ahmadu Bello Way', 'Kaduna', 'Kaduna', 'Nigeria', '', 'active'],
];

export async function customerTemplate(
  format: 'csv' | 'xlsx',
): Promise<{ data: Buffer; type: string; name: string }> {
  return importTemplate(format, 'customers', 'Customers', CUSTOMER_FILE_COLUMNS, EXAMPLES, ['phone_number']);
}

/** Customers matching the list filters as CSV, in the template's columns. */
export async function* exportCustomers(
  ctx: StoreContext,
  q: z.output<typeof customerExportQuery>,
): AsyncGenerator<string> {
  const repo = customersRepository(ctx.db, ctx.storeId, ctx.now);
  yield* csvBatches(CUSTOMER_FILE_COLUMNS, repo.each(q), (c) => [
    c.first_name,
    c.last_name,
    c.phone_number,
    c.email_address,
    c.address,
    c.city,
    c.state,
    c.country,
    c.notes,
    c.status,
  ]);
}
