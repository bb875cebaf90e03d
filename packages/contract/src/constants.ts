/** Constants of the product spec (section 9) shared by server and web. */
export const SESSION_TTL_HOURS = 6;
export const REQUEST_TIMEOUT_MS = 20_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 60 * 60_000;
export const QUERY_PERSIST_MAX_AGE_MS = 24 * 60 * 60_000;
export const PERSIST_REHYDRATE_TIMEOUT_MS = 5_000;

export const TOAST = {
  successMs: 2_000,
  defaultMs: 4_000,
  visible: 3,
  kept: 20,
  offsetPx: 24,
  mobileOffsetPx: 16,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
} as const;

export const BREAKPOINTS = { xs: '30em', sm: '48em', md: '62em', lg: '80em', xl: '96em' } as const;

/** Fixed texts of the spec (sections 5 and 8), word for word. */
export const MESSAGES = {
  noBusinessName: 'No business name!',
  loginSuccessful: 'Login successful',
  customerGenerated: 'Customer generated successfully',
  customerAdded: 'Customer added succefully',
  customerUpdated: 'Customer updated successfully!!',
  discountAdded: 'Discount added successfully',
  productDeleted: 'Product Deleted!!',
  roleCreated: 'Role created successfully',
  storeCreated: 'Created New Store!!',
  subscribed: 'Subscribed!!!!',
  saved: 'Saved!!',
  completed: 'Completed!!',
  somethingWentWrong: 'Something went wrong!',
  taxCountryEmpty: 'Country is not allowed to be empty',
  taxStatesEmpty: 'State must contain at least one item',
  taxRatesEmpty: 'Rates must contain at least one item',
} as const;

/**
 * The largest manual line discount, as a share of the line, that anyone who may sell can give;
 * more needs `orders.discount_override` (decision 0019).
 */
export const MANUAL_DISCOUNT_LIMIT_PERCENT = 20;

export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const INVITATION_TTL_DAYS = 7;
export const DEFAULT_CURRENCY = 'NGN';
export const DEFAULT_TIMEZONE = 'Africa/Lagos';

/** A list's page and page size when the query does not say, and the largest page size. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

/** The most products the owner may pin to the phone till's grid (decision 0056). */
export const TILL_FAVOURITES_MAX = 24;

/**
 * A state list of just this names every state of the country: the rule applies wherever no rule
 * names the destination's state (decisions/0007).
 */
export const ALL_STATES = '*';
