import { PRODUCT_FILE_COLUMNS } from '@tillbook/contract/products';
import { toCsv } from '../../../lib/csv';

/** The import template offered on the products screen: the import's columns and one example row. */
export const PRODUCT_TEMPLATE = {
  filename: 'products-template',
  csv: toCsv(
    [
      {
        name: 'Peak Milk Powder 400g',
        sku: '',
        barcode: '',
        price: '3900.00',
        sale_price: '',
        cost_price: '3200.00',
        quantity: '24',
        track_stock: 'yes',
        low_stock_threshold: '5',
        unit: 'tin',
        categories: 'Dairy',
        description: '',
        status: 'active',
      } as Record<(typeof PRODUCT_FILE_COLUMNS)[number], string>,
    ],
    PRODUCT_FILE_COLUMNS.map((c) => ({ header: c, value: (r: Record<string, string>) => r[c] })),
  ),
};
