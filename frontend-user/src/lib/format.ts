const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Whole rupee amounts as the product shows them, e.g. ₹1,250. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
