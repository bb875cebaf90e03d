import { auditsRoutes } from './audits.js';
import { authRoutes } from './auth.js';
import { defineRoutes } from './common.js';
import { customerAccountsRoutes } from './customer-accounts.js';
import { customersRoutes } from './customers.js';
import { developersRoutes } from './developers.js';
import { discountsRoutes } from './discounts.js';
import { membersRoutes } from './members.js';
import { ordersRoutes } from './orders.js';
import { paymentsReceivedRoutes } from './payments-received.js';
import { productsRoutes } from './products.js';
import { receiptsRoutes } from './receipts.js';
import { purchaseOrdersRoutes } from './purchase-orders.js';
import { dashboardRoutes, reportsRoutes } from './reports.js';
import { shiftsRoutes } from './shifts.js';
import { shippingRoutes } from './shipping.js';
import { storesRoutes } from './stores.js';
import { subscriptionsRoutes } from './subscriptions.js';
import { taxRoutes } from './tax.js';
import { tillRoutes } from './till.js';
import { tillTransfersRoutes } from './till-transfers.js';
import { analyticsRoutes, usersRoutes } from './users.js';
import { vendorsRoutes } from './vendors.js';
import { paymentRoutes, walletRoutes } from './wallet.js';
import { webhooksRoutes } from './webhooks.js';

/** The API's description of itself (decision 0028). */
export const apiDocsRoutes = defineRoutes({
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of this API, generated from the route tables',
    file: 'application/json',
  },
});

/**
 * Every route table of the API under `/api/v1`, by area: what the OpenAPI document is generated
 * from. A new area's table is added here (the document's test fails for a route the server
 * serves that no table here lists).
 */
export const apiRouteTables = {
  auth: authRoutes,
  users: usersRoutes,
  analytics: analyticsRoutes,
  stores: storesRoutes,
  members: membersRoutes,
  audits: auditsRoutes,
  vendors: vendorsRoutes,
  purchaseOrders: purchaseOrdersRoutes,
  products: productsRoutes,
  customerAccounts: customerAccountsRoutes,
  customers: customersRoutes,
  orders: ordersRoutes,
  receipts: receiptsRoutes,
  discounts: discountsRoutes,
  paymentsReceived: paymentsReceivedRoutes,
  shipping: shippingRoutes,
  tax: taxRoutes,
  till: tillRoutes,
  tillTransfers: tillTransfersRoutes,
  shifts: shiftsRoutes,
  wallet: walletRoutes,
  payment: paymentRoutes,
  subscriptions: subscriptionsRoutes,
  webhooks: webhooksRoutes,
  dashboard: dashboardRoutes,
  reports: reportsRoutes,
  developers: developersRoutes,
  apiDocs: apiDocsRoutes,
} as const;
