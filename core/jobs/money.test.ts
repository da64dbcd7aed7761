import { describe, expect, it } from 'vitest';
import { formatMinor, lineTotalMinor, roundedMoneyText, sumMinor, taxMinor, toMinor, toUnits } from './money';

describe('money in integer pence', () => {
  it('adds amounts that drift in floating point exactly', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatMinor(sumMinor([toMinor('0.10'), toMinor('0.20')]))).toBe('0.30');
    expect(formatMinor(sumMinor(Array.from({ length: 1000 }, () => toMinor(0.01))))).toBe('10.00');
  });

  it('rounds quantity × price to 2 decimals, half away from zero', () => {
    expect(formatMinor(lineTotalMinor('3', '19.99'))).toBe('59.97');
    expect(formatMinor(lineTotalMinor('0.333', '10.00'))).toBe('3.33');
    expect(formatMinor(lineTotalMinor('1.5', '0.05'))).toBe('0.08');
    expect(formatMinor(lineTotalMinor('-1.5', '0.05'))).toBe('-0.08');
    expect(formatMinor(lineTotalMinor('2.005', 1))).toBe('2.01');
  });

  it('computes VAT on a net amount', () => {
    expect(formatMinor(taxMinor(toMinor('99.99'), 20))).toBe('20.00');
    expect(formatMinor(taxMinor(toMinor('10.01'), '17.5'))).toBe('1.75');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => toMinor('12abc')).toThrow(RangeError);
    expect(() => toMinor('.')).toThrow(RangeError);
    expect(toMinor('')).toBe(0n);
  });
});

describe('toUnits / toMinor: decimal text to integer units (SPEC.md point 9: totals rounded to 2 decimals)', () => {
  it('reads an empty value as zero', () => {
    expect(toMinor(null)).toBe(0n);
    expect(toMinor(undefined)).toBe(0n);
    expect(toMinor('')).toBe(0n);
  });

  it('reads numeric text with surrounding spaces, signs and a missing whole or fraction part', () => {
    expect(toMinor(' 12.50 ')).toBe(1250n);
    expect(toMinor('+3')).toBe(300n);
    expect(toMinor('-3.1')).toBe(-310n);
    expect(toMinor('.5')).toBe(50n);
    expect(toMinor('-.05')).toBe(-5n);
    expect(toMinor('7.')).toBe(700n);
    expect(toMinor(19.99)).toBe(1999n);
    expect(toUnits('1.2345', 3)).toBe(1235n);
  });

  it('rounds extra decimals half away from zero', () => {
    expect(toMinor('0.125')).toBe(13n);
    expect(toMinor('0.124')).toBe(12n);
    expect(toMinor('0.1251')).toBe(13n);
    expect(toMinor('-0.125')).toBe(-13n);
    expect(toMinor('-0.124')).toBe(-12n);
    expect(toMinor('2.999')).toBe(300n);
  });

  it('refuses leading or trailing junk and names the value it refused', () => {
    expect(() => toMinor('abc12')).toThrow('Not a decimal: abc12');
    expect(() => toMinor('x1.00')).toThrow(RangeError);
    expect(() => toMinor('1.00x')).toThrow(RangeError);
    expect(() => toMinor('1.2.3')).toThrow(RangeError);
    expect(() => toMinor('-')).toThrow('Not a decimal: -');
  });
});

describe('formatMinor', () => {
  it('prints zero without a sign and negatives with one', () => {
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(-1n)).toBe('-0.01');
    expect(formatMinor(-123450n)).toBe('-1234.50');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(100n)).toBe('1.00');
  });
});

describe('lineTotalMinor and taxMinor round half away from zero', () => {
  it('keeps exact products and rounds the half pence outward on both signs', () => {
    expect(lineTotalMinor('2', '1.25')).toBe(250n);
    expect(lineTotalMinor('0.5', '0.01')).toBe(1n);
    expect(lineTotalMinor('0.4', '0.01')).toBe(0n);
    expect(lineTotalMinor('-0.5', '0.01')).toBe(-1n);
    expect(lineTotalMinor('-0.4', '0.01')).toBe(0n);
    expect(lineTotalMinor(null, '10.00')).toBe(0n);
    expect(taxMinor(-1001n, '17.5')).toBe(-175n);
    expect(taxMinor(1000n, null)).toBe(0n);
  });

  it('sums nothing to zero', () => {
    expect(sumMinor([])).toBe(0n);
    expect(sumMinor([1n, -3n, 5n])).toBe(3n);
  });
});

describe('an amount typed with more than 2 decimals', () => {
  it('says what it will be saved as, and nothing for an amount saved as typed', () => {
    expect(roundedMoneyText('12.345')).toBe('12.35');
    expect(roundedMoneyText(' -0.125 ')).toBe('-0.13');
    expect(roundedMoneyText('12.34')).toBeNull();
    expect(roundedMoneyText('12')).toBeNull();
    expect(roundedMoneyText('abc.123')).toBeNull();
  });
});
