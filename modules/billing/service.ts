/**
 * Plans and payments (SPEC: billing): the module's entry. Each part has a file of its own (common,
 * purchase, changes, closing, renewals, reads, events); this one names what callers may use.
 */
export {
  cancelSubscription,
  changePlan,
  keepCurrentPlan,
  renewSubscription,
  schedulePlanChange,
  updatePaymentMethod,
} from "./changes.ts";
export {
  billingCustomerOf,
  closeBillingForDeletion,
  deleteProviderCustomer,
  retryProviderCustomerDeletion,
} from "./closing.ts";
export {
  BILLING_ERRORS,
  type BillingContext,
  type BillingResult,
  type PaymentOutcome,
} from "./common.ts";
export { applyProviderEvent } from "./events.ts";
export { renderInvoicePdf } from "./invoice-pdf.ts";
export { getOwnInvoice } from "./invoices.ts";
export { BILLING_SORTS, type BillingSort } from "./plans.ts";
export {
  type BillingDetails,
  cardSourceOf,
  completeSubscribe,
  fromPaymentForm,
  type Quote,
  quotePlan,
  subscribe,
  upgrade,
} from "./purchase.ts";
export {
  type BillingOverview,
  getBillingOverview,
  getOwnPayment,
  type InvoiceView,
  listInvoices,
  listPayments,
  type PaymentView,
} from "./reads.ts";
export { advanceDueSubscriptions, advanceSubscription } from "./renewals.ts";
