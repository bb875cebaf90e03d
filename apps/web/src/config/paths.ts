/**
 * Every screen's address, written once: links, redirects and navigation take them from here.
 * The router's table (router.tsx) keeps its patterns written out, as the accessibility suite
 * reads them from it; paths.test.ts checks that each address here is a route of that table.
 */
export const paths = {
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  forgotPassword: '/auth/forgot-password',
  emailOtp: '/auth/email-otp',
  emailOtpFor: (email: string) => `/auth/email-otp?email=${encodeURIComponent(email)}`,
  resetPassword: (id: string) => `/user/reset-password/${encodeURIComponent(id)}`,
  verifyEmail: '/verify-email',
  verifyEmailFor: (email: string) => `/verify-email?email=${encodeURIComponent(email)}`,
  acceptInvite: '/auth/accept-invite',
  businessInfo: '/onboarding/business-info',
  businessNumber: '/onboarding/business-number',

  home: '/home',
  dashboard: '/dashboard',
  developers: '/developers',
  webhooks: '/developers/webhooks',
  apiReference: '/developers/reference',
  reports: '/report',
  /** A shift's Z-report (issue 32), from the Reports screen's Shifts tab. */
  shift: (id: string) => `/report/shifts/${id}`,
  settings: '/settings',
  settingsTab: (tab: string) => `/settings/${tab}`,
  stores: '/store',
  wallet: '/wallet',
  invoice: '/invoice',
  invoiceFor: (orderId: string) => `/invoice?order=${orderId}`,
  /** A receipt laid out for a 58 or 80 mm thermal printer, printed through the browser (issue 35). */
  thermalPrint: '/print/receipt',
  thermalPrintFor: (orderId: string, paper: 58 | 80 = 58) => `/print/receipt?order=${orderId}&paper=${paper}`,

  customers: '/sales/customers',
  customerCreate: '/sales/customers/create',
  customer: (id: string) => `/sales/customers/${id}`,
  /** The customer's Account tab: balance, credit limit and statement (decision 0065). */
  customerAccount: (id: string) => `/sales/customers/${id}?tab=account`,
  /** Customers who owe, with what they owe by age (decision 0065). */
  customersOwing: '/sales/customers/owing',
  customerEdit: (id: string) => `/sales/customers/edit/${id}`,
  orders: '/sales/orders',
  order: (id: string) => `/sales/orders/details/${id}`,
  pointOfSale: '/sales/orders/generate',
  pointOfSaleFor: (customerId: string) => `/sales/orders/generate?customer=${customerId}`,
  discounts: '/sales/discounts',
  discountCreate: '/sales/discounts/create',
  discountEdit: (id: string) => `/sales/discounts/edit/${id}`,

  products: '/inventory/products',
  productCreate: '/inventory/products/create',
  product: (id: string) => `/inventory/products/${id}`,

  vendors: '/purchase/vendors',
  vendorCreate: '/purchase/vendors/create',
  vendor: (id: string) => `/purchase/vendors/details/${id}`,
  vendorEdit: (id: string) => `/purchase/vendors/edit/${id}`,
  paymentsReceived: '/purchase/payments-received',
  paymentCreate: '/purchase/payments-received/create',
  paymentCreateFor: (orderId: string) => `/purchase/payments-received/create?order=${orderId}`,
  payment: (id: string) => `/purchase/payments-received/${id}`,
  purchaseOrders: '/purchase/orders',
  purchaseOrder: (id: string) => `/purchase/orders/${id}`,
  purchaseOrderCreate: '/purchase/create',
  purchaseOrderCreateFor: (vendorId: string) => `/purchase/create?vendor=${vendorId}`,
  purchaseOrderEdit: (id: string) => `/purchase/create?id=${id}`,
} as const;
