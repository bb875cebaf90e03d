/** Currencies offered in store forms (any ISO 4217 code is accepted by the API). */
export const CURRENCIES = [
  { value: 'NGN', label: 'NGN · Nigerian naira' },
  { value: 'GHS', label: 'GHS · Ghanaian cedi' },
  { value: 'KES', label: 'KES · Kenyan shilling' },
  { value: 'ZAR', label: 'ZAR · South African rand' },
  { value: 'XOF', label: 'XOF · West African CFA franc' },
  { value: 'USD', label: 'USD · US dollar' },
  { value: 'GBP', label: 'GBP · British pound' },
  { value: 'EUR', label: 'EUR · Euro' },
];
