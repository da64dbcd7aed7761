/**
 * The sales and cost rows' tax choice: the brand's visible accounting tax rates (globalparams
 * `tax_rates`, the default first) when there are any; the rows store the rate itself, as before.
 */
import type { TaxRateChoice } from '../../core/accounting/constants';
import type { GlobalParams } from '../../core/enums';
import { usePreloaded } from '../preload/usePreloaded';

const NONE: readonly TaxRateChoice[] = [];

export function useTaxRateChoices(): readonly TaxRateChoice[] {
  return usePreloaded<GlobalParams>('globalparams')?.tax_rates ?? NONE;
}

/** A rate as the rows hold it: plain decimal text without trailing zeros (20, 17.5, 0). */
export const rateText = (rate: number): string => String(Number(rate.toFixed(4)));

const sameRate = (text: string, rate: number) => text.trim() !== '' && Number(text) === Number(rate);

/** The rate a new row starts with: the default choice's, else the first choice's, else the fallback (the numeric default). */
export function defaultRateText(choices: readonly TaxRateChoice[], fallback: string): string {
  const chosen = choices.find((c) => c.is_default) ?? choices[0];
  return chosen ? rateText(chosen.effective_rate) : fallback;
}

/**
 * Which choice shows a stored rate: the one picked last if it still has that rate (zero-rated,
 * exempt and no VAT are all 0%), else the default if it matches, else the first that matches;
 * null when none does (the rate is kept and shown as "other").
 */
export function choiceFor(choices: readonly TaxRateChoice[], value: string, picked: number | null = null): TaxRateChoice | null {
  const matching = choices.filter((c) => sameRate(value, c.effective_rate));
  return matching.find((c) => c.xtr_id === picked) ?? matching.find((c) => c.is_default) ?? matching[0] ?? null;
}
