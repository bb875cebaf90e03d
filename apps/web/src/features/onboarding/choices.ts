export const INDUSTRIES = [
  'Fashion and clothing',
  'Food and drinks',
  'Groceries and supermarket',
  'Beauty and cosmetics',
  'Electronics and phones',
  'Pharmacy and health',
  'Home and furniture',
  'Books and stationery',
  'Building materials',
  'Services',
  'Other',
];
