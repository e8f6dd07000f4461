import type { ReactNode } from 'react'
import { SaleCurrencyRate, SideAmount } from './currency-rate.tsx'

/**
 * A sale's selling side as the Visa, GAMCA, Services and NAVTCC forms show it (decisions 137, 151):
 * Receivable Amount and the sale's currency and rate, then Paid Cash and Paid In Bank in that
 * currency. The slots keep each form's own fields where its spec places them.
 */
export const SaleAmountFields = ({
  date,
  step = '0.01',
  afterRate,
  beforePaidInBank,
}: {
  /** Form field of the record's money day (a Service's Booking Date); left out, today. */
  date?: string
  /** Whole rupees on a form whose spec counts them so (NAVTCC). */
  step?: string
  /** Fields the spec lists between the rate and Paid Cash (the Visa's charges). */
  afterRate?: ReactNode
  /** Fields the spec lists between Paid Cash and Paid In Bank (the GAMCA's bank). */
  beforePaidInBank?: ReactNode
}) => (
  <>
    <SideAmount
      currencyField="currency"
      name="receivable_amount"
      label="Receivable Amount"
      type="number"
      step={step}
      autoFocus
    />
    <SaleCurrencyRate customer="customer_add" date={date} />
    {afterRate}
    <SideAmount currencyField="currency" name="paid_cash" label="Paid Cash" type="number" step={step} />
    {beforePaidInBank}
    <SideAmount currencyField="currency" name="paid_in_bank" label="Paid In Bank" type="number" step={step} />
  </>
)
