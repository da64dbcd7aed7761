/** The tax rates a new UK organisation starts with in Xero (the VAT set a contractor sees). */
export interface TaxRateRow {
  Name: string;
  TaxType: string;
  ReportTaxType: string;
  EffectiveRate: number;
  Status: 'ACTIVE';
  revenue: boolean;
}

const rate = (Name: string, TaxType: string, ReportTaxType: string, EffectiveRate: number, revenue: boolean): TaxRateRow => ({
  Name,
  TaxType,
  ReportTaxType,
  EffectiveRate,
  Status: 'ACTIVE',
  revenue,
});

export const UK_TAX_RATES: readonly TaxRateRow[] = [
  rate('20% (VAT on Income)', 'OUTPUT2', 'OUTPUT', 20, true),
  rate('5% (VAT on Income)', 'RROUTPUT', 'OUTPUT', 5, true),
  rate('Zero Rated Income', 'ZERORATEDOUTPUT', 'OUTPUT', 0, true),
  rate('Exempt Income', 'EXEMPTOUTPUT', 'EXEMPTOUTPUT', 0, true),
  rate('No VAT', 'NONE', 'NONE', 0, true),
  rate('20% (VAT on Expenses)', 'INPUT2', 'INPUT', 20, false),
  rate('5% (VAT on Expenses)', 'RRINPUT', 'INPUT', 5, false),
  rate('Zero Rated Expenses', 'ZERORATEDINPUT', 'INPUT', 0, false),
  rate('Exempt Expenses', 'EXEMPTINPUT', 'EXEMPTINPUT', 0, false),
];

/** A rate as GET /TaxRates answers it. */
export function taxRateWire(r: TaxRateRow): Record<string, unknown> {
  return {
    Name: r.Name,
    TaxType: r.TaxType,
    ReportTaxType: r.ReportTaxType,
    CanApplyToAssets: !r.revenue,
    CanApplyToEquity: !r.revenue,
    CanApplyToExpenses: !r.revenue,
    CanApplyToLiabilities: !r.revenue,
    CanApplyToRevenue: r.revenue,
    DisplayTaxRate: r.EffectiveRate,
    EffectiveRate: r.EffectiveRate,
    Status: r.Status,
    TaxComponents: [{ Name: 'VAT', Rate: r.EffectiveRate, IsCompound: false, IsNonRecoverable: false }],
  };
}
